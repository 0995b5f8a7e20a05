/** Bad input of every kind gets status 5 (or a 4xx), with a message naming the field; never a 5xx. */
import { endpoints } from '../../../api/schema/endpoints';
import type { Sandbox } from '../../../sandbox/server';
import {
	address,
	call,
	expectContract,
	get,
	orderByCode,
	orderWithImage,
	post,
	sender,
	start,
} from '../helpers';

let sb: Sandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(async () => {
	await sb.close();
});

const PREFIX = 'リクエストパラメータが不正です: ';

describe('order body rules', () => {
	const cases: Array<[string, Record<string, unknown>, string]> = [
		[
			'zip code',
			{ shipping_information: { ...address, zip_code: '150-0001' } },
			'shipping_information.zip_code は7桁の数字で指定してください（ハイフンなし）。',
		],
		[
			'short phone',
			{ sender_information: { ...sender, phone_number: '012345678' } },
			'sender_information.phone_number は10桁から15桁の数字で指定してください（ハイフンなし）。',
		],
		[
			'long phone',
			{ shipping_information: { ...address, phone_number: '0123456789012345' } },
			'shipping_information.phone_number は10桁から15桁の数字で指定してください（ハイフンなし）。',
		],
		[
			'mail',
			{ shipping_information: { ...address, mail_address: 'a@b' } },
			'shipping_information.mail_address はメールアドレスの形式で指定してください。',
		],
		[
			'ec_order_no length',
			{ ec_order_no: 'x'.repeat(51) },
			'ec_order_no は50文字以内で指定してください。',
		],
		['ec_order_no empty', { ec_order_no: '' }, 'ec_order_no は空にできません。'],
		[
			'ec_order_date form',
			{ ec_order_date: '2026/11/21' },
			'ec_order_date は YYYY-MM-DD の形式で指定してください。',
		],
		[
			'missing sender item_name',
			{ sender_information: address },
			'sender_information.item_name は必須です。',
		],
		[
			'missing shipping block',
			{ shipping_information: undefined },
			'shipping_information は必須です。',
		],
		['retailer_id type', { retailer_id: '1' }, 'retailer_id は整数で指定してください。'],
		['retailer_id fraction', { retailer_id: 1.5 }, 'retailer_id は整数で指定してください。'],
		[
			'shipping_method',
			{ shipping_method: 3 },
			'shipping_method は次のいずれかで指定してください: 1, 2。',
		],
		[
			'novelty value',
			{ action_after_print: { novelty: { sticker: 'one' } } },
			'action_after_print.novelty.sticker は整数で指定してください。',
		],
		['no lines', { order_details: [] }, 'order_details は1件以上指定してください。'],
		['lines type', { order_details: {} }, 'order_details は配列で指定してください。'],
	];
	it.each(cases)('POST /order-by-code: %s', async (_name, override, message) => {
		const r = await post(sb, '/order-by-code', orderByCode(override));
		expect(r.status).toBe(200);
		expectContract('postOrderByCode', r.body);
		expect(r.body.response.status_code).toBe(5);
		expect(r.body.response.message).toBe(PREFIX + message);
		expect(r.body.response).not.toHaveProperty('order_no');
	});

	const lineCases: Array<[string, Record<string, unknown>, string]> = [
		['quantity 0', { quantity: 0 }, 'order_details[0].quantity は1以上の値で指定してください。'],
		['quantity string', { quantity: '2' }, 'order_details[0].quantity は整数で指定してください。'],
		[
			'ec_order_detail_no length',
			{ ec_order_detail_no: 'd'.repeat(51) },
			'order_details[0].ec_order_detail_no は50文字以内で指定してください。',
		],
		['missing colour', { color: undefined }, 'order_details[0].color は必須です。'],
	];
	it.each(lineCases)('order line: %s', async (_name, override, message) => {
		const line = {
			original_item_code: 't0100001',
			quantity: 1,
			color: 'ホワイト',
			size: 'M',
			...override,
		};
		const r = await post(sb, '/order-by-code', orderByCode({}, [line]));
		expect(r.body.response.status_code).toBe(5);
		expect(r.body.response.message).toBe(PREFIX + message);
	});

	it('POST /orders/order-with-image: positions, URL types, ec_order_date length', async () => {
		const line = orderWithImage().order_details[0] as Record<string, unknown>;
		const bad: Array<[Record<string, unknown>, unknown[] | undefined, string]> = [
			[
				{ ec_order_date: 'x'.repeat(51) },
				undefined,
				'ec_order_date は50文字以内で指定してください。',
			],
			[
				{},
				[
					{
						...line,
						image_urls: {
							values: [
								{ position: 'top', urls: [{ type: 'Output', url: 'https://e.example/a.png' }] },
							],
						},
					},
				],
				'order_details[0].image_urls.values[0].position は次のいずれかで指定してください: front, back, left, right。',
			],
			[
				{},
				[
					{
						...line,
						image_urls: {
							values: [
								{ position: 'front', urls: [{ type: 'Preview', url: 'https://e.example/a.png' }] },
							],
						},
					},
				],
				'order_details[0].image_urls.values[0].urls[0].type は次のいずれかで指定してください: Output, Thumbnail。',
			],
			[
				{},
				[{ ...line, ec_order_detail_no: undefined }],
				'order_details[0].ec_order_detail_no は必須です。',
			],
			[{}, [{ ...line, image_urls: undefined }], 'order_details[0].image_urls は必須です。'],
		];
		for (const [override, lines, message] of bad) {
			const r = await post(sb, '/orders/order-with-image', orderWithImage(override, lines));
			expectContract('postOrderWithImage', r.body);
			expect(r.body.response.status_code).toBe(5);
			expect(r.body.response.message).toBe(PREFIX + message);
		}
	});
});

describe('transport-level bad input', () => {
	it('malformed JSON is status 5 in the envelope with HTTP 400', async () => {
		const r = await call(sb, 'POST', '/order-by-code', {
			rawBody: '{"retailer_id": 1,',
			headers: { 'content-type': 'application/json' },
		});
		expect(r.status).toBe(400);
		expect(r.body.response.status_code).toBe(5);
		expect(r.body.response.message).toContain('JSON');
		expect(r.text).not.toMatch(/at .*\.ts:\d+/);
	});

	it('a wrong content type is status 5 with HTTP 415; text/plain is refused as not an object', async () => {
		const xml = await call(sb, 'POST', '/item-stocks', {
			rawBody: '<a/>',
			headers: { 'content-type': 'application/xml' },
		});
		expect(xml.status).toBe(415);
		expect(xml.body).toMatchObject({ item_stocks: [], status_code: 5 });
		const text = await call(sb, 'POST', '/item-stocks', {
			rawBody: '{"retailer_id":1}',
			headers: { 'content-type': 'text/plain' },
		});
		expect(text.status).toBe(200);
		expect(text.body.status_code).toBe(5);
		expect(text.body.message).toBe(
			`${PREFIX}リクエストボディは JSON オブジェクトで指定してください。`,
		);
	});

	it('a body above 1 MB is status 5 with HTTP 413', async () => {
		const huge = JSON.stringify(
			orderByCode({ ec_optional_information: 'x'.repeat(1024 * 1024 + 10) }),
		);
		const r = await call(sb, 'POST', '/order-by-code', {
			rawBody: huge,
			headers: { 'content-type': 'application/json' },
		});
		expect(r.status).toBe(413);
		expect(r.body.response.status_code).toBe(5);
		expect((await get(sb, '/orders?ec_order_no=EC-TEST-0001')).body.total).toBe(0);
	});

	it('missing, empty, null and array bodies are status 5', async () => {
		const none = await call(sb, 'POST', '/original-item', {});
		expect(none.body.response.status_code).toBe(5);
		expect(none.body.response.ec_original_item_code).toBeNull();
		const empty = await call(sb, 'POST', '/original-item', {
			rawBody: '',
			headers: { 'content-type': 'application/json' },
		});
		expect(empty.status).toBeLessThan(500);
		expect(empty.body.response.status_code).toBe(5);
		for (const raw of ['null', '[]', '"text"', '42']) {
			const r = await call(sb, 'POST', '/simulator-url', {
				rawBody: raw,
				headers: { 'content-type': 'application/json' },
			});
			expect(r.status).toBe(200);
			expect(r.body.response.status_code).toBe(5);
		}
	});

	it('repeated query parameters and unknown routes are refused without a 5xx', async () => {
		const rep = await get(sb, '/items?retailer_id=1&retailer_id=2');
		expect(rep.body.status_code).toBe(5);
		const unknown = await get(sb, '/nope');
		expect(unknown.status).toBe(404);
		const method = await call(sb, 'DELETE', '/items');
		expect(method.status).toBe(404);
	});

	it('no endpoint answers 5xx to garbage of any shape', async () => {
		const garbage: unknown[] = [
			{},
			{ retailer_id: 1 },
			{ retailer_id: -1 },
			{ retailer_id: 1e300 },
			{ retailer_id: 1, order_details: [null] },
			{ retailer_id: 1, order_details: [{}], shipping_information: 'x', sender_information: [] },
			{ retailer_id: 1, item_code: ['OGB-910'], image_urls: [{}] },
			{ retailer_id: 1, item_stock_codes: [1, 2] },
			{ retailer_id: 1, previous_url: 5, next_url: null },
			{ ['__proto__']: { polluted: true }, retailer_id: 1 },
		];
		const queries = [
			'',
			'?retailer_id=x',
			'?retailer_id=1&limit=-1',
			'?retailer_id=1&page=99999999999',
			'?date_time_from=x',
			'?order_no=',
			'?status_id=1.5&date_time_from=2026-01-01%2000:00:00',
			'?%ZZ=1',
		];
		for (const e of endpoints) {
			if (e.method === 'POST') {
				for (const body of garbage) {
					const r = await post(sb, e.path, body);
					expect([e.path, r.status < 500]).toEqual([e.path, true]);
					const code = e.envelope === 'top' ? r.body.status_code : r.body.response.status_code;
					expect([e.path, code]).toEqual([e.path, expect.any(Number)]);
				}
			} else {
				for (const q of queries) {
					const r = await get(sb, e.path + q);
					expect([e.path + q, r.status < 500]).toEqual([e.path + q, true]);
				}
			}
		}
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
		// the server is still healthy
		expect((await get(sb, '/categories')).body.status_code).toBe(0);
	});
});

describe('unexpected errors', () => {
	it('become status 99 with a generic message, never a stack trace or a crash', async () => {
		const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
		const original = sb.store.placeOrder;
		sb.store.placeOrder = () => {
			throw new Error('boom in /secret/path/store.ts:42');
		};
		try {
			const r = await post(sb, '/order-by-code', orderByCode());
			expect(r.status).toBe(200);
			expectContract('postOrderByCode', r.body);
			expect(r.body.response).toMatchObject({ status_code: 99, ec_order_no: 'EC-TEST-0001' });
			expect(r.text).not.toContain('boom');
			expect(r.text).not.toContain('store.ts');
		} finally {
			sb.store.placeOrder = original;
			quiet.mockRestore();
		}
		expect(
			(await post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-AFTER-99' }))).body.response
				.status_code,
		).toBe(0);
	});
});
