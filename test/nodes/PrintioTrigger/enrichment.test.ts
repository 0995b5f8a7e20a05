/**
 * enrichment.ts directly: the keys that match a change to its order record, and readOrders' requests (batches of
 * 30 order numbers, pages only while a full page is short of `total`) and the order each key gets.
 */
import { NodeApiError } from 'n8n-workflow';

import type { Change, StatusRecordLike } from '../../../nodes/PrintioTrigger/cursor';
import {
	anyShipmentKey,
	readOrders,
	shipmentKey,
	shipmentsByOrder,
} from '../../../nodes/PrintioTrigger/enrichment';
import { printioApi } from '../../../nodes/shared/printio/transport';
import {
	CONNECTION,
	ok,
	type ScriptedAnswer,
	scriptedContext,
} from '../shared/printio/transport/fakeContext';

const changeOf = (order_no: string, shipping_id?: string | null): Change<StatusRecordLike> => ({
	record: {
		order_no,
		status_id: 2,
		updated_at: '2026/11/25 12:00:00',
		...(shipping_id === undefined ? {} : { shipping_id }),
	},
	atMs: 0,
	changeId: order_no,
});
const orderOf = (order_no: unknown, extra: Record<string, unknown> = {}) => ({
	order_no,
	lines: [],
	...extra,
});

async function read(
	answers: ScriptedAnswer[] | ((qs: Record<string, unknown>) => ScriptedAnswer),
	changes: Array<Change<StatusRecordLike>>,
	multiItemOrder = false,
) {
	const script =
		typeof answers === 'function'
			? Array.from(
					{ length: 10 },
					() => (options: { qs?: unknown }) => answers(options.qs as Record<string, unknown>),
				)
			: answers;
	const { context, sent } = scriptedContext(script);
	const orders = await readOrders(printioApi(context, CONNECTION), { multiItemOrder }, changes);
	return {
		orders,
		sent: sent.map(({ options }) => ({
			url: options.url,
			qs: options.qs,
			headers: options.headers,
		})),
	};
}

describe('shipmentKey, anyShipmentKey', () => {
	it('one key per order number and shipment; no shipment (null, absent, empty) is one shipment', () => {
		expect(shipmentKey('A', 'S1')).toBe('["A","S1"]');
		expect([shipmentKey('A', null), shipmentKey('A', undefined), shipmentKey('A', '')]).toEqual([
			'["A",""]',
			'["A",""]',
			'["A",""]',
		]);
		expect(shipmentKey(123, 'S1')).toBe(shipmentKey('123', 'S1'));
		expect(anyShipmentKey(123)).toBe('["123"]');
		// Order numbers may hold the separators of a joined key: a JSON array cannot mix two of them up.
		expect(shipmentKey('A","B', '')).not.toBe(shipmentKey('A', 'B",""'));
		expect(anyShipmentKey('A')).not.toBe(shipmentKey('A', ''));
	});
});

describe('shipmentsByOrder', () => {
	it("lists each order's shipment records once, leaving out the order's any-shipment entry", () => {
		const a1 = { order_no: 'A', shipping_id: 'A-1' };
		const a2 = { order_no: 'A', shipping_id: 'A-2' };
		const b = { order_no: 'B', shipping_id: null };
		const read = new Map<string, Record<string, unknown>>([
			[shipmentKey('A', 'A-1'), a1],
			[anyShipmentKey('A'), a1],
			[shipmentKey('A', 'A-2'), a2],
			[shipmentKey('B', null), b],
			[anyShipmentKey('B'), b],
		]);
		expect(shipmentsByOrder(read as never)).toEqual(
			new Map([
				['A', [a1, a2]],
				['B', [b]],
			]),
		);
	});
});

describe('readOrders', () => {
	it('no change: no request', async () => {
		const { orders, sent } = await read([], []);
		expect(orders.size).toBe(0);
		expect(sent).toEqual([]);
	});

	it('one GET /orders per 30 distinct order numbers, in the order of the changes, without the feature flag', async () => {
		const numbers = Array.from({ length: 61 }, (_, i) => `P${i}`);
		const changes = [...numbers.map((no) => changeOf(no)), changeOf('P0'), changeOf('P31')];
		const { orders, sent } = await read((qs) => {
			const asked = String(qs.order_no).split(',');
			return ok({ total: asked.length, orders: asked.map((no) => orderOf(no)) });
		}, changes);
		expect(sent).toEqual([
			{
				url: '/orders',
				qs: { order_no: numbers.slice(0, 30).join(','), limit: 30, page: 1 },
				headers: { Accept: 'application/json' },
			},
			{
				url: '/orders',
				qs: { order_no: numbers.slice(30, 60).join(','), limit: 30, page: 1 },
				headers: { Accept: 'application/json' },
			},
			{
				url: '/orders',
				qs: { order_no: 'P60', limit: 30, page: 1 },
				headers: { Accept: 'application/json' },
			},
		]);
		expect(orders.size).toBe(2 * 61);
		expect(orders.get(shipmentKey('P42', null))).toEqual(orderOf('P42'));
		expect(orders.get(anyShipmentKey('P60'))).toEqual(orderOf('P60'));
	});

	it('MultiItemOrder: the flag on the request; each key keeps the first record that has it', async () => {
		const records = [
			orderOf('A', { shipping_id: 'S2', n: 1 }),
			orderOf('A', { shipping_id: 'S1', n: 2 }),
			orderOf('A', { shipping_id: 'S1', n: 3 }),
			orderOf(123, { n: 4 }),
		];
		const { orders, sent } = await read(
			[ok({ total: 4, orders: records })],
			[changeOf('A', 'S1'), changeOf('123')],
			true,
		);
		expect(sent).toEqual([
			{
				url: '/orders',
				qs: { order_no: 'A,123', limit: 30, page: 1 },
				headers: { Accept: 'application/json', 'X-Feature-Flags': 'MultiItemOrder' },
			},
		]);
		expect([...orders.entries()]).toEqual([
			[shipmentKey('A', 'S2'), records[0]],
			[anyShipmentKey('A'), records[0]],
			[shipmentKey('A', 'S1'), records[1]],
			[shipmentKey(123, undefined), records[3]],
			[anyShipmentKey(123), records[3]],
		]);
	});

	const full = Array.from({ length: 30 }, (_, i) => orderOf(`X${i}`));
	const pagesAsked = async (pages: Array<Record<string, unknown>>) => {
		const { orders, sent } = await read(
			pages.map((body) => ok(body)),
			[changeOf('A')],
		);
		return { pages: sent.map((request) => request.qs?.page), count: orders.size / 2 };
	};

	it('reads the next page only after a full page short of its total, and each page of its own total', async () => {
		expect(
			await pagesAsked([
				{ total: 31, orders: full },
				{ total: 31, orders: [orderOf('B')] },
			]),
		).toEqual({ pages: [1, 2], count: 31 });
		expect(
			await pagesAsked([
				{ total: 90, orders: full },
				{ total: 60, orders: full.map((o) => orderOf(`${o.order_no}b`)) },
			]),
		).toEqual({ pages: [1, 2], count: 60 });
		const { sent } = await read(
			[ok({ total: 31, orders: full }), ok({ total: 31, orders: [orderOf('B')] })],
			[changeOf('A')],
		);
		expect(sent.map((request) => request.qs)).toEqual([
			{ order_no: 'A', limit: 30, page: 1 },
			{ order_no: 'A', limit: 30, page: 2 },
		]);
	});

	it('one page when it is short (whatever total says), exactly 30 of 30, without a total, or empty', async () => {
		expect(await pagesAsked([{ total: 40, orders: [orderOf('A')] }])).toEqual({
			pages: [1],
			count: 1,
		});
		expect(await pagesAsked([{ total: 30, orders: full }])).toEqual({ pages: [1], count: 30 });
		expect(await pagesAsked([{ orders: full }])).toEqual({ pages: [1], count: 30 });
		expect(await pagesAsked([{ total: 90, orders: [] }])).toEqual({ pages: [1], count: 0 });
		expect(await pagesAsked([{ status_code: 1, message: 'no data' }])).toEqual({
			pages: [1],
			count: 0,
		});
	});

	it('a page of more than 30 records (MultiItemOrder) is full: the next page is read while total says so', async () => {
		const many = Array.from({ length: 31 }, (_, i) => orderOf(`M${i}`));
		expect(
			await pagesAsked([
				{ total: 32, orders: many },
				{ total: 32, orders: [orderOf('Z')] },
			]),
		).toEqual({ pages: [1, 2], count: 32 });
	});

	it('a failed read fails with the transport’s error and asks nothing more', async () => {
		const numbers = Array.from({ length: 31 }, (_, i) => `P${i}`);
		const { context, sent } = scriptedContext([
			{ statusCode: 200, body: { status_code: 2, message: 'bad' } },
			ok({ total: 1, orders: [orderOf('P30')] }),
		]);
		await expect(
			readOrders(
				printioApi(context, CONNECTION),
				{ multiItemOrder: false },
				numbers.map((no) => changeOf(no)),
			),
		).rejects.toBeInstanceOf(NodeApiError);
		expect(sent).toHaveLength(1);
	});
});
