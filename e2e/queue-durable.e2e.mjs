// The Printio Trigger in n8n 2.41.1 **queue mode under n8n's durable scheduler with durable cursors**
// (DURABLE_SCHEDULER_ENV, scripts/n8n/cli.mjs: the scheduler that is n8n's default from 2.45.0), on PostgreSQL,
// where n8n runs that scheduler in its 'concurrent' mode (n8n/dist/scheduling/durable-scheduler.js). What users of
// n8n ≥ 2.45 in queue mode run. Run by `npm run test:queue` beside e2e/queue-mode.e2e.mjs (not a *.test.mjs, for
// the same reason as that one).
//
// - the same trigger scenario as e2e/queue-mode.e2e.mjs (e2e/queue-trigger.mjs): one main and two workers, 200
//   status changes, the main SIGKILLed and restarted twice and a worker SIGKILLed once: every change reaches the
//   sink exactly once, each from an execution a worker ran;
// - the durable path really ran: n8n's poller_state holds the trigger's cursor (its count of emissions equal to the
//   trigger's executions: each cursor was committed with its execution), scheduled_job its schedule,
//   scheduled_task the poll tasks the mains ran; the scheduler started in each of the three main processes and in
//   no worker.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { DURABLE_SCHEDULER_ENV, REPO_ROOT } from '../scripts/n8n/cli.mjs';
import { buildPackage, checkBuilt, startSandboxProcess } from '../scripts/n8n/project.mjs';
import { createQueueRig } from '../scripts/n8n/queue.mjs';
import { postgresBinDir } from '../scripts/n8n/services.mjs';
import { sandboxCredential, startSink } from './helpers.mjs';
import { describeTriggerScenario, prepareTrigger, TRIGGER_ID } from './queue-trigger.mjs';

const OWNER = { email: 'queue-durable@printio.local', password: 'Queue-local-only-1' };
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'e2e-queue-durable');
// As in e2e/queue-mode.e2e.mjs, so that the scenario runs on the same rig but for the scheduler.
const WORKER_CONCURRENCY = 3;

const timings = {};
let sandbox;
let rig;
let sink;
let trigger;

function timed(label, t0) {
	timings[label] = Math.round((Date.now() - t0) / 100) / 10;
}

/**
 * Rows of a query on the rig's PostgreSQL, as JSON: psql comes with the server's Debian package, so no database
 * driver is needed.
 */
function pgRows(sql) {
	const { host, port, user, database } = rig.postgres;
	const psql = path.join(postgresBinDir(), 'psql');
	const args = [
		'-X',
		'-q',
		'-A',
		'-t',
		'-v',
		'ON_ERROR_STOP=1',
		'-h',
		host,
		'-p',
		String(port),
		'-U',
		user,
		'-d',
		database,
	];
	const r = spawnSync(
		psql,
		[...args, '-c', `SELECT coalesce(json_agg(q), '[]'::json) FROM (${sql}) q`],
		{
			encoding: 'utf8',
			env: { ...process.env, PGCONNECT_TIMEOUT: '10' },
		},
	);
	if (r.error || r.status !== 0)
		throw new Error(`psql failed (${r.error?.message ?? r.status}): ${r.stderr}\n${sql}`);
	return JSON.parse(r.stdout);
}

before(async () => {
	fs.rmSync(ARTIFACTS, { recursive: true, force: true });
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
	sink = await startSink();
	timed('sandbox start', t0);

	t0 = Date.now();
	// The rig passes `env` to the main and to every worker (scripts/n8n/queue.mjs queueEnv).
	rig = await createQueueRig({
		workers: 2,
		workerConcurrency: WORKER_CONCURRENCY,
		owner: OWNER,
		logDir: ARTIFACTS,
		env: DURABLE_SCHEDULER_ENV,
	});
	timed('postgres + redis + user folders', t0);

	t0 = Date.now();
	await rig.n8n.importCredentials([sandboxCredential(sandbox.url)]);
	timed('import:credentials (runs the migrations on PostgreSQL)', t0);

	t0 = Date.now();
	trigger = await prepareTrigger({ sandboxUrl: sandbox.url, sinkUrl: sink.url });
	await rig.importWorkflows([trigger.workflow]);
	timed('import:workflow', t0);

	t0 = Date.now();
	await rig.start();
	timed('main + 2 workers ready', t0);
	Object.assign(
		timings,
		Object.fromEntries(Object.entries(rig.timings).map(([k, v]) => [`rig: ${k}`, v])),
	);
	// n8n says so on start when one of the four settings is missing and keeps durable cursors off.
	assert.doesNotMatch(rig.logs('main'), /durable poll cursors stay disabled/);
});

after(async () => {
	await rig?.stop().catch(() => {});
	await sandbox?.stop().catch(() => {});
	await sink?.close().catch(() => {});
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	fs.writeFileSync(path.join(ARTIFACTS, 'timings.json'), JSON.stringify(timings, null, 2) + '\n');
	console.log('# timings (s):', JSON.stringify(timings));
});

describeTriggerScenario(() => ({
	rig,
	sandboxUrl: sandbox.url,
	sink,
	orderNos: trigger.orderNos,
	timings,
}));

describe('the durable path ran in queue mode (PostgreSQL)', () => {
	test("the trigger's cursor in poller_state, committed with each execution; its schedule in scheduled_job; the scheduler on every main, on no worker", () => {
		const cursors = pgRows(
			'SELECT "workflowId", "nodeId", "cursor" FROM poller_state ORDER BY "workflowId"',
		);
		assert.deepEqual(
			cursors.map((c) => [c.workflowId, c.nodeId]),
			[[TRIGGER_ID, 'trigger']],
		);
		const { cursor } = cursors[0];
		assert.notEqual(JSON.stringify(cursor), '{}', 'empty cursor');

		// Each emitting poll adds one to the trigger's count of emissions, and with durable cursors n8n commits that
		// cursor in the transaction that creates the execution: as many executions as emissions, none without.
		const executions = pgRows(
			`SELECT id, mode, status FROM execution_entity WHERE "workflowId" = '${TRIGGER_ID}' ORDER BY id`,
		);
		assert.ok(executions.length > 0, 'no execution of the trigger in PostgreSQL');
		assert.deepEqual([...new Set(executions.map((e) => e.mode))], ['trigger']);
		assert.equal(
			cursor.emissions,
			executions.length,
			`cursor ${JSON.stringify(cursor).slice(0, 300)}`,
		);
		assert.equal(
			executions.length,
			timings['trigger: executions'],
			'executions in PostgreSQL vs executions that reached the sink',
		);

		// n8n's workflow owner of a poll job: ownerId the workflow, ownerMemberId the trigger node.
		const jobs = pgRows(
			'SELECT DISTINCT "ownerId", "ownerMemberId", "taskType" FROM scheduled_job ORDER BY "ownerId"',
		);
		const job = jobs.find((j) => j.ownerId === TRIGGER_ID && j.ownerMemberId === 'trigger');
		assert.ok(job, `no scheduled_job for ${TRIGGER_ID}: ${JSON.stringify(jobs)}`);

		// The scheduler runs on the main only, in every main process of the scenario (its first start and both
		// restarts): n8n's scheduler logs "Scheduler started" when it starts its loops.
		const mainStarts = rig.timings.mainStarts;
		const schedulerStarts = (rig.logs('main').match(/^Scheduler started/gm) ?? []).length;
		assert.equal(
			schedulerStarts,
			mainStarts,
			`"Scheduler started" ${schedulerStarts} times for ${mainStarts} main starts`,
		);
		for (const name of rig.workerNames)
			assert.doesNotMatch(rig.logs(name), /Scheduler started/, `${name} ran the scheduler`);

		// Each poll is a task of that job, claimed by a main (claimedBy: the main's host id; n8n derives it from the
		// host name in a container, so a restarted main keeps it).
		const tasks = pgRows(
			`SELECT t.status, t."claimedBy", count(*)::int AS n FROM scheduled_task t JOIN scheduled_job j ON j.id = t."jobId"
			  WHERE j."ownerId" = '${TRIGGER_ID}' GROUP BY t.status, t."claimedBy" ORDER BY t.status, t."claimedBy"`,
		);
		const summary = {
			taskType: job.taskType,
			executions: executions.length,
			emissions: cursor.emissions,
			mainStarts,
			schedulerStarts,
			tasks: Object.fromEntries(
				tasks.map((t) => [`${t.status} ${t.claimedBy ?? '(unclaimed)'}`, t.n]),
			),
		};
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		fs.writeFileSync(path.join(ARTIFACTS, 'durable.json'), JSON.stringify(summary, null, 2) + '\n');
		console.log('# durable path:', JSON.stringify(summary));
		const succeeded = tasks.filter((t) => t.status === 'succeeded');
		assert.ok(succeeded.length > 0, `no poll task succeeded: ${JSON.stringify(tasks)}`);
		assert.ok(
			succeeded.every((t) => /^main-/.test(t.claimedBy)),
			`poll tasks not claimed by a main: ${JSON.stringify(tasks)}`,
		);
	});
});
