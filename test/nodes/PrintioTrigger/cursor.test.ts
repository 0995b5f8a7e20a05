/**
 * The trigger's cursor (nodes/PrintioTrigger/cursor.ts), rule by rule where the model tests in
 * cursor.model.test.ts and the property in cursor.properties.test.ts do not pin them down: which stored
 * states are trusted, the total order of changes, the state kept, and a start point without its instant.
 */
import {
	advance,
	changeIdOf,
	compareChanges,
	type CursorState,
	latestChanges,
	readCursor,
	type StatusRecordLike,
	UnreadableDateTimeError,
} from '../../../nodes/PrintioTrigger/cursor';
import { formatApiDateTime, parseApiDateTime } from '../../../nodes/shared/printio/time';

const T0 = Date.parse('2026-11-21T01:00:00Z');
const OVERLAP = 120_000;
const api = (ms: number) => formatApiDateTime(ms, 'Asia/Tokyo');
const parseTime = (text: string) => parseApiDateTime(text, 'Asia/Tokyo');
const all = () => true;
const rec = (
	order_no: string,
	status_id: number,
	atMs: number,
	shipping_id?: string | null,
): StatusRecordLike => ({
	order_no,
	status_id,
	updated_at: api(atMs),
	...(shipping_id !== undefined ? { shipping_id } : {}),
});
const settings = { start: 'now', nowMs: T0, lookBackMs: 240_000, overlapMs: OVERLAP };

describe('readCursor', () => {
	const stored: CursorState = {
		v: 1,
		start: 'now',
		floor: T0 - 5000,
		mark: T0 - 1000,
		seen: { [api(T0 - 1000)]: ['["A",null,1]'] },
	};

	it('trusts only a complete state of this version', () => {
		expect(readCursor(stored, settings)).toEqual({ stored: true, state: stored });
		for (const broken of [
			{ ...stored, start: 5 },
			{ ...stored, start: undefined },
			{ ...stored, floor: Number.NaN },
			{ ...stored, floor: '1' },
			{ ...stored, floor: undefined },
			{ ...stored, mark: Infinity },
			{ ...stored, mark: undefined },
			{ ...stored, seen: null },
			{ ...stored, seen: undefined },
			{ ...stored, seen: 5 },
			{ ...stored, seen: true },
			{ ...stored, seen: { x: ['a'], y: null } },
			{ ...stored, v: '1' },
			undefined,
			0,
		]) {
			expect(readCursor(broken, settings)).toEqual({
				stored: false,
				state: { v: 1, start: 'now', floor: T0 - 240_000, mark: T0 - 240_000, seen: {} },
			});
		}
	});

	it('"now" starts one look-back before now, whatever instant comes with it', () => {
		expect(readCursor(undefined, { ...settings, startAtMs: T0 - 999_000 }).state).toEqual({
			v: 1,
			start: 'now',
			floor: T0 - 240_000,
			mark: T0 - 240_000,
			seen: {},
		});
	});

	it('a start point without its instant starts one look-back before now', () => {
		expect(readCursor(undefined, { ...settings, start: 'at:tomorrow' }).state).toEqual({
			v: 1,
			start: 'at:tomorrow',
			floor: T0 - 240_000,
			mark: T0 - 240_000,
			seen: {},
		});
	});
});

describe('the order of changes', () => {
	const changeOf = (record: StatusRecordLike) => ({
		record,
		atMs: parseTime(record.updated_at)!,
		changeId: changeIdOf(record),
	});

	it('is updated_at, then order number, then shipment (none first), then status id', () => {
		const ordered = [
			rec('B', 9, T0 - 1000),
			rec('A', 1, T0),
			rec('A', 2, T0),
			rec('A', 1, T0, 'S1'),
			rec('A', 2, T0, 'S1'),
			rec('A', 1, T0, 'S2'),
			rec('B', 1, T0),
			rec('A', 1, T0 + 1000),
		].map(changeOf);
		for (let i = 0; i < ordered.length; i++) {
			for (let j = 0; j < ordered.length; j++) {
				expect([i, j, Math.sign(compareChanges(ordered[i], ordered[j]))]).toEqual([
					i,
					j,
					Math.sign(i - j),
				]);
			}
		}
		// Numbers as the API might send them: compared as text (order numbers) and as numbers (status ids).
		const asNumbers = (order_no: unknown, status_id: unknown) =>
			changeOf({ order_no, status_id, updated_at: api(T0) } as StatusRecordLike);
		expect(compareChanges(asNumbers(10, 2), asNumbers(9, 2))).toBeLessThan(0);
		expect(compareChanges(asNumbers('A', '10'), asNumbers('A', '9'))).toBeGreaterThan(0);
	});

	it('one poll emits two statuses of one order in the same second in status order', () => {
		const { changes } = advance(
			readCursor(undefined, settings).state,
			[rec('A', 3, T0), rec('A', 2, T0)],
			{ overlapMs: OVERLAP, parseTime, matches: all },
		);
		expect(changes.map((change) => change.changeId)).toEqual([
			`A||2|${api(T0)}`,
			`A||3|${api(T0)}`,
		]);
	});

	it('the change id is order, shipment, status and updated_at', () => {
		expect(changeIdOf(rec('A', 3, T0, 'S1'))).toBe(`A|S1|3|${api(T0)}`);
		expect(changeIdOf(rec('A', 3, T0, null))).toBe(`A||3|${api(T0)}`);
	});
});

describe('advance', () => {
	const fresh = () =>
		readCursor(undefined, { ...settings, start: `at:${T0}`, startAtMs: T0 }).state;
	const options = { overlapMs: OVERLAP, parseTime, matches: all };

	it('emits a change exactly at the start of its window, not one second before', () => {
		const { changes } = advance(fresh(), [rec('A', 1, T0), rec('B', 1, T0 - 1000)], options);
		expect(changes.map((change) => change.record.order_no)).toEqual(['A']);
		const later = advance(fresh(), [rec('C', 1, T0 + 300_000)], options).next;
		const again = advance(later, [rec('D', 1, T0 + 180_000), rec('E', 1, T0 + 179_000)], options);
		expect(again.changes.map((change) => change.record.order_no)).toEqual(['D']);
	});

	it('keeps the identities of one second sorted (as text), with null for no shipment, and keeps the ones it had', () => {
		const first = advance(
			fresh(),
			[rec('B', 1, T0), rec('A', 2, T0, 'S1'), rec('A', 1, T0)],
			options,
		);
		expect(first.next).toEqual({
			v: 1,
			start: `at:${T0}`,
			floor: T0,
			mark: T0,
			seen: { [api(T0)]: ['["A","S1",2]', '["A",null,1]', '["B",null,1]'] },
		});
		const second = advance(first.next, [rec('C', 1, T0), rec('A', 1, T0)], options);
		expect(second.changes.map((change) => change.changeId)).toEqual([`C||1|${api(T0)}`]);
		expect(second.next.seen).toEqual({
			[api(T0)]: ['["A","S1",2]', '["A",null,1]', '["B",null,1]', '["C",null,1]'],
		});
	});

	it('a repeated record in one answer is emitted once', () => {
		expect(advance(fresh(), [rec('A', 1, T0), rec('A', 1, T0)], options).changes).toHaveLength(1);
	});

	it('does not move the mark back for an older record, and keeps what the window still holds', () => {
		const state: CursorState = {
			v: 1,
			start: 'now',
			floor: T0 - 600_000,
			mark: T0,
			seen: {
				[api(T0 - 120_000)]: ['["X",null,1]'],
				[api(T0 - 121_000)]: ['["Y",null,1]'],
				'not a time': ['["Z",null,1]'],
			},
		};
		const { next } = advance(state, [rec('A', 1, T0 - 60_000)], options);
		expect(next).toEqual({
			v: 1,
			start: 'now',
			floor: T0 - 600_000,
			mark: T0,
			seen: { [api(T0 - 120_000)]: ['["X",null,1]'], [api(T0 - 60_000)]: ['["A",null,1]'] },
		});
	});

	it('an unreadable updated_at fails with the value as it came', () => {
		const error = (() => {
			try {
				advance(
					fresh(),
					[{ order_no: 'A', status_id: 1, updated_at: 42 as unknown as string }],
					options,
				);
			} catch (thrown) {
				return thrown;
			}
			return undefined;
		})();
		expect(error).toBeInstanceOf(UnreadableDateTimeError);
		expect((error as UnreadableDateTimeError).value).toBe(42);
		expect((error as Error).message).toBe(
			'Printio returned an updated_at that is not a date-time: 42',
		);
	});
});

describe('latestChanges', () => {
	it('the latest `count` matching changes, oldest first; unreadable ones passed over', () => {
		const records = [
			rec('A', 1, T0 + 3000),
			rec('B', 1, T0 + 1000),
			{ order_no: 'X', status_id: 1, updated_at: 'soon' },
			rec('C', 2, T0 + 2000),
		];
		expect(
			latestChanges(records, { parseTime, matches: all }, 2).map(
				(change) => change.record.order_no,
			),
		).toEqual(['C', 'A']);
		expect(
			latestChanges(records, { parseTime, matches: (record) => record.status_id === 1 }, 5).map(
				(change) => change.record.order_no,
			),
		).toEqual(['B', 'A']);
		expect(latestChanges(records, { parseTime, matches: all })).toEqual([
			{ record: records[0], atMs: T0 + 3000, changeId: `A||1|${api(T0 + 3000)}` },
		]);
	});
});
