export const CURSOR_VERSION = 1;

export interface StatusRecordLike {
	order_no: string;
	shipping_id?: string | null;
	status_id: number;
	updated_at: string;
}

export interface CursorState {
	v: typeof CURSOR_VERSION;
	start: string;
	floor: number;
	mark: number;
	seen: Record<string, string[]>;
}

export interface CursorSettings {
	start: string;
	startAtMs?: number;
	nowMs: number;
	// n8n may keep nothing a poll writes unless it emits, so until then each poll reads one interval back.
	lookBackMs: number;
	overlapMs: number;
}

export interface Change<R extends StatusRecordLike> {
	record: R;
	atMs: number;
	changeId: string;
}

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

// Read again before the mark: whole-second timestamps, clock drift, changes visible late.
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

// Not localeCompare: the same on every machine.
export function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

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
	parseTime: (text: string) => number | undefined;
	matches: (record: R) => boolean;
}

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
		if (atMs < from) continue;
		// Past filtered records too: filters are pure, so an older state replayed drops them again.
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
