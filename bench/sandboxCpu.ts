/**
 * Sandbox CPU per page of Return All: `npx tsx bench/sandboxCpu.ts`. A bench sandbox (child process) holding 3,000
 * orders of retailer 1 answers the 100 pages of 30 of one listing N times over (env N, default 4), one request at a
 * time; prints the CPU time of the sandbox's process tree (/proc) per page, for new connections (as n8n's request
 * helper makes them) and for a kept-alive one. CPU time, not wall time, so it depends less on other processes.
 */
import http from 'node:http';

import { cpuSecondsOfTree, KEY, startBenchSandbox } from './util';

const PAGES = 100;

function get(url: string, agent: http.Agent | undefined): Promise<number> {
	return new Promise((resolve, reject) => {
		http
			.get(
				url,
				{ agent, headers: { 'Printio-Api-Subscription-Key': KEY, accept: 'application/json' } },
				(response) => {
					let bytes = 0;
					response.on('data', (chunk: Buffer) => (bytes += chunk.length));
					response.on('end', () =>
						response.statusCode === 200
							? resolve(bytes)
							: reject(new Error(`HTTP ${response.statusCode}`)),
					);
				},
			)
			.once('error', reject);
	});
}

async function main(): Promise<void> {
	const sandbox = await startBenchSandbox(PAGES * 30);
	const pid = sandbox.process.pid!;
	const page = (n: number) =>
		`${sandbox.url}/orders?date_time_from=2000-01-01%2000%3A00%3A00&limit=30&page=${n}`;
	const rounds = Number(process.env.N ?? 4);
	const cpuMsPerPage = async (agent: http.Agent | undefined) => {
		const before = cpuSecondsOfTree(pid);
		for (let i = 0; i < rounds * PAGES; i++) await get(page((i % PAGES) + 1), agent);
		return ((cpuSecondsOfTree(pid) - before) * 1000) / (rounds * PAGES);
	};
	try {
		for (let n = 1; n <= PAGES; n++) await get(page(n), undefined); // warm-up: JIT, serialized records
		const fresh = await cpuMsPerPage(undefined);
		const keptAlive = await cpuMsPerPage(new http.Agent({ keepAlive: true, maxSockets: 1 }));
		const bytes = await get(page(1), undefined);
		process.stdout.write(
			`sandbox CPU per page of 30 orders (${bytes} bytes): new connection ${fresh.toFixed(2)} ms, kept-alive ${keptAlive.toFixed(2)} ms\n`,
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
