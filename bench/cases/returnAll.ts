/**
 * Return All over 100 pages of orders through the real Printio node (n8n-core in-process, the test harness)
 * against a baseline that reads the same pages one at a time, in the same run.
 *
 * The baseline is a bench-only node (`pagedInTurn` below), run through the same harness with the same
 * credential: it asks for page 1, then pages 2…N through the package's own `request` function with a page
 * concurrency the bench passes as a node parameter, 1 for the baseline (the next page only after the previous
 * one answered, the way n8n's declarative `pagination` and `requestWithAuthenticationPaginated` work). The
 * shipped node is left as it is: no setting of the node's code is changed for the baseline. The sandbox's
 * `maxInFlight` is read after every run, and the case refuses a baseline that had more than one request in flight.
 */
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { ALL_ORDERS_FROM } from '../../nodes/Printio/actions/order/getMany.operation';
import { mapWithConcurrency } from '../../nodes/shared/printio/concurrency';
import { connectPrintio } from '../../nodes/shared/printio/transport';
import { PAGE_CONCURRENCY } from '../../nodes/shared/printio/transport/pagination';
import type { LoadedPackage } from '../../test/harness';
import { executeNode } from '../../test/harness';
import { control, KEY, median, round, setLatency, startBenchSandbox } from '../util';

const PAGE_SIZE = 30;
/** The baseline node's type name in the harness (a name with a dot is used as it is). */
export const PAGED_IN_TURN_TYPE = 'bench.pagedInTurn';

/**
 * Reads every order of the credential's retailer page by page through the package's `request` (the function
 * `listAll` calls per page): page 1, then the others `pageConcurrency` at a time, in order.
 */
class PagedInTurn implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bench: Pages In Turn',
		name: PAGED_IN_TURN_TYPE,
		group: ['transform'],
		version: 1,
		description: 'Return All baseline of npm run bench',
		defaults: { name: 'Pages In Turn' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'printioApi', required: true }],
		properties: [
			{ displayName: 'Page Concurrency', name: 'pageConcurrency', type: 'number', default: 1 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const pageConcurrency = this.getNodeParameter('pageConcurrency', 0) as number;
		const api = await connectPrintio(this);
		const fetchPage = async (page: number) =>
			(
				await api.request('getOrders', {
					qs: { date_time_from: ALL_ORDERS_FROM, limit: PAGE_SIZE, page },
				})
			).orders ?? [];
		const first = await api.request('getOrders', {
			qs: { date_time_from: ALL_ORDERS_FROM, limit: PAGE_SIZE, page: 1 },
		});
		const pages = Math.ceil((first.total ?? 0) / PAGE_SIZE);
		const rest = await mapWithConcurrency(
			Array.from({ length: Math.max(0, pages - 1) }, (_, index) => index + 2),
			pageConcurrency,
			fetchPage,
		);
		return [(first.orders ?? []).concat(...rest).map((order) => ({ json: { ...order } }))];
	}
}

export interface ReturnAllRun {
	wallMs: number;
	records: number;
	/** `GET /orders` requests in the sandbox's log. */
	requests: number;
	/** The sandbox's most requests in flight at once during the run. */
	maxInFlight: number;
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
	/** The baseline's most requests in flight at once over all its runs: 1, or the case fails. */
	sequentialMaxInFlight: number;
	speedupVsSequential: number;
	/** Median of the per-run ratios (each run's baseline measured right after it, under the same load). */
	speedupVsSequentialPaired: number;
	/** Fastest sequential run / fastest node run: the runs least disturbed by other processes. */
	speedupBestOfRuns: number;
	/** The best possible speedup with this page concurrency: pages / (1 + ceil((pages - 1) / concurrency)). */
	speedupCeiling: number;
	maxInFlightSeen: number;
	/** Same run, the baseline node with other page concurrencies (what another PAGE_CONCURRENCY would give). */
	whatIfPageConcurrency: Record<
		string,
		{ wallMs: number; speedupVsSequential: number; maxInFlight: number }
	>;
	wallMsRuns: number[];
	sequentialWallMsRuns: number[];
}

/** Throws unless a baseline run really read one page at a time and every run read every page once. */
export function checkRuns(
	node: ReturnAllRun[],
	sequential: ReturnAllRun[],
	expected: { records: number; pages: number },
): void {
	for (const [label, runs] of [
		['node', node],
		['sequential baseline', sequential],
	] as const) {
		for (const r of runs) {
			if (r.records !== expected.records)
				throw new Error(
					`${label}: Return All returned ${r.records} records, expected ${expected.records}`,
				);
			if (r.requests !== expected.pages)
				throw new Error(`${label}: ${r.requests} GET /orders requests, expected ${expected.pages}`);
		}
	}
	const overlapping = sequential.filter((r) => r.maxInFlight !== 1);
	if (overlapping.length > 0) {
		throw new Error(
			`the sequential baseline had ${overlapping.map((r) => r.maxInFlight).join(', ')} requests in flight at once (must be 1): it is not sequential`,
		);
	}
}

export async function benchReturnAll(
	pkg: LoadedPackage,
	options: { pages: number; latencyMs: number; runs: number; whatIf: number[]; warmUp?: boolean },
): Promise<ReturnAllResult> {
	const total = options.pages * PAGE_SIZE;
	pkg.nodeTypes.addExtra(new PagedInTurn());
	// Exactly `pages` full pages of retailer 1's orders, in a sandbox process of its own.
	const sb = await startBenchSandbox(total);
	try {
		await setLatency(sb.url, options.latencyMs);
		const credentials = {
			printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
		};

		/** The shipped node (pageConcurrency undefined) or the baseline node with the given page concurrency. */
		const runOnce = async (pageConcurrency?: number): Promise<ReturnAllRun> => {
			await control(sb.url, 'DELETE', '/requests');
			await control(sb.url, 'DELETE', '/stats');
			const started = performance.now();
			const result = await executeNode({
				pkg,
				node:
					pageConcurrency === undefined
						? {
								type: 'printio',
								parameters: { resource: 'order', operation: 'getMany', returnAll: true },
							}
						: { type: PAGED_IN_TURN_TYPE, parameters: { pageConcurrency } },
				credentials,
			});
			const wallMs = performance.now() - started;
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
		if (options.warmUp !== false) {
			await runOnce();
			await runOnce(1);
		}
		const node: ReturnAllRun[] = [];
		const sequential: ReturnAllRun[] = [];
		const whatIf = new Map<number, ReturnAllRun[]>(options.whatIf.map((c) => [c, []]));
		// Interleaved, so that both see the same machine load.
		for (let run = 0; run < options.runs; run++) {
			node.push(await runOnce());
			sequential.push(await runOnce(1));
			for (const c of options.whatIf) whatIf.get(c)!.push(await runOnce(c));
		}
		checkRuns(node, sequential, { records: total, pages: options.pages });
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
			pageConcurrency: PAGE_CONCURRENCY,
			wallMs: round(wallMs, 1),
			sequentialWallMs: round(sequentialWallMs, 1),
			sequentialRequests: Math.max(...sequential.map((r) => r.requests)),
			sequentialMaxInFlight: Math.max(...sequential.map((r) => r.maxInFlight)),
			speedupVsSequential: round(sequentialWallMs / wallMs),
			speedupVsSequentialPaired: round(median(node.map((r, i) => sequential[i].wallMs / r.wallMs))),
			speedupBestOfRuns: round(
				Math.min(...sequential.map((r) => r.wallMs)) / Math.min(...node.map((r) => r.wallMs)),
			),
			speedupCeiling: round(pages / (1 + Math.ceil((pages - 1) / PAGE_CONCURRENCY))),
			maxInFlightSeen: Math.max(...node.map((r) => r.maxInFlight)),
			whatIfPageConcurrency: Object.fromEntries(
				[...whatIf].map(([c, runs]) => {
					const ms = median(runs.map((r) => r.wallMs));
					return [
						String(c),
						{
							wallMs: round(ms, 1),
							speedupVsSequential: round(sequentialWallMs / ms),
							maxInFlight: Math.max(...runs.map((r) => r.maxInFlight)),
						},
					];
				}),
			),
			wallMsRuns: node.map((r) => round(r.wallMs, 1)),
			sequentialWallMsRuns: sequential.map((r) => round(r.wallMs, 1)),
		};
	} finally {
		pkg.nodeTypes.removeExtra(PAGED_IN_TURN_TYPE);
		await sb.stop();
	}
}
