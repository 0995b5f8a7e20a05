/**
 * mapWithConcurrency: results in input order whatever order the calls finish in, at most `cap` calls in flight,
 * and after a rejection no new call starts and the error comes once the calls in flight have settled.
 */
import fc from 'fast-check';

import { mapWithConcurrency } from '../../../../nodes/shared/printio/concurrency';

/** Lets pending promise callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('mapWithConcurrency', () => {
	it('an empty input gives an empty array without a call', async () => {
		const worker = jest.fn(async (n: number) => n);
		await expect(mapWithConcurrency([], 4, worker)).resolves.toStrictEqual([]);
		expect(worker).not.toHaveBeenCalled();
	});

	it('keeps the input order when later calls finish first, and passes each input with its index', async () => {
		const calls: [string, number][] = [];
		const resolvers: (() => void)[] = [];
		const run = mapWithConcurrency(['a', 'b', 'c', 'd'], 4, (input, index) => {
			calls.push([input, index]);
			return new Promise<string>((resolve) => resolvers.push(() => resolve(`${input}${index}`)));
		});
		await settle();
		for (const resolve of [...resolvers].reverse()) {
			resolve();
			await settle();
		}
		await expect(run).resolves.toStrictEqual(['a0', 'b1', 'c2', 'd3']);
		expect(calls).toStrictEqual([
			['a', 0],
			['b', 1],
			['c', 2],
			['d', 3],
		]);
	});

	it('gives one result per input, in order, with at most `cap` calls in flight', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }),
				fc.integer({ min: 1, max: 5 }),
				async (delays, cap) => {
					let inFlight = 0;
					let most = 0;
					const results = await mapWithConcurrency(delays, cap, async (delay, index) => {
						inFlight++;
						most = Math.max(most, inFlight);
						for (let i = 0; i <= delay; i++) await settle();
						inFlight--;
						return index * 10 + delay;
					});
					expect(results).toStrictEqual(delays.map((delay, index) => index * 10 + delay));
					expect(most).toBe(Math.min(cap, delays.length));
				},
			),
			{ numRuns: 25 },
		);
	});

	it('a cap below 1 or with a fraction runs the calls one at a time', async () => {
		for (const cap of [0, -3, 0.5, 1.9]) {
			let inFlight = 0;
			let most = 0;
			const results = await mapWithConcurrency([1, 2, 3], cap, async (n) => {
				inFlight++;
				most = Math.max(most, inFlight);
				await settle();
				inFlight--;
				return n * 2;
			});
			expect([cap, results, most]).toStrictEqual([cap, [2, 4, 6], 1]);
		}
	});

	it('after a rejection starts no new call, and rethrows the first error once the calls in flight settled', async () => {
		const started: number[] = [];
		let finished = 0;
		const error = new Error('no stock');
		const run = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (n) => {
			started.push(n);
			await settle();
			if (n === 1) throw error;
			if (n === 2) throw new Error('later');
			await settle();
			finished++;
			return n;
		});
		let finishedWhenRejected = -1;
		await run.catch((caught: unknown) => {
			finishedWhenRejected = finished;
			expect(caught).toBe(error);
		});
		// 0 and 1 start together; 1 fails while 0 is still running: 0 is awaited, nothing else starts.
		expect(started).toStrictEqual([0, 1]);
		expect(finishedWhenRejected).toBe(1);
	});

	it('when two calls in flight fail, the first failure is the one rethrown', async () => {
		const first = new Error('first');
		const run = mapWithConcurrency([1, 2], 2, async (delay) => {
			for (let i = 0; i < delay; i++) await settle();
			throw delay === 1 ? first : new Error('second');
		});
		await expect(run).rejects.toBe(first);
	});
});
