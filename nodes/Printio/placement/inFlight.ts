import { sleep } from 'n8n-workflow';

/**
 * Placements under way in this n8n process, by base URL, retailer and EC order number. In regular mode every
 * execution of every workflow runs in one process, so this is where two executions given the same order (a
 * webhook delivered twice, a form sent twice) meet: the second waits until the first has settled, then looks
 * the order up instead of placing it again. An entry lives only while its placement is under way.
 */
const placementsInFlight = new Map<string, Promise<void>>();

/**
 * Longest wait for another execution's placement of the same order: more than one placement can take (a
 * lookup with its retries, the request, the wait for a late registration, one resend), so a wait only ends
 * early when something hangs, and then the order is not sent (never a guess).
 */
export const IN_FLIGHT_WAIT_MS = 5 * 60_000;

/** How often a waiting placement checks its deadline; the wait itself ends when the other one settles. */
const WAIT_STEP_MS = 250;

export interface PlacementClaim {
	/** Whether another placement of the same order was under way when this one asked. */
	waited: boolean;
	release: () => void;
}

export function placementKey(baseUrl: string, retailerId: unknown, ecOrderNo: string): string {
	return JSON.stringify([baseUrl, String(retailerId), ecOrderNo]);
}

/**
 * Claims the order for this placement, after waiting (at most `maxWaitMs`) for a placement of the same order
 * that is under way. Undefined when that one did not settle in time. The caller must release the claim.
 */
export async function claimPlacement(
	key: string,
	maxWaitMs = IN_FLIGHT_WAIT_MS,
): Promise<PlacementClaim | undefined> {
	const deadline = Date.now() + maxWaitMs;
	let waited = false;
	for (let current = placementsInFlight.get(key); current; current = placementsInFlight.get(key)) {
		waited = true;
		const left = deadline - Date.now();
		if (left <= 0) return undefined;
		await Promise.race([current, sleep(Math.min(WAIT_STEP_MS, left))]);
	}
	// No await between the check above and this set: nobody else can claim in between.
	let settle = () => {};
	const settled = new Promise<void>((resolve) => (settle = resolve));
	placementsInFlight.set(key, settled);
	return {
		waited,
		release: () => {
			if (placementsInFlight.get(key) === settled) placementsInFlight.delete(key);
			settle();
		},
	};
}

/**
 * Number of placements under way (tests: the registry does not grow with the number of orders).
 * @internal
 */
export function placementsInFlightCount(): number {
	return placementsInFlight.size;
}
