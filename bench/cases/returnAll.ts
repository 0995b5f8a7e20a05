/**
 * Return All over 100 pages of orders through the real Printio node (n8n-core in-process, the test harness)
 * against a sequential page-by-page baseline in the same run. The baseline is the same node with its page
 * concurrency set to 1, i.e. the next page is asked for only after the previous one answered, the way n8n's own
 * paginators (declarative `pagination`, `requestWithAuthenticationPaginated`) work.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

import type { LoadedPackage } from '../../test/harness';
import { executeNode } from '../../test/harness';
import { control, KEY, median, REPO_ROOT, round, setLatency, startBenchSandbox } from '../util';

const PAGE_SIZE = 30;

interface TransportModule {
	PAGE_CONCURRENCY: number;
}

export interface ReturnAllResult {
	pages: number;
	records: number;
	requests: number;
	floorRequests: number;
	latencyMs: number;
	runs: number;
	pageConcurrency: number;
	wallMs: number;
	sequentialWallMs: number;
	sequentialRequests: number;
	speedupVsSequential: number;
	/** Median of the per-run ratios (each run's baseline measured right after it, under the same load). */
	speedupVsSequentialPaired: number;
	/** Fastest sequential run / fastest node run: the runs least disturbed by other processes. */
	speedupBestOfRuns: number;
	/** The best possible speedup with this page concurrency: pages / (1 + ceil((pages - 1) / concurrency)). */
	speedupCeiling: number;
	maxInFlightSeen: number;
	/** Same run, other page concurrencies (what the constant would give). */
	whatIfPageConcurrency: Record<string, { wallMs: number; speedupVsSequential: number }>;
	wallMsRuns: number[];
	sequentialWallMsRuns: number[];
}

export async function benchReturnAll(
	pkg: LoadedPackage,
	options: { pages: number; latencyMs: number; runs: number; whatIf: number[] },
): Promise<ReturnAllResult> {
	const total = options.pages * PAGE_SIZE;
	// Exactly `pages` full pages of retailer 1's orders, in a sandbox process of its own.
	const sb = await startBenchSandbox(total);
	try {
		await setLatency(sb.url, options.latencyMs);

		// The very module instance n8n-core loaded the node from (plain require under NODE_ENV=test).
		const requireFromRepo = createRequire(path.join(REPO_ROOT, 'package.json'));
		const transport = requireFromRepo(path.join(REPO_ROOT, 'dist/nodes/shared/printio/transport/pagination.js')) as TransportModule;
		const shipped = transport.PAGE_CONCURRENCY;

		const runOnce = async (pageConcurrency: number) => {
			transport.PAGE_CONCURRENCY = pageConcurrency;
			await control(sb.url, 'DELETE', '/requests');
			await control(sb.url, 'DELETE', '/stats');
			const started = performance.now();
			const result = await executeNode({
				pkg,
				node: { type: 'printio', parameters: { resource: 'order', operation: 'getMany', returnAll: true } },
				credentials: { printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 } },
			});
			const wallMs = performance.now() - started;
			transport.PAGE_CONCURRENCY = shipped;
			if (result.error) throw result.error;
			const log = (await control(sb.url, 'GET', '/requests')) as Array<{ path: string }>;
			const stats = await control(sb.url, 'GET', '/stats');
			return {
				wallMs,
				records: result.items.length,
				requests: log.filter((entry) => entry.path === '/orders').length,
				maxInFlight: stats.maxInFlight as number,
			};
		};

		// Warm-up (module loading, JIT), not counted.
		await runOnce(shipped);
		const node: Array<Awaited<ReturnType<typeof runOnce>>> = [];
		const sequential: Array<Awaited<ReturnType<typeof runOnce>>> = [];
		const whatIf = new Map<number, number[]>(options.whatIf.map((c) => [c, []]));
		// Interleaved, so that both see the same machine load.
		for (let run = 0; run < options.runs; run++) {
			node.push(await runOnce(shipped));
			sequential.push(await runOnce(1));
			for (const c of options.whatIf) whatIf.get(c)!.push((await runOnce(c)).wallMs);
		}
		for (const r of [...node, ...sequential]) {
			if (r.records !== total) throw new Error(`Return All returned ${r.records} records, expected ${total}`);
		}
		const wallMs = median(node.map((r) => r.wallMs));
		const sequentialWallMs = median(sequential.map((r) => r.wallMs));
		const pages = options.pages;
		return {
			pages,
			records: node[0].records,
			requests: Math.max(...node.map((r) => r.requests)),
			floorRequests: Math.ceil(total / PAGE_SIZE),
			latencyMs: options.latencyMs,
			runs: options.runs,
			pageConcurrency: shipped,
			wallMs: round(wallMs, 1),
			sequentialWallMs: round(sequentialWallMs, 1),
			sequentialRequests: Math.max(...sequential.map((r) => r.requests)),
			speedupVsSequential: round(sequentialWallMs / wallMs),
			speedupVsSequentialPaired: round(median(node.map((r, i) => sequential[i].wallMs / r.wallMs))),
			speedupBestOfRuns: round(Math.min(...sequential.map((r) => r.wallMs)) / Math.min(...node.map((r) => r.wallMs))),
			speedupCeiling: round(pages / (1 + Math.ceil((pages - 1) / shipped))),
			maxInFlightSeen: Math.max(...node.map((r) => r.maxInFlight)),
			whatIfPageConcurrency: Object.fromEntries(
				[...whatIf].map(([c, runs]) => [
					String(c),
					{ wallMs: round(median(runs), 1), speedupVsSequential: round(sequentialWallMs / median(runs)) },
				]),
			),
			wallMsRuns: node.map((r) => round(r.wallMs, 1)),
			sequentialWallMsRuns: sequential.map((r) => round(r.wallMs, 1)),
		};
	} finally {
		await sb.stop();
	}
}
