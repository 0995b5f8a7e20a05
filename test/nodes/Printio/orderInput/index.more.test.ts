/**
 * readOrderInput (nodes/Printio/orderInput/index.ts) in the input modes index.properties.test.ts does
 * not run: Shopify/WooCommerce orders (look-up, lines left out, cancelled and no-print-line orders not sent, never
 * combined), Define Below, Map Each Column Manually, items that cannot be read (Continue On Fail or not), and the
 * time zones a shop timestamp is read in.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import {
	connectionWith,
	parameterContext,
	readAndPrepare as readOrderInput,
	SHOP_SENDER,
} from '../orderRun/fakes';

import type { OriginalItemQuery, PrepareOptions } from '../../../../nodes/Printio/orderInput';

const connection = connectionWith(SHOP_SENDER);

const context = (perItem: (itemIndex: number) => IDataObject, timezone?: string) =>
	parameterContext(perItem, timezone === undefined ? {} : { getTimezone: () => timezone });

const shopifyOrder = (number: number, change: IDataObject = {}): IDataObject => ({
	order_number: number,
	created_at: '2025-03-08T14:27:51+09:00',
	email: 'a@example.jp',
	shipping_address: {
		first_name: '太郎',
		last_name: '山田',
		zip: '530-0001',
		province_code: 'JP-27',
		city: '大阪市北区',
		address1: '梅田1-1-1',
		phone: '+81 6-1234-5678',
	},
	line_items: [
		{ id: 1, sku: 'EC-TS-0001', title: 'T-Shirt', variant_title: 'ホワイト / M', quantity: 2 },
		{ id: 2, sku: 'PIN-1', title: 'Pin', quantity: 1 },
	],
	...change,
});

const items = (...jsons: IDataObject[]): INodeExecutionData[] => jsons.map((json) => ({ json }));
const exists = async (query: OriginalItemQuery) => query.code.startsWith('EC-');
type Options = PrepareOptions & {
	continueOnFail: boolean;
	originalItemExists?: (query: OriginalItemQuery) => Promise<boolean>;
	concurrency?: number;
};

async function readShop(
	jsons: IDataObject[],
	options: Partial<Options> = {},
	parameters: IDataObject = {},
	timezone?: string,
) {
	const { originalItemExists, concurrency, ...rest } = {
		originalItemExists: exists,
		concurrency: 1,
		...options,
	};
	return await readOrderInput.call(
		context(() => ({ inputMode: 'shopifyOrder', ...parameters }), timezone),
		items(...jsons),
		'orderByCode',
		connection,
		{
			continueOnFail: true,
			shopLookUps: { exists: originalItemExists, concurrency },
			...rest,
		},
	);
}

describe('shop input modes', () => {
	it('an order: its print lines sent with the Shop Sender, the others listed as left out by item index', async () => {
		const input = await readShop([shopifyOrder(1001)], { multiItemOrder: true });
		expect(input.unreadable.size).toBe(0);
		expect(input.unsent).toStrictEqual([]);
		expect([...input.leftOut.entries()]).toStrictEqual([
			[0, [{ line: 1, line_id: '2', name: 'Pin', code: 'PIN-1', reason: 'notAnOriginalItem' }]],
		]);
		const [order] = input.orders;
		expect(order.problems).toStrictEqual([]);
		expect(order.request).toMatchObject({
			retailer_id: 1,
			ec_order_no: '1001',
			ec_order_date: '2025-03-08',
			shipping_information: { prefecture_name: '大阪府', phone_number: '0612345678' },
			sender_information: { full_name: 'Print Shop', item_name: 'Tシャツ' },
			order_details: [
				{
					ec_original_item_code: 'EC-TS-0001',
					color: 'ホワイト',
					size: 'M',
					quantity: 2,
					ec_order_detail_no: '1',
				},
			],
		});
	});

	it('an order all of whose lines are print lines has no left-out entry', async () => {
		const input = await readShop([
			shopifyOrder(1001, {
				line_items: [{ id: 1, sku: 'EC-TS-0001', variant_title: 'ホワイト / M', quantity: 1 }],
			}),
		]);
		expect(input.leftOut.size).toBe(0);
		expect(input.orders).toHaveLength(1);
	});

	it('cancelled orders and orders without a print line are not sent, and say why (cancelled first)', async () => {
		const noPrint = shopifyOrder(1002, { line_items: [{ id: 5, sku: 'PIN-1', quantity: 1 }] });
		const cancelled = shopifyOrder(1003, {
			cancelled_at: '2025-03-09T00:00:00+09:00',
			line_items: [{ id: 6, sku: 'PIN-1', quantity: 1 }],
		});
		const input = await readShop(
			[noPrint, cancelled, shopifyOrder(1004)],
			{},
			{ orderNumberPrefix: 'S-' },
		);
		expect(input.unsent).toStrictEqual([
			{
				itemIndex: 0,
				ecOrderNo: 'S-1002',
				reason: 'noPrintLine',
				leftOut: [
					{ line: 0, line_id: '5', name: null, code: 'PIN-1', reason: 'notAnOriginalItem' },
				],
			},
			{
				itemIndex: 1,
				ecOrderNo: 'S-1003',
				reason: 'cancelled',
				leftOut: [
					{ line: 0, line_id: '6', name: null, code: 'PIN-1', reason: 'notAnOriginalItem' },
				],
			},
		]);
		expect(input.orders.map((order) => [order.ecOrderNo, order.itemIndexes])).toStrictEqual([
			['S-1004', [2]],
		]);
		expect([...input.leftOut.keys()]).toStrictEqual([0, 1, 2]);
	});

	it('a cancelled order and a test order are not sent even when a line is a print line', async () => {
		const cancelled = shopifyOrder(1005, { cancelled_at: '2025-03-09T00:00:00+09:00' });
		const test = shopifyOrder(1006, { test: true });
		const input = await readShop(
			[cancelled, test, shopifyOrder(1007)],
			{},
			{
				orderNumberPrefix: 'S-',
			},
		);
		expect(
			input.unsent.map((entry) => [entry.itemIndex, entry.ecOrderNo, entry.reason]),
		).toStrictEqual([
			[0, 'S-1005', 'cancelled'],
			[1, 'S-1006', 'testOrder'],
		]);
		expect(input.orders.map((order) => [order.ecOrderNo, order.itemIndexes])).toStrictEqual([
			['S-1007', [2]],
		]);
	});

	it('without a look-up no line is a print line', async () => {
		const input = await readShop([shopifyOrder(1001)], { originalItemExists: undefined });
		expect(input.orders).toStrictEqual([]);
		expect(input.unsent.map((entry) => entry.reason)).toStrictEqual(['noPrintLine']);
	});

	it('two items with the same order number are never combined, even with Combine Rows on', async () => {
		const input = await readShop([shopifyOrder(1001), shopifyOrder(1001)], {
			groupByEcOrderNo: true,
		});
		expect(input.orders.map((order) => order.itemIndexes)).toStrictEqual([[0], [1]]);
	});

	it('the look-up is asked with the concurrency given, one at a time by default', async () => {
		for (const [concurrency, expected] of [
			[undefined, 1],
			[3, 3],
		] as const) {
			let running = 0;
			let most = 0;
			const slow = async () => {
				running++;
				most = Math.max(most, running);
				await new Promise((resolve) => setTimeout(resolve, 5));
				running--;
				return true;
			};
			await readShop(
				[shopifyOrder(1, { line_items: ['A', 'B', 'C', 'D'].map((sku, id) => ({ id, sku })) })],
				{ originalItemExists: slow, concurrency },
			);
			expect(most).toBe(expected);
		}
	});

	it('an item that is no order, or whose look-up failed, is unreadable with Continue On Fail; else the run fails naming it', async () => {
		const failing = async (query: OriginalItemQuery) => {
			if (query.code === 'EC-BAD') throw new Error('timeout');
			return true;
		};
		const bad = shopifyOrder(2, { line_items: [{ id: 1, sku: 'EC-BAD' }] });
		const input = await readShop([{ id: 1 }, bad, shopifyOrder(3)], {
			originalItemExists: failing,
		});
		expect([...input.unreadable.keys()]).toStrictEqual([0, 1]);
		expect(input.unreadable.get(0)).toMatchObject({
			message: 'The item is not a Shopify order: no line_items found',
			description: expect.stringContaining('Split Out node'),
		});
		expect(input.unreadable.get(1)?.message).toBe(
			'Could not check which lines of the order are print items: timeout',
		);
		expect(input.orders.map((order) => order.itemIndexes)).toStrictEqual([[2]]);
		await expect(
			readShop([shopifyOrder(3), { id: 1 }], { continueOnFail: false }),
		).rejects.toMatchObject({
			message: 'The item is not a Shopify order: no line_items found',
			context: expect.objectContaining({ itemIndex: 1 }),
		});
	});

	it("a WooCommerce date without an offset is read in the workflow's time zone, or the one given", async () => {
		const woo = {
			number: '727',
			date_created: '2025-03-08T20:00:00',
			shipping: {
				first_name: 'Ken',
				last_name: 'Tanaka',
				address_1: '栄3-4-5',
				city: '名古屋市中区',
				state: 'JP23',
				postcode: '460-0008',
				phone: '+81 52-111-2222',
			},
			line_items: [
				{
					id: 1,
					sku: 'EC-TS-0001',
					quantity: 1,
					meta_data: [
						{ key: 'pa_color', value: 'ホワイト' },
						{ key: 'pa_size', value: 'M' },
					],
				},
			],
		};
		const run = async (timezone: string | undefined, timeZones?: PrepareOptions['timeZones']) => {
			const input = await readOrderInput.call(
				context(() => ({ inputMode: 'wooCommerceOrder' }), timezone),
				items(woo),
				'orderByCode',
				connection,
				{
					continueOnFail: false,
					shopLookUps: { exists, concurrency: 1 },
					timeZones,
				},
			);
			return input.orders[0].request?.ec_order_date;
		};
		expect(await run('Asia/Tokyo')).toBe('2025-03-08');
		expect(await run('America/New_York')).toBe('2025-03-09');
		expect(await run(undefined)).toBe('2025-03-08');
		expect(await run('Asia/Tokyo', { input: 'America/New_York', api: 'Asia/Tokyo' })).toBe(
			'2025-03-09',
		);
		expect(
			await run('America/New_York', { input: 'America/New_York', api: 'America/New_York' }),
		).toBe('2025-03-08');
	});
});

describe('other input modes', () => {
	it("Define Below reads the node's fields; Map Each Column Manually the mapper's values", async () => {
		const defineBelow = {
			inputMode: 'defineBelow',
			ecOrderNo: 'EC-1',
			shippingFullName: '山田 太郎',
			shippingZipCode: '1500002',
			shippingPrefecture: '東京都',
			shippingMunicipalities: '渋谷区',
			shippingAddress1: '渋谷2-21-1',
			shippingPhoneNumber: '0312345678',
			lines: {
				line: [
					{
						originalItemCode: { mode: 'list', value: 't0100001' },
						color: 'ホワイト',
						size: 'M',
						quantity: 1,
					},
				],
			},
		};
		const manual = {
			inputMode: 'autoMap',
			'columns.mappingMode': 'defineBelow',
			'columns.value': {
				ec_order_no: 'EC-2',
				shipping_full_name: '佐藤 花子',
				shipping_zip_code: '1500002',
				shipping_prefecture_name: '東京',
				shipping_municipalities: '渋谷区',
				shipping_address1: '渋谷1-1',
				shipping_phone_number: '0312345678',
				line_original_item_code: 't0100001',
				line_color: 'ホワイト',
				line_size: 'L',
				line_quantity: '2',
			},
		};
		const input = await readOrderInput.call(
			context(
				(itemIndex) => [defineBelow, manual, { ...manual, 'columns.value': null }][itemIndex],
			),
			items({ ec_order_no: 'IGNORED' }, { ec_order_no: 'IGNORED' }, { ec_order_no: 'IGNORED' }),
			'orderByCode',
			connection,
			{ continueOnFail: true },
		);
		expect(input.orders.map((order) => [order.ecOrderNo, order.problems.length])).toStrictEqual([
			['EC-1', 0],
			['EC-2', 0],
			[undefined, input.orders[2].problems.length],
		]);
		expect(input.orders[1].request?.shipping_information.prefecture_name).toBe('東京都');
		expect(input.orders[1].request?.order_details).toStrictEqual([
			{ original_item_code: 't0100001', quantity: 2, color: 'ホワイト', size: 'L' },
		]);
		expect(input.orders[2].problems.map((problem) => problem.field)).toContain('ec_order_no');
	});

	it('Map Automatically reads the item itself', async () => {
		const input = await readOrderInput.call(
			context(() => ({ inputMode: 'autoMap' })),
			items({ ec_order_no: 'EC-9' }),
			'orderByCode',
			connection,
			{ continueOnFail: true },
		);
		expect(input.orders[0].ecOrderNo).toBe('EC-9');
	});

	it('an item whose parameters cannot be read: unreadable with Continue On Fail, else the run fails naming it', async () => {
		const parameters = (itemIndex: number) =>
			itemIndex === 1
				? { inputMode: 'defineBelow', options: { retailerId: 'x' } }
				: { inputMode: 'autoMap' };
		const input = await readOrderInput.call(
			context(parameters),
			items({ ec_order_no: 'A' }, { ec_order_no: 'B' }),
			'orderByCode',
			connection,
			{ continueOnFail: true },
		);
		expect([...input.unreadable.keys()]).toStrictEqual([1]);
		expect(input.unreadable.get(1)?.message).toBe(
			'Retailer ID must be a whole number of 1 or more',
		);
		expect(input.orders.map((order) => order.itemIndexes)).toStrictEqual([[0]]);
		await expect(
			readOrderInput.call(
				context(parameters),
				items({ ec_order_no: 'A' }, { ec_order_no: 'B' }),
				'orderByCode',
				connection,
				{ continueOnFail: false },
			),
		).rejects.toMatchObject({
			message: 'Retailer ID must be a whole number of 1 or more',
			context: expect.objectContaining({ itemIndex: 1 }),
		});
	});

	it('no items: nothing, no look-up', async () => {
		let asked = false;
		// There is no item 0 to read a parameter of (n8n would refuse it).
		const none = context((itemIndex) => {
			throw new Error(`no item ${itemIndex}`);
		});
		const input = await readOrderInput.call(none, [], 'orderByCode', connection, {
			continueOnFail: false,
			shopLookUps: { exists: async () => ((asked = true), true), concurrency: 1 },
		});
		expect(input).toStrictEqual({
			orders: [],
			unreadable: new Map(),
			leftOut: new Map(),
			unsent: [],
		});
		expect(asked).toBe(false);
	});
});
