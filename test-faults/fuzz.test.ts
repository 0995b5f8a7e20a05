/**
 * 10,000 fuzzed requests at the sandbox (`npm run sandbox`, a child process, error statuses mapped so that a
 * crash inside a handler shows as a 5xx instead of hiding in a status_code 99 body): wrong types, huge strings,
 * deep nesting, invalid UTF-8, bad JSON, odd content types, broken query strings. No answer may be a 5xx or a
 * system error, no handler may fail unexpectedly, and the process stays up.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';

import { endpoints } from '../api/schema/endpoints';
import { KEY, prng, spawnSandbox, type SandboxProcess } from './helpers';

const REQUESTS = 10_000;
const SEED = 90210;

let sandbox: SandboxProcess;
before(async () => {
	sandbox = await spawnSandbox(['--db', ':memory:', '--error-http-status', 'mapped']);
});
after(async () => {
	await sandbox?.stop();
});

type Random = () => number;

function generators(random: Random) {
	const int = (n: number) => Math.floor(random() * n);
	const pick = <T>(list: readonly T[]): T => list[int(list.length)];
	const FIELD_NAMES = [
		'retailer_id',
		'ec_order_no',
		'order_details',
		'shipping_information',
		'sender_information',
		'item_code',
		'original_item_code',
		'ec_original_item_code',
		'color',
		'size',
		'quantity',
		'image_url',
		'image_urls',
		'zip_code',
		'prefecture_name',
		'municipalities',
		'address1',
		'address2',
		'full_name',
		'phone_number',
		'mail_address',
		'item_name',
		'shipping_method',
		'action_after_print',
		'novelty',
		'ec_order_date',
		'ec_optional_information',
		'team_id',
		'user_id',
		'back_url',
		'design_complete_url',
		'item_stock_codes',
		'category_id',
		'limit',
		'page',
		'date_time_from',
		'date_time_to',
		'order_no',
		'status_id',
		'__proto__',
		'constructor',
		'prototype',
		'values',
		'position',
		'urls',
		'type',
		'url',
	];
	const strings = [
		'',
		' ',
		'a',
		't0100001',
		'ホワイト',
		'M',
		'2026-11-21',
		'2026-11-21 10:00:00',
		'2026-02-30 25:61:61',
		'9999-99-99 99:99:99',
		'1500001',
		'１２３－４５６７',
		'東京都',
		'null',
		'undefined',
		'NaN',
		'-1',
		'1e309',
		'0x10',
		'<script>alert(1)</script>',
		"'; DROP TABLE orders; --",
		'\u0000',
		'\ud800',
		'\uffff',
		'𠮷野家',
		'%00',
		'../../etc/passwd',
		'https://example.com/a.png',
		'ftp://x',
		'data:image/png;base64,AAAA',
	];
	const scalar = (): unknown => {
		switch (int(12)) {
			case 0:
				return null;
			case 1:
				return random() < 0.5;
			case 2:
				return int(2 ** 31) * (random() < 0.5 ? -1 : 1);
			case 3:
				return pick([0, -0, 1, -1, 1.5, 2 ** 53, -(2 ** 53), 1e308, Number.MIN_VALUE]);
			case 4:
				return 'x'.repeat(pick([33, 51, 256, 1000, 70_000]));
			case 5:
				return 'あ'.repeat(pick([17, 33, 1000]));
			case 6:
				return String.fromCharCode(...Array.from({ length: 1 + int(40) }, () => int(0x10000)));
			default:
				return pick(strings);
		}
	};
	const value = (depth: number): unknown => {
		const r = random();
		if (depth > 4 || r < 0.5) return scalar();
		if (r < 0.75) return Array.from({ length: int(5) }, () => value(depth + 1));
		return object(depth + 1);
	};
	const object = (depth: number): Record<string, unknown> => {
		const o: Record<string, unknown> = {};
		for (let i = int(8); i > 0; i--)
			o[random() < 0.9 ? pick(FIELD_NAMES) : String(scalar())] = value(depth);
		return o;
	};
	const nested = (depth: number, open: string, close: string) =>
		open.repeat(depth) + close.repeat(depth);
	/** Body bytes and a content type. */
	const body = (): { bytes: Buffer | undefined; type: string | undefined } => {
		const json = (v: unknown) => ({
			bytes: Buffer.from(JSON.stringify(v)),
			type: 'application/json',
		});
		switch (int(14)) {
			case 0:
				return { bytes: undefined, type: undefined };
			case 1:
				return { bytes: Buffer.alloc(0), type: 'application/json' };
			case 2:
				return {
					bytes: Buffer.from(
						pick([
							'{',
							'{"a":',
							'[1,2',
							'{"a":1,}',
							'nul',
							"{'a':1}",
							'{"a":1}{"b":2}',
							'\u0000',
							'{"a":"\\x"}',
						]),
					),
					type: 'application/json',
				};
			case 3:
				return {
					bytes: Buffer.from(nested(pick([100, 1000, 10_000, 100_000]), '[', ']')),
					type: 'application/json',
				};
			case 4:
				return {
					bytes: Buffer.from(nested(pick([100, 5000, 50_000]), '{"a":', '}').replace(/}$/, '1}')),
					type: 'application/json',
				};
			case 5: {
				// Invalid UTF-8 inside a JSON string and outside of it.
				const bad = Buffer.from([
					0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1, 0xf0, 0x28, 0x8c, 0xbc, 0xff, 0xfe,
				]);
				return {
					bytes: Buffer.concat([
						Buffer.from('{"ec_order_no":"'),
						bad,
						Buffer.from('","retailer_id":1}'),
					]),
					type: 'application/json',
				};
			}
			case 6:
				return {
					bytes: Buffer.from(
						JSON.stringify({ ec_order_no: 'x'.repeat(pick([2_000_000, 600_000])) }),
					),
					type: 'application/json',
				};
			case 7:
				return {
					bytes: Buffer.from('ec_order_no=1&retailer_id=1'),
					type: pick([
						'application/x-www-form-urlencoded',
						'text/plain',
						'multipart/form-data; boundary=x',
						'application/xml',
					]),
				};
			case 8:
				return {
					bytes: Buffer.from(JSON.stringify(object(0))),
					type: pick([
						'application/json; charset=utf-16',
						'application/json; charset=latin1',
						'APPLICATION/JSON',
						'application/vnd.api+json',
					]),
				};
			case 9:
				return json(pick([[], 1, 'text', null, true, [object(0)]]));
			default:
				return json(object(0));
		}
	};
	// encodeURIComponent throws on a lone surrogate: fall back to the UTF-8 bytes Node would send.
	const enc = (text: string) => {
		try {
			return encodeURIComponent(text);
		} catch {
			return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
		}
	};
	const query = (): string => {
		const parts: string[] = [];
		for (let i = int(6); i > 0; i--) {
			const key =
				random() < 0.85
					? pick(FIELD_NAMES)
					: pick(['', '%', '%ZZ', 'a[b]', 'a[]', '__proto__[x]', '%00']);
			const r = random();
			let v: string;
			if (r < 0.15) v = pick(['%', '%E3%81', '%ZZ', '%C3%28', '%FF%FE', '%00', '%u0041']);
			else if (r < 0.25) v = 'x'.repeat(pick([100, 5000, 30_000]));
			else if (r < 0.35) v = `${enc(String(scalar()))}&${key}=${enc(String(scalar()))}`;
			else v = enc(String(scalar()));
			parts.push(random() < 0.05 ? key : `${key}=${v}`);
		}
		return parts.join('&');
	};
	return { int, pick, body, query };
}

interface Outcome {
	status: number;
	text: string;
}

// A connection of its own per request (no agent): a server that closes a connection after its 413/431 (as it
// should) must not make another request that reused that socket fail on the client side.
function send(
	base: URL,
	method: string,
	pathAndQuery: string,
	headers: Record<string, string>,
	bytes: Buffer | undefined,
): Promise<Outcome> {
	return new Promise((resolve, reject) => {
		const req = request(
			{
				host: base.hostname,
				port: base.port,
				method,
				path: pathAndQuery,
				headers: { ...headers, ...(bytes ? { 'content-length': String(bytes.length) } : {}) },
				agent: false,
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (c: Buffer) => chunks.push(c));
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						text: Buffer.concat(chunks).toString('utf8').slice(0, 500),
					}),
				);
				res.on('error', reject);
			},
		);
		req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
		req.on('error', reject);
		if (bytes) req.write(bytes);
		req.end();
	});
}

test(
	'10,000 fuzzed bodies and query strings: no 5xx, no crash, the process stays up',
	{ timeout: 300_000 },
	async () => {
		const random = prng(SEED);
		const g = generators(random);
		const base = new URL(sandbox.url);
		const routes = [
			...endpoints.map((e) => ({ method: e.method as string, path: e.path as string })),
			{ method: 'GET', path: '/nope' },
			{ method: 'DELETE', path: '/orders' },
			{ method: 'PUT', path: '/order-by-code' },
		];
		const statuses = new Map<number, number>();
		const serverErrors: string[] = [];
		const networkErrors: string[] = [];
		let next = 0;
		const worker = async () => {
			while (next < REQUESTS) {
				const n = next++;
				const route = g.pick(routes);
				const withBody = route.method !== 'GET' || random() < 0.05;
				const { bytes, type } = withBody ? g.body() : { bytes: undefined, type: undefined };
				const headers: Record<string, string> = {
					accept: g.pick(['application/json', '*/*', 'text/html']),
				};
				if (random() < 0.95)
					headers['Printio-Api-Subscription-Key'] =
						random() < 0.97 ? KEY : g.pick(['wrong', 'sandbox-key-retailer-2', '']);
				if (random() < 0.1)
					headers['X-Feature-Flags'] = g.pick([
						'MultiItemOrder',
						'multiitemorder, other',
						',,,',
						'x'.repeat(2000),
					]);
				if (type) headers['content-type'] = type;
				const q = random() < 0.85 ? g.query() : '';
				try {
					const outcome = await send(
						base,
						route.method,
						`${route.path}${q ? `?${q}` : ''}`,
						headers,
						bytes,
					);
					statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
					// Mapped mode: an unexpected handler failure (status_code 99) answers HTTP 500.
					if (outcome.status >= 500 || /"status_code":99/.test(outcome.text)) {
						serverErrors.push(
							`#${n} ${route.method} ${route.path} → ${outcome.status} ${outcome.text.slice(0, 200)}`,
						);
					}
				} catch (error) {
					// Answered before its body is read: a GET (fastify never reads a GET's body), no valid key (401) or not JSON (415).
					const early =
						route.method === 'GET' ||
						headers['Printio-Api-Subscription-Key'] !== KEY ||
						!/^application\/json/i.test(type ?? '');
					networkErrors.push(
						`#${n} ${route.method} ${route.path} (${bytes?.length ?? 0} body bytes, ${q.length + JSON.stringify(headers).length} head bytes${early ? ', refused before the body' : ''}): ${(error as Error).message}`,
					);
				}
			}
		};
		await Promise.all(Array.from({ length: 8 }, worker));

		const total = [...statuses.values()].reduce((a, b) => a + b, 0) + networkErrors.length;
		process.stdout.write(
			`# fuzz: ${total} requests (seed ${SEED}), statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, network errors ${networkErrors.length}\n`,
		);
		assert.equal(total, REQUESTS);
		assert.deepEqual(
			serverErrors.slice(0, 20),
			[],
			`${serverErrors.length} answers were 5xx or system errors`,
		);
		// A connection may be cut only where the server answers before reading everything and closes (as it should)
		// while the client still writes: a body past the 1 MB limit (413), a head past Node's 16 KiB header limit
		// (431), or a large body (64 KiB and more) of a request answered before its body is read (GET, 401, 415).
		const unexpectedNetwork = networkErrors.filter((line) => {
			const m = /\((\d+) body bytes, (\d+) head bytes(, refused before the body)?\)/.exec(line);
			if (!m) return true;
			const [bodyBytes, headBytes, refusedEarly] = [Number(m[1]), Number(m[2]), Boolean(m[3])];
			return bodyBytes < 1_000_000 && headBytes < 16_384 && !(refusedEarly && bodyBytes >= 65_536);
		});
		assert.deepEqual(
			unexpectedNetwork.slice(0, 20),
			[],
			`${unexpectedNetwork.length} requests failed at the network level`,
		);
		assert.ok(sandbox.alive(), 'the sandbox process died');
		assert.doesNotMatch(sandbox.output(), /unexpected error|lifecycle tick failed/);
		const health = await fetch(`${sandbox.url}/items?retailer_id=1&limit=1`, {
			headers: { 'Printio-Api-Subscription-Key': KEY },
		});
		assert.equal(health.status, 200);
		assert.equal(((await health.json()) as { status_code: number }).status_code, 0);
	},
);
