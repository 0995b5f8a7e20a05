/** The cursor as a pure module: its rules one by one, then a model of the API with late-visible commits. */
import {
	advance,
	type CursorState,
	latestChanges,
	queryStartMs,
	readCursor,
	type StatusRecordLike,
} from '../../../nodes/PrintioTrigger/cursor';
import { formatApiDateTime, parseApiDateTime } from '../../../nodes/shared/printio/time';

const T0 = Date.parse('2026-11-21T01:00:00Z'); // 10:00:00 in Tokyo
const api = (ms: number) => formatApiDateTime(ms, 'Asia/Tokyo');
const parseTime = (text: string) => parseApiDateTime(text, 'Asia/Tokyo');
const OVERLAP = 120_000;
const all = () => true;

const rec = (
	order_no: string,
	status_id: number,
	atMs: number,
	shipping_id?: string,
): StatusRecordLike => ({
	order_no,
	status_id,
	updated_at: api(atMs),
	...(shipping_id ? { shipping_id } : {}),
});

const settings = (start = 'now', startAtMs?: number) => ({
	start,
	startAtMs,
	nowMs: T0,
	lookBackMs: 240_000,
	overlapMs: OVERLAP,
});

describe('readCursor', () => {
	it('starts "now" one look-back before now, and a replay at its date-time', () => {
		expect(readCursor(undefined, settings()).state).toEqual({
			v: 1,
			start: 'now',
			floor: T0 - 240_000,
			mark: T0 - 240_000,
			seen: {},
		});
		expect(readCursor({}, settings(`at:${T0 - 5}`, T0 - 5))).toEqual({
			stored: false,
			state: { v: 1, start: `at:${T0 - 5}`, floor: T0 - 5, mark: T0 - 5, seen: {} },
		});
	});

	it('keeps a valid stored cursor for the same start, and starts over for another start or a broken one', () => {
		const stored: CursorState = { v: 1, start: 'now', floor: 1, mark: 2, seen: { x: ['a'] } };
		expect(readCursor(stored, settings())).toEqual({ stored: true, state: stored });
		expect(readCursor(stored, settings(`at:${T0}`, T0)).stored).toBe(false);
		for (const broken of [
			{ ...stored, v: 2 },
			{ ...stored, mark: 'x' },
			{ ...stored, seen: { x: 'a' } },
			null,
			'cursor',
		]) {
			expect(readCursor(broken, settings()).stored).toBe(false);
		}
		// The stored object is not modified through the returned state.
		const { state } = readCursor(stored, settings());
		state.seen.y = ['b'];
		expect(stored.seen).toEqual({ x: ['a'] });
	});
});

describe('advance', () => {
	const fresh = () => readCursor(undefined, settings(`at:${T0}`, T0)).state;

	it('emits new changes oldest first (updated_at, order_no, shipping_id, status_id) and remembers them', () => {
		const records = [
			rec('B', 2, T0 + 1000),
			rec('A', 3, T0 + 1000, 'S2'),
			rec('A', 3, T0 + 1000, 'S1'),
			rec('C', 1, T0),
		];
		const { changes, next } = advance(fresh(), records, {
			overlapMs: OVERLAP,
			parseTime,
			matches: all,
		});
		expect(changes.map((c) => c.changeId)).toEqual([
			`C||1|${api(T0)}`,
			`A|S1|3|${api(T0 + 1000)}`,
			`A|S2|3|${api(T0 + 1000)}`,
			`B||2|${api(T0 + 1000)}`,
		]);
		expect(next.mark).toBe(T0 + 1000);
		expect(advance(next, records, { overlapMs: OVERLAP, parseTime, matches: all }).changes).toEqual(
			[],
		);
	});

	it('tells apart two statuses of one order in the same second', () => {
		const first = advance(fresh(), [rec('A', 2, T0)], {
			overlapMs: OVERLAP,
			parseTime,
			matches: all,
		});
		const second = advance(first.next, [rec('A', 3, T0)], {
			overlapMs: OVERLAP,
			parseTime,
			matches: all,
		});
		expect(second.changes.map((c) => c.record.status_id)).toEqual([3]);
	});

	it('ignores records before the window (start point, or already processed and pruned)', () => {
		const { changes } = advance(fresh(), [rec('A', 1, T0 - 1000)], {
			overlapMs: OVERLAP,
			parseTime,
			matches: all,
		});
		expect(changes).toEqual([]);
		const later = advance(fresh(), [rec('B', 1, T0 + 600_000)], {
			overlapMs: OVERLAP,
			parseTime,
			matches: all,
		}).next;
		expect(queryStartMs(later, OVERLAP)).toBe(T0 + 480_000);
		expect(
			advance(later, [rec('C', 1, T0 + 479_000)], { overlapMs: OVERLAP, parseTime, matches: all })
				.changes,
		).toEqual([]);
	});

	it('moves the mark past filtered-out records without remembering them', () => {
		const { changes, next } = advance(fresh(), [rec('A', 1, T0 + 5000), rec('B', 5, T0 + 1000)], {
			overlapMs: OVERLAP,
			parseTime,
			matches: (r) => r.status_id === 5,
		});
		expect(changes.map((c) => c.record.order_no)).toEqual(['B']);
		expect(next.mark).toBe(T0 + 5000);
		expect(next.seen).toEqual({ [api(T0 + 1000)]: ['["B",null,5]'] });
	});

	it('prunes identities older than the overlap window before the mark', () => {
		let state = fresh();
		for (let s = 0; s < 600; s += 10) {
			state = advance(state, [rec(`O${s}`, 1, T0 + s * 1000)], {
				overlapMs: OVERLAP,
				parseTime,
				matches: all,
			}).next;
		}
		const kept = Object.keys(state.seen).map((t) => parseTime(t)!);
		expect(Math.min(...kept)).toBe(state.mark - OVERLAP);
		expect(kept).toHaveLength(13);
	});

	it('throws on an updated_at it cannot read, before changing anything', () => {
		const state = fresh();
		const before = JSON.stringify(state);
		expect(() =>
			advance(state, [rec('A', 1, T0), { order_no: 'B', status_id: 1, updated_at: 'soon' }], {
				overlapMs: OVERLAP,
				parseTime,
				matches: all,
			}),
		).toThrow(/not a date-time/);
		expect(JSON.stringify(state)).toBe(before);
	});
});

describe('latestChanges (manual mode)', () => {
	it('returns the most recent matching change', () => {
		const records = [rec('A', 2, T0 + 2000), rec('B', 5, T0 + 1000), rec('C', 5, T0 + 1000)];
		expect(
			latestChanges(records, { parseTime, matches: all }).map((c) => c.record.order_no),
		).toEqual(['A']);
		expect(
			latestChanges(records, { parseTime, matches: (r) => r.status_id === 5 }).map(
				(c) => c.record.order_no,
			),
		).toEqual(['C']);
		expect(latestChanges(records, { parseTime, matches: () => false })).toEqual([]);
	});
});

describe('model: late-visible commits, lost saves, restarts', () => {
	function prng(seed: number) {
		let s = seed >>> 0;
		return () => {
			s = (s * 1664525 + 1013904223) >>> 0;
			return s / 2 ** 32;
		};
	}

	/**
	 * A model API: each order has a current status stamped when the change happened, but visible only after a
	 * delay (a slow commit, a replica behind) shorter than the overlap window. Polls see the latest visible
	 * state of each order. n8n keeps what a poll wrote only if it emitted (or in memory, or never).
	 */
	it.each([1, 2, 3, 4, 5, 6])(
		'seed %i: every change some poll could see is emitted exactly once',
		(seed) => {
			const random = prng(seed);
			type Version = { status: number; atMs: number; visibleAtMs: number };
			const history = new Map<string, Version[]>();
			let clock = T0;
			let persisted: unknown = undefined;
			let memory: unknown = undefined;
			const emitted = new Map<string, number>();
			const exposed = new Set<string>();
			const matches = (r: StatusRecordLike) => r.status_id !== 3; // a filter, so that some polls emit nothing

			for (let i = 0; i < 1500; i++) {
				clock += Math.floor(random() * 4) * 1000;
				// Changes of random orders, stamped now, visible after up to 100 s.
				for (let k = 0; k < 3; k++) {
					if (random() < 0.5) continue;
					const no = `O${Math.floor(random() * 60)}`;
					const versions = history.get(no) ?? [];
					const last = versions[versions.length - 1];
					if (last && last.status >= 9) continue;
					versions.push({
						status: (last?.status ?? 0) + 1,
						atMs: clock,
						visibleAtMs: clock + Math.floor(random() * 100) * 1000,
					});
					history.set(no, versions);
				}
				if (random() < 0.4) continue;
				// What the API shows now: the latest visible version of each order.
				const visible: StatusRecordLike[] = [];
				for (const [no, versions] of history) {
					const v = versions.filter((x) => x.visibleAtMs <= clock).pop();
					if (v) visible.push(rec(no, v.status, v.atMs));
				}
				for (const r of visible)
					if (matches(r) && parseTime(r.updated_at)! >= T0)
						exposed.add(`${r.order_no}|${r.status_id}|${r.updated_at}`);
				// n8n: a restart now and then (memory lost), a save lost now and then.
				if (random() < 0.05) memory = undefined;
				const { state } = readCursor(memory ?? persisted, {
					...settings(`at:${T0}`, T0),
					nowMs: clock,
				});
				const from = queryStartMs(state, OVERLAP);
				const answer = visible.filter((r) => parseTime(r.updated_at)! >= from);
				const { changes, next } = advance(state, answer, {
					overlapMs: OVERLAP,
					parseTime,
					matches,
				});
				for (const c of changes) {
					const id = `${c.record.order_no}|${c.record.status_id}|${c.record.updated_at}`;
					emitted.set(id, (emitted.get(id) ?? 0) + 1);
				}
				memory = next;
				if (changes.length) persisted = JSON.parse(JSON.stringify(next));
			}
			expect([...emitted].filter(([, n]) => n > 1)).toEqual([]);
			expect([...exposed].filter((id) => !emitted.has(id))).toEqual([]);
			expect([...emitted.keys()].filter((id) => !exposed.has(id))).toEqual([]);
			expect(exposed.size).toBeGreaterThan(300);
		},
	);
});
