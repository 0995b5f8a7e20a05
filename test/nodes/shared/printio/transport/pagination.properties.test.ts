/**
 * listAll's paging rules as properties, against an in-memory API that pages the way the spec (and the sandbox)
 * does: every total from 0 to several thousand, exact multiples of 30, every limit, pages fetched concurrently;
 * and with shortPageEnds, pages read one at a time from a service that may cut one short.
 * The node-level properties (Return All / Limit through n8n against the sandbox) are in
 * test/nodes/Printio/actions/originalItem/getMany.operation.workflow.test.ts.
 */
import fc from 'fast-check';
import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

import { PAGE_SIZE_MAX } from '../../../../../api/limits';
import type { Connection } from '../../../../../nodes/shared/printio/transport/connection';
import {
	listAll,
	PAGE_CONCURRENCY,
	PageBudgetExceeded,
} from '../../../../../nodes/shared/printio/transport/pagination';

interface FakeApi {
	context: IExecuteFunctions;
	/** Every request as (page, limit), in the order they were sent. */
	requests: Array<{ page: number; limit: number }>;
	maxInFlight: number;
	/** The order numbers each answer held, in the order of the answers. */
	served: number[][];
}

const connection: Connection = {
	baseUrl: 'http://printio.invalid',
	retailerId: 1,
	credentials: {},
};
const node: INode = {
	id: 'n',
	name: 'Printio',
	type: 'printio',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A page the service cuts short: it holds at most `keep` records, fewer than asked. */
interface ShortPage {
	page: number;
	keep: number;
}

/**
 * Records 1..total, served in pages; answers out of order (random delays) so that ordering bugs show. With a
 * short page, that page holds fewer records than asked (and `served` lists what each page held).
 */
function fakeApi(total: number, delays: number[], short?: ShortPage): FakeApi {
	const api: FakeApi = { context: undefined as never, requests: [], maxInFlight: 0, served: [] };
	let inFlight = 0;
	const httpRequestWithAuthentication = async (_name: string, options: IHttpRequestOptions) => {
		const qs = options.qs as { limit: number; page: number };
		api.requests.push({ page: qs.page, limit: qs.limit });
		inFlight++;
		api.maxInFlight = Math.max(api.maxInFlight, inFlight);
		const delay = delays[api.requests.length % delays.length] ?? 0;
		await new Promise((resolve) => setTimeout(resolve, delay));
		inFlight--;
		const start = (qs.page - 1) * qs.limit;
		const count = Math.max(
			0,
			Math.min(
				qs.limit,
				total - start,
				qs.page === short?.page ? Math.min(short.keep, qs.limit - 1) : Infinity,
			),
		);
		const orders = Array.from({ length: count }, (_, i) => ({ order_no: start + i + 1 }));
		api.served.push(orders.map((order) => order.order_no));
		// Spec 7: a page past the end is status 1 (no data), still with the total.
		const body = {
			status_code: orders.length ? 0 : 1,
			message: orders.length ? 'ok' : 'no data',
			orders,
			total,
		};
		return { statusCode: 200, headers: {}, body };
	};
	const context: Pick<IExecuteFunctions, 'getNode'> & {
		helpers: Pick<IExecuteFunctions['helpers'], 'httpRequestWithAuthentication'>;
	} = {
		getNode: () => node,
		helpers: { httpRequestWithAuthentication } as Pick<
			IExecuteFunctions['helpers'],
			'httpRequestWithAuthentication'
		>,
	};
	api.context = context as IExecuteFunctions;
	return api;
}

const range = (from: number, to: number) =>
	Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** Totals around every interesting boundary, plus anything up to several thousand. */
const totalArb = fc.oneof(
	fc.constantFrom(0, 1, 29, 30, 31, 59, 60, 61, 239, 240, 241, 270, 300, 301, 3000),
	fc
		.integer({ min: 1, max: 12 })
		.chain((pages) => fc.constantFrom(pages * 30 - 1, pages * 30, pages * 30 + 1)),
	fc.integer({ min: 0, max: 4000 }),
);
const delaysArb = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 7 });

describe('listAll (paging)', () => {
	it('Return All: every record exactly once and in order, each page asked for exactly once, ceil(total/30) requests', async () => {
		await fc.assert(
			fc.asyncProperty(totalArb, delaysArb, async (total, delays) => {
				const api = fakeApi(total, delays);
				const records = await listAll(api.context, connection, 'getOrders', { limit: Infinity });
				expect(records.map((record) => record.order_no)).toEqual(range(1, total));
				const pages = api.requests.map((request) => request.page);
				expect([...pages].sort((a, b) => a - b)).toEqual(
					range(1, Math.max(1, Math.ceil(total / PAGE_SIZE_MAX))),
				);
				expect(pages[0]).toBe(1);
				expect(api.requests.every((request) => request.limit === PAGE_SIZE_MAX)).toBe(true);
				expect(api.maxInFlight).toBeLessThanOrEqual(PAGE_CONCURRENCY);
			}),
			{ numRuns: 60 },
		);
	});

	it('Limit: exactly min(limit, total) records from the start, only the pages they need, pages of min(limit, 30)', async () => {
		const limitArb = fc.oneof(
			fc.constantFrom(1, 2, 29, 30, 31, 59, 60, 61, 300),
			fc.integer({ min: 1, max: 700 }),
		);
		await fc.assert(
			fc.asyncProperty(totalArb, limitArb, delaysArb, async (total, limit, delays) => {
				const api = fakeApi(total, delays);
				const records = await listAll(api.context, connection, 'getOrders', { limit });
				expect(records.map((record) => record.order_no)).toEqual(range(1, Math.min(limit, total)));
				const size = Math.min(limit, PAGE_SIZE_MAX);
				expect(api.requests.every((request) => request.limit === size)).toBe(true);
				const pagesNeeded = Math.max(1, Math.min(Math.ceil(total / size), Math.ceil(limit / size)));
				expect(api.requests.map((request) => request.page).sort((a, b) => a - b)).toEqual(
					range(1, pagesNeeded),
				);
			}),
			{ numRuns: 80 },
		);
	});

	it('Limit 0 (or below) reads nothing and sends nothing', async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: -5, max: 0 }), totalArb, async (limit, total) => {
				const api = fakeApi(total, [0]);
				expect(await listAll(api.context, connection, 'getOrders', { limit })).toEqual([]);
				expect(api.requests).toEqual([]);
			}),
			{ numRuns: 10 },
		);
	});

	it('a long listing keeps PAGE_CONCURRENCY requests in flight (not one at a time, never more)', async () => {
		// 20 pages: with every answer delayed, the 19 pages after the first go out 8 at a time.
		const api = fakeApi(20 * 30, [5]);
		const records = await listAll(api.context, connection, 'getOrders', { limit: Infinity });
		expect(records).toHaveLength(600);
		// 8 is the promise (bench: returnAll), not whatever the constant says.
		expect(PAGE_CONCURRENCY).toBe(8);
		expect(api.maxInFlight).toBe(8);
	});

	it('a first page without records ends the read even when its total claims more (records gone meanwhile)', async () => {
		const api = fakeApi(0, [0]);
		const lying = api.context.helpers.httpRequestWithAuthentication;
		api.context.helpers.httpRequestWithAuthentication = async function (
			this: IExecuteFunctions,
			...args: Parameters<typeof lying>
		) {
			const answer = await lying.apply(this, args);
			return { ...answer, body: { ...answer.body, total: 95 } };
		};
		expect(await listAll(api.context, connection, 'getOrders', { limit: Infinity })).toEqual([]);
		expect(api.requests).toEqual([{ page: 1, limit: 30 }]);
	});
});

describe('listAll with shortPageEnds (paging)', () => {
	const totalUpTo200 = fc.oneof(
		fc.constantFrom(0, 1, 29, 30, 31, 59, 60, 61, 90, 180),
		fc.integer({ min: 0, max: 200 }),
	);
	// The page size is min(limit, 30): limits below 30 are smaller pages.
	const limitArb = fc.oneof(
		fc.constant(Infinity),
		fc.integer({ min: 1, max: 40 }),
		fc.integer({ min: 1, max: 250 }),
	);
	const shortArb = fc.option(
		fc.record({ page: fc.integer({ min: 1, max: 8 }), keep: fc.integer({ min: 0, max: 29 }) }),
		{ nil: undefined },
	);

	it('each page once, in order, one at a time; the first short page, total or the limit ends the read; records in order, never more than the limit', async () => {
		await fc.assert(
			fc.asyncProperty(
				totalUpTo200,
				limitArb,
				shortArb,
				delaysArb,
				async (total, limit, short, delays) => {
					const api = fakeApi(total, delays, short);
					const records = await listAll(api.context, connection, 'getOrders', {
						limit,
						shortPageEnds: true,
					});
					const size = Math.min(limit, PAGE_SIZE_MAX);
					const pages = api.requests.map((request) => request.page);
					expect(pages).toEqual(range(1, pages.length));
					expect(api.requests.every((request) => request.limit === size)).toBe(true);
					expect(api.maxInFlight).toBe(1);
					// Every page before the last was full, and the last one ended the read.
					const counts = api.served.map((page) => page.length);
					expect(counts.slice(0, -1).every((count) => count === size)).toBe(true);
					const received = counts.reduce((sum, count) => sum + count, 0);
					expect(counts[counts.length - 1] < size || received >= total || received >= limit).toBe(
						true,
					);
					const natural = Math.max(1, Math.ceil(Math.min(total, limit) / size));
					expect(pages).toHaveLength(Math.min(short?.page ?? Infinity, natural));
					expect(records.map((record) => record.order_no)).toEqual(
						api.served.flat().slice(0, limit),
					);
					expect(records.length).toBeLessThanOrEqual(limit);
					if (short === undefined)
						expect(records.map((record) => record.order_no)).toEqual(
							range(1, Math.min(total, limit)),
						);
				},
			),
			{ numRuns: 200 },
		);
	});

	it('without the option (absent or false) a short page does not end the read: the pages total asks for, as before', async () => {
		await fc.assert(
			fc.asyncProperty(
				totalUpTo200,
				limitArb,
				shortArb,
				fc.constantFrom(undefined, false),
				delaysArb,
				async (total, limit, short, shortPageEnds, delays) => {
					const api = fakeApi(total, delays, short);
					const records = await listAll(api.context, connection, 'getOrders', {
						limit,
						shortPageEnds,
					});
					const size = Math.min(limit, PAGE_SIZE_MAX);
					// An empty first page still ends it (page 1 is always answered first, alone).
					const firstEmpty = api.served[0].length === 0;
					const pagesNeeded = firstEmpty
						? 1
						: Math.max(1, Math.min(Math.ceil(total / size), Math.ceil(limit / size)));
					expect(api.requests.map((request) => request.page).sort((a, b) => a - b)).toEqual(
						range(1, pagesNeeded),
					);
					expect(records.length).toBeLessThanOrEqual(limit);
					if (short === undefined)
						expect(records.map((record) => record.order_no)).toEqual(
							range(1, Math.min(total, limit)),
						);
				},
			),
			{ numRuns: 100 },
		);
	});
});

describe('listAll with a page budget and lanes (paging)', () => {
	it('reads every record when ceil(total/30) fits maxPages; past it, throws PageBudgetExceeded after the first page alone', async () => {
		await fc.assert(
			fc.asyncProperty(
				totalArb,
				fc.integer({ min: 1, max: 20 }),
				delaysArb,
				async (total, maxPages, delays) => {
					const api = fakeApi(total, delays);
					const read = listAll(api.context, connection, 'getOrders', { limit: Infinity, maxPages });
					if (Math.ceil(total / PAGE_SIZE_MAX) > maxPages) {
						await expect(read).rejects.toBeInstanceOf(PageBudgetExceeded);
						expect(api.requests).toEqual([{ page: 1, limit: PAGE_SIZE_MAX }]);
					} else {
						expect((await read).map((record) => record.order_no)).toEqual(range(1, total));
						expect(api.requests.length).toBe(Math.max(1, Math.ceil(total / PAGE_SIZE_MAX)));
					}
				},
			),
			{ numRuns: 80 },
		);
	});

	it('keeps min(lanes, PAGE_CONCURRENCY) pages in flight after the first', async () => {
		for (const [lanes, expected] of [
			[1, 1],
			[3, 3],
			[8, 8],
			[12, 8],
		]) {
			const api = fakeApi(20 * 30, [5]);
			expect(
				await listAll(api.context, connection, 'getOrders', { limit: Infinity, lanes }),
			).toHaveLength(600);
			expect({ lanes, maxInFlight: api.maxInFlight }).toEqual({ lanes, maxInFlight: expected });
		}
	});
});
