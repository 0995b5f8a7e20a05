/**
 * The cost of running a sheet again (a Schedule Trigger on a sheet of orders): 1,000 rows with yesterday's
 * ec_order_date, placed yesterday (the sandbox's clock), then run again through Order › Create in Map Input
 * Fields mode with the defaults (Check for Existing Order on, Concurrency 4): all 1,000 already placed, and 990
 * placed plus 10 new. Requests counted from the sandbox's request log; the ground truth (one order per row, no
 * duplicate) read from the sandbox's store. Baseline: the same re-run with rows that carry no ec_order_date,
 * which is the one-lookup-per-row path every re-run took before (the listing needs a date to bound it).
 */
import type { IDataObject } from 'n8n-workflow';

import type { LoadedPackage } from '../../test/harness';
import { executeNode } from '../../test/harness';
import { sheetRow } from '../../test/nodes/Printio/fixtures';
import { control, KEY, round, setLatency, startBenchSandbox, type Json } from '../util';

export interface RerunResult {
	rows: number;
	newRows: number;
	latencyMs: number;
	/** Requests of a re-run where every row is already placed. Goal <= 40. */
	allPlacedRequests: number;
	allPlacedWallMs: number;
	/** Requests of a re-run with `newRows` new rows among the placed ones. Goal <= 60. */
	tenNewRequests: number;
	tenNewWallMs: number;
	/** The same all-placed re-run without ec_order_date: one lookup per row (the cost before the listing). */
	perRowLookupRequests: number;
	perRowLookupWallMs: number;
	duplicateOrders: number;
}

const tokyo = (epochMs: number) =>
	new Date(epochMs + 9 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);

export async function benchRerun(
	pkg: LoadedPackage,
	options: { rows: number; newRows: number; latencyMs: number },
): Promise<RerunResult> {
	const sb = await startBenchSandbox();
	try {
		const run = async (rows: IDataObject[]) => {
			await control(sb.url, 'DELETE', '/requests');
			const started = performance.now();
			const result = await executeNode({
				pkg,
				node: {
					type: 'printio',
					parameters: {
						resource: 'order',
						operation: 'create',
						inputMode: 'autoMap',
						options: { concurrency: 4 },
					},
				},
				input: rows,
				credentials: {
					printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
				},
			});
			const wallMs = performance.now() - started;
			if (result.error) throw result.error;
			const failed = result.items.filter(
				(item) => item.json.error !== undefined || !item.json.order_no,
			);
			if (failed.length) throw new Error(`re-run: ${failed.length} rows without an order number`);
			const log = (await control(sb.url, 'GET', '/requests')) as Json[];
			return { requests: log.length, wallMs: round(wallMs, 0), items: result.items };
		};

		await control(sb.url, 'POST', '/reset');
		const yesterday = Date.now() - 86_400_000;
		const date = tokyo(yesterday).slice(0, 10);
		const rows = Array.from({ length: options.rows }, (_, i) =>
			sheetRow(`RERUN-${i}`, { ec_order_date: date }),
		);
		// Placed yesterday, without latency (not measured).
		await setLatency(sb.url, 0);
		await control(sb.url, 'POST', '/time', { set: tokyo(yesterday) });
		await run(rows);
		await control(sb.url, 'POST', '/time', { set: tokyo(Date.now()) });
		await setLatency(sb.url, options.latencyMs);

		const allPlaced = await run(rows);
		if (allPlaced.items.some((item) => item.json.already_registered !== true))
			throw new Error('re-run placed an order again');
		const withNew = [
			...rows.slice(0, options.rows - options.newRows),
			...Array.from({ length: options.newRows }, (_, i) =>
				sheetRow(`RERUN-NEW-${i}`, { ec_order_date: date }),
			),
		];
		const tenNew = await run(withNew);
		const placedNow = tenNew.items.filter((item) => item.json.already_registered === false).length;
		if (placedNow !== options.newRows)
			throw new Error(`re-run with new rows placed ${placedNow}, expected ${options.newRows}`);
		const perRow = await run(rows.map(({ ec_order_date: _date, ...row }) => row));

		await setLatency(sb.url, 0);
		const all = await fetch(
			`${sb.url}/order-statuses?date_time_from=${encodeURIComponent('2000-01-01 00:00:00')}`,
			{
				headers: { 'Printio-Api-Subscription-Key': KEY },
			},
		).then(async (response) => (await response.json()) as Json);
		const placed = ((all.orders ?? []) as Array<{ ec_order_no: string }>).filter((o) =>
			o.ec_order_no.startsWith('RERUN-'),
		);
		const distinct = new Set(placed.map((o) => o.ec_order_no)).size;
		if (distinct !== options.rows + options.newRows)
			throw new Error(`${distinct} distinct orders, expected ${options.rows + options.newRows}`);
		return {
			rows: options.rows,
			newRows: options.newRows,
			latencyMs: options.latencyMs,
			allPlacedRequests: allPlaced.requests,
			allPlacedWallMs: allPlaced.wallMs,
			tenNewRequests: tenNew.requests,
			tenNewWallMs: tenNew.wallMs,
			perRowLookupRequests: perRow.requests,
			perRowLookupWallMs: perRow.wallMs,
			duplicateOrders: placed.length - distinct,
		};
	} finally {
		await sb.stop();
	}
}
