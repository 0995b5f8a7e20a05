/**
 * Order › Create and Create With Images as a unit (createOrders.ts): from the prepared orders to the output. The
 * input reading (orderInput, tested on its own) and the placement (placement.test.ts) are scripted here; the
 * catalog match, repeats, Validate Only and Check Stock First run for real against a scripted catalog. Pinned:
 * the settings handed on (defaults, clamping), what stops a run before anything is sent and in which words, and
 * how each outcome becomes an output item.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { executeOrderCreation } from '../../../../nodes/Printio/placement/createOrders';
import {
	type OrderToPlace,
	type PlacementOutcome,
	placeOrders,
	type PlacementSettings,
} from '../../../../nodes/Printio/placement/placement';
import {
	inputOf,
	type OrderInput,
	questionKey,
	type PreparedOrder,
	readOrders,
	type ShopQuestion,
} from '../../../../nodes/Printio/orderInput';
import { NODE } from '../../shared/printio/transport/fakeContext';
import {
	catalogService,
	originalItem,
	refused,
	type CatalogScript,
	colors,
	sizes,
	stockEntry,
	item,
} from '../orderRun/fakes';

jest.mock('../../../../nodes/Printio/orderInput', () => ({
	...jest.requireActual('../../../../nodes/Printio/orderInput'),
	readOrders: jest.fn(),
	inputOf: jest.fn(),
}));
jest.mock('../../../../nodes/Printio/placement/placement', () => ({
	...jest.requireActual('../../../../nodes/Printio/placement/placement'),
	placeOrders: jest.fn(),
}));

const shirt = originalItem('OI-1', 'IT-1', { colors: colors(['White']), sizes: sizes('M') });
const CATALOG: CatalogScript = {
	originalItems: [shirt],
	items: [item('IT-1', { colors: colors(['White']), sizes: sizes('M') })],
	stocks: { 'IT-1': [stockEntry('S-1', 'White', 'M', 2)] },
};

const line = (quantity = 1, color = 'White') => ({
	original_item_code: 'OI-1',
	color,
	size: 'M',
	quantity,
});
/** As the input leaves an order: its validated draft, not built yet; an invalid one without lines, with its problem. */
const prepared = (
	ec: string | undefined,
	itemIndexes: number[],
	lines?: Array<Record<string, unknown>>,
	extra: Partial<PreparedOrder> = {},
): PreparedOrder => {
	const draft = { retailer_id: 7, ec_order_no: ec, order_details: lines ?? [] };
	return {
		itemIndexes,
		ecOrderNo: ec,
		draft,
		problems: lines
			? []
			: [
					{
						field: 'shipping_information.zip_code',
						label: 'Zip',
						message: 'is missing',
						fix: 'Set it.',
						itemIndex: itemIndexes[0],
					},
				],
		changes: [],
		ignoredFields: [],
		...extra,
	} as unknown as PreparedOrder;
};

let input: OrderInput;
/** The shop lines' questions the read stage hands to the look-up. */
let questions: ShopQuestion[] = [];
const given = (orders: PreparedOrder[], more: Partial<OrderInput> = {}) => {
	input = { orders, unreadable: new Map(), leftOut: new Map(), unsent: [], ...more };
};
const inputSettings = () => jest.mocked(inputOf).mock.calls[0]?.[4];

/** The placement: each order placed as P-<ec>, unless the script says otherwise. */
let placement: (order: OrderToPlace) => PlacementOutcome;
beforeEach(() => {
	questions = [];
	jest.mocked(readOrders).mockReset();
	jest.mocked(readOrders).mockImplementation(() => ({ entries: [], questions }));
	jest.mocked(inputOf).mockReset();
	jest.mocked(inputOf).mockImplementation(() => input as never);
	jest.mocked(placeOrders).mockReset();
	jest
		.mocked(placeOrders)
		.mockImplementation(async (_api, orders) => orders.map((order) => placement(order)));
	placement = (order) => ({
		ok: true,
		order,
		json: { order_no: `P-${order.body.ec_order_no}`, ...order.annotations },
	});
});

async function run(
	options: IDataObject,
	{
		continueOnFail = false,
		script = CATALOG,
		operation = 'orderByCode' as 'orderByCode' | 'orderWithImage',
		onError,
	}: {
		continueOnFail?: boolean;
		script?: CatalogScript;
		operation?: 'orderByCode' | 'orderWithImage';
		onError?: string;
	} = {},
) {
	const node = onError ? { ...NODE, onError } : NODE;
	const service = catalogService(script, {
		getNode: () => node,
		getNodeParameter: ((name: string) =>
			name === 'options' ? options : undefined) as IExecuteFunctions['getNodeParameter'],
		continueOnFail: () => continueOnFail,
		getTimezone: () => 'Europe/Berlin',
	} as Partial<IExecuteFunctions>);
	// Design hosts (the preflight of Create With Images) cannot be reached from these tests.
	Object.assign(service.context.helpers, {
		httpRequest: async () => {
			throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
		},
	});
	const items: INodeExecutionData[] = [{ json: {} }];
	const result = await executeOrderCreation
		.call(service.context, items, operation, service.api)
		.then(
			(output) => ({ output, error: undefined }),
			(error: unknown) => ({ output: undefined, error: error as NodeOperationError }),
		);
	return { ...service, ...result };
}

const placementSettings = () => jest.mocked(placeOrders).mock.calls[0]?.[2] as PlacementSettings;
const placedOrders = () => (jest.mocked(placeOrders).mock.calls[0]?.[1] ?? []) as OrderToPlace[];

describe('executeOrderCreation: settings', () => {
	it('hands the defaults on to the input reading and the placement', async () => {
		given([prepared('A', [0], [line()])]);
		const { output } = await run({});
		const [readRun] = jest.mocked(readOrders).mock.calls[0];
		expect(readRun.operation).toBe('orderByCode');
		expect(readRun.connection).toBeDefined();
		expect(jest.mocked(inputOf).mock.calls[0][1]).toBe('orderByCode');
		expect(inputSettings()).toEqual({
			continueOnFail: false,
			normalize: true,
			addressOverflow: 'carryToAddress2',
			groupByEcOrderNo: false,
			multiItemOrder: false,
			timeZones: { api: 'Asia/Tokyo', input: 'Europe/Berlin' },
		});
		// The look-up's reads keep to the run's Concurrency.
		expect((readRun as unknown as { concurrency: number }).concurrency).toBe(2);
		expect(placementSettings()).toEqual({
			endpoint: 'postOrderByCode',
			checkDuplicates: true,
			concurrency: 2,
			batchPauseMs: 0,
			multiItemOrder: false,
			apiTimeZone: 'Asia/Tokyo',
			stopOnFirstError: true,
			lateCommitWaitMs: 15_000,
			changedRedelivery: 'flag',
		});
		expect(output).toEqual([{ json: { order_no: 'P-A' }, pairedItem: [{ item: 0 }] }]);
	});

	it('hands every option on as set', async () => {
		given([prepared('A', [0], [line()])]);
		await run(
			{
				normalize: false,
				addressOverflow: 'error',
				groupByEcOrderNo: true,
				multiItemOrder: true,
				concurrency: 5,
				apiTimeZone: ' UTC ',
				checkDuplicates: false,
				batchPauseMs: 250,
				lateCommitWaitSeconds: 3,
				changedRedelivery: 'error',
			},
			{ continueOnFail: true },
		);
		expect(inputSettings()).toEqual(
			expect.objectContaining({
				continueOnFail: true,
				normalize: false,
				addressOverflow: 'error',
				groupByEcOrderNo: true,
				multiItemOrder: true,
				timeZones: { api: 'UTC', input: 'Europe/Berlin' },
			}),
		);
		expect(jest.mocked(readOrders).mock.calls[0][0]).toMatchObject({ concurrency: 5 });
		expect(placementSettings()).toEqual({
			endpoint: 'postOrderByCode',
			checkDuplicates: false,
			concurrency: 5,
			batchPauseMs: 250,
			multiItemOrder: true,
			apiTimeZone: 'UTC',
			stopOnFirstError: false,
			lateCommitWaitMs: 3000,
			changedRedelivery: 'error',
		});
	});

	it("keeps the catalog reads' concurrency between 1 and 8", async () => {
		for (const [concurrency, expected] of [
			[20, 8],
			[8, 8],
			[0, 1],
			[-3, 1],
			['x', 1],
			[3, 3],
		] as const) {
			given([prepared('A', [0], [line()])]);
			jest.mocked(readOrders).mockClear();
			await run({ concurrency });
			expect(jest.mocked(readOrders).mock.calls[0][0]).toMatchObject({ concurrency: expected });
		}
	});

	it('Create With Images places with its own endpoint', async () => {
		given([prepared('A', [0], [{ item_code: 'IT-1', color: 'White', size: 'M', quantity: 1 }])]);
		await run({ preflight: false }, { operation: 'orderWithImage' });
		expect(placementSettings().endpoint).toBe('postOrderWithImage');
	});

	it("asks Printio whether a shop line's code is an original item", async () => {
		given([]);
		const asked = (code: string): ShopQuestion => ({
			retailerId: 7,
			by: 'original_item_code',
			code,
			itemIndex: 0,
			wantsOptions: false,
		});
		questions = [asked('OI-1'), asked('OI-404')];
		const { routes } = await run({});
		const { found } = jest.mocked(inputOf).mock.calls[0][3];
		expect(found.get(questionKey(asked('OI-1')))).toBe(true);
		expect(found.get(questionKey(asked('OI-404')))).toBe(false);
		expect(routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-404"}',
		]);
	});

	it('refuses an API Time Zone that is not one before reading anything', async () => {
		const { error, sent } = await run({ apiTimeZone: 'Mars/Olympus' });
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('API Time Zone "Mars/Olympus" is not a known time zone');
		expect(error?.description).toBe('Use an IANA time zone name such as Asia/Tokyo.');
		expect(error?.context.itemIndex).toBe(0);
		expect(jest.mocked(readOrders)).not.toHaveBeenCalled();
		expect(sent).toHaveLength(0);
	});
});

describe('executeOrderCreation: what stops a run before anything is sent', () => {
	it("several invalid orders: one error naming each order's fields, and every problem and fix under its order and item index; nothing placed", async () => {
		given([
			prepared('A', [0], undefined, {
				problems: [
					{
						field: 'shipping_information.zip_code',
						label: 'Zip',
						message: 'is missing',
						fix: 'Set it.',
						itemIndex: 2,
					},
					{
						field: 'shipping_information.zip_code',
						message: 'is short',
						fix: 'Fix it.',
						itemIndex: 2,
					},
					{ field: 'order_details[0].color', message: 'is empty', fix: 'Name one.', itemIndex: 3 },
				] as PreparedOrder['problems'],
			}),
			prepared('B', [1], undefined),
		]);
		const { error, sent } = await run({});
		expect(sent).toHaveLength(0);
		expect(error?.message).toBe(
			'2 orders are invalid (nothing was sent): Order "A": shipping_information.zip_code, order_details[0].color; Order "B": shipping_information.zip_code',
		);
		expect(error?.context.itemIndex).toBe(2);
		expect(error?.description).toBe(
			[
				'Order "A" (item index 0):',
				'- Zip (shipping_information.zip_code): is missing. Set it.',
				'- shipping_information.zip_code: is short. Fix it.',
				'- order_details[0].color: is empty. Name one.',
				'Order "B" (item index 1):',
				'- Zip (shipping_information.zip_code): is missing. Set it.',
			].join('\n'),
		);
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
	});

	it('one invalid order: its fields in the message, each problem on a line of its own', async () => {
		given([prepared('A', [0], [line()]), prepared('B', [1], undefined)]);
		const { error } = await run({});
		expect(error?.message).toBe(
			'Order "B" is invalid: shipping_information.zip_code (nothing was sent)',
		);
		expect(error?.description).toBe('Zip (shipping_information.zip_code): is missing. Set it.');
	});

	it('an order of several rows names the item index of each problem; an order without number is named as such', async () => {
		given([
			prepared(undefined, [0], undefined),
			prepared('C', [1, 2], undefined, {
				problems: [
					{ field: 'order_details[1].size', message: 'is required', fix: 'Give it.', itemIndex: 2 },
					{ field: 'order_details', message: 'is odd', fix: 'Look.' },
				] as PreparedOrder['problems'],
			}),
		]);
		const { error } = await run({});
		expect(error?.message).toBe(
			'2 orders are invalid (nothing was sent): An order without EC order number: shipping_information.zip_code; Order "C": order_details[1].size, order_details',
		);
		expect(error?.description).toBe(
			[
				'An order without EC order number (item index 0):',
				'- Zip (shipping_information.zip_code): is missing. Set it.',
				'Order "C" (item indexes 1, 2):',
				'- order_details[1].size: is required. Give it. (item index 2)',
				'- order_details: is odd. Look.',
			].join('\n'),
		);
		// The error points at the first problem's item; an order whose problems name none, at its first item.
		expect(error?.context.itemIndex).toBe(0);
		given([
			prepared('D', [4, 5], undefined, {
				problems: [
					{ field: 'order_details', message: 'is odd', fix: 'Look.' },
				] as PreparedOrder['problems'],
			}),
			prepared('E', [6], undefined),
		]);
		expect((await run({})).error?.context.itemIndex).toBe(4);
	});

	it('names the first 10 orders in the message and every one in the description', async () => {
		given(Array.from({ length: 12 }, (_, index) => prepared(`N-${index}`, [index], undefined)));
		const { error } = await run({});
		expect(error?.message).toMatch(
			/^12 orders are invalid \(nothing was sent\): Order "N-0": shipping_information\.zip_code; .*Order "N-9": shipping_information\.zip_code; 2 more in the description$/,
		);
		expect(error?.message).not.toContain('N-10');
		expect(error?.description?.match(/^Order "N-\d+" \(item index \d+\):$/gm)).toHaveLength(12);
		given(Array.from({ length: 10 }, (_, index) => prepared(`N-${index}`, [index], undefined)));
		expect((await run({})).error?.message).toMatch(/Order "N-9": shipping_information\.zip_code$/);
	});

	it('reads the catalog for the valid and the invalid orders alike, so that one run reports the colours too; nothing is placed', async () => {
		const draft = { retailer_id: 7, ec_order_no: 'B', order_details: [line(1, 'gold')] };
		given([
			prepared('A', [0], [line(1, 'black')]),
			prepared('B', [1], undefined, { draft } as Partial<PreparedOrder>),
		]);
		const { error, routes } = await run({});
		expect(routes()).toEqual(['GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}']);
		expect(error?.message).toBe(
			'2 orders are invalid (nothing was sent): Order "A": order_details[0].color; Order "B": shipping_information.zip_code, order_details[0].color',
		);
		expect(error?.description).toContain(
			'- Lines › Color Name or ID (order_details[0].color): "gold" is not one of the colours of original item OI-1 (item IT-1). Use one of: White.',
		);
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
	});

	it('an invalid order and an order whose catalog record cannot be read: the invalid one is reported, the unread one named after it', async () => {
		const script: CatalogScript = {
			...CATALOG,
			override: ({ url }) => (url === '/original-items' ? refused('no access') : undefined),
		};
		given([prepared('A', [0], [line()]), prepared('B', [1], undefined)]);
		const { error } = await run({}, { script });
		expect(error?.message).toBe(
			'Order "B" is invalid: shipping_information.zip_code (nothing was sent)',
		);
		expect(error?.description).toMatch(
			/^Zip \(shipping_information\.zip_code\): is missing\. Set it\.\nOrder "A" \(item index 0\) was not checked: its catalog record could not be read \(.*no access.*\)\.$/,
		);
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
	});

	it("Normalize off: a colour in another case is refused by the catalog match; on, it is placed with the catalog's name", async () => {
		given([prepared('A', [0], [line(1, 'white')])]);
		const { error } = await run({ normalize: false });
		expect(error?.message).toBe('Order "A" is invalid: order_details[0].color (nothing was sent)');
		given([prepared('A', [0], [line(1, 'white')])]);
		await run({});
		expect(placedOrders()[0].body.order_details[0].color).toBe('White');
	});

	it('an invalid order without an EC order number is named as such; alone, it says nothing was sent', async () => {
		given([
			prepared(undefined, [4], undefined, {
				problems: [{ field: 'retailer_id', message: 'is required', fix: 'Set it.' }],
			}),
		]);
		const { error } = await run({});
		expect(error?.message).toBe(
			'An order without EC order number is invalid: retailer_id (nothing was sent)',
		);
		expect(error?.context.itemIndex).toBe(4);
	});

	it('items that share an EC order number but differ: refused naming the items and the fields, no request', async () => {
		given([
			prepared('A', [0], [line(1)]),
			prepared('A', [1, 2], [line(2)]),
			prepared('B', [3], [line(1)]),
			prepared('B', [4], [line(1, 'Black')]),
		]);
		const { error, sent } = await run({});
		expect(sent).toHaveLength(0);
		expect(error?.message).toBe(
			'Items with item index 0, 1, 2 share EC order number "A" but are different orders (they differ in order_details[0].quantity). Nothing was sent; 1 more EC order number(s) like this.',
		);
		expect(error?.context.itemIndex).toBe(1);
		expect(error?.description).toBe(
			'One EC order number is placed at most once. If these items are the lines of one order, turn on Options › Combine Rows by Order No. If they are different orders, give each its own EC order number.',
		);
	});

	it('a colour the catalog does not list: refused after the catalog read, nothing placed', async () => {
		given([prepared('A', [0], [line(1, 'Purple')])]);
		const { error, routes } = await run({});
		expect(routes()).toEqual(['GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}']);
		expect(error?.message).toBe('Order "A" is invalid: order_details[0].color (nothing was sent)');
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
	});

	it('a catalog record that cannot be read: nothing sent, in words that say so and count the others', async () => {
		given([prepared('A', [3], [line()]), prepared('B', [4], [line()])]);
		const { error } = await run({}, { script: { override: () => refused('catalog down') } });
		expect(error?.message).toMatch(
			/^Catalog check before sending failed for order "A": .*catalog down \(1 more order\(s\) like this\)\. Nothing was sent for it\.$/,
		);
		expect(error?.context.itemIndex).toBe(3);
		expect(error?.description).toBe(
			"Every line's colour and size is matched to its item's catalog record before an order is sent, and an order is not sent while that record cannot be read. Run the workflow again later (with Check for Existing Order on, orders placed already are not ordered twice).",
		);
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
	});

	it('Check Stock First: a short order stops the run before anything is placed; off, it is placed', async () => {
		given([prepared('A', [0], [line(3)])]);
		const { error } = await run({ checkStock: true });
		expect(error?.message).toBe(
			'Order "A" is out of stock: order_details[0] IT-1 White M: 2 in stock, 3 ordered (nothing was sent)',
		);
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
		given([prepared('A', [0], [line(3)])]);
		const off = await run({});
		expect(off.error).toBeUndefined();
		expect(off.routes().some((route) => route.startsWith('POST /item-stocks'))).toBe(false);
	});

	it('Check Stock First: an order registered already is not refused (placing reports it), unless Check for Existing Order is off', async () => {
		const registered = { ...CATALOG, orders: { A: [{ order_no: 'P-A', ec_order_no: 'A' }] } };
		given([prepared('A', [0], [line(3)])]);
		const { error, routes } = await run({ checkStock: true }, { script: registered });
		expect(error).toBeUndefined();
		expect(routes()).toContain('GET /orders {"ec_order_no":"A"}');
		expect(placedOrders()).toHaveLength(1);
		given([prepared('A', [0], [line(3)])]);
		const off = await run({ checkStock: true, checkDuplicates: false }, { script: registered });
		expect(off.error?.message).toMatch(/^Order "A" is out of stock/);
	});

	it('Check Stock First: an order registered already with one short line among others is not refused either', async () => {
		const twoColours = {
			originalItems: [
				originalItem('OI-1', 'IT-1', { colors: colors(['White'], ['Black']), sizes: sizes('M') }),
			],
			items: [item('IT-1', { colors: colors(['White'], ['Black']), sizes: sizes('M') })],
			stocks: {
				'IT-1': [stockEntry('S-1', 'White', 'M', 2), stockEntry('S-2', 'Black', 'M', 5)],
			},
		};
		const registered = { ...twoColours, orders: { A: [{ order_no: 'P-A', ec_order_no: 'A' }] } };
		given([prepared('A', [0], [line(1, 'Black'), line(3)])]);
		const { error, routes } = await run({ checkStock: true }, { script: registered });
		expect(error).toBeUndefined();
		expect(routes()).toContain('GET /orders {"ec_order_no":"A"}');
		expect(placedOrders()).toHaveLength(1);
	});

	it('Check Stock First with Continue On Fail: the short order fails with its stock, the others are placed', async () => {
		given([prepared('A', [0], [line(3)]), prepared('B', [1], [line(1)])]);
		const { output } = await run(
			{ checkStock: true, checkDuplicates: false },
			{ continueOnFail: true },
		);
		expect(placedOrders().map((o) => o.body.ec_order_no)).toEqual(['B']);
		expect(output?.[0].json).toEqual(
			expect.objectContaining({
				error:
					'Order "A" is out of stock: order_details[0] IT-1 White M: 2 in stock, 3 ordered (nothing was sent)',
				ec_order_no: 'A',
				stock: [expect.objectContaining({ flag: 'short' })],
			}),
		);
		expect(output?.[1].json).toEqual({ order_no: 'P-B' });
	});
});

describe('executeOrderCreation: the output', () => {
	it("one item per order in input order, paired with its rows; repeats answer with their original's order", async () => {
		given([
			prepared('B', [2, 3], [line()]),
			prepared('A', [0], [line()]),
			prepared('B', [4], [line()]),
		]);
		const { output } = await run({});
		expect(placedOrders().map((o) => [o.body.ec_order_no, o.sourceIndexes])).toEqual([
			['B', [2, 3]],
			['A', [0]],
		]);
		expect(output).toEqual([
			{ json: { order_no: 'P-A' }, pairedItem: [{ item: 0 }] },
			{ json: { order_no: 'P-B' }, pairedItem: [{ item: 2 }, { item: 3 }] },
			{
				json: { order_no: 'P-B', already_registered: true, duplicate_of_item: 2 },
				pairedItem: [{ item: 4 }],
			},
		]);
	});

	it('annotations: left-out shop lines, each normalisation once, ignored fields', async () => {
		const changes = [
			{ field: 'zip', rule: 'digits', message: 'x', itemIndex: 0 },
			{ field: 'zip', rule: 'digits', message: 'x', itemIndex: 1 },
			{ field: 'zip', rule: 'width', message: 'y', itemIndex: 1 },
		] as unknown as PreparedOrder['changes'];
		const left = [{ line: 1, line_id: 'L', name: 'Mug', code: null, reason: 'noCode' as const }];
		given(
			[
				prepared('A', [0, 1], [line()], { changes, ignoredFields: ['image_urls'] }),
				prepared('B', [2], [line()]),
			],
			{
				leftOut: new Map([
					[0, left],
					[2, []],
				]),
			},
		);
		await run({});
		expect(placedOrders().map((o) => o.annotations)).toEqual([
			{
				left_out_lines: left,
				normalized: [
					{ field: 'zip', rule: 'digits' },
					{ field: 'zip', rule: 'width' },
				],
				ignored_fields: ['image_urls'],
			},
			undefined,
		]);
	});

	it('a failed placement without Continue On Fail: thrown with its item index and how many others were placed', async () => {
		given([
			prepared('A', [0], [line()]),
			prepared('B', [1], [line()]),
			prepared('C', [2], [line()]),
		]);
		const failure = new NodeOperationError(NODE, 'refused by Printio', {
			description: 'Printio said no.',
		});
		placement = (order) =>
			order.body.ec_order_no === 'B'
				? { ok: false, order, error: failure }
				: { ok: true, order, json: {} };
		const { error } = await run({});
		expect(error).toBe(failure);
		expect(error?.context.itemIndex).toBe(1);
		expect(error?.description).toBe(
			'Printio said no.\n2 other order(s) of this run were placed. With Check for Existing Order on, running the workflow again does not order them twice.',
		);
	});

	it('a failed placement with nothing else placed keeps its description; a plain error gets the item index', async () => {
		given([prepared('A', [5], [line()])]);
		placement = (order) => ({ ok: false, order, error: new Error('socket hang up') });
		const { error } = await run({});
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('socket hang up');
		expect(error?.context.itemIndex).toBe(5);
		expect(error?.description ?? undefined).toBeUndefined();
		given([prepared('A', [5], [line()])]);
		placement = (order) => ({ ok: false, order, error: new NodeOperationError(NODE, 'no') });
		const none = await run({});
		expect(none.error?.description ?? undefined).toBeUndefined();
		given([prepared('A', [5], [line()]), prepared('B', [6], [line()])]);
		placement = (order) =>
			order.body.ec_order_no === 'A'
				? { ok: false, order, error: new NodeOperationError(NODE, 'no') }
				: { ok: true, order, json: {} };
		const one = await run({});
		expect(one.error?.description).toBe(
			'1 other order(s) of this run were placed. With Check for Existing Order on, running the workflow again does not order them twice.',
		);
	});

	it('Continue On Fail: every kind of failure becomes an item in input order, with what it knows', async () => {
		const duplicate = new NodeApiError(NODE, {}, { message: 'placed twice', httpCode: '200' });
		Object.assign(duplicate.context, { orderNo: 'P-1', duplicateOrderNos: ['P-1', 'P-2'] });
		const changed = new NodeOperationError(NODE, 'changed');
		Object.assign(changed.context, {
			orderNo: 'P-9',
			changedFields: ['order_details[0].quantity'],
		});
		const changedNoNumber = new NodeOperationError(NODE, 'changed too');
		Object.assign(changedNoNumber.context, {
			changedFields: ['shipping_information.full_name'],
			duplicateOrderNos: ['P-7', 'P-8'],
		});
		placement = (order) => {
			const ec = order.body.ec_order_no;
			if (ec === 'D') return { ok: false, order, error: duplicate };
			if (ec === 'CH') return { ok: false, order, error: changed };
			if (ec === 'CN') return { ok: false, order, error: changedNoNumber };
			if (ec === 'F') return { ok: false, order, error: new Error('lost') };
			return { ok: true, order, json: { order_no: `P-${ec}` } };
		};
		given(
			[
				prepared('BAD', [1], undefined),
				prepared('D', [2], [line()]),
				prepared('CH', [3], [line()]),
				prepared('C', [4], [line(1)]),
				prepared('C', [5], [line(2)]),
				prepared('F', [6], [line()]),
				prepared('F', [7], [line()]),
				prepared('CN', [8], [line()]),
			],
			{ unreadable: new Map([[0, new Error('cannot read item 0')]]) },
		);
		const { output } = await run({}, { continueOnFail: true, onError: 'continueErrorOutput' });
		const json = output!.map((entry) => entry.json);
		expect(output!.map((entry) => entry.pairedItem)).toEqual(
			[0, 1, 2, 3, 4, 5, 6, 7, 8].map((item) => [{ item }]),
		);
		expect(json[0]).toEqual({ error: 'cannot read item 0' });
		expect(output![0].error).toBeInstanceOf(NodeOperationError);
		expect((output![0].error as NodeOperationError).context.itemIndex).toBe(0);
		expect(json[1]).toEqual({
			error: 'Order "BAD" is invalid: shipping_information.zip_code (nothing was sent)',
			errorDescription: 'Zip (shipping_information.zip_code): is missing. Set it.',
			ec_order_no: 'BAD',
			problems: [
				{
					field: 'shipping_information.zip_code',
					label: 'Zip',
					message: 'is missing',
					fix: 'Set it.',
					itemIndex: 1,
				},
			],
		});
		expect(json[2]).toEqual(
			expect.objectContaining({
				error: 'placed twice',
				ec_order_no: 'D',
				order_no: 'P-1',
				duplicate_detected: true,
				order_nos: ['P-1', 'P-2'],
			}),
		);
		expect(json[2].already_registered).toBeUndefined();
		expect(json[3]).toEqual(
			expect.objectContaining({
				error: 'changed',
				ec_order_no: 'CH',
				already_registered: true,
				order_no: 'P-9',
				changed_fields: ['order_details[0].quantity'],
			}),
		);
		expect(json[3].duplicate_detected).toBeUndefined();
		for (const conflicting of [json[4], json[5]]) {
			expect(conflicting).toEqual(
				expect.objectContaining({
					error:
						'Items with item index 4, 5 share EC order number "C" but are different orders (they differ in order_details[0].quantity). Nothing was sent.',
					ec_order_no: 'C',
				}),
			);
			expect(conflicting.validate_only).toBeUndefined();
		}
		expect(output![4].error).toBeInstanceOf(NodeOperationError);
		expect(json[6]).toEqual({ error: 'lost', ec_order_no: 'F' });
		expect(json[7]).toEqual({
			error: 'Not sent: the same order as item index 6, which failed: lost',
			ec_order_no: 'F',
			duplicate_of_item: 6,
		});
		expect((output![7].error as NodeOperationError).context.itemIndex).toBe(7);
		expect(json[8]).toEqual(
			expect.objectContaining({
				error: 'changed too',
				already_registered: true,
				changed_fields: ['shipping_information.full_name'],
				duplicate_detected: true,
				order_nos: ['P-7', 'P-8'],
			}),
		);
		expect(json[8].order_no).toBeUndefined();
	});

	it('Continue On Fail: an invalid order without an EC order number answers with null for it', async () => {
		given([prepared(undefined, [0], undefined, { ecOrderNo: undefined })]);
		const { output } = await run({}, { continueOnFail: true });
		expect(output?.[0].json).toEqual(
			expect.objectContaining({
				ec_order_no: null,
				error:
					'An order without EC order number is invalid: shipping_information.zip_code (nothing was sent)',
			}),
		);
	});

	it('Continue On Fail: an order whose catalog record cannot be read fails alone, with its number', async () => {
		given([
			prepared('A', [0], [line()]),
			prepared(
				undefined,
				[1],
				[{ original_item_code: 'OI-X', color: 'White', size: 'M', quantity: 1 }],
				{ ecOrderNo: undefined },
			),
		]);
		const { output } = await run(
			{},
			{
				continueOnFail: true,
				script: {
					...CATALOG,
					override: ({ qs }) => (qs.original_item_code === 'OI-X' ? refused('down') : undefined),
				},
			},
		);
		expect(placedOrders().map((o) => o.body.ec_order_no)).toEqual(['A']);
		expect(output?.[1].json.error).toMatch(
			/^Catalog check before sending failed for an order: .*down\. Nothing was sent for it\.$/,
		);
		expect(output?.[1].json.ec_order_no).toBeNull();
		// A real run's failure is an error item, never a Validate Only answer.
		expect(output?.[1].json.validate_only).toBeUndefined();
		expect(output?.[1].json.would_send).toBeUndefined();
	});

	it("Validate Only: answers without placing; the input's own problems do not stop it", async () => {
		given([prepared('A', [0], [line()]), prepared('BAD', [1], undefined)]);
		const { output, error } = await run({ validateOnly: true, multiItemOrder: true });
		expect(error).toBeUndefined();
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
		expect(output?.map((entry) => [entry.json.would_send, entry.json.error])).toEqual([
			[true, undefined],
			[false, 'Order "BAD" is invalid: shipping_information.zip_code (nothing was sent)'],
		]);
		expect((output?.[0].json.request as IDataObject).headers).toEqual({
			'X-Feature-Flags': 'MultiItemOrder',
		});
	});

	it('Validate Only with Continue On Fail: unreadable items, unreadable catalog records and annotations answered as a real run would', async () => {
		const changes = [
			{ field: 'zip', rule: 'digits', message: 'x', itemIndex: 0 },
		] as unknown as PreparedOrder['changes'];
		given(
			[
				prepared('A', [1], [line()], { changes }),
				prepared(
					'B',
					[2],
					[{ original_item_code: 'OI-X', color: 'White', size: 'M', quantity: 1 }],
				),
			],
			{
				unreadable: new Map([[0, new Error('cannot read item 0')]]),
			},
		);
		const { output } = await run(
			{ validateOnly: true },
			{
				continueOnFail: true,
				script: {
					...CATALOG,
					override: ({ qs }) => (qs.original_item_code === 'OI-X' ? refused('down') : undefined),
				},
			},
		);
		expect(output?.[0].json).toEqual({ error: 'cannot read item 0' });
		expect(output?.[1].json).toEqual(
			expect.objectContaining({ would_send: true, normalized: [{ field: 'zip', rule: 'digits' }] }),
		);
		expect(output?.[2].json).toEqual(
			expect.objectContaining({ would_send: false, ec_order_no: 'B' }),
		);
		expect(output?.[2].json.error).toMatch(
			/^Catalog check before sending failed for order "B": .*down\. Nothing was sent for it\.$/,
		);
	});

	it('the lookup of a cancelled shop order carries MultiItemOrder when the run uses it', async () => {
		given([], { unsent: [{ itemIndex: 0, ecOrderNo: 'X', reason: 'cancelled', leftOut: [] }] });
		const { sent } = await run({ multiItemOrder: true }, { continueOnFail: true });
		expect(sent.map((s) => s.options.url)).toEqual(['/orders']);
		expect(sent[0].options.headers).toEqual(
			expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
		);
	});

	it('shop orders not sent are answered among the others in input order; a cancelled one placed before fails the run after the others', async () => {
		const left = [{ line: 0, line_id: 'L', name: 'Mug', code: null, reason: 'noCode' as const }];
		given([prepared('A', [1], [line()])], {
			unsent: [
				{ itemIndex: 0, ecOrderNo: 'N', reason: 'noPrintLine', leftOut: left },
				{ itemIndex: 2, ecOrderNo: 'X', reason: 'cancelled', leftOut: [] },
			],
		});
		const { output } = await run({}, { continueOnFail: true });
		expect(output?.map((entry) => entry.json.ec_order_no ?? entry.json.order_no)).toEqual([
			'N',
			'P-A',
			'X',
		]);

		given([prepared('A', [1], [line()])], {
			unsent: [{ itemIndex: 2, ecOrderNo: 'X', reason: 'cancelled', leftOut: [] }],
		});
		const placedBefore = await run(
			{},
			{ script: { ...CATALOG, orders: { X: [{ order_no: 'P-X' }] } } },
		);
		expect(placedBefore.error?.message).toBe(
			'Order "X" is cancelled in the shop but was placed with Printio before: ask Printio to cancel P-X',
		);
		expect(jest.mocked(placeOrders)).toHaveBeenCalled();

		given([], { unsent: [{ itemIndex: 0, ecOrderNo: 'X', reason: 'cancelled', leftOut: [] }] });
		const validate = await run(
			{ validateOnly: true },
			{ script: { ...CATALOG, orders: { X: [{ order_no: 'P-X' }] } } },
		);
		expect(validate.error).toBeUndefined();
		expect(validate.output?.[0].json).toEqual(
			expect.objectContaining({ validate_only: true, cancelled: true }),
		);
	});
});

describe('executeOrderCreation: the design preflight of Create With Images', () => {
	const imageLine = (url: string) => ({
		item_code: 'IT-1',
		color: 'White',
		size: 'M',
		quantity: 1,
		image_urls: { values: [{ position: 'back', urls: [{ type: 'Output', url }] }] },
	});

	it('is skipped when turned off, and never run for Order › Create', async () => {
		// The design's host cannot be reached: had it been checked, the order would be refused.
		given([prepared('A', [0], [imageLine('https://designs.example.test/a.png')])]);
		const off = await run({ preflight: false }, { operation: 'orderWithImage' });
		expect(off.error).toBeUndefined();
		expect(placedOrders()).toHaveLength(1);
		given([
			prepared(
				'A',
				[0],
				[
					{
						...line(),
						image_urls: {
							values: [{ position: 'back', urls: [{ type: 'Output', url: 'not-a-url' }] }],
						},
					},
				],
			),
		]);
		jest.mocked(placeOrders).mockClear();
		const byCode = await run({});
		expect(byCode.error).toBeUndefined();
		expect(placedOrders()).toHaveLength(1);
	});

	it('a design that fails refuses its order before anything is sent, saying how many more', async () => {
		given([
			prepared('A', [0], [imageLine('not-a-url')]),
			prepared('B', [1], [imageLine('also-not')]),
		]);
		const { error } = await run({}, { operation: 'orderWithImage' });
		expect(error?.message).toBe(
			'Design preflight, order "A" line 1 (back): not-a-url cannot be read (host not found)',
		);
		expect(error?.description).toMatch(
			/\n1 more order\(s\) of this run have a design that failed the check\. No order of this run was sent: every design is checked before the first order goes out\.$/,
		);
		expect(jest.mocked(placeOrders)).not.toHaveBeenCalled();
		given([prepared('A', [0], [imageLine('not-a-url')])]);
		const single = await run({}, { operation: 'orderWithImage' });
		expect(single.error?.description).toMatch(
			/\nNo order of this run was sent: every design is checked before the first order goes out\.$/,
		);
		expect(single.error?.description).not.toContain('more order(s)');
	});

	it('with Continue On Fail the refused order fails and the others are placed', async () => {
		given([
			prepared('A', [0], [imageLine('not-a-url')]),
			prepared('B', [1], [{ item_code: 'IT-1', color: 'White', size: 'M', quantity: 1 }]),
		]);
		const { output } = await run({}, { operation: 'orderWithImage', continueOnFail: true });
		expect(placedOrders().map((o) => o.body.ec_order_no)).toEqual(['B']);
		expect(output?.[0].json.error).toBe(
			'Design preflight, order "A" line 1 (back): not-a-url cannot be read (host not found)',
		);
		expect(output?.[0].json.ec_order_no).toBe('A');
	});
});

describe('executeOrderCreation: the invalid-orders error puts each problem and each unchecked order on a line of its own', () => {
	it('one invalid order with two problems: two lines', async () => {
		const problems = [
			{
				field: 'shipping_information.zip_code',
				label: 'Zip',
				message: 'is missing',
				fix: 'Set it.',
				itemIndex: 0,
			},
			{
				field: 'shipping_information.phone_number',
				label: 'Phone',
				message: 'is missing',
				fix: 'Set it too.',
				itemIndex: 0,
			},
		];
		given([prepared('A', [0], undefined, { problems } as Partial<PreparedOrder>)]);
		const { error } = await run({});
		expect(error?.description?.split('\n')).toEqual([
			'Zip (shipping_information.zip_code): is missing. Set it.',
			'Phone (shipping_information.phone_number): is missing. Set it too.',
		]);
	});

	it('two orders whose catalog record cannot be read: one line each, after the problems', async () => {
		const script: CatalogScript = {
			...CATALOG,
			override: ({ url }) => (url === '/original-items' ? refused('no access') : undefined),
		};
		given([
			prepared('A', [0], [line()]),
			prepared('B', [1], [line()]),
			prepared('C', [2], undefined),
		]);
		const lines = (await run({}, { script })).error?.description?.split('\n') ?? [];
		expect(lines).toHaveLength(3);
		expect(lines[0]).toBe('Zip (shipping_information.zip_code): is missing. Set it.');
		expect(lines[1]).toMatch(
			/^Order "A" \(item index 0\) was not checked: its catalog record could not be read/,
		);
		expect(lines[2]).toMatch(
			/^Order "B" \(item index 1\) was not checked: its catalog record could not be read/,
		);
	});
});

/** The X-Feature-Flags header of every request sent to a path. */
const flagsSentTo = (
	sent: Array<{ options: { url?: string; headers?: IDataObject } }>,
	url: string,
) =>
	sent
		.filter((request) => request.options.url === url)
		.map((request) => request.options.headers?.['X-Feature-Flags'] ?? 'none');

describe('executeOrderCreation: MultiItemOrder only where the run uses it', () => {
	it('the lookup of a cancelled shop order carries no MultiItemOrder when the run does not use it', async () => {
		given([], { unsent: [{ itemIndex: 0, ecOrderNo: 'X', reason: 'cancelled', leftOut: [] }] });
		const { sent } = await run({}, { continueOnFail: true });
		expect(flagsSentTo(sent, '/orders')).toStrictEqual(['none']);
	});

	it('Check Stock First: its lookup of a registered order carries MultiItemOrder exactly when the run uses it', async () => {
		const registered = { ...CATALOG, orders: { A: [{ order_no: 'P-A', ec_order_no: 'A' }] } };
		given([prepared('A', [0], [line(3)])]);
		const withFlag = await run({ checkStock: true, multiItemOrder: true }, { script: registered });
		expect(withFlag.error).toBeUndefined();
		expect(flagsSentTo(withFlag.sent, '/orders')).toStrictEqual(['MultiItemOrder']);
		given([prepared('A', [0], [line(3)])]);
		const without = await run({ checkStock: true }, { script: registered });
		expect(without.error).toBeUndefined();
		expect(flagsSentTo(without.sent, '/orders')).toStrictEqual(['none']);
	});

	it('Validate Only: the request shown has no headers when the run does not use MultiItemOrder', async () => {
		given([prepared('A', [0], [line()])]);
		const { output } = await run({ validateOnly: true });
		expect(output?.[0].json.request).toStrictEqual({
			method: 'POST',
			path: expect.any(String),
			body: expect.objectContaining({
				retailer_id: 7,
				ec_order_no: 'A',
				order_details: [{ original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 1 }],
			}),
		});
	});
});

describe('executeOrderCreation: words', () => {
	it('Validate Only: conflicting orders answer with the words a real run would throw', async () => {
		given([prepared('A', [0], [line(1), line(1)]), prepared('A', [1], [line(2), line(2)])]);
		const { output, error } = await run({ validateOnly: true });
		expect(error).toBeUndefined();
		const message =
			'Items with item index 0, 1 share EC order number "A" but are different orders (they differ in order_details[0].quantity, order_details[1].quantity). Nothing was sent.';
		expect(output?.map((entry) => [entry.json.would_send, entry.json.error])).toStrictEqual([
			[false, message],
			[false, message],
		]);
		expect(output?.[0].json.errorDescription).toBe(
			'One EC order number is placed at most once. If these items are the lines of one order, turn on Options › Combine Rows by Order No. If they are different orders, give each its own EC order number.',
		);
	});

	it('a conflict that differs in several fields names each, comma-separated', async () => {
		given([prepared('A', [0], [line(1), line(1)]), prepared('A', [1], [line(2), line(2)])]);
		const { error } = await run({});
		expect(error?.message).toBe(
			'Items with item index 0, 1 share EC order number "A" but are different orders (they differ in order_details[0].quantity, order_details[1].quantity). Nothing was sent.',
		);
	});
});

describe('executeOrderCreation: failure items carry only what they know', () => {
	it('a plain failure has no stock, order number or duplicate keys; a changed or duplicate registration without a number has no order_no', async () => {
		const changedNoNumber = new NodeOperationError(NODE, 'changed');
		Object.assign(changedNoNumber.context, { changedFields: ['shipping_information.full_name'] });
		const duplicateNoNumber = new NodeApiError(
			NODE,
			{},
			{ message: 'placed twice', httpCode: '200' },
		);
		Object.assign(duplicateNoNumber.context, { duplicateOrderNos: ['P-7', 'P-8'] });
		placement = (order) => {
			const ec = order.body.ec_order_no;
			if (ec === 'F') return { ok: false, order, error: new Error('lost') };
			if (ec === 'CH') return { ok: false, order, error: changedNoNumber };
			return { ok: false, order, error: duplicateNoNumber };
		};
		given([
			prepared('F', [0], [line()]),
			prepared('CH', [1], [line()]),
			prepared('D', [2], [line()]),
		]);
		const { output } = await run({}, { continueOnFail: true });
		expect(output?.map((entry) => entry.json)).toStrictEqual([
			{ error: 'lost', ec_order_no: 'F' },
			{
				error: 'changed',
				ec_order_no: 'CH',
				already_registered: true,
				changed_fields: ['shipping_information.full_name'],
			},
			{
				error: 'placed twice',
				httpCode: '200',
				ec_order_no: 'D',
				duplicate_detected: true,
				order_nos: ['P-7', 'P-8'],
			},
		]);
	});
});
