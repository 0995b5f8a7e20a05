/** Found again by its SKU, the bare code (`GET /products?sku=`), so that publishing twice updates it. */
import type { ProductDraft } from './product';
import { checkSeparator, checkText, SHOPIFY_MAX_TEXT } from './shopify';
import { ShopProductRefusal } from './variants';

/** WooCommerce's default batch limit. */
export const WOOCOMMERCE_MAX_VARIATIONS = 100;

export function checkWooCommerceCount(count: number): void {
	if (count > WOOCOMMERCE_MAX_VARIATIONS)
		throw new ShopProductRefusal(
			`The product would have ${count} variations; one WooCommerce variations batch takes at most ${WOOCOMMERCE_MAX_VARIATIONS}`,
			'Publish fewer colours or sizes.',
		);
}

export function wooCommerceProduct(draft: ProductDraft, publish: boolean) {
	checkWooCommerceCount(draft.variants.length);
	for (const option of draft.options)
		for (const value of option.values) {
			checkText(value, `The ${option.name} value`, SHOPIFY_MAX_TEXT);
			checkSeparator(
				value,
				`The ${option.name} value`,
				'|',
				'separates the options of a WooCommerce attribute',
			);
		}
	const status = publish ? 'publish' : 'draft';
	const images = draft.images.map((src) => ({ src }));
	// Nothing to vary.
	if (!draft.options.length) {
		const [only] = draft.variants;
		return {
			find_by: { sku: only.sku },
			product: {
				name: draft.title,
				type: 'simple',
				status,
				description: draft.description,
				sku: only.sku,
				regular_price: String(only.price),
				images,
			},
			variations_batch: { create: [] },
		};
	}
	return {
		find_by: { sku: draft.code },
		product: {
			name: draft.title,
			type: 'variable',
			status,
			description: draft.description,
			sku: draft.code,
			images,
			attributes: draft.options.map((option, position) => ({
				name: option.name,
				position,
				visible: true,
				variation: true,
				options: option.values,
			})),
		},
		variations_batch: {
			create: draft.variants.map((variant) => ({
				sku: variant.sku,
				regular_price: String(variant.price),
				attributes: variant.options.map((option) => ({ name: option.name, option: option.value })),
				...(variant.image ? { image: { src: variant.image } } : {}),
			})),
		},
	};
}
