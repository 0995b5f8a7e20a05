/** Catalog reads: GET /items, GET /categories, POST /item-stocks, GET /original-items, GET /users/user. */
import type { Sandbox } from '../../../sandbox/server';
import { catalog } from '../../../sandbox/catalog';
import { control, expectContract, get, KEY2, post, start } from '../helpers';

let sb: Sandbox;
beforeEach(async () => {
	sb = await start();
});
afterEach(async () => {
	await sb.close();
});

describe('GET /items', () => {
	it('lists the catalog with paging, total and the success message', async () => {
		const r = await get(sb, '/items?retailer_id=1');
		expect(r.status).toBe(200);
		expectContract('getItems', r.body);
		expect(r.body.status_code).toBe(0);
		expect(r.body.message).toBe('成功しました。');
		expect(r.body.total).toBe(catalog.length);
		expect(r.body.total).toBeGreaterThanOrEqual(10);
		expect(r.body.list_item_data).toHaveLength(Math.min(25, catalog.length));
		const tee = r.body.list_item_data.find((i: { code: string }) => i.code === 'OGB-910');
		expect(tee.colors.values[0]).toEqual({
			name: 'ホワイト',
			mfr_color_name: 'White',
			hex: '#FFFFFF',
		});
		expect(tee.sizes.values.find((s: { name: string }) => s.name === 'XL').additional_price).toBe(
			'200',
		);
		expect(tee.printable_sides).toEqual(['front', 'back']);
		expect(tee.simulator_type.image_size.values[0]).toMatchObject({
			value: 'width',
			mm_size: '280',
		});
	});

	it('pages: limit 1, limit 30, the last page and a page past the end', async () => {
		const one = await get(sb, '/items?retailer_id=1&limit=1&page=2');
		expect(one.body.list_item_data).toHaveLength(1);
		expect(one.body.list_item_data[0].code).toBe(catalog[1].item.code);
		expect(one.body.total).toBe(catalog.length);

		const thirty = await get(sb, '/items?retailer_id=1&limit=30');
		expect(thirty.body.list_item_data).toHaveLength(catalog.length);

		const last = await get(
			sb,
			`/items?retailer_id=1&limit=5&page=${Math.ceil(catalog.length / 5)}`,
		);
		expect(last.body.status_code).toBe(0);
		expect(last.body.list_item_data).toHaveLength(catalog.length % 5 || 5);

		const past = await get(
			sb,
			`/items?retailer_id=1&limit=5&page=${Math.ceil(catalog.length / 5) + 1}`,
		);
		expectContract('getItems', past.body);
		expect(past.body).toMatchObject({ list_item_data: [], total: catalog.length, status_code: 1 });
	});

	it('filters by category and item code; no match is status 1', async () => {
		const cat = await get(sb, '/items?retailer_id=1&category_id=2');
		expect(cat.body.list_item_data.length).toBeGreaterThan(0);
		expect(cat.body.list_item_data.every((i: { category_id: number }) => i.category_id === 2)).toBe(
			true,
		);
		const code = await get(sb, '/items?retailer_id=1&item_code=MUG-410');
		expect(code.body.list_item_data.map((i: { code: string }) => i.code)).toEqual(['MUG-410']);
		const none = await get(sb, '/items?retailer_id=1&item_code=NOPE-000');
		expect(none.body).toMatchObject({ list_item_data: [], total: 0, status_code: 1 });
	});

	it('refuses limits outside 1..30, page 0 and a missing retailer_id with status 5', async () => {
		for (const q of ['limit=0', 'limit=31', 'page=0', 'limit=abc', 'limit=1.5']) {
			const r = await get(sb, `/items?retailer_id=1&${q}`);
			expect(r.status).toBe(200);
			expect(r.body.status_code).toBe(5);
			expectContract('getItems', r.body);
		}
		const limit = await get(sb, '/items?retailer_id=1&limit=31');
		expect(limit.body.message).toContain('limit');
		const missing = await get(sb, '/items');
		expect(missing.body.status_code).toBe(5);
		expect(missing.body.message).toBe('リクエストパラメータが不正です: retailer_id は必須です。');
	});

	it("answers status 11 for another retailer's id", async () => {
		const r = await get(sb, '/items?retailer_id=2');
		expect(r.body).toMatchObject({ list_item_data: [], total: 0, status_code: 11 });
		const unknown = await get(sb, '/items?retailer_id=999');
		expect(unknown.body.status_code).toBe(11);
	});
});

describe('GET /categories', () => {
	it('lists the categories with ids and names', async () => {
		const r = await get(sb, '/categories');
		expectContract('getCategories', r.body);
		expect(r.body.status_code).toBe(0);
		expect(r.body.categories.length).toBeGreaterThanOrEqual(5);
		expect(r.body.categories[0]).toEqual({ category_id: 1, category_name: 'Tシャツ' });
	});
});

describe('POST /item-stocks', () => {
	it('returns limited, unlimited and not orderable entries', async () => {
		const r = await post(sb, '/item-stocks', { retailer_id: 1, item_code: 'OGB-910' });
		expectContract('postItemStocks', r.body);
		expect(r.body.status_code).toBe(0);
		const byCode = new Map(
			r.body.item_stocks.map((s: { item_stock_code: string }) => [s.item_stock_code, s]),
		);
		expect(byCode.get('OGB-910-NV-XXL')).toEqual({
			category_id: 1,
			item_stock_code: 'OGB-910-NV-XXL',
			color_name: 'ネイビー',
			size: 'XXL',
			is_orderable: true,
			stock_quantity: 3,
		});
		expect(byCode.get('OGB-910-WH-M')).toMatchObject({ stock_quantity: null, is_orderable: true });
		const phone = await post(sb, '/item-stocks', {
			retailer_id: 1,
			item_stock_codes: ['PHC-510-CL-IPHONE14', 'PHC-510-CL-IPHONE16'],
		});
		expect(phone.body.item_stocks).toHaveLength(2);
		expect(phone.body.item_stocks[0]).toMatchObject({ size: 'iPhone 16', is_orderable: true });
		expect(phone.body.item_stocks[1]).toMatchObject({ size: 'iPhone 14', is_orderable: false });
	});

	it('filters by category; no match is status 1; bad input is 5; other retailer 11', async () => {
		const cat = await post(sb, '/item-stocks', { retailer_id: 1, category_id: 6 });
		expect(cat.body.item_stocks.every((s: { category_id: number }) => s.category_id === 6)).toBe(
			true,
		);
		const none = await post(sb, '/item-stocks', { retailer_id: 1, item_stock_codes: ['NOPE'] });
		expect(none.body).toMatchObject({ item_stocks: [], status_code: 1 });
		const bad = await post(sb, '/item-stocks', {
			retailer_id: 1,
			item_stock_codes: 'OGB-910-WH-M',
		});
		expect(bad.body.status_code).toBe(5);
		expect(bad.body.message).toContain('item_stock_codes は配列で指定してください');
		const other = await post(sb, '/item-stocks', { retailer_id: 2 });
		expect(other.body.status_code).toBe(11);
	});
});

describe('GET /original-items', () => {
	it("lists only the key's retailer's original items, without a message on success", async () => {
		const r = await get(sb, '/original-items?retailer_id=1');
		expectContract('getOriginalItems', r.body);
		expect(r.body.status_code).toBe(0);
		expect(r.body).not.toHaveProperty('message');
		expect(r.body.original_items.every((i: { retailer_id: number }) => i.retailer_id === 1)).toBe(
			true,
		);
		const first = r.body.original_items[0];
		expect(first).toMatchObject({
			original_item_code: 't0100001',
			item_code: 'OGB-910',
			category_id: '1',
			category_name: 'Tシャツ',
		});
		expect(first.default_color).toEqual({ hex: '#FFFFFF', name: 'ホワイト' });
		const r2 = await get(sb, '/original-items?retailer_id=2', { key: KEY2 });
		expect(
			r2.body.original_items.map((i: { original_item_code: string }) => i.original_item_code),
		).toEqual(['t0100006']);
	});

	it('filters, sorts by name and pages', async () => {
		const byEc = await get(sb, '/original-items?retailer_id=1&ec_original_item_code=EC-HD-0001');
		expect(
			byEc.body.original_items.map((i: { original_item_code: string }) => i.original_item_code),
		).toEqual(['t0100002']);
		const byCat = await get(sb, '/original-items?retailer_id=1&category_id=3');
		expect(byCat.body.total).toBe(2);
		const byItem = await get(sb, '/original-items?retailer_id=1&item_code=MUG-410');
		expect(byItem.body.original_items[0].ec_original_item_code).toBeNull();
		const sorted = await get(sb, '/original-items?retailer_id=1&sort_value=original_item_name');
		const names = sorted.body.original_items.map(
			(i: { original_item_name: string }) => i.original_item_name,
		);
		expect(names).toEqual([...names].sort());
		const paged = await get(sb, '/original-items?retailer_id=1&limit=2&page=3');
		expect(paged.body.original_items).toHaveLength(1);
		expect(paged.body.total).toBe(5);
		const past = await get(sb, '/original-items?retailer_id=1&limit=2&page=4');
		expect(past.body).toMatchObject({ original_items: [], total: 5, status_code: 1 });
		const badSort = await get(sb, '/original-items?retailer_id=1&sort_value=price');
		expect(badSort.body.status_code).toBe(5);
		expect(badSort.body.message).toContain(
			'sort_value は次のいずれかで指定してください: original_item_name, created_at',
		);
		const other = await get(sb, '/original-items?retailer_id=2');
		expect(other.body).toMatchObject({ original_items: [], status_code: 11 });
		const theirs = await get(sb, '/original-items?retailer_id=1&original_item_code=t0100006');
		expect(theirs.body).toMatchObject({ original_items: [], total: 0, status_code: 1 });
	});
});

describe('GET /users/user', () => {
	it('finds a user by the MailAddress header, inside the response wrapper', async () => {
		const r = await get(sb, '/users/user?retailer_id=1', {
			headers: { MailAddress: 'taro.yamada@example.com' },
		});
		expectContract('getUser', r.body);
		expect(r.body.response).toMatchObject({
			is_user_exists: true,
			user_info: { user_id: 101, team_id: 11 },
			status_code: 0,
		});
		const none = await get(sb, '/users/user?retailer_id=1', {
			headers: { MailAddress: 'nobody@example.com' },
		});
		expect(none.body.response).toMatchObject({
			is_user_exists: false,
			user_info: null,
			status_code: 0,
		});
		// retailer 2's user is not visible to retailer 1
		const other = await get(sb, '/users/user?retailer_id=1', {
			headers: { MailAddress: 'ichiro.suzuki@example.net' },
		});
		expect(other.body.response.is_user_exists).toBe(false);
	});

	it('needs a valid MailAddress header (5) and the own retailer (11)', async () => {
		const missing = await get(sb, '/users/user?retailer_id=1');
		expectContract('getUser', missing.body);
		expect(missing.body.response).toMatchObject({ status_code: 5, is_user_exists: false });
		expect(missing.body.response.message).toContain('MailAddress');
		const bad = await get(sb, '/users/user?retailer_id=1', {
			headers: { MailAddress: 'not-a-mail' },
		});
		expect(bad.body.response.status_code).toBe(5);
		const other = await get(sb, '/users/user?retailer_id=2', {
			headers: { MailAddress: 'taro.yamada@example.com' },
		});
		expect(other.body.response.status_code).toBe(11);
		expect(other.body).not.toHaveProperty('status_code');
	});
});

describe('authentication', () => {
	it('refuses a missing or unknown key with HTTP 401 before any work', async () => {
		const none = await get(sb, '/items?retailer_id=1', { key: null });
		expect(none.status).toBe(401);
		expect(none.body).toEqual({
			statusCode: 401,
			message: 'Access denied due to missing or invalid subscription key.',
		});
		const wrong = await post(sb, '/original-item', { retailer_id: 1 }, { key: 'nope' });
		expect(wrong.status).toBe(401);
		expect(wrong.body).not.toHaveProperty('status_code');
		const log = await control(sb, 'GET', '/_sandbox/requests');
		const last = log.body[log.body.length - 1];
		expect(last).toMatchObject({ method: 'POST', path: '/original-item', statusCode: 401 });
		// the body was never parsed
		expect(last.body).toBeNull();
	});
});
