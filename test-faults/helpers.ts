/** Shared pieces of the fault suite: a seeded PRNG, the sandbox as a child process, the secrets to scan for. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

import { PERSONAL_VALUES, RECIPIENT, SENDER } from '../test/nodes/Printio/fixtures';

export const REPO_ROOT = path.resolve(__dirname, '..');
export const KEY = 'sandbox-key-retailer-1';

/** The subscription keys and the fixtures' personal data: none may appear in a node output or error. */
export const SECRETS = {
	keys: [KEY, 'sandbox-key-retailer-2'],
	personal: [
		...new Set([
			...PERSONAL_VALUES,
			RECIPIENT.Address2,
			SENDER.FullName,
			SENDER.Address1,
			// test/nodes/PrintioTrigger/setup.ts's order address
			'テスト 太郎',
			'0300000001',
			'test@example.com',
			// test/nodes/Printio/fixtures.ts sheetRow() writes these forms
			'03-1234-5678',
		]),
	],
};

/** Deterministic PRNG (mulberry32), so that a failing seed can be replayed. */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
	};
}

export interface SandboxProcess {
	child: ChildProcess;
	url: string;
	/** stdout + stderr so far */
	output(): string;
	alive(): boolean;
	/** SIGKILL to the whole process group (npm, sh, tsx and the sandbox itself). */
	kill(): Promise<void>;
	stop(): Promise<void>;
}

/**
 * `npm run sandbox -- --port 0 ...` as a child process in a process group of its own, so that the sandbox itself
 * (under npm, sh and tsx) can be killed for real. Resolves once it printed its URL.
 */
export async function spawnSandbox(args: string[]): Promise<SandboxProcess> {
	const child = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', '0', ...args], {
		cwd: REPO_ROOT,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env },
	});
	let output = '';
	const onData = (chunk: Buffer) => {
		if (output.length < 1_000_000) output += chunk.toString('utf8');
	};
	child.stdout?.on('data', onData);
	child.stderr?.on('data', onData);
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	const url = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 60_000);
		const check = () => {
			const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
			if (match) {
				clearTimeout(timer);
				resolve(match[1]);
			}
		};
		child.stdout?.on('data', check);
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`sandbox exited (${code}) before listening:\n${output}`));
		});
	});
	const group = (signal: NodeJS.Signals) => {
		try {
			if (child.pid) process.kill(-child.pid, signal);
		} catch {
			// already gone
		}
	};
	return {
		child,
		url,
		output: () => output,
		alive: () => child.exitCode === null && child.signalCode === null,
		async kill() {
			group('SIGKILL');
			await exited;
		},
		async stop() {
			if (child.exitCode !== null || child.signalCode !== null) return;
			group('SIGTERM');
			const timer = setTimeout(() => group('SIGKILL'), 5000);
			await exited;
			clearTimeout(timer);
		},
	};
}

// JSON answers of the sandbox are dynamic.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function api(
	url: string,
	method: string,
	route: string,
	body?: unknown,
	headers: Record<string, string> = {},
): Promise<{ status: number; json: Json }> {
	const response = await fetch(url + route, {
		method,
		headers: {
			accept: 'application/json',
			'Printio-Api-Subscription-Key': KEY,
			...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			...headers,
		},
		body: body !== undefined ? JSON.stringify(body) : undefined,
	});
	const text = await response.text();
	return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

export const ORDER_ADDRESS = {
	zip_code: '1500001',
	prefecture_name: '東京都',
	municipalities: '渋谷区',
	address1: '神宮前1-2-3',
	full_name: 'テスト 太郎',
	phone_number: '0300000001',
};

export function orderBody(ecOrderNo: string): Json {
	return {
		retailer_id: 1,
		ec_order_no: ecOrderNo,
		shipping_information: ORDER_ADDRESS,
		sender_information: { ...ORDER_ADDRESS, item_name: '衣類' },
		order_details: [{ original_item_code: 't0100001', color: 'ホワイト', size: 'M', quantity: 1 }],
	};
}
