/**
 * Client CPU per page of Return All: `npx tsx bench/clientCpu.ts` (after `npm run build`). Runs Order › Get Many
 * through n8n-core in-process against a bench sandbox of 3,000 orders (no latency), once with Return All
 * (100 pages) and once with Limit 30 (1 page), and prints (CPU of the first - CPU of the second) / 99: what the
 * node process spends per extra page (n8n's request helper, parsing, the node's own work). Medians of N runs
 * (env N, default 7). CPU time, not wall time, so it depends less on other processes than the ratios do.
 */
import './env';

import { executeNode, loadPackage } from '../test/harness';
import { KEY, median, startBenchSandbox } from './util';

async function main(): Promise<void> {
	const pkg = await loadPackage();
	const sandbox = await startBenchSandbox(3000);
	const cpuMsOf = async (parameters: Record<string, unknown>): Promise<number> => {
		const before = process.cpuUsage();
		const result = await executeNode({
			pkg,
			node: {
				type: 'printio',
				parameters: { resource: 'order', operation: 'getMany', ...parameters },
			},
			credentials: {
				printioApi: { environment: 'custom', baseUrl: sandbox.url, apiKey: KEY, retailerId: 1 },
			},
		});
		const used = process.cpuUsage(before);
		if (result.error) throw result.error;
		return (used.user + used.system) / 1000;
	};
	try {
		for (let i = 0; i < 3; i++) await cpuMsOf({ returnAll: true }); // warm-up
		const all: number[] = [];
		const one: number[] = [];
		for (let i = 0; i < Number(process.env.N ?? 7); i++) {
			all.push(await cpuMsOf({ returnAll: true }));
			one.push(await cpuMsOf({ returnAll: false, limit: 30 }));
		}
		const perPage = (median(all) - median(one)) / 99;
		process.stdout.write(
			`client CPU: 100 pages ${median(all).toFixed(0)} ms, 1 page ${median(one).toFixed(0)} ms, per extra page ${perPage.toFixed(2)} ms\n`,
		);
	} finally {
		await sandbox.stop();
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		process.stderr.write(`${(error as Error).stack ?? error}\n`);
		process.exit(1);
	},
);
