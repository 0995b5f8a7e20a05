/**
 * The Return All benchmark's shape, without its times (`npm run bench` measures those): the shipped node reads
 * `ceil(total / 30)` pages with PAGE_CONCURRENCY requests in flight, the baseline reads the same pages strictly one
 * at a time, and the case refuses a baseline that is not sequential. A baseline that silently paged in parallel
 * once made the bench compare the node with itself; this keeps that from hiding again.
 */
import fc from 'fast-check';

import { benchReturnAll, checkRuns, type ReturnAllRun } from '../../../bench/cases/returnAll';
import { PAGE_CONCURRENCY } from '../../../nodes/shared/printio/transport/pagination';
import { loadPackage } from '../../harness';

jest.setTimeout(120_000);

describe('Return All benchmark, 10 pages at 20 ms latency, one run', () => {
	let result: Awaited<ReturnType<typeof benchReturnAll>>;

	beforeAll(async () => {
		result = await benchReturnAll(await loadPackage(), {
			pages: 10,
			latencyMs: 20,
			runs: 1,
			whatIf: [3],
			warmUp: false,
		});
	});

	it('the baseline reads every page once, one request in flight at a time', () => {
		expect(result.sequentialMaxInFlight).toBe(1);
		expect(result.sequentialRequests).toBe(10);
		expect(result.sequentialWallMsRuns).toHaveLength(1);
	});

	it('the node reads the same pages at the floor, PAGE_CONCURRENCY at a time', () => {
		expect(result.records).toBe(300);
		expect(result.requests).toBe(10);
		expect(result.floorRequests).toBe(10);
		expect(result.pageConcurrency).toBe(PAGE_CONCURRENCY);
		expect(result.maxInFlightSeen).toBe(Math.min(PAGE_CONCURRENCY, 9));
		expect(result.speedupCeiling).toBe(
			Math.round((10 / (1 + Math.ceil(9 / PAGE_CONCURRENCY))) * 100) / 100,
		);
	});

	it('a what-if concurrency is what the baseline node had in flight', () => {
		expect(Object.keys(result.whatIfPageConcurrency)).toEqual(['3']);
		expect(result.whatIfPageConcurrency['3'].maxInFlight).toBe(3);
	});
});

describe('checkRuns', () => {
	const run = (maxInFlight: number, over: Partial<ReturnAllRun> = {}): ReturnAllRun => ({
		wallMs: 1,
		records: 300,
		requests: 10,
		maxInFlight,
		...over,
	});
	const expected = { records: 300, pages: 10 };

	it('refuses a baseline with any run that had more (or fewer) than one request in flight', () => {
		fc.assert(
			fc.property(
				fc.array(fc.constant(1), { maxLength: 6 }),
				fc.integer({ min: 0, max: 64 }).filter((n) => n !== 1),
				fc.array(fc.constant(1), { maxLength: 6 }),
				(before, bad, after) => {
					const sequential = [...before, bad, ...after].map((n) => run(n));
					expect(() => checkRuns([run(8)], sequential, expected)).toThrow(
						`the sequential baseline had ${bad} requests in flight at once (must be 1): it is not sequential`,
					);
				},
			),
		);
	});

	it('accepts one to many sequential runs', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 9 }), (runs) => {
				expect(() =>
					checkRuns(
						[run(8)],
						Array.from({ length: runs }, () => run(1)),
						expected,
					),
				).not.toThrow();
			}),
		);
	});

	it('refuses a run that missed or repeated a page, or lost records', () => {
		expect(() => checkRuns([run(8, { requests: 11 })], [run(1)], expected)).toThrow(
			'node: 11 GET /orders requests, expected 10',
		);
		expect(() => checkRuns([run(8)], [run(1, { requests: 9 })], expected)).toThrow(
			'sequential baseline: 9 GET /orders requests, expected 10',
		);
		expect(() => checkRuns([run(8, { records: 299 })], [run(1)], expected)).toThrow(
			'node: Return All returned 299 records, expected 300',
		);
	});
});
