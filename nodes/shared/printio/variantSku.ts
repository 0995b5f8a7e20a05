/** A published variant's SKU, `<code>~<colour>~<size>` (docs/shop-orders.md); a SKU of another form is the code. */

export const VARIANT_SKU_SEPARATOR = '~';

export interface VariantSkuParts {
	code: string;
	color?: string;
	size?: string;
}

export function skuSegment(name: string | undefined): string {
	if (name === undefined) return '';
	return name.normalize('NFKC').trim().split(VARIANT_SKU_SEPARATOR).join('-').replace(/\s+/g, '-');
}

export function skuCodeOf(record: {
	original_item_code: string;
	ec_original_item_code?: string | null;
}): { code: string; kind: 'ecOriginalItemCode' | 'originalItemCode' } {
	const ec = record.ec_original_item_code?.trim();
	return ec
		? { code: ec, kind: 'ecOriginalItemCode' }
		: { code: record.original_item_code, kind: 'originalItemCode' };
}

/** The maker's name when there is one, so that the SKU does not change with the names the shop shows. */
export const skuColorName = (name: string, manufacturerName?: string | null) =>
	manufacturerName || name;

export function variantSku(code: string, color: string | undefined, size: string | undefined) {
	return [code, skuSegment(color), skuSegment(size)].join(VARIANT_SKU_SEPARATOR);
}

export function readVariantSku(sku: string): VariantSkuParts {
	const parts = sku.split(VARIANT_SKU_SEPARATOR);
	if (parts.length !== 3 || parts[0].trim() === '') return { code: sku };
	const read: VariantSkuParts = { code: parts[0].trim() };
	if (parts[1].trim() !== '') read.color = parts[1].trim();
	if (parts[2].trim() !== '') read.size = parts[2].trim();
	return read;
}

interface SkuLine {
	codes: { sku?: string };
	color: string | undefined;
	size: string | undefined;
	singleOption?: string;
}

/** The SKU's colour and size stand only where the line gives fewer than two. */
export function withVariantSku<L extends SkuLine>(line: L): L {
	const sku = line.codes.sku;
	if (sku === undefined) return line;
	const read = readVariantSku(sku);
	if (read.code === sku) return line;
	const result: L = { ...line, codes: { ...line.codes, sku: read.code } };
	if (line.singleOption !== undefined) {
		delete result.singleOption;
		result.color = read.color;
		result.size = read.size;
	} else {
		result.color = line.color ?? read.color;
		result.size = line.size ?? read.size;
	}
	return result;
}
