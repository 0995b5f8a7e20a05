/** A cap that is no number (NaN) still runs every input, one at a time: before, no call ran and the result held holes. */
import { mapWithConcurrency } from '../../../../nodes/shared/printio/concurrency';

it('mapWithConcurrency with a NaN cap runs every input, one call at a time', async () => {
	let inFlight = 0;
	let most = 0;
	const worker = jest.fn(async (n: number) => {
		most = Math.max(most, ++inFlight);
		await Promise.resolve();
		inFlight--;
		return n * 2;
	});
	await expect(mapWithConcurrency([1, 2, 3], NaN, worker)).resolves.toStrictEqual([2, 4, 6]);
	expect(worker).toHaveBeenCalledTimes(3);
	expect(most).toBe(1);
});
