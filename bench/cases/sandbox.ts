/**
 * Throughput of the sandbox (`npm run sandbox`, a child process, in-memory database, no latency) on GET /items and
 * GET /orders with a subscription key, against Prism (`prism mock contract/openapi.json`) serving the project's
 * OpenAPI document, both measured with autocannon from this process, interleaved, medians of several runs.
 */
import autocannon from 'autocannon';

import {
	bin,
	cpuSecondsOfTree,
	freePort,
	KEY,
	median,
	round,
	startChild,
	startSandboxProcess,
	type Child,
} from '../util';

export interface SandboxResult {
	rpsItems: number;
	rpsOrders: number;
	prismRpsItems: number;
	prismRpsOrders: number;
	ratioVsPrism: number;
	ratioVsPrismOrders: number;
	/** Requests served per CPU second of the server's processes: hardly affected by other load on the machine. */
	requestsPerCpuSecond: Record<string, number>;
	ratioVsPrismPerCpuSecond: number;
	ratioVsPrismOrdersPerCpuSecond: number;
	rpsRuns: Record<string, number[]>;
	connections: number;
	durationSeconds: number;
	runs: number;
	itemsPath: string;
	ordersPath: string;
	prismStatus: { items: number; orders: number };
	errors: Record<string, number>;
	latencyP50Ms: Record<string, number>;
}

const ITEMS_PATH = '/items?retailer_id=1&limit=30&page=1';
const ORDERS_PATH = `/orders?date_time_from=${encodeURIComponent('2000-01-01 00:00:00')}&limit=30&page=1`;

async function load(url: string, connections: number, duration: number, serverPid?: number) {
	const cpuBefore = serverPid ? cpuSecondsOfTree(serverPid) : 0;
	const result = await autocannon({
		url,
		connections,
		duration,
		headers: { 'Printio-Api-Subscription-Key': KEY, accept: 'application/json' },
	});
	const cpuSeconds = serverPid ? cpuSecondsOfTree(serverPid) - cpuBefore : 0;
	return {
		rps: result.requests.average,
		perCpuSecond: cpuSeconds > 0 ? result.requests.total / cpuSeconds : NaN,
		// Anything but a 2xx answer counts against the server (never silently).
		bad: result.non2xx + result.errors + result.timeouts,
		p50: result.latency.p50,
	};
}

export async function benchSandbox(options: {
	connections: number;
	duration: number;
	runs: number;
}): Promise<SandboxResult> {
	let sandbox: Child | undefined;
	let prism: Child | undefined;
	try {
		sandbox = await startSandboxProcess();
		// Some orders, so that GET /orders answers a full page of 30.
		for (let i = 0; i < 40; i++) {
			const address = {
				zip_code: '1500001',
				prefecture_name: '東京都',
				municipalities: '渋谷区',
				address1: '神宮前1-2-3',
				full_name: 'ベンチ 花子',
				phone_number: '0312345678',
			};
			const response = await fetch(`${sandbox.url}/order-by-code`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'Printio-Api-Subscription-Key': KEY },
				body: JSON.stringify({
					retailer_id: 1,
					ec_order_no: `BENCH-RPS-${i}`,
					shipping_information: address,
					sender_information: { ...address, item_name: '衣類' },
					order_details: [
						{ original_item_code: 't0100001', color: 'ホワイト', size: 'M', quantity: 1 },
					],
				}),
			});
			await response.text();
		}
		const port = await freePort();
		prism = await startChild(
			bin('prism'),
			['mock', 'contract/openapi.json', '-h', '127.0.0.1', '-p', String(port)],
			/Prism is listening/,
			90_000,
			`http://127.0.0.1:${port}`,
		);
		const status = async (url: string) => {
			const response = await fetch(url, {
				headers: { 'Printio-Api-Subscription-Key': KEY, accept: 'application/json' },
			});
			await response.text();
			return response.status;
		};
		const prismStatus = {
			items: await status(prism.url + ITEMS_PATH),
			orders: await status(prism.url + ORDERS_PATH),
		};
		for (const [name, code] of [
			['sandbox items', await status(sandbox.url + ITEMS_PATH)],
			['sandbox orders', await status(sandbox.url + ORDERS_PATH)],
		] as const) {
			if (code !== 200) throw new Error(`${name}: HTTP ${code}`);
		}

		const targets = {
			items: sandbox.url + ITEMS_PATH,
			orders: sandbox.url + ORDERS_PATH,
			prismItems: prism.url + ITEMS_PATH,
			prismOrders: prism.url + ORDERS_PATH,
		};
		const pids: Record<keyof typeof targets, number | undefined> = {
			items: sandbox.process.pid,
			orders: sandbox.process.pid,
			prismItems: prism.process.pid,
			prismOrders: prism.process.pid,
		};
		// Warm-up of every target (JIT, caches).
		for (const url of Object.values(targets)) await load(url, options.connections, 1);
		const runs: Record<keyof typeof targets, Array<Awaited<ReturnType<typeof load>>>> = {
			items: [],
			orders: [],
			prismItems: [],
			prismOrders: [],
		};
		for (let run = 0; run < options.runs; run++) {
			for (const [name, url] of Object.entries(targets) as Array<[keyof typeof targets, string]>) {
				runs[name].push(await load(url, options.connections, options.duration, pids[name]));
			}
		}
		const rps = (name: keyof typeof targets) => round(median(runs[name].map((r) => r.rps)), 0);
		const perCpu = (name: keyof typeof targets) =>
			round(median(runs[name].map((r) => r.perCpuSecond)), 0);
		const result: SandboxResult = {
			rpsItems: rps('items'),
			rpsOrders: rps('orders'),
			prismRpsItems: rps('prismItems'),
			prismRpsOrders: rps('prismOrders'),
			ratioVsPrism: 0,
			ratioVsPrismOrders: 0,
			requestsPerCpuSecond: {
				items: perCpu('items'),
				orders: perCpu('orders'),
				prismItems: perCpu('prismItems'),
				prismOrders: perCpu('prismOrders'),
			},
			ratioVsPrismPerCpuSecond: round(perCpu('items') / perCpu('prismItems')),
			ratioVsPrismOrdersPerCpuSecond: round(perCpu('orders') / perCpu('prismOrders')),
			rpsRuns: Object.fromEntries(
				Object.entries(runs).map(([name, list]) => [name, list.map((r) => round(r.rps, 0))]),
			),
			connections: options.connections,
			durationSeconds: options.duration,
			runs: options.runs,
			itemsPath: ITEMS_PATH,
			ordersPath: ORDERS_PATH,
			prismStatus,
			errors: Object.fromEntries(
				Object.entries(runs).map(([name, list]) => [name, list.reduce((n, r) => n + r.bad, 0)]),
			),
			latencyP50Ms: Object.fromEntries(
				Object.entries(runs).map(([name, list]) => [name, median(list.map((r) => r.p50))]),
			),
		};
		result.ratioVsPrism = round(result.rpsItems / result.prismRpsItems);
		result.ratioVsPrismOrders = round(result.rpsOrders / result.prismRpsOrders);
		return result;
	} finally {
		await prism?.stop();
		await sandbox?.stop();
	}
}
