/**
 * Whether a page of the sandbox's order reads costs the same at 1,000, 100,000 and 1,000,000 orders: three
 * sandboxes (child processes, in-memory databases, seeded by bench/seed.ts seedOrders) answer the same requests,
 * one at a time over a kept-alive connection, interleaved in rounds; medians of the rounds' medians.
 */
import http from 'node:http';

import { formatTokyo, parseTokyo } from '../../sandbox/domain/clock';
import { SEED_LAST_AT } from '../seed';
import { bin, KEY, median, round, startChild, type Child } from '../util';

export interface SandboxScaleResult {
	orders: number[];
	/** from the child's start to its `ready` line: process start, sandbox start and the seed */
	startSeconds: Record<string, number>;
	pagePath: string;
	pollPath: string;
	pageAllPath: string;
	/** total of the page request, records of the poll, at each size (the same at every size by construction) */
	pageTotal: Record<string, number>;
	pollRecords: Record<string, number>;
	pageLatencyMs: Record<string, number>;
	pollLatencyMs: Record<string, number>;
	/** every order matches: `total` counts them all, so this one grows with the table (not a goal) */
	pageAllLatencyMs: Record<string, number>;
	pageLatencyRatio100kVs1k: number;
	pageLatencyRatio1mVs1k: number;
	pollLatencyRatio1mVs1k: number;
	rounds: number;
	requestsPerRound: number;
}

const LAST_MS = parseTokyo(SEED_LAST_AT)!;
/** An hour inside every size's data (orders every 30 s up to SEED_LAST_AT): 120 orders, 4 pages of 30. */
const PAGE_FROM = formatTokyo(LAST_MS - 4 * 3600_000);
const PAGE_TO = formatTokyo(LAST_MS - 3 * 3600_000 - 1000);
/** A trigger's poll: the changes of the last minute. */
const POLL_FROM = formatTokyo(LAST_MS - 60_000);

const enc = encodeURIComponent;

function timedGet(agent: http.Agent, url: string): Promise<{ ms: number; body: string }> {
	return new Promise((resolve, reject) => {
		const started = process.hrtime.bigint();
		const request = http.get(
			url,
			{ agent, headers: { 'Printio-Api-Subscription-Key': KEY, accept: 'application/json' } },
			(response) => {
				let body = '';
				response.setEncoding('utf8');
				response.on('data', (chunk: string) => (body += chunk));
				response.on('end', () => {
					const ms = Number(process.hrtime.bigint() - started) / 1e6;
					if (response.statusCode !== 200)
						reject(new Error(`${url}: HTTP ${response.statusCode} ${body.slice(0, 200)}`));
					else resolve({ ms, body });
				});
			},
		);
		request.once('error', reject);
	});
}

export async function benchSandboxScale(options: {
	sizes: number[];
	rounds: number;
	requestsPerRound: number;
}): Promise<SandboxScaleResult> {
	const children = new Map<number, Child>();
	const startSeconds: Record<string, number> = {};
	const agents = new Map<number, http.Agent>();
	try {
		await Promise.all(
			options.sizes.map(async (size) => {
				const started = performance.now();
				// 1,000,000 orders take a few minutes to write on a busy 2-core machine.
				const child = await startChild(
					bin('tsx'),
					['bench/sandbox-child.ts', '--seed', String(size)],
					/ready (http:\/\/127\.0\.0\.1:\d+)/,
					30 * 60_000,
				);
				children.set(size, child);
				startSeconds[size] = round((performance.now() - started) / 1000, 1);
				agents.set(size, new http.Agent({ keepAlive: true, maxSockets: 1 }));
			}),
		);
		const pagePath = (page: number) =>
			`/orders?date_time_from=${enc(PAGE_FROM)}&date_time_to=${enc(PAGE_TO)}&limit=30&page=${page}`;
		const pollPath = `/order-statuses?date_time_from=${enc(POLL_FROM)}`;
		const pageAllPath = `/orders?date_time_from=${enc('2000-01-01 00:00:00')}&limit=30&page=1`;

		const pageTotal: Record<string, number> = {};
		const pollRecords: Record<string, number> = {};
		for (const size of options.sizes) {
			const child = children.get(size)!;
			const agent = agents.get(size)!;
			pageTotal[size] = (
				JSON.parse((await timedGet(agent, child.url + pagePath(1))).body) as { total: number }
			).total;
			pollRecords[size] = (
				JSON.parse((await timedGet(agent, child.url + pollPath)).body) as { orders: unknown[] }
			).orders.length;
		}

		const samples = {
			page: new Map<number, number[]>(),
			poll: new Map<number, number[]>(),
			pageAll: new Map<number, number[]>(),
		};
		const measure = async (
			kind: keyof typeof samples,
			size: number,
			paths: string[],
			requests: number,
		) => {
			const child = children.get(size)!;
			const agent = agents.get(size)!;
			for (let i = 0; i < 3; i++) await timedGet(agent, child.url + paths[i % paths.length]);
			const times: number[] = [];
			for (let i = 0; i < requests; i++)
				times.push((await timedGet(agent, child.url + paths[i % paths.length])).ms);
			samples[kind].set(size, [...(samples[kind].get(size) ?? []), median(times)]);
		};
		for (let r = 0; r < options.rounds; r++) {
			// A different size first in each round, so that no size always follows the same one.
			const order = options.sizes.map((_, i) => options.sizes[(i + r) % options.sizes.length]);
			for (const size of order) {
				await measure('page', size, [1, 2, 3, 4].map(pagePath), options.requestsPerRound);
				await measure('poll', size, [pollPath], options.requestsPerRound);
				await measure(
					'pageAll',
					size,
					[pageAllPath],
					Math.max(3, Math.round(options.requestsPerRound / 8)),
				);
			}
		}
		const latency = (kind: keyof typeof samples) =>
			Object.fromEntries(
				options.sizes.map((size) => [
					String(size),
					round(median(samples[kind].get(size) ?? []), 3),
				]),
			);
		const pageLatencyMs = latency('page');
		const pollLatencyMs = latency('poll');
		const [small] = options.sizes;
		const ratio = (values: Record<string, number>, size: number) =>
			values[size] !== undefined ? round(values[size] / values[small]) : NaN;
		return {
			orders: options.sizes,
			startSeconds,
			pagePath: pagePath(1),
			pollPath,
			pageAllPath,
			pageTotal,
			pollRecords,
			pageLatencyMs,
			pollLatencyMs,
			pageAllLatencyMs: latency('pageAll'),
			pageLatencyRatio100kVs1k: ratio(pageLatencyMs, 100_000),
			pageLatencyRatio1mVs1k: ratio(pageLatencyMs, 1_000_000),
			pollLatencyRatio1mVs1k: ratio(pollLatencyMs, 1_000_000),
			rounds: options.rounds,
			requestsPerRound: options.requestsPerRound,
		};
	} finally {
		for (const agent of agents.values()) agent.destroy();
		await Promise.all([...children.values()].map((child) => child.stop()));
	}
}
