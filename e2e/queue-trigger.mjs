// The Printio Trigger's scenario in n8n queue mode, shared by e2e/queue-mode.e2e.mjs (n8n's in-memory scheduler)
// and e2e/queue-durable.e2e.mjs (n8n's durable scheduler with durable cursors), so that both run the very same
// steps: 200 status changes while the main is SIGKILLed and restarted twice (once in the middle of a stream of
// changes, with changes made while it was down) and a worker is SIGKILLed; every change reaches the sink exactly
// once, each from an execution a worker ran.
//
//   const trigger = await prepareTrigger({ sandboxUrl, sinkUrl });   // in before(): 200 orders, the workflow
//   await rig.importWorkflows([..., trigger.workflow]);
//   describeTriggerScenario(() => ({ rig, sandboxUrl, sink, orderNos: trigger.orderNos, timings }));
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { sleep } from '../scripts/n8n/cli.mjs';
import { sandboxCall } from '../scripts/n8n/project.mjs';
import {
	afterMorePolls,
	assertEachChangeOnce,
	isoTokyo,
	placeDirectOrder,
	triggerWorkflow,
	waitFor,
} from './helpers.mjs';

export const TRIGGER_ID = 'queueTrigger0001';
const TRIGGER_ORDERS = 200;

/**
 * The trigger scenario's 200 orders, placed directly at the service before the trigger's start point, and its
 * workflow: Status Reached 2 (one change per order when the test steps it 1 → 2; the other tests' orders stay at
 * 1), Start From one second after the last creation, polling every 10 s (six cron entries, e2e/helpers.mjs).
 * Returns { workflow, orderNos }.
 */
export async function prepareTrigger({ sandboxUrl, sinkUrl }) {
	const orderNos = [];
	for (let i = 0; i < TRIGGER_ORDERS; i += 20) {
		const chunk = await Promise.all(
			Array.from({ length: Math.min(20, TRIGGER_ORDERS - i) }, (_, k) =>
				placeDirectOrder(sandboxUrl, `QTRIG-${i + k}`),
			),
		);
		orderNos.push(...chunk);
	}
	assert.equal(new Set(orderNos).size, TRIGGER_ORDERS);
	const { now } = await sandboxCall(sandboxUrl, 'GET', '/_sandbox/time');
	const startFrom = new Date(Date.parse(`${now.replace(' ', 'T')}+09:00`) + 1000);
	const workflow = triggerWorkflow(sinkUrl, {
		id: TRIGGER_ID,
		event: 'statusReached',
		everySeconds: 10,
	});
	workflow.nodes[0].parameters.statusIds = '2';
	workflow.nodes[0].parameters.options = { startFrom: isoTokyo(startFrom) };
	return { workflow, orderNos };
}

/**
 * Registers the scenario's describe block. `context()` is called when the test runs (the suite's before() has
 * filled it by then): { rig, sandboxUrl, sink, orderNos, timings } — `timings` is the suite's own object, which
 * gets the scenario's figures.
 */
export function describeTriggerScenario(context) {
	describe('Printio Trigger on the main, 200 status changes, main SIGKILLed twice, a worker once', () => {
		test('every change reaches the sink exactly once', async () => {
			const { rig, sandboxUrl, sink, orderNos: numbers, timings } = context();
			const timed = (label, t0) => {
				timings[label] = Math.round((Date.now() - t0) / 100) / 10;
			};
			const requests = async (filter = () => true) => {
				const log = await sandboxCall(sandboxUrl, 'GET', '/_sandbox/requests');
				return (Array.isArray(log) ? log : (log.requests ?? [])).filter(filter);
			};
			const ORDERS = numbers.length;
			let t0 = Date.now();
			await rig.activate([TRIGGER_ID]);
			timed('trigger: publish', t0);

			const stepped = [];
			const pending = [...numbers];
			const step = async (count) => {
				const orderNos = pending.splice(0, count);
				if (!orderNos.length) return;
				await sandboxCall(sandboxUrl, 'POST', '/_sandbox/clock/step', { steps: 1, orderNos });
				stepped.push(...orderNos);
			};
			const delivered = () =>
				new Set(sink.received.map((r) => `${r.body.order_no}|${r.body.status_id}`)).size;
			const allDelivered = (what) =>
				waitFor(
					`${what}: ${stepped.length} changes at the sink`,
					() => delivered() >= stepped.length,
					{ timeoutMs: 120_000 },
				);
			const stepBatches = async (total, batch, pauseMs) => {
				for (let done = 0; done < total; done += batch) {
					await step(Math.min(batch, total - done));
					await sleep(pauseMs);
				}
			};

			t0 = Date.now();
			// A: main and both workers up.
			await stepBatches(40, 10, 1000);
			await allDelivered('A');
			timed('trigger: 40 changes delivered', t0);

			// B: the main SIGKILLed; 40 changes while it is down; restarted (same database: the trigger's cursor).
			await rig.killMain();
			t0 = Date.now();
			await stepBatches(40, 10, 500);
			await rig.startMain();
			timed('trigger: main restart #1', t0);
			await allDelivered('B (after the first restart)');

			// C: 40 more; then worker-2 SIGKILLed while idle (everything delivered), and 40 on the remaining worker.
			await stepBatches(40, 10, 1000);
			await allDelivered('C');
			await sleep(1500);
			await rig.killWorker('worker-2');
			await stepBatches(40, 10, 1000);
			await allDelivered('D (one worker left)');

			// E: the main SIGKILLed in the middle of a stream of changes, restarted while the stream goes on.
			const stream = stepBatches(40, 5, 700);
			await sleep(1000 + Math.floor(Math.random() * 2500));
			await rig.killMain();
			t0 = Date.now();
			await stream;
			await rig.startMain();
			timed('trigger: main restart #2', t0);
			await allDelivered('E (after the second restart)');
			assert.equal(stepped.length, ORDERS);

			// Two more polls must not emit anything again.
			await afterMorePolls(requests, 2, { timeoutMs: 60_000 });

			assertEachChangeOnce(sink.received, numbers);
			assert.equal(sink.received.length, ORDERS);

			// Every delivery came from an execution a worker ran (the main polls; workers execute).
			const executionIds = [...new Set(sink.received.map((r) => String(r.body.executionId)))];
			const ranBy = executionIds.map((id) => rig.whoRan(id));
			assert.ok(
				ranBy.every((w) => /^worker-\d$/.test(w)),
				`executions not run by a worker: ${executionIds.filter((_, i) => !ranBy[i])}`,
			);
			timings['trigger: executions'] = executionIds.length;
			console.log(
				'# trigger executions per worker:',
				JSON.stringify(ranBy.reduce((a, w) => ({ ...a, [w]: (a[w] ?? 0) + 1 }), {})),
			);
		});
	});
}
