/**
 * The SKU of a shop variant made from an original item: `<EC original item code>~<colour>~<size>`
 * (`EC-TS-0001~White~M`). The order modes read the code back from it, and the colour and size where the shop's
 * line gives fewer than two options; a SKU of another form is the code itself, as before.
 */

export const VARIANT_SKU_SEPARATOR = '~';

export interface VariantSkuParts {
	code: string;
	color?: string;
	size?: string;
}

/** Spaces become hyphens and the separator cannot occur: the catalog match's slug tier reads it back. */
export function skuSegment(name: string | undefined): string {
	if (name === undefined) return '';
	return name.normalize('NFKC').trim().split(VARIANT_SKU_SEPARATOR).join('-').replace(/\s+/g, '-');
}

/** The EC original item code, else Printio's (the order modes then read it with Print Item Code Is: Original Item Code). */
export function skuCodeOf(record: {
	original_item_code: string;
	ec_original_item_code?: string | null;
}): { code: string; kind: 'ecOriginalItemCode' | 'originalItemCode' } {
	const ec = record.ec_original_item_code?.trim();
	return ec
		? { code: ec, kind: 'ecOriginalItemCode' }
		: { code: record.original_item_code, kind: 'originalItemCode' };
}

/** The maker's English name when there is one: it stays the same whichever names the shop shows. */
export const skuColorName = (name: string, manufacturerName?: string | null) =>
	manufacturerName || name;

/** An empty segment: the item lists no colour (no size). */
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

/** The line names its item by the code; the SKU's colour and size stand where the line gives fewer than two. */
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
