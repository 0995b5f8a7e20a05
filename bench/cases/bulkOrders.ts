/**
 * 1,000 spreadsheet rows through Order › Create (Map Input Fields mode) with the Concurrency option, against a
 * sandbox that answers every request after a fixed latency. Ideal throughput: concurrency / latency orders per
 * second (one request per order, `concurrency` always in flight). With Check for Existing Order (the default)
 * each order costs two round trips (lookup, then placement), so the ideal per round trip is half of that.
 */
import type { IDataObject } from 'n8n-workflow';

import type { LoadedPackage } from '../../test/harness';
import { executeNode } from '../../test/harness';
import { sheetRow } from '../../test/nodes/Printio/fixtures';
import { control, KEY, median, round, setLatency, startBenchSandbox, type Json } from '../util';

const MAX_CONCURRENCY = 8; // the node's hard cap (nodes/Printio/placement/placement.ts)

export interface BulkVariant {
	ordersPerSecond: number;
	idealOrdersPerSecond: number;
	ratioToIdeal: number;
	roundTripsPerOrder: number;
	ratioToIdealPerRoundTrip: number;
	wallMs: number;
	wallMsRuns: number[];
	maxConcurrentSeen: number;
	/** CPU time of the n8n process (this one) per request: the node's own cost besides the latency. */
	clientCpuMsPerRequest: number;
}

export interface BulkResult extends BulkVariant {
	/** First placement of the rows, defaults on: throughput per round trip vs its ideal (results.json key). */
	ratioPerRoundTrip: number;
	rows: number;
	concurrency: number;
	cap: number;
	latencyMs: number;
	runs: number;
	checkDuplicates: boolean;
	ordersInSandbox: number;
	duplicateOrders: number;
	withoutDuplicateCheck: BulkVariant;
	/** The Concurrency option set above the cap: what the sandbox saw in flight. */
	aboveCap: { requested: number; rows: number; maxConcurrentSeen: number; ordersPerSecond: number };
}

export async function benchBulkOrders(
	pkg: LoadedPackage,
	options: { rows: number; concurrency: number; latencyMs: number; runs: number },
): Promise<BulkResult> {
	const sb = await startBenchSandbox();
	let runNo = 0;
	try {
		const runOnce = async (
			checkDuplicates: boolean,
			rowCount = options.rows,
			concurrency = options.concurrency,
		) => {
			runNo++;
			await control(sb.url, 'POST', '/reset');
			await setLatency(sb.url, options.latencyMs);
			await control(sb.url, 'DELETE', '/requests');
			await control(sb.url, 'DELETE', '/stats');
			const rows: IDataObject[] = Array.from({ length: rowCount }, (_, i) =>
				sheetRow(`BENCH-${runNo}-${i}`),
			);
			const cpuBefore = process.cpuUsage();
			const started = performance.now();
			const result = await executeNode({
				pkg,
				node: {
					type: 'printio',
					parameters: {
						resource: 'order',
						operation: 'create',
						inputMode: 'autoMap',
						options: { concurrency, checkDuplicates },
					},
				},
				input: rows,
				credentials: {
					printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
				},
			});
			const wallMs = performance.now() - started;
			const cpu = process.cpuUsage(cpuBefore);
			if (result.error) throw result.error;
			const failed = result.items.filter(
				(item) => item.json.error !== undefined || !item.json.order_no,
			);
			if (result.items.length !== rowCount || failed.length) {
				throw new Error(
					`bulk run: ${result.items.length} items, ${failed.length} without an order number`,
				);
			}
			const stats = await control(sb.url, 'GET', '/stats');
			const log = (await control(sb.url, 'GET', '/requests')) as Array<{ path: string }>;
			// Ground truth: every order the sandbox holds (one status record per order), read once, after the latency.
			await setLatency(sb.url, 0);
			const all = await fetch(
				`${sb.url}/order-statuses?date_time_from=${encodeURIComponent('2000-01-01 00:00:00')}`,
				{
					headers: { 'Printio-Api-Subscription-Key': KEY },
				},
			).then(async (response) => (await response.json()) as Json);
			const placed = ((all.orders ?? []) as Array<{ ec_order_no: string }>).filter((o) =>
				o.ec_order_no.startsWith(`BENCH-${runNo}-`),
			);
			const ecNos = new Set(placed.map((o) => o.ec_order_no));
			if (ecNos.size !== rowCount)
				throw new Error(
					`bulk run: ${ecNos.size} distinct orders in the sandbox, expected ${rowCount}`,
				);
			return {
				wallMs,
				requests: log.length,
				cpuMs: (cpu.user + cpu.system) / 1000,
				// Every request of a worker is sequential, so all routes together must stay within the cap too.
				maxInFlight: stats.maxInFlight as number,
				ordersInSandbox: placed.length,
				duplicateOrders: placed.length - ecNos.size,
			};
		};

		await runOnce(true, Math.min(100, options.rows)); // warm-up (JIT, sockets), shorter
		const withCheck: Array<Awaited<ReturnType<typeof runOnce>>> = [];
		const withoutCheck: Array<Awaited<ReturnType<typeof runOnce>>> = [];
		for (let run = 0; run < options.runs; run++) {
			withCheck.push(await runOnce(true));
			withoutCheck.push(await runOnce(false));
		}

		const aboveCapRequested = MAX_CONCURRENCY + 4;
		const aboveCapRows = Math.min(200, options.rows);
		const aboveCap = await runOnce(false, aboveCapRows, aboveCapRequested);

		const ideal = options.concurrency / (options.latencyMs / 1000);
		const variant = (runs: typeof withCheck): BulkVariant => {
			const wallMs = median(runs.map((r) => r.wallMs));
			const ordersPerSecond = options.rows / (wallMs / 1000);
			const roundTrips = median(runs.map((r) => r.requests)) / options.rows;
			return {
				ordersPerSecond: round(ordersPerSecond, 1),
				idealOrdersPerSecond: round(ideal, 1),
				ratioToIdeal: round(ordersPerSecond / ideal),
				roundTripsPerOrder: round(roundTrips, 3),
				ratioToIdealPerRoundTrip: round(ordersPerSecond / (ideal / roundTrips)),
				wallMs: round(wallMs, 0),
				wallMsRuns: runs.map((r) => round(r.wallMs, 0)),
				maxConcurrentSeen: Math.max(...runs.map((r) => r.maxInFlight)),
				clientCpuMsPerRequest: round(median(runs.map((r) => r.cpuMs / r.requests)), 2),
			};
		};
		const primary = variant(withCheck);
		return {
			rows: options.rows,
			concurrency: options.concurrency,
			cap: MAX_CONCURRENCY,
			latencyMs: options.latencyMs,
			runs: options.runs,
			checkDuplicates: true,
			...primary,
			ratioPerRoundTrip: primary.ratioToIdealPerRoundTrip,
			ordersInSandbox: withCheck[withCheck.length - 1].ordersInSandbox,
			duplicateOrders: Math.max(...withCheck.map((r) => r.duplicateOrders)),
			withoutDuplicateCheck: variant(withoutCheck),
			aboveCap: {
				requested: aboveCapRequested,
				rows: aboveCapRows,
				maxConcurrentSeen: aboveCap.maxInFlight,
				ordersPerSecond: round(aboveCapRows / (aboveCap.wallMs / 1000), 1),
			},
		};
	} finally {
		await sb.stop();
	}
}
