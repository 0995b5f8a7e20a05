/**
 * The Printio Trigger against the in-process sandbox, through n8n-core's poll machinery (test harness).
 * The sandbox's virtual clock is frozen and moved by the tests; its lifecycle is manual (stepSeconds 0).
 */
import { NodeApiError } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox/server';
import { createStaticDataStore } from '../../harness/poller';
import {
	advance,
	changeIdOf,
	clearRequests,
	control,
	fault,
	freezeClock,
	jsonOf,
	placeOrder,
	requests,
	setStatus,
	startFrom,
	startTriggerSandbox,
	step,
	tokyo,
	tokyoMs,
	trigger,
	visibleChanges,
} from './setup';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTriggerSandbox();
});
afterAll(async () => {
	await sb.close();
});
beforeEach(async () => {
	await control(sb, 'POST', '/_sandbox/reset');
	await control(sb, 'DELETE', '/_sandbox/faults');
	await clearRequests(sb);
});

const statusRequests = async () =>
	(await requests(sb)).filter((r) => r.path.startsWith('/order-statuses'));

describe('ordering and exactly-once', () => {
	it('emits changes of many orders within the same second once each, oldest first', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const orders: string[] = [];
		for (let i = 0; i < 40; i++) orders.push(await placeOrder(sb));

		const first = jsonOf(await poller.poll());
		expect(first.map((j) => j.order_no)).toEqual([...orders].sort());
		expect(first.every((j) => j.status_id === 1 && j.updated_at === t0)).toBe(true);
		expect(await poller.poll()).toBeNull();

		// Half of them move on in the next second, the rest in the one after; some are placed meanwhile.
		const t1 = await advance(sb, 1);
		await step(sb, orders.slice(0, 20));
		const late = await placeOrder(sb);
		const t2 = await advance(sb, 1);
		await step(sb, orders.slice(20));
		const second = jsonOf(await poller.poll());
		expect(second.map((j) => [j.updated_at, j.order_no, j.status_id])).toEqual([
			...[...orders.slice(0, 20), late].sort().map((no) => [t1, no, no === late ? 1 : 2]),
			...orders
				.slice(20)
				.sort()
				.map((no) => [t2, no, 2]),
		]);
		expect(await poller.poll()).toBeNull();
	});

	it('an order changing twice between polls surfaces once, with its latest status', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const no = await placeOrder(sb);
		expect(jsonOf(await poller.poll()).map((j) => j.status_id)).toEqual([1]);

		await advance(sb, 5);
		await step(sb, [no]); // → 2
		await advance(sb, 5);
		await step(sb, [no]); // → 3
		const history = (await control(sb, 'GET', `/_sandbox/orders/${no}/history`)).history;
		expect(history.map((h: { status_id: number }) => h.status_id)).toEqual([1, 2, 3]);
		// The API only shows the current status: status 2 was never visible to a poll.
		expect(jsonOf(await poller.poll()).map((j) => j.status_id)).toEqual([3]);
	});

	it('two changes of one order in the same second, seen by two polls, are both emitted', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const no = await placeOrder(sb);
		await poller.poll();
		await advance(sb, 1);
		await step(sb, [no]); // → 2 at t0+1
		expect(jsonOf(await poller.poll()).map((j) => j.status_id)).toEqual([2]);
		await step(sb, [no]); // → 3 at the same second
		const again = jsonOf(await poller.poll());
		expect(again.map((j) => [j.status_id, j.updated_at])).toEqual([[3, tokyo(tokyoMs(t0) + 1000)]]);
	});
});

describe('window boundaries', () => {
	it('Start From is inclusive to the second; earlier changes are never emitted', async () => {
		const t0 = await freezeClock(sb);
		const before = await placeOrder(sb);
		const t1 = await advance(sb, 1);
		const at = await placeOrder(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t1) } });
		expect(jsonOf(await poller.poll()).map((j) => j.order_no)).toEqual([at]);
		expect((await statusRequests())[0].query.date_time_from).toBe(t1);
		expect(before).not.toBe(at);
		expect(t0 < t1).toBe(true);
	});

	it('a change in the same second as the last emitted one, visible only later, is emitted', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const a = await placeOrder(sb);
		expect(jsonOf(await poller.poll()).map((j) => j.order_no)).toEqual([a]);
		const b = await placeOrder(sb); // same second t0
		expect(jsonOf(await poller.poll()).map((j) => j.order_no)).toEqual([b]);
		expect(await poller.poll()).toBeNull();
	});

	it('a change that becomes visible late is emitted while inside the overlap window, and not after it', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, {
			options: { startFrom: startFrom(t0), overlapSeconds: 120 },
		});
		const a = await placeOrder(sb);
		const b = await placeOrder(sb);
		const c = await placeOrder(sb);
		expect(jsonOf(await poller.poll())).toHaveLength(3);
		const tMark = await advance(sb, 600);
		await step(sb, [a]);
		expect(jsonOf(await poller.poll()).map((j) => j.order_no)).toEqual([a]);

		// Committed with an older timestamp (a slow transaction or a clock behind): exactly at the window start.
		await control(sb, 'POST', '/_sandbox/time', { set: tokyo(tokyoMs(tMark) - 120_000) });
		await step(sb, [b]);
		// One second before the window start: outside what the trigger reads again.
		await control(sb, 'POST', '/_sandbox/time', { set: tokyo(tokyoMs(tMark) - 121_000) });
		await step(sb, [c]);
		await control(sb, 'POST', '/_sandbox/time', { set: tMark });

		expect(jsonOf(await poller.poll()).map((j) => j.order_no)).toEqual([b]);
		const [request] = (await statusRequests()).slice(-1);
		expect(request.query.date_time_from).toBe(tokyo(tokyoMs(tMark) - 120_000));
	});
});

describe('failures', () => {
	it('a poll that fails with HTTP 500 emits nothing and moves nothing; the next poll emits everything once', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const first = await placeOrder(sb);
		await poller.poll();
		const stored = JSON.stringify(poller.staticData);

		await advance(sb, 3);
		const orders = [await placeOrder(sb), await placeOrder(sb)];
		await step(sb, [first]);
		await clearRequests(sb);
		// The transport retries reads 3 times: 4 failures make the poll fail.
		await fault(sb, 'GET /order-statuses', 'http500', { times: 4 });
		await expect(poller.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect((await statusRequests()).length).toBe(4);
		expect(JSON.stringify(poller.staticData)).toBe(stored);
		expect(JSON.stringify(poller.lastStaticData)).toBe(stored);

		const recovered = jsonOf(await poller.poll());
		expect(recovered.map((j) => j.order_no).sort()).toEqual([first, ...orders].sort());
		expect(await poller.poll()).toBeNull();
	});

	it('a poll that times out (connection held, then dropped) fails the same way, then recovers', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const no = await placeOrder(sb);
		await fault(sb, 'GET /order-statuses', 'timeout', { times: 4, delayMs: 50 });
		await expect(poller.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(poller.staticData).toEqual({});
		expect(poller.lastStaticData).toEqual({});
		expect(jsonOf(await poller.poll()).map((j) => j.order_no)).toEqual([no]);
	});

	it('a failure while reading the full orders also emits nothing and moves nothing', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0), includeOrder: true } });
		const no = await placeOrder(sb);
		await fault(sb, 'GET /orders', 'http500', { times: 4 });
		await expect(poller.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(poller.lastStaticData).toEqual({});
		const items = jsonOf(await poller.poll());
		expect(items.map((j) => [j.order_no, j.order.order_no])).toEqual([[no, no]]);
	});
});

describe('persistence, restarts and double polls', () => {
	it('a restart from the stored static data emits what changed meanwhile, and nothing again', async () => {
		const t0 = await freezeClock(sb);
		const options = { startFrom: startFrom(t0) };
		const poller = await trigger(sb, { options });
		const a = await placeOrder(sb);
		await poller.poll();
		await advance(sb, 30);
		await step(sb, [a]);
		const b = await placeOrder(sb);
		// n8n restarts: a new activation from the database copy.
		const restarted = await trigger(sb, {
			options,
			staticData: poller.staticData,
			activation: 'init',
		});
		expect(jsonOf(await restarted.poll()).map((j) => [j.order_no, j.status_id])).toEqual([
			[a, 2],
			[b, 1],
		]);
		expect(await restarted.poll()).toBeNull();
	});

	it('idle polls that n8n does not save cannot lose or repeat changes (every poll a restart)', async () => {
		const t0 = await freezeClock(sb);
		const options = { startFrom: startFrom(t0) };
		// retainInMemory false: each poll starts from the stored static data, as after a restart.
		const poller = await trigger(sb, {
			event: 'statusReached',
			statusIds: '3',
			options,
			retainInMemory: false,
		});
		const a = await placeOrder(sb);
		expect(await poller.poll()).toBeNull(); // status 1: filtered out, nothing stored
		expect(poller.staticData).toEqual({});
		await advance(sb, 10);
		await step(sb, [a], 2); // → 3
		expect(jsonOf(await poller.poll()).map((j) => j.status_id)).toEqual([3]);
		expect(await poller.poll()).toBeNull();
		expect(poller.stats.persisted).toBe(1);
	});

	it('with start "now", restarts before the first emitted change neither lose changes nor emit old ones', async () => {
		await freezeClock(sb);
		const old = await placeOrder(sb);
		// Real time moves on; the old order is 10 minutes older than the activation.
		await control(sb, 'POST', '/_sandbox/time', { set: tokyo(Date.now() - 600_000) });
		await step(sb, [old]);
		await freezeClock(sb);
		const poller = await trigger(sb, { retainInMemory: false });
		expect(await poller.poll()).toBeNull();
		expect(poller.staticData).toEqual({});
		// "Downtime": a change happens while n8n restarts; nothing was ever stored.
		const during = await placeOrder(sb);
		const restarted = await trigger(sb, { retainInMemory: false, activation: 'init' });
		expect(jsonOf(await restarted.poll()).map((j) => j.order_no)).toEqual([during]);
		expect(await restarted.poll()).toBeNull();
	});

	it('with start "now" and no stored cursor, a poll looks back one polling interval plus a minute and the overlap', async () => {
		const realNow = Math.floor(Date.now() / 1000) * 1000;
		const at = async (secondsAgo: number) => {
			await freezeClock(sb, tokyo(realNow - secondsAgo * 1000));
			return await placeOrder(sb);
		};
		const [o290, o230, o3500] = [await at(290), await at(230), await at(3500)];
		await freezeClock(sb, tokyo(realNow));
		// Default Poll Times: every minute → 60 s + 60 s of schedule jitter + 120 s overlap = 240 s.
		const everyMinute = await trigger(sb, { retainInMemory: false });
		expect(jsonOf(await everyMinute.poll()).map((j) => j.order_no)).toEqual([o230]);
		const hourly = await trigger(sb, {
			retainInMemory: false,
			pollTimes: { item: [{ mode: 'everyHour', minute: 0 }] },
		});
		expect(
			jsonOf(await hourly.poll())
				.map((j) => j.order_no)
				.sort(),
		).toEqual([o3500, o290, o230].sort());
		const explicit = await trigger(sb, { retainInMemory: false, options: { lookBackMinutes: 4 } });
		expect(jsonOf(await explicit.poll()).map((j) => j.order_no)).toEqual([o230]);
	});

	it('keeps the cursor when the workflow time zone changes or Start From is an expression', async () => {
		const t0 = await freezeClock(sb);
		const typed = tokyo(tokyoMs(t0) - 60_000).replace(' ', 'T'); // no offset: workflow time
		const tokyoPoller = await trigger(sb, {
			timezone: 'Asia/Tokyo',
			options: { startFrom: typed },
		});
		await placeOrder(sb);
		expect(jsonOf(await tokyoPoller.poll())).toHaveLength(1);
		// Same typed value, other zone: read in Auckland it is 4 hours earlier; starting over would replay.
		const aucklandPoller = await trigger(sb, {
			timezone: 'Pacific/Auckland',
			options: { startFrom: typed },
			staticData: tokyoPoller.staticData,
		});
		expect(await aucklandPoller.poll()).toBeNull();
		// An expression resolving to "now" on every poll keeps the instant of the first poll.
		const expression = await trigger(sb, {
			options: { startFrom: '={{ $now.minus(1, "minute").toISO() }}' },
		});
		const first = jsonOf(await expression.poll());
		expect(first).toHaveLength(1);
		await advance(sb, 90);
		const later = await placeOrder(sb);
		expect(jsonOf(await expression.poll()).map((j) => j.order_no)).toEqual([later]);
	});

	it('the same poll run twice at once in one process emits once', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const a = await placeOrder(sb);
		const [x, y] = await Promise.all([poller.poll(), poller.poll()]);
		expect([...jsonOf(x), ...jsonOf(y)].map((j) => j.order_no)).toEqual([a]);
	});

	it('two workflow instances polling the same stored data at once (scheduler path) emit once in one process', async () => {
		const t0 = await freezeClock(sb);
		const store = createStaticDataStore();
		const options = { startFrom: startFrom(t0) };
		const one = await trigger(sb, { options, store, retainInMemory: false });
		const two = await trigger(sb, { options, store, retainInMemory: false });
		const a = await placeOrder(sb);
		const [x, y] = await Promise.all([one.poll(), two.poll()]);
		expect([...jsonOf(x), ...jsonOf(y)].map((j) => j.order_no)).toEqual([a]);
		// Run one after the other, the second reads what the first stored.
		await advance(sb, 1);
		await step(sb, [a]);
		expect(jsonOf(await one.poll()).map((j) => j.status_id)).toEqual([2]);
		expect(await two.poll()).toBeNull();
	});

	it('the same poll replayed from the same stored data (n8n lost the save) emits the same change ids', async () => {
		const t0 = await freezeClock(sb);
		const options = { startFrom: startFrom(t0) };
		const poller = await trigger(sb, { options });
		await placeOrder(sb);
		await poller.poll();
		const saved = poller.staticData;
		await advance(sb, 2);
		await placeOrder(sb);
		const first = jsonOf(await (await trigger(sb, { options, staticData: saved })).poll());
		const replay = jsonOf(await (await trigger(sb, { options, staticData: saved })).poll());
		// Outside the trigger's control (documented): downstream can drop repeats by change_id.
		expect(replay.map((j) => j.change_id)).toEqual(first.map((j) => j.change_id));
		expect(first).toHaveLength(1);
	});

	it('durable cursors (n8n 2.x opt-in): idle polls are committed and nothing repeats', async () => {
		const t0 = await freezeClock(sb);
		const options = { startFrom: startFrom(t0) };
		const poller = await trigger(sb, { event: 'shipped', options, durableCursors: true });
		const a = await placeOrder(sb);
		expect(await poller.poll()).toBeNull();
		await advance(sb, 5);
		await step(sb, [a], 4); // → 5 shipped
		const shipped = jsonOf(await poller.poll());
		expect(shipped.map((j) => [j.order_no, j.status_id, typeof j.shipping_number])).toEqual([
			[a, 5, 'string'],
		]);
		expect(await poller.poll()).toBeNull();
	});
});

describe('events, options and output', () => {
	it('Order Shipped emits only changes carrying a shipping number', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { event: 'shipped', options: { startFrom: startFrom(t0) } });
		const [a, b] = [await placeOrder(sb), await placeOrder(sb)];
		await advance(sb, 1);
		await step(sb, [a], 4);
		await step(sb, [b], 3);
		const items = jsonOf(await poller.poll());
		expect(items.map((j) => [j.order_no, j.status_id, j.event])).toEqual([[a, 5, 'shipped']]);
		expect(items[0].shipping_number).toMatch(/^\d+$/);
	});

	it('Status Reached filters on the chosen ids; a single id is filtered by Printio', async () => {
		const t0 = await freezeClock(sb);
		const several = await trigger(sb, {
			event: 'statusReached',
			statusIds: '5, 9',
			options: { startFrom: startFrom(t0) },
		});
		const single = await trigger(sb, {
			event: 'statusReached',
			statusIds: '9',
			options: { startFrom: startFrom(t0) },
		});
		const [a, b, c] = [await placeOrder(sb), await placeOrder(sb), await placeOrder(sb)];
		await advance(sb, 1);
		await step(sb, [a], 4);
		await setStatus(sb, b, 9);
		await step(sb, [c], 2);
		expect(jsonOf(await several.poll()).map((j) => [j.order_no, j.status_id])).toEqual([
			[a, 5],
			[b, 9],
		]);
		await clearRequests(sb);
		expect(jsonOf(await single.poll()).map((j) => [j.order_no, j.status_id])).toEqual([[b, 9]]);
		expect((await statusRequests())[0].query.status_id).toBe('9');
	});

	it('rejects status ids that are not numbers', async () => {
		const poller = await trigger(sb, { event: 'statusReached', statusIds: '5, shipped' });
		await expect(poller.poll()).rejects.toThrow(/Status IDs must be whole numbers/);
	});

	it('MultiItemOrder: each shipment is its own change, keyed by shipping_id, with its own order record', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, {
			options: { startFrom: startFrom(t0), multiItemOrder: true, includeOrder: true },
		});
		const no = await placeOrder(sb, { multi: true });
		const placed = jsonOf(await poller.poll());
		expect(placed).toHaveLength(2);
		const shipments = placed.map((j) => j.shipping_id as string);
		expect(new Set(shipments).size).toBe(2);
		expect(placed.every((j) => j.order_no === no && j.order.shipping_id === j.shipping_id)).toBe(
			true,
		);
		expect(shipments).toEqual([...shipments].sort());

		await advance(sb, 1);
		await setStatus(sb, no, 5, shipments[1]);
		const first = jsonOf(await poller.poll());
		expect(first.map((j) => [j.shipping_id, j.status_id, j.order.order_status_id])).toEqual([
			[shipments[1], 5, 5],
		]);
		await setStatus(sb, no, 2, shipments[0]);
		expect(jsonOf(await poller.poll()).map((j) => [j.shipping_id, j.status_id])).toEqual([
			[shipments[0], 2],
		]);
		const sent = (await statusRequests()).map((r) => r.headers['x-feature-flags']);
		expect(new Set(sent)).toEqual(new Set(['MultiItemOrder']));
	});

	it('Include Full Order reads the orders with one GET /orders per 30 changed orders', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0), includeOrder: true } });
		const orders: string[] = [];
		for (let i = 0; i < 35; i++) orders.push(await placeOrder(sb));
		await clearRequests(sb);
		const items = jsonOf(await poller.poll());
		expect(items.map((j) => j.order.order_no)).toEqual(items.map((j) => j.order_no));
		expect(items.every((j) => j.order.shipping_information.zip_code === '1500001')).toBe(true);
		const orderReads = (await requests(sb)).filter((r) => r.path.startsWith('/orders'));
		expect(orderReads.map((r) => r.query.order_no.split(',').length)).toEqual([30, 5]);
		expect(orderReads.flatMap((r) => r.query.order_no.split(',')).sort()).toEqual(
			[...orders].sort(),
		);
	});

	it('Include Full Order with MultiItemOrder: one GET /orders per 30 orders, whatever their shipments', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, {
			options: { startFrom: startFrom(t0), includeOrder: true, multiItemOrder: true },
		});
		for (let i = 0; i < 31; i++) await placeOrder(sb, { multi: true });
		await clearRequests(sb);
		const items = jsonOf(await poller.poll());
		expect(items).toHaveLength(62);
		expect(
			items.every((j) => j.order.order_no === j.order_no && j.order.shipping_id === j.shipping_id),
		).toBe(true);
		const orderReads = (await requests(sb)).filter((r) => r.path.startsWith('/orders'));
		expect(orderReads.map((r) => r.query.order_no.split(',').length)).toEqual([30, 1]);
	});

	it('an idle poll costs exactly one request', async () => {
		// The trigger reads the real clock; the API's virtual clock runs two hours behind it, so that asking
		// from "now" minus the overlap and from the last change minus the overlap are different queries.
		const t0 = await freezeClock(sb, tokyo(Math.floor(Date.now() / 1000) * 1000 - 2 * 3_600_000));
		const poller = await trigger(sb, {
			options: { startFrom: startFrom(tokyo(tokyoMs(t0) - 3_600_000)), includeOrder: true },
		});
		await placeOrder(sb);
		await poller.poll();
		const tNow = await advance(sb, 3600);
		await clearRequests(sb);
		expect(await poller.poll()).toBeNull();
		const log = await requests(sb);
		expect(log.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(['GET /order-statuses']);
		// It asks from the overlap window before the last change, not from "now".
		expect(log[0].query.date_time_from).toBe(tokyo(tokyoMs(t0) - 120_000));
		expect(tNow > t0).toBe(true);
	});

	it('converts the API time to ISO with offset, whatever the workflow time zone', async () => {
		const t0 = await freezeClock(sb, '2026-11-01 14:30:00'); // 05:30Z: 01:30 EDT in New York
		for (const timezone of ['Asia/Tokyo', 'America/New_York', 'Pacific/Chatham']) {
			await control(sb, 'POST', '/_sandbox/reset');
			await freezeClock(sb, t0);
			// Start From without offset: wall time in the workflow's zone (here the same instant as t0).
			const local = new Intl.DateTimeFormat('sv-SE', {
				timeZone: timezone,
				dateStyle: 'short',
				timeStyle: 'medium',
			}).format(new Date(tokyoMs(t0)));
			const poller = await trigger(sb, {
				timezone,
				options: { startFrom: local.replace(' ', 'T') },
			});
			await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: -1 });
			await placeOrder(sb); // one second before the start: not emitted
			await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: 1 });
			const no = await placeOrder(sb);
			const [item] = jsonOf(await poller.poll());
			expect(item).toMatchObject({
				order_no: no,
				updated_at: '2026-11-01 14:30:00',
				updated_at_iso: '2026-11-01T14:30:00+09:00',
				updated_at_utc: '2026-11-01T05:30:00.000Z',
			});
		}
	});

	it('an API time zone other than Tokyo changes both the query and the conversion', async () => {
		const t0 = await freezeClock(sb, '2026-11-21 10:00:00');
		const poller = await trigger(sb, {
			options: { startFrom: '2026-11-21T10:00:00Z', apiTimeZone: 'UTC' },
		});
		await placeOrder(sb);
		const [item] = jsonOf(await poller.poll());
		// The sandbox writes Tokyo wall time; read as UTC it is 9 hours later than in Tokyo.
		expect(item.updated_at_iso).toBe('2026-11-21T10:00:00+00:00');
		expect((await statusRequests())[0].query.date_time_from).toBe('2026-11-21 10:00:00');
		expect(t0).toBe('2026-11-21 10:00:00');
		await expect(
			(await trigger(sb, { options: { apiTimeZone: 'Mars/Base' } })).poll(),
		).rejects.toThrow(/not a known time zone/);
	});
});

describe('Fetch Test Event (manual mode)', () => {
	it('returns the latest matching change and leaves the stored cursor alone', async () => {
		await freezeClock(sb);
		const a = await placeOrder(sb);
		await advance(sb, 2);
		const b = await placeOrder(sb);
		await advance(sb, 2);
		await step(sb, [a]);
		const stored = { cursor: { v: 1, start: 'now', floor: 1, mark: 1, seen: {} } };
		const manual = await trigger(sb, { mode: 'manual', staticData: stored });
		expect(jsonOf(await manual.poll()).map((j) => [j.order_no, j.status_id])).toEqual([[a, 2]]);
		expect(manual.staticData).toEqual(stored);
		expect(manual.lastStaticData).toEqual(stored);
		const received = await trigger(sb, { mode: 'manual', event: 'statusReached', statusIds: '1' });
		expect(jsonOf(await received.poll()).map((j) => j.order_no)).toEqual([b]);
		expect(received.lastStaticData).toEqual({});
	});
});

describe('static data size', () => {
	it('stays within the overlap window whatever the number of orders', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { options: { startFrom: startFrom(t0) } });
		const orders: string[] = [];
		for (let i = 0; i < 300; i++) orders.push(await placeOrder(sb));
		let emitted = jsonOf(await poller.poll()).length;
		for (let round = 0; round < 4; round++) {
			await advance(sb, 150); // more than the overlap: earlier identities are pruned
			await step(sb, orders);
			emitted += jsonOf(await poller.poll()).length;
		}
		expect(emitted).toBe(300 * 5);
		const size = JSON.stringify(poller.staticData).length;
		const seen = (poller.staticData.cursor as { seen: Record<string, string[]> }).seen;
		// Only the last second's 300 changes are kept.
		expect(Object.keys(seen)).toEqual([
			await control(sb, 'GET', '/_sandbox/time').then((r) => r.now),
		]);
		expect(Object.values(seen)[0]).toHaveLength(300);
		expect(size).toBeLessThan(300 * 40);
		console.log(`static data after 1500 changes of 300 orders: ${size} bytes`);
		expect(
			(await visibleChanges(sb)).filter((r) => r.updated_at >= t0).map(changeIdOf),
		).toHaveLength(300);
	});
});
