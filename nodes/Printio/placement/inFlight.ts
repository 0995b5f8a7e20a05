import { sleep } from 'n8n-workflow';

/** In regular mode all executions share this process: a second placement of one order waits, then looks it up. */
const placementsInFlight = new Map<string, Promise<void>>();

/** Longer than one placement can take, so a wait ends early only on a hang, and then the order is not sent. */
export const IN_FLIGHT_WAIT_MS = 5 * 60_000;

const WAIT_STEP_MS = 250;

export interface PlacementClaim {
	waited: boolean;
	release: () => void;
}

export function placementKey(baseUrl: string, retailerId: unknown, ecOrderNo: string): string {
	return JSON.stringify([baseUrl, String(retailerId), ecOrderNo]);
}

/** The caller must release the claim. */
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
	// No await between the check and this set: nobody can claim in between.
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

/** @internal */
export function placementsInFlightCount(): number {
	return placementsInFlight.size;
}
