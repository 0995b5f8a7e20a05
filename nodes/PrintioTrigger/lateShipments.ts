/**
 * The "Shipping Late" event's memory, kept pure (no n8n, no I/O) like cursor.ts. README.md ("Shipping Late")
 * explains the rules and why each late order is emitted once per scheduled shipping date.
 *
 * An order (a shipment, with MultiItemOrder) is late when it is open (not shipped, not in a closed status) and
 * its deadline has passed: the end of its scheduled shipping date in the API's time zone (or the date-time
 * itself, when Printio gives one), plus the grace. Each poll sees every order whose status changed within the
 * look-back window (one GET /order-statuses); the state remembers which late orders were emitted, grouped by
 * scheduled date, until the order is seen shipped, closed, rescheduled or no longer late, or until nothing of its
 * group has been seen for the retention time.
 */

import { compareText } from './cursor';

export const LATE_STATE_VERSION = 1;

/** The fields of a status record (spec 2.7) the event reads. */
export interface LateRecordLike {
	order_no: string;
	shipping_id?: string | null;
	status_id: number;
	scheduled_shipping_date?: string | null;
	shipping_date?: string | null;
	shipping_number?: string | null;
}

export interface LateState {
	v: typeof LATE_STATE_VERSION;
	/** scheduled_shipping_date (as the API wrote it) → order keys emitted late for that date. */
	emitted: Record<string, string[]>;
	/** scheduled_shipping_date → epoch ms of the last poll that saw one of that group's orders open and late. */
	seen: Record<string, number>;
}

export interface LateOptions {
	nowMs: number;
	graceMs: number;
	/** Status IDs of orders that never count as late (shipped, cancelled). */
	closedStatusIds: ReadonlySet<number>;
	/** The deadline (epoch ms) of a scheduled shipping date, or undefined when it cannot be read. */
	deadlineOf: (scheduled: string) => number | undefined;
	/** How long a group whose orders are no longer seen is kept (the look-back window). */
	retentionMs: number;
}

export interface LateOrder<R extends LateRecordLike> {
	record: R;
	/** Epoch ms from which the order counts as late (deadline + grace). */
	lateSinceMs: number;
	/** `order_no|shipping_id|scheduled_shipping_date`: stable, one per order and scheduled date. */
	lateId: string;
}

export function emptyLateState(): LateState {
	return { v: LATE_STATE_VERSION, emitted: {}, seen: {} };
}

export function readLateState(raw: unknown): LateState {
	// A number or a text has none of the properties below either.
	if (!raw) return emptyLateState();
	const s = raw as Partial<LateState>;
	const valid =
		s.v === LATE_STATE_VERSION &&
		!!s.emitted &&
		typeof s.emitted === 'object' &&
		Object.values(s.emitted).every((keys) => Array.isArray(keys)) &&
		!!s.seen &&
		typeof s.seen === 'object';
	return valid
		? { v: LATE_STATE_VERSION, emitted: { ...s.emitted! }, seen: { ...s.seen! } }
		: emptyLateState();
}

export function orderKeyOf(record: LateRecordLike): string {
	return record.shipping_id === undefined ||
		record.shipping_id === null ||
		record.shipping_id === ''
		? String(record.order_no)
		: `${record.order_no}|${record.shipping_id}`;
}

function filled(value: unknown): boolean {
	return value !== undefined && value !== null && String(value).trim() !== '';
}

/** Open and past its deadline plus grace at `nowMs`: the time it became late; otherwise undefined. */
export function lateSince(
	record: LateRecordLike,
	options: Omit<LateOptions, 'retentionMs'>,
): number | undefined {
	if (options.closedStatusIds.has(Number(record.status_id))) return undefined;
	// Shipped, whatever its status id says: a shipping date or a slip number exists.
	if (filled(record.shipping_date) || filled(record.shipping_number)) return undefined;
	if (!filled(record.scheduled_shipping_date)) return undefined;
	const deadline = options.deadlineOf(String(record.scheduled_shipping_date).trim());
	if (deadline === undefined) return undefined;
	const since = deadline + options.graceMs;
	return options.nowMs >= since ? since : undefined;
}

/**
 * One successful poll: the late orders to emit (not emitted before for this scheduled date), most overdue
 * first, and the next state. Pure: the caller stores `next` only once the poll has fully succeeded.
 */
export function advanceLate<R extends LateRecordLike>(
	state: LateState,
	records: readonly R[],
	options: LateOptions,
): { late: Array<LateOrder<R>>; next: LateState } {
	const emitted = new Map<string, Set<string>>();
	for (const [date, keys] of Object.entries(state.emitted)) emitted.set(date, new Set(keys));
	const seen = new Map(Object.entries(state.seen));

	const late: Array<LateOrder<R>> = [];
	const lateNow = new Map<string, string>(); // order key → scheduled date it is late for
	const visible = new Set<string>();
	for (const record of records) {
		const key = orderKeyOf(record);
		visible.add(key);
		const since = lateSince(record, options);
		if (since === undefined) continue;
		const date = String(record.scheduled_shipping_date).trim();
		lateNow.set(key, date);
		seen.set(date, options.nowMs);
		let keys = emitted.get(date);
		if (keys?.has(key)) continue;
		if (!keys) emitted.set(date, (keys = new Set()));
		keys.add(key);
		late.push({
			record,
			lateSinceMs: since,
			lateId: `${record.order_no}|${record.shipping_id ?? ''}|${date}`,
		});
	}
	late.sort((a, b) => a.lateSinceMs - b.lateSinceMs || compareText(a.lateId, b.lateId));

	// Forget an emitted order once it is seen and no longer late for that date (shipped, closed, rescheduled,
	// or within its deadline again); forget a whole group nobody has seen late for the retention time.
	const next: LateState = { v: LATE_STATE_VERSION, emitted: {}, seen: {} };
	for (const [date, keys] of emitted) {
		const lastSeen = seen.get(date) ?? options.nowMs;
		if (lastSeen < options.nowMs - options.retentionMs) continue;
		const kept = [...keys].filter((key) => !visible.has(key) || lateNow.get(key) === date).sort();
		if (!kept.length) continue;
		next.emitted[date] = kept;
		next.seen[date] = lastSeen;
	}
	return { late, next };
}
