/**
 * Stock Changed's memory: the entries short at the last emission. It changes only with an emission, which is when
 * n8n saves static data; a missing state is "none short", so the first poll reports what is short already.
 */

export const STOCK_STATE_VERSION = 1;

export interface StockRecordLike {
	item_stock_code: string;
	is_orderable: boolean;
	stock_quantity: number | null;
}

export interface StockState {
	v: typeof STOCK_STATE_VERSION;
	/** item_stock_code of every watched entry that is short, sorted. */
	short: string[];
}

export type StockEvent = 'stockLow' | 'stockRecovered';

export interface StockCrossing<R extends StockRecordLike> {
	event: StockEvent;
	record: R;
	/** '' for stockRecovered. */
	reason: 'notOrderable' | 'belowThreshold' | '';
}

export function readStockState(raw: unknown): StockState {
	const s = raw as Partial<StockState> | undefined;
	if (
		s &&
		s.v === STOCK_STATE_VERSION &&
		Array.isArray(s.short) &&
		s.short.every((code) => typeof code === 'string')
	) {
		return { v: STOCK_STATE_VERSION, short: [...s.short] };
	}
	return { v: STOCK_STATE_VERSION, short: [] };
}

export function shortReason(
	record: StockRecordLike,
	threshold: number,
): StockCrossing<StockRecordLike>['reason'] {
	if (record.is_orderable === false) return 'notOrderable';
	const quantity = record.stock_quantity;
	// No quantity (null or absent) is NaN here, never below: Number(null) would be 0.
	if (Number(quantity ?? Number.NaN) < threshold) return 'belowThreshold';
	return '';
}

/** Entries missing from the answer leave the state without an event. */
export function advanceStock<R extends StockRecordLike>(
	state: StockState,
	records: readonly R[],
	threshold: number,
): { crossings: Array<StockCrossing<R>>; next: StockState } {
	const wasShort = new Set(state.short);
	const short: string[] = [];
	const crossings: Array<StockCrossing<R>> = [];
	const visited = new Set<string>();
	for (const record of records) {
		const code = String(record.item_stock_code);
		if (visited.has(code)) continue;
		visited.add(code);
		const reason = shortReason(record, threshold);
		if (reason) short.push(code);
		if (reason && !wasShort.has(code)) crossings.push({ event: 'stockLow', record, reason });
		if (!reason && wasShort.has(code))
			crossings.push({ event: 'stockRecovered', record, reason: '' });
	}
	return { crossings, next: { v: STOCK_STATE_VERSION, short: short.sort() } };
}
