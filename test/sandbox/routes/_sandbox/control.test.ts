/** The control API: reset, virtual clock, lifecycle steps, status changes, faults, request log, stats, error HTTP status. */
import type { Sandbox } from '../../../../sandbox/server';
import { control, get, orderByCode, post, start } from '../../helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('control API', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await start();
	});
	afterEach(async () => {
		await sb.close();
	});

	it('reset returns to exactly the seed', async () => {
		const before = await get(sb, '/orders?date_time_from=2026-01-01%2000:00:00');
		const itemsBefore = await get(sb, '/original-items?retailer_id=1');
		await post(sb, '/order-by-code', orderByCode());
		await post(sb, '/original-item', {
			retailer_id: 1,
			item_code: 'MUG-410',
			image_urls: [{ position: 'front', url: 'https://example.com/a.png' }],
		});
		await control(sb, 'POST', '/_sandbox/orders/PO00000005/status', { status_id: 4 });
		await control(sb, 'POST', '/_sandbox/retailers/1', { unpaid: true });
		const reset = await control(sb, 'POST', '/_sandbox/reset');
		expect(reset.status).toBe(200);
		expect((await get(sb, '/orders?date_time_from=2026-01-01%2000:00:00')).body).toEqual(
			before.body,
		);
		expect((await get(sb, '/original-items?retailer_id=1')).body).toEqual(itemsBefore.body);
		expect((await post(sb, '/order-by-code', orderByCode())).body.response.order_no).toBe(
			'PO00000007',
		);
	});

	it('the virtual clock can be set, advanced and frozen', async () => {
		const set = await control(sb, 'POST', '/_sandbox/time', {
			set: '2026-12-24 18:00:00',
			freeze: true,
		});
		expect(set.body).toMatchObject({
			now: '2026-12-24 18:00:00',
			frozen: true,
			timeZone: 'Asia/Tokyo',
		});
		await sleep(1100);
		expect((await control(sb, 'GET', '/_sandbox/time')).body.now).toBe('2026-12-24 18:00:00');
		const adv = await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: 90 });
		expect(adv.body.now).toBe('2026-12-24 18:01:30');
		const thawed = await control(sb, 'POST', '/_sandbox/time', { freeze: false });
		expect(thawed.body.frozen).toBe(false);
		const placed = await post(sb, '/order-by-code', orderByCode());
		const statuses = await get(sb, `/order-statuses?order_no=${placed.body.response.order_no}`);
		expect(statuses.body.orders[0].updated_at.startsWith('2026-12-24 18:0')).toBe(true);
		for (const bad of [
			{ set: '2026-13-01 00:00:00' },
			{ advanceSeconds: 'x' },
			{ freeze: 'yes' },
			{},
		]) {
			expect((await control(sb, 'POST', '/_sandbox/time', bad)).status).toBe(400);
		}
	});

	it('steps orders through the lifecycle, recording each change', async () => {
		await control(sb, 'POST', '/_sandbox/time', { set: '2026-11-21 10:00:00', freeze: true });
		const no = (await post(sb, '/order-by-code', orderByCode())).body.response.order_no;
		const expected = [
			[2, 'データチェック中'],
			[3, '製作中'],
			[4, '発送準備中'],
			[5, '発送済み'],
		];
		for (const [id, name] of expected) {
			await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: 60 });
			const step = await control(sb, 'POST', '/_sandbox/clock/step', { steps: 1, orderNos: [no] });
			expect(step.body.changes).toBe(1);
			const s = (await get(sb, `/order-statuses?order_no=${no}`)).body.orders[0];
			expect([s.status_id, s.status_name]).toEqual([id, name]);
		}
		const shipped = (await get(sb, `/orders?order_no=${no}`)).body.orders[0];
		expect(shipped).toMatchObject({
			order_status_id: 5,
			shipping_date: '2026-11-21',
			delivery_company_name: 'ヤマト運輸',
			shipping_number: expect.stringMatching(/^[0-9]{12}$/),
		});
		expect(shipped.order_details[0]).toMatchObject({
			order_detail_status_id: 5,
			order_detail_status_name: '発送済み',
		});
		// final: further steps change nothing
		expect(
			(await control(sb, 'POST', '/_sandbox/clock/step', { orderNos: [no] })).body.changes,
		).toBe(0);
		const history = await control(sb, 'GET', `/_sandbox/orders/${no}/history`);
		expect(
			history.body.history.map((h: { status_id: number; changed_at: string }) => [
				h.status_id,
				h.changed_at,
			]),
		).toEqual([
			[1, '2026-11-21 10:00:00'],
			[2, '2026-11-21 10:01:00'],
			[3, '2026-11-21 10:02:00'],
			[4, '2026-11-21 10:03:00'],
			[5, '2026-11-21 10:04:00'],
		]);
	});

	it('a step without orderNos advances every non-final shipment; MultiItemOrder shipments move separately', async () => {
		const step = await control(sb, 'POST', '/_sandbox/clock/step', { steps: 2 });
		// non-final seed shipments: PO2 (3), PO4-1 (3), PO5 (1), R2 PO6 (2) → 2 steps each = 8 changes
		expect(step.body.changes).toBe(8);
		const multi = await get(sb, '/order-statuses?order_no=PO00000004', {
			headers: { 'X-Feature-Flags': 'MultiItemOrder' },
		});
		expect(multi.body.orders.map((o: { status_id: number }) => o.status_id)).toEqual([5, 5]);
		// reads made before a change never show stale data afterwards (GET /orders caches serialized records)
		const before = await get(sb, '/orders?order_no=PO00000005');
		expect(before.body.orders[0].order_status_id).toBe(3);
		const one = await control(sb, 'POST', '/_sandbox/orders/PO00000005/status', {
			status_id: 4,
			shipping_id: 'PO00000005-1',
		});
		expect(one.body.shipments[0].status_id).toBe(4);
		const after = await get(sb, '/orders?order_no=PO00000005');
		expect(after.body.orders[0]).toMatchObject({
			order_status_id: 4,
			order_status_name: '発送準備中',
		});
		expect(after.body.orders[0].order_details[0].order_detail_status_id).toBe(4);
		const multiAfter = await get(sb, '/orders?order_no=PO00000005', {
			headers: { 'X-Feature-Flags': 'MultiItemOrder' },
		});
		expect(multiAfter.body.orders[0]).toMatchObject({
			shipping_id: 'PO00000005-1',
			order_status_id: 4,
		});
	});

	it('sets a status, allows cancelling only from 1-3 and never leaves a final status', async () => {
		const no = (
			await post(
				sb,
				'/order-by-code',
				orderByCode({}, [
					{ original_item_code: 't0100001', quantity: 2, color: 'ネイビー', size: 'XXL' },
				]),
			)
		).body.response.order_no;
		const stock = async () =>
			(await post(sb, '/item-stocks', { retailer_id: 1, item_stock_codes: ['OGB-910-NV-XXL'] }))
				.body.item_stocks[0].stock_quantity;
		expect(await stock()).toBe(1);
		const cancel = await control(sb, 'POST', `/_sandbox/orders/${no}/status`, { status_id: 9 });
		expect(cancel.status).toBe(200);
		// cancelling puts limited stock back
		expect(await stock()).toBe(3);
		expect(
			(await control(sb, 'POST', `/_sandbox/orders/${no}/status`, { status_id: 2 })).status,
		).toBe(409);
		expect(
			(await control(sb, 'POST', '/_sandbox/orders/PO00000001/status', { status_id: 9 })).status,
		).toBe(409);
		expect(
			(await control(sb, 'POST', '/_sandbox/orders/PO99999999/status', { status_id: 2 })).status,
		).toBe(404);
		expect(
			(await control(sb, 'POST', `/_sandbox/orders/PO00000002/status`, { status_id: 7 })).status,
		).toBe(400);
		expect(
			(
				await control(sb, 'POST', '/_sandbox/orders/PO00000002/status', {
					status_id: 5,
					shipping_id: 'nope',
				})
			).status,
		).toBe(404);
		expect((await control(sb, 'POST', '/_sandbox/retailers/99', { unpaid: true })).status).toBe(
			404,
		);
		expect((await control(sb, 'POST', '/_sandbox/clock/step', { steps: 0 })).status).toBe(400);
		expect(
			(await control(sb, 'POST', '/_sandbox/clock/step', { orderNos: ['PO99999999'] })).status,
		).toBe(404);
	});

	it('logs API requests with headers as received, and counts them', async () => {
		await get(sb, '/items?retailer_id=1&limit=2', {
			headers: { 'X-Feature-Flags': 'MultiItemOrder' },
		});
		await post(sb, '/item-stocks', { retailer_id: 1 });
		await control(sb, 'GET', '/_sandbox/time');
		const log = (await control(sb, 'GET', '/_sandbox/requests')).body;
		expect(log).toHaveLength(2);
		expect(log[0]).toMatchObject({
			seq: expect.any(Number),
			method: 'GET',
			path: '/items',
			query: { retailer_id: '1', limit: '2' },
			statusCode: 200,
		});
		expect(log[0].headers['printio-api-subscription-key']).toBe('sandbox-key-retailer-1');
		expect(log[0].headers['x-feature-flags']).toBe('MultiItemOrder');
		expect(log[1]).toMatchObject({
			method: 'POST',
			path: '/item-stocks',
			body: { retailer_id: 1 },
		});
		expect(log[1].seq).toBeGreaterThan(log[0].seq);
		expect(Date.parse(log[1].endedAt)).toBeGreaterThanOrEqual(Date.parse(log[1].startedAt));
		expect((await control(sb, 'DELETE', '/_sandbox/requests')).body.cleared).toBe(2);
		// big bodies (here 100 KB of free text, which the spec does not limit) are logged by size only
		const big = await post(
			sb,
			'/order-by-code',
			orderByCode({ ec_optional_information: 'x'.repeat(100 * 1024) }),
		);
		expect(big.body.response.status_code).toBe(0);
		const bigLog = (await control(sb, 'GET', '/_sandbox/requests')).body;
		expect(bigLog[0].body).toEqual({ truncated: true, bytes: expect.any(Number) });
		expect(bigLog[0].body.bytes).toBeGreaterThan(100 * 1024);
		await control(sb, 'DELETE', '/_sandbox/requests');
		expect((await control(sb, 'GET', '/_sandbox/requests')).body).toEqual([]);
	});

	it('counts concurrent in-flight requests per route', async () => {
		await control(sb, 'DELETE', '/_sandbox/stats');
		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'GET /items',
			kind: 'delay',
			delayMs: 300,
			times: 3,
		});
		await Promise.all([1, 2, 3].map(() => get(sb, '/items?retailer_id=1')));
		const stats = (await control(sb, 'GET', '/_sandbox/stats')).body;
		expect(stats.inFlight).toBe(0);
		expect(stats.maxInFlight).toBe(3);
		expect(stats.maxInFlightByRoute['GET /items']).toBe(3);
		expect(stats.requests).toBeGreaterThanOrEqual(3);
		const cleared = (await control(sb, 'DELETE', '/_sandbox/stats')).body;
		expect(cleared).toMatchObject({ maxInFlight: 0, maxInFlightByRoute: {} });
	});
});

describe('fault injection', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await start();
	});
	afterEach(async () => {
		await sb.close();
	});

	const ordersWith = async (ec: string) =>
		(await get(sb, `/orders?ec_order_no=${ec}`)).body.orders.length;

	it('http500 and http429 (with Retry-After) hit the given number of times, then the route works again', async () => {
		const f = await control(sb, 'POST', '/_sandbox/faults', {
			route: 'POST /order-by-code',
			kind: 'http500',
			times: 2,
		});
		expect(f.status).toBe(201);
		for (let i = 0; i < 2; i++) {
			const r = await post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-F500' }));
			expect(r.status).toBe(500);
		}
		expect(await ordersWith('EC-F500')).toBe(0);
		expect(
			(await post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-F500' }))).body.response
				.status_code,
		).toBe(0);

		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'GET /items',
			kind: 'http429',
			retryAfterSeconds: 7,
		});
		const limited = await get(sb, '/items?retailer_id=1');
		expect(limited.status).toBe(429);
		expect(limited.headers.get('retry-after')).toBe('7');
		expect((await get(sb, '/items?retailer_id=1')).status).toBe(200);
	});

	it('delay answers normally after the delay', async () => {
		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'GET /categories',
			kind: 'delay',
			delayMs: 200,
		});
		const r = await get(sb, '/categories');
		expect(r.body.status_code).toBe(0);
		const log = (await control(sb, 'GET', '/_sandbox/requests')).body;
		const last = log[log.length - 1];
		expect(Date.parse(last.endedAt) - Date.parse(last.startedAt)).toBeGreaterThanOrEqual(150);
	});

	it('closeAfterCommit drops the connection after the order was stored; closeBeforeCommit before', async () => {
		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'POST /order-by-code',
			kind: 'closeAfterCommit',
		});
		await expect(
			post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-AFTER' })),
		).rejects.toThrow();
		expect(await ordersWith('EC-AFTER')).toBe(1);

		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'POST /order-by-code',
			kind: 'closeBeforeCommit',
		});
		await expect(
			post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-BEFORE' })),
		).rejects.toThrow();
		expect(await ordersWith('EC-BEFORE')).toBe(0);
		const log = (await control(sb, 'GET', '/_sandbox/requests')).body;
		const dropped = log.filter(
			(e: { path: string; statusCode: number }) =>
				e.path === '/order-by-code' && e.statusCode === 0,
		);
		expect(dropped.length).toBeGreaterThanOrEqual(2);
	});

	it('closeThenCommitLater drops the connection first and registers the order delayMs later', async () => {
		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'POST /order-by-code',
			kind: 'closeThenCommitLater',
			delayMs: 3000,
		});
		await expect(
			post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-LATE' })),
		).rejects.toThrow();
		expect(await ordersWith('EC-LATE')).toBe(0);
		for (let waited = 0; waited < 10_000 && (await ordersWith('EC-LATE')) === 0; waited += 100)
			await sleep(100);
		expect(await ordersWith('EC-LATE')).toBe(1);
	});

	it('malformedJson commits and sends a truncated body', async () => {
		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'POST /order-by-code',
			kind: 'malformedJson',
		});
		const r = await post(sb, '/order-by-code', orderByCode({ ec_order_no: 'EC-MALFORMED' }));
		expect(r.status).toBe(200);
		expect(r.body).toBeUndefined();
		expect(() => JSON.parse(r.text)).toThrow();
		expect(await ordersWith('EC-MALFORMED')).toBe(1);
	});

	it('malformedJson truncates a listing too (GET /orders)', async () => {
		await control(sb, 'POST', '/_sandbox/faults', { route: 'GET /orders', kind: 'malformedJson' });
		const r = await get(sb, '/orders?date_time_from=2026-01-01%2000:00:00');
		expect(r.status).toBe(200);
		expect(r.text.startsWith('{"orders":[')).toBe(true);
		expect(() => JSON.parse(r.text)).toThrow();
	});

	it('timeout never answers (the client gives up) and does nothing', async () => {
		await control(sb, 'POST', '/_sandbox/faults', {
			route: 'POST /order-by-code',
			kind: 'timeout',
		});
		const ac = new AbortController();
		const pending = fetch(`${sb.url}/order-by-code`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'Printio-Api-Subscription-Key': 'sandbox-key-retailer-1',
			},
			body: JSON.stringify(orderByCode({ ec_order_no: 'EC-TIMEOUT' })),
			signal: ac.signal,
		});
		setTimeout(() => ac.abort(), 300);
		await expect(pending).rejects.toThrow();
		expect(await ordersWith('EC-TIMEOUT')).toBe(0);
	});

	it('"*" matches every route, times 0 = until cleared; bad definitions are 400', async () => {
		await control(sb, 'POST', '/_sandbox/faults', { route: '*', kind: 'http500', times: 0 });
		expect((await get(sb, '/categories')).status).toBe(500);
		expect((await get(sb, '/items?retailer_id=1')).status).toBe(500);
		expect((await control(sb, 'GET', '/_sandbox/faults')).body.faults[0]).toMatchObject({
			hits: 2,
			remaining: null,
		});
		expect((await control(sb, 'DELETE', '/_sandbox/faults')).body.cleared).toBe(1);
		expect((await get(sb, '/categories')).status).toBe(200);
		for (const bad of [
			{ route: 'GET /nope', kind: 'http500' },
			{ route: 'GET /items', kind: 'explode' },
			{ route: 'GET /items', kind: 'delay', times: -1 },
		]) {
			expect((await control(sb, 'POST', '/_sandbox/faults', bad)).status).toBe(400);
		}
	});
});

describe('errorHttpStatus: mapped', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await start({ errorHttpStatus: 'mapped' });
	});
	afterEach(async () => {
		await sb.close();
	});

	it('sends 400/403/409/402 with the same envelope, 200 for success and no data', async () => {
		expect((await get(sb, '/items?retailer_id=1')).status).toBe(200);
		const none = await get(sb, '/items?retailer_id=1&item_code=NOPE');
		expect([none.status, none.body.status_code]).toEqual([200, 1]);
		const bad = await get(sb, '/items?retailer_id=1&limit=99');
		expect([bad.status, bad.body.status_code]).toEqual([400, 5]);
		const foreign = await get(sb, '/items?retailer_id=2');
		expect([foreign.status, foreign.body.status_code]).toEqual([403, 11]);
		const dup = await post(sb, '/original-item', {
			retailer_id: 1,
			item_code: 'MUG-410',
			ec_original_item_code: 'EC-TS-0001',
			image_urls: [{ position: 'front', url: 'https://example.com/a.png' }],
		});
		expect([dup.status, dup.body.response.status_code]).toEqual([409, 15]);
		const stock = await post(
			sb,
			'/order-by-code',
			orderByCode({}, [
				{ original_item_code: 't0100005', quantity: 99, color: 'ナチュラル', size: 'F' },
			]),
		);
		expect([stock.status, stock.body.response.status_code]).toEqual([409, 13]);
		await control(sb, 'POST', '/_sandbox/retailers/1', { unpaid: true });
		const unpaid = await post(sb, '/order-by-code', orderByCode());
		expect([unpaid.status, unpaid.body.response.status_code]).toEqual([402, 14]);
	});
});

describe('lifecycle clock with a real interval', () => {
	let sb: Sandbox;
	beforeEach(async () => {
		sb = await start({ stepSeconds: 0.2 });
	});
	afterEach(async () => {
		await sb.close();
	});

	const statusOf = async (no: string) =>
		(await get(sb, `/order-statuses?order_no=${no}`)).body.orders[0].status_id;

	it('follows the virtual clock: nothing moves while it is frozen, one step (no catch-up) per advance', async () => {
		await control(sb, 'POST', '/_sandbox/time', { freeze: true });
		const no = (await post(sb, '/order-by-code', orderByCode())).body.response.order_no;
		await sleep(600);
		expect(await statusOf(no)).toBe(1);
		await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: 10 });
		await sleep(300);
		expect(await statusOf(no)).toBe(2);
		await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: 10 });
		await sleep(300);
		expect(await statusOf(no)).toBe(3);
		await control(sb, 'POST', '/_sandbox/time', { freeze: false });
	});

	it('advances every non-final order one step per interval until shipped', async () => {
		const no = (await post(sb, '/order-by-code', orderByCode())).body.response.order_no;
		let status = 1;
		for (let i = 0; i < 100 && status !== 5; i++) {
			await sleep(50);
			status = await statusOf(no);
		}
		expect(status).toBe(5);
		const history = (await control(sb, 'GET', `/_sandbox/orders/${no}/history`)).body.history;
		expect(history.map((h: { status_id: number }) => h.status_id)).toEqual([1, 2, 3, 4, 5]);
		// the cancelled seed order stays cancelled
		expect(await statusOf('PO00000003')).toBe(9);
	});
});

describe('request log size', () => {
	it('returns only the newest requestLogSize entries', async () => {
		const sb = await start({ requestLogSize: 3 });
		try {
			for (let i = 1; i <= 5; i++) await get(sb, `/items?retailer_id=1&limit=${i}`);
			const log = (await control(sb, 'GET', '/_sandbox/requests')).body;
			expect(log.map((e: { query: { limit: string } }) => e.query.limit)).toEqual(['3', '4', '5']);
		} finally {
			await sb.close();
		}
	});
});
