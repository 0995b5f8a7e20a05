/** The "Shipping Late" memory as a pure module: when an order is late, each late order once per date, forgetting. */
import {
	advanceLate,
	emptyLateState,
	type LateOptions,
	type LateRecordLike,
	lateSince,
	orderKeyOf,
	readLateState,
} from '../../../nodes/PrintioTrigger/lateShipments';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Deadline of a date: its end, read as UTC for the test (the node passes the API zone's). */
const deadlineOf = (date: string) => {
	const ms = Date.parse(`${date}T00:00:00Z`);
	return Number.isFinite(ms) ? ms + DAY : undefined;
};
const NOW = Date.parse('2026-11-25T12:00:00Z');
const options = (overrides: Partial<LateOptions> = {}): LateOptions => ({
	nowMs: NOW,
	graceMs: 2 * HOUR,
	closedStatusIds: new Set([6, 9]),
	deadlineOf,
	retentionMs: 3 * DAY,
	...overrides,
});
const rec = (
	order_no: string,
	scheduled: string | null,
	extra: Partial<LateRecordLike> = {},
): LateRecordLike => ({
	order_no,
	status_id: 3,
	scheduled_shipping_date: scheduled,
	...extra,
});

describe('readLateState', () => {
	it('keeps a valid state as a copy and starts empty otherwise', () => {
		const stored = { v: 1, emitted: { '2026-11-20': ['A'] }, seen: { '2026-11-20': 5 } };
		const state = readLateState(stored);
		expect(state).toEqual(stored);
		state.emitted.x = [];
		state.seen.x = 1;
		expect(stored).toEqual({ v: 1, emitted: { '2026-11-20': ['A'] }, seen: { '2026-11-20': 5 } });
		for (const broken of [
			undefined,
			null,
			'state',
			7,
			{ v: 2, emitted: {}, seen: {} },
			{ v: 1, seen: {} },
			{ v: 1, emitted: {} },
			{ v: 1, emitted: { d: 'A' }, seen: {} },
			{ v: 1, emitted: null, seen: {} },
			{ v: 1, emitted: {}, seen: 3 },
			{ v: 1, emitted: 'x', seen: {} },
			{ v: 2, emitted: { d: ['A'] }, seen: { d: 5 } },
			{ v: 1, emitted: 5, seen: { d: 5 } },
			{ v: 1, emitted: { d: ['A'], e: 'x' }, seen: {} },
			{ v: 1, emitted: { d: ['A'] }, seen: 3 },
			{ v: 1, emitted: { d: ['A'] }, seen: null },
			{ v: 1, emitted: { d: ['A'] } },
		]) {
			expect(readLateState(broken)).toEqual(emptyLateState());
		}
		expect(emptyLateState()).toEqual({ v: 1, emitted: {}, seen: {} });
	});
});

describe('orderKeyOf', () => {
	it('is the order number, with the shipment when there is one', () => {
		expect(orderKeyOf(rec('P1', null))).toBe('P1');
		expect(orderKeyOf(rec('P1', null, { shipping_id: null }))).toBe('P1');
		expect(orderKeyOf(rec('P1', null, { shipping_id: '' }))).toBe('P1');
		expect(orderKeyOf(rec('P1', null, { shipping_id: 'S2' }))).toBe('P1|S2');
	});
});

describe('lateSince', () => {
	it('is the deadline plus grace once now has reached it, for an open order', () => {
		const since = deadlineOf('2026-11-24')! + 2 * HOUR; // 2026-11-25T02:00Z
		expect(lateSince(rec('P', '2026-11-24'), options())).toBe(since);
		expect(lateSince(rec('P', ' 2026-11-24 '), options())).toBe(since);
		expect(lateSince(rec('P', '2026-11-24'), options({ nowMs: since }))).toBe(since);
		expect(lateSince(rec('P', '2026-11-24'), options({ nowMs: since - 1 }))).toBeUndefined();
		expect(lateSince(rec('P', '2026-11-25'), options())).toBeUndefined();
	});

	it('is never late when closed, shipped, unscheduled or unreadable', () => {
		expect(lateSince(rec('P', '2026-11-01', { status_id: 6 }), options())).toBeUndefined();
		// A status id that arrived as text (JSON from a proxy) is still the closed status.
		const textStatus = JSON.parse(
			'{"order_no":"P","status_id":"9","scheduled_shipping_date":"2026-11-01"}',
		) as LateRecordLike;
		expect(lateSince(textStatus, options())).toBeUndefined();
		expect(
			lateSince(rec('P', '2026-11-01', { shipping_date: '2026-11-02' }), options()),
		).toBeUndefined();
		expect(
			lateSince(rec('P', '2026-11-01', { shipping_number: 'SLIP-1' }), options()),
		).toBeUndefined();
		expect(
			lateSince(rec('P', '2026-11-01', { shipping_number: ' ', shipping_date: null }), options()),
		).toBe(deadlineOf('2026-11-01')! + 2 * HOUR);
		expect(lateSince(rec('P', null), options())).toBeUndefined();
		expect(lateSince(rec('P', '  '), options())).toBeUndefined();
		expect(lateSince(rec('P', 'someday'), options())).toBeUndefined();
		// Unscheduled, whatever the deadline reader would make of it.
		const anyDeadline = options({ deadlineOf: () => 0 });
		expect(lateSince(rec('P', null), anyDeadline)).toBeUndefined();
		expect(lateSince(rec('P', ' '), anyDeadline)).toBeUndefined();
		expect(lateSince(rec('P', undefined as unknown as string), anyDeadline)).toBeUndefined();
		expect(lateSince(rec('P', 'x'), anyDeadline)).toBe(2 * HOUR);
	});
});

describe('advanceLate', () => {
	it('emits each late order once per scheduled date, most overdue first, then by id', () => {
		const records = [
			rec('B', '2026-11-23'),
			rec('A', '2026-11-23', { shipping_id: 'S1' }),
			rec('C', '2026-11-20'),
			rec('D', '2026-11-30'),
		];
		const first = advanceLate(emptyLateState(), records, options());
		expect(first.late.map((order) => order.lateId)).toEqual([
			'C||2026-11-20',
			'A|S1|2026-11-23',
			'B||2026-11-23',
		]);
		expect(first.late[0]).toEqual({
			record: records[2],
			lateSinceMs: deadlineOf('2026-11-20')! + 2 * HOUR,
			lateId: 'C||2026-11-20',
		});
		expect(first.next).toEqual({
			v: 1,
			emitted: { '2026-11-23': ['A|S1', 'B'], '2026-11-20': ['C'] },
			seen: { '2026-11-23': NOW, '2026-11-20': NOW },
		});
		// The next poll sees the same: nothing new, the memory stays (seen moves on).
		const again = advanceLate(first.next, records, options({ nowMs: NOW + HOUR }));
		expect(again.late).toEqual([]);
		expect(again.next.emitted).toEqual(first.next.emitted);
		expect(again.next.seen).toEqual({ '2026-11-23': NOW + HOUR, '2026-11-20': NOW + HOUR });
	});

	it('forgets an order seen shipped, closed or rescheduled, and emits a rescheduled one again once late for its new date', () => {
		const start = advanceLate(
			emptyLateState(),
			[rec('A', '2026-11-20'), rec('B', '2026-11-20'), rec('C', '2026-11-20')],
			options(),
		).next;
		const after = advanceLate(
			start,
			[
				rec('A', '2026-11-20', { shipping_number: 'X' }),
				rec('B', '2026-11-23'),
				rec('C', '2026-11-20'),
			],
			options(),
		);
		expect(after.late.map((order) => order.lateId)).toEqual(['B||2026-11-23']);
		expect(after.next.emitted).toEqual({ '2026-11-20': ['C'], '2026-11-23': ['B'] });
	});

	it('keeps an order it did not see this time, and drops a group nobody saw late for the retention time', () => {
		const start = advanceLate(emptyLateState(), [rec('A', '2026-11-20')], options()).next;
		const unseen = advanceLate(start, [], options({ nowMs: NOW + 3 * DAY }));
		expect(unseen.next).toEqual({
			v: 1,
			emitted: { '2026-11-20': ['A'] },
			seen: { '2026-11-20': NOW },
		});
		expect(advanceLate(start, [], options({ nowMs: NOW + 3 * DAY + 1 })).next).toEqual(
			emptyLateState(),
		);
		// A group without a seen time counts as seen now.
		expect(
			advanceLate({ v: 1, emitted: { '2026-11-20': ['A'] }, seen: {} }, [], options()).next,
		).toEqual({
			v: 1,
			emitted: { '2026-11-20': ['A'] },
			seen: { '2026-11-20': NOW },
		});
	});

	it('orders equally late ones by id (as text), whatever order they came in', () => {
		const records = [
			rec('B', '2026-11-23'),
			rec('A', '2026-11-23', { shipping_id: 'S1' }),
			rec('A', '2026-11-23'),
			rec('C', '2026-11-22'),
		];
		const expected = ['C||2026-11-22', 'A|S1|2026-11-23', 'A||2026-11-23', 'B||2026-11-23'];
		const permutations = (list: LateRecordLike[]): LateRecordLike[][] =>
			list.length <= 1
				? [list]
				: list.flatMap((first, i) =>
						permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [
							first,
							...rest,
						]),
					);
		for (const order of permutations(records)) {
			expect(
				advanceLate(emptyLateState(), order, options()).late.map((late) => late.lateId),
			).toEqual(expected);
		}
	});

	it('keys a scheduled date as trimmed text', () => {
		const { late, next } = advanceLate(emptyLateState(), [rec('A', ' 2026-11-20 ')], options());
		expect(late.map((order) => order.lateId)).toEqual(['A||2026-11-20']);
		expect(next).toEqual({ v: 1, emitted: { '2026-11-20': ['A'] }, seen: { '2026-11-20': NOW } });
	});

	it('drops a date once none of its orders is left', () => {
		const start = advanceLate(emptyLateState(), [rec('A', '2026-11-20')], options()).next;
		expect(
			advanceLate(start, [rec('A', '2026-11-20', { shipping_number: 'X' })], options()).next,
		).toEqual(emptyLateState());
	});

	it('does not emit twice for a repeated record in one answer', () => {
		const { late } = advanceLate(
			emptyLateState(),
			[rec('A', '2026-11-20'), rec('A', '2026-11-20')],
			options(),
		);
		expect(late).toHaveLength(1);
	});
});
