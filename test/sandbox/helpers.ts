/** Shared helpers of the sandbox tests: an in-process sandbox and small HTTP wrappers (fetch). */
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { endpointById, type EndpointId } from '../../api/schema/endpoints';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';

export const KEY1 = 'sandbox-key-retailer-1';
export const KEY2 = 'sandbox-key-retailer-2';

/**
 * An in-memory sandbox on a free port (about 30 ms). Every test starts its own in `beforeEach` and closes it
 * in `afterEach`, so no case sees another case's orders, faults, clock, retailer flags or request log.
 */
export async function start(options: SandboxOptions = {}): Promise<Sandbox> {
	return startSandbox({ port: 0, db: ':memory:', stepSeconds: 0, ...options });
}

// Response bodies are dynamic JSON; tests index into them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Res<T = Json> {
	status: number;
	headers: Headers;
	body: T;
	text: string;
}

export async function call<T = Json>(
	sb: { url: string },
	method: string,
	path: string,
	options: {
		key?: string | null;
		body?: unknown;
		rawBody?: string;
		headers?: Record<string, string>;
	} = {},
): Promise<Res<T>> {
	const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
	const key = options.key === undefined ? KEY1 : options.key;
	if (key !== null) headers['Printio-Api-Subscription-Key'] = key;
	let body: string | undefined;
	if (options.rawBody !== undefined) body = options.rawBody;
	else if (options.body !== undefined) {
		body = JSON.stringify(options.body);
		headers['content-type'] ??= 'application/json';
	}
	const res = await fetch(sb.url + path, { method, headers, body, redirect: 'manual' });
	const text = await res.text();
	let parsed: unknown = undefined;
	try {
		parsed = JSON.parse(text);
	} catch {
		parsed = undefined;
	}
	return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export const get = <T = Json>(
	sb: { url: string },
	path: string,
	options: Parameters<typeof call>[3] = {},
) => call<T>(sb, 'GET', path, options);
export const post = <T = Json>(
	sb: { url: string },
	path: string,
	body: unknown,
	options: Parameters<typeof call>[3] = {},
) => call<T>(sb, 'POST', path, { ...options, body });
/** Control API call (no key). */
export const control = <T = Json>(
	sb: { url: string },
	method: string,
	path: string,
	body?: unknown,
) => call<T>(sb, method, path, { key: null, body });

const checks = new Map<EndpointId, ReturnType<typeof TypeCompiler.Compile>>();

/** Asserts that a response body matches the contract's response schema of the endpoint. */
export function expectContract(id: EndpointId, body: unknown): void {
	let check = checks.get(id);
	if (!check) checks.set(id, (check = TypeCompiler.Compile(endpointById[id].response)));
	if (!check.Check(body)) {
		const errors = [...check.Errors(body)].slice(0, 5).map((e) => `${e.path}: ${e.message}`);
		throw new Error(`response of ${id} does not match the contract:\n${errors.join('\n')}`);
	}
}

export const address = {
	zip_code: '1500001',
	prefecture_name: '東京都',
	municipalities: '渋谷区神宮前',
	address1: '1-2-3',
	full_name: '山田 太郎',
	phone_number: '0300000001',
	mail_address: 'taro@example.com',
};

export const sender = { ...address, full_name: 'サンプルショップ', item_name: '衣類' };

export function orderByCode(overrides: Record<string, unknown> = {}, lines?: unknown[]) {
	return {
		retailer_id: 1,
		ec_order_no: 'EC-TEST-0001',
		ec_order_date: '2026-11-21',
		shipping_information: address,
		sender_information: sender,
		order_details: lines ?? [
			{
				original_item_code: 't0100001',
				quantity: 1,
				color: 'ホワイト',
				size: 'M',
				ec_order_detail_no: '1',
			},
		],
		...overrides,
	};
}

export function orderWithImage(overrides: Record<string, unknown> = {}, lines?: unknown[]) {
	return {
		retailer_id: 1,
		ec_order_no: 'EC-IMG-0001',
		ec_order_date: '2026-11-21',
		shipping_information: address,
		sender_information: sender,
		order_details: lines ?? [
			{
				ec_order_detail_no: '',
				item_code: 'OGB-910',
				quantity: 2,
				color: 'ブラック',
				size: 'L',
				image_urls: {
					values: [
						{
							position: 'front',
							urls: [
								{ type: 'Output', url: 'https://example.com/design/front.png' },
								{ type: 'Thumbnail', url: 'https://example.com/design/front-thumb.png' },
							],
						},
					],
				},
			},
		],
		...overrides,
	};
}
