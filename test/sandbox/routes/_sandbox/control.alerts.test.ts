/** Sandbox control for the trigger's alerts and the preflight: reschedule, stock, sample designs with byte ranges. */
import type { Sandbox } from '../../../../sandbox/server';
import { control, get, post, start } from '../../helpers';

let sb: Sandbox;
beforeEach(async () => (sb = await start()));
afterEach(async () => await sb.close());

describe('POST /_sandbox/orders/:order_no/schedule', () => {
	it('moves the scheduled shipping date that order reads show; status and updated_at stay', async () => {
		const before = (await get(sb, '/orders?order_no=PO00000001')).body.orders[0];
		const statusBefore = (await get(sb, '/order-statuses?order_no=PO00000001')).body.orders[0];
		const moved = await control(sb, 'POST', '/_sandbox/orders/PO00000001/schedule', {
			scheduled_shipping_date: '2027-01-05',
		});
		expect(moved.status).toBe(200);
		const after = (await get(sb, '/orders?order_no=PO00000001')).body.orders[0];
		const statusAfter = (await get(sb, '/order-statuses?order_no=PO00000001')).body.orders[0];
		expect(after.scheduled_shipping_date).toBe('2027-01-05');
		expect(statusAfter).toEqual({ ...statusBefore, scheduled_shipping_date: '2027-01-05' });
		expect(after.order_status_id).toBe(before.order_status_id);
	});

	it('refuses a date that is not YYYY-MM-DD, and an unknown order', async () => {
		expect(
			(
				await control(sb, 'POST', '/_sandbox/orders/PO00000001/schedule', {
					scheduled_shipping_date: '2027-02-30',
				})
			).status,
		).toBe(400);
		expect(
			(
				await control(sb, 'POST', '/_sandbox/orders/PO00000001/schedule', {
					scheduled_shipping_date: 5,
				})
			).status,
		).toBe(400);
		expect(
			(
				await control(sb, 'POST', '/_sandbox/orders/NOPE/schedule', {
					scheduled_shipping_date: '2027-01-05',
				})
			).status,
		).toBe(404);
	});
});

describe('POST /_sandbox/stock/:code', () => {
	it('sets quantity and orderability as POST /item-stocks then reports them', async () => {
		const [entry] = (await post(sb, '/item-stocks', { retailer_id: 1, item_code: 'OGB-910' })).body
			.item_stocks;
		await control(sb, 'POST', `/_sandbox/stock/${entry.item_stock_code}`, {
			stock_quantity: 0,
			is_orderable: false,
		});
		const [changed] = (
			await post(sb, '/item-stocks', { retailer_id: 1, item_stock_codes: [entry.item_stock_code] })
		).body.item_stocks;
		expect(changed).toMatchObject({ stock_quantity: 0, is_orderable: false });
		await control(sb, 'POST', `/_sandbox/stock/${entry.item_stock_code}`, { stock_quantity: null });
		const [unlimited] = (
			await post(sb, '/item-stocks', { retailer_id: 1, item_stock_codes: [entry.item_stock_code] })
		).body.item_stocks;
		expect(unlimited).toMatchObject({ stock_quantity: null, is_orderable: false });
		expect(
			(
				await control(sb, 'POST', `/_sandbox/stock/${entry.item_stock_code}`, {
					stock_quantity: -1,
				})
			).status,
		).toBe(400);
		expect((await control(sb, 'POST', '/_sandbox/stock/NOPE', { stock_quantity: 1 })).status).toBe(
			404,
		);
	});
});

describe('GET /_sandbox/designs/:name', () => {
	it('serves byte ranges as a file host does, or the whole file with ?ranges=ignore, and logs the bytes sent', async () => {
		const url = `${sb.url}/_sandbox/designs/tshirt-ok.png`;
		const whole = Buffer.from(await (await fetch(url)).arrayBuffer());
		const head = await fetch(url, { headers: { range: 'bytes=0-99' } });
		expect(head.status).toBe(206);
		expect(head.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`);
		expect(Buffer.from(await head.arrayBuffer())).toEqual(whole.subarray(0, 100));
		const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
		expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 10));
		const ignored = await fetch(`${url}?ranges=ignore`, { headers: { range: 'bytes=0-99' } });
		expect(ignored.status).toBe(200);
		expect((await ignored.arrayBuffer()).byteLength).toBe(whole.length);
		expect((await fetch(url, { headers: { range: `bytes=${whole.length}-` } })).status).toBe(416);
		const log = (await control(sb, 'GET', '/_sandbox/design-requests')).body;
		expect(
			log.map((entry: { statusCode: number; bytesSent: number }) => [
				entry.statusCode,
				entry.bytesSent,
			]),
		).toEqual([
			[200, whole.length],
			[206, 100],
			[206, 10],
			[200, whole.length],
			[416, 0],
		]);
		expect((await fetch(`${sb.url}/_sandbox/designs/nope.png`)).status).toBe(404);
		expect((await control(sb, 'GET', '/_sandbox/designs')).body.designs.length).toBeGreaterThan(10);
	});
});
