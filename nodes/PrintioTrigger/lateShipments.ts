// Why each late order is emitted once per scheduled shipping date: README.md, "Shipping Late".

import { compareText } from './cursor';

export const LATE_STATE_VERSION = 1;

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
	emitted: Record<string, string[]>;
	seen: Record<string, number>;
}

export interface LateOptions {
	nowMs: number;
	graceMs: number;
	closedStatusIds: ReadonlySet<number>;
	deadlineOf: (scheduled: string) => number | undefined;
	retentionMs: number;
}

export interface LateOrder<R extends LateRecordLike> {
	record: R;
	lateSinceMs: number;
	lateId: string;
}

export function emptyLateState(): LateState {
	return { v: LATE_STATE_VERSION, emitted: {}, seen: {} };
}

export function readLateState(raw: unknown): LateState {
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

export function lateSince(
	record: LateRecordLike,
	options: Omit<LateOptions, 'retentionMs'>,
): number | undefined {
	if (options.closedStatusIds.has(Number(record.status_id))) return undefined;
	// Shipped whatever the status id says: a shipping date or slip number exists.
	if (filled(record.shipping_date) || filled(record.shipping_number)) return undefined;
	if (!filled(record.scheduled_shipping_date)) return undefined;
	const deadline = options.deadlineOf(String(record.scheduled_shipping_date).trim());
	if (deadline === undefined) return undefined;
	const since = deadline + options.graceMs;
	return options.nowMs >= since ? since : undefined;
}

export function advanceLate<R extends LateRecordLike>(
	state: LateState,
	records: readonly R[],
	options: LateOptions,
): { late: Array<LateOrder<R>>; next: LateState } {
	const emitted = new Map<string, Set<string>>();
	for (const [date, keys] of Object.entries(state.emitted)) emitted.set(date, new Set(keys));
	const seen = new Map(Object.entries(state.seen));

	const late: Array<LateOrder<R>> = [];
	const lateNow = new Map<string, string>();
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
