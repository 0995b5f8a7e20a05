/** One small product as each shop receives it, field by field: nothing in the payload is left to chance. */
import type { Item, OriginalItem } from '../../../../../../api/schema/types';
import {
	DEFAULT_PRODUCT_SETTINGS,
	productDraft,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/product';
import {
	checkShopifyCount,
	shopifyProductSet,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/shopify';
import {
	checkWooCommerceCount,
	wooCommerceProduct,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/woocommerce';
import { refusalFix } from './refusalFix';

const record = {
	original_item_code: 't1',
	ec_original_item_code: 'EC_TS.01',
	item_code: 'OGB-910',
	original_item_name: '  猫 ',
	item_name: 'Tシャツ',
	image_urls: [
		{ color_name: 'ホワイト', mfr_color_name: 'White', url: 'https://img.example/w.png' },
	],
	colors: {
		values: [
			{ name: 'ホワイト', mfr_color_name: 'White', hex: '#fff' },
			{ name: 'ネイビー', hex: '#008' },
		],
	},
	sizes: {
		values: [
			{ name: 'M', details: [] },
			{ name: 'L', details: [] },
		],
	},
} as unknown as OriginalItem;
const catalog = {
	code: 'OGB-910',
	price: 1500,
	description: ' A & B ',
	sizes: {
		values: [
			{ name: 'M', details: [] },
			{ name: 'L', details: [], additional_price: '200' },
		],
	},
} as unknown as Item;

const draft = (change = {}) =>
	productDraft(record, catalog, { ...DEFAULT_PRODUCT_SETTINGS, ...change });
const image = (url: string, alt: string) => ({ originalSource: url, contentType: 'IMAGE', alt });

describe('exact payloads', () => {
	it('Shopify productSet: handle, options with positions, variants with SKU, price, file, untracked inventory', () => {
		const handle = shopifyProductSet(draft(), false).identifier.handle;
		expect(handle).toMatch(/^printio-ec-ts-01-[0-9a-z]+$/);
		expect(shopifyProductSet(draft(), false)).toEqual({
			identifier: { handle },
			synchronous: true,
			input: {
				handle,
				title: '猫',
				descriptionHtml: '<p>A &amp; B</p>',
				status: 'DRAFT',
				productOptions: [
					{ name: 'Color', position: 1, values: [{ name: 'ホワイト' }, { name: 'ネイビー' }] },
					{ name: 'Size', position: 2, values: [{ name: 'M' }, { name: 'L' }] },
				],
				files: [image('https://img.example/w.png', 'ホワイト M')],
				variants: [
					['ホワイト', 'M', 'EC_TS.01~White~M', '1500'],
					['ホワイト', 'L', 'EC_TS.01~White~L', '1700'],
					['ネイビー', 'M', 'EC_TS.01~ネイビー~M', '1500'],
					['ネイビー', 'L', 'EC_TS.01~ネイビー~L', '1700'],
				].map(([color, size, sku, price]) => ({
					optionValues: [
						{ optionName: 'Color', name: color },
						{ optionName: 'Size', name: size },
					],
					sku,
					price,
					file: image('https://img.example/w.png', 'ホワイト M'),
					inventoryItem: { tracked: false },
				})),
			},
		});
		const active = shopifyProductSet(draft({ unitCost: true }), true).input;
		expect(active.status).toBe('ACTIVE');
		expect(active.variants.map((variant) => variant.inventoryItem)).toEqual([
			{ tracked: false, cost: '1500' },
			{ tracked: false, cost: '1700' },
			{ tracked: false, cost: '1500' },
			{ tracked: false, cost: '1700' },
		]);
	});

	it('WooCommerce: a variable product found by the code, visible variation attributes, one variation each', () => {
		expect(wooCommerceProduct(draft(), false)).toEqual({
			find_by: { sku: 'EC_TS.01' },
			product: {
				name: '猫',
				type: 'variable',
				status: 'draft',
				description: '<p>A &amp; B</p>',
				sku: 'EC_TS.01',
				images: [{ src: 'https://img.example/w.png' }],
				attributes: [
					{
						name: 'Color',
						position: 0,
						visible: true,
						variation: true,
						options: ['ホワイト', 'ネイビー'],
					},
					{ name: 'Size', position: 1, visible: true, variation: true, options: ['M', 'L'] },
				],
			},
			variations_batch: {
				create: [
					['ホワイト', 'M', 'EC_TS.01~White~M', '1500'],
					['ホワイト', 'L', 'EC_TS.01~White~L', '1700'],
					['ネイビー', 'M', 'EC_TS.01~ネイビー~M', '1500'],
					['ネイビー', 'L', 'EC_TS.01~ネイビー~L', '1700'],
				].map(([color, size, sku, regular_price]) => ({
					sku,
					regular_price,
					attributes: [
						{ name: 'Color', option: color },
						{ name: 'Size', option: size },
					],
					image: { src: 'https://img.example/w.png' },
				})),
			},
		});
		expect(wooCommerceProduct(draft(), true).product.status).toBe('publish');
	});

	it("neither colour nor size: Shopify's one default variant, a WooCommerce simple product found by its SKU", () => {
		const bare = {
			...record,
			original_item_name: '',
			image_urls: [],
			colors: {},
			sizes: { values: [] },
		} as unknown as OriginalItem;
		const one = productDraft(
			bare,
			{ ...catalog, description: '', sizes: { values: [] } } as unknown as Item,
			DEFAULT_PRODUCT_SETTINGS,
		);
		expect(one.title).toBe('Tシャツ');
		expect(one.description).toBe('');
		const { input } = shopifyProductSet(one, false);
		expect(input.productOptions).toEqual([
			{ name: 'Title', position: 1, values: [{ name: 'Default Title' }] },
		]);
		expect(input.files).toEqual([]);
		expect(input.variants).toEqual([
			{
				optionValues: [{ optionName: 'Title', name: 'Default Title' }],
				sku: 'EC_TS.01~~',
				price: '1500',
				inventoryItem: { tracked: false },
			},
		]);
		expect(wooCommerceProduct(one, true)).toEqual({
			find_by: { sku: 'EC_TS.01~~' },
			product: {
				name: 'Tシャツ',
				type: 'simple',
				status: 'publish',
				description: '',
				sku: 'EC_TS.01~~',
				regular_price: '1500',
				images: [],
			},
			variations_batch: { create: [] },
		});
		const untitled = productDraft(
			{ ...bare, item_name: '' } as unknown as OriginalItem,
			catalog,
			DEFAULT_PRODUCT_SETTINGS,
		);
		expect(untitled.title).toBe('EC_TS.01');
		expect(
			productDraft(
				bare,
				{ ...catalog, description: undefined } as unknown as Item,
				DEFAULT_PRODUCT_SETTINGS,
			).description,
		).toBe('');
	});

	it('every refusal says how to fix it', () => {
		expect(refusalFix(() => checkShopifyCount(2049))).toBe('Publish fewer colours or sizes.');
		expect(refusalFix(() => checkWooCommerceCount(101))).toBe('Publish fewer colours or sizes.');
		const long = {
			...record,
			sizes: { values: [{ name: 'サ'.repeat(256), details: [] }] },
		} as unknown as OriginalItem;
		const longDraft = productDraft(long, catalog, DEFAULT_PRODUCT_SETTINGS);
		expect(refusalFix(() => shopifyProductSet(longDraft, false))).toBe(
			'Shorten the name in Printio, or publish the product by hand.',
		);
		expect(refusalFix(() => wooCommerceProduct(longDraft, false))).toBe(
			'Shorten the name in Printio, or publish the product by hand.',
		);
		const piped = {
			...record,
			sizes: { values: [{ name: 'S|M', details: [] }] },
		} as unknown as OriginalItem;
		expect(
			refusalFix(() =>
				wooCommerceProduct(productDraft(piped, catalog, DEFAULT_PRODUCT_SETTINGS), false),
			),
		).toBe('Rename the colour or size in Printio, or publish the product by hand.');
	});
});

describe('the product draft: title, description and unit cost', () => {
	it("escapes the catalog description's quotes and apostrophes as well as &, < and >", () => {
		const described = { ...catalog, description: `He said "hi" & it's <b>\nnew` } as Item;
		expect(productDraft(record, described, DEFAULT_PRODUCT_SETTINGS).description).toBe(
			'<p>He said &quot;hi&quot; &amp; it&#39;s &lt;b&gt;<br>new</p>',
		);
	});

	it("is titled by the item's name when the original item has no name (null or blank), else by its code", () => {
		const titled = (change: object) =>
			productDraft({ ...record, ...change } as OriginalItem, catalog, DEFAULT_PRODUCT_SETTINGS)
				.title;
		expect(titled({ original_item_name: null })).toBe('Tシャツ');
		expect(titled({ original_item_name: '  ' })).toBe('Tシャツ');
		expect(titled({ original_item_name: null, item_name: null })).toBe('EC_TS.01');
	});

	it("carries Printio's unit cost only when Unit Cost is on", () => {
		const off = productDraft(record, catalog, { ...DEFAULT_PRODUCT_SETTINGS, unitCost: false });
		expect(off.variants.filter((variant) => 'cost' in variant)).toEqual([]);
		const on = productDraft(record, catalog, { ...DEFAULT_PRODUCT_SETTINGS, unitCost: true });
		expect(on.variants.map((variant) => [variant.size?.name, variant.cost])).toEqual([
			['M', 1500],
			['L', 1700],
			['M', 1500],
			['L', 1700],
		]);
	});
});
