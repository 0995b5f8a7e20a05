/**
 * Placement as a unit: an order is sent once; the duplicate check looks it up first; after an unknown outcome it
 * is looked up on the late-commit backoff before the one resend; stops after a failure without Continue On Fail;
 * batches pause; a second order under one EC order number fails the item, naming both. The transport is real,
 * the service is a routed script, n8n's sleep is recorded.
 */
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import {
	LATE_COMMIT_WAIT_MS,
	lateCommitPauses,
	MAX_CONCURRENCY,
	type OrderToPlace,
	placeOrders,
	type PlacementSettings,
} from '../../../../nodes/Printio/actions/order/placement';
import type { OrderByCodeRequest } from '../../../../nodes/Printio/orderInput/types';
import { printioApi } from '../../../../nodes/shared/printio/transport';
import { CONNECTION, ok, routedContext, type ScriptedAnswer } from '../../../shared/transport/fakeContext';

jest.mock('n8n-workflow', () => ({ ...jest.requireActual('n8n-workflow'), sleep: jest.fn(async () => undefined) }));

const naps = () => jest.mocked(sleep).mock.calls.map(([ms]) => ms);
beforeEach(() => jest.mocked(sleep).mockClear());

const order = (ec: string, index: number, extra: Partial<OrderByCodeRequest> = {}): OrderToPlace => ({
	sourceIndexes: [index],
	// No lines, as the records below hold none: a changed re-delivery (test/nodes/orderChangedRedelivery.test.ts) is not what these test.
	body: { ec_order_no: ec, retailer_id: 1, order_details: [], ...extra } as OrderByCodeRequest,
	annotations: { note: `a${index}` },
});

const settings = (overrides: Partial<PlacementSettings> = {}): PlacementSettings => ({
	endpoint: 'postOrderByCode',
	checkDuplicates: false,
	concurrency: 1,
	batchPauseMs: 0,
	multiItemOrder: false,
	stopOnFirstError: false,
	...overrides,
});

const placedAnswer = (orderNo: string): ScriptedAnswer => ({ statusCode: 200, body: { response: { status_code: 0, message: 'ok', order_no: orderNo } } });
const ordersAnswer = (records: Array<Record<string, unknown>>): ScriptedAnswer => ok({ total: records.length, orders: records });
const record = (order_no: string, ec_order_no: string, extra: Record<string, unknown> = {}) => ({
	order_no,
	ec_order_no,
	order_status_id: 1,
	order_status_name: 'received',
	...extra,
});
const serverError: ScriptedAnswer = { statusCode: 500, body: 'boom' };

/** A service: POST answers from a queue per EC order number, GET /orders from a registry per EC order number. */
function service(script: { posts?: Record<string, ScriptedAnswer[]>; registered?: Record<string, Array<Array<Record<string, unknown>>>> }) {
	const posts = new Map(Object.entries(script.posts ?? {}).map(([ec, answers]) => [ec, [...answers]]));
	const lookups = new Map(Object.entries(script.registered ?? {}).map(([ec, answers]) => [ec, [...answers]]));
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
		// A listing (a re-run's, or the check after 3 or more placements): shows nothing, so each is looked up.
		if (url === '/orders') return ordersAnswer([]);
		return new Error(`unexpected ${method} ${url}`);
	});
}

const routes = (sent: Array<{ options: { method?: string; url?: string; qs?: unknown } }>) =>
	sent.map(({ options }) => `${options.method} ${options.url}${(options.qs as { ec_order_no?: string } | undefined)?.ec_order_no ? ` ${(options.qs as { ec_order_no: string }).ec_order_no}` : ''}`);

async function place(ctx: ReturnType<typeof service>, orders: OrderToPlace[], s: PlacementSettings) {
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
		const outcomes = await place(ctx, [order('E1', 0), order('E2', 1)], settings({ multiItemOrder: true }));
		expect(outcomes.map((o) => (o.ok ? o.json : o.error))).toEqual([
			{ status_code: 0, message: 'ok', order_no: 'P-E1', already_registered: false, note: 'a0' },
			{ status_code: 0, message: 'ok', order_no: 'P-E2', already_registered: false, note: 'a1' },
		]);
		// Two orders placed: each is checked afterwards by one lookup (fewer than 3: no listing).
		expect(routes(ctx.sent)).toEqual(['POST /order-by-code', 'POST /order-by-code', 'GET /orders E1', 'GET /orders E2']);
		for (const { options } of ctx.sent) expect(options.headers).toEqual(expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }));
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
		const ctx = service({ registered: { E1: [[record('P-7', 'E1', { order_status_id: 3, order_status_name: 'printing' })]] } });
		const [outcome] = await place(ctx, [order('E1', 0)], settings({ checkDuplicates: true }));
		expect(outcome).toEqual({
			ok: true,
			order: expect.anything(),
			json: { order_no: 'P-7', ec_order_no: 'E1', already_registered: true, order_status_id: 3, order_status_name: 'printing', note: 'a0' },
		});
		expect(routes(ctx.sent)).toEqual(['GET /orders E1']);
	});

	it('lists the shipments of a multi-item order it found', async () => {
		const ctx = service({ registered: { E1: [[record('P-7', 'E1', { shipping_id: 'S1' }), record('P-7', 'E1', { shipping_id: 'S2' })]] } });
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
		expect((outcome.error as NodeApiError).description).toMatch(/^It is not known whether Printio registered this order\. Turn on Check for Existing Order/);
		expect(routes(ctx.sent)).toEqual(['POST /order-by-code']);
		expect(naps()).toEqual([]);
	});

	it('looks the order up after 1, 2, 4, 8 s and returns it when it appears, without sending again', async () => {
		const ctx = service({ posts: { E1: [serverError] }, registered: { E1: [[], [], [record('P-5', 'E1')]] } });
		const [outcome] = await place(ctx, [order('E1', 0)], settings({ checkDuplicates: true }));
		expect(outcome.ok && outcome.json).toEqual(expect.objectContaining({ order_no: 'P-5', already_registered: true, recovered_after_error: true }));
		expect(routes(ctx.sent)).toEqual(['GET /orders E1', 'POST /order-by-code', 'GET /orders E1', 'GET /orders E1']);
		expect(naps()).toEqual([1000, 2000]);
	});

	it('sends once more only after every lookup of the wait found nothing, and says so', async () => {
		const ctx = service({ posts: { E1: [serverError] } });
		const [outcome] = await place(ctx, [order('E1', 0)], settings({ checkDuplicates: true, lateCommitWaitMs: 3000 }));
		expect(outcome.ok && outcome.json).toEqual(expect.objectContaining({ order_no: 'P-E1', already_registered: false, retried: true }));
		expect(naps()).toEqual([1000, 2000]);
		expect(routes(ctx.sent).filter((route) => route.startsWith('POST'))).toHaveLength(2);
	});

	it('a resend that fails too is reported as unknown after the wait', async () => {
		const ctx = service({ posts: { E1: [serverError, serverError] } });
		const [outcome] = await place(ctx, [order('E1', 3)], settings({ checkDuplicates: true, lateCommitWaitMs: 1000 }));
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		expect((outcome.error as NodeApiError).description).toMatch(/^It is not known whether Printio registered this order: it was not found after the wait/);
		expect((outcome.error as NodeApiError).context.itemIndex).toBe(3);
	});

	it('treats a rate-limited placement like an unknown one: looks it up before the resend', async () => {
		const ctx = service({ posts: { E1: [{ statusCode: 429, body: '' }] } });
		const [outcome] = await place(ctx, [order('E1', 0)], settings({ checkDuplicates: true, lateCommitWaitMs: 1000 }));
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
		const ctx = service({ posts: { E2: [{ statusCode: 200, body: { response: { status_code: 5, message: 'bad' } } }] } });
		const outcomes = await place(ctx, [order('E1', 0), order('E2', 1), order('E3', 2)], settings({ stopOnFirstError: true }));
		expect(outcomes.map((o) => o.ok)).toEqual([true, false, false]);
		const third = outcomes[2];
		if (third.ok) return;
		expect(third.error.message).toBe('Not sent: an earlier order failed');
		expect((third.error as NodeOperationError).context.itemIndex).toBe(2);
		expect(routes(ctx.sent).filter((route) => route.startsWith('POST'))).toHaveLength(2);
	});

	it('with Continue On Fail tries every order', async () => {
		const ctx = service({ posts: { E2: [{ statusCode: 200, body: { response: { status_code: 5, message: 'bad' } } }] } });
		const outcomes = await place(ctx, [order('E1', 0), order('E2', 1), order('E3', 2)], settings());
		expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
	});

	it('pauses between batches of Concurrency orders, not after the last one or after a stop', async () => {
		const ctx = service({});
		await place(ctx, [0, 1, 2, 3, 4].map((i) => order(`B${i}`, i)), settings({ concurrency: 2, batchPauseMs: 700 }));
		expect(naps()).toEqual([700, 700]);
		jest.mocked(sleep).mockClear();
		const stopping = service({ posts: { B0: [{ statusCode: 200, body: { response: { status_code: 5, message: 'bad' } } }] } });
		await place(stopping, [0, 1, 2].map((i) => order(`B${i}`, i)), settings({ concurrency: 1, batchPauseMs: 700, stopOnFirstError: true }));
		expect(naps()).toEqual([]);
	});

	it('a second order under an EC order number this run placed fails the item, naming both and this run\'s', async () => {
		// After the run, the lookup finds another process's order next to ours.
		const ctx = service({ registered: { E1: [[record('P-E1', 'E1'), record('P-0', 'E1')]] } });
		const [outcome] = await place(ctx, [order('E1', 6)], settings());
		expect(outcome.ok).toBe(false);
		if (outcome.ok) return;
		const error = outcome.error as NodeOperationError;
		expect(error.message).toBe('Order "E1" is registered 2 times at Printio: P-0, P-E1');
		expect(error.description).toMatch(/This run placed P-E1\. Ask Printio to cancel P-E1 and keep P-0/);
		expect(error.context.orderNo).toBe('P-E1');
		expect(error.context.itemIndex).toBe(6);
	});

	it('keeps an order as placed when the check afterwards cannot be made', async () => {
		const ctx = routedContext(({ method }) => (method === 'POST' ? placedAnswer('P-1') : { statusCode: 200, body: { status_code: 11, message: 'no' } }));
		const [outcome] = await placeOrders.call(ctx.context, printioApi(ctx.context, CONNECTION), [order('E1', 0)], settings());
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
		const outcomes = await placeOrders.call(ctx.context, printioApi(ctx.context, CONNECTION), orders, settings({ checkDuplicates: true, concurrency: 3 }));
		expect(outcomes.map((o) => o.ok && o.json.already_registered)).toEqual([true, true, false]);
		const r = routes(ctx.sent);
		expect(r.filter((route) => route === 'GET /orders')).toHaveLength(1);
		expect(r.filter((route) => route === 'GET /orders E1' || route === 'GET /orders E2')).toHaveLength(0);
		expect(r.filter((route) => route.startsWith('POST'))).toHaveLength(1);
	});
});
