/** Small helpers shared by the benchmark cases: statistics, control API calls, child processes, ports. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..');
export const KEY = 'sandbox-key-retailer-1';

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value: number, digits = 2): number {
	const f = 10 ** digits;
	return Math.round(value * f) / f;
}

// Control API answers are dynamic JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function control(
	baseUrl: string,
	method: string,
	route: string,
	body?: unknown,
): Promise<Json> {
	const response = await fetch(`${baseUrl}/_sandbox${route}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	if (response.status >= 400)
		throw new Error(`${method} /_sandbox${route} → ${response.status} ${text}`);
	return text ? JSON.parse(text) : undefined;
}

/** A fixed latency on every API route: the sandbox's `delay` fault, hit by (practically) every request. */
export async function setLatency(baseUrl: string, delayMs: number): Promise<void> {
	await control(baseUrl, 'DELETE', '/faults');
	if (delayMs > 0)
		await control(baseUrl, 'POST', '/faults', {
			route: '*',
			kind: 'delay',
			delayMs,
			times: 1_000_000_000,
		});
}

export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

export interface Child {
	process: ChildProcess;
	url: string;
	stop(): Promise<void>;
}

/**
 * Starts a child process and waits until a line of its output matches `ready` (its first group, if any, is
 * returned as the URL). Output is kept in memory for the error message only.
 */
export async function startChild(
	command: string,
	args: string[],
	ready: RegExp,
	timeoutMs = 60_000,
	url = '',
): Promise<Child> {
	const child = spawn(command, args, {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env },
	});
	let output = '';
	const found = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(
			() =>
				reject(new Error(`${command} did not start in ${timeoutMs} ms:\n${output.slice(-2000)}`)),
			timeoutMs,
		);
		const onData = (chunk: Buffer) => {
			if (output.length < 100_000) output += chunk.toString('utf8');
			const match = ready.exec(output);
			if (match) {
				clearTimeout(timer);
				resolve(match[1] ?? url);
			}
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`${command} exited (${code}) before it was ready:\n${output.slice(-2000)}`));
		});
	});
	// Keep draining the pipes so a chatty child (Prism logs every request) never blocks on a full pipe.
	child.stdout?.removeAllListeners('data');
	child.stderr?.removeAllListeners('data');
	child.stdout?.resume();
	child.stderr?.resume();
	child.removeAllListeners('exit');
	return {
		process: child,
		url: found,
		async stop() {
			if (child.exitCode !== null || child.signalCode !== null) return;
			await new Promise<void>((resolve) => {
				const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
				child.once('exit', () => {
					clearTimeout(timer);
					resolve();
				});
				child.kill('SIGTERM');
			});
		},
	};
}

export function bin(name: string): string {
	return path.join(REPO_ROOT, 'node_modules', '.bin', name);
}

/** `npm run sandbox` without npm's wrapper process: the sandbox CLI under tsx, on a random port. */
export async function startSandboxProcess(extraArgs: string[] = []): Promise<Child> {
	return await startChild(
		bin('tsx'),
		['sandbox/main.ts', '--port', '0', '--db', ':memory:', ...extraArgs],
		/Printio sandbox listening on (http:\/\/127\.0\.0\.1:\d+)/,
	);
}

/** bench/sandbox-child.ts: the sandbox in a child process, with `orders` orders of retailer 1 (total). */
export async function startBenchSandbox(orders = 0): Promise<Child> {
	return await startChild(
		bin('tsx'),
		['bench/sandbox-child.ts', '--orders', String(orders)],
		/ready (http:\/\/127\.0\.0\.1:\d+)/,
	);
}

/**
 * CPU seconds (user + system) used so far by a process and all its descendants (Linux /proc), e.g. npm → tsx →
 * node. Throughput per CPU second hardly depends on what else runs on the machine, unlike requests per second.
 */
export function cpuSecondsOfTree(rootPid: number): number {
	const stats = new Map<number, { ppid: number; ticks: number }>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// Fields after the command name, which sits in parentheses and may contain spaces.
			const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
			stats.set(Number(entry), {
				ppid: Number(fields[1]),
				ticks: Number(fields[11]) + Number(fields[12]),
			});
		} catch {
			// the process ended meanwhile
		}
	}
	const children = new Map<number, number[]>();
	for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
	let ticks = 0;
	const queue = [rootPid];
	while (queue.length) {
		const pid = queue.pop()!;
		ticks += stats.get(pid)?.ticks ?? 0;
		queue.push(...(children.get(pid) ?? []));
	}
	return ticks / CLOCK_TICKS;
}

/** USER_HZ: 100 on Linux (getconf CLK_TCK). */
const CLOCK_TICKS = 100;
