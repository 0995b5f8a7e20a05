/**
 * The Printio Trigger under a fault-heavy randomized run, longer than test/nodes/PrintioTrigger/cursor.workflow.test.ts (whose set-up
 * and ground truth it reuses): a fault before most polls (HTTP 500 and 429, connections closed before and after the
 * answer was built, timeouts, slow answers, broken JSON, failures that outlast the transport's retries, faults on the
 * order read of Include Order too), restarts from what n8n persisted under every persistence path, the same poll
 * run twice at once. Ground truth: right after each successful poll (frozen clock) every status record the API
 * shows. Each exposed change must be emitted exactly once; a failed poll emits nothing and moves nothing.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../sandbox/server';
import { scanForSecrets, type HarnessPoller } from '../test/harness';
import {
	changeIdOf,
	clearRequests,
	control,
	fault,
	freezeClock,
	jsonOf,
	startFrom,
	startTriggerSandbox,
	trigger,
	visibleChanges,
	type Json,
	randomWorldStep,
} from '../test/nodes/PrintioTrigger/setup';
import { prng, SECRETS } from './helpers';

let sb: Sandbox;
before(async () => {
	sb = await startTriggerSandbox();
});
after(async () => {
	await sb?.close();
});

type Runtime = { retainInMemory: boolean; durableCursors?: boolean };
const RUNTIMES: Runtime[] = [
	{ retainInMemory: true },
	{ retainInMemory: false },
	{ retainInMemory: false, durableCursors: true },
];

/** Outputs and errors of every poll: the key must be in none; personal data in none unless the order is included. */
const outputs: unknown[] = [];
const errors: unknown[] = [];

interface Scenario {
	seed: number;
	iterations: number;
	multi: boolean;
	includeOrder: boolean;
}

async function run(scenario: Scenario) {
	const random = prng(scenario.seed);
	const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];

	await control(sb, 'POST', '/_sandbox/reset');
	await control(sb, 'DELETE', '/_sandbox/faults');
	await clearRequests(sb);
	const t0 = await freezeClock(sb);
	const options: IDataObject = {
		startFrom: startFrom(t0),
		multiItemOrder: scenario.multi,
		includeOrder: scenario.includeOrder,
	};
	const make = async (runtime: Runtime, staticData: IDataObject) =>
		await trigger(sb, { event: 'anyChange', options, staticData, activation: 'init', ...runtime });

	let runtime: Runtime = RUNTIMES[0];
	let poller: HarnessPoller = await make(runtime, {});
	const emitted = new Map<string, number>();
	const exposed = new Set<string>();
	const orders: string[] = [];
	const stats = {
		polls: 0,
		failedPolls: 0,
		faultedPolls: 0,
		absorbedFaults: 0,
		restarts: 0,
		doublePolls: 0,
		changesMade: 0,
	};
	let slowFaultsLeft = 8; // failures that outlast the transport's retries cost about 2 s each

	const recordTruth = async () => {
		for (const record of await visibleChanges(sb, { multi: scenario.multi })) {
			if (record.updated_at >= t0) exposed.add(changeIdOf(record));
		}
	};
	const take = (result: Awaited<ReturnType<HarnessPoller['poll']>>) => {
		outputs.push(result);
		for (const item of jsonOf(result))
			emitted.set(item.change_id, (emitted.get(item.change_id) ?? 0) + 1);
	};

	const pollOnce = async (faulted: boolean) => {
		stats.polls++;
		const before = JSON.stringify(poller.lastStaticData);
		const persisted = JSON.stringify(poller.staticData);
		try {
			if (random() < 0.08) {
				// The same poll run twice at once (an overlapping schedule).
				stats.doublePolls++;
				const [a, b] = await Promise.all([poller.poll(), poller.poll()]);
				take(a);
				take(b);
			} else {
				take(await poller.poll());
			}
			if (faulted) stats.absorbedFaults++;
			await recordTruth();
		} catch (error) {
			errors.push(error);
			stats.failedPolls++;
			assert.ok(faulted, `a poll without an injected fault failed: ${(error as Error).message}`);
			// A failed poll moves nothing: neither the in-memory state it started from (a workflow kept in memory, or
			// the stored data for a workflow built afresh for the poll) nor the stored data.
			const startedFrom = runtime.retainInMemory ? before : persisted;
			assert.equal(
				JSON.stringify(poller.lastStaticData),
				startedFrom,
				'a failed poll changed the cursor',
			);
			assert.equal(
				JSON.stringify(poller.staticData),
				persisted,
				'a failed poll changed the stored data',
			);
		}
		await control(sb, 'DELETE', '/_sandbox/faults');
	};

	for (let i = 0; i < scenario.iterations; i++) {
		stats.changesMade += await randomWorldStep(sb, orders, random, {
			maxOrders: 120,
			multi: scenario.multi,
		});

		if (random() < 0.12) {
			stats.restarts++;
			runtime = pick(RUNTIMES);
			poller = await make(runtime, poller.staticData);
		}
		if (random() < 0.4) continue;

		// A fault before most polls.
		let faulted = true;
		const routes =
			scenario.includeOrder && random() < 0.3 ? ['GET /orders'] : ['GET /order-statuses'];
		const route = routes[0];
		const f = random();
		if (f < 0.12) await fault(sb, route, 'http500', { times: 1 + Math.floor(random() * 2) });
		else if (f < 0.22)
			await fault(sb, route, 'http429', {
				times: 1 + Math.floor(random() * 2),
				retryAfterSeconds: 0,
			});
		else if (f < 0.32) await fault(sb, route, 'closeBeforeCommit', { times: 1 });
		else if (f < 0.4) await fault(sb, route, 'closeAfterCommit', { times: 1 });
		else if (f < 0.47) await fault(sb, route, 'timeout', { times: 1, delayMs: 20 });
		else if (f < 0.55)
			await fault(sb, route, 'delay', { times: 2, delayMs: 50 + Math.floor(random() * 250) });
		else if (f < 0.62) await fault(sb, route, 'malformedJson', { times: 1 });
		else if (f < 0.67 && slowFaultsLeft > 0) {
			slowFaultsLeft--;
			await fault(sb, route, pick(['http500', 'closeBeforeCommit', 'timeout']), {
				times: 4,
				delayMs: 20,
			});
		} else faulted = false;
		if (faulted) stats.faultedPolls++;
		await pollOnce(faulted);
	}
	await pollOnce(false);
	await pollOnce(false);

	const duplicated = [...emitted].filter(([, count]) => count > 1).map(([id]) => id);
	const lost = [...exposed].filter((id) => !emitted.has(id));
	const unexpected = [...emitted.keys()].filter((id) => !exposed.has(id));
	process.stdout.write(
		`# trigger seed ${scenario.seed}${scenario.multi ? ' MultiItemOrder' : ''}${scenario.includeOrder ? ' includeOrder' : ''}: ` +
			`${JSON.stringify({ ...stats, orders: orders.length, exposed: exposed.size, emitted: emitted.size, lost: lost.length, duplicated: duplicated.length })}\n`,
	);
	assert.deepEqual({ duplicated, lost, unexpected }, { duplicated: [], lost: [], unexpected: [] });
	return { exposed: exposed.size, stats };
}

test(
	'randomized fault-heavy run: every exposed change exactly once (plain orders)',
	{ timeout: 300_000 },
	async () => {
		const { exposed, stats } = await run({
			seed: 770077,
			iterations: 600,
			multi: false,
			includeOrder: false,
		});
		assert.ok(exposed > 400, `only ${exposed} changes exposed`);
		assert.ok(stats.failedPolls >= 10, `only ${stats.failedPolls} failed polls`);
		assert.ok(stats.absorbedFaults >= 20, `only ${stats.absorbedFaults} faults absorbed`);
		assert.ok(stats.restarts >= 30);
	},
);

test(
	'randomized fault-heavy run: MultiItemOrder shipments with the order included',
	{ timeout: 300_000 },
	async () => {
		const { exposed, stats } = await run({
			seed: 880088,
			iterations: 450,
			multi: true,
			includeOrder: true,
		});
		assert.ok(exposed > 250, `only ${exposed} changes exposed`);
		assert.ok(stats.failedPolls >= 5);
		assert.ok(stats.restarts >= 20);
	},
);

test('no subscription key in any output or error; no personal data in any error or status record', () => {
	assert.ok(outputs.length > 300 && errors.length > 10);
	assert.deepEqual(scanForSecrets([outputs, errors], SECRETS.keys), []);
	assert.deepEqual(scanForSecrets(errors, SECRETS.personal), []);
	// With Include Order the order (and so its address) is the output by design; without it, none may appear.
	const statusOnly = (outputs as Array<Array<Array<{ json: Json }>> | null>)
		.filter((result) => result && !result[0].some((item) => item.json.order))
		.map((result) => result);
	assert.ok(statusOnly.length > 50);
	assert.deepEqual(scanForSecrets(statusOnly, SECRETS.personal), []);
});
