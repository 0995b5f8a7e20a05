import { groupOrderRows, ungroupedOrderRows } from '../../../../nodes/Printio/orderInput/group';
import type { OrderRow } from '../../../../nodes/Printio/orderInput/group';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, PERSONAL_VALUES } from './fixtures';

/** A row of order `no` with one line whose colour names the row, so line order is visible. */
function row(itemIndex: number, no: string | undefined, patch: Partial<OrderDraft> = {}): OrderRow {
	const base = byCodeOrder();
	return {
		itemIndex,
		order: {
			...base,
			ec_order_no: no,
			order_details: [
				{ original_item_code: 't1', quantity: 1, color: `row${itemIndex}`, size: 'M' },
			],
			...patch,
		},
	};
}

function colors(order: OrderDraft): string[] {
	return (order.order_details ?? []).map((line) => line.color ?? '');
}

/** Deterministic shuffle (a fixed permutation per seed) so the test is repeatable. */
function shuffle<T>(list: T[], seed: number): T[] {
	const result = [...list];
	let state = seed;
	for (let i = result.length - 1; i > 0; i--) {
		state = (state * 1103515245 + 12345) % 2147483648;
		const j = state % (i + 1);
		[result[i], result[j]] = [result[j], result[i]];
	}
	return result;
}

describe('groupOrderRows', () => {
	const sheet = [row(0, 'A'), row(1, 'B'), row(2, 'A'), row(3, 'C'), row(4, 'B'), row(5, 'A')];

	it.each([[1], [2], [3], [42], [2026]])(
		'groups shuffled rows (seed %d) in sheet order',
		(seed) => {
			const groups = groupOrderRows(shuffle(sheet, seed));
			expect(groups.map((g) => g.ecOrderNo)).toEqual(['A', 'B', 'C']);
			expect(groups.map((g) => g.itemIndexes)).toEqual([[0, 2, 5], [1, 4], [3]]);
			expect(groups.map((g) => colors(g.order))).toEqual([
				['row0', 'row2', 'row5'],
				['row1', 'row4'],
				['row3'],
			]);
			expect(groups.map((g) => g.lineItemIndexes)).toEqual([[0, 2, 5], [1, 4], [3]]);
			expect(groups.every((g) => g.problems.length === 0)).toBe(true);
		},
	);

	it('keeps several lines of one row together and records where each row starts', () => {
		const twoLines = row(1, 'A', {
			order_details: [
				{ original_item_code: 't1', quantity: 1, color: 'x1', size: 'M' },
				{ original_item_code: 't1', quantity: 1, color: 'x2', size: 'M' },
			],
		});
		const [group] = groupOrderRows([row(0, 'A'), twoLines, row(2, 'A')]);
		expect(colors(group.order)).toEqual(['row0', 'x1', 'x2', 'row2']);
		expect(group.lineItemIndexes).toEqual([0, 1, 1, 2]);
		expect(group.lineOffsets).toEqual([0, 1, 3]);
	});

	it('lets rows without an ec_order_no stand alone', () => {
		const groups = groupOrderRows([row(0, undefined), row(1, ''), row(2, 'A'), row(3, undefined)]);
		expect(groups.map((g) => g.itemIndexes)).toEqual([[0], [1], [2], [3]]);
	});

	it('takes order fields left empty in later rows from the rows that give them', () => {
		const first = row(0, 'A');
		const second = row(1, 'A', {
			shipping_information: undefined,
			sender_information: { full_name: '' },
			retailer_id: undefined,
			ec_order_date: '',
		});
		const third = row(2, 'A', { ec_optional_information: 'memo' });
		const [group] = groupOrderRows([first, second, third]);
		expect(group.problems).toEqual([]);
		expect(group.order.shipping_information).toEqual(first.order.shipping_information);
		expect(group.order.sender_information).toEqual(first.order.sender_information);
		expect(group.order.ec_order_date).toBe(first.order.ec_order_date);
		expect(group.order.ec_optional_information).toBe('memo');
	});

	it('reports conflicting order fields by field and item index, never by value', () => {
		const base = byCodeOrder();
		const rows = [
			row(0, 'A'),
			row(1, 'B'),
			row(2, 'A', {
				shipping_information: {
					...base.shipping_information,
					full_name: '佐藤 花子',
					zip_code: '1000001',
				},
			}),
			row(3, 'A', { shipping_method: 2, action_after_print: { novelty: { a: 1 } } }),
			row(4, 'A', { action_after_print: { novelty: { a: 2 } } }),
		];
		const [group] = groupOrderRows(rows);
		expect(group.problems.map((p) => [p.field, p.itemIndex])).toEqual([
			['shipping_information.zip_code', 2],
			['shipping_information.full_name', 2],
			['action_after_print', 4],
		]);
		expect(group.problems[0].message).toBe(
			'differs between the rows of this order (item index 0 and item index 2)',
		);
		expect(group.problems[2].message).toBe(
			'differs between the rows of this order (item index 3 and item index 4)',
		);
		const text = JSON.stringify(group.problems);
		for (const value of [...PERSONAL_VALUES, '佐藤', '花子', '1000001', '1500002'])
			expect(text).not.toContain(value);
		// The first value is kept; the conflict stops the order in validation, so which one is kept does not matter.
		expect(group.order.shipping_information?.full_name).toBe(base.shipping_information?.full_name);
	});

	it('treats objects with the same content in another key order as equal', () => {
		const [group] = groupOrderRows([
			row(0, 'A', { action_after_print: { novelty: { a: 1, b: 2 } } }),
			row(1, 'A', { action_after_print: { novelty: { b: 2, a: 1 } } }),
		]);
		expect(group.problems).toEqual([]);
	});

	it('does not change the rows it is given', () => {
		const rows = [row(0, 'A'), row(1, 'A')];
		const copy = JSON.parse(JSON.stringify(rows));
		groupOrderRows(rows);
		expect(rows).toEqual(copy);
	});
});

describe('ungroupedOrderRows', () => {
	it('makes one group per row in item order, even for a shared ec_order_no', () => {
		const groups = ungroupedOrderRows([row(2, 'A'), row(0, 'A'), row(1, 'B')]);
		expect(groups.map((g) => g.itemIndexes)).toEqual([[0], [1], [2]]);
		expect(groups.map((g) => colors(g.order))).toEqual([['row0'], ['row1'], ['row2']]);
	});
});
