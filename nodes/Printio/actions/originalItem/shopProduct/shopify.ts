import type { ProductDraft } from './product';
import { ShopProductRefusal } from './variants';

/** Per product by default; option values and SKUs. */
export const SHOPIFY_MAX_VARIANTS = 2048;
export const SHOPIFY_MAX_TEXT = 255;

/** Codes that slug alike ("EC_1", "ec-1") still get two handles. */
function hash(text: string): string {
	let value = 0x811c9dc5;
	for (const character of text) {
		value ^= character.codePointAt(0) ?? 0;
		value = Math.imul(value, 0x01000193) >>> 0;
	}
	return value.toString(36);
}

export function shopifyHandle(code: string): string {
	const slug = code
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
	return ['printio', slug, hash(code)].filter(Boolean).join('-');
}

/** A value holding what the shop puts between option values would be split apart in its orders. */
export function checkSeparator(
	value: string,
	what: string,
	separator: string,
	where: string,
): void {
	if (value.includes(separator))
		throw new ShopProductRefusal(
			`${what} "${value}" holds "${separator}", which ${where}`,
			'Rename the colour or size in Printio, or publish the product by hand.',
		);
}

export function checkText(value: string, what: string, max: number): void {
	if (Array.from(value).length > max)
		throw new ShopProductRefusal(
			`${what} "${value}" is longer than ${max} characters`,
			'Shorten the name in Printio, or publish the product by hand.',
		);
}

const image = (url: string, alt: string) => ({ originalSource: url, contentType: 'IMAGE', alt });

export function checkShopifyCount(count: number): void {
	if (count > SHOPIFY_MAX_VARIANTS)
		throw new ShopProductRefusal(
			`The product would have ${count} variants; Shopify takes at most ${SHOPIFY_MAX_VARIANTS}`,
			'Publish fewer colours or sizes.',
		);
}

export function shopifyProductSet(draft: ProductDraft, publish: boolean) {
	checkShopifyCount(draft.variants.length);
	for (const option of draft.options)
		for (const value of option.values) {
			checkText(value, `The ${option.name} value`, SHOPIFY_MAX_TEXT);
			checkSeparator(
				value,
				`The ${option.name} value`,
				' / ',
				"separates the options of an order line's variant title",
			);
		}
	const handle = shopifyHandle(draft.code);
	// An image's alt names the first variant showing it: its own colour's, not the last that borrows it.
	const alts = new Map<string | undefined, string>();
	for (const variant of draft.variants)
		if (!alts.has(variant.image))
			alts.set(variant.image, variant.options.map((o) => o.value).join(' '));
	const options = draft.options.length
		? draft.options
		: // Shopify's one default variant.
			[{ name: 'Title', values: ['Default Title'] }];
	return {
		identifier: { handle },
		synchronous: true,
		input: {
			handle,
			title: draft.title,
			descriptionHtml: draft.description,
			status: publish ? 'ACTIVE' : 'DRAFT',
			productOptions: options.map((option, index) => ({
				name: option.name,
				position: index + 1,
				values: option.values.map((name) => ({ name })),
			})),
			files: draft.images.map((url) => image(url, alts.get(url) ?? draft.title)),
			variants: draft.variants.map((variant) => {
				checkText(variant.sku, 'The SKU', SHOPIFY_MAX_TEXT);
				return {
					optionValues: variant.options.length
						? variant.options.map((option) => ({ optionName: option.name, name: option.value }))
						: [{ optionName: 'Title', name: 'Default Title' }],
					sku: variant.sku,
					price: String(variant.price),
					...(variant.image
						? { file: image(variant.image, alts.get(variant.image) ?? draft.title) }
						: {}),
					inventoryItem: {
						tracked: false,
						...(variant.cost !== undefined ? { cost: String(variant.cost) } : {}),
					},
				};
			}),
		},
	};
}
