// The Printio Trigger in a real n8n 2.41.1 under n8n's durable scheduler with durable poll cursors
// (DURABLE_SCHEDULER_ENV, scripts/n8n/cli.mjs): the scheduler that is on by default from n8n 2.45.0, with the
// poll's cursor committed in the same transaction as the execution. The second configuration of the trigger's
// real-n8n tests (e2e/n8n2.e2e.test.mjs runs the in-memory scheduler):
// - the same scenario as there (each status change runs the workflow exactly once, nothing again on later polls);
// - 60 status changes with n8n SIGKILLed twice (once while idle, then in the middle of a stream of changes) and
//   restarted on the same database: every change reaches the sink exactly once;
// - the durable path really ran: n8n's poller_state table holds both triggers' cursors and scheduled_job their
//   schedules.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { createN8n, DURABLE_SCHEDULER_ENV, REPO_ROOT, sleep } from '../scripts/n8n/cli.mjs';
import {
	buildPackage,
	checkBuilt,
	sandboxCall,
	startSandboxProcess,
} from '../scripts/n8n/project.mjs';
import {
	afterMorePolls,
	assertEachChangeOnce,
	isoTokyo,
	placeDirectOrder,
	sandboxCredential,
	startSink,
	triggerScenario,
	triggerWorkflow,
	waitFor,
} from './helpers.mjs';

const SCENARIO_ID = 'e2eDurableTrig01';
const KILL_ID = 'e2eDurableKill01';
const KILL_ORDERS = 60;
const timings = {};
let sandbox;
let n8n;
let server;
let scenarioSink;
let killSink;
let scenarioOrderNo;
const killOrders = [];

function timed(label, t0) {
	timings[label] = Math.round((Date.now() - t0) / 100) / 10;
}

async function requests(filter = () => true) {
	const log = await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests');
	return (Array.isArray(log) ? log : (log.requests ?? [])).filter(filter);
}

async function startServer(label) {
	const t0 = Date.now();
	try {
		server = await n8n.startServer();
	} catch (error) {
		// n8n 2.41.1 can crash in its own start-up recovery of an execution the SIGKILL cut off (a null startedAt in
		// its insights hook). It notes the attempt, and the next start marks that execution crashed and skips the
		// recovery: what a supervisor (Docker's restart policy, systemd) does, once. Anything else fails the test.
		if (!kills.length || !/performStartupRecovery|recoverFromLogs/.test(String(error?.message)))
			throw error;
		timings[`${label}: n8n crashed in its start-up recovery, started again`] =
			Math.round((Date.now() - t0) / 100) / 10;
		server = await n8n.startServer();
	}
	timed(label, t0);
}

const kills = [];

async function killServer() {
	kills.push(new Date().toISOString());
	const gone = new Promise((resolve) => server.child.once('exit', resolve));
	server.child.kill('SIGKILL');
	await gone;
}

/** Rows of n8n's own SQLite database (read-only, beside the running server). */
function n8nRows(sql, ...params) {
	const Database = createRequire(import.meta.url)('better-sqlite3');
	const db = new Database(path.join(n8n.userFolder, '.n8n', 'database.sqlite'), {
		readonly: true,
		fileMustExist: true,
	});
	try {
		return db.prepare(sql).all(...params);
	} finally {
		db.close();
	}
}

before(async () => {
	let t0 = Date.now();
	if (!process.env.E2E_SKIP_BUILD) await buildPackage();
	timed('build', t0);
	assert.deepEqual(
		checkBuilt().missing,
		[],
		'npm run build did not produce every file package.json declares',
	);

	t0 = Date.now();
	sandbox = await startSandboxProcess({ port: 0, db: ':memory:', stepSeconds: 0 });
	n8n = await createN8n({ major: 2, env: DURABLE_SCHEDULER_ENV });
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	timed('sandbox, n8n user folder, credential import', t0);

	// The scenario's order is created just before its trigger starts (as e2e/n8n2's Order › Create does).
	scenarioOrderNo = await placeDirectOrder(sandbox.url, `DURABLE-${Date.now()}`);
	scenarioSink = await startSink();
	await n8n.importWorkflow(triggerWorkflow(scenarioSink.url, { id: SCENARIO_ID }));
	await n8n.activateWorkflow(SCENARIO_ID);
	await startServer('n8n start (ready)');
});

after(async () => {
	await server?.stop().catch(() => {});
	await n8n?.cleanup().catch(() => {});
	await sandbox?.stop().catch(() => {});
	await scenarioSink?.close().catch(() => {});
	await killSink?.close().catch(() => {});
	fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
	fs.writeFileSync(
		path.join(REPO_ROOT, 'test-artifacts', 'e2e-n8n2-durable-timings.json'),
		JSON.stringify(timings, null, 2) + '\n',
	);
	console.log('# timings (s):', JSON.stringify(timings));
});

describe('durable scheduler with durable cursors (n8n 2.41.1)', () => {
	test('Printio Trigger: each status change runs the workflow exactly once', async () => {
		await triggerScenario({
			sandboxUrl: sandbox.url,
			sink: scenarioSink,
			orderNo: scenarioOrderNo,
			timings,
		});
	});

	test('Printio Trigger: 60 status changes, n8n SIGKILLed twice, each change reaches the sink exactly once', async () => {
		// Status Reached 2 from one second after the last of 60 orders: one change per order when the test steps it.
		for (let i = 0; i < KILL_ORDERS; i += 20) {
			killOrders.push(
				...(await Promise.all(
					Array.from({ length: 20 }, (_, k) => placeDirectOrder(sandbox.url, `DKILL-${i + k}`)),
				)),
			);
		}
		const { now } = await sandboxCall(sandbox.url, 'GET', '/_sandbox/time');
		killSink = await startSink();
		const wf = triggerWorkflow(killSink.url, {
			id: KILL_ID,
			event: 'statusReached',
			everySeconds: 10,
		});
		wf.nodes[0].parameters.statusIds = '2';
		wf.nodes[0].parameters.options = {
			startFrom: isoTokyo(new Date(Date.parse(`${now.replace(' ', 'T')}+09:00`) + 1000)),
		};
		// A workflow is published with n8n stopped; the restart activates it beside the scenario's.
		await server.stop();
		await n8n.importWorkflow(wf);
		await n8n.activateWorkflow(KILL_ID);
		await startServer('n8n restart (second workflow published)');

		const pending = [...killOrders];
		const stepped = [];
		const step = async (count) => {
			const orderNos = pending.splice(0, count);
			await sandboxCall(sandbox.url, 'POST', '/_sandbox/clock/step', { steps: 1, orderNos });
			stepped.push(...orderNos);
		};
		const stepBatches = async (total, batch, pauseMs) => {
			for (let done = 0; done < total; done += batch) {
				await step(Math.min(batch, total - done));
				await sleep(pauseMs);
			}
		};
		const delivered = () =>
			new Set(killSink.received.map((r) => `${r.body.order_no}|${r.body.status_id}`)).size;
		const allDelivered = (what) =>
			waitFor(
				`${what}: ${stepped.length} changes at the sink`,
				() => delivered() >= stepped.length,
				{ timeoutMs: 150_000 },
			);

		// A: n8n up, changes spread over several polls.
		let t0 = Date.now();
		await stepBatches(20, 2, 2500);
		await allDelivered('A');
		timed('durable: 20 changes delivered', t0);

		// B: SIGKILL while idle (everything delivered); 20 changes while n8n is down; restart on the same database.
		await killServer();
		await stepBatches(20, 5, 500);
		await startServer('durable: n8n restart after SIGKILL #1');
		t0 = Date.now();
		await allDelivered('B (after the first restart)');
		timed('durable: changes made while down delivered', t0);

		// C: SIGKILL in the middle of a stream of changes that polls are picking up, restart while the stream goes on.
		const stream = stepBatches(20, 2, 2000);
		await sleep(4000 + Math.floor(Math.random() * 8000));
		await killServer();
		t0 = Date.now();
		await stream;
		await startServer('durable: n8n restart after SIGKILL #2');
		await allDelivered('C (after the second restart)');
		timed('durable: stream across SIGKILL #2 delivered', t0);
		assert.equal(stepped.length, KILL_ORDERS);

		// Four more polls (both workflows poll the same route) must not deliver anything again.
		await afterMorePolls(requests, 4, { timeoutMs: 90_000 });

		try {
			assertEachChangeOnce(killSink.received, killOrders);
			assert.equal(killSink.received.length, KILL_ORDERS);
		} catch (error) {
			// What n8n made of each execution, beside the kill times: the evidence a repeat needs to be explained.
			const executions = n8nRows(
				'SELECT id, mode, status, createdAt, startedAt, stoppedAt FROM execution_entity WHERE workflowId = ? ORDER BY id',
				KILL_ID,
			);
			console.log('# kills:', JSON.stringify(kills), '\n# executions:', JSON.stringify(executions));
			throw error;
		}
		timings['durable: executions'] = new Set(
			killSink.received.map((r) => String(r.body.executionId)),
		).size;
	});

	test('the durable path ran: both cursors in poller_state, both schedules in scheduled_job', () => {
		const cursors = n8nRows(
			'SELECT workflowId, nodeId, cursor FROM poller_state ORDER BY workflowId',
		);
		assert.deepEqual(
			cursors.map((c) => [c.workflowId, c.nodeId]),
			[
				[KILL_ID, 'trigger'],
				[SCENARIO_ID, 'trigger'],
			],
		);
		// The cursor is the trigger's own state (its static data), committed with each execution.
		for (const c of cursors)
			assert.notEqual(
				JSON.stringify(JSON.parse(c.cursor)),
				'{}',
				`empty cursor for ${c.workflowId}`,
			);
		// n8n's workflow owner of a poll job: ownerId the workflow, ownerMemberId the trigger node.
		const jobs = n8nRows(
			'SELECT DISTINCT ownerId, ownerMemberId FROM scheduled_job ORDER BY ownerId',
		);
		for (const id of [SCENARIO_ID, KILL_ID]) {
			assert.ok(
				jobs.some((j) => j.ownerId === id && j.ownerMemberId === 'trigger'),
				`no scheduled_job for ${id}: ${JSON.stringify(jobs)}`,
			);
		}
	});
});
