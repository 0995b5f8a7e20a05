/** POST /original-item and the simulator flow (POST /simulator-url and the local simulator page). */
import type { Sandbox } from '../../../sandbox/server';
import { expectContract, get, KEY2, post, start } from '../helpers';

let sb: Sandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(async () => {
	await sb.close();
});

const create = (overrides: Record<string, unknown> = {}) => ({
	retailer_id: 1,
	item_code: 'PKB-110',
	ec_original_item_code: 'EC-NEW-0001',
	original_item_name: '新作パーカー',
	image_urls: [{ position: 'front', url: 'https://example.com/designs/new.PNG?v=2' }],
	params: { scale: 1 },
	...overrides,
});

describe('POST /original-item', () => {
	it('creates an original item that GET /original-items then lists', async () => {
		const r = await post(sb, '/original-item', create());
		expectContract('postOriginalItem', r.body);
		expect(r.body.response).toMatchObject({
			ec_original_item_code: 'EC-NEW-0001',
			status_code: 0,
			message: '成功しました。',
		});
		const code = r.body.response.original_item_code;
		expect(code).toMatch(/^t0[0-9]{6}$/);
		const listed = await get(sb, `/original-items?retailer_id=1&original_item_code=${code}`);
		expectContract('getOriginalItems', listed.body);
		expect(listed.body.original_items[0]).toMatchObject({
			original_item_code: code,
			ec_original_item_code: 'EC-NEW-0001',
			retailer_id: 1,
			item_code: 'PKB-110',
			category_id: '2',
			original_item_name: '新作パーカー',
			item_name: 'プルオーバーパーカー',
		});
		expect(listed.body.original_items[0].image_urls[0]).toEqual({
			color_name: 'ホワイト',
			mfr_color_name: 'White',
			url: 'https://example.com/designs/new.PNG?v=2',
		});
		// the new item can be ordered right away
		const ordered = await post(sb, '/order-by-code', {
			retailer_id: 1,
			ec_order_no: 'EC-NEW-ORDER',
			shipping_information: {
				zip_code: '1000001',
				prefecture_name: '東京都',
				municipalities: '千代田区',
				address1: '1-1',
				full_name: 'A',
				phone_number: '0312345678',
			},
			sender_information: {
				zip_code: '1000001',
				prefecture_name: '東京都',
				municipalities: '千代田区',
				address1: '1-1',
				full_name: 'B',
				phone_number: '0312345678',
				item_name: '衣類',
			},
			order_details: [
				{ ec_original_item_code: 'EC-NEW-0001', quantity: 1, color: 'ネイビー', size: 'L' },
			],
		});
		expect(ordered.body.response.status_code).toBe(0);
	});

	it('answers 15 for a reused ec_original_item_code of the same retailer, not of another', async () => {
		const dup = await post(sb, '/original-item', create({ ec_original_item_code: 'EC-TS-0001' }));
		expectContract('postOriginalItem', dup.body);
		expect(dup.body.response).toMatchObject({
			status_code: 15,
			ec_original_item_code: 'EC-TS-0001',
		});
		expect(dup.body.response).not.toHaveProperty('original_item_code');
		const theirs = await post(
			sb,
			'/original-item',
			create({ retailer_id: 2, ec_original_item_code: 'EC-TS-0001' }),
			{ key: KEY2 },
		);
		expect(theirs.body.response.status_code).toBe(0);
		const twice = await post(sb, '/original-item', create());
		expect(twice.body.response.status_code).toBe(0);
		expect((await post(sb, '/original-item', create())).body.response.status_code).toBe(15);
		// without an ec code there is nothing to collide with
		const noEc = create();
		delete (noEc as Record<string, unknown>).ec_original_item_code;
		for (let i = 0; i < 2; i++) {
			const r = await post(sb, '/original-item', noEc);
			expect(r.body.response).toMatchObject({ status_code: 0, ec_original_item_code: null });
		}
	});

	it('answers 1 for an unknown item, 11 for another retailer, 5 for the spec rules', async () => {
		expect(
			(await post(sb, '/original-item', create({ item_code: 'NOPE-1' }))).body.response.status_code,
		).toBe(1);
		expect(
			(await post(sb, '/original-item', create({ retailer_id: 2 }))).body.response.status_code,
		).toBe(11);
		const cases: Array<[Record<string, unknown>, string]> = [
			[
				{ ec_original_item_code: 'x'.repeat(51) },
				'ec_original_item_code は50文字以内で指定してください。',
			],
			[
				{ original_item_name: 'x'.repeat(256) },
				'original_item_name は255文字以内で指定してください。',
			],
			[
				{ image_urls: [{ position: 'front', url: 'https://example.com/a.gif' }] },
				'image_urls[0].url は png、jpg、pdf いずれかの形式の画像URLで指定してください。',
			],
			[
				{ image_urls: [{ position: 'back', url: 'https://example.com/a.png' }] },
				'image_urls[0].position は "front" で指定してください。',
			],
			[{ image_urls: [] }, 'image_urls は1件以上指定してください。'],
			[{ retailer_id: 0 }, 'retailer_id は1以上の値で指定してください。'],
			[{ item_code: undefined }, 'item_code は必須です。'],
		];
		for (const [override, message] of cases) {
			const r = await post(sb, '/original-item', create(override));
			expect(r.body.response.status_code).toBe(5);
			expect(r.body.response.message).toBe(`リクエストパラメータが不正です: ${message}`);
		}
		// 255 characters and png/jpg/jpeg/pdf are fine
		for (const url of [
			'https://example.com/a.jpg',
			'http://example.com/b.jpeg',
			'https://example.com/c.pdf',
		]) {
			const ok = await post(
				sb,
				'/original-item',
				create({
					ec_original_item_code: undefined,
					original_item_name: 'y'.repeat(255),
					image_urls: [{ position: 'front', url }],
				}),
			);
			expect(ok.body.response.status_code).toBe(0);
		}
	});
});

describe('simulator', () => {
	it('POST /simulator-url gives a local page; design complete creates an original item and goes to next_url', async () => {
		const r = await post(sb, '/simulator-url', {
			retailer_id: 1,
			item_code: 'OGB-910',
			previous_url: 'https://shop.example.com/back',
			next_url: 'https://shop.example.com/done?step=2',
		});
		expectContract('postSimulatorUrl', r.body);
		expect(r.body.response.status_code).toBe(0);
		const url: string = r.body.response.simulator_url;
		expect(url.startsWith(`${sb.url}/_sandbox/simulator/`)).toBe(true);

		const page = await fetch(url);
		expect(page.status).toBe(200);
		const html = await page.text();
		expect(html).toContain('ベーシックTシャツ');
		expect(html).toContain('href="https://shop.example.com/back"');
		const action = /action="([^"]+)"/.exec(html)![1];

		const before = (await get(sb, '/original-items?retailer_id=1')).body.total;
		const done = await fetch(sb.url + action, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'original_item_name=%E3%83%86%E3%82%B9%E3%83%88&image_url=https%3A%2F%2Fexample.com%2Fd.png',
			redirect: 'manual',
		});
		expect(done.status).toBe(303);
		const location = new URL(done.headers.get('location')!);
		expect(location.origin + location.pathname).toBe('https://shop.example.com/done');
		expect(location.searchParams.get('step')).toBe('2');
		const code = location.searchParams.get('original_item_code')!;
		expect(location.searchParams.get('item_code')).toBe('OGB-910');
		const listed = await get(sb, `/original-items?retailer_id=1&original_item_code=${code}`);
		expect(listed.body.original_items[0]).toMatchObject({
			original_item_name: 'テスト',
			item_code: 'OGB-910',
			ec_original_item_code: null,
		});
		expect((await get(sb, '/original-items?retailer_id=1')).body.total).toBe(before + 1);

		// pressing the button again does not create a second item
		const again = await fetch(sb.url + action, { method: 'POST', redirect: 'manual' });
		expect(new URL(again.headers.get('location')!).searchParams.get('original_item_code')).toBe(
			code,
		);
		expect((await get(sb, '/original-items?retailer_id=1')).body.total).toBe(before + 1);
		expect((await fetch(`${sb.url}/_sandbox/simulator/unknown`)).status).toBe(404);
	});

	it('answers 5 without item_code/item_id or with a bad URL, 1 for an unknown item, 11 for another retailer', async () => {
		const base = {
			retailer_id: 1,
			previous_url: 'https://a.example/',
			next_url: 'https://b.example/',
		};
		const none = await post(sb, '/simulator-url', base);
		expectContract('postSimulatorUrl', none.body);
		expect(none.body.response).toMatchObject({ status_code: 5 });
		expect(none.body.response).not.toHaveProperty('simulator_url');
		expect(
			(await post(sb, '/simulator-url', { ...base, item_code: 'OGB-910', next_url: 'not a url' }))
				.body.response.status_code,
		).toBe(5);
		expect(
			(await post(sb, '/simulator-url', { ...base, item_code: 'NOPE-1' })).body.response
				.status_code,
		).toBe(1);
		expect(
			(await post(sb, '/simulator-url', { ...base, item_id: 3 })).body.response.status_code,
		).toBe(0);
		expect(
			(await post(sb, '/simulator-url', { ...base, item_code: 'OGB-910', retailer_id: 2 })).body
				.response.status_code,
		).toBe(11);
	});
});
