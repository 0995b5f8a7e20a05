/** The "Stock Changed" memory as a pure module: what is short, which crossings are emitted, what is remembered. */
import {
	advanceStock,
	readStockState,
	shortReason,
	type StockRecordLike,
} from '../../../nodes/PrintioTrigger/stockLevels';

const entry = (
	item_stock_code: string,
	stock_quantity: number | null,
	is_orderable = true,
): StockRecordLike => ({
	item_stock_code,
	is_orderable,
	stock_quantity,
});

describe('readStockState', () => {
	it('keeps a valid state (a copy) and starts with nothing short otherwise', () => {
		const stored = { v: 1, short: ['A', 'B'] };
		const state = readStockState(stored);
		expect(state).toEqual({ v: 1, short: ['A', 'B'] });
		state.short.push('C');
		expect(stored.short).toEqual(['A', 'B']);
		for (const broken of [
			undefined,
			null,
			{},
			{ v: 2, short: [] },
			{ v: 2, short: ['A'] },
			{ short: ['A'] },
			{ v: 1 },
			{ v: 1, short: 'A' },
			{ v: 1, short: ['A', 3] },
		]) {
			expect(readStockState(broken)).toEqual({ v: 1, short: [] });
		}
	});
});

describe('shortReason', () => {
	it('is not orderable before anything else, then below the threshold (exclusive); null is unlimited', () => {
		expect(shortReason(entry('A', 100, false), 5)).toBe('notOrderable');
		expect(shortReason(entry('A', 4), 5)).toBe('belowThreshold');
		expect(shortReason(entry('A', 5), 5)).toBe('');
		expect(shortReason(entry('A', 6), 5)).toBe('');
		expect(shortReason(entry('A', null), 5)).toBe('');
		expect(shortReason(entry('A', 0), 0)).toBe('');
		expect(shortReason(entry('A', 0), 1)).toBe('belowThreshold');
	});
});

describe('advanceStock', () => {
	it('reports each entry that became short or recovered once, and remembers the short ones sorted', () => {
		const records = [entry('C', 1), entry('A', 0, false), entry('B', 50), entry('D', 9)];
		const first = advanceStock(readStockState(undefined), records, 10);
		expect(first.crossings).toEqual([
			{ event: 'stockLow', record: records[0], reason: 'belowThreshold' },
			{ event: 'stockLow', record: records[1], reason: 'notOrderable' },
			{ event: 'stockLow', record: records[3], reason: 'belowThreshold' },
		]);
		expect(first.next).toEqual({ v: 1, short: ['A', 'C', 'D'] });

		// Nothing changed: no event, same memory.
		expect(advanceStock(first.next, records, 10)).toEqual({ crossings: [], next: first.next });

		const later = [entry('C', 30), entry('A', 0, false), entry('B', 2), entry('D', 10)];
		const second = advanceStock(first.next, later, 10);
		expect(second.crossings).toEqual([
			{ event: 'stockRecovered', record: later[0], reason: '' },
			{ event: 'stockLow', record: later[2], reason: 'belowThreshold' },
			{ event: 'stockRecovered', record: later[3], reason: '' },
		]);
		expect(second.next).toEqual({ v: 1, short: ['A', 'B'] });
	});

	it('forgets entries missing from the answer without an event, and reads a repeated entry once (the first)', () => {
		const gone = advanceStock({ v: 1, short: ['X', 'Y'] }, [entry('Y', 0)], 5);
		expect(gone).toEqual({ crossings: [], next: { v: 1, short: ['Y'] } });
		const repeated = [entry('R', 0), entry('R', 50), entry('S', 50), entry('S', 0)];
		expect(advanceStock(readStockState(undefined), repeated, 5)).toEqual({
			crossings: [{ event: 'stockLow', record: repeated[0], reason: 'belowThreshold' }],
			next: { v: 1, short: ['R'] },
		});
	});
});
