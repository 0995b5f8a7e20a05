/**
 * The platforms' limits exactly at the boundary (properties): Shopify's 2,048 variants, one WooCommerce batch of
 * 100, 255 characters per option value and SKU; and the identifier a product is found again by, which depends on
 * the code alone.
 */
import fc from 'fast-check';

import type { Item, OriginalItem } from '../../../../../../api/schema/types';
import {
	DEFAULT_PRODUCT_SETTINGS,
	productDraft,
	type ProductSettings,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/product';
import {
	checkShopifyCount,
	SHOPIFY_MAX_TEXT,
	SHOPIFY_MAX_VARIANTS,
	shopifyProductSet,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/shopify';
import { ShopProductRefusal } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/variants';
import {
	checkWooCommerceCount,
	WOOCOMMERCE_MAX_VARIATIONS,
	wooCommerceProduct,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/woocommerce';

function item(colorNames: Array<[string, string?]>, sizeNames: string[], code = 'EC-1') {
	const colors = colorNames.map(([name, mfr]) => ({
		name,
		...(mfr ? { mfr_color_name: mfr } : {}),
		hex: '#000000',
	}));
	const record = {
		original_item_code: 't1',
		ec_original_item_code: code,
		item_code: 'OGB-910',
		original_item_name: 'Design',
		image_urls: colors.map((color, n) => ({
			color_name: color.name,
			mfr_color_name: color.mfr_color_name,
			url: `https://img.example/${n}.png`,
		})),
		colors: { values: colors },
		sizes: { values: sizeNames.map((name) => ({ name, details: [] })) },
	} as unknown as OriginalItem;
	const catalog = { code: 'OGB-910', price: 1500, sizes: { values: [] } } as unknown as Item;
	return { record, catalog };
}

const grid = (colors: number, sizes: number) =>
	item(
		Array.from({ length: colors }, (_, n): [string, string] => [`カラー${n}`, `C${n}`]),
		Array.from({ length: sizes }, (_, n) => `S${n}`),
	);

const settings = (change: Partial<ProductSettings> = {}) => ({
	...DEFAULT_PRODUCT_SETTINGS,
	...change,
});

function refusal(run: () => unknown): string | undefined {
	try {
		run();
	} catch (error) {
		if (error instanceof ShopProductRefusal) return error.message;
		throw error;
	}
	return undefined;
}

const shopify = ({ record, catalog }: ReturnType<typeof item>, change?: Partial<ProductSettings>) =>
	shopifyProductSet(productDraft(record, catalog, settings(change), checkShopifyCount), false);
const woo = ({ record, catalog }: ReturnType<typeof item>, change?: Partial<ProductSettings>) =>
	wooCommerceProduct(productDraft(record, catalog, settings(change), checkWooCommerceCount), false);

/** A colour count and a size count whose product is the limit, or one above it. */
const around = (limit: number, maxColors: number) =>
	fc.tuple(fc.integer({ min: 1, max: maxColors }), fc.boolean()).map(([colors, over]) => {
		const sizes = Math.floor(limit / colors) + (over ? 1 : 0);
		return { colors, sizes, count: colors * sizes };
	});

describe('variant counts at the limit (properties)', () => {
	it(`Shopify: up to ${SHOPIFY_MAX_VARIANTS} variants are built, more refused naming the count`, () => {
		fc.assert(
			fc.property(around(SHOPIFY_MAX_VARIANTS, 64), ({ colors, sizes, count }) => {
				const run = () => shopify(grid(colors, sizes));
				if (count <= SHOPIFY_MAX_VARIANTS) expect(run().input.variants).toHaveLength(count);
				else
					expect(refusal(run)).toBe(
						`The product would have ${count} variants; Shopify takes at most ${SHOPIFY_MAX_VARIANTS}`,
					);
			}),
			{ numRuns: 12 },
		);
		expect(shopify(grid(1, 2048)).input.variants).toHaveLength(2048);
		expect(refusal(() => shopify(grid(1, 2049)))).toMatch(/^The product would have 2049 variants/);
	});

	it(`WooCommerce: a batch of ${WOOCOMMERCE_MAX_VARIATIONS} variations is built, ${WOOCOMMERCE_MAX_VARIATIONS + 1} refused`, () => {
		fc.assert(
			fc.property(around(WOOCOMMERCE_MAX_VARIATIONS, 100), ({ colors, sizes, count }) => {
				const run = () => woo(grid(colors, sizes));
				if (count <= WOOCOMMERCE_MAX_VARIATIONS)
					expect(run().variations_batch.create).toHaveLength(count);
				else
					expect(refusal(run)).toBe(
						`The product would have ${count} variations; one WooCommerce variations batch takes at most ${WOOCOMMERCE_MAX_VARIATIONS}`,
					);
			}),
		);
		expect(woo(grid(100, 1)).variations_batch.create).toHaveLength(100);
		expect(refusal(() => woo(grid(101, 1)))).toMatch(/^The product would have 101 variations/);
	});

	it('the count rule alone, at every count (property)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 100_000 }), (count) => {
				expect(refusal(() => checkShopifyCount(count)) === undefined).toBe(
					count <= SHOPIFY_MAX_VARIANTS,
				);
				expect(refusal(() => checkWooCommerceCount(count)) === undefined).toBe(
					count <= WOOCOMMERCE_MAX_VARIATIONS,
				);
			}),
		);
	});
});

describe('option values and SKUs at 255 characters (properties)', () => {
	// Counted in characters (code points): a kanji or an emoji is one.
	const characters = fc.constantFrom('a', 'サ', '杢', '😀');

	it('a colour value of 255 characters is published, 256 refused naming the value; both shops', () => {
		fc.assert(
			fc.property(characters, fc.boolean(), (character, over) => {
				const name = character.repeat(SHOPIFY_MAX_TEXT + (over ? 1 : 0));
				// The SKU names the maker's colour, so only the option value is long.
				const long = item([[name, 'White']], ['M']);
				const message = `The Color value "${name}" is longer than ${SHOPIFY_MAX_TEXT} characters`;
				if (over) {
					expect(refusal(() => shopify(long))).toBe(message);
					expect(refusal(() => woo(long))).toBe(message);
				} else {
					const [variant] = shopify(long).input.variants;
					expect(variant.optionValues).toEqual([
						{ optionName: 'Color', name },
						{ optionName: 'Size', name: 'M' },
					]);
					expect(variant.sku).toBe('EC-1~White~M');
					expect(woo(long).product.attributes?.[0].options).toEqual([name]);
				}
			}),
		);
	});

	it('a Shopify SKU of 255 characters is published, 256 refused naming it', () => {
		fc.assert(
			fc.property(fc.constantFrom('a', 'サ'), fc.boolean(), (character, over) => {
				// 'EC-1~White~' is 11 characters.
				const size = character.repeat(SHOPIFY_MAX_TEXT - 11 + (over ? 1 : 0));
				const run = () => shopify(item([['ホワイト', 'White']], [size]));
				if (over)
					expect(refusal(run)).toBe(`The SKU "EC-1~White~${size}" is longer than 255 characters`);
				else expect(Array.from(run().input.variants[0].sku)).toHaveLength(SHOPIFY_MAX_TEXT);
			}),
		);
	});
});

describe('the identifier a product is found again by', () => {
	const sizesOf = fc.uniqueArray(fc.constantFrom('S', 'M', 'L', 'XL', 'F'), { maxLength: 4 });
	const colorsOf = fc.uniqueArray(
		fc.constantFrom<[string, string]>(
			['ホワイト', 'White'],
			['ブラック', 'Black'],
			['ネイビー', 'Navy'],
		),
		{ maxLength: 3, selector: ([name]) => name },
	);

	it('depends on the code alone: other colours, sizes, names or prices update the same product (property)', () => {
		fc.assert(
			fc.property(
				colorsOf,
				sizesOf,
				colorsOf,
				sizesOf,
				fc.constantFrom<'japanese' | 'english'>('japanese', 'english'),
				fc.integer({ min: 0, max: 100 }),
				(colorsA, sizesA, colorsB, sizesB, names, markupPercent) => {
					const a = shopify(item(colorsA, sizesA, 'EC-TS-0001'));
					const b = shopify(item(colorsB, sizesB, 'EC-TS-0001'), {
						names,
						price: { ...DEFAULT_PRODUCT_SETTINGS.price, markupPercent },
					});
					expect(b.identifier).toEqual(a.identifier);
					expect(b.input.handle).toBe(a.identifier.handle);
					const wooA = woo(item(colorsA, sizesA, 'EC-TS-0001'));
					const wooB = woo(item(colorsB, sizesB, 'EC-TS-0001'));
					// A simple product (neither option) is found by its one SKU, a variable one by the code.
					if (wooA.product.type === wooB.product.type) expect(wooB.find_by).toEqual(wooA.find_by);
					expect(wooB.product.sku).toBe(wooB.find_by.sku);
					expect(shopify(item(colorsA, sizesA, 'EC-TS-0002')).identifier).not.toEqual(a.identifier);
				},
			),
		);
	});
});
