// A rejection waits for the calls in flight, so nothing is left running behind the caller's back.
export async function mapWithConcurrency<I, O>(
	inputs: readonly I[],
	cap: number,
	worker: (input: I, index: number) => Promise<O>,
): Promise<O[]> {
	const results: O[] = [];
	// NaN (an empty setting) means one call at a time, not none.
	const limit = Math.max(1, Math.floor(cap) || 1);
	let next = 0;
	let failure: { error: unknown } | undefined;

	const lane = async () => {
		while (!failure && next < inputs.length) {
			const index = next++;
			try {
				results[index] = await worker(inputs[index], index);
			} catch (error) {
				failure ??= { error };
			}
		}
	};

	await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, lane));
	if (failure) throw failure.error;
	return results;
}
