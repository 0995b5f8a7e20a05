/**
 * The option lists of the node (methods/loadOptions.ts): categories, and the colours and sizes of the item an
 * order line names, with a disabled hint entry (not an error) while the line has no usable code.
 */
import {
	getCategories,
	getItemColors,
	getItemSizes,
	getOriginalItemColors,
	getOriginalItemSizes,
} from '../../../../nodes/Printio/methods/loadOptions';
import { CONNECTION } from '../../shared/printio/transport/fakeContext';
import { answer, loadOptionsContext, requests } from './loadOptionsContext';

const BASE = CONNECTION.baseUrl;
// The hint's value is never a field's empty value: n8n's select would keep showing it as the chosen entry (loadOptions.ts).
const hint = (name: string) => [{ name, value: '__printioHint', disabled: true }];
const locator = (value: string, mode = 'list') => ({ __rl: true, mode, value });

describe('getCategories', () => {
	it('lists the categories by name, sorted, with their ids as values', async () => {
		const categories = [
			{ category_id: 3, category_name: 'T-Shirts' },
			{ category_id: 1, category_name: 'Bags' },
			{ category_id: 2, category_name: 'Mugs' },
		];
		const { context, sent } = loadOptionsContext({}, () => answer({ categories }));
		expect(await getCategories.call(context)).toStrictEqual([
			{ name: 'Bags', value: 1 },
			{ name: 'Mugs', value: 2 },
			{ name: 'T-Shirts', value: 3 },
		]);
		expect(requests(sent)).toStrictEqual([
			{ method: 'GET', baseURL: BASE, url: '/categories', qs: undefined },
		]);
	});

	it('lists nothing when the answer has no categories', async () => {
		const { context } = loadOptionsContext({}, () => answer({}));
		expect(await getCategories.call(context)).toStrictEqual([]);
	});

	it("surfaces the API's error", async () => {
		const { context } = loadOptionsContext({}, () => ({
			statusCode: 200,
			body: { status_code: 11, message: 'denied' },
		}));
		await expect(getCategories.call(context)).rejects.toThrow(
			'No permission (Printio status 11): denied',
		);
	});
});

describe.each([
	['getOriginalItemColors', getOriginalItemColors],
	['getOriginalItemSizes', getOriginalItemSizes],
] as const)('%s before the line names an original item', (_name, method) => {
	it.each([
		['unset', undefined],
		['an empty locator', locator('')],
		['blanks only', locator('   ')],
		['an unresolved expression', locator('={{ $json.code }}')],
		['an unresolved expression in By EC Code', locator('={{ $json.sku }}', 'ecCode')],
	])('answers one disabled hint for %s, without a request', async (_case, value) => {
		const { context, sent } = loadOptionsContext({ '&originalItemCode': value });
		expect(await method.call(context)).toStrictEqual(
			hint("Choose this line's Original Item first"),
		);
		expect(sent).toStrictEqual([]);
	});
});

describe.each([
	['getItemColors', getItemColors],
	['getItemSizes', getItemSizes],
] as const)('%s before the line names an item', (_name, method) => {
	it.each([
		['unset', undefined],
		['an empty locator', locator('')],
		['an unresolved expression', '={{ $json.item }}'],
	])('answers one disabled hint for %s, without a request', async (_case, value) => {
		const { context, sent } = loadOptionsContext({ '&itemCode': value });
		expect(await method.call(context)).toStrictEqual(hint("Choose this line's Item first"));
		expect(sent).toStrictEqual([]);
	});
});

describe('getOriginalItemColors', () => {
	it("asks for the line's original item by Printio's code and lists its colours once each, in order", async () => {
		const record = {
			original_item_code: 'OI-1',
			colors: {
				values: [{ name: 'White' }, null, 'Black', { name: '' }, { name: 5 }, { name: 'Navy' }],
			},
			image_urls: [{ color_name: 'Black' }, { color_name: 'White' }, { color_name: 'Red' }],
			default_color: { name: 'Grey' },
		};
		const { context, sent } = loadOptionsContext({ '&originalItemCode': locator(' OI-1 ') }, () =>
			answer({ original_items: [record] }),
		);
		expect(await getOriginalItemColors.call(context)).toStrictEqual([
			{ name: 'White', value: 'White' },
			{ name: 'Navy', value: 'Navy' },
			{ name: 'Black', value: 'Black' },
			{ name: 'Red', value: 'Red' },
			{ name: 'Grey', value: 'Grey' },
		]);
		expect(requests(sent)).toStrictEqual([
			{
				method: 'GET',
				baseURL: BASE,
				url: '/original-items',
				qs: { retailer_id: 7, original_item_code: 'OI-1' },
			},
		]);
	});

	it("asks by the shop's code in mode By EC Code; a code with '=' later in it is a code", async () => {
		const { context, sent } = loadOptionsContext(
			{ '&originalItemCode': locator('SKU=1', 'ecCode') },
			() => answer({ original_items: [{ default_color: { name: 'White' } }] }),
		);
		expect(await getOriginalItemColors.call(context)).toStrictEqual([
			{ name: 'White', value: 'White' },
		]);
		expect(requests(sent)[0].qs).toStrictEqual({ retailer_id: 7, ec_original_item_code: 'SKU=1' });
	});

	it('lists no colours for a record without any', async () => {
		const { context } = loadOptionsContext({ '&originalItemCode': 'OI-1' }, () =>
			answer({ original_items: [{ colors: { values: 'White' } }] }),
		);
		expect(await getOriginalItemColors.call(context)).toStrictEqual([]);
		const bare = loadOptionsContext({ '&originalItemCode': 'OI-1' }, () =>
			answer({ original_items: [{}] }),
		);
		expect(await getOriginalItemColors.call(bare.context)).toStrictEqual([]);
	});

	it('answers a hint naming the code when Printio knows no such original item', async () => {
		const { context } = loadOptionsContext({ '&originalItemCode': locator('OI-404') }, () =>
			answer({ original_items: [] }),
		);
		expect(await getOriginalItemColors.call(context)).toStrictEqual(
			hint("No original item with code OI-404: check the line's Original Item"),
		);
		const none = loadOptionsContext({ '&originalItemCode': locator('SKU-9', 'ecCode') }, () =>
			answer({}),
		);
		expect(await getOriginalItemColors.call(none.context)).toStrictEqual(
			hint("No original item with code SKU-9: check the line's Original Item"),
		);
	});

	it("surfaces the API's error", async () => {
		const { context } = loadOptionsContext({ '&originalItemCode': 'OI-1' }, () => ({
			statusCode: 200,
			body: { status_code: 11, message: 'denied' },
		}));
		await expect(getOriginalItemColors.call(context)).rejects.toThrow(
			'No permission (Printio status 11): denied',
		);
	});
});

const sizes = [
	{ name: 'S' },
	{
		name: 'M',
		details: [
			{ name: 'Length', value: '70cm' },
			{ name: 'Width', value: '52cm' },
		],
		additional_price: 0,
	},
	{ name: 'XL', details: [{ name: 'Length', value: '74cm' }], additional_price: '200' },
	{ name: 'XXL', additional_price: 1 },
	{ name: 'XS', additional_price: -50 },
];
const sizeOptions = [
	{ name: 'S', value: 'S' },
	{ name: 'M', value: 'M', description: 'Length 70cm · Width 52cm' },
	{ name: 'XL', value: 'XL', description: 'Length 74cm · +¥200 per piece' },
	{ name: 'XXL', value: 'XXL', description: '+¥1 per piece' },
	{ name: 'XS', value: 'XS' },
];

describe('getOriginalItemSizes', () => {
	it('lists the sizes in catalog order with their measurements and the price added, in yen', async () => {
		const { context, sent } = loadOptionsContext({ '&originalItemCode': locator('OI-1') }, () =>
			answer({ original_items: [{ original_item_code: 'OI-1', sizes: { values: sizes } }] }),
		);
		expect(await getOriginalItemSizes.call(context)).toStrictEqual(sizeOptions);
		expect(requests(sent)[0]).toStrictEqual({
			method: 'GET',
			baseURL: BASE,
			url: '/original-items',
			qs: { retailer_id: 7, original_item_code: 'OI-1' },
		});
	});

	it('lists no sizes for a record without any', async () => {
		const { context } = loadOptionsContext({ '&originalItemCode': 'OI-1' }, () =>
			answer({ original_items: [{}] }),
		);
		expect(await getOriginalItemSizes.call(context)).toStrictEqual([]);
	});

	it('answers a hint naming the code when Printio knows no such original item', async () => {
		const { context } = loadOptionsContext({ '&originalItemCode': 'OI-404' }, () =>
			answer({ original_items: [] }),
		);
		expect(await getOriginalItemSizes.call(context)).toStrictEqual(
			hint("No original item with code OI-404: check the line's Original Item"),
		);
	});
});

describe('getItemColors', () => {
	it("asks for the line's item by code and lists the colours of the record with that code", async () => {
		const list = [
			{ code: 'OTHER', colors: { values: [{ name: 'Pink' }] } },
			{
				code: 'TS-1',
				colors: { values: [{ name: 'White' }, { name: 'White' }, {}, { name: 'Black' }] },
			},
		];
		const { context, sent } = loadOptionsContext({ '&itemCode': locator(' TS-1 ') }, () =>
			answer({ list_item_data: list }),
		);
		expect(await getItemColors.call(context)).toStrictEqual([
			{ name: 'White', value: 'White' },
			{ name: 'Black', value: 'Black' },
		]);
		expect(requests(sent)).toStrictEqual([
			{ method: 'GET', baseURL: BASE, url: '/items', qs: { retailer_id: 7, item_code: 'TS-1' } },
		]);
	});

	it('takes the first record when none carries the code', async () => {
		const list = [
			{ code: 'ts-1', colors: { values: [{ name: 'Red' }] } },
			{ code: 'X', colors: { values: [{ name: 'Blue' }] } },
		];
		const { context } = loadOptionsContext({ '&itemCode': 'TS-1' }, () =>
			answer({ list_item_data: list }),
		);
		expect(await getItemColors.call(context)).toStrictEqual([{ name: 'Red', value: 'Red' }]);
	});

	it('lists no colours for a record without any', async () => {
		const { context } = loadOptionsContext({ '&itemCode': 'TS-1' }, () =>
			answer({ list_item_data: [{ code: 'TS-1' }] }),
		);
		expect(await getItemColors.call(context)).toStrictEqual([]);
	});

	it('answers a hint naming the code when Printio knows no such item', async () => {
		const { context } = loadOptionsContext({ '&itemCode': 'TS-404' }, () =>
			answer({ list_item_data: [] }),
		);
		expect(await getItemColors.call(context)).toStrictEqual(
			hint("No catalog item with code TS-404: check the line's Item"),
		);
		const none = loadOptionsContext({ '&itemCode': 'TS-404' }, () => answer({}));
		expect(await getItemColors.call(none.context)).toStrictEqual(
			hint("No catalog item with code TS-404: check the line's Item"),
		);
	});
});

describe('getItemSizes', () => {
	it('lists the sizes of the record with the code, in catalog order with measurements and added price', async () => {
		const list = [
			{ code: 'A', sizes: { values: [{ name: 'Free' }] } },
			{ code: 'TS-1', sizes: { values: sizes } },
		];
		const { context, sent } = loadOptionsContext({ '&itemCode': locator('TS-1') }, () =>
			answer({ list_item_data: list }),
		);
		expect(await getItemSizes.call(context)).toStrictEqual(sizeOptions);
		expect(requests(sent)[0].qs).toStrictEqual({ retailer_id: 7, item_code: 'TS-1' });
	});

	it('lists no sizes for a record without any, and a hint when there is no record', async () => {
		const { context } = loadOptionsContext({ '&itemCode': 'TS-1' }, () =>
			answer({ list_item_data: [{ code: 'TS-1' }] }),
		);
		expect(await getItemSizes.call(context)).toStrictEqual([]);
		const none = loadOptionsContext({ '&itemCode': 'TS-2' }, () => answer({ list_item_data: [] }));
		expect(await getItemSizes.call(none.context)).toStrictEqual(
			hint("No catalog item with code TS-2: check the line's Item"),
		);
	});

	it("surfaces the API's error", async () => {
		const { context } = loadOptionsContext({ '&itemCode': 'TS-1' }, () => ({
			statusCode: 200,
			body: { status_code: 11, message: 'denied' },
		}));
		await expect(getItemSizes.call(context)).rejects.toThrow(
			'No permission (Printio status 11): denied',
		);
	});
});
