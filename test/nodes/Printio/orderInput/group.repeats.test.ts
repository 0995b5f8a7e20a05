/**
 * groupOrderRows / ungroupedOrderRows (nodes/Printio/orderInput/group.ts), beyond group.test.ts:
 * repeats and conflicts of rows sharing an EC order number (identical rows, a changed field, more or fewer lines,
 * the number with spaces around it), which row a conflict names, how the rows' own problems and changes follow their
 * lines, and what the group keeps from its first row.
 */
import fc from 'fast-check';

import { groupOrderRows, ungroupedOrderRows } from '../../../../nodes/Printio/orderInput/group';
import type { OrderRow } from '../../../../nodes/Printio/orderInput/group';
import type { LineDraft, OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, senderBlock } from './fixtures';

const line = (color: string): LineDraft => ({
	original_item_code: 't1',
	quantity: 1,
	color,
	size: 'M',
});

function row(
	itemIndex: number,
	no: string | undefined,
	patch: Partial<OrderDraft> = {},
	extra: Partial<OrderRow> = {},
): OrderRow {
	return {
		itemIndex,
		order: {
			...byCodeOrder(),
			ec_order_no: no,
			order_details: [line(`row${itemIndex}`)],
			...patch,
		},
		...extra,
	};
}

const conflicts = (rows: OrderRow[]) =>
	groupOrderRows(rows)[0].problems.map((p) => [p.field, p.message, p.itemIndex]);
const differs = (a: number, b: number) =>
	`differs between the rows of this order (item index ${a} and item index ${b})`;

describe('which rows form one order', () => {
	it('an EC order number with spaces around it joins the order of the bare number, under the trimmed number', () => {
		const groups = groupOrderRows([row(0, 'A'), row(1, ' A '), row(2, 'A\t')]);
		expect(groups.map((g) => [g.ecOrderNo, g.itemIndexes])).toStrictEqual([['A', [0, 1, 2]]]);
		expect(groups[0].order.ec_order_no).toBe('A');
	});

	it('a number that is only spaces, or not text, stands alone like a missing one', () => {
		const odd = row(2, undefined, { ec_order_no: 7 as unknown as string });
		const groups = groupOrderRows([
			row(0, '  '),
			row(1, '  '),
			odd,
			row(3, undefined),
			row(4, undefined),
		]);
		expect(groups.map((g) => [g.ecOrderNo, g.itemIndexes])).toStrictEqual([
			[undefined, [0]],
			[undefined, [1]],
			[undefined, [2]],
			[undefined, [3]],
			[undefined, [4]],
		]);
	});

	it('numbers that differ only in width or case are different orders here (normalisation folds them before)', () => {
		const groups = groupOrderRows([row(0, 'A1'), row(1, 'Ａ１'), row(2, 'a1')]);
		expect(groups.map((g) => g.ecOrderNo)).toStrictEqual(['A1', 'Ａ１', 'a1']);
	});

	it('ungrouped: one order per row, its number trimmed, a blank number none', () => {
		const groups = ungroupedOrderRows([row(1, ' B '), row(0, ' ')]);
		expect(
			groups.map((g) => [g.ecOrderNo, g.itemIndexes, g.lineItemIndexes, g.lineOffsets]),
		).toStrictEqual([
			[undefined, [0], [0], [0]],
			['B', [1], [1], [0]],
		]);
		expect(groups[1].order).toStrictEqual({
			...byCodeOrder(),
			ec_order_no: ' B ',
			order_details: [line('row1')],
		});
	});
});

describe('repeats: rows of one order that agree', () => {
	it('an identical row repeated adds its line again and reports nothing', () => {
		const [group] = groupOrderRows([row(0, 'A'), { ...row(0, 'A'), itemIndex: 1 }]);
		expect(group.problems).toStrictEqual([]);
		expect(group.order.order_details).toStrictEqual([line('row0'), line('row0')]);
		expect(group.order.shipping_information).toStrictEqual(byCodeOrder().shipping_information);
	});

	it('a row with more lines, and a row with none: lines in row order, offsets of each row', () => {
		const rows = [
			row(0, 'A', { order_details: [] }),
			row(1, 'A', { order_details: [line('a'), line('b')] }),
			row(2, 'A', { order_details: undefined }),
			row(3, 'A', { order_details: 'x' as unknown as LineDraft[] }),
			row(4, 'A'),
		];
		const [group] = groupOrderRows(rows);
		expect(group.order.order_details?.map((entry) => entry.color)).toStrictEqual([
			'a',
			'b',
			'row4',
		]);
		expect(group.lineItemIndexes).toStrictEqual([1, 1, 4]);
		expect(group.lineOffsets).toStrictEqual([0, 0, 2, 2, 2]);
		expect(group.problems).toStrictEqual([]);
	});

	it('an order whose rows bring no line has no order_details at all', () => {
		const [group] = groupOrderRows([
			row(0, 'A', { order_details: [] }),
			row(1, 'A', { order_details: undefined }),
		]);
		expect(group.order).not.toHaveProperty('order_details');
		expect(group.lineItemIndexes).toStrictEqual([]);
		expect(group.lineOffsets).toStrictEqual([0, 0]);
	});

	it('equal values of every kind are no conflict: arrays, nested objects in another key order, numbers', () => {
		const action = { novelty: { a: 1, b: 2 }, list: [1, { x: 'y' }] };
		const [group] = groupOrderRows([
			row(0, 'A', { action_after_print: action, shipping_method: 2, team_id: 'T' }),
			row(1, 'A', {
				action_after_print: { list: [1, { x: 'y' }], novelty: { b: 2, a: 1 } },
				shipping_method: 2,
				team_id: 'T',
			}),
		]);
		expect(group.problems).toStrictEqual([]);
		expect(group.order.action_after_print).toStrictEqual(action);
	});
});

describe('conflicts: a changed field between rows of one order', () => {
	it.each([
		['retailer_id', 2],
		['team_id', 'T2'],
		['ec_order_date', '2026-11-22'],
		['ec_optional_information', 'other memo'],
		['action_after_print', { novelty: { a: 1 } }],
		['shipping_method', 2],
	] as const)('%s changed in a later row is reported once, on that row', (field, value) => {
		const first = row(0, 'A', {
			team_id: 'T1',
			ec_optional_information: 'memo',
			shipping_method: 1,
			action_after_print: { novelty: { a: 2 } },
		});
		const second = row(1, 'A', { ...first.order, [field]: value, order_details: [line('row1')] });
		const [group] = groupOrderRows([first, second]);
		expect(group.problems).toStrictEqual([
			{
				field,
				message: differs(0, 1),
				fix: 'Give the same value in every row of the order, or leave it empty in all rows but one.',
				itemIndex: 1,
			},
		]);
		// The first row's value is kept.
		expect((group.order as Record<string, unknown>)[field]).toStrictEqual(
			(first.order as Record<string, unknown>)[field],
		);
	});

	it.each([
		'zip_code',
		'prefecture_name',
		'municipalities',
		'address1',
		'address2',
		'full_name',
		'phone_number',
		'mail_address',
	])('shipping_information.%s changed is reported by its path', (field) => {
		const base = byCodeOrder();
		const changed = row(1, 'A', {
			shipping_information: { ...base.shipping_information, [field]: 'changed' },
		});
		expect(conflicts([row(0, 'A'), changed])).toStrictEqual([
			[`shipping_information.${field}`, differs(0, 1), 1],
		]);
	});

	it('a sender field changed is reported by its path (item_name too)', () => {
		const changed = row(2, 'A', {
			sender_information: { ...senderBlock(), item_name: 'パーカー', zip_code: '5300002' },
		});
		expect(conflicts([row(0, 'A'), row(1, 'A'), changed])).toStrictEqual([
			['sender_information.zip_code', differs(0, 2), 2],
			['sender_information.item_name', differs(0, 2), 2],
		]);
	});

	it("names the row the kept value came from, not the order's first row", () => {
		const rows = [
			row(0, 'A', { ec_order_date: undefined, shipping_information: { zip_code: '1500002' } }),
			row(1, 'A', { ec_order_date: '2026-11-21' }),
			row(2, 'A', { ec_order_date: '2026-11-22', shipping_information: { full_name: 'x' } }),
		];
		expect(conflicts(rows)).toStrictEqual([
			['ec_order_date', differs(1, 2), 2],
			['shipping_information.full_name', differs(1, 2), 2],
		]);
	});

	it('a third value is compared with the kept one: each disagreeing row is reported', () => {
		const rows = [
			row(0, 'A', { shipping_method: 1 }),
			row(1, 'A', { shipping_method: 2 }),
			row(2, 'A', { shipping_method: 1 }),
			row(3, 'A', { shipping_method: 2 }),
		];
		expect(conflicts(rows)).toStrictEqual([
			['shipping_method', differs(0, 1), 1],
			['shipping_method', differs(0, 3), 3],
		]);
	});

	it.each([
		['a longer array', [1, 2], [1, 2, 3]],
		['a shorter array', [1, 2, 3], [1, 2]],
		['another array entry', [1, 2], [1, 3]],
		['an extra key', { a: 1 }, { a: 1, b: 2 }],
		['a missing key', { a: 1, b: 2 }, { a: 1 }],
		['a nested change', { novelty: { a: 1 } }, { novelty: { a: 2 } }],
		['a number as text', 1, '1'],
		['an array for an object', {}, []],
		['an object for an array', [], {}],
	])('%s is a conflict', (_what, first, second) => {
		expect(
			conflicts([
				row(0, 'A', { action_after_print: first }),
				row(1, 'A', { action_after_print: second }),
			]),
		).toStrictEqual([['action_after_print', differs(0, 1), 1]]);
	});

	it('an empty or blank value is no conflict: the given one is kept', () => {
		const rows = [
			row(0, 'A', {
				ec_optional_information: '  ',
				team_id: undefined,
				shipping_information: { zip_code: '' },
			}),
			row(1, 'A', {
				ec_optional_information: 'memo',
				team_id: 'T',
				shipping_information: { zip_code: '1500002', full_name: '   ' },
			}),
			row(2, 'A', {
				ec_optional_information: '',
				team_id: ' ',
				shipping_information: { zip_code: ' ', full_name: 'y' },
			}),
		];
		const [group] = groupOrderRows(rows);
		expect(group.problems).toStrictEqual([]);
		expect(group.order.ec_optional_information).toBe('memo');
		expect(group.order.team_id).toBe('T');
		expect(group.order.shipping_information).toStrictEqual({ zip_code: '1500002', full_name: 'y' });
	});

	it('an address block that is not an object is passed over, not merged', () => {
		const rows = [
			row(0, 'A', { shipping_information: 'text' as never }),
			row(1, 'A', { shipping_information: { zip_code: '1500002' } }),
		];
		const [group] = groupOrderRows(rows);
		expect(group.order.shipping_information).toStrictEqual({ zip_code: '1500002' });
		expect(group.problems).toStrictEqual([]);
		const [alone] = groupOrderRows([row(0, 'B', { shipping_information: 'text' as never })]);
		expect(alone.order).not.toHaveProperty('shipping_information');
	});
});

describe('what follows the rows into the order', () => {
	it("each row's problems and changes move to its lines' place; other fields and the first row stay", () => {
		const rows: OrderRow[] = [
			row(
				0,
				'A',
				{ order_details: [line('a'), line('b')] },
				{
					problems: [{ field: 'order_details[1].size', message: 'm0', fix: 'f', itemIndex: 0 }],
					changes: [
						{ field: 'order_details[0].color', rule: 'trimmed', message: 'c0', itemIndex: 0 },
					],
				},
			),
			row(
				1,
				'A',
				{ order_details: [line('c'), line('d'), line('e')] },
				{
					problems: [
						{ field: 'order_details[2].quantity', message: 'm1', fix: 'f', itemIndex: 1 },
						{ field: 'shipping_information.zip_code', message: 'm2', fix: 'f', itemIndex: 1 },
						{ field: 'x.order_details[0]', message: 'm3', fix: 'f', itemIndex: 1 },
					],
					changes: [
						{
							field: 'order_details[1].size',
							rule: 'whitespaceCollapsed',
							message: 'c1',
							itemIndex: 1,
						},
					],
				},
			),
			row(
				2,
				'A',
				{ order_details: [] },
				{
					changes: [
						{ field: 'order_details[0]', rule: 'emptyOmitted', message: 'c2', itemIndex: 2 },
					],
				},
			),
		];
		const [group] = groupOrderRows(rows);
		expect(group.rowProblems.map((p) => [p.field, p.message, p.itemIndex])).toStrictEqual([
			['order_details[1].size', 'm0', 0],
			['order_details[4].quantity', 'm1', 1],
			['shipping_information.zip_code', 'm2', 1],
			['x.order_details[0]', 'm3', 1],
		]);
		expect(group.changes.map((c) => [c.field, c.rule, c.itemIndex])).toStrictEqual([
			['order_details[0].color', 'trimmed', 0],
			['order_details[3].size', 'whitespaceCollapsed', 1],
			['order_details[5]', 'emptyOmitted', 2],
		]);
		expect(group.problems).toStrictEqual([]);
		// The rows given are not changed.
		expect(rows[1].problems?.[0].field).toBe('order_details[2].quantity');
	});

	it('line paths move by the number of lines before the row, for any counts (property)', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 5 }),
				(counts) => {
					const rows = counts.map((count, index) =>
						row(
							index,
							'A',
							{ order_details: Array.from({ length: count }, (_, k) => line(`${index}-${k}`)) },
							{
								problems: Array.from({ length: count }, (_, k) => ({
									field: `order_details[${k}].color`,
									message: 'm',
									fix: 'f',
									itemIndex: index,
								})),
							},
						),
					);
					const [group] = groupOrderRows(rows);
					const colors = (group.order.order_details ?? []).map((entry) => entry.color);
					for (const problem of group.rowProblems) {
						const at = Number(/^order_details\[(\d+)\]/.exec(problem.field)?.[1]);
						expect(colors[at]).toBe(
							`${problem.itemIndex}-${colors.filter((c, i) => i < at && c?.startsWith(`${problem.itemIndex}-`)).length}`,
						);
						expect(group.lineItemIndexes[at]).toBe(problem.itemIndex);
					}
					expect(group.rowProblems).toHaveLength(counts.reduce((a, b) => a + b, 0));
					expect(group.lineOffsets).toStrictEqual(
						counts.map((_, i) => counts.slice(0, i).reduce((a, b) => a + b, 0)),
					);
				},
			),
		);
	});

	it('ignored fields once each, in the order first seen', () => {
		const rows = [
			row(0, 'A', {}, { ignoredFields: ['team_id', 'line_item_code'] }),
			row(1, 'A', {}, { ignoredFields: ['line_item_code', 'shipping_method', 'team_id'] }),
			row(2, 'A'),
		];
		expect(groupOrderRows(rows)[0].ignoredFields).toStrictEqual([
			'team_id',
			'line_item_code',
			'shipping_method',
		]);
	});

	it("the defaults are the first row's, even when it has none and a later row has some", () => {
		const first = { retailer_id: 1 };
		const later = { retailer_id: 2 };
		expect(
			groupOrderRows([
				row(0, 'A', {}, { defaults: first }),
				row(1, 'A', {}, { defaults: later }),
			])[0].defaults,
		).toBe(first);
		expect(
			groupOrderRows([row(1, 'A', {}, { defaults: later }), row(0, 'A')])[0].defaults,
		).toBeUndefined();
		expect(ungroupedOrderRows([row(0, 'A', {}, { defaults: later })])[0].defaults).toBe(later);
	});
});
