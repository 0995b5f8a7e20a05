/**
 * Placement as a unit: an order is sent once; the duplicate check looks it up first; after an unknown outcome it
 * is looked up on the late-commit backoff before the one resend; stops after a failure without Continue On Fail;
 * batches pause; a second order under one EC order number fails the item, naming both. The transport is real,
 * the service is a routed script, n8n's sleep is recorded.
 */
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import {
	claimPlacement,
	placementKey,
	placementsInFlightCount,
} from '../../../../nodes/Printio/placement/inFlight';
import {
	CHANGED_REDELIVERY_HELP,
	LATE_COMMIT_WAIT_MS,
	lateCommitPauses,
	MAX_CONCURRENCY,
	type OrderToPlace,
	placeOrders,
	type PlacementSettings,
} from '../../../../nodes/Printio/placement/placement';
import type { OrderByCodeRequest } from '../../../../nodes/Printio/orderInput/types';
import { formatApiDateTime } from '../../../../nodes/shared/printio/time';
import { printioApi } from '../../../../nodes/shared/printio/transport';
import {
	CONNECTION,
	ok,
	routedContext,
	type ScriptedAnswer,
} from '../../shared/printio/transport/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const naps = () => jest.mocked(sleep).mock.calls.map(([ms]) => ms);

/**
 * Simulated time: Date.now reads the clock, and n8n's sleep advances it and returns at once. A wait for another
 * placement of the same order (inFlight.ts) therefore ends after its simulated 5 minutes, never spins for real ones.
 */
const NOW = Date.parse('2026-11-26T03:00:00Z');
let clock = NOW;
beforeEach(() => {
	clock = NOW;
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
	jest.mocked(sleep).mockClear();
	jest.mocked(sleep).mockImplementation(async (ms: number) => {
		clock += ms;
	});
});
afterEach(() => jest.mocked(Date.now).mockRestore());

const order = (
	ec: string,
	index: number,
	extra: Partial<OrderByCodeRequest> = {},
): OrderToPlace => ({
	sourceIndexes: [index],
	// No lines, as the records below hold none: a changed re-delivery (test/nodes/orderChangedRedelivery.test.ts) is not what these test.
	body: { ec_order_no: ec, retailer_id: 1, order_details: [], ...extra } as OrderByCodeRequest,
	annotations: { note: `a${index}` },
	itemCodes: [],
});

const settings = (overrides: Partial<PlacementSettings> = {}): PlacementSettings => ({
	endpoint: 'postOrderByCode',
	checkDuplicates: false,
	concurrency: 1,
	batchPauseMs: 0,
	multiItemOrder: false,
	apiTimeZone: 'Asia/Tokyo',
	stopOnFirstError: false,
	...overrides,
});

const placedAnswer = (orderNo: string): ScriptedAnswer => ({
	statusCode: 200,
	body: { response: { status_code: 0, message: 'ok', order_no: orderNo } },
});
const ordersAnswer = (records: Array<Record<string, unknown>>): ScriptedAnswer =>
	ok({ total: records.length, orders: records });
const record = (order_no: string, ec_order_no: string, extra: Record<string, unknown> = {}) => ({
	order_no,
	ec_order_no,
	order_status_id: 1,
	order_status_name: 'received',
	...extra,
});
const serverError: ScriptedAnswer = { statusCode: 500, body: 'boom' };

/**
 * A service: POST answers from a queue per EC order number, GET /orders from a registry per EC order number; a
 * listing (GET /orders by date) shows nothing unless the script answers it.
 */
function service(script: {
	posts?: Record<string, ScriptedAnswer[]>;
	registered?: Record<string, Array<Array<Record<string, unknown>>>>;
	listing?: (qs: Record<string, unknown>) => ScriptedAnswer;
}) {
	const posts = new Map(
		Object.entries(script.posts ?? {}).map(([ec, answers]) => [ec, [...answers]]),
	);
	const lookups = new Map(
		Object.entries(script.registered ?? {}).map(([ec, answers]) => [ec, [...answers]]),
	);
	return routedContext(({ method, url, qs, body }) => {
		if (method === 'POST') {
			const ec = String((body as { ec_order_no?: unknown }).ec_order_no);
			const answer = posts.get(ec)?.shift();
			return answer ?? placedAnswer(`P-${ec}`);
		}
		if (url === '/orders' && qs.ec_order_no !== undefined) {
			const queue = lookups.get(String(qs.ec_order_no));
			const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
			return ordersAnswer(answer ?? []);
		}
		// A listing (a re-run's, or the check after 3 or more placements): by default shows nothing, so each is looked up.
		if (url === '/orders') return script.listing?.(qs) ?? ordersAnswer([]);
		return new Error(`unexpected ${method} ${url}`);
	});
}

const routes = (sent: Array<{ options: { method?: string; url?: string; qs?: unknown } }>) =>
	sent.map(
		({ options }) =>
			`${options.method} ${options.url}${(options.qs as { ec_order_no?: string } | undefined)?.ec_order_no ? ` ${(options.qs as { ec_order_no: string }).ec_order_no}` : ''}`,
	);

async function place(
	ctx: ReturnType<typeof service>,
	orders: OrderToPlace[],
	s: PlacementSettings,
) {
	return await placeOrders.call(ctx.context, printioApi(ctx.context, CONNECTION), orders, s);
}

describe('lateCommitPauses', () => {
	it('doubles from 1 s and cuts the last pause to the total', () => {
		expect(LATE_COMMIT_WAIT_MS).toBe(15_000);
		expect(lateCommitPauses(15_000)).toEqual([1000, 2000, 4000, 8000]);
		expect(lateCommitPauses(10_000)).toEqual([1000, 2000, 4000, 3000]);
		expect(lateCommitPauses(1_000)).toEqual([1000]);
		expect(lateCommitPauses(1_500)).toEqual([1000, 500]);
		expect(lateCommitPauses(3_000)).toEqual([1000, 2000]);
		expect(lateCommitPauses(0)).toEqual([0]);
		expect(lateCommitPauses(-5)).toEqual([0]);
		expect(MAX_CONCURRENCY).toBe(8);
	});
});

describe('sending', () => {
	it('sends each order once with its options and returns the response, marked not registered before, with its annotations', async () => {
		const ctx = service({});
		const outcomes = await place(
			ctx,
			[order('E1', 0), order('E2', 1)],
			settings({ multiItemOrder: true }),
		);
		expect(outcomes.map((o) => (o.ok ? o.json : o.error))).toEqual([
			{ status_code: 0, message: 'ok', order_no: 'P-E1', already_registered: false, note: 'a0' },
			{ status_code: 0, message: 'ok', order_no: 'P-E2', already_registered: false, note: 'a1' },
		]);
		// Two orders placed: each is checked afterwards by one lookup (fewer than 3: no listing).
		expect(routes(ctx.sent)).toEqual([
			'POST /order-by-code',
			'POST /order-by-code',
			'GET /orders E1',
			'GET /orders E2',
		]);
		for (const { options } of ctx.sent)
			expect(options.headers).toEqual(
				expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
			);
		// No batch pause set: no pause at all.
		expect(naps()).toEqual([]);
	});

	it('uses the endpoint of the operation', async () => {
		const ctx = service({});
		await place(ctx, [order('E1', 0)], settings({ endpoint: 'postOrderWithImage' }));
		expect(routes(ctx.sent)[0]).toBe('POST /orders/order-with-image');
	});

	it('throws a known refusal with its item index and sends nothing more for it', async () => {
		const refusal = { statusCode: 200, body: { response: { status_code: 13, message: 'stock' } } };
		const ctx = service({ posts: { E1: [refusal] } });
		const [outcome] = await place(ctx, [order('E1', 4)], settings({ checkDuplicates: true }));
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		expect(outcome.error).toBeInstanceOf(NodeApiError);
		expect((outcome.error as NodeApiError).context.itemIndex).toBe(4);
		expect(routes(ctx.sent)).toEqual(['GET /orders E1', 'POST /order-by-code']);
		expect(naps()).toEqual([]);
	});
});

describe('Check for Existing Order', () => {
	it('returns an order that is already there instead of sending it', async () => {
		const ctx = service({
			registered: {
				E1: [[record('P-7', 'E1', { order_status_id: 3, order_status_name: 'printing' })]],
			},
		});
		const [outcome] = await place(ctx, [order('E1', 0)], settings({ checkDuplicates: true }));
		expect(outcome).toEqual({
			ok: true,
			order: expect.anything(),
			json: {
				order_no: 'P-7',
				ec_order_no: 'E1',
				already_registered: true,
				order_status_id: 3,
				order_status_name: 'printing',
				note: 'a0',
			},
		});
		expect(routes(ctx.sent)).toEqual(['GET /orders E1']);
	});

	it('lists the shipments of a multi-item order it found', async () => {
		const ctx = service({
			registered: {
				E1: [
					[record('P-7', 'E1', { shipping_id: 'S1' }), record('P-7', 'E1', { shipping_id: 'S2' })],
				],
			},
		});
		const [outcome] = await place(ctx, [order('E1', 0)], settings({ checkDuplicates: true }));
		expect(outcome.ok && outcome.json.shipping_ids).toEqual(['S1', 'S2']);
	});

	it('refuses when the EC order number is already there twice, naming both and the one to keep', async () => {
		const ctx = service({ registered: { E1: [[record('P-10', 'E1'), record('P-9', 'E1')]] } });
		const [outcome] = await place(ctx, [order('E1', 2)], settings({ checkDuplicates: true }));
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		const error = outcome.error as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('Order "E1" is registered 2 times at Printio: P-9, P-10');
		expect(error.description).toMatch(/Ask Printio to cancel P-10 and keep P-9/);
		expect(error.description).not.toMatch(/This run placed/);
		expect(error.context.duplicateOrderNos).toEqual(['P-9', 'P-10']);
		expect(error.context.itemIndex).toBe(2);
		expect(routes(ctx.sent)).toEqual(['GET /orders E1']);
	});
});

describe('after an unknown outcome', () => {
	it('without the duplicate check: fails at once, saying how to find out', async () => {
		const ctx = service({ posts: { E1: [serverError] } });
		const [outcome] = await place(ctx, [order('E1', 1)], settings());
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		expect((outcome.error as NodeApiError).description).toMatch(
			/^It is not known whether Printio registered this order\. Turn on Check for Existing Order/,
		);
		expect(routes(ctx.sent)).toEqual(['POST /order-by-code']);
		expect(naps()).toEqual([]);
	});

	it('looks the order up after 1, 2, 4, 8 s and returns it when it appears, without sending again', async () => {
		const ctx = service({
			posts: { E1: [serverError] },
			registered: { E1: [[], [], [record('P-5', 'E1')]] },
		});
		const [outcome] = await place(ctx, [order('E1', 0)], settings({ checkDuplicates: true }));
		expect(outcome.ok && outcome.json).toEqual(
			expect.objectContaining({
				order_no: 'P-5',
				already_registered: true,
				recovered_after_error: true,
			}),
		);
		expect(routes(ctx.sent)).toEqual([
			'GET /orders E1',
			'POST /order-by-code',
			'GET /orders E1',
			'GET /orders E1',
		]);
		expect(naps()).toEqual([1000, 2000]);
	});

	it('sends once more only after every lookup of the wait found nothing, and says so', async () => {
		const ctx = service({ posts: { E1: [serverError] } });
		const [outcome] = await place(
			ctx,
			[order('E1', 0)],
			settings({ checkDuplicates: true, lateCommitWaitMs: 3000 }),
		);
		expect(outcome.ok && outcome.json).toEqual(
			expect.objectContaining({ order_no: 'P-E1', already_registered: false, retried: true }),
		);
		expect(naps()).toEqual([1000, 2000]);
		expect(routes(ctx.sent).filter((route) => route.startsWith('POST'))).toHaveLength(2);
	});

	it('a resend that fails too is reported as unknown after the wait', async () => {
		const ctx = service({ posts: { E1: [serverError, serverError] } });
		const [outcome] = await place(
			ctx,
			[order('E1', 3)],
			settings({ checkDuplicates: true, lateCommitWaitMs: 1000 }),
		);
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		expect((outcome.error as NodeApiError).description).toMatch(
			/^It is not known whether Printio registered this order: it was not found after the wait/,
		);
		expect((outcome.error as NodeApiError).context.itemIndex).toBe(3);
	});

	it('treats a rate-limited placement like an unknown one: looks it up before the resend', async () => {
		const ctx = service({ posts: { E1: [{ statusCode: 429, body: '' }] } });
		const [outcome] = await place(
			ctx,
			[order('E1', 0)],
			settings({ checkDuplicates: true, lateCommitWaitMs: 1000 }),
		);
		expect(outcome.ok && outcome.json.retried).toBe(true);
		expect(naps()).toEqual([1000]);
		const without = service({ posts: { E1: [{ statusCode: 429, body: '' }] } });
		const [failed] = await place(without, [order('E1', 0)], settings());
		expect(failed.ok).toBe(false);
		if (failed.ok) return;
		// 429 is known not to be processed: no unknown-outcome words.
		expect((failed.error as NodeApiError).description).not.toMatch(/It is not known/);
	});
});

describe('runs of several orders', () => {
	it('without Continue On Fail starts no new order after a failure', async () => {
		const ctx = service({
			posts: { E2: [{ statusCode: 200, body: { response: { status_code: 5, message: 'bad' } } }] },
		});
		const outcomes = await place(
			ctx,
			[order('E1', 0), order('E2', 1), order('E3', 2)],
			settings({ stopOnFirstError: true }),
		);
		expect(outcomes.map((o) => o.ok)).toEqual([true, false, false]);
		const third = outcomes[2];
		if (third.ok) return;
		expect(third.error.message).toBe('Not sent: an earlier order failed');
		expect((third.error as NodeOperationError).context.itemIndex).toBe(2);
		expect(routes(ctx.sent).filter((route) => route.startsWith('POST'))).toHaveLength(2);
	});

	it('with Continue On Fail tries every order', async () => {
		const ctx = service({
			posts: { E2: [{ statusCode: 200, body: { response: { status_code: 5, message: 'bad' } } }] },
		});
		const outcomes = await place(ctx, [order('E1', 0), order('E2', 1), order('E3', 2)], settings());
		expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
	});

	it('pauses between batches of Concurrency orders, not after the last one or after a stop', async () => {
		const ctx = service({});
		await place(
			ctx,
			[0, 1, 2, 3, 4].map((i) => order(`B${i}`, i)),
			settings({ concurrency: 2, batchPauseMs: 700 }),
		);
		expect(naps()).toEqual([700, 700]);
		jest.mocked(sleep).mockClear();
		const stopping = service({
			posts: { B0: [{ statusCode: 200, body: { response: { status_code: 5, message: 'bad' } } }] },
		});
		await place(
			stopping,
			[0, 1, 2].map((i) => order(`B${i}`, i)),
			settings({ concurrency: 1, batchPauseMs: 700, stopOnFirstError: true }),
		);
		expect(naps()).toEqual([]);
	});

	it("a second order under an EC order number this run placed fails the item, naming both and this run's", async () => {
		// After the run, the lookup finds another process's order next to ours.
		const ctx = service({ registered: { E1: [[record('P-E1', 'E1'), record('P-0', 'E1')]] } });
		const [outcome] = await place(ctx, [order('E1', 6)], settings());
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		const error = outcome.error as NodeOperationError;
		expect(error.message).toBe('Order "E1" is registered 2 times at Printio: P-0, P-E1');
		expect(error.description).toMatch(
			/This run placed P-E1\. Ask Printio to cancel P-E1 and keep P-0/,
		);
		expect(error.context.orderNo).toBe('P-E1');
		expect(error.context.itemIndex).toBe(6);
	});

	it('keeps an order as placed when the check afterwards cannot be made', async () => {
		const ctx = routedContext(({ method }) =>
			method === 'POST'
				? placedAnswer('P-1')
				: { statusCode: 200, body: { status_code: 11, message: 'no' } },
		);
		const [outcome] = await placeOrders.call(
			ctx.context,
			printioApi(ctx.context, CONNECTION),
			[order('E1', 0)],
			settings(),
		);
		expect(outcome.ok && outcome.json.order_no).toBe('P-1');
	});

	it('a re-run settles orders that are already there with one listing, and looks up only what it does not show', async () => {
		const listed = [record('P-1', 'E1'), record('P-2', 'E2')];
		const ctx = routedContext(({ method, url, qs }) => {
			if (method === 'POST') return placedAnswer('P-3');
			if (url === '/orders' && qs.date_time_from !== undefined) return ordersAnswer(listed);
			if (url === '/orders') return ordersAnswer([]);
			return new Error('unexpected');
		});
		const orders = ['E1', 'E2', 'E3'].map((ec, i) => order(ec, i, { ec_order_date: '2026-11-20' }));
		const outcomes = await placeOrders.call(
			ctx.context,
			printioApi(ctx.context, CONNECTION),
			orders,
			settings({ checkDuplicates: true, concurrency: 3 }),
		);
		expect(outcomes.map((o) => o.ok && o.json.already_registered)).toEqual([true, true, false]);
		const r = routes(ctx.sent);
		expect(r.filter((route) => route === 'GET /orders')).toHaveLength(1);
		expect(
			r.filter((route) => route === 'GET /orders E1' || route === 'GET /orders E2'),
		).toHaveLength(0);
		expect(r.filter((route) => route.startsWith('POST'))).toHaveLength(1);
	});
});

/** The listings (GET /orders by date) a run sent, by their query. */
const listings = (sent: Array<{ options: { url?: string; qs?: unknown } }>) =>
	sent
		.filter(
			({ options }) =>
				options.url === '/orders' &&
				(options.qs as { date_time_from?: string }).date_time_from !== undefined,
		)
		.map(({ options }) => options.qs as Record<string, unknown>);

const DAY = 86_400_000;
const dated = (ec: string, index: number) => order(ec, index, { ec_order_date: '2026-11-20' });
const reRunFrom = formatApiDateTime(Date.parse('2026-11-20T00:00:00+09:00') - DAY);

describe('the listing before a run (Check for Existing Order on, a re-run)', () => {
	it('lists once from a day before the earliest order date, asking what Printio holds since', async () => {
		const ctx = service({
			listing: (qs) =>
				qs.date_time_from === reRunFrom ? ordersAnswer([record('P-1', 'E1')]) : ordersAnswer([]),
		});
		const outcomes = await place(
			ctx,
			['E1', 'E2', 'E3'].map(dated),
			settings({ checkDuplicates: true }),
		);
		expect(outcomes.map((o) => o.ok && o.json.already_registered)).toEqual([true, false, false]);
		expect(listings(ctx.sent)[0]).toEqual({
			date_time_from: reRunFrom,
			sort_value: 'created_at',
			order: 'asc',
			limit: 30,
			page: 1,
		});
		expect(routes(ctx.sent).slice(0, 5)).toEqual([
			'GET /orders',
			'GET /orders E2',
			'POST /order-by-code',
			'GET /orders E3',
			'POST /order-by-code',
		]);
	});

	it('costs at most half the lookups it could save: past that, one page read and each order looked up', async () => {
		const unrelated = Array.from({ length: 30 }, (_, i) => record(`P-X${i}`, `X${i}`));
		const ctx = service({
			listing: (qs) =>
				qs.date_time_from === reRunFrom
					? ok({ total: 31, orders: qs.page === 1 ? unrelated : [record('P-1', 'E1')] })
					: ordersAnswer([]),
		});
		const outcomes = await place(
			ctx,
			['E1', 'E2', 'E3'].map(dated),
			settings({ checkDuplicates: true }),
		);
		// Three orders: a budget of one request; the listing needs two pages, so only its first page was asked.
		expect(listings(ctx.sent).filter((qs) => qs.date_time_from === reRunFrom)).toEqual([
			expect.objectContaining({ page: 1 }),
		]);
		expect(routes(ctx.sent).slice(0, 4)).toEqual([
			'GET /orders',
			'GET /orders E1',
			'POST /order-by-code',
			'GET /orders E2',
		]);
		expect(outcomes.map((o) => o.ok && o.json.already_registered)).toEqual([false, false, false]);
	});

	it('is not made for fewer than three orders, for orders without a date, or without the duplicate check', async () => {
		const two = service({});
		await place(two, ['E1', 'E2'].map(dated), settings({ checkDuplicates: true }));
		expect(routes(two.sent)).toEqual([
			'GET /orders E1',
			'POST /order-by-code',
			'GET /orders E2',
			'POST /order-by-code',
			'GET /orders E1',
			'GET /orders E2',
		]);

		const afterRun = formatApiDateTime(NOW - 10 * 60_000);
		const undated = service({});
		await place(
			undated,
			['E1', 'E2', 'E3'].map((ec, i) => order(ec, i)),
			settings({ checkDuplicates: true }),
		);
		expect(routes(undated.sent).slice(0, 2)).toEqual(['GET /orders E1', 'POST /order-by-code']);
		// The only listing is the check after the run.
		expect(listings(undated.sent).map((qs) => qs.date_time_from)).toEqual([afterRun]);

		const unchecked = service({});
		await place(unchecked, ['E1', 'E2', 'E3'].map(dated), settings());
		expect(routes(unchecked.sent).slice(0, 3)).toEqual([
			'POST /order-by-code',
			'POST /order-by-code',
			'POST /order-by-code',
		]);
		expect(listings(unchecked.sent).map((qs) => qs.date_time_from)).toEqual([afterRun]);
	});

	it('a lookup answer without a list means nothing is there: the order is sent', async () => {
		const ctx = routedContext(({ method, url }) =>
			method === 'POST'
				? placedAnswer('P-1')
				: url === '/orders'
					? ok({ total: 0 })
					: new Error('unexpected'),
		);
		const [outcome] = await placeOrders.call(
			ctx.context,
			printioApi(ctx.context, CONNECTION),
			[order('E1', 0)],
			settings({ checkDuplicates: true }),
		);
		expect(outcome.ok && outcome.json).toEqual({
			status_code: 0,
			message: 'ok',
			order_no: 'P-1',
			already_registered: false,
			note: 'a0',
		});
		expect(routes(ctx.sent)).toEqual(['GET /orders E1', 'POST /order-by-code', 'GET /orders E1']);
	});
});

describe('the check after a run (a second order under an EC order number this run placed)', () => {
	it('lists from ten minutes before the run started, at most one request fewer than the lookups it saves', async () => {
		const unrelated = Array.from({ length: 30 }, (_, i) => record(`P-X${i}`, `X${i}`));
		// Three pages: more than the two requests three lookups would cost more; only the first page is read.
		const ctx = service({ listing: () => ok({ total: 61, orders: unrelated }) });
		const outcomes = await place(
			ctx,
			['E1', 'E2', 'E3'].map((ec, i) => order(ec, i)),
			settings(),
		);
		expect(outcomes.map((o) => o.ok)).toEqual([true, true, true]);
		expect(listings(ctx.sent)).toEqual([
			{
				date_time_from: formatApiDateTime(NOW - 10 * 60_000),
				sort_value: 'created_at',
				order: 'asc',
				limit: 30,
				page: 1,
			},
		]);
		expect(routes(ctx.sent).slice(3)).toEqual([
			'GET /orders',
			'GET /orders E1',
			'GET /orders E2',
			'GET /orders E3',
		]);
	});

	it('with three orders placed, one listing that shows them all settles the check without a lookup', async () => {
		// E1 shows this run's order and another one; a lookup of E1 would show ours only: the listing is what counts.
		const ctx = service({
			listing: () =>
				ordersAnswer([
					record('P-E1', 'E1'),
					record('P-E2', 'E2'),
					record('P-0', 'E1'),
					record('P-E3', 'E3'),
				]),
			registered: { E1: [[record('P-E1', 'E1')]] },
		});
		const outcomes = await place(
			ctx,
			['E1', 'E2', 'E3'].map((ec, i) => order(ec, i)),
			settings(),
		);
		expect(routes(ctx.sent)).toEqual([
			'POST /order-by-code',
			'POST /order-by-code',
			'POST /order-by-code',
			'GET /orders',
		]);
		expect(outcomes.map((o) => o.ok)).toEqual([false, true, true]);
		const [first] = outcomes;
		if (first.ok) return;
		expect(first.error.message).toBe('Order "E1" is registered 2 times at Printio: P-0, P-E1');
		expect((first.error as NodeOperationError).context).toEqual(
			expect.objectContaining({
				itemIndex: 0,
				orderNo: 'P-E1',
				duplicateOrderNos: ['P-0', 'P-E1'],
			}),
		);
	});

	it('an order the listing does not show is looked up; when that lookup fails, the order stands as placed, whatever the listing showed', async () => {
		const ctx = routedContext(({ method, url, qs, body }) => {
			if (method === 'POST')
				return placedAnswer(`P-${String((body as { ec_order_no: string }).ec_order_no)}`);
			if (url === '/orders' && qs.date_time_from !== undefined)
				return ordersAnswer([
					record('P-0', 'E1'),
					record('P-00', 'E1'),
					record('P-E2', 'E2'),
					record('P-E3', 'E3'),
				]);
			if (url === '/orders' && qs.ec_order_no === 'E1')
				return { statusCode: 200, body: { status_code: 11, message: 'no' } };
			return new Error('unexpected');
		});
		const outcomes = await placeOrders.call(
			ctx.context,
			printioApi(ctx.context, CONNECTION),
			['E1', 'E2', 'E3'].map((ec, i) => order(ec, i)),
			settings(),
		);
		expect(outcomes.map((o) => o.ok && o.json.order_no)).toEqual(['P-E1', 'P-E2', 'P-E3']);
		expect(routes(ctx.sent).slice(3)).toEqual(['GET /orders', 'GET /orders E1']);
	});

	it('an order whose answer names no order number is not checked (there is nothing to compare)', async () => {
		const ctx = service({
			posts: { E1: [{ statusCode: 200, body: { response: { status_code: 0, message: 'ok' } } }] },
		});
		const [outcome] = await place(ctx, [order('E1', 0)], settings());
		expect(outcome.ok && outcome.json).toEqual({
			status_code: 0,
			message: 'ok',
			already_registered: false,
			note: 'a0',
		});
		expect(routes(ctx.sent)).toEqual(['POST /order-by-code']);
	});

	it("names every extra order to cancel and the lowest to keep; without this run's own order, none is named as placed", async () => {
		const ctx = service({
			registered: { E1: [[record('P-10', 'E1'), record('P-9', 'E1'), record('P-11', 'E1')]] },
		});
		const [outcome] = await place(ctx, [order('E1', 1)], settings({ checkDuplicates: true }));
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		const error = outcome.error as NodeOperationError;
		expect(error.message).toBe('Order "E1" is registered 3 times at Printio: P-9, P-10, P-11');
		expect(error.description).toBe(
			'Another placement of the same EC order number (another n8n instance or queue-mode worker, or a workflow that is not this one) registered it too. Ask Printio to cancel P-10, P-11 and keep P-9 (the lowest number; every run that finds this duplicate names the same one).',
		);
		expect('orderNo' in error.context).toBe(false);
		expect(error.context.duplicateOrderNos).toEqual(['P-9', 'P-10', 'P-11']);
	});
});

describe('batches', () => {
	it('places every order once, in input order, and pauses only between batches', async () => {
		const ctx = service({});
		const outcomes = await place(
			ctx,
			[0, 1, 2, 3].map((i) => order(`B${i}`, i)),
			settings({ concurrency: 2, batchPauseMs: 700 }),
		);
		expect(outcomes.map((o) => o.ok && o.json.order_no)).toEqual(['P-B0', 'P-B1', 'P-B2', 'P-B3']);
		expect(routes(ctx.sent).filter((route) => route.startsWith('POST'))).toHaveLength(4);
		// Two batches of two: one pause.
		expect(naps()).toEqual([700]);
	});
});

describe('the same order under way in another execution of this process', () => {
	const keyOf = (ec: string) => placementKey(CONNECTION.baseUrl, 1, ec);

	it('is waited for; afterwards the order is looked up even without the duplicate check, and found, not sent', async () => {
		const held = await claimPlacement(keyOf('E1'));
		// The other placement settles during the first pause of the wait.
		jest.mocked(sleep).mockImplementationOnce(async () => held?.release());
		const ctx = service({ registered: { E1: [[record('P-7', 'E1')]] } });
		const [outcome] = await place(ctx, [order('E1', 0)], settings());
		expect(outcome.ok && outcome.json).toEqual(
			expect.objectContaining({ order_no: 'P-7', already_registered: true }),
		);
		expect(routes(ctx.sent)).toEqual(['GET /orders E1']);
		expect(placementsInFlightCount()).toBe(0);
	});

	it('when it has not settled after 5 minutes, the order is not sent, and the item says why', async () => {
		const held = await claimPlacement(keyOf('E1'));
		try {
			const ctx = service({});
			const [outcome] = await place(ctx, [order('E1', 5)], settings({ checkDuplicates: true }));
			expect(outcome.ok).toBe(false);
			if (outcome.ok) return;
			const error = outcome.error as NodeOperationError;
			expect(error.message).toBe('Not sent: another execution is still placing order "E1"');
			expect(error.description).toBe(
				'Another execution of this n8n instance started placing the same EC order number and has not finished after 5 minutes. Check with Order › Get Many (by EC order number) before sending it again.',
			);
			expect(error.context.itemIndex).toBe(5);
			expect(ctx.sent).toHaveLength(0);
			expect(clock - NOW).toBe(5 * 60_000);
		} finally {
			held?.release();
		}
		expect(placementsInFlightCount()).toBe(0);
	});

	it('a placement frees its order when it ends, also when it fails', async () => {
		const refusal = { statusCode: 200, body: { response: { status_code: 13, message: 'stock' } } };
		const ctx = service({ posts: { E1: [refusal] } });
		const [failed, placed] = await place(
			ctx,
			[order('E1', 0), order('E2', 1)],
			settings({ checkDuplicates: true }),
		);
		expect([failed.ok, placed.ok]).toEqual([false, true]);
		expect(placementsInFlightCount()).toBe(0);
		// Both free: a new claim of either does not wait.
		for (const ec of ['E1', 'E2']) {
			const claim = await claimPlacement(keyOf(ec));
			expect(claim?.waited).toBe(false);
			claim?.release();
		}
	});
});

describe('a resend after an unknown outcome', () => {
	it('refused for a known reason is reported as that refusal, not as unknown', async () => {
		const refusal = { statusCode: 200, body: { response: { status_code: 13, message: 'stock' } } };
		const ctx = service({ posts: { E1: [serverError, refusal] } });
		const [outcome] = await place(
			ctx,
			[order('E1', 2)],
			settings({ checkDuplicates: true, lateCommitWaitMs: 1000 }),
		);
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		expect(outcome.error).toBeInstanceOf(NodeApiError);
		expect(String((outcome.error as NodeApiError).description ?? '')).not.toMatch(
			/It is not known/,
		);
		expect((outcome.error as NodeApiError).context.itemIndex).toBe(2);
		expect(routes(ctx.sent)).toEqual([
			'GET /orders E1',
			'POST /order-by-code',
			'GET /orders E1',
			'POST /order-by-code',
		]);
	});
});

describe('an order already registered, delivered again changed', () => {
	const shipping = (full_name: string, zip_code: string) => ({
		shipping_information: { full_name, zip_code },
	});
	const changedOrder = () =>
		order('E1', 3, shipping('Alice', '100-0001') as Partial<OrderByCodeRequest>);
	const registeredAs = () =>
		service({ registered: { E1: [[record('P-7', 'E1', shipping('Bob', '100-0002'))]] } });

	it('is returned as registered, with the paths that differ (never the values), and nothing is sent', async () => {
		const ctx = registeredAs();
		const [outcome] = await place(ctx, [changedOrder()], settings({ checkDuplicates: true }));
		expect(outcome.ok && outcome.json).toEqual({
			order_no: 'P-7',
			ec_order_no: 'E1',
			already_registered: true,
			order_status_id: 1,
			order_status_name: 'received',
			note: 'a3',
			changed_fields: ['shipping_information.zip_code', 'shipping_information.full_name'],
		});
		expect(routes(ctx.sent)).toEqual(['GET /orders E1']);
	});

	it('with the option set to error, fails its item naming the order and the paths', async () => {
		const ctx = registeredAs();
		const [outcome] = await place(
			ctx,
			[changedOrder()],
			settings({ checkDuplicates: true, changedRedelivery: 'error' }),
		);
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		const error = outcome.error as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe(
			'Order "E1" is already registered at Printio as P-7, but this delivery differs in shipping_information.zip_code, shipping_information.full_name: the change was not applied',
		);
		expect(error.description).toBe(CHANGED_REDELIVERY_HELP);
		expect(CHANGED_REDELIVERY_HELP).toMatch(
			/^Printio has no endpoint to change or cancel an order, so nothing was sent\. Ask Printio to change the order/,
		);
		expect(error.context).toEqual(
			expect.objectContaining({
				itemIndex: 3,
				orderNo: 'P-7',
				changedFields: ['shipping_information.zip_code', 'shipping_information.full_name'],
			}),
		);
		expect(JSON.stringify(error.message)).not.toMatch(/Alice|Bob|100-000/);
		expect(routes(ctx.sent)).toEqual(['GET /orders E1']);
	});

	it('unchanged, with the option set to error, is returned as registered', async () => {
		const ctx = service({
			registered: { E1: [[record('P-7', 'E1', shipping('Alice', '100-0001'))]] },
		});
		const [outcome] = await place(
			ctx,
			[changedOrder()],
			settings({ checkDuplicates: true, changedRedelivery: 'error' }),
		);
		expect(outcome.ok && outcome.json).toEqual(
			expect.objectContaining({ order_no: 'P-7', already_registered: true }),
		);
		expect(outcome.ok && outcome.json).not.toHaveProperty('changed_fields');
	});
});
