/**
 * Round trip by construction: every variant a published product gets, read back through the Shopify Order and
 * WooCommerce Order modes' readers and the catalog match, names the same original item, colour and size.
 */
import fc from 'fast-check';

import type { Item, OriginalItem } from '../../../../../../api/schema/types';
import { matchCatalogName } from '../../../../../../nodes/Printio/helpers/catalogNames';
import { normalizeText } from '../../../../../../nodes/Printio/orderInput/normalize';
import {
	DEFAULT_PRODUCT_SETTINGS,
	type ProductDraft,
	productDraft,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/product';
import { shopifyProductSet } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/shopify';
import { wooCommerceProduct } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/woocommerce';
import { shopOrderOf } from '../../../../../../nodes/Printio/orderInput/read/fromShopOrder';
import { refusalFix } from './refusalFix';
import {
	DEFAULT_SHOP_SETTINGS,
	type ShopPlatform,
	shopOrderRow,
} from '../../../../../../nodes/Printio/orderInput/read/shop';

const COLORS: Array<[string, string | undefined]> = [
	['ホワイト', 'White'],
	['ブラック', 'Black'],
	['ヘザーグレー', 'Heather Grey'],
	['杢グレー', 'Mix Grey'],
	['ネイビー', undefined],
	['ライト ピンク', 'Light Pink'],
	['オフホワイト', 'Off-White'],
	['Red', 'Red'],
	['ナチュラル', 'Natural'],
	// Twins the order modes' normalising reads as ネイビー and Red.
	['ﾈｲﾋﾞｰ', 'NAVY'],
	['Ｒｅｄ', 'Crimson'],
];
const TWINS = [
	['ﾈｲﾋﾞｰ', 'ネイビー'],
	['Ｒｅｄ', 'Red'],
];
// 'S / M' and 'S|M' hold what Shopify and WooCommerce put between option values: that shop must refuse them.
const SIZES = [
	'S',
	'M',
	'L',
	'XL',
	'XXL',
	'100',
	'F',
	'330ml',
	'フリー',
	'A4',
	'M/L',
	'S / M',
	'S|M',
];

const catalogs = fc.record({
	code: fc.oneof(
		fc.constantFrom('EC-TS-0001', 'EC_TS.01', 'ec-ts-0001', 'TS/2024/01', 'ショップ-01', 'A B-1'),
		fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.\-/]{0,30}$/),
	),
	ec: fc.boolean(),
	colors: fc.uniqueArray(fc.constantFrom(...COLORS), { maxLength: 6, selector: ([name]) => name }),
	sizes: fc.uniqueArray(
		fc.record({ name: fc.constantFrom(...SIZES), surcharge: fc.integer({ min: 0, max: 900 }) }),
		{ maxLength: 6, selector: (size) => size.name },
	),
	colorsFrom: fc.constantFrom('record', 'images', 'catalog'),
	names: fc.constantFrom('japanese' as const, 'english' as const),
});

type Catalog = typeof catalogs extends fc.Arbitrary<infer T> ? T : never;

function recordsOf(given: Catalog): { record: OriginalItem; catalog: Item } {
	const values = given.colors.map(([name, mfr]) => ({
		name,
		mfr_color_name: mfr ?? '',
		hex: '#FFFFFF',
	}));
	const record = {
		original_item_code: 't0100042',
		ec_original_item_code: given.ec ? given.code : null,
		item_code: 'OGB-910',
		original_item_name: 'テスト',
		image_urls:
			given.colorsFrom === 'catalog'
				? []
				: given.colors.map(([name, mfr]) => ({
						color_name: name,
						mfr_color_name: mfr ?? '',
						url: `https://img.example/${encodeURIComponent(name)}.png`,
					})),
		colors: given.colorsFrom === 'record' ? { values } : {},
		sizes: { values: given.sizes.map((size) => ({ name: size.name, details: [] })) },
	} as unknown as OriginalItem;
	const catalog = {
		code: 'OGB-910',
		price: 1500,
		colors: { values },
		sizes: {
			values: given.sizes.map((size) => ({
				name: size.name,
				details: [],
				additional_price: String(size.surcharge),
			})),
		},
	} as unknown as Item;
	return { record, catalog };
}

/** The order lines the shop sends for the variants it was given: their SKUs and option values, as it stores them. */
function linesOf(platform: ShopPlatform, draft: ProductDraft) {
	if (platform === 'shopify')
		return shopifyProductSet(draft, false).input.variants.map((variant, index) => ({
			id: index + 1,
			sku: variant.sku,
			quantity: 1,
			variant_title: variant.optionValues.map((value) => value.name).join(' / ') || 'Default Title',
		}));
	const { product, variations_batch } = wooCommerceProduct(draft, false);
	if (product.type === 'simple')
		return [{ id: 1, sku: product.sku, quantity: 1, product_id: 10, variation_id: 0 }];
	return variations_batch.create.map((variation, index) => ({
		id: index + 1,
		sku: variation.sku,
		quantity: 1,
		product_id: 10,
		variation_id: 20 + index,
		meta_data: variation.attributes.map((attribute) => ({
			key: attribute.name.toLowerCase(),
			display_key: attribute.name,
			value: attribute.option,
		})),
	}));
}

const SEPARATOR = { shopify: ' / ', wooCommerce: '|' } as const;

describe('a published variant reads back through the order modes (property)', () => {
	it.each(['shopify', 'wooCommerce'] as const)('%s', (platform) => {
		fc.assert(
			fc.property(catalogs, (given) => {
				const { record, catalog } = recordsOf(given);
				let plan: ProductDraft;
				try {
					plan = productDraft(record, catalog, { ...DEFAULT_PRODUCT_SETTINGS, names: given.names });
				} catch (error) {
					// Refused only for twins that would be read as one.
					const names = given.colors.map(([name]) => name);
					expect(TWINS.some((pair) => pair.every((name) => names.includes(name)))).toBe(true);
					expect((error as Error).message).toMatch(/would not be matched back/);
					return;
				}
				const colors = given.colors.map(([name, mfr]) => ({
					name,
					...(mfr ? { manufacturerName: mfr } : {}),
				}));
				const sizes = given.sizes.map((size) => ({ name: size.name }));
				expect(plan.variants).toHaveLength(Math.max(1, colors.length) * Math.max(1, sizes.length));
				expect(new Set(plan.variants.map((variant) => variant.sku)).size).toBe(
					plan.variants.length,
				);
				const settings = {
					...DEFAULT_SHOP_SETTINGS,
					codeKind: given.ec ? ('ecOriginalItemCode' as const) : ('originalItemCode' as const),
				};
				const code = given.ec ? given.code : 't0100042';
				let lineItems: unknown[];
				try {
					lineItems = linesOf(platform, plan);
				} catch (error) {
					// Refused only for a value holding the shop's own separator, naming it.
					const value = sizes.find((size) => size.name.includes(SEPARATOR[platform]))?.name;
					expect(value).toBeDefined();
					expect((error as Error).message).toContain(`"${value}" holds "${SEPARATOR[platform]}"`);
					return;
				}
				const order = shopOrderOf(
					{ id: 1, number: '1001', line_items: lineItems },
					platform,
					settings,
				);
				const read = shopOrderRow(
					order!,
					settings,
					(found) => found === code,
					0,
					() => ({ colors, sizes, itemLabel: `original item ${code}` }),
				);
				expect(read.row.problems).toEqual([]);
				expect(read.leftOut).toEqual([]);
				const lines = read.row.order.order_details as Array<Record<string, string | undefined>>;
				plan.variants.forEach((variant, index) => {
					const line = lines[index];
					expect(line[given.ec ? 'ec_original_item_code' : 'original_item_code']).toBe(code);
					// As the catalog match sees it with Normalize Input off, and on (the default).
					for (const read of [
						(value: string) => value,
						(value: string) => normalizeText(value).value,
					]) {
						const matched = (value: string | undefined, names: typeof colors) => {
							if (value === undefined) return undefined;
							const match = matchCatalogName(read(value), names);
							return match.kind === 'none' ? `(no match: ${value})` : match.name;
						};
						expect(matched(line.color, colors)).toBe(variant.color?.name);
						expect(matched(line.size, sizes)).toBe(variant.size?.name);
					}
				});
			}),
			{ numRuns: 150 },
		);
	});
});

describe('a product whose variants would not read back is refused before anything is sent', () => {
	const withColors = (colors: Array<[string, string]>) =>
		recordsOf({
			code: 'EC-1',
			ec: true,
			colors,
			sizes: [{ name: 'M', surcharge: 0 }],
			colorsFrom: 'record',
			names: 'japanese',
		});
	const refusalOf = (colors: Array<[string, string]>, names: 'japanese' | 'english') => {
		const { record, catalog } = withColors(colors);
		try {
			productDraft(record, catalog, { ...DEFAULT_PRODUCT_SETTINGS, names });
		} catch (error) {
			return (error as Error).message;
		}
		return undefined;
	};

	it('two colours whose maker names differ only in width would share one SKU', () => {
		expect(
			refusalOf(
				[
					['白', 'White'],
					['黒', 'Ｗｈｉｔｅ'],
				],
				'english',
			),
		).toBe('Two variants would have the SKU "EC-1~White~M"');
	});

	it("a colour whose SKU names another colour's maker name would be matched back to that colour", () => {
		expect(
			refusalOf(
				[
					['白', 'White'],
					['ホワイト', 'White'],
				],
				'japanese',
			),
		).toBe('The value "White" would not be matched back to "白" by the order modes');
	});

	it("a colour whose maker name is another colour's own name would be matched back to that one colour", () => {
		expect(
			refusalOf(
				[
					['White', 'Snow'],
					['ホワイト', 'White'],
				],
				'english',
			),
		).toBe('The value "White" would not be matched back to "ホワイト" by the order modes');
	});

	it('colours the order modes would read as one after normalising (width, dash, spacing) are refused, listed in either order', () => {
		const cases: Array<[[string, string], [string, string], string]> = [
			[['ﾈｲﾋﾞｰ', 'NAVY'], ['ネイビー', 'Navy'], 'ﾈｲﾋﾞｰ'],
			[['Ｒｅｄ', 'Crimson'], ['Red', 'Scarlet'], 'Ｒｅｄ'],
			[['ライト－ブルー', 'Light Blue'], ['ライト-ブルー', 'Sky'], 'ライト－ブルー'],
			[['Heather  Grey', 'Heather Grey A'], ['Heather Grey', 'Heather Grey B'], 'Heather  Grey'],
		];
		for (const [first, second, value] of cases)
			for (const colors of [
				[first, second],
				[second, first],
			])
				expect(refusalOf(colors, 'japanese')).toMatch(
					new RegExp(`^The value "${value}" would not be matched back to "${value}"`),
				);
	});

	it('a half-width colour without a maker name beside its full-width twin is refused in either order', () => {
		for (const colors of [
			[
				['ブラック', 'Black'],
				['ﾌﾞﾗｯｸ', ''],
			],
			[
				['ﾌﾞﾗｯｸ', ''],
				['ブラック', 'Black'],
			],
		] as Array<Array<[string, string]>>)
			expect(refusalOf(colors, 'japanese')).toMatch(/^The value "ﾌﾞﾗｯｸ" would not be matched back/);
	});

	it('each refusal says how to fix it', () => {
		const fixOf = (
			colors: Array<[string, string]>,
			names: 'japanese' | 'english',
			code = 'EC-1',
		) => {
			const { record, catalog } = recordsOf({
				code,
				ec: true,
				colors,
				sizes: [{ name: 'M', surcharge: 0 }],
				colorsFrom: 'record',
				names,
			});
			return refusalFix(() =>
				productDraft(record, catalog, { ...DEFAULT_PRODUCT_SETTINGS, names }),
			);
		};
		expect(
			fixOf(
				[
					['白', 'White'],
					['黒', 'Ｗｈｉｔｅ'],
				],
				'english',
			),
		).toBe(
			'Two colours or sizes of the item differ only in case, width or spaces; publish it by hand.',
		);
		expect(
			fixOf(
				[
					['白', 'White'],
					['ホワイト', 'White'],
				],
				'japanese',
			),
		).toBe(
			"Two of the item's colours or sizes share a name in another case, width, dash or spacing, or the maker's name; use Names: Japanese where maker names collide, else publish it by hand and place its orders with Normalize Input off.",
		);
		expect(
			fixOf(
				[
					['白', 'White'],
					['ホワイト', 'White'],
				],
				'english',
			),
		).toBe('Use Names: Japanese: the catalog names are unique.');
		expect(fixOf([['白', 'White']], 'japanese', 'EC~1')).toBe(
			'Create the original item again with an EC Original Item Code without "~".',
		);
		// The SKU names the maker's colour under either Names setting, so Names: Japanese would not help.
		for (const names of ['japanese', 'english'] as const)
			expect(fixOf([['杢グレー', 'Grey~Mix']], names)).toBe(
				'"Grey~Mix" holds "~", which separates the parts of a variant SKU; publish this item by hand.',
			);
		expect(fixOf([['グレー~杢', '']], 'japanese')).toBe(
			'"グレー~杢" holds "~", which separates the parts of a variant SKU; publish this item by hand.',
		);
		const { record, catalog } = recordsOf({
			code: 'EC-1',
			ec: true,
			colors: [['白', 'White']],
			sizes: [{ name: 'S~M', surcharge: 0 }],
			colorsFrom: 'record',
			names: 'japanese',
		});
		expect(refusalFix(() => productDraft(record, catalog, DEFAULT_PRODUCT_SETTINGS))).toBe(
			'"S~M" holds "~", which separates the parts of a variant SKU; publish this item by hand.',
		);
	});

	it('maker names that differ only in case read back each to its own colour', () => {
		expect(
			refusalOf(
				[
					['白', 'White'],
					['黒', 'WHITE'],
				],
				'english',
			),
		).toBeUndefined();
	});
});
