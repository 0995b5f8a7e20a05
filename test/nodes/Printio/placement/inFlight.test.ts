/**
 * The in-process registry of placements under way: a second placement of the same order waits for the first to
 * settle, gives up (undefined: the order is not sent) after its deadline, and a claim never frees someone else's.
 * n8n's sleep and the clock are simulated, so the waits are exact and instant.
 */
import { sleep } from 'n8n-workflow';

import {
	claimPlacement,
	IN_FLIGHT_WAIT_MS,
	placementKey,
	placementsInFlightCount,
} from '../../../../nodes/Printio/placement/inFlight';

jest.mock('n8n-workflow', () => ({ ...jest.requireActual('n8n-workflow'), sleep: jest.fn() }));

let clock = 0;
const naps = () => jest.mocked(sleep).mock.calls.map(([ms]) => ms);

beforeEach(() => {
	clock = 1_000_000;
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
	jest.mocked(sleep).mockReset();
	// A nap advances the simulated clock by its length and ends at once.
	jest.mocked(sleep).mockImplementation(async (ms: number) => {
		clock += ms;
	});
});

afterEach(() => jest.restoreAllMocks());

describe('placementKey', () => {
	it('is one key per base URL, retailer (number or text) and EC order number', () => {
		expect(placementKey('https://a', 1, 'EC-1')).toBe(JSON.stringify(['https://a', '1', 'EC-1']));
		expect(placementKey('https://a', '1', 'EC-1')).toBe(placementKey('https://a', 1, 'EC-1'));
		const keys = new Set([
			placementKey('https://a', 1, 'EC-1'),
			placementKey('https://b', 1, 'EC-1'),
			placementKey('https://a', 2, 'EC-1'),
			placementKey('https://a', 1, 'EC-2'),
		]);
		expect(keys.size).toBe(4);
		// No separator trick can make two orders one key.
		expect(placementKey('a","1', 1, 'x')).not.toBe(placementKey('a', '1","1', 'x'));
	});

	it('waits five minutes at most by default', () => {
		expect(IN_FLIGHT_WAIT_MS).toBe(300_000);
	});
});

describe('claimPlacement', () => {
	it('claims a free order at once and frees it on release', async () => {
		const claim = await claimPlacement('free');
		expect(claim?.waited).toBe(false);
		expect(placementsInFlightCount()).toBe(1);
		claim?.release();
		expect(placementsInFlightCount()).toBe(0);
		expect(naps()).toEqual([]);
	});

	it('lets a second placement of the same order in only after the first settled, and says it waited', async () => {
		const first = await claimPlacement('same');
		// Naps that never end on their own: only the first placement settling lets the second go on.
		jest.mocked(sleep).mockImplementation(async () => await new Promise<void>(() => undefined));
		const events: string[] = [];
		const second = claimPlacement('same').then((claim) => {
			events.push('second claimed');
			return claim;
		});
		await new Promise((resolve) => setImmediate(resolve));
		expect(naps()).toEqual([250]);
		events.push('first releases');
		first?.release();
		const claim = await second;
		expect(events).toEqual(['first releases', 'second claimed']);
		expect(claim?.waited).toBe(true);
		expect(placementsInFlightCount()).toBe(1);
		claim?.release();
		expect(placementsInFlightCount()).toBe(0);
	});

	it('does not wait for another order', async () => {
		const a = await claimPlacement('order-a');
		const b = await claimPlacement('order-b');
		expect(b?.waited).toBe(false);
		expect(placementsInFlightCount()).toBe(2);
		a?.release();
		b?.release();
	});

	it('gives up when the other placement does not settle before the deadline, napping 250 ms steps up to it', async () => {
		const holder = await claimPlacement('stuck');
		expect(await claimPlacement('stuck', 600)).toBeUndefined();
		expect(naps()).toEqual([250, 250, 100]);
		// The holder's claim is untouched.
		expect(placementsInFlightCount()).toBe(1);
		jest.mocked(sleep).mockClear();
		expect(await claimPlacement('stuck', 0)).toBeUndefined();
		expect(naps()).toEqual([]);
		holder?.release();
		expect(placementsInFlightCount()).toBe(0);
	});

	it('a late or repeated release never frees the claim of the placement that came next', async () => {
		const first = await claimPlacement('handover');
		const next = claimPlacement('handover');
		first?.release();
		const second = await next;
		first?.release();
		expect(placementsInFlightCount()).toBe(1);
		// So a third still waits for the second.
		expect(await claimPlacement('handover', 300)).toBeUndefined();
		second?.release();
		expect(placementsInFlightCount()).toBe(0);
	});
});
