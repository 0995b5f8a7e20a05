/**
 * The Printio Trigger's cursor, kept pure (no n8n, no I/O) so that it can be reasoned about and tested alone.
 * README.md next to this file explains the design and why it emits every visible change exactly once.
 *
 * Vocabulary
 * - change: one record of GET /order-statuses, identified by (order_no, shipping_id, status_id, updated_at).
 *   The API shows only the current status of each order (or shipment), so a record is a change.
 * - floor: the earliest updated_at the trigger may emit (the start point); records before it are ignored.
 * - mark: the latest updated_at of the records the trigger has processed (emitted or filtered out).
 * - seen: the identities of emitted changes whose updated_at lies inside the overlap window before the mark.
 */

export const CURSOR_VERSION = 1;

/** The fields of a status record (spec 2.7) the cursor needs. */
export interface StatusRecordLike {
	order_no: string;
	shipping_id?: string | null;
	status_id: number;
	updated_at: string;
}

export interface CursorState {
	v: typeof CURSOR_VERSION;
	/** The start point the state was made for: 'now', or 'at:<Start From as typed>' for a replay date-time. */
	start: string;
	/** Epoch ms. */
	floor: number;
	/** Epoch ms. */
	mark: number;
	/** updated_at (as the API wrote it) → identities (JSON of [order_no, shipping_id, status_id]) emitted. */
	seen: Record<string, string[]>;
}

export interface CursorSettings {
	/** 'now' or 'at:<Start From as typed>'; a different value than the stored one starts over. */
	start: string;
	/** For 'at:…': the start instant. */
	startAtMs?: number;
	nowMs: number;
	/**
	 * Without a stored cursor and with start 'now', how far before now to read. Needed because n8n may keep
	 * nothing a poll writes unless it emits: every poll before the first emitted change starts afresh and must
	 * cover the time since the previous poll (one polling interval, plus the overlap).
	 */
	lookBackMs: number;
	overlapMs: number;
}

export interface Change<R extends StatusRecordLike> {
	record: R;
	/** Epoch ms of updated_at, read in the API's time zone. */
	atMs: number;
	/** Stable identity of the change: `order_no|shipping_id|status_id|updated_at`. */
	changeId: string;
}

/**
 * The cursor to use for this poll: the stored one when it is valid and made for the same start point,
 * otherwise a fresh one (`stored: false`).
 */
export function readCursor(
	raw: unknown,
	settings: CursorSettings,
): { state: CursorState; stored: boolean } {
	if (isCursorState(raw) && raw.start === settings.start) {
		return { state: { ...raw, seen: { ...raw.seen } }, stored: true };
	}
	const floor =
		settings.start === 'now' || settings.startAtMs === undefined
			? settings.nowMs - settings.lookBackMs
			: settings.startAtMs;
	return {
		state: { v: CURSOR_VERSION, start: settings.start, floor, mark: floor, seen: {} },
		stored: false,
	};
}

function isCursorState(raw: unknown): raw is CursorState {
	// A number or a text has none of the properties below either.
	if (!raw) return false;
	const s = raw as Partial<CursorState>;
	return (
		s.v === CURSOR_VERSION &&
		typeof s.start === 'string' &&
		Number.isFinite(s.floor) &&
		Number.isFinite(s.mark) &&
		!!s.seen &&
		typeof s.seen === 'object' &&
		Object.values(s.seen).every((ids) => Array.isArray(ids))
	);
}

/** The first instant the poll asks for (`date_time_from`, inclusive): the overlap window before the mark. */
export function queryStartMs(state: CursorState, overlapMs: number): number {
	return Math.max(state.floor, state.mark - overlapMs);
}

function identity(record: StatusRecordLike): string {
	return JSON.stringify([
		String(record.order_no),
		record.shipping_id ?? null,
		Number(record.status_id),
	]);
}

export function changeIdOf(record: StatusRecordLike): string {
	return [record.order_no, record.shipping_id ?? '', record.status_id, record.updated_at].join('|');
}

/** Texts by their UTF-16 code units (as `<` compares them), the same on every machine, unlike a locale's order. */
export function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Oldest first: updated_at, then order_no, shipping_id and status_id, so that the order is total. */
export function compareChanges<R extends StatusRecordLike>(a: Change<R>, b: Change<R>): number {
	return (
		a.atMs - b.atMs ||
		compareText(String(a.record.order_no), String(b.record.order_no)) ||
		compareText(String(a.record.shipping_id ?? ''), String(b.record.shipping_id ?? '')) ||
		Number(a.record.status_id) - Number(b.record.status_id)
	);
}

export class UnreadableDateTimeError extends Error {
	constructor(readonly value: unknown) {
		super(`Printio returned an updated_at that is not a date-time: ${JSON.stringify(value)}`);
	}
}

export interface AdvanceOptions<R extends StatusRecordLike> {
	overlapMs: number;
	/** Reads an API date-time (zone-less, in the API's zone) as epoch ms, or undefined. */
	parseTime: (text: string) => number | undefined;
	/** The event filter: whether a change is one the user asked for. */
	matches: (record: R) => boolean;
}

/**
 * Processes the records of one successful poll: returns the changes to emit (new, matching, oldest first)
 * and the next state. Pure: the caller stores `next` only once the poll has fully succeeded.
 */
export function advance<R extends StatusRecordLike>(
	state: CursorState,
	records: readonly R[],
	options: AdvanceOptions<R>,
): { changes: Array<Change<R>>; next: CursorState } {
	const seen = new Map<string, Set<string>>();
	for (const [updatedAt, ids] of Object.entries(state.seen)) seen.set(updatedAt, new Set(ids));

	const changes: Array<Change<R>> = [];
	const from = queryStartMs(state, options.overlapMs);
	let mark = state.mark;
	for (const record of records) {
		const atMs = options.parseTime(record.updated_at);
		if (atMs === undefined) throw new UnreadableDateTimeError(record.updated_at);
		// Before the window: before the start point, or already processed by an earlier poll (its identity may
		// have been pruned). Only an API that returns more than date_time_from asked for sends these.
		if (atMs < from) continue;
		// Processed (emitted or filtered out): the mark may pass it. Filters are pure functions of the record,
		// so a record filtered out now is filtered out again if an older stored state replays it.
		mark = Math.max(mark, atMs);
		const id = identity(record);
		let ids = seen.get(record.updated_at);
		if (ids?.has(id)) continue;
		if (!options.matches(record)) continue;
		if (!ids) seen.set(record.updated_at, (ids = new Set()));
		ids.add(id);
		changes.push({ record, atMs, changeId: changeIdOf(record) });
	}
	changes.sort(compareChanges);

	// Keep only identities the next poll can still receive: those at or after its date_time_from.
	const next: CursorState = {
		v: CURSOR_VERSION,
		start: state.start,
		floor: state.floor,
		mark,
		seen: {},
	};
	const keepFrom = queryStartMs(next, options.overlapMs);
	for (const [updatedAt, ids] of seen) {
		const atMs = options.parseTime(updatedAt);
		if (atMs !== undefined && atMs >= keepFrom) next.seen[updatedAt] = [...ids].sort();
	}
	return { changes, next };
}

/** Manual mode: the most recent matching change among `records`, without any cursor. */
export function latestChanges<R extends StatusRecordLike>(
	records: readonly R[],
	options: Pick<AdvanceOptions<R>, 'parseTime' | 'matches'>,
	count = 1,
): Array<Change<R>> {
	const changes: Array<Change<R>> = [];
	for (const record of records) {
		const atMs = options.parseTime(record.updated_at);
		if (atMs === undefined || !options.matches(record)) continue;
		changes.push({ record, atMs, changeId: changeIdOf(record) });
	}
	return changes.sort(compareChanges).slice(-count);
}
