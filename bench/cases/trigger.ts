/**
 * Printio Trigger: the cost of an idle poll, and the size of its stored state after 100,000 orders' changes.
 *
 * The changes are made in the sandbox's store in-process (its order handler, no HTTP), on the virtual clock,
 * at a steady rate; the trigger reads them through real polls (n8n-core PollContext via the harness, HTTP to the
 * sandbox), one poll per virtual minute like n8n's "Every Minute". The stored state is what n8n would persist
 * (`poller.staticData`), measured as JSON bytes. Every change must be emitted exactly once, or the case fails.
 */
import type { LoadedPackage } from '../../test/harness';
import { createPoller } from '../../test/harness';
import { startSandbox } from '../../sandbox/server';
import { placeOrderInProcess } from '../seed';
import { control, KEY, median, round } from '../util';

export interface TriggerResult {
	idlePollRequests: number;
	idlePollRequestsRuns: number[];
	staticDataBytesAt100kOrders: number;
	orders: number;
	changesPerVirtualSecond: number;
	pollEveryVirtualSeconds: number;
	polls: number;
	emitted: number;
	duplicatesEmitted: number;
	maxStaticDataBytes: number;
	staticDataBytesAt: Record<string, number>;
	/** Identities kept (changes inside the overlap window before the latest change) at the end. */
	identitiesKept: number;
	/** A burst: this many orders changing within the same second, then the state right after. */
	burst: { changes: number; staticDataBytes: number };
	wallMs: number;
}

/** `YYYY-MM-DD HH:mm:ss` Tokyo wall time. */
function tokyo(ms: number): string {
	return new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export async function benchTrigger(
	pkg: LoadedPackage,
	options: { orders: number; perSecond: number; pollEverySeconds: number; burst: number },
): Promise<TriggerResult> {
	const sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	const started = performance.now();
	try {
		// Start far enough in the past that the run ends near the real now (virtual time runs ahead in big jumps).
		const virtualSeconds = Math.ceil(options.orders / options.perSecond);
		const t0Ms = Math.floor(Date.now() / 1000) * 1000 - (virtualSeconds + 3600) * 1000;
		const t0 = tokyo(t0Ms);
		await control(sb.url, 'POST', '/time', { set: t0, freeze: true });
		const poller = await createPoller({
			pkg,
			node: {
				type: 'printioTrigger',
				parameters: { event: 'anyChange', options: { startFrom: `${t0.replace(' ', 'T')}+09:00` } },
			},
			credentials: {
				printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
			},
			staticData: {},
		});

		const emitted = new Map<string, number>();
		const sizes: Record<string, number> = {};
		const checkpoints = new Set([1_000, 10_000, options.orders]);
		let maxBytes = 0;
		let polls = 0;
		const poll = async () => {
			polls++;
			const result = await poller.poll();
			for (const item of result?.[0] ?? []) {
				const id = String(item.json.change_id);
				emitted.set(id, (emitted.get(id) ?? 0) + 1);
			}
			const bytes = JSON.stringify(poller.staticData).length;
			if (bytes > maxBytes) maxBytes = bytes;
			return bytes;
		};

		let placed = 0;
		let carry = 0;
		while (placed < options.orders) {
			for (let second = 0; second < options.pollEverySeconds && placed < options.orders; second++) {
				carry += options.perSecond;
				for (; carry >= 1 && placed < options.orders; carry--)
					placeOrderInProcess(sb, `BENCH-TRG-${placed++}`);
				sb.store.clock.advance(1);
			}
			const bytes = await poll();
			for (const checkpoint of checkpoints) {
				if (placed >= checkpoint && sizes[String(checkpoint)] === undefined)
					sizes[String(checkpoint)] = bytes;
			}
		}
		sb.store.clock.advance(1);
		await poll();
		const finalBytes = JSON.stringify(poller.staticData).length;
		const cursor = poller.staticData.cursor as { seen?: Record<string, string[]> } | undefined;
		const identitiesKept = Object.values(cursor?.seen ?? {}).reduce((n, ids) => n + ids.length, 0);

		const duplicatesEmitted = [...emitted.values()].filter((count) => count > 1).length;
		if (emitted.size !== options.orders || duplicatesEmitted) {
			throw new Error(
				`trigger emitted ${emitted.size} distinct changes (${duplicatesEmitted} repeated), expected ${options.orders}`,
			);
		}

		// Idle polls: nothing changed since the last poll.
		const idle: number[] = [];
		for (let i = 0; i < 5; i++) {
			sb.store.clock.advance(60);
			await control(sb.url, 'DELETE', '/requests');
			const result = await poller.poll();
			if (result !== null) throw new Error('an idle poll emitted items');
			idle.push(((await control(sb.url, 'GET', '/requests')) as unknown[]).length);
		}

		// A burst: many orders in one second (the state keeps the identities of the overlap window).
		sb.store.clock.advance(300);
		for (let i = 0; i < options.burst; i++) placeOrderInProcess(sb, `BENCH-BURST-${i}`);
		const burstResult = await poller.poll();
		if ((burstResult?.[0].length ?? 0) !== options.burst)
			throw new Error('burst: not every change emitted');
		const burstBytes = JSON.stringify(poller.staticData).length;

		return {
			idlePollRequests: median(idle),
			idlePollRequestsRuns: idle,
			staticDataBytesAt100kOrders: finalBytes,
			orders: options.orders,
			changesPerVirtualSecond: options.perSecond,
			pollEveryVirtualSeconds: options.pollEverySeconds,
			polls,
			emitted: emitted.size,
			duplicatesEmitted,
			maxStaticDataBytes: maxBytes,
			staticDataBytesAt: sizes,
			identitiesKept,
			burst: { changes: options.burst, staticDataBytes: burstBytes },
			wallMs: round(performance.now() - started, 0),
		};
	} finally {
		await sb.close();
	}
}
