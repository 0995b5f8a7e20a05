/**
 * Order › Create as a unit (createOrders.ts), the behaviour createOrders.test.ts left open (found by a hand-run
 * mutation test, docs/testing.md "How to handle a survivor"): that MultiItemOrder reaches every request of a run
 * only when set (the lookups of Check Stock First and of cancelled shop orders, the request Validate Only shows),
 * Validate Only's words for conflicting orders, and the failure items carrying only the keys that have a value.
 * Same setup as createOrders.test.ts: the input reading and the placement are scripted, the rest runs for real
 * against a scripted catalog.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { executeOrderCreation } from '../../../../nodes/Printio/placement/createOrders';
import { type OrderToPlace, type PlacementOutcome, placeOrders } from '../../../../nodes/Printio/placement/placement';
import { type OrderInput, type PreparedOrder, readOrderInput } from '../../../../nodes/Printio/orderInput';
import { NODE } from '../../shared/printio/transport/fakeContext';
import { catalogService, originalItem, type CatalogScript, colors, sizes, stockEntry, item } from '../checks/catalogFake';

jest.mock('../../../../nodes/Printio/orderInput', () => ({ ...jest.requireActual('../../../../nodes/Printio/orderInput'), readOrderInput: jest.fn() }));
jest.mock('../../../../nodes/Printio/placement/placement', () => ({ ...jest.requireActual('../../../../nodes/Printio/placement/placement'), placeOrders: jest.fn() }));

const shirt = originalItem('OI-1', 'IT-1', { colors: colors(['White']), sizes: sizes('M') });
const CATALOG: CatalogScript = { originalItems: [shirt], items: [item('IT-1', { colors: colors(['White']), sizes: sizes('M') })], stocks: { 'IT-1': [stockEntry('S-1', 'White', 'M', 2)] } };

const line = (quantity = 1, color = 'White') => ({ original_item_code: 'OI-1', color, size: 'M', quantity });
const prepared = (ec: string | undefined, itemIndexes: number[], lines?: Array<Record<string, unknown>>, extra: Partial<PreparedOrder> = {}): PreparedOrder =>
	({
		itemIndexes,
		ecOrderNo: ec,
		...(lines ? { request: { retailer_id: 7, ec_order_no: ec, order_details: lines } } : {}),
		problems: lines ? [] : [{ field: 'shipping_information.zip_code', label: 'Zip', message: 'is missing', fix: 'Set it.', itemIndex: itemIndexes[0] }],
		changes: [],
		ignoredFields: [],
		...extra,
	}) as unknown as PreparedOrder;

let input: OrderInput;
const given = (orders: PreparedOrder[], more: Partial<OrderInput> = {}) => {
	input = { orders, unreadable: new Map(), leftOut: new Map(), unsent: [], ...more };
};

let placement: (order: OrderToPlace) => PlacementOutcome;
beforeEach(() => {
	jest.mocked(readOrderInput).mockReset();
	jest.mocked(readOrderInput).mockImplementation(async () => input as never);
	jest.mocked(placeOrders).mockReset();
	jest.mocked(placeOrders).mockImplementation(async (_api, orders) => orders.map((order) => placement(order)));
	placement = (order) => ({ ok: true, order, json: { order_no: `P-${order.body.ec_order_no}` } });
});

async function run(options: IDataObject, { continueOnFail = false, script = CATALOG }: { continueOnFail?: boolean; script?: CatalogScript } = {}) {
	const service = catalogService(script, {
		getNode: () => NODE,
		getNodeParameter: ((name: string) => (name === 'options' ? options : undefined)) as IExecuteFunctions['getNodeParameter'],
		continueOnFail: () => continueOnFail,
		getTimezone: () => 'Europe/Berlin',
	} as Partial<IExecuteFunctions>);
	const items: INodeExecutionData[] = [{ json: {} }];
	const result = await executeOrderCreation.call(service.context, items, 'orderByCode', service.api).then(
		(output) => ({ output, error: undefined }),
		(error: unknown) => ({ output: undefined, error: error as NodeOperationError }),
	);
	return { ...service, ...result };
}

/** The X-Feature-Flags header of every request sent to a path. */
const flagsSentTo = (sent: Array<{ options: { url?: string; headers?: IDataObject } }>, url: string) =>
	sent.filter((request) => request.options.url === url).map((request) => request.options.headers?.['X-Feature-Flags'] ?? 'none');

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
			body: { retailer_id: 7, ec_order_no: 'A', order_details: [{ original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 1 }] },
		});
	});
});

describe('executeOrderCreation: words', () => {
	it('Validate Only: conflicting orders answer with the words a real run would throw', async () => {
		given([prepared('A', [0], [line(1), line(1)]), prepared('A', [1], [line(2), line(2)])]);
		const { output, error } = await run({ validateOnly: true });
		expect(error).toBeUndefined();
		const message = 'Items with item index 0, 1 share EC order number "A" but are different orders (they differ in order_details[0].quantity, order_details[1].quantity). Nothing was sent.';
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
		const duplicateNoNumber = new NodeApiError(NODE, {}, { message: 'placed twice', httpCode: '200' });
		Object.assign(duplicateNoNumber.context, { duplicateOrderNos: ['P-7', 'P-8'] });
		placement = (order) => {
			const ec = order.body.ec_order_no;
			if (ec === 'F') return { ok: false, order, error: new Error('lost') };
			if (ec === 'CH') return { ok: false, order, error: changedNoNumber };
			return { ok: false, order, error: duplicateNoNumber };
		};
		given([prepared('F', [0], [line()]), prepared('CH', [1], [line()]), prepared('D', [2], [line()])]);
		const { output } = await run({}, { continueOnFail: true });
		expect(output?.map((entry) => entry.json)).toStrictEqual([
			{ error: 'lost', ec_order_no: 'F' },
			{ error: 'changed', ec_order_no: 'CH', already_registered: true, changed_fields: ['shipping_information.full_name'] },
			{ error: 'placed twice', httpCode: '200', ec_order_no: 'D', duplicate_detected: true, order_nos: ['P-7', 'P-8'] },
		]);
	});
});
