/**
 * Printio Trigger: Shipping Late and Stock Changed. The pure rules (lateShipments.ts, stockLevels.ts), then the
 * events through n8n-core's poll machinery against the sandbox, with the trigger's clock (Date only, faked) kept
 * equal to the sandbox's frozen virtual clock; then randomized runs with reschedules, shipments, cancellations,
 * stock changes, restarts under every n8n persistence path, failed polls and Fetch Test Event: each late order
 * (per scheduled date) exactly once, each stock crossing exactly once, the key never in any output.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	advanceLate,
	emptyLateState,
	readLateState,
} from '../../../nodes/PrintioTrigger/lateShipments';
import { deadlineOf } from '../../../nodes/PrintioTrigger/pollAlerts';
import { advanceStock, readStockState } from '../../../nodes/PrintioTrigger/stockLevels';
import type { Sandbox } from '../../../sandbox/server';
import { scanForSecrets, type HarnessPoller } from '../../harness';
import {
	clearRequests,
	control,
	fault,
	jsonOf,
	KEY,
	placeOrder,
	requests,
	setStatus,
	startTriggerSandbox,
	step,
	tokyo,
	tokyoMs,
	trigger,
	type Json,
	type TriggerOptions,
} from './setup';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('Shipping Late rules (pure)', () => {
	const options = (nowMs: number, graceMs = 0) => ({
		nowMs,
		graceMs,
		closedStatusIds: new Set([5, 9]),
		deadlineOf: (date: string) => deadlineOf(date, 'Asia/Tokyo'),
		retentionMs: 30 * DAY,
	});
	const record = (order_no: string, scheduled: string, extra: IDataObject = {}) => ({
		order_no,
		status_id: 3,
		scheduled_shipping_date: scheduled,
		shipping_date: null,
		shipping_number: null,
		...extra,
	});

	it('a scheduled date is late from the end of that day in the API zone, plus the grace; a date-time from that instant', () => {
		expect(deadlineOf('2026-11-21', 'Asia/Tokyo')).toBe(tokyoMs('2026-11-22 00:00:00'));
		expect(deadlineOf('2026/11/30', 'Asia/Tokyo')).toBe(tokyoMs('2026-12-01 00:00:00'));
		expect(deadlineOf('2026-11-21 15:00:00', 'Asia/Tokyo')).toBe(tokyoMs('2026-11-21 15:00:00'));
		expect(deadlineOf('soon', 'Asia/Tokyo')).toBeUndefined();
		const deadline = tokyoMs('2026-11-22 00:00:00');
		expect(
			advanceLate(emptyLateState(), [record('A', '2026-11-21')], options(deadline - 1000)).late,
		).toEqual([]);
		expect(
			advanceLate(emptyLateState(), [record('A', '2026-11-21')], options(deadline)).late,
		).toHaveLength(1);
		expect(
			advanceLate(
				emptyLateState(),
				[record('A', '2026-11-21')],
				options(deadline + 5 * HOUR, 6 * HOUR),
			).late,
		).toEqual([]);
	});

	it('emits once per order and scheduled date; a reschedule is a new event; shipped or closed orders are never late', () => {
		const now = tokyoMs('2026-11-25 12:00:00');
		const first = advanceLate(
			emptyLateState(),
			[
				record('A', '2026-11-21'),
				record('B', '2026-11-22', { shipping_date: '2026-11-24' }),
				record('C', '2026-11-22', { status_id: 9 }),
				record('D', '2026-11-23', { shipping_number: '1234' }),
				record('E', '2026-11-30'),
			],
			options(now),
		);
		expect(first.late.map((late) => late.lateId)).toEqual(['A||2026-11-21']);
		const again = advanceLate(first.next, [record('A', '2026-11-21')], options(now + HOUR));
		expect(again.late).toEqual([]);
		const moved = advanceLate(again.next, [record('A', '2026-11-27')], options(now + 2 * HOUR));
		expect(moved.late).toEqual([]);
		expect(moved.next.emitted).toEqual({});
		const lateAgain = advanceLate(
			moved.next,
			[record('A', '2026-11-27')],
			options(tokyoMs('2026-11-28 00:00:00')),
		);
		expect(lateAgain.late.map((late) => late.lateId)).toEqual(['A||2026-11-27']);
	});

	it('keeps an emitted order that is not in the answer until its group is unseen for the retention time', () => {
		const now = tokyoMs('2026-11-25 12:00:00');
		const { next } = advanceLate(emptyLateState(), [record('A', '2026-11-21')], options(now));
		expect(advanceLate(next, [], options(now + 29 * DAY)).next.emitted).toEqual({
			'2026-11-21': ['A'],
		});
		expect(advanceLate(next, [], options(now + 31 * DAY)).next.emitted).toEqual({});
		expect(readLateState({ v: 99 })).toEqual(emptyLateState());
	});

	it('MultiItemOrder: each shipment is its own late order', () => {
		const now = tokyoMs('2026-11-25 12:00:00');
		const { late } = advanceLate(
			emptyLateState(),
			[
				record('A', '2026-11-21', { shipping_id: '1' }),
				record('A', '2026-11-21', { shipping_id: '2' }),
			],
			options(now),
		);
		expect(late.map((entry) => entry.lateId)).toEqual(['A|1|2026-11-21', 'A|2|2026-11-21']);
	});
});

describe('Stock Changed rules (pure)', () => {
	const entry = (code: string, quantity: number | null, orderable = true) => ({
		item_stock_code: code,
		stock_quantity: quantity,
		is_orderable: orderable,
	});

	it('emits once per crossing: low (below the threshold or not orderable), then recovered', () => {
		const first = advanceStock(
			readStockState(undefined),
			[entry('a', 5), entry('b', 0), entry('c', null, false), entry('d', null)],
			1,
		);
		expect(first.crossings.map((c) => [c.record.item_stock_code, c.event, c.reason])).toEqual([
			['b', 'stockLow', 'belowThreshold'],
			['c', 'stockLow', 'notOrderable'],
		]);
		const same = advanceStock(
			first.next,
			[entry('a', 5), entry('b', 0), entry('c', 3, false), entry('d', null)],
			1,
		);
		expect(same.crossings).toEqual([]);
		const changed = advanceStock(
			same.next,
			[entry('a', 2), entry('b', 4), entry('c', 3, true), entry('d', null)],
			3,
		);
		expect(changed.crossings.map((c) => [c.record.item_stock_code, c.event])).toEqual([
			['a', 'stockLow'],
			['b', 'stockRecovered'],
			['c', 'stockRecovered'],
		]);
		expect(changed.next.short).toEqual(['a']);
	});
});

// ------------------------------------------------------------------------------------------------------------
// Through n8n-core against the sandbox

let sb: Sandbox;

beforeAll(async () => {
	sb = await startTriggerSandbox();
});
afterAll(async () => {
	jest.useRealTimers();
	await sb.close();
});

/** Only Date is faked (frozen): timers, sockets and n8n-core's retries run for real. */
function fakeDate(ms: number): void {
	jest.useFakeTimers({
		now: ms,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}

/** Moves the sandbox's frozen clock and the trigger's clock to the same instant. */
async function setTime(ms: number): Promise<void> {
	await control(sb, 'POST', '/_sandbox/time', { set: tokyo(ms), freeze: true });
	jest.setSystemTime(ms);
}

async function reschedule(orderNo: string, date: string): Promise<void> {
	await control(sb, 'POST', `/_sandbox/orders/${orderNo}/schedule`, {
		scheduled_shipping_date: date,
	});
}

async function statuses(multi: boolean): Promise<Json[]> {
	const response = await fetch(`${sb.url}/order-statuses?date_time_from=2000-01-01%2000:00:00`, {
		headers: {
			accept: 'application/json',
			'Printio-Api-Subscription-Key': KEY,
			...(multi ? { 'X-Feature-Flags': 'MultiItemOrder' } : {}),
		},
	});
	return ((await response.json()) as Json).orders as Json[];
}

async function stocks(itemCode?: string): Promise<Json[]> {
	const response = await fetch(`${sb.url}/item-stocks`, {
		method: 'POST',
		headers: {
			accept: 'application/json',
			'content-type': 'application/json',
			'Printio-Api-Subscription-Key': KEY,
		},
		body: JSON.stringify({ retailer_id: 1, ...(itemCode ? { item_code: itemCode } : {}) }),
	});
	return ((await response.json()) as Json).item_stocks as Json[];
}

/** The test's own rule (not the node's): open, and past the end of the scheduled day (Tokyo) plus grace. */
function lateIdsAt(records: Json[], nowMs: number, graceMs: number): string[] {
	return records
		.filter(
			(r) =>
				![5, 9].includes(r.status_id) &&
				!r.shipping_date &&
				!r.shipping_number &&
				nowMs >= tokyoMs(`${r.scheduled_shipping_date} 00:00:00`) + DAY + graceMs,
		)
		.map((r) => `${r.order_no}|${r.shipping_id ?? ''}|${r.scheduled_shipping_date}`);
}

const T0 = tokyoMs('2026-12-01 10:00:00');

const lateTrigger = async (extra: Partial<TriggerOptions> = {}) =>
	await trigger(sb, { event: 'shippingLate', activation: 'init', ...extra });

/** The sandbox's seeded orders include late ones: a first poll reports them; none of them is the test's. */
async function drainSeeded(poller: HarnessPoller, own: string[]): Promise<void> {
	const seeded = jsonOf(await poller.poll());
	expect(seeded.length).toBeGreaterThan(0);
	expect(seeded.filter((item) => own.includes(item.order_no))).toEqual([]);
}

function assertNoKey(value: unknown): void {
	expect(scanForSecrets(value, [KEY])).toEqual([]);
}

describe('Shipping Late through n8n-core', () => {
	beforeEach(async () => {
		await control(sb, 'POST', '/_sandbox/reset');
		await control(sb, 'DELETE', '/_sandbox/faults');
		await clearRequests(sb);
		fakeDate(T0);
		await setTime(T0);
	});
	afterEach(() => jest.useRealTimers());

	it('emits an unshipped order once its scheduled day has ended, once; a reschedule later is a new event; an idle poll is one request', async () => {
		const orderNo = await placeOrder(sb); // scheduled 2026-12-06 (5 days)
		const poller = await lateTrigger();
		await drainSeeded(poller, [orderNo]);
		expect(await poller.poll()).toBeNull();

		await setTime(tokyoMs('2026-12-06 23:59:59'));
		expect(await poller.poll()).toBeNull();
		await setTime(tokyoMs('2026-12-07 00:00:00'));
		const [late] = jsonOf(await poller.poll());
		expect(late).toMatchObject({
			event: 'shippingLate',
			order_no: orderNo,
			late_id: `${orderNo}||2026-12-06`,
			scheduled_shipping_date: '2026-12-06',
			late_since_iso: '2026-12-07T00:00:00+09:00',
			hours_late: 0,
		});
		await clearRequests(sb);
		await setTime(tokyoMs('2026-12-07 09:00:00'));
		expect(await poller.poll()).toBeNull();
		expect((await requests(sb)).map((r: Json) => `${r.method} ${r.path}`)).toEqual([
			'GET /order-statuses',
		]);

		await reschedule(orderNo, '2026-12-08');
		expect(await poller.poll()).toBeNull();
		await setTime(tokyoMs('2026-12-09 00:00:01'));
		expect(jsonOf(await poller.poll()).map((item) => item.late_id)).toEqual([
			`${orderNo}||2026-12-08`,
		]);

		await step(sb, [orderNo], 5); // shipped
		await setTime(tokyoMs('2026-12-10 00:00:00'));
		expect(await poller.poll()).toBeNull();
		// Forgotten once seen shipped (in memory: n8n saves static data only with an emission).
		expect(JSON.stringify(poller.lastStaticData.late)).not.toContain(orderNo);
	});

	it('Grace (Hours) and Closed Status IDs', async () => {
		const [a, b] = [await placeOrder(sb), await placeOrder(sb)];
		await setStatus(sb, b, 9);
		const poller = await lateTrigger({ parameters: { lateGraceHours: 6, closedStatusIds: '9' } });
		await drainSeeded(poller, [a, b]);
		await setTime(tokyoMs('2026-12-07 05:59:59'));
		expect(await poller.poll()).toBeNull();
		await setTime(tokyoMs('2026-12-07 06:00:00'));
		expect(jsonOf(await poller.poll()).map((item) => item.order_no)).toEqual([a]);
	});

	it('MultiItemOrder: each late shipment once; Fetch Test Event shows late orders without touching the state', async () => {
		const orderNo = await placeOrder(sb, { multi: true });
		const poller = await lateTrigger({ options: { multiItemOrder: true } });
		await drainSeeded(poller, [orderNo]);
		await setTime(tokyoMs('2026-12-08 00:00:00'));
		const first = jsonOf(await poller.poll());
		expect(first.map((item) => item.late_id).sort()).toEqual(
			[`${orderNo}|${orderNo}-1|2026-12-06`, `${orderNo}|${orderNo}-2|2026-12-06`].sort(),
		);
		const manual = await lateTrigger({
			options: { multiItemOrder: true },
			mode: 'manual',
			staticData: poller.staticData,
		});
		const before = JSON.stringify(poller.staticData);
		expect(jsonOf(await manual.poll()).filter((item) => item.order_no === orderNo)).toHaveLength(2);
		expect(JSON.stringify(manual.lastStaticData)).toBe(before);
		expect(await poller.poll()).toBeNull();
	});

	it('a failed poll emits nothing and moves nothing; the next one emits', async () => {
		const orderNo = await placeOrder(sb);
		const poller = await lateTrigger();
		await drainSeeded(poller, [orderNo]);
		const stored = JSON.stringify(poller.staticData);
		await setTime(tokyoMs('2026-12-07 00:00:00'));
		await fault(sb, 'GET /order-statuses', 'malformedJson', { times: 1 });
		await expect(poller.poll()).rejects.toThrow();
		expect(JSON.stringify(poller.staticData)).toBe(stored);
		expect(jsonOf(await poller.poll()).map((item) => item.order_no)).toEqual([orderNo]);
	});
});

describe('randomized Shipping Late runs: each late order (per scheduled date) exactly once', () => {
	afterEach(() => jest.useRealTimers());

	type Runtime = { retainInMemory: boolean; durableCursors?: boolean };
	const RUNTIMES: Runtime[] = [
		{ retainInMemory: true },
		{ retainInMemory: false },
		{ retainInMemory: false, durableCursors: true },
	];

	async function run(seed: number, multi: boolean, graceHours: number) {
		const random = prng(seed);
		const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
		await control(sb, 'POST', '/_sandbox/reset');
		await control(sb, 'DELETE', '/_sandbox/faults');
		fakeDate(T0);
		let nowMs = T0;
		await setTime(nowMs);
		const make = async (runtime: Runtime, staticData: IDataObject) =>
			await lateTrigger({
				options: { multiItemOrder: multi },
				parameters: { lateGraceHours: graceHours },
				staticData,
				...runtime,
			});
		let poller: HarnessPoller = await make(RUNTIMES[0], {});
		const orders: string[] = [];
		const emitted = new Map<string, number>();
		const exposed = new Set<string>();
		const stats = { polls: 0, failedPolls: 0, restarts: 0, reschedules: 0, shipped: 0, manual: 0 };

		const pollOnce = async (expectFailure: boolean) => {
			stats.polls++;
			try {
				const result = await poller.poll();
				assertNoKey(result);
				for (const item of jsonOf(result))
					emitted.set(item.late_id, (emitted.get(item.late_id) ?? 0) + 1);
				for (const id of lateIdsAt(await statuses(multi), nowMs, graceHours * HOUR))
					exposed.add(id);
			} catch (error) {
				stats.failedPolls++;
				assertNoKey(error);
				if (!expectFailure) throw error;
			}
			await control(sb, 'DELETE', '/_sandbox/faults');
		};

		for (let i = 0; i < 140; i++) {
			const r = random();
			if (r < 0.3 || orders.length < 4) {
				orders.push(await placeOrder(sb, { multi: multi && random() < 0.5 }));
			} else if (r < 0.5) {
				const subset = orders.filter(() => random() < 0.2);
				if (subset.length) await step(sb, subset, 1 + Math.floor(random() * 2));
				stats.shipped += subset.length;
			} else if (r < 0.65) {
				stats.reschedules++;
				const target = pick(orders);
				const date = tokyo(nowMs + Math.floor(random() * 8 - 3) * DAY).slice(0, 10);
				await reschedule(target, date);
			} else if (r < 0.7) {
				await setStatus(sb, pick(orders), 9).catch(() => undefined); // not every status can be cancelled
			}
			// Time moves on: up to a day, mostly a few hours (the run spans about two weeks, inside the look-back).
			nowMs += Math.floor(random() * (random() < 0.2 ? 24 : 5) * HOUR);
			await setTime(nowMs);

			if (random() < 0.1) {
				stats.restarts++;
				poller = await make(pick(RUNTIMES), poller.staticData);
			}
			if (random() < 0.04) {
				stats.manual++;
				const before = JSON.stringify(poller.staticData);
				const manual = await lateTrigger({
					options: { multiItemOrder: multi },
					mode: 'manual',
					staticData: poller.staticData,
				});
				assertNoKey(await manual.poll());
				expect(JSON.stringify(manual.lastStaticData)).toBe(before);
			}
			if (random() < 0.4) continue;
			let expectFailure = false;
			const f = random();
			if (f < 0.08) {
				await fault(sb, 'GET /order-statuses', 'malformedJson', { times: 1 });
				expectFailure = true;
			} else if (f < 0.14) {
				await fault(sb, 'GET /order-statuses', pick(['http500', 'closeBeforeCommit']), {
					times: 1,
				});
			}
			await pollOnce(expectFailure);
		}
		await pollOnce(false);

		const duplicated = [...emitted].filter(([, count]) => count > 1).map(([id]) => id);
		const lost = [...exposed].filter((id) => !emitted.has(id));
		const unexpected = [...emitted.keys()].filter((id) => !exposed.has(id));
		const stateBytes = JSON.stringify(poller.staticData).length;
		console.log(
			`late seed ${seed}${multi ? ' (MultiItemOrder)' : ''}: ${JSON.stringify({ ...stats, orders: orders.length, exposed: exposed.size, stateBytes })}`,
		);
		expect({ duplicated, lost, unexpected }).toEqual({ duplicated: [], lost: [], unexpected: [] });
		expect(exposed.size).toBeGreaterThan(15);
		expect(stats.reschedules).toBeGreaterThan(5);
		expect(stats.restarts).toBeGreaterThan(3);
		expect(stats.failedPolls).toBeGreaterThan(0);
	}

	it('plain orders, no grace', async () => await run(151, false, 0), 120_000);
	it('MultiItemOrder shipments, 5 hours grace', async () => await run(152, true, 5), 120_000);
});

describe('Stock Changed through n8n-core', () => {
	beforeEach(async () => {
		await control(sb, 'POST', '/_sandbox/reset');
		await control(sb, 'DELETE', '/_sandbox/faults');
		await clearRequests(sb);
	});

	const stockTrigger = async (extra: Partial<TriggerOptions> = {}) =>
		await trigger(sb, { event: 'stockChanged', activation: 'init', ...extra });
	const setStock = async (code: string, change: IDataObject) =>
		await control(sb, 'POST', `/_sandbox/stock/${code}`, change);

	it('reports what is short at the first poll, then each crossing once, for the chosen items (one request per item)', async () => {
		const codes = (await stocks('OGB-910')).map((s: Json) => s.item_stock_code as string);
		await clearRequests(sb);
		const poller = await stockTrigger({
			parameters: { stockItemCodes: 'OGB-910', stockThreshold: 3 },
		});
		// Navy XXL starts with 3 left: not below 3.
		expect(await poller.poll()).toBeNull();
		expect(
			(await requests(sb)).map((r: Json) => `${r.method} ${r.path} ${r.body?.item_code}`),
		).toEqual(['POST /item-stocks OGB-910']);

		await setStock(codes[0], { stock_quantity: 2 });
		await setStock(codes[1], { is_orderable: false });
		const low = jsonOf(await poller.poll());
		expect(low.map((item) => [item.item_stock_code, item.event, item.reason])).toEqual([
			[codes[0], 'stockLow', 'belowThreshold'],
			[codes[1], 'stockLow', 'notOrderable'],
		]);
		expect(await poller.poll()).toBeNull();
		await setStock(codes[0], { stock_quantity: 1 });
		expect(await poller.poll()).toBeNull();
		await setStock(codes[0], { stock_quantity: null });
		expect(jsonOf(await poller.poll()).map((item) => [item.item_stock_code, item.event])).toEqual([
			[codes[0], 'stockRecovered'],
		]);
		expect(poller.staticData.stock).toEqual({ v: 1, short: [codes[1]] });
	});

	it('randomized: each crossing exactly once across restarts, failed polls and Fetch Test Event', async () => {
		const random = prng(153);
		const all = (await stocks()).map((s: Json) => s.item_stock_code as string);
		const watched = all.filter(() => random() < 0.3);
		type Runtime = { retainInMemory: boolean; durableCursors?: boolean };
		const RUNTIMES: Runtime[] = [
			{ retainInMemory: true },
			{ retainInMemory: false },
			{ retainInMemory: false, durableCursors: true },
		];
		const make = async (runtime: Runtime, staticData: IDataObject) =>
			await stockTrigger({ parameters: { stockThreshold: 2 }, staticData, ...runtime });
		let poller = await make(RUNTIMES[0], {});
		let short = new Set<string>();
		const expected: string[] = [];
		const emitted: string[] = [];
		const stats = { polls: 0, failedPolls: 0, restarts: 0, crossings: 0 };
		for (let i = 0; i < 120; i++) {
			for (const code of watched.filter(() => random() < 0.1)) {
				const quantity = random() < 0.3 ? null : Math.floor(random() * 5);
				await setStock(
					code,
					random() < 0.2 ? { is_orderable: random() < 0.5 } : { stock_quantity: quantity },
				);
			}
			if (random() < 0.1) {
				stats.restarts++;
				poller = await make(RUNTIMES[Math.floor(random() * RUNTIMES.length)], poller.staticData);
			}
			if (random() < 0.05) {
				const before = JSON.stringify(poller.staticData);
				const manual = await stockTrigger({
					parameters: { stockThreshold: 2 },
					mode: 'manual',
					staticData: poller.staticData,
				});
				assertNoKey(await manual.poll());
				expect(JSON.stringify(manual.lastStaticData)).toBe(before);
			}
			if (random() < 0.3) continue;
			const failing = random() < 0.1;
			if (failing) await fault(sb, 'POST /item-stocks', 'malformedJson', { times: 1 });
			stats.polls++;
			try {
				const result = await poller.poll();
				assertNoKey(result);
				for (const item of jsonOf(result))
					emitted.push(`${i}|${item.item_stock_code}|${item.event}`);
				// Ground truth: the crossings between the last successful poll and this one.
				const now = new Set(
					(await stocks())
						.filter(
							(s: Json) =>
								s.is_orderable === false || (s.stock_quantity !== null && s.stock_quantity < 2),
						)
						.map((s: Json) => s.item_stock_code as string),
				);
				for (const code of now) if (!short.has(code)) expected.push(`${i}|${code}|stockLow`);
				for (const code of short) if (!now.has(code)) expected.push(`${i}|${code}|stockRecovered`);
				short = now;
			} catch (error) {
				stats.failedPolls++;
				assertNoKey(error);
				if (!failing) throw error;
			}
			await control(sb, 'DELETE', '/_sandbox/faults');
		}
		stats.crossings = expected.length;
		console.log(
			`stock seed 153: ${JSON.stringify({ ...stats, watched: watched.length, stateBytes: JSON.stringify(poller.staticData).length })}`,
		);
		expect(emitted.sort()).toEqual(expected.sort());
		expect(expected.length).toBeGreaterThan(20);
		expect(stats.restarts).toBeGreaterThan(3);
		expect(stats.failedPolls).toBeGreaterThan(0);
	}, 120_000);
});

/** Deterministic pseudo-random numbers (mulberry32). */
function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
