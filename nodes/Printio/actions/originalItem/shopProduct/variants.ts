import type { ColorValue, Item, OriginalItem } from '../../../../../api/schema/types';
import { type CatalogName, matchCatalogName } from '../../../helpers/catalogNames';
import { normalizeText } from '../../../orderInput';
import {
	readVariantSku,
	skuCodeOf,
	skuColorName,
	VARIANT_SKU_SEPARATOR,
	variantSku,
} from '../../../../shared/printio/variantSku';

export type OptionNames = 'japanese' | 'english';

export class ShopProductRefusal extends Error {
	constructor(
		message: string,
		readonly fix: string,
	) {
		super(message);
	}
}

export interface VariantColor extends CatalogName {
	image?: string;
}

export interface VariantSize extends CatalogName {
	surcharge: number;
}

export interface ShopVariant {
	sku: string;
	color?: VariantColor;
	size?: VariantSize;
	options: Array<{ name: 'Color' | 'Size'; value: string }>;
	image?: string;
}

export interface VariantPlan {
	code: string;
	codeKind: 'ecOriginalItemCode' | 'originalItemCode';
	colors: VariantColor[];
	sizes: VariantSize[];
	options: Array<{ name: 'Color' | 'Size'; values: string[] }>;
	variants: ShopVariant[];
	images: string[];
	notes: string[];
}

const colorNames = (values: readonly ColorValue[] | undefined): CatalogName[] =>
	(values ?? []).map((value) => ({
		name: value.name,
		...(value.mfr_color_name ? { manufacturerName: value.mfr_color_name } : {}),
	}));

/** As the catalog match reads them (checks/catalogMatch.ts, read in placement/lookUp.ts). */
function colorsOf(record: OriginalItem, catalog: Item | undefined): VariantColor[] {
	const images = record.image_urls ?? [];
	let names = colorNames(record.colors?.values);
	if (!names.length)
		names = colorNames(
			images.map((image) => ({
				name: image.color_name,
				mfr_color_name: image.mfr_color_name,
				hex: '',
			})),
		);
	if (!names.length) names = colorNames(catalog?.colors?.values);
	const seen = new Set<string>();
	return names.flatMap((entry) => {
		if (!entry.name || seen.has(entry.name)) return [];
		seen.add(entry.name);
		const image = images.find((found) => found.color_name === entry.name)?.url;
		return [image ? { ...entry, image } : entry];
	});
}

export function surchargeOf(value: string | undefined): number {
	// Blank text is Number's 0 and absent its NaN: either way no surcharge.
	const amount = Number(value);
	return Number.isFinite(amount) ? amount : 0;
}

function sizesOf(record: OriginalItem, catalog: Item | undefined): VariantSize[] {
	const own = record.sizes?.values ?? [];
	const values = own.length ? own : (catalog?.sizes?.values ?? []);
	const seen = new Set<string>();
	return values.flatMap((value) => {
		if (!value.name || seen.has(value.name)) return [];
		seen.add(value.name);
		const listed =
			value.additional_price ??
			catalog?.sizes?.values.find((entry) => entry.name === value.name)?.additional_price;
		return [{ name: value.name, surcharge: surchargeOf(listed) }];
	});
}

const shown = (entry: CatalogName, names: OptionNames) =>
	names === 'english' && entry.manufacturerName ? entry.manufacturerName : entry.name;

function refusalFix(wanted: CatalogName): string {
	const skuName = skuColorName(wanted.name, wanted.manufacturerName);
	return skuName.includes(VARIANT_SKU_SEPARATOR)
		? `"${skuName}" holds "${VARIANT_SKU_SEPARATOR}", which separates the parts of a variant SKU; publish this item by hand.`
		: "Two of the item's colours or sizes share a name in another case, width, dash or spacing, or the maker's name; use Names: Japanese where maker names collide, else publish it by hand and place its orders with Normalize Input off.";
}

/** Or a variant the shop sells would be refused at its first order. */
function checkRoundTrip(plan: VariantPlan): void {
	const skus = new Set<string>();
	const checked = new Set<string>();
	for (const variant of plan.variants) {
		if (skus.has(variant.sku))
			throw new ShopProductRefusal(
				`Two variants would have the SKU "${variant.sku}"`,
				'Two colours or sizes of the item differ only in case, width or spaces; publish it by hand.',
			);
		skus.add(variant.sku);
		const read = readVariantSku(variant.sku);
		for (const [wanted, names, option, segment] of [
			[variant.color, plan.colors, 'Color', read.color],
			[variant.size, plan.sizes, 'Size', read.size],
		] as const) {
			const shownValue = variant.options.find((entry) => entry.name === option)?.value;
			for (const value of [shownValue, segment]) {
				if (!wanted || value === undefined) continue;
				// As the order modes read it: as given (Normalize Input off) and normalised (on, the default).
				for (const read of [value, normalizeText(value).value]) {
					const key = `${option}\u0000${read}\u0000${wanted.name}`;
					if (checked.has(key)) continue;
					checked.add(key);
					const match = matchCatalogName(read, names);
					if (match.kind === 'none' || match.name !== wanted.name)
						throw new ShopProductRefusal(
							`The value "${value}" would not be matched back to "${wanted.name}" by the order modes`,
							refusalFix(wanted),
						);
				}
			}
		}
	}
}

export function planVariants(
	record: OriginalItem,
	catalog: Item | undefined,
	names: OptionNames,
	checkCount: (count: number) => void = () => undefined,
): VariantPlan {
	const notes: string[] = [];
	const { code, kind: codeKind } = skuCodeOf(record);
	if (codeKind === 'originalItemCode')
		notes.push(
			`Original item ${record.original_item_code} has no EC original item code: its SKUs carry Printio's original item code, so set Print Item Code Is to Original Item Code on Order › Create.`,
		);
	if (code.includes(VARIANT_SKU_SEPARATOR))
		throw new ShopProductRefusal(
			`The code "${code}" holds "${VARIANT_SKU_SEPARATOR}", which separates a variant SKU's parts`,
			'Create the original item again with an EC Original Item Code without "~".',
		);
	const colors = colorsOf(record, catalog);
	const sizes = sizesOf(record, catalog);
	const images = [...new Set((record.image_urls ?? []).map((image) => image.url).filter(Boolean))];
	for (const color of colors)
		if (!color.image && images.length)
			notes.push(
				`Colour ${color.name} has no design image of its own: its variants show the product's first image.`,
			);
	const shownColors = colors.map((entry) => shown(entry, names));
	const options: VariantPlan['options'] = [];
	if (colors.length) options.push({ name: 'Color', values: shownColors });
	if (sizes.length)
		options.push({ name: 'Size', values: sizes.map((entry) => shown(entry, names)) });
	// Sizes show their own names, unique once read; two colours may show one maker's name.
	const duplicate = shownColors.find((value, index) => shownColors.indexOf(value) !== index);
	if (duplicate !== undefined)
		throw new ShopProductRefusal(
			`Two colours would both show as "${duplicate}"`,
			'Use Names: Japanese: the catalog names are unique.',
		);
	checkCount(Math.max(1, colors.length) * Math.max(1, sizes.length));
	const variants: ShopVariant[] = [];
	for (const color of colors.length ? colors : [undefined])
		for (const size of sizes.length ? sizes : [undefined]) {
			const variant: ShopVariant = {
				sku: variantSku(
					code,
					color && skuColorName(color.name, color.manufacturerName),
					size?.name,
				),
				options: [
					...(color ? [{ name: 'Color' as const, value: shown(color, names) }] : []),
					...(size ? [{ name: 'Size' as const, value: shown(size, names) }] : []),
				],
			};
			if (color) variant.color = color;
			if (size) variant.size = size;
			const image = color?.image ?? images[0];
			if (image) variant.image = image;
			variants.push(variant);
		}
	const plan: VariantPlan = { code, codeKind, colors, sizes, options, variants, images, notes };
	checkRoundTrip(plan);
	return plan;
}
