/**
 * Stock Changed's shop variants, direct: what originalItemsByCode reads (once per item code, the catalog only when
 * an original item lacks colours or sizes of its own) and which colours and sizes shopVariantsOf takes.
 */
import type { Item, OriginalItem } from '../../../api/schema/types';
import { originalItemsByCode, shopVariantsOf } from '../../../nodes/PrintioTrigger/shopVariants';
import type { PrintioApi } from '../../../nodes/shared/printio/transport';

const record = (change: Partial<OriginalItem> = {}): OriginalItem =>
	({
		original_item_code: 't1',
		ec_original_item_code: 'EC-1',
		item_code: 'OGB-910',
		image_urls: [
			{ color_name: 'ホワイト', mfr_color_name: 'White', url: 'https://img.example/w.png' },
		],
		colors: {},
		sizes: { values: [{ name: 'M', details: [] }] },
		...change,
	}) as OriginalItem;

function fakeApi(byCode: Record<string, OriginalItem[]>, items: Item[] = []) {
	const calls: Array<[string, unknown]> = [];
	const api = {
		listAll: async (operation: string, options: { qs: { item_code: string } }) => {
			calls.push([operation, options]);
			return byCode[options.qs.item_code] ?? [];
		},
		request: async (operation: string, options: unknown) => {
			calls.push([operation, options]);
			return { list_item_data: items };
		},
	} as unknown as PrintioApi;
	return { api, calls };
}

describe('originalItemsByCode', () => {
	it('reads each item code once, every page of it, for the retailer; no catalog read when every record has its own options', async () => {
		const { api, calls } = fakeApi({ 'OGB-910': [record()], 'PKB-110': [] });
		const found = await originalItemsByCode(api, 7, ['OGB-910', 'PKB-110', 'OGB-910']);
		expect(calls).toEqual([
			['getOriginalItems', { qs: { retailer_id: 7, item_code: 'OGB-910' }, limit: Infinity }],
			['getOriginalItems', { qs: { retailer_id: 7, item_code: 'PKB-110' }, limit: Infinity }],
		]);
		expect([...found.keys()]).toEqual(['OGB-910', 'PKB-110']);
		expect(found.get('OGB-910')).toEqual({ records: [record()] });
		expect(found.get('OGB-910')).not.toHaveProperty('catalog');
		expect(await originalItemsByCode(api, 7, [])).toEqual(new Map());
	});

	it('reads the catalog item once when a record lacks its own colours or sizes, and keeps only the one with that code', async () => {
		const catalog = { code: 'OGB-910', price: 1500 } as unknown as Item;
		const other = { code: 'OGB-9100', price: 1 } as unknown as Item;
		for (const bare of [
			record({ image_urls: [] }),
			record({ sizes: { values: [] } as never }),
			record({ sizes: undefined as never }),
		]) {
			const { api, calls } = fakeApi({ 'OGB-910': [record(), bare] }, [other, catalog]);
			const found = await originalItemsByCode(api, 1, ['OGB-910']);
			expect(calls[1]).toEqual(['getItems', { qs: { retailer_id: 1, item_code: 'OGB-910' } }]);
			expect(calls).toHaveLength(2);
			expect(found.get('OGB-910')?.catalog).toBe(catalog);
		}
		const { api } = fakeApi({ 'OGB-910': [record({ image_urls: [] })] }, [other]);
		expect(
			(await originalItemsByCode(api, 1, ['OGB-910'])).get('OGB-910')?.catalog,
		).toBeUndefined();
	});

	it('an original item whose colours are listed in colors, not only in image_urls, needs no catalog read', async () => {
		const listed = record({
			image_urls: [],
			colors: { values: [{ name: 'ブラック', hex: '#000000' }] },
		} as never);
		const { api, calls } = fakeApi({ 'OGB-910': [listed] });
		await originalItemsByCode(api, 1, ['OGB-910']);
		expect(calls.map(([operation]) => operation)).toEqual(['getOriginalItems']);
	});
});

describe('shopVariantsOf', () => {
	it("a record's listed colours come before its images', and a colour without a maker's name has none", () => {
		const listed = record({
			colors: { values: [{ name: 'ネイビー', hex: '#000080' }] },
		} as never);
		expect(shopVariantsOf({ color_name: 'ネイビー', size: 'M' }, { records: [listed] })).toEqual([
			{
				original_item_code: 't1',
				ec_original_item_code: 'EC-1',
				sku: 'EC-1~ネイビー~M',
				color: 'ネイビー',
				mfr_color_name: null,
				size: 'M',
			},
		]);
		// The image's colour is not one of the listed ones.
		expect(shopVariantsOf({ color_name: 'ホワイト', size: 'M' }, { records: [listed] })).toEqual(
			[],
		);
	});

	it("a record without an EC code: Printio's code in the SKU, ec_original_item_code null", () => {
		const [variant] = shopVariantsOf(
			{ color_name: 'ホワイト', size: 'M' },
			{ records: [record({ ec_original_item_code: undefined as never })] },
		);
		expect(variant).toEqual(
			expect.objectContaining({ ec_original_item_code: null, sku: 't1~White~M' }),
		);
	});

	it("own sizes win over the catalog's; the catalog's colours and sizes only fill what the record lacks", () => {
		const catalog = {
			code: 'OGB-910',
			colors: { values: [{ name: 'ブラック', mfr_color_name: 'Black', hex: '#000' }] },
			sizes: { values: [{ name: 'XL', details: [] }] },
		} as unknown as Item;
		expect(
			shopVariantsOf({ color_name: 'ホワイト', size: 'XL' }, { records: [record()], catalog }),
		).toEqual([]);
		expect(
			shopVariantsOf({ color_name: 'ブラック', size: 'M' }, { records: [record()], catalog }),
		).toEqual([]);
		const noSizes = record({ sizes: { values: [] } as never });
		expect(
			shopVariantsOf({ color_name: 'ホワイト', size: 'XL' }, { records: [noSizes], catalog })[0]
				?.sku,
		).toBe('EC-1~White~XL');
	});

	it('a stock line of one of several sizes names that size; a record with no colour or size lists at all, and no catalog, none', () => {
		const sized = record({
			sizes: {
				values: [
					{ name: 'S', details: [] },
					{ name: 'M', details: [] },
				],
			},
		} as Partial<OriginalItem>);
		expect(
			shopVariantsOf({ color_name: 'ホワイト', size: 'S' }, { records: [sized] }).map(
				(variant) => variant.sku,
			),
		).toEqual(['EC-1~White~S']);
		const bare = { ...record(), image_urls: undefined, colors: undefined, sizes: undefined };
		expect(
			shopVariantsOf(
				{ color_name: 'ホワイト', size: 'M' },
				{ records: [bare as unknown as OriginalItem] },
			),
		).toEqual([]);
	});
});

describe('shopVariantsOf: a record whose lists are absent, not empty', () => {
	const catalog = {
		code: 'OGB-910',
		colors: { values: [{ name: 'ホワイト', mfr_color_name: 'White', hex: '#fff' }] },
		sizes: { values: [{ name: 'M', details: [] }] },
	} as unknown as Item;
	const bare = record({ image_urls: undefined, colors: undefined, sizes: undefined });

	it("takes the catalog's colours and sizes when the record has no colour, image or size list at all", () => {
		expect(
			shopVariantsOf({ color_name: 'ホワイト', size: 'M' }, { records: [bare], catalog }),
		).toEqual([
			{
				original_item_code: 't1',
				ec_original_item_code: 'EC-1',
				sku: 'EC-1~White~M',
				color: 'ホワイト',
				mfr_color_name: 'White',
				size: 'M',
			},
		]);
	});

	it('finds no variant, without failing, when the catalog record has no colour or size list either', () => {
		const listless = { code: 'OGB-910' } as unknown as Item;
		expect(
			shopVariantsOf({ color_name: 'ホワイト', size: 'M' }, { records: [bare], catalog: listless }),
		).toEqual([]);
	});

	it('a catalog read answered without a list leaves the catalog unknown', async () => {
		const api = {
			listAll: async () => [bare],
			request: async () => ({ status_code: 1 }),
		} as unknown as PrintioApi;
		const found = await originalItemsByCode(api, 7, ['OGB-910']);
		expect(found.get('OGB-910')).toEqual({ records: [bare], catalog: undefined });
	});
});
