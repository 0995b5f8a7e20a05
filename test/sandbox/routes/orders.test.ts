/** Order placement and reads: POST /order-by-code, POST /orders/order-with-image, GET /orders, GET /order-statuses. */
import type { Sandbox } from '../../../sandbox/server';
import {
	control,
	expectContract,
	get,
	KEY2,
	orderByCode,
	orderWithImage,
	post,
	start,
} from '../helpers';

const MULTI = { 'X-Feature-Flags': 'MultiItemOrder' };
const ALL = 'date_time_from=2026-01-01%2000:00:00';

let sb: Sandbox;
beforeEach(async () => {
	sb = await start();
	await control(sb, 'POST', '/_sandbox/time', { freeze: true, set: '2026-11-21 10:00:00' });
});
afterEach(async () => {
	await sb.close();
});

describe('POST /order-by-code', () => {
	it('places an order and returns order_no inside the response wrapper', async () => {
		const r = await post(
			sb,
			'/order-by-code',
			orderByCode({
				ec_optional_information: 'note ✓',
				action_after_print: { novelty: { sticker: 1 } },
			}),
		);
		expect(r.status).toBe(200);
		expectContract('postOrderByCode', r.body);
		expect(r.body.response).toMatchObject({
			ec_order_no: 'EC-TEST-0001',
			status_code: 0,
			message: '成功しました。',
		});
		expect(r.body.response.order_no).toMatch(/^PO[0-9]{8}$/);
		expect(r.body).not.toHaveProperty('status_code');

		const read = await get(sb, `/orders?order_no=${r.body.response.order_no}`);
		expectContract('getOrders', read.body);
		const o = read.body.orders[0];
		expect(o).toMatchObject({
			order_no: r.body.response.order_no,
			ec_order_no: 'EC-TEST-0001',
			ec_order_date: '2026-11-21',
			order_status_id: 1,
			order_status_name: '注文受付',
			shipping_date: null,
			shipping_number: null,
			ec_optional_information: 'note ✓',
			action_after_print: { novelty: { sticker: 1 } },
		});
		expect(o).not.toHaveProperty('shipping_id');
		expect(o.order_details[0]).toMatchObject({
			item_code: 'OGB-910',
			color: 'ホワイト',
			hex: '#FFFFFF',
			size: 'M',
			quantity: 1,
			ec_order_detail_no: '1',
		});
		expect(o.shipping_information.full_name).toBe('山田 太郎');
	});

	it('accepts ec_original_item_code instead of original_item_code and cuts long addresses', async () => {
		const long = 'あ'.repeat(20);
		const r = await post(
			sb,
			'/order-by-code',
			orderByCode(
				{
					shipping_information: {
						...orderByCode().shipping_information,
						address1: long,
						mail_address: null,
					},
				},
				[{ ec_original_item_code: 'EC-TS-0001', quantity: 1, color: 'White', size: 'S' }],
			),
		);
		expect(r.body.response.status_code).toBe(0);
		const o = (await get(sb, `/orders?order_no=${r.body.response.order_no}`)).body.orders[0];
		expect(o.shipping_information.address1).toBe('あ'.repeat(16));
		expect(o.shipping_information.mail_address).toBeNull();
		expect(o.order_details[0].color).toBe('ホワイト');
	});

	it('cuts addresses at 32 half-width units as the node counts them: U+007F and U+FFE8..U+FFEE count 1', async () => {
		const r = await post(
			sb,
			'/order-by-code',
			orderByCode({
				shipping_information: {
					...orderByCode().shipping_information,
					address1: '\u007f'.repeat(40),
					address2: `${'\uffe8'.repeat(20)}${'\uffee'.repeat(20)}`,
				},
				sender_information: {
					...orderByCode().sender_information,
					address1: `${'a'.repeat(31)}あい`,
					address2: `${'a'.repeat(30)}あい`,
				},
			}),
		);
		expect(r.body.response.status_code).toBe(0);
		const o = (await get(sb, `/orders?order_no=${r.body.response.order_no}`)).body.orders[0];
		expect(o.shipping_information.address1).toBe('\u007f'.repeat(32));
		expect(o.shipping_information.address2).toBe(`${'\uffe8'.repeat(20)}${'\uffee'.repeat(12)}`);
		// A full-width character that no longer fits is left out whole; one that fits exactly stays.
		expect(o.sender_information.address1).toBe('a'.repeat(31));
		expect(o.sender_information.address2).toBe(`${'a'.repeat(30)}あ`);
	});

	it('answers 1 for an unknown or foreign original item, 5 for a bad colour or size', async () => {
		const unknown = await post(
			sb,
			'/order-by-code',
			orderByCode({}, [
				{ original_item_code: 't9999999', quantity: 1, color: 'ホワイト', size: 'M' },
			]),
		);
		expectContract('postOrderByCode', unknown.body);
		expect(unknown.body.response).toMatchObject({ status_code: 1, ec_order_no: 'EC-TEST-0001' });
		expect(unknown.body.response).not.toHaveProperty('order_no');
		const foreign = await post(
			sb,
			'/order-by-code',
			orderByCode({}, [
				{ original_item_code: 't0100006', quantity: 1, color: 'ホワイト', size: 'M' },
			]),
		);
		expect(foreign.body.response.status_code).toBe(1);
		const color = await post(
			sb,
			'/order-by-code',
			orderByCode({}, [
				{ original_item_code: 't0100001', quantity: 1, color: 'ゴールド', size: 'M' },
			]),
		);
		expect(color.body.response.status_code).toBe(5);
		expect(color.body.response.message).toContain('order_details[0].color');
		const size = await post(
			sb,
			'/order-by-code',
			orderByCode({}, [
				{ original_item_code: 't0100001', quantity: 1, color: 'ホワイト', size: '5XL' },
			]),
		);
		expect(size.body.response.status_code).toBe(5);
		const neither = await post(
			sb,
			'/order-by-code',
			orderByCode({}, [{ quantity: 1, color: 'ホワイト', size: 'M' }]),
		);
		expect(neither.body.response.status_code).toBe(5);
		expect(neither.body.response.message).toContain(
			'original_item_code または ec_original_item_code',
		);
	});

	it('answers 11 for another retailer_id and 14 for an unpaid retailer', async () => {
		const r = await post(sb, '/order-by-code', orderByCode({ retailer_id: 2 }));
		expect(r.body.response).toMatchObject({ status_code: 11, ec_order_no: 'EC-TEST-0001' });
		expect(r.body.response).not.toHaveProperty('order_no');

		const unpaid = await control(sb, 'POST', '/_sandbox/retailers/1', { unpaid: true });
		expect(unpaid.body).toMatchObject({ id: 1, unpaid: true });
		const refused = await post(sb, '/order-by-code', orderByCode());
		expectContract('postOrderByCode', refused.body);
		expect(refused.body.response).toMatchObject({ status_code: 14, ec_order_no: 'EC-TEST-0001' });
		const img = await post(sb, '/orders/order-with-image', orderWithImage());
		expect(img.body.response.status_code).toBe(14);
		await control(sb, 'POST', '/_sandbox/retailers/1', { unpaid: false });
		expect((await post(sb, '/order-by-code', orderByCode())).body.response.status_code).toBe(0);
	});

	it('decrements limited stock and answers 13 when it runs out, taking nothing', async () => {
		const line = (quantity: number) => [
			{ original_item_code: 't0100001', quantity, color: 'ネイビー', size: 'XXL' },
		];
		expect(
			(await post(sb, '/order-by-code', orderByCode({}, line(2)))).body.response.status_code,
		).toBe(0);
		const stock = await post(sb, '/item-stocks', {
			retailer_id: 1,
			item_stock_codes: ['OGB-910-NV-XXL'],
		});
		expect(stock.body.item_stocks[0].stock_quantity).toBe(1);
		const out = await post(sb, '/order-by-code', orderByCode({}, line(2)));
		expect(out.body.response.status_code).toBe(13);
		expect(out.body.response).not.toHaveProperty('available_items');
		expect(out.body.response).not.toHaveProperty('order_no');
		// nothing was taken by the refused order
		const after = await post(sb, '/item-stocks', {
			retailer_id: 1,
			item_stock_codes: ['OGB-910-NV-XXL'],
		});
		expect(after.body.item_stocks[0].stock_quantity).toBe(1);
		expect(
			(await post(sb, '/order-by-code', orderByCode({}, line(1)))).body.response.status_code,
		).toBe(0);
	});

	it('needs MultiItemOrder for several original items; with it, one shipment per catalog item and available_items on 13', async () => {
		const lines = [
			{ original_item_code: 't0100001', quantity: 1, color: 'ホワイト', size: 'M' },
			{ original_item_code: 't0100003', quantity: 1, color: 'ホワイト', size: '330ml' },
			{ original_item_code: 't0100001', quantity: 2, color: 'ブラック', size: 'L' },
		];
		const plain = await post(sb, '/order-by-code', orderByCode({}, lines));
		expect(plain.body.response.status_code).toBe(5);
		expect(plain.body.response.message).toContain('MultiItemOrder');

		const multi = await post(sb, '/order-by-code', orderByCode({}, lines), { headers: MULTI });
		expect(multi.body.response.status_code).toBe(0);
		const orderNo = multi.body.response.order_no;
		const records = await get(sb, `/orders?order_no=${orderNo}`, { headers: MULTI });
		expectContract('getOrders', records.body);
		expect(records.body.total).toBe(2);
		expect(records.body.orders.map((o: { shipping_id: string }) => o.shipping_id)).toEqual([
			`${orderNo}-1`,
			`${orderNo}-2`,
		]);
		expect(
			records.body.orders[0].order_details.map((l: { item_code: string }) => l.item_code),
		).toEqual(['OGB-910', 'OGB-910']);
		expect(
			records.body.orders[1].order_details.map((l: { item_code: string }) => l.item_code),
		).toEqual(['MUG-410']);
		const whole = await get(sb, `/orders?order_no=${orderNo}`);
		expect(whole.body.total).toBe(1);
		expect(whole.body.orders[0].order_details).toHaveLength(3);

		// stock error in MultiItemOrder mode lists available_items
		const sacoche = (quantity: number) => ({
			original_item_code: 't0100005',
			quantity,
			color: 'ナチュラル',
			size: 'F',
		});
		const short = await post(sb, '/order-by-code', orderByCode({}, [lines[0], sacoche(11)]), {
			headers: MULTI,
		});
		expectContract('postOrderByCode', short.body);
		expect(short.body.response.status_code).toBe(13);
		expect(short.body.response.available_items).toEqual([
			expect.objectContaining({
				original_item_code: 't0100001',
				is_available: true,
				stock_quantity: null,
			}),
			expect.objectContaining({
				original_item_code: 't0100005',
				item_stock_code: 'BAG-320-NT-F',
				requested_quantity: 11,
				stock_quantity: 10,
				is_available: false,
			}),
		]);
	});
});

describe('order rules: one original item without MultiItemOrder (spec 9), schedule and delivery dates (README)', () => {
	const line = (original_item_code: string, color = 'ホワイト') => ({
		original_item_code,
		quantity: 1,
		color,
		size: 'M',
	});

	it('without MultiItemOrder every line is the same original item, not merely the same catalog item', async () => {
		const created = await post(sb, '/original-item', {
			retailer_id: 1,
			item_code: 'OGB-910',
			ec_original_item_code: 'EC-TS-0002',
			image_urls: [{ position: 'front', url: 'https://example.com/designs/dog.png' }],
		});
		const dogTee: string = created.body.response.original_item_code;
		const lines = [line('t0100001'), line(dogTee)];

		const plain = await post(sb, '/order-by-code', orderByCode({}, lines));
		expect(plain.body.response.status_code).toBe(5);
		expect(plain.body.response.message).toContain('MultiItemOrder');
		expect(plain.body.response).not.toHaveProperty('order_no');
		const sameItem = [line('t0100001'), line('t0100001', 'ブラック')];
		expect(
			(await post(sb, '/order-by-code', orderByCode({}, sameItem))).body.response.status_code,
		).toBe(0);

		const multi = await post(sb, '/order-by-code', orderByCode({}, lines), { headers: MULTI });
		expect(multi.body.response.status_code).toBe(0);
		const records = await get(sb, `/orders?order_no=${multi.body.response.order_no}`, {
			headers: MULTI,
		});
		// One catalog item: one shipment with both lines.
		expect(records.body.total).toBe(1);
		expect(records.body.orders[0].order_details).toHaveLength(2);
	});

	it('counts the scheduled shipping date, 5 days, from the registration date in Tokyo', async () => {
		const scheduledAt = async (tokyoTime: string) => {
			await control(sb, 'POST', '/_sandbox/time', { set: tokyoTime });
			const placed = await post(sb, '/order-by-code', orderByCode({ ec_order_no: tokyoTime }));
			const read = await get(sb, `/orders?order_no=${placed.body.response.order_no}`);
			return read.body.orders[0].scheduled_shipping_date;
		};
		// 08:30 in Tokyo is 23:30 of the day before in UTC: the Tokyo date counts.
		expect(await scheduledAt('2026-11-21 08:30:00')).toBe('2026-11-26');
		expect(await scheduledAt('2026-11-21 00:00:00')).toBe('2026-11-26');
		expect(await scheduledAt('2026-11-21 23:59:59')).toBe('2026-11-26');
		expect(await scheduledAt('2026-11-22 00:00:00')).toBe('2026-11-27');
		expect(await scheduledAt('2026-12-29 10:00:00')).toBe('2027-01-03');
	});

	it('takes the delivery days from the shipping method: 1 mail +3, 2 parcel +1, none = 2', async () => {
		const shipped = async (method?: number) => {
			await control(sb, 'POST', '/_sandbox/time', { set: '2026-11-21 10:00:00' });
			const placed = await post(
				sb,
				'/order-by-code',
				orderByCode({ ec_order_no: `M${method}`, ...(method ? { shipping_method: method } : {}) }),
			);
			const orderNo = placed.body.response.order_no;
			// Shipped at 08:00 Tokyo (the day before in UTC): dates are Tokyo dates.
			await control(sb, 'POST', '/_sandbox/time', { set: '2026-11-24 08:00:00' });
			await control(sb, 'POST', `/_sandbox/orders/${orderNo}/status`, { status_id: 5 });
			const o = (await get(sb, `/orders?order_no=${orderNo}`)).body.orders[0];
			return [
				o.shipping_date,
				o.scheduled_delivery_date,
				o.delivery_company_name,
				o.shipping_method_name,
			];
		};
		expect(await shipped(1)).toEqual([
			'2026-11-24',
			'2026-11-27',
			'日本郵便',
			'メール便（ポスト投函）',
		]);
		expect(await shipped(2)).toEqual(['2026-11-24', '2026-11-25', 'ヤマト運輸', '宅配便']);
		expect(await shipped()).toEqual(['2026-11-24', '2026-11-25', 'ヤマト運輸', '宅配便']);
	});
});

describe('POST /orders/order-with-image', () => {
	it('places an order with image URLs per position', async () => {
		const r = await post(sb, '/orders/order-with-image', orderWithImage());
		expectContract('postOrderWithImage', r.body);
		expect(r.body.response).toMatchObject({ status_code: 0, ec_order_no: 'EC-IMG-0001' });
		const o = (await get(sb, `/orders?ec_order_no=EC-IMG-0001`)).body.orders[0];
		expect(o.order_details[0]).toMatchObject({
			item_code: 'OGB-910',
			quantity: 2,
			color: 'ブラック',
			hex: '#1A1A1A',
			ec_order_detail_no: '',
		});
	});

	it('answers 1 for an unknown item, 5 for a position the item cannot print, 11 for another retailer, 13 out of stock', async () => {
		const base = orderWithImage().order_details[0] as Record<string, unknown>;
		const unknown = await post(
			sb,
			'/orders/order-with-image',
			orderWithImage({}, [{ ...base, item_code: 'XXX-000' }]),
		);
		expect(unknown.body.response).toMatchObject({ status_code: 1, ec_order_no: 'EC-IMG-0001' });
		const side = await post(
			sb,
			'/orders/order-with-image',
			orderWithImage({}, [
				{
					...base,
					item_code: 'MUG-410',
					size: '330ml',
					color: 'ホワイト',
					image_urls: {
						values: [
							{ position: 'back', urls: [{ type: 'Output', url: 'https://example.com/a.png' }] },
						],
					},
				},
			]),
		);
		expect(side.body.response.status_code).toBe(5);
		expect(side.body.response.message).toContain('order_details[0].image_urls.values[0].position');
		const other = await post(sb, '/orders/order-with-image', orderWithImage({ retailer_id: 2 }));
		expect(other.body.response.status_code).toBe(11);
		const gone = await post(
			sb,
			'/orders/order-with-image',
			orderWithImage({}, [{ ...base, item_code: 'PHC-510', color: 'クリア', size: 'iPhone 14' }]),
		);
		expect(gone.body.response.status_code).toBe(13);
		const nullDate = await post(
			sb,
			'/orders/order-with-image',
			orderWithImage({ ec_order_date: null }),
		);
		expect(nullDate.body.response.status_code).toBe(0);
		const missingDate = orderWithImage();
		delete (missingDate as Record<string, unknown>).ec_order_date;
		const noDate = await post(sb, '/orders/order-with-image', missingDate);
		expect(noDate.body.response.status_code).toBe(5);
		expect(noDate.body.response.message).toContain('ec_order_date は必須です');
	});
});

describe('GET /orders', () => {
	it('requires date_time_from unless order_no or ec_order_no is given', async () => {
		const r = await get(sb, '/orders');
		expectContract('getOrders', r.body);
		expect(r.body.status_code).toBe(5);
		expect(r.body.message).toContain('date_time_from');
		const bad = await get(sb, '/orders?date_time_from=2026-11-01');
		expect(bad.body.status_code).toBe(5);
		const impossible = await get(sb, '/orders?date_time_from=2026-02-30%2000:00:00');
		expect(impossible.body.status_code).toBe(5);
		const reversed = await get(
			sb,
			'/orders?date_time_from=2026-11-10%2000:00:00&date_time_to=2026-11-01%2000:00:00',
		);
		expect(reversed.body.status_code).toBe(5);
	});

	it('filters by registration time (inclusive) and current status, sorts and pages', async () => {
		const range = await get(
			sb,
			'/orders?date_time_from=2026-11-12%2010:30:00&date_time_to=2026-11-18%2020:10:00',
		);
		expect(range.body.orders.map((o: { ec_order_no: string }) => o.ec_order_no)).toEqual([
			'EC-20261112-0002',
			'EC-20261114-0003',
			'EC-20261118-0004',
		]);
		const shipped = await get(sb, `/orders?${ALL}&status_id=5`);
		expect(shipped.body.orders.map((o: { ec_order_no: string }) => o.ec_order_no)).toEqual([
			'EC-20261110-0001',
		]);
		const desc = await get(sb, `/orders?${ALL}&order=desc`);
		expect(desc.body.orders[0].ec_order_no).toBe('EC-20261120-0005');
		const byStatus = await get(sb, `/orders?${ALL}&sort_value=status_id&order=desc`);
		expect(byStatus.body.orders.map((o: { order_status_id: number }) => o.order_status_id)).toEqual(
			[9, 5, 3, 3, 1],
		);
		const one = await get(sb, `/orders?${ALL}&limit=1&page=5`);
		expect(one.body).toMatchObject({ total: 5, status_code: 0 });
		expect(one.body.orders).toHaveLength(1);
		const past = await get(sb, `/orders?${ALL}&limit=30&page=2`);
		expect(past.body).toMatchObject({ orders: [], total: 5, status_code: 1 });
		const badOrder = await get(sb, `/orders?${ALL}&order=up`);
		expect(badOrder.body.status_code).toBe(5);
	});

	it('counts total afresh after every write: a placed order, a status change, a reset', async () => {
		const all = `/orders?${ALL}&limit=1`;
		const received = `/orders?${ALL}&status_id=1&limit=1`;
		expect((await get(sb, all)).body.total).toBe(5);
		expect((await get(sb, received)).body.total).toBe(1);
		const placed = await post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-COUNTED' }));
		expect((await get(sb, all)).body.total).toBe(6);
		expect((await get(sb, received)).body.total).toBe(2);
		expect(
			(
				await control(sb, 'POST', `/_sandbox/orders/${placed.body.response.order_no}/status`, {
					status_id: 2,
				})
			).status,
		).toBe(200);
		expect((await get(sb, received)).body.total).toBe(1);
		await control(sb, 'POST', '/_sandbox/reset');
		expect((await get(sb, all)).body.total).toBe(5);
	});

	it('finds orders by comma-separated order_no and by ec_order_no, ignoring other parameters', async () => {
		const both = await get(sb, '/orders?order_no=PO00000001,%20PO00000003,PO99999999&status_id=1');
		expect(both.body.orders.map((o: { order_no: string }) => o.order_no)).toEqual([
			'PO00000001',
			'PO00000003',
		]);
		expect(both.body.total).toBe(2);
		const ec = await get(
			sb,
			'/orders?ec_order_no=EC-20261112-0002&status_id=1&date_time_from=2030-01-01%2000:00:00',
		);
		expect(ec.body.orders.map((o: { order_no: string }) => o.order_no)).toEqual(['PO00000002']);
		// the node's duplicate-order guard: a placed order is found by the retailer's number at once
		const placed = await post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-GUARD-1' }));
		const found = await get(sb, '/orders?ec_order_no=EC-GUARD-1');
		expect(found.body.orders.map((o: { order_no: string }) => o.order_no)).toEqual([
			placed.body.response.order_no,
		]);
		const none = await get(sb, '/orders?ec_order_no=EC-NONE');
		expect(none.body).toMatchObject({ orders: [], total: 0, status_code: 1 });
	});

	it('keeps retailers apart: 11 for a foreign retailer_id, nothing of the other retailer is visible', async () => {
		const r2 = await get(sb, `/orders?${ALL}`, { key: KEY2 });
		expect(r2.body.orders.map((o: { ec_order_no: string }) => o.ec_order_no)).toEqual([
			'R2-ORDER-0001',
		]);
		const foreignNo = await get(sb, `/orders?order_no=${r2.body.orders[0].order_no}`);
		expect(foreignNo.body).toMatchObject({ orders: [], status_code: 1 });
		const foreignEc = await get(sb, '/orders?ec_order_no=R2-ORDER-0001');
		expect(foreignEc.body.status_code).toBe(1);
		const foreignId = await get(sb, `/orders?${ALL}&retailer_id=2`);
		expect(foreignId.body).toMatchObject({ orders: [], status_code: 11 });
		const statuses = await get(sb, `/order-statuses?${ALL}&retailer_id=2`);
		expect(statuses.body.status_code).toBe(11);
		const r2statuses = await get(sb, `/order-statuses?${ALL}`, { key: KEY2 });
		expect(
			r2statuses.body.orders.every((o: { ec_order_no: string }) => o.ec_order_no.startsWith('R2-')),
		).toBe(true);
	});
});

describe('GET /order-statuses', () => {
	it('filters by status change time and returns ec_optional_information unchanged', async () => {
		const r = await get(
			sb,
			'/order-statuses?date_time_from=2026-11-19%2015:00:00&date_time_to=2026-11-20%2021:45:00',
		);
		expectContract('getOrderStatuses', r.body);
		expect(
			r.body.orders.map((o: { order_no: string; status_id: number }) => [o.order_no, o.status_id]),
		).toEqual([
			['PO00000004', 3],
			['PO00000005', 1],
		]);
		expect(r.body.orders[0].updated_at).toBe('2026-11-20 17:00:00');
		expect(r.body.orders[0].ec_optional_information).toBe('{"campaign":"autumn"}');
		expect(r.body.orders[0]).not.toHaveProperty('shipping_id');
		const multi = await get(
			sb,
			'/order-statuses?date_time_from=2026-11-19%2015:00:00&date_time_to=2026-11-20%2021:45:00',
			{ headers: MULTI },
		);
		expect(
			multi.body.orders.map((o: { shipping_id: string; status_id: number }) => [
				o.shipping_id,
				o.status_id,
			]),
		).toEqual([
			['PO00000004-1', 3],
			['PO00000004-2', 5],
			['PO00000005-1', 1],
		]);
		const shipped = multi.body.orders[1];
		expect(shipped).toMatchObject({
			shipping_date: '2026-11-20',
			shipping_number: expect.stringMatching(/^[0-9]{12}$/),
		});
	});

	it('requires date_time_from unless order_no/ec_order_no; no match is 1', async () => {
		const r = await get(sb, '/order-statuses?status_id=1');
		expect(r.body.status_code).toBe(5);
		const byNo = await get(sb, '/order-statuses?order_no=PO00000002');
		expect(byNo.body.orders[0]).toMatchObject({
			order_no: 'PO00000002',
			status_id: 3,
			status_name: '製作中',
		});
		const byEc = await get(sb, '/order-statuses?ec_order_no=EC-20261110-0001');
		expect(byEc.body.orders[0]).toMatchObject({
			status_id: 5,
			shipping_number: expect.any(String),
		});
		const none = await get(sb, '/order-statuses?date_time_from=2030-01-01%2000:00:00');
		expect(none.body).toMatchObject({ orders: [], status_code: 1 });
		const both = await get(sb, `/order-statuses?${ALL}&status_id=3`);
		expect(both.body.orders.map((o: { order_no: string }) => o.order_no)).toEqual([
			'PO00000002',
			'PO00000004',
		]);
	});

	it('records the virtual time of every change', async () => {
		const placed = await post(sb, '/order-by-code', orderByCode());
		const no = placed.body.response.order_no;
		await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: 3600 });
		await control(sb, 'POST', `/_sandbox/orders/${no}/status`, { status_id: 3 });
		const r = await get(
			sb,
			'/order-statuses?date_time_from=2026-11-21%2011:00:00&date_time_to=2026-11-21%2011:00:00',
		);
		expect(r.body.orders).toEqual([
			expect.objectContaining({ order_no: no, status_id: 3, updated_at: '2026-11-21 11:00:00' }),
		]);
		const created = await get(
			sb,
			'/orders?date_time_from=2026-11-21%2010:00:00&date_time_to=2026-11-21%2010:00:00',
		);
		expect(created.body.orders.map((o: { order_no: string }) => o.order_no)).toEqual([no]);
	});
});
