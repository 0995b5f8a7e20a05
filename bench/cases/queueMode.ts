/**
 * n8n's queue mode against regular mode, side by side in one run: the same 2,000 sheet rows (4 executions of 500
 * rows posted at once to a Webhook → Split Out → Order › Create workflow, Concurrency 4 in the node, 50 ms latency
 * on every API request) through
 *   - n8n 2.41.1 in queue mode with 2 workers and with 1 worker, each worker taking 2 executions at a time
 *     (`n8n worker --concurrency=2`): the queue holds more executions than one worker's slots;
 *   - the same with n8n's default worker concurrency (10): one worker has slots for all four executions, so a
 *     second worker can only add CPU;
 *   - regular mode (one `n8n start` runs everything).
 * Every run checks the sandbox: 2,000 distinct orders, none twice. CPU seconds of every process (from /proc) show
 * what bounds each variant on this machine. scripts/n8n/queue.mjs starts PostgreSQL, Redis and the processes.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import {
	control,
	cpuSecondsOfTree,
	KEY,
	median,
	REPO_ROOT,
	round,
	setLatency,
	startBenchSandbox,
	type Json,
} from '../util';

export interface QueueVariant {
	label: string;
	mode: 'queue' | 'regular';
	workers: number;
	workerConcurrency: number | null;
	wallMs: number;
	wallMsRuns: number[];
	ordersPerSecond: number;
	/** Executions per process that ran them (from n8n's log lines). */
	executionsPerProcess: Record<string, number>;
	/** CPU seconds per run (median) of each process tree, and of the whole machine's share they took. */
	cpuSeconds: Record<string, number>;
	/** CPU seconds of all processes together per wall second: how many of the 2 cores the run kept busy. */
	coresBusy: number;
	distinctOrders: number;
	duplicateOrders: number;
}

export interface QueueModeResult {
	rows: number;
	executions: number;
	nodeConcurrency: number;
	latencyMs: number;
	runs: number;
	/** Wall time per round trip ideal: 2 round trips per order (lookup, placement), 4 × 4 requests in flight. */
	idealWallMs: number;
	variants: QueueVariant[];
	/** 2 workers vs 1, each worker 2 executions at a time (the headline). */
	speedup2vs1: number;
	/** 2 workers vs 1 at n8n's default worker concurrency (10): what a second CPU-bound process adds here. */
	speedup2vs1DefaultConcurrency: number;
	/** Regular mode vs 2 workers (2 executions each): the price of the queue for the same parallelism. */
	regularVs2Workers: number;
	cpus: number;
}

interface Rig {
	n8n: { importCredentials(c: unknown[]): Promise<unknown>; url: string };
	url: string;
	workerNames: string[];
	main: { child: { pid: number }; stop(): Promise<void> } | null;
	postgres: { child: { pid: number } };
	redis: { child: { pid: number } };
	worker(
		name: string,
	): { child: { pid: number }; exited: boolean; stop(): Promise<void> } | undefined;
	importWorkflows(list: unknown[]): Promise<unknown>;
	start(): Promise<unknown>;
	startMain(o?: { extraEnv?: Record<string, string> }): Promise<unknown>;
	startWorker(name: string, o?: { concurrency?: number }): Promise<unknown>;
	activate(ids: string[]): Promise<void>;
	rest(): Promise<(p: string, init?: RequestInit) => Promise<Response>>;
	logs(name: string): string;
	stop(): Promise<void>;
}

const importMjs = async (relative: string): Promise<Json> =>
	await import(pathToFileURL(path.join(REPO_ROOT, relative)).href);

export async function benchQueueMode(options: {
	rows: number;
	executions: number;
	latencyMs: number;
	runs: number;
}): Promise<QueueModeResult> {
	const { createQueueRig } = await importMjs('scripts/n8n/queue.mjs');
	const { sandboxCredential } = await importMjs('e2e/helpers.mjs');
	const { SHEET_PATH, SHEET_WORKFLOW_ID, sheetRows, sheetWorkflow } =
		await importMjs('e2e/queue-workflows.mjs');
	const nodeConcurrency = 4;

	const sb = await startBenchSandbox();
	const rig: Rig = await createQueueRig({
		workers: 2,
		workerConcurrency: 2,
		owner: { email: 'bench@printio.local', password: 'Bench-local-only-1' },
		logDir: path.join(REPO_ROOT, 'test-artifacts', 'bench-queue'),
	});
	let runNo = 0;
	try {
		await rig.n8n.importCredentials([sandboxCredential(sb.url)]);
		await rig.importWorkflows([sheetWorkflow({ concurrency: nodeConcurrency })]);
		await rig.start();
		await rig.activate([SHEET_WORKFLOW_ID]);

		const pids = (): Record<string, number> => {
			const out: Record<string, number> = {
				sandbox: sb.process.pid!,
				postgres: rig.postgres.child.pid,
				redis: rig.redis.child.pid,
			};
			if (rig.main) out.main = rig.main.child.pid;
			for (const name of rig.workerNames) {
				const w = rig.worker(name);
				if (w && !w.exited) out[name] = w.child.pid;
			}
			return out;
		};

		/** One run: the rows split into `executions` webhook calls at once; checks the sandbox afterwards. */
		const runOnce = async (rows: number) => {
			runNo++;
			await control(sb.url, 'POST', '/reset');
			await setLatency(sb.url, options.latencyMs);
			const prefix = `QB${runNo}`;
			const all: Json[] = sheetRows(prefix, rows);
			const size = Math.ceil(rows / options.executions);
			const parts = Array.from({ length: options.executions }, (_, p) =>
				all.slice(p * size, (p + 1) * size),
			);
			const procs = pids();
			const cpuBefore = Object.fromEntries(
				Object.entries(procs).map(([k, pid]) => [k, cpuSecondsOfTree(pid)]),
			);
			const started = performance.now();
			const answers = await Promise.all(
				parts.map(async (part) => {
					const res = await fetch(`${rig.url}/webhook/${SHEET_PATH}`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ rows: part }),
					});
					return { status: res.status, body: (await res.json()) as Json[] };
				}),
			);
			const wallMs = performance.now() - started;
			const cpu = Object.fromEntries(
				Object.entries(procs).map(([k, pid]) => [k, cpuSecondsOfTree(pid) - cpuBefore[k]]),
			);
			for (const [p, a] of answers.entries()) {
				const bad = Array.isArray(a.body) ? a.body.filter((o) => !o.order_no).length : -1;
				if (
					a.status !== 200 ||
					!Array.isArray(a.body) ||
					a.body.length !== parts[p].length ||
					bad
				) {
					throw new Error(
						`part ${p}: HTTP ${a.status}, ${Array.isArray(a.body) ? a.body.length : 'no'} outputs, ${bad} without an order number`,
					);
				}
			}
			await setLatency(sb.url, 0);
			const statuses = await fetch(
				`${sb.url}/order-statuses?date_time_from=${encodeURIComponent('2000-01-01 00:00:00')}`,
				{
					headers: { 'Printio-Api-Subscription-Key': KEY },
				},
			).then(async (r) => (await r.json()) as Json);
			const placed = ((statuses.orders ?? []) as Array<{ ec_order_no: string }>).filter((o) =>
				o.ec_order_no.startsWith(`${prefix}-`),
			);
			const distinct = new Set(placed.map((o) => o.ec_order_no)).size;
			if (distinct !== rows)
				throw new Error(`${distinct} distinct orders in the sandbox, expected ${rows}`);
			return { wallMs, cpu, distinct, duplicates: placed.length - distinct };
		};

		const executionsPerProcess = (fromLogs: Record<string, string>): Record<string, number> => {
			const out: Record<string, number> = {};
			for (const [name, text] of Object.entries(fromLogs)) {
				const n = (text.match(/Worker started execution \d+/g) ?? []).length;
				if (n) out[name] = n;
			}
			return out;
		};

		const measure = async (
			label: string,
			mode: 'queue' | 'regular',
			workers: number,
			workerConcurrency: number | null,
		): Promise<QueueVariant> => {
			await runOnce(Math.min(200, options.rows)); // warm-up: JIT, connections, the workflow cache
			const logsBefore = Object.fromEntries(rig.workerNames.map((n) => [n, rig.logs(n).length]));
			const results: Array<Awaited<ReturnType<typeof runOnce>>> = [];
			for (let i = 0; i < options.runs; i++) results.push(await runOnce(options.rows));
			const perProcess = executionsPerProcess(
				Object.fromEntries(rig.workerNames.map((n) => [n, rig.logs(n).slice(logsBefore[n])])),
			);
			if (mode === 'regular') perProcess.main = options.executions * options.runs;
			const wallMs = median(results.map((r) => r.wallMs));
			const names = Object.keys(results[0].cpu);
			const cpuSeconds = Object.fromEntries(
				names.map((k) => [k, round(median(results.map((r) => r.cpu[k])), 2)]),
			);
			const totalCpu = median(results.map((r) => Object.values(r.cpu).reduce((a, b) => a + b, 0)));
			return {
				label,
				mode,
				workers,
				workerConcurrency,
				wallMs: round(wallMs, 0),
				wallMsRuns: results.map((r) => round(r.wallMs, 0)),
				ordersPerSecond: round(options.rows / (wallMs / 1000), 1),
				executionsPerProcess: perProcess,
				cpuSeconds,
				coresBusy: round(totalCpu / (wallMs / 1000), 2),
				distinctOrders: results[results.length - 1].distinct,
				duplicateOrders: Math.max(...results.map((r) => r.duplicates)),
			};
		};

		const variants: QueueVariant[] = [];
		variants.push(await measure('queue, 2 workers × 2 executions', 'queue', 2, 2));
		await rig.worker('worker-2')!.stop();
		variants.push(await measure('queue, 1 worker × 2 executions', 'queue', 1, 2));
		await rig.worker('worker-1')!.stop();
		await rig.startWorker('worker-1', { concurrency: 10 });
		variants.push(await measure('queue, 1 worker × 10 executions (n8n default)', 'queue', 1, 10));
		await rig.startWorker('worker-2', { concurrency: 10 });
		variants.push(await measure('queue, 2 workers × 10 executions (n8n default)', 'queue', 2, 10));
		await rig.worker('worker-1')!.stop();
		await rig.worker('worker-2')!.stop();
		await rig.main!.stop();
		await rig.startMain({ extraEnv: { EXECUTIONS_MODE: 'regular' } });
		variants.push(await measure('regular mode (one process)', 'regular', 0, null));

		const byLabel = (prefix: string) => variants.find((v) => v.label.startsWith(prefix))!;
		const two = byLabel('queue, 2 workers × 2');
		const one = byLabel('queue, 1 worker × 2');
		return {
			rows: options.rows,
			executions: options.executions,
			nodeConcurrency,
			latencyMs: options.latencyMs,
			runs: options.runs,
			idealWallMs: round(
				(options.rows * 2 * options.latencyMs) / (options.executions * nodeConcurrency),
				0,
			),
			variants,
			speedup2vs1: round(one.wallMs / two.wallMs),
			speedup2vs1DefaultConcurrency: round(
				byLabel('queue, 1 worker × 10').wallMs / byLabel('queue, 2 workers × 10').wallMs,
			),
			regularVs2Workers: round(two.wallMs / byLabel('regular').wallMs),
			cpus: (await import('node:os')).cpus().length,
		};
	} finally {
		await rig.stop().catch(() => undefined);
		await sb.stop();
	}
}
