/** The alert events' reads and items, with a scripted service and a poll context (pure parts first). */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type AlertContext,
	deadlineOf,
	pollShippingLate,
	pollStockChanged,
} from '../../../nodes/PrintioTrigger/pollAlerts';
import { formatApiDateTimeLowerBound } from '../../../nodes/shared/printio/time';
import { printioApi } from '../../../nodes/shared/printio/transport';
import { CONNECTION, NODE, ok, routedContext } from '../shared/printio/transport/fakeContext';

describe('deadlineOf', () => {
	it('is the end of a scheduled date in the API zone, with dashes or slashes', () => {
		expect(deadlineOf('2026-11-24', 'Asia/Tokyo')).toBe(Date.parse('2026-11-25T00:00:00+09:00'));
		expect(deadlineOf('2026/11/24', 'Asia/Tokyo')).toBe(Date.parse('2026-11-25T00:00:00+09:00'));
		expect(deadlineOf('2026-12-31', 'UTC')).toBe(Date.parse('2027-01-01T00:00:00Z'));
		expect(deadlineOf('2028-02-28', 'UTC')).toBe(Date.parse('2028-02-29T00:00:00Z'));
	});

	it('is the instant itself for a date-time, and undefined for what it cannot read', () => {
		expect(deadlineOf('2026-11-24 15:30:00', 'Asia/Tokyo')).toBe(
			Date.parse('2026-11-24T15:30:00+09:00'),
		);
		expect(deadlineOf('2026/11/24 15:30:00', 'Asia/Tokyo')).toBe(
			Date.parse('2026-11-24T15:30:00+09:00'),
		);
		expect(deadlineOf('soon', 'Asia/Tokyo')).toBeUndefined();
		expect(deadlineOf('x2026-11-24', 'Asia/Tokyo')).toBeUndefined();
		expect(deadlineOf('12026-11-24', 'Asia/Tokyo')).toBeUndefined();
		expect(deadlineOf('1969-12-30', 'UTC')).toBeUndefined();
		expect(deadlineOf('1969-12-31', 'UTC')).toBe(0);
	});
});

// ---------------------------------------------------------------------------------------------------------------
// The polls, with a poll context and a scripted service.

type PollContext = Pick<IPollFunctions, 'getNodeParameter' | 'getNode' | 'getWorkflowStaticData'>;

const NOW = Date.parse('2026-11-25T03:00:00Z'); // 12:00 in Tokyo
const TZ = 'Asia/Tokyo';

function poll(
	params: Record<string, unknown>,
	handler: Parameters<typeof routedContext>[0],
	staticData: IDataObject = {},
) {
	const service = routedContext(handler);
	const getNodeParameter = ((name: string, fallback?: unknown) =>
		name in params ? params[name] : fallback) as IPollFunctions['getNodeParameter'];
	const pollContext: PollContext = {
		getNodeParameter,
		getNode: () => NODE,
		// The node's own static data; n8n's 'global' one is shared by the workflow's nodes.
		getWorkflowStaticData: ((type: string) =>
			type === 'node' ? staticData : {}) as IPollFunctions['getWorkflowStaticData'],
	};
	const context = (manual = false, multiItemOrder = false): AlertContext => ({
		api: printioApi(service.context, CONNECTION),
		apiTimeZone: TZ,
		multiItemOrder,
		nowMs: NOW,
		manual,
	});
	return { self: pollContext as IPollFunctions, context, sent: service.sent, staticData };
}

const statuses = (orders: Array<Record<string, unknown>>) => () =>
	ok({ total: orders.length, orders });
const status = (order_no: string, scheduled: string, extra: Record<string, unknown> = {}) => ({
	order_no,
	status_id: 3,
	scheduled_shipping_date: scheduled,
	updated_at: '2026-11-20 10:00:00',
	...extra,
});

describe('pollShippingLate', () => {
	it('reads the statuses of the look-back once and emits each late order with when and how late', async () => {
		const p = poll(
			{ lateGraceHours: 2, lateLookBackDays: 10 },
			statuses([
				status('P1', '2026-11-24'),
				status('P2', '2026-11-25'),
				status('P3', '2026-11-23', { status_id: 9 }),
			]),
		);
		const out = await pollShippingLate.call(p.self, p.context(false, true));
		expect(p.sent).toHaveLength(1);
		expect(p.sent[0].options.url).toBe('/order-statuses');
		expect(p.sent[0].options.qs).toEqual({
			date_time_from: formatApiDateTimeLowerBound(NOW - 10 * 86_400_000, TZ),
		});
		expect(p.sent[0].options.headers).toEqual(
			expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
		);
		// P1: scheduled 24 Nov, late from 25 Nov 00:00 Tokyo + 2 h = 02:00 Tokyo; now 12:00 Tokyo: 10 h late.
		expect(out).toEqual([
			[
				{
					json: {
						event: 'shippingLate',
						late_id: 'P1||2026-11-24',
						...status('P1', '2026-11-24'),
						late_since_iso: '2026-11-25T02:00:00+09:00',
						late_since_utc: '2026-11-24T17:00:00.000Z',
						hours_late: 10,
					},
				},
			],
		]);
		// Remembered, so the next poll emits nothing and leaves the stored state as it is.
		const stored = p.staticData.late;
		expect(stored).toEqual({
			v: 1,
			emitted: { '2026-11-24': ['P1'] },
			seen: { '2026-11-24': NOW },
		});
		expect(await pollShippingLate.call(p.self, p.context())).toBeNull();
		expect(p.staticData.late).toBe(stored);
	});

	it('rounds hours late down to a tenth and defaults grace 0, look-back 30 days, closed 5 and 9', async () => {
		const p = poll(
			{},
			statuses([
				status('P1', '2026-11-25 10:57:00'),
				status('P5', '2026-11-01', { status_id: 5 }),
				status('P9', '2026-11-01', { status_id: 9 }),
			]),
		);
		const out = await pollShippingLate.call(p.self, p.context());
		expect(p.sent[0].options.qs).toEqual({
			date_time_from: formatApiDateTimeLowerBound(NOW - 30 * 86_400_000, TZ),
		});
		expect(out?.[0].map((item) => [item.json.order_no, item.json.hours_late])).toEqual([['P1', 1]]);
		expect(p.sent[0].options.headers).not.toHaveProperty('X-Feature-Flags');
	});

	it('takes a negative grace as none, and a look-back below one day as one day', async () => {
		const p = poll(
			{ lateGraceHours: -5, lateLookBackDays: 0.2 },
			statuses([status('P1', '2026-11-25 11:00:00')]),
		);
		const out = await pollShippingLate.call(p.self, p.context());
		expect(out?.[0][0].json.hours_late).toBe(1);
		expect(p.sent[0].options.qs).toEqual({
			date_time_from: formatApiDateTimeLowerBound(NOW - 86_400_000, TZ),
		});
		const zero = poll({ lateLookBackDays: 0 }, statuses([]));
		await pollShippingLate.call(zero.self, zero.context());
		expect(zero.sent[0].options.qs).toEqual({
			date_time_from: formatApiDateTimeLowerBound(NOW - 30 * 86_400_000, TZ),
		});
	});

	it('reads Closed Status IDs separated by commas or spaces, and refuses anything else', async () => {
		const p = poll(
			{ closedStatusIds: ' 3,4  7 ' },
			statuses([
				status('P3', '2026-11-01'),
				status('P4', '2026-11-01', { status_id: 4 }),
				status('P8', '2026-11-01', { status_id: 8 }),
			]),
		);
		expect(
			(await pollShippingLate.call(p.self, p.context()))?.[0].map((item) => item.json.order_no),
		).toEqual(['P8']);
		for (const bad of ['5, x', '1.5', '-1']) {
			const q = poll({ closedStatusIds: bad }, statuses([]));
			await expect(pollShippingLate.call(q.self, q.context())).rejects.toThrow(
				new NodeOperationError(
					NODE,
					`Closed Status IDs must be whole numbers separated by commas, got "${bad}"`,
				),
			);
			expect(q.sent).toHaveLength(0);
		}
	});

	it('Closed Status IDs: 0 is an id; none (empty or missing) closes nothing', async () => {
		const orders = [
			status('P0', '2026-11-01', { status_id: 0 }),
			status('P5', '2026-11-01', { status_id: 5 }),
		];
		const lateOnes = async (params: Record<string, unknown>) => {
			const p = poll(params, statuses(orders));
			return (await pollShippingLate.call(p.self, p.context()))?.[0].map(
				(item) => item.json.order_no,
			);
		};
		expect(await lateOnes({ closedStatusIds: '0' })).toEqual(['P5']);
		expect(await lateOnes({ closedStatusIds: ' 5 ' })).toEqual(['P0']);
		expect(await lateOnes({ closedStatusIds: '' })).toEqual(['P0', 'P5']);
		expect(await lateOnes({ closedStatusIds: null })).toEqual(['P0', 'P5']);
	});

	it('Closed Status IDs refused: says what to enter', async () => {
		const p = poll({ closedStatusIds: 'shipped' }, statuses([]));
		const error = await pollShippingLate.call(p.self, p.context()).then(
			() => undefined,
			(thrown: unknown) => thrown as NodeOperationError,
		);
		expect(error?.description).toBe(
			'For example 5, 9. Order › Get Statuses shows the IDs your account uses.',
		);
	});

	it('remembers an emitted order through the look-back while it is not seen, and forgets it after', async () => {
		let answer = [status('P1', '2026-11-20')];
		const p = poll({ lateLookBackDays: 2 }, () => ok({ total: answer.length, orders: answer }));
		expect((await pollShippingLate.call(p.self, p.context()))?.[0]).toHaveLength(1);
		answer = [];
		const later = (ms: number): AlertContext => ({ ...p.context(), nowMs: NOW + ms });
		expect(await pollShippingLate.call(p.self, later(2 * 86_400_000))).toBeNull();
		expect(p.staticData.late).toEqual({
			v: 1,
			emitted: { '2026-11-20': ['P1'] },
			seen: { '2026-11-20': NOW },
		});
		answer = [status('P1', '2026-11-20')];
		expect(await pollShippingLate.call(p.self, later(2 * 86_400_000))).toBeNull();
		answer = [];
		expect(await pollShippingLate.call(p.self, later(4 * 86_400_000 + 1))).toBeNull();
		expect(p.staticData.late).toEqual({ v: 1, emitted: {}, seen: {} });
	});

	it('Fetch Test Event: the ten most overdue, nothing stored; null when nothing is late', async () => {
		const orders = Array.from({ length: 12 }, (_, i) =>
			status(`P${i}`, `2026-11-${String(10 + i).padStart(2, '0')}`, {
				shipping_id: i === 0 ? 'S' : undefined,
			}),
		);
		const p = poll({}, statuses([...orders].reverse()));
		const out = await pollShippingLate.call(p.self, p.context(true));
		expect(out?.[0].map((item) => item.json.order_no)).toEqual(
			orders.slice(0, 10).map((o) => o.order_no),
		);
		expect(out?.[0][0].json.late_id).toBe('P0|S|2026-11-10');
		expect(out?.[0][1].json.late_id).toBe('P1||2026-11-11');
		expect(p.staticData).toEqual({});
		const none = poll({}, statuses([status('P1', '2026-12-01')]));
		expect(await pollShippingLate.call(none.self, none.context(true))).toBeNull();
		const noList = poll({}, () => ok({ status_code: 1 }));
		expect(await pollShippingLate.call(noList.self, noList.context())).toBeNull();
	});
});

const stocks =
	(byItem: Record<string, Array<Record<string, unknown>>>) =>
	(request: { body: unknown; url?: string }) => {
		// Stock Changed reads the original items of a crossing's item code, for its shop variants.
		if (request.url === '/original-items') return ok({ original_items: [], total: 0 });
		const code = (request.body as { item_code?: string }).item_code ?? '*';
		return ok({ item_stocks: byItem[code] ?? [] });
	};
const stock = (item_stock_code: string, stock_quantity: number | null, is_orderable = true) => ({
	item_stock_code,
	stock_quantity,
	is_orderable,
});

describe('pollStockChanged', () => {
	it('reads the whole catalog in one request without Item Codes, and emits each crossing with its reason and threshold', async () => {
		const p = poll(
			{ stockThreshold: 5 },
			stocks({ '*': [stock('A-1', 2), stock('B-1', 50), stock('C-1', 9, false)] }),
		);
		const out = await pollStockChanged.call(p.self, p.context());
		expect(p.sent.map((s) => s.options.body)).toEqual([{ retailer_id: 7 }]);
		expect(out).toEqual([
			[
				{ json: { event: 'stockLow', ...stock('A-1', 2), reason: 'belowThreshold', threshold: 5 } },
				{
					json: {
						event: 'stockLow',
						...stock('C-1', 9, false),
						reason: 'notOrderable',
						threshold: 5,
					},
				},
			],
		]);
		const stored = p.staticData.stock;
		expect(stored).toEqual({ v: 1, short: ['A-1', 'C-1'] });
		expect(await pollStockChanged.call(p.self, p.context())).toBeNull();
		expect(p.staticData.stock).toBe(stored);
	});

	it('reads each watched item once, and reports a recovery with no reason', async () => {
		let round = 0;
		const p = poll({ stockItemCodes: ' A, B ,A,, ', stockThreshold: 1 }, (request) =>
			stocks(
				round === 0
					? { A: [stock('A-1', 0)], B: [stock('B-1', 3)] }
					: { A: [stock('A-1', 4)], B: [stock('B-1', 3)] },
			)(request),
		);
		await pollStockChanged.call(p.self, p.context());
		expect(p.sent.map((s) => [s.options.url, s.options.body ?? s.options.qs])).toEqual([
			['/item-stocks', { retailer_id: 7, item_code: 'A' }],
			['/item-stocks', { retailer_id: 7, item_code: 'B' }],
			['/original-items', { retailer_id: 7, item_code: 'A', limit: 30, page: 1 }],
		]);
		round = 1;
		expect(await pollStockChanged.call(p.self, p.context())).toEqual([
			[
				{
					json: {
						event: 'stockRecovered',
						...stock('A-1', 4),
						reason: null,
						threshold: 1,
						item_code: 'A',
						shop_variants: [],
					},
				},
			],
		]);
	});

	it('missing Item Codes read the whole catalog; an answer without a list has nothing short', async () => {
		const p = poll({ stockItemCodes: null }, stocks({ '*': [stock('A-1', 0)] }));
		expect((await pollStockChanged.call(p.self, p.context()))?.[0]).toHaveLength(1);
		expect(p.sent.map((s) => s.options.body)).toEqual([{ retailer_id: 7 }]);
		const q = poll({}, () => ok({ status_code: 1 }));
		expect(await pollStockChanged.call(q.self, q.context())).toBeNull();
	});

	it('defaults the threshold to 1 (sold out) and takes a negative one as 0', async () => {
		const p = poll({}, stocks({ '*': [stock('A-1', 0), stock('B-1', 1), stock('C-1', null)] }));
		expect(
			(await pollStockChanged.call(p.self, p.context()))?.[0].map(
				(item) => item.json.item_stock_code,
			),
		).toEqual(['A-1']);
		const q = poll({ stockThreshold: -3 }, stocks({ '*': [stock('A-1', 0)] }));
		expect(await pollStockChanged.call(q.self, q.context())).toBeNull();
	});

	it('Fetch Test Event: what is short now (ten at most), nothing stored', async () => {
		const entries = Array.from({ length: 12 }, (_, i) => stock(`S-${i}`, 0));
		const p = poll({}, stocks({ '*': [stock('OK', 9), ...entries] }));
		const out = await pollStockChanged.call(p.self, p.context(true));
		expect(out?.[0].map((item) => item.json.item_stock_code)).toEqual(
			entries.slice(0, 10).map((e) => e.item_stock_code),
		);
		expect(out?.[0][0].json).toEqual({
			event: 'stockLow',
			...entries[0],
			reason: 'belowThreshold',
			threshold: 1,
		});
		expect(p.staticData).toEqual({});
		const none = poll({}, stocks({ '*': [stock('OK', 9)] }));
		expect(await pollStockChanged.call(none.self, none.context(true))).toBeNull();
	});
});
