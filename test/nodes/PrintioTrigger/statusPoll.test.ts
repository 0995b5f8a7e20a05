/**
 * statusPoll.ts directly, without the node's lease: what pollChanges reads, emits and stores, what it refuses,
 * and how Fetch Test Event widens its window. The node tests (PrintioTrigger.node.test.ts) run the same through poll.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Settings } from '../../../nodes/PrintioTrigger/settings';
import { fetchTestEvent, pollChanges } from '../../../nodes/PrintioTrigger/statusPoll';
import { formatApiDateTime, formatApiDateTimeLowerBound } from '../../../nodes/shared/printio/time';
import { ok } from '../shared/printio/transport/fakeContext';
import { pollContext, type SentRequest } from './pollContext';

const NOW = Date.parse('2026-11-25T03:00:00Z');
const DAY = 86_400_000;
const SETTINGS: Settings = {
	event: 'anyChange',
	statusIds: [],
	apiTimeZone: 'UTC',
	multiItemOrder: false,
	includeOrder: false,
	overlapMs: 120_000,
	lookBackMs: 10 * 60_000,
	start: 'now',
};
const change = (
	order_no: string,
	status_id: number,
	atMs: number,
	extra: Record<string, unknown> = {},
) => ({
	order_no,
	status_id,
	updated_at: formatApiDateTime(atMs, 'UTC'),
	...extra,
});
const itemOf = (
	record: ReturnType<typeof change> & { shipping_id?: string },
	atMs: number,
	event = 'statusChanged',
) => ({
	json: {
		event,
		change_id: `${record.order_no}|${record.shipping_id ?? ''}|${record.status_id}|${record.updated_at}`,
		...record,
		updated_at_iso: `${new Date(atMs).toISOString().slice(0, 19)}+00:00`,
		updated_at_utc: new Date(atMs).toISOString(),
	},
});
const answering = (records: unknown[], orders?: unknown[]) => (request: SentRequest) =>
	request.url === '/orders'
		? ok({ total: orders?.length ?? 0, orders })
		: ok({ total: records.length, orders: records });

describe('pollChanges', () => {
	it('reads from the look-back, emits each change oldest first, stores the cursor; a poll with nothing new writes nothing', async () => {
		const a = change('A', 2, NOW - 30_000);
		const b = change('B', 5, NOW - 90_000, { shipping_number: 'SN1' });
		const poll = pollContext({ answer: answering([a, b]) });
		expect(await pollChanges.call(poll.context, SETTINGS, NOW)).toEqual([
			[itemOf(b, NOW - 90_000), itemOf(a, NOW - 30_000)],
		]);
		expect(poll.sent).toEqual([
			{
				url: '/order-statuses',
				qs: { date_time_from: formatApiDateTimeLowerBound(NOW - 10 * 60_000, 'UTC') },
				headers: { Accept: 'application/json' },
			},
		]);
		const stored = poll.staticData.cursor;
		expect(stored).toMatchObject({ start: 'now', mark: NOW - 30_000 });

		expect(await pollChanges.call(poll.context, SETTINGS, NOW + 60_000)).toBeNull();
		expect(poll.staticData.cursor).toBe(stored);
		expect(poll.sent[1].qs).toEqual({
			date_time_from: formatApiDateTimeLowerBound(NOW - 30_000 - 120_000, 'UTC'),
		});
	});

	it('Order Shipped and Status Reached emit only what matches; one status id is asked of Printio too', async () => {
		const records = [
			change('A', 5, NOW - 30_000, { shipping_number: ' ' }),
			change('B', 5, NOW - 20_000, { shipping_number: 'SN' }),
			change('C', 9, NOW - 10_000),
		];
		const shipped = pollContext({ answer: answering(records, []) });
		const noTracking = {
			number: 'SN',
			company: null,
			carrier: null,
			shopifyCompany: null,
			url: null,
		};
		const shippedItem = itemOf(records[1], NOW - 20_000, 'shipped');
		expect(await pollChanges.call(shipped.context, { ...SETTINGS, event: 'shipped' }, NOW)).toEqual(
			[[{ json: { ...shippedItem.json, tracking: noTracking } }]],
		);
		const reached = pollContext({ answer: answering(records) });
		expect(
			await pollChanges.call(
				reached.context,
				{ ...SETTINGS, event: 'statusReached', statusIds: [9] },
				NOW,
			),
		).toEqual([[itemOf(records[2], NOW - 10_000, 'statusReached')]]);
		expect(reached.sent[0].qs).toEqual({
			date_time_from: formatApiDateTimeLowerBound(NOW - 10 * 60_000, 'UTC'),
			status_id: 9,
		});
	});

	it('Include Full Order adds the order read after the statuses, with the MultiItemOrder flag on both', async () => {
		const records = [
			change('A', 2, NOW - 30_000, { shipping_id: 'S1' }),
			change('B', 2, NOW - 20_000),
		];
		const poll = pollContext({
			answer: answering(records, [{ order_no: 'A', shipping_id: 'S1', n: 1 }]),
		});
		const out = await pollChanges.call(
			poll.context,
			{ ...SETTINGS, includeOrder: true, multiItemOrder: true },
			NOW,
		);
		expect(out?.[0].map((item) => item.json.order)).toEqual([
			{ order_no: 'A', shipping_id: 'S1', n: 1 },
			null,
		]);
		expect(
			poll.sent.map((request) => [
				request.url,
				request.qs.order_no,
				request.headers['X-Feature-Flags'],
			]),
		).toEqual([
			['/order-statuses', undefined, 'MultiItemOrder'],
			['/orders', 'A,B', 'MultiItemOrder'],
		]);
	});

	it('Order Shipped reads the orders (one GET /orders per 30 changes) for the tracking and each shipment’s own shop lines', async () => {
		const reference = 'shop:shopify:5823498213513';
		const shipments = Array.from({ length: 31 }, (_, i) =>
			change(`P${i}`, 5, NOW - 60_000 + i * 1000, {
				shipping_id: `P${i}-1`,
				shipping_number: `40000000${i}`,
				ec_optional_information: reference,
			}),
		);
		// P0 has two shipments: the second one's lines must not fulfil the first.
		const orders = [
			{
				order_no: 'P0',
				shipping_id: 'P0-2',
				delivery_company_name: '佐川急便',
				order_details: [{ ec_order_detail_no: 'L2', quantity: 1 }],
			},
			{
				order_no: 'P0',
				shipping_id: 'P0-1',
				delivery_company_name: 'ヤマト運輸',
				order_details: [{ ec_order_detail_no: 'L1', quantity: 2 }],
			},
			{
				order_no: 'P1',
				shipping_id: 'P1-2',
				delivery_company_name: '日本郵便',
				order_details: [{ ec_order_detail_no: 'L9', quantity: 1 }],
			},
		];
		const poll = pollContext({ answer: answering(shipments, orders) });
		const out = (await pollChanges.call(
			poll.context,
			{ ...SETTINGS, event: 'shipped', multiItemOrder: true },
			NOW,
		)) ?? [[]];
		expect(poll.sent.map((request) => request.url)).toEqual([
			'/order-statuses',
			'/orders',
			'/orders',
		]);
		expect(poll.sent[1].qs.order_no).toBe(
			shipments
				.slice(0, 30)
				.map((s) => s.order_no)
				.join(','),
		);
		const [p0, p1] = out[0].map((item) => item.json);
		expect(p0.tracking).toEqual({
			number: '400000000',
			company: 'ヤマト運輸',
			carrier: 'yamato',
			shopifyCompany: 'Yamato (JA)',
			url: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=400000000',
		});
		expect(p0.shop_order).toEqual({
			platform: 'shopify',
			orderId: '5823498213513',
			lineIds: ['L1'],
			lines: [{ lineId: 'L1', quantity: 2 }],
			// P0's other shipment (P0-2) has no shipping number in the read.
			completesOrder: false,
		});
		// P1's own shipment is not in the read: no carrier, and no shop order (never another shipment's lines).
		expect(p1.tracking).toMatchObject({ number: '400000001', company: null, carrier: null });
		expect(p1).not.toHaveProperty('shop_order');
		// Without Include Full Order the order itself is not added.
		expect(p0).not.toHaveProperty('order');
	});

	it('Any Status Change adds no tracking and reads no order without Include Full Order', async () => {
		const poll = pollContext({
			answer: answering([change('A', 5, NOW - 1000, { shipping_number: 'SN' })]),
		});
		const out = await pollChanges.call(poll.context, SETTINGS, NOW);
		expect(out?.[0][0].json).not.toHaveProperty('tracking');
		expect(poll.sent.map((request) => request.url)).toEqual(['/order-statuses']);
	});

	it('an updated_at it cannot read fails with a NodeOperationError that says what to check, and stores nothing', async () => {
		const poll = pollContext({
			answer: answering([{ order_no: 'A', status_id: 2, updated_at: 'soon' }]),
		});
		const error = await pollChanges
			.call(poll.context, SETTINGS, NOW)
			.catch((thrown: unknown) => thrown);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error).toMatchObject({
			message: 'Printio returned an updated_at that is not a date-time: "soon"',
			description:
				'The trigger cannot order this change in time. Check API Time Zone, or report it to Printio.',
		});
		expect(poll.staticData).toEqual({});
	});

	it('a failed status or order read fails as it is and stores nothing', async () => {
		const failed = pollContext({
			answer: () => ({ statusCode: 200, body: { status_code: 2, message: 'bad' } }),
		});
		await expect(pollChanges.call(failed.context, SETTINGS, NOW)).rejects.toBeInstanceOf(
			NodeApiError,
		);
		const orders = pollContext({
			answer: (request) =>
				request.url === '/orders'
					? { statusCode: 200, body: { status_code: 2, message: 'bad' } }
					: ok({ orders: [change('A', 2, NOW - 1000)] }),
		});
		await expect(
			pollChanges.call(orders.context, { ...SETTINGS, includeOrder: true }, NOW),
		).rejects.toBeInstanceOf(NodeApiError);
		expect([failed.staticData, orders.staticData]).toEqual([{}, {}]);
	});
});

describe('pollChanges: completesOrder', () => {
	it('two shipments of one order shipped in one poll: only the later item completes it; one shipped alone does', async () => {
		const reference = 'shop:woocommerce:901';
		const ship = (order_no: string, id: string, atMs: number) =>
			change(order_no, 5, atMs, {
				shipping_id: id,
				shipping_number: `SN-${id}`,
				ec_optional_information: reference,
			});
		const statuses = [
			ship('P1', 'P1-1', NOW - 50_000),
			ship('P2', 'P2-1', NOW - 40_000),
			ship('P1', 'P1-2', NOW - 30_000),
		];
		const read = (order_no: string, id: string, line: string) => ({
			order_no,
			shipping_id: id,
			shipping_number: `SN-${id}`,
			ec_optional_information: reference,
			order_details: [{ ec_order_detail_no: line, quantity: 1 }],
		});
		const orders = [read('P1', 'P1-1', 'L1'), read('P1', 'P1-2', 'L2'), read('P2', 'P2-1', 'L3')];
		const poll = pollContext({ answer: answering(statuses, orders) });
		const out = (await pollChanges.call(
			poll.context,
			{ ...SETTINGS, event: 'shipped', multiItemOrder: true },
			NOW,
		)) ?? [[]];
		expect(
			out[0].map((item) => [
				item.json.shipping_id,
				(item.json.shop_order as { completesOrder: boolean }).completesOrder,
			]),
		).toEqual([
			['P1-1', false],
			['P2-1', true],
			['P1-2', true],
		]);
	});
});

describe('fetchTestEvent', () => {
	beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW));
	afterEach(() => jest.restoreAllMocks());

	it('widens 1, 7, 31 days until a window has a matching change, returns the latest one, stores nothing', async () => {
		const records = [
			change('A', 5, NOW - 20 * DAY),
			change('B', 5, NOW - 9 * DAY),
			change('C', 3, NOW - 8 * DAY),
		];
		const poll = pollContext({
			answer: (request) =>
				ok({
					orders:
						request.qs.date_time_from === formatApiDateTimeLowerBound(NOW - 31 * DAY, 'UTC')
							? records
							: [],
				}),
		});
		expect(
			await fetchTestEvent.call(poll.context, {
				...SETTINGS,
				event: 'statusReached',
				statusIds: [5, 6],
			}),
		).toEqual([[itemOf(records[1], NOW - 9 * DAY, 'statusReached')]]);
		expect(poll.sent.map((request) => request.qs)).toEqual(
			[1, 7, 31].map((days) => ({
				date_time_from: formatApiDateTimeLowerBound(NOW - days * DAY, 'UTC'),
			})),
		);
		expect(poll.staticData).toEqual({});
	});

	it('null after three empty windows; a change it cannot read is passed over', async () => {
		const none = pollContext({
			answer: () => ok({ orders: [{ order_no: 'A', status_id: 2, updated_at: 'soon' }] }),
		});
		expect(await fetchTestEvent.call(none.context, SETTINGS)).toBeNull();
		expect(none.sent).toHaveLength(3);
	});
});
