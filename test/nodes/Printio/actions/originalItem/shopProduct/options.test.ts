/** Shop Product's options as the node reads them, and the shop_product it outputs for each target (direct). */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { Item, OriginalItem } from '../../../../../../api/schema/types';
import {
	productSettings,
	refusalError,
	shopProductOf,
	shopProductRun,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/options';
import { DEFAULT_PRODUCT_SETTINGS } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/product';
import { ShopProductRefusal } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/variants';

const record = (sizes: number, ec: string | null = 'EC-1') =>
	({
		original_item_code: 't1',
		ec_original_item_code: ec,
		item_code: 'OGB-910',
		original_item_name: 'D',
		image_urls: [],
		colors: {},
		sizes: { values: Array.from({ length: sizes }, (_, n) => ({ name: `S${n}`, details: [] })) },
	}) as unknown as OriginalItem;
const catalog = { code: 'OGB-910', price: 1000, sizes: { values: [] } } as unknown as Item;

describe('productSettings', () => {
	it('reads each option; anything else is the default', () => {
		expect(productSettings({})).toEqual({
			names: 'japanese',
			unitCost: false,
			publish: false,
			price: { mode: 'catalog', markupPercent: 0, markupYen: 0, roundTo: 1, fixed: {} },
		});
		expect(
			productSettings({
				names: 'english',
				unitCost: true,
				status: 'active',
				priceMode: 'fixed',
				markupPercent: 30,
				markupYen: 5,
				roundTo: 10,
				fixedPrices: {
					prices: [
						{ size: ' M ', price: 2500 },
						{ size: '', price: 1 },
						{ price: 2 },
						{ size: '*', price: '2800' },
					],
				},
			}),
		).toEqual({
			names: 'english',
			unitCost: true,
			publish: true,
			price: {
				mode: 'fixed',
				markupPercent: 30,
				markupYen: 5,
				roundTo: 10,
				fixed: { M: 2500, '*': 2800 },
			},
		});
		expect(
			productSettings({
				names: 'x',
				unitCost: 'true',
				status: 'draft',
				priceMode: 'x',
				markupPercent: NaN,
			}),
		).toEqual(productSettings({}));
	});
});

describe('shopProductOf', () => {
	it('Shopify: platform, yen, the code kind, notes and the productSet request body', () => {
		const product = shopProductOf('shopify', record(1), catalog, DEFAULT_PRODUCT_SETTINGS) as {
			body: { query: string; variables: { input: { variants: unknown[] } } };
		};
		expect(product).toEqual({
			platform: 'shopify',
			currency: 'JPY',
			sku_code: 'ecOriginalItemCode',
			notes: [],
			body: { query: expect.any(String), variables: expect.any(Object) },
		});
		expect(product.body.query).toMatch(
			/^mutation ProductSet\(\$identifier: ProductSetIdentifiers, \$input: ProductSetInput!, \$synchronous: Boolean!\) \{ productSet\(identifier: \$identifier, input: \$input, synchronous: \$synchronous\) \{ product \{ id handle status variants\(first: 250\) \{ nodes \{ id sku \} \} \} userErrors \{ field message code \} \} \}$/,
		);
		expect(product.body.variables.input.variants).toHaveLength(1);
	});

	it('WooCommerce: the product and its batch beside the common fields; each shop counts by its own limit', () => {
		const product = shopProductOf(
			'wooCommerce',
			record(2, null),
			catalog,
			DEFAULT_PRODUCT_SETTINGS,
		);
		expect(product).toEqual(
			expect.objectContaining({
				platform: 'wooCommerce',
				currency: 'JPY',
				sku_code: 'originalItemCode',
				find_by: { sku: 't1' },
			}),
		);
		expect((product.notes as string[])[0]).toMatch(
			/^Original item t1 has no EC original item code/,
		);
		expect(() =>
			shopProductOf('wooCommerce', record(101), catalog, DEFAULT_PRODUCT_SETTINGS),
		).toThrow(/101 variations/);
		// Past Shopify's limit too, WooCommerce's own limit is the one named.
		expect(() =>
			shopProductOf('wooCommerce', record(2049), catalog, DEFAULT_PRODUCT_SETTINGS),
		).toThrow(/2049 variations; one WooCommerce variations batch takes at most 100/);
		expect(shopProductOf('shopify', record(101), catalog, DEFAULT_PRODUCT_SETTINGS).platform).toBe(
			'shopify',
		);
	});
});

describe('the node side', () => {
	const node = (parameters: Record<string, unknown>) =>
		({
			getNode: () => ({ name: 'Printio', type: 'printio', typeVersion: 1 }),
			getNodeParameter: (name: string, _index: number, fallback: unknown) =>
				parameters[name] ?? fallback,
		}) as unknown as IExecuteFunctions;

	it('a run only for Shopify or WooCommerce, with its settings', () => {
		expect(shopProductRun.call(node({}), 0)).toBeUndefined();
		expect(shopProductRun.call(node({ shopProduct: 'none' }), 0)).toBeUndefined();
		expect(shopProductRun.call(node({ shopProduct: 'other' }), 0)).toBeUndefined();
		expect(shopProductRun.call(node({ shopProduct: 'wooCommerce' }), 0)).toEqual({
			target: 'wooCommerce',
			settings: productSettings({}),
		});
		expect(
			shopProductRun.call(
				node({ shopProduct: 'shopify', shopProductOptions: { status: 'active' } }),
				0,
			)?.settings.publish,
		).toBe(true);
	});

	it('a refusal becomes an error of the item naming Shop Product, with the fix; other errors pass as they are', () => {
		const error = refusalError.call(node({}), new ShopProductRefusal('Too many', 'Fewer.'), 3) as {
			message: string;
			description: string;
			context: { itemIndex: number };
		};
		expect(error.message).toBe('Shop Product: Too many');
		expect(error.description).toBe('Fewer.');
		expect(error.context.itemIndex).toBe(3);
		const other = new Error('x');
		expect(refusalError.call(node({}), other, 0)).toBe(other);
	});
});
