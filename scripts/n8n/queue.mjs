// n8n 2.41.1 in queue mode on one machine: PostgreSQL and Redis (scripts/n8n/services.mjs), one main
// (`n8n start`: UI, webhooks, triggers and pollers; it enqueues every production execution) and N workers
// (`n8n worker`: they run the executions), with this package loaded in every process as in the other e2e tests.
// Used by `npm run dev -- --queue`, e2e/queue.e2e.test.mjs and bench/cases/queueMode.ts.
//
//   const rig = await createQueueRig({ workers: 2 });   // services up, main's CLI ready (nothing started yet)
//   await rig.n8n.importCredentials([...]);             // the CLI of the main (same database as every process)
//   await rig.importWorkflows([wf]);                     // one CLI command for all of them
//   await rig.start();                                   // main, then the workers; each waits for readiness
//   await rig.activate([wf.id]);                         // publish through the main's REST API (webhooks, pollers)
//   rig.whoRan(executionId)                              // 'worker-1' | 'worker-2' | ... | null, from the logs
//   await rig.killMain(); await rig.startMain();         // SIGKILL and restart (same database, same queue)
//   await rig.stop();                                    // every process, then Redis and PostgreSQL; temp data gone
//
// Each n8n process gets its own user folder (as on separate machines), its own task-runner broker port and, for
// workers, its own health port; all share N8N_ENCRYPTION_KEY, the database and the queue.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createN8n, freePort, sleep } from './cli.mjs';
import { ensureQueueServices, startPostgres, startRedis } from './services.mjs';

// n8n takes 15-30 s to start on an idle 2-core machine; several starting at once on a busy one took 80-180 s.
const READY_TIMEOUT_MS = 300_000;

function tail(s, n = 4000) {
	return s.length > n ? '…' + s.slice(-n) : s;
}

/**
 * @param {object} o
 * @param {number} [o.workers] worker processes (default 2)
 * @param {number} [o.workerConcurrency] executions one worker runs at once (`n8n worker --concurrency`, n8n's default 10)
 * @param {{email:string,password:string}} [o.owner] managed owner of the main (sign-in for the UI and REST)
 * @param {number} [o.port] the main's port (default: a free one)
 * @param {object} [o.env] more environment for every n8n process
 * @param {(name: string, chunk: string) => void} [o.onLog] every process's output as it comes
 * @param {string} [o.logDir] also append each process's output to <logDir>/<name>.log (kept after stop())
 * @param {string} [o.logLevel] the main's N8N_LOG_LEVEL (default info: it logs every enqueued execution)
 */
export async function createQueueRig(o = {}) {
	const workerCount = o.workers ?? 2;
	const workerConcurrency = o.workerConcurrency ?? 10;
	const timings = {};
	let t = Date.now();
	ensureQueueServices();
	const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
	timings['postgres + redis'] = (Date.now() - t) / 1000;

	const encryptionKey = crypto.randomBytes(24).toString('base64url');
	const queueEnv = {
		EXECUTIONS_MODE: 'queue',
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		// Manual runs from the editor go to the workers too (n8n's recommended setting; the default will change).
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		// A stopped process waits at most this long for its running executions.
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
		// Publishing a workflow goes through an outbox the main reads every 15 s by default; 1 s keeps a person's
		// toggle and the tests snappy (it changes nothing else).
		N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
		...(o.env ?? {}),
	};
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-queue-printio-'));
	// The main's CLI (imports, publish) and server; info level: its log names every enqueued execution.
	const n8n = await createN8n({
		major: 2,
		userFolder: path.join(root, 'main'),
		encryptionKey,
		owner: o.owner,
		port: o.port,
		logLevel: o.logLevel ?? 'info',
		env: queueEnv,
	});
	const workerFolders = [];
	for (let i = 1; i <= workerCount; i++) {
		workerFolders.push(
			await createN8n({
				major: 2,
				userFolder: path.join(root, `worker-${i}`),
				encryptionKey,
				logLevel: 'info',
				env: queueEnv,
			}),
		);
	}

	let main = null;
	const workers = new Map(); // name → { name, child, logs(), healthUrl, kill(), stop() }
	// Logs of every process that ever ran under a name (a restarted main or worker keeps its history).
	const history = new Map();
	if (o.logDir) fs.mkdirSync(o.logDir, { recursive: true });
	const keepLog = (name, chunk) => {
		history.set(name, (history.get(name) ?? '') + chunk);
		if (o.logDir) {
			// A log copy must never fail a run (e.g. its folder removed meanwhile): recreate it, else skip.
			try {
				fs.mkdirSync(o.logDir, { recursive: true });
				fs.appendFileSync(path.join(o.logDir, `${name}.log`), chunk);
			} catch {
				/* the in-memory log still has it */
			}
		}
		o.onLog?.(name, chunk);
	};

	/** `extraEnv`, e.g. { EXECUTIONS_MODE: 'regular' } to compare with one process doing everything. */
	async function startMain({ extraEnv } = {}) {
		if (main && !main.exited) throw new Error('the main is already running');
		const t0 = Date.now();
		const server = await n8n.startServer({
			onLog: (c) => keepLog('main', c),
			extraEnv,
			timeoutMs: READY_TIMEOUT_MS,
		});
		let exited = false;
		server.child.once('exit', () => (exited = true));
		main = {
			...server,
			get exited() {
				return exited;
			},
			async kill() {
				if (exited) return;
				const gone = new Promise((r) => server.child.once('exit', r));
				server.child.kill('SIGKILL');
				await gone;
			},
		};
		timings[`main start #${(timings.mainStarts = (timings.mainStarts ?? 0) + 1)}`] =
			(Date.now() - t0) / 1000;
		return main;
	}

	async function startWorker(name, { concurrency = workerConcurrency } = {}) {
		const index = Number(/(\d+)$/.exec(name)?.[1] ?? 0);
		const cli = workerFolders[index - 1];
		if (!cli) throw new Error(`no worker ${name} (workers: ${workerCount})`);
		if (workers.get(name) && !workers.get(name).exited)
			throw new Error(`${name} is already running`);
		const healthPort = await freePort();
		const brokerPort = await freePort();
		const child = spawn(cli.node, [cli.bin, 'worker', `--concurrency=${concurrency}`], {
			env: {
				...cli.env,
				N8N_RUNNERS_BROKER_PORT: String(brokerPort),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(healthPort),
				N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			},
			cwd: cli.userFolder,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const killOnExit = () => child.kill('SIGKILL');
		process.on('exit', killOnExit);
		let logs = '';
		let exited = false;
		const onData = (d) => {
			logs += d;
			if (logs.length > 2_000_000) logs = logs.slice(-1_000_000);
			keepLog(name, String(d));
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		const exitPromise = new Promise((r) =>
			child.once('exit', () => {
				exited = true;
				process.off('exit', killOnExit);
				r();
			}),
		);
		const healthUrl = `http://127.0.0.1:${healthPort}/healthz`;
		const t0 = Date.now();
		const deadline = t0 + READY_TIMEOUT_MS;
		for (;;) {
			if (exited) throw new Error(`${name} exited before it was ready\n${tail(logs)}`);
			const res = await fetch(`${healthUrl}/readiness`).catch(() => null);
			if (res?.ok) break;
			if (Date.now() > deadline) {
				child.kill('SIGKILL');
				throw new Error(`${name} was not ready after ${READY_TIMEOUT_MS / 1000} s\n${tail(logs)}`);
			}
			await sleep(300);
		}
		timings[`${name} start`] = (Date.now() - t0) / 1000;
		const worker = {
			name,
			concurrency,
			child,
			healthUrl,
			logs: () => logs,
			get exited() {
				return exited;
			},
			async kill() {
				if (exited) return;
				child.kill('SIGKILL');
				await exitPromise;
			},
			async stop() {
				if (exited) return;
				child.kill('SIGTERM');
				const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
				await exitPromise;
				clearTimeout(timer);
			},
		};
		workers.set(name, worker);
		return worker;
	}

	let session = null;
	async function rest() {
		if (!session) session = await n8n.login(o.owner);
		return session;
	}

	const workerNames = Array.from({ length: workerCount }, (_, i) => `worker-${i + 1}`);

	const rig = {
		n8n,
		postgres,
		redis,
		encryptionKey,
		workerNames,
		timings,
		get main() {
			return main;
		},
		get url() {
			return n8n.url;
		},
		worker: (name) => workers.get(name),
		queueEnv,

		/** Import workflows (inactive) with the main's CLI, all in one command (each command costs an n8n start-up). */
		async importWorkflows(list) {
			const arr = (Array.isArray(list) ? list : [list]).map((wf) => ({ ...wf, active: false }));
			return n8n.importWorkflow(arr);
		},

		/**
		 * Publish (activate) workflows through the running main's REST API, as the editor's toggle does: the main
		 * registers their webhooks and starts their pollers at once. (The CLI's `publish:workflow` only takes effect
		 * at the next start, and `import:workflow --activeState=fromJson` needs the owner that `n8n start` creates.)
		 */
		async activate(ids) {
			if (!o.owner) throw new Error('activate() needs the rig created with an owner');
			const api = await rest();
			for (const id of Array.isArray(ids) ? ids : [ids]) {
				const wf = await api(`/rest/workflows/${id}`);
				if (!wf.ok) throw new Error(`GET workflow ${id}: HTTP ${wf.status} ${await wf.text()}`);
				const { data } = await wf.json();
				const res = await api(`/rest/workflows/${id}/activate`, {
					method: 'POST',
					body: JSON.stringify({ versionId: data.versionId }),
				});
				if (!res.ok)
					throw new Error(
						`activate workflow ${id}: HTTP ${res.status} ${(await res.text()).slice(0, 1000)}`,
					);
			}
			// n8n 2.41 publishes through an outbox that the main polls (N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS):
			// wait until every trigger of every workflow is live.
			for (const id of Array.isArray(ids) ? ids : [ids]) {
				const deadline = Date.now() + 120_000;
				for (;;) {
					const res = await api(`/rest/workflows/${id}/publication-status`);
					const body = res.ok ? await res.json() : null;
					const status = body?.data?.status;
					if (status === 'published') break;
					if (status === 'failed' || status === 'partial') {
						throw new Error(
							`workflow ${id} did not publish: ${JSON.stringify(body.data.triggers)}`,
						);
					}
					if (Date.now() > deadline)
						throw new Error(`workflow ${id} not published after 120 s (${JSON.stringify(body)})`);
					await sleep(250);
				}
			}
		},
		/** A signed-in fetch against the main's REST API (the owner's session). */
		rest,

		/** The main first (it owns the database's migrations), then every worker side by side. */
		async start() {
			await startMain();
			await Promise.all(workerNames.map((name) => startWorker(name)));
			return rig;
		},
		startMain,
		startWorker,
		async killMain() {
			await main?.kill();
		},
		async killWorker(name) {
			await workers.get(name)?.kill();
		},

		/** Full log of a process name across its restarts. */
		logs(name) {
			return history.get(name) ?? '';
		},

		/**
		 * Which process ran an execution, from n8n's own log lines ("Worker started execution 12 (job 7)" on a worker;
		 * the main logs "Enqueued execution 12 (job 7)"). Returns the worker's name, or null when none logged it.
		 */
		whoRan(executionId) {
			const re = new RegExp(`Worker started execution ${executionId} \\(job `);
			const found = workerNames.filter((name) => re.test(history.get(name) ?? ''));
			if (found.length > 1)
				throw new Error(`execution ${executionId} was started by ${found.join(' and ')}`);
			return found[0] ?? null;
		},
		enqueued(executionId) {
			return new RegExp(`Enqueued execution ${executionId} \\(job `).test(
				history.get('main') ?? '',
			);
		},

		async stop() {
			await Promise.all([...workers.values()].map((w) => w.stop().catch(() => {})));
			await main?.stop().catch(() => {});
			await n8n.stop().catch(() => {});
			await Promise.all([redis.stop().catch(() => {}), postgres.stop().catch(() => {})]);
			fs.rmSync(root, { recursive: true, force: true });
		},
	};
	return rig;
}
