/** The Shopify and WooCommerce payloads of an original item: limits at their exact values, one, many and none. */
import fc from 'fast-check';

import type { Item, OriginalItem } from '../../../../../../api/schema/types';
import {
	DEFAULT_PRICE_SETTINGS,
	roundUp,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/price';
import {
	DEFAULT_PRODUCT_SETTINGS,
	productDraft,
	type ProductSettings,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/product';
import {
	checkShopifyCount,
	SHOPIFY_MAX_TEXT,
	SHOPIFY_MAX_VARIANTS,
	shopifyHandle,
	shopifyProductSet,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/shopify';
import { ShopProductRefusal } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/variants';
import {
	checkWooCommerceCount,
	WOOCOMMERCE_MAX_VARIATIONS,
	wooCommerceProduct,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/woocommerce';

// Payloads are read as JSON, field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function records(colors: number, sizes: number, change: { images?: number; price?: number } = {}) {
	const colorValues = Array.from({ length: colors }, (_, n) => ({
		name: `カラー${n}`,
		mfr_color_name: `Color ${n}`,
		hex: '#000000',
	}));
	const record = {
		original_item_code: 't0100009',
		ec_original_item_code: 'EC-X-1',
		item_code: 'OGB-910',
		original_item_name: 'デザイン',
		image_urls: colorValues.slice(0, change.images ?? colors).map((color) => ({
			color_name: color.name,
			mfr_color_name: color.mfr_color_name,
			url: `https://img.example/${color.mfr_color_name.replace(' ', '')}.png`,
		})),
		colors: { values: colorValues },
		sizes: { values: Array.from({ length: sizes }, (_, n) => ({ name: `S${n}`, details: [] })) },
	} as unknown as OriginalItem;
	const catalog = {
		code: 'OGB-910',
		price: change.price ?? 1500,
		description: 'Cotton <100%>\nMade in Japan',
		sizes: {
			values: Array.from({ length: sizes }, (_, n) => ({
				name: `S${n}`,
				details: [],
				additional_price: String(n * 100),
			})),
		},
	} as unknown as Item;
	return { record, catalog };
}

const settings = (change: Partial<ProductSettings> = {}): ProductSettings => ({
	...DEFAULT_PRODUCT_SETTINGS,
	...change,
});

function shopify(colors: number, sizes: number, change: Partial<ProductSettings> = {}) {
	const { record, catalog } = records(colors, sizes);
	return shopifyProductSet(
		productDraft(record, catalog, settings(change), checkShopifyCount),
		false,
	);
}

const refusal = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		if (error instanceof ShopProductRefusal) return error.message;
		throw error;
	}
	return undefined;
};

describe('Shopify productSet', () => {
	it('one variant per colour × size, options with the values it really has (property: none, one, many)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 5 }),
				fc.integer({ min: 0, max: 5 }),
				(colors, sizes) => {
					const { input } = shopify(colors, sizes);
					expect(input.variants).toHaveLength(Math.max(1, colors) * Math.max(1, sizes));
					const names = input.productOptions.map((option: Json) => option.name);
					const expected = [...(colors ? ['Color'] : []), ...(sizes ? ['Size'] : [])];
					expect(names).toEqual(expected.length ? expected : ['Title']);
					for (const option of input.productOptions)
						expect(option.values.length).toBeGreaterThan(0);
					for (const variant of input.variants)
						expect(variant.optionValues.map((value: Json) => value.optionName)).toEqual(
							expected.length ? expected : ['Title'],
						);
				},
			),
		);
	});

	it(`takes ${SHOPIFY_MAX_VARIANTS} variants and refuses ${SHOPIFY_MAX_VARIANTS + 1}, naming the count`, () => {
		expect(shopify(32, 64).input.variants).toHaveLength(2048);
		expect(refusal(() => shopify(1, 2049))).toBe(
			'The product would have 2049 variants; Shopify takes at most 2048',
		);
		expect(refusal(() => shopify(2049, 1))).toMatch(/2049 variants/);
	});

	it(`refuses an option value over ${SHOPIFY_MAX_TEXT} characters, naming it`, () => {
		for (const length of [SHOPIFY_MAX_TEXT, SHOPIFY_MAX_TEXT + 1]) {
			const { record, catalog } = records(1, 1);
			const name = 'サ'.repeat(length);
			record.sizes.values[0].name = name;
			catalog.sizes.values[0].name = name;
			const message = refusal(() =>
				shopifyProductSet(productDraft(record, catalog, settings()), false),
			);
			if (length > SHOPIFY_MAX_TEXT)
				expect(message).toBe(
					`The Size value "${name}" is longer than ${SHOPIFY_MAX_TEXT} characters`,
				);
			else expect(message).toMatch(/^The SKU/);
		}
	});

	it('the same code gives the same handle, and codes that slug alike two handles (property)', () => {
		expect(shopifyHandle('EC-TS-0001')).toBe(shopifyHandle('EC-TS-0001'));
		fc.assert(
			fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
				fc.pre(a !== b);
				expect(shopifyHandle(a)).toMatch(/^printio(-[a-z0-9]+)+$/);
				expect(shopifyHandle(a)).not.toBe(shopifyHandle(b));
			}),
		);
		expect(shopifyHandle('EC_1')).not.toBe(shopifyHandle('ec-1'));
		const once = shopify(2, 2);
		expect(shopify(2, 2)).toEqual(once);
	});

	it("a colour without its own design image shows the product's first, and the output says so", () => {
		const { record, catalog } = records(3, 1, { images: 1 });
		const draft = productDraft(record, catalog, settings());
		const { input } = shopifyProductSet(draft, true);
		expect(input.status).toBe('ACTIVE');
		expect(input.files.map((file: Json) => file.originalSource)).toEqual([
			'https://img.example/Color0.png',
		]);
		expect(input.variants.map((variant: Json) => variant.file.originalSource)).toEqual([
			'https://img.example/Color0.png',
			'https://img.example/Color0.png',
			'https://img.example/Color0.png',
		]);
		expect(draft.notes).toEqual([
			"Colour カラー1 has no design image of its own: its variants show the product's first image.",
			"Colour カラー2 has no design image of its own: its variants show the product's first image.",
		]);
	});

	it('prices: catalog price + surcharge, marked up and rounded up; the unit cost is Printio’s price; yen, escaped HTML', () => {
		const { record, catalog } = records(1, 3);
		const draft = productDraft(
			record,
			catalog,
			settings({
				unitCost: true,
				price: { ...DEFAULT_PRICE_SETTINGS, markupPercent: 30, markupYen: 5, roundTo: 10 },
			}),
		);
		const { input } = shopifyProductSet(draft, false);
		expect(
			input.variants.map((variant: Json) => [variant.price, variant.inventoryItem.cost]),
		).toEqual([
			['1960', '1500'],
			['2090', '1600'],
			['2220', '1700'],
		]);
		expect(input.descriptionHtml).toBe('<p>Cotton &lt;100%&gt;<br>Made in Japan</p>');
	});

	it('unknown price and no fixed price: refused naming the item, never zero', () => {
		const { record } = records(1, 1);
		expect(refusal(() => productDraft(record, undefined, settings()))).toBe(
			'The price of original item EC-X-1 (item OGB-910) is unknown: its catalog record could not be read or gives no price',
		);
		const fixed = productDraft(
			record,
			undefined,
			settings({
				price: { ...DEFAULT_PRICE_SETTINGS, mode: 'fixed', fixed: { '*': 2800, S0: 2500 } },
			}),
		);
		expect(fixed.variants.map((variant) => variant.price)).toEqual([2500]);
	});

	it('rounds up to the step, never down (property)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 100000 }),
				fc.constantFrom(1, 5, 10, 50, 100),
				(amount, step) => {
					const rounded = roundUp(amount, step);
					expect(rounded % step).toBe(0);
					expect(rounded).toBeGreaterThanOrEqual(amount);
					expect(rounded - amount).toBeLessThan(step);
				},
			),
		);
	});
});

describe('WooCommerce product and variations batch', () => {
	const woo = (colors: number, sizes: number) => {
		const { record, catalog } = records(colors, sizes);
		return wooCommerceProduct(
			productDraft(record, catalog, settings({ names: 'english' }), checkWooCommerceCount),
			false,
		);
	};

	it('a variable product with the attributes it really has, one variation each (property)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 6 }),
				fc.integer({ min: 0, max: 6 }),
				(colors, sizes) => {
					fc.pre(colors * sizes <= WOOCOMMERCE_MAX_VARIATIONS);
					const { product, variations_batch, find_by } = woo(colors, sizes) as Json;
					if (!colors && !sizes) {
						expect(product).toEqual(expect.objectContaining({ type: 'simple', sku: 'EC-X-1~~' }));
						expect(variations_batch.create).toEqual([]);
						expect(find_by).toEqual({ sku: 'EC-X-1~~' });
						return;
					}
					expect(find_by).toEqual({ sku: 'EC-X-1' });
					expect(product.type).toBe('variable');
					expect(product.status).toBe('draft');
					expect(product.attributes.map((attribute: Json) => attribute.name)).toEqual([
						...(colors ? ['Color'] : []),
						...(sizes ? ['Size'] : []),
					]);
					expect(variations_batch.create).toHaveLength(Math.max(1, colors) * Math.max(1, sizes));
					for (const variation of variations_batch.create)
						expect(variation.attributes).toHaveLength(product.attributes.length);
				},
			),
		);
	});

	it(`takes ${WOOCOMMERCE_MAX_VARIATIONS} variations in one batch and refuses ${WOOCOMMERCE_MAX_VARIATIONS + 1}`, () => {
		expect((woo(10, 10) as Json).variations_batch.create).toHaveLength(100);
		expect(refusal(() => woo(1, 101))).toBe(
			'The product would have 101 variations; one WooCommerce variations batch takes at most 100',
		);
	});

	it("the maker's English names as option values, the SKU names them too", () => {
		const { variations_batch } = woo(1, 1) as Json;
		expect(variations_batch.create).toEqual([
			{
				sku: 'EC-X-1~Color-0~S0',
				regular_price: '1500',
				attributes: [
					{ name: 'Color', option: 'Color 0' },
					{ name: 'Size', option: 'S0' },
				],
				image: { src: 'https://img.example/Color0.png' },
			},
		]);
	});
});

describe('refusals the order modes could not match back', () => {
	it('a value holding what the shop puts between options: refused for that shop, naming it', () => {
		const { record, catalog } = records(2, 1);
		record.sizes.values[0].name = 'S / M';
		catalog.sizes.values[0].name = 'S / M';
		const draft = productDraft(record, catalog, settings());
		expect(refusal(() => shopifyProductSet(draft, false))).toBe(
			`The Size value "S / M" holds " / ", which separates the options of an order line's variant title`,
		);
		expect(refusal(() => wooCommerceProduct(draft, false))).toBeUndefined();
		record.sizes.values[0].name = 'S|M';
		catalog.sizes.values[0].name = 'S|M';
		const piped = productDraft(record, catalog, settings());
		expect(refusal(() => wooCommerceProduct(piped, false))).toBe(
			'The Size value "S|M" holds "|", which separates the options of a WooCommerce attribute',
		);
		expect(refusal(() => shopifyProductSet(piped, false))).toBeUndefined();
	});

	it('two colours showing as one English name: refused, naming the value', () => {
		const { record, catalog } = records(2, 1);
		record.colors.values![1].mfr_color_name = 'Color 0';
		expect(refusal(() => productDraft(record, catalog, settings({ names: 'english' })))).toBe(
			'Two colours would both show as "Color 0"',
		);
	});

	it('a code holding the separator: refused, naming it', () => {
		const { record, catalog } = records(1, 1);
		record.ec_original_item_code = 'EC~1';
		expect(refusal(() => productDraft(record, catalog, settings()))).toMatch(
			/^The code "EC~1" holds "~"/,
		);
	});
});
