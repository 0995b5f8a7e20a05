/**
 * The trigger's cursor (nodes/PrintioTrigger/cursor.ts) as a fast-check property over random interleavings of
 * changes (several in one second, to one order or shipment, stamped before the start point too, visible after a
 * delay of up to the overlap), clock jumps shorter, equal to and longer than the overlap, polls, failed polls and
 * restarts, under each of n8n's ways of keeping static data. A change is "exposed" when a successful poll could
 * see it; every exposed change that matches the event is emitted exactly once, and nothing else is.
 */
import fc from 'fast-check';

import {
	advance,
	queryStartMs,
	readCursor,
	type StatusRecordLike,
} from '../../../nodes/PrintioTrigger/cursor';
import { formatApiDateTime, parseApiDateTime } from '../../../nodes/shared/printio/time';

const T0 = Date.parse('2026-11-21T01:00:00Z');
const OVERLAP = 120_000;
const LOOK_BACK = 240_000;
const api = (ms: number) => formatApiDateTime(ms, 'Asia/Tokyo');
const parseTime = (text: string) => parseApiDateTime(text, 'Asia/Tokyo');

type Action =
	| { kind: 'change'; order: number; shipment: number; delaySeconds: number; backSeconds: number }
	| { kind: 'tick'; seconds: number }
	| { kind: 'poll' }
	| { kind: 'failedPoll' }
	| { kind: 'restart' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.record({
			kind: fc.constant('change' as const),
			order: fc.integer({ min: 0, max: 5 }),
			shipment: fc.integer({ min: 0, max: 1 }),
			delaySeconds: fc.oneof(
				fc.constant(0),
				fc.constant(OVERLAP / 1000),
				fc.integer({ min: 0, max: OVERLAP / 1000 }),
			),
			backSeconds: fc.constantFrom(0, 0, 0, 1, 5),
		}),
	},
	{
		weight: 3,
		arbitrary: fc.record({
			kind: fc.constant('tick' as const),
			seconds: fc.oneof(
				fc.constantFrom(0, 1, OVERLAP / 1000 - 1, OVERLAP / 1000, OVERLAP / 1000 + 1),
				fc.integer({ min: 0, max: 400 }),
			),
		}),
	},
	{ weight: 3, arbitrary: fc.constant({ kind: 'poll' as const }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'failedPoll' as const }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

/** n8n's ways of keeping what a poll wrote: in memory (saved when it emits), only when it emits, after every poll. */
type Keeping = 'memoryUntilRestart' | 'onlyWhenEmitting' | 'durable';

function run(
	actions: Action[],
	keeping: Keeping,
	start: 'now' | 'at',
	multi: boolean,
	matchesOdd: boolean,
) {
	type Version = { status: number; atMs: number; visibleAtMs: number };
	const history = new Map<string, Version[]>();
	let clock = T0;
	let persisted: unknown;
	let memory: unknown;
	const emitted = new Map<string, number>();
	const exposed = new Set<string>();
	const matches = (record: StatusRecordLike) => !matchesOdd || record.status_id % 2 === 1;
	const floor = start === 'at' ? T0 : undefined;
	const settings = () => ({
		start: start === 'at' ? `at:${T0}` : 'now',
		startAtMs: floor,
		nowMs: clock,
		lookBackMs: LOOK_BACK,
		overlapMs: OVERLAP,
	});
	const idOf = (record: StatusRecordLike) =>
		`${record.order_no}|${record.shipping_id ?? ''}|${record.status_id}|${record.updated_at}`;
	let firstPollFloor: number | undefined;

	for (const action of actions) {
		if (action.kind === 'tick') clock += action.seconds * 1000;
		if (action.kind === 'change') {
			const key = `O${action.order}${multi ? `#${action.shipment}` : ''}`;
			const versions = history.get(key) ?? [];
			const last = versions[versions.length - 1];
			// A change stamped a little in the past (a slow commit), never before the order's last change.
			const atMs = Math.max(clock - action.backSeconds * 1000, last?.atMs ?? 0);
			versions.push({
				status: (last?.status ?? 0) + 1,
				atMs,
				visibleAtMs: atMs + action.delaySeconds * 1000,
			});
			history.set(key, versions);
		}
		if (action.kind === 'restart') memory = undefined;
		if (action.kind === 'poll' || action.kind === 'failedPoll') {
			const raw = keeping === 'onlyWhenEmitting' ? persisted : (memory ?? persisted);
			const { state, stored } = readCursor(raw, settings());
			if (!stored && firstPollFloor === undefined) firstPollFloor = state.floor;
			const from = queryStartMs(state, OVERLAP);
			const visible: StatusRecordLike[] = [];
			for (const [key, versions] of history) {
				const version = versions.filter((v) => v.visibleAtMs <= clock).pop();
				if (!version) continue;
				const [orderNo, shipment] = key.split('#');
				visible.push({
					order_no: orderNo,
					...(multi ? { shipping_id: `S${shipment}` } : {}),
					status_id: version.status,
					updated_at: api(version.atMs),
				});
			}
			// The API answers date_time_from (inclusive) .. now.
			const answer = visible.filter((record) => parseTime(record.updated_at)! >= from);
			if (action.kind === 'failedPoll') continue; // fails after reading: nothing emitted, nothing stored
			// Start From a date-time: everything the API shows from it on is exposed, in the answer or not (the
			// window must reach it). Start "now": what the answer holds from the first poll's look-back on.
			const shown =
				start === 'at' ? visible.filter((record) => parseTime(record.updated_at)! >= T0) : answer;
			for (const record of shown)
				if (matches(record) && parseTime(record.updated_at)! >= (firstPollFloor ?? state.floor))
					exposed.add(idOf(record));
			const { changes, next } = advance(state, answer, { overlapMs: OVERLAP, parseTime, matches });
			// The mark is the latest updated_at processed, emitted or filtered out (the next window starts there).
			expect(next.mark).toBe(
				Math.max(state.mark, ...answer.map((record) => parseTime(record.updated_at)!)),
			);
			for (const change of changes)
				emitted.set(idOf(change.record), (emitted.get(idOf(change.record)) ?? 0) + 1);
			expect(changes.map((change) => change.atMs)).toEqual(
				[...changes.map((change) => change.atMs)].sort((a, b) => a - b),
			);
			memory = keeping === 'onlyWhenEmitting' ? undefined : next;
			if (changes.length || keeping === 'durable') persisted = JSON.parse(JSON.stringify(next));
		}
	}
	return { emitted, exposed };
}

describe('the trigger cursor under random interleavings', () => {
	it('every exposed matching change is emitted exactly once, and nothing else', () => {
		fc.assert(
			fc.property(
				fc.array(actionArb, { minLength: 1, maxLength: 120 }),
				fc.constantFrom<Keeping>('memoryUntilRestart', 'onlyWhenEmitting', 'durable'),
				fc.constantFrom<'now' | 'at'>('at', 'now'),
				fc.boolean(),
				fc.boolean(),
				(actions, keeping, start, multi, matchesOdd) => {
					const { emitted, exposed } = run(actions, keeping, start, multi, matchesOdd);
					expect([...emitted].filter(([, count]) => count > 1)).toEqual([]);
					expect([...exposed].filter((id) => !emitted.has(id))).toEqual([]);
					expect([...emitted.keys()].filter((id) => !exposed.has(id))).toEqual([]);
				},
			),
			{ numRuns: 400 },
		);
	});

	it('at the overlap boundary: a change visible exactly the overlap late is still emitted once', () => {
		const boundary: fc.Arbitrary<Action> = fc.oneof(
			fc.record({
				kind: fc.constant('change' as const),
				order: fc.integer({ min: 0, max: 2 }),
				shipment: fc.constant(0),
				delaySeconds: fc.constantFrom(0, OVERLAP / 1000),
				backSeconds: fc.constant(0),
			}),
			fc.record({
				kind: fc.constant('tick' as const),
				seconds: fc.constantFrom(1, OVERLAP / 1000 - 1, OVERLAP / 1000),
			}),
			fc.constant({ kind: 'poll' as const }),
		);
		fc.assert(
			fc.property(
				fc.array(boundary, { minLength: 3, maxLength: 14 }),
				fc.constantFrom<Keeping>('memoryUntilRestart', 'durable'),
				(actions, keeping) => {
					const { emitted, exposed } = run(actions, keeping, 'at', false, false);
					expect([...emitted].filter(([, count]) => count > 1)).toEqual([]);
					expect([...exposed].filter((id) => !emitted.has(id))).toEqual([]);
					expect([...emitted.keys()].filter((id) => !exposed.has(id))).toEqual([]);
				},
			),
			{ numRuns: 1000 },
		);
	});
});
