/**
 * One run, one order per EC order number: exact repeats are placed once, orders that differ under one EC order
 * number are refused together (naming the differing fields, never values), everything else goes on in order.
 */
import fc from 'fast-check';

import { findRepeats } from '../../../../nodes/Printio/placement/repeats';
import type { PreparedOrder } from '../../../../nodes/Printio/orderInput';
import type { OrderByCodeRequest } from '../../../../nodes/Printio/orderInput/types';

let nextItem = 0;
const body = (fields: Partial<OrderByCodeRequest>): OrderByCodeRequest =>
	fields as OrderByCodeRequest;

function prepared(
	ecOrderNo: string | undefined,
	request: Partial<OrderByCodeRequest> | undefined,
): PreparedOrder {
	const itemIndex = nextItem++;
	return {
		itemIndexes: [itemIndex],
		ecOrderNo,
		request: request && body(request),
		draft: {},
		problems: request
			? []
			: [{ field: 'ec_order_date', message: 'missing', fix: 'give it', itemIndex }],
		changes: [],
		ignoredFields: [],
	};
}

const lines = (...codes: string[]) =>
	codes.map((code) => ({ original_item_code: code, quantity: 1, color: 'white', size: 'M' }));
const valid = (ec: string, extra: Partial<OrderByCodeRequest> = {}) =>
	prepared(ec, {
		ec_order_no: ec,
		ec_optional_information: 'R',
		order_details: lines('A'),
		...extra,
	});

describe('findRepeats', () => {
	it('passes orders with distinct or no EC order numbers through untouched, in input order', () => {
		const orders = [
			valid('E1'),
			valid('E2'),
			prepared(undefined, { ec_optional_information: 'R' }),
			prepared('  ', undefined),
		];
		expect(findRepeats(orders)).toEqual({ orders, repeats: [], conflicts: [] });
	});

	it('places an exact repeat once: the others repeat the first, key order ignored', () => {
		const first = valid('E1', { ec_optional_information: 'R', team_id: '1000001' });
		const other = prepared('E1', {
			team_id: '1000001',
			order_details: lines('A'),
			ec_optional_information: 'R',
			ec_order_no: 'E1',
		});
		const third = valid('E1', { ec_optional_information: 'R', team_id: '1000001' });
		const between = valid('E2');
		const check = findRepeats([first, between, other, third]);
		expect(check.orders).toEqual([first, between]);
		expect(check.repeats).toEqual([
			{ order: other, of: first },
			{ order: third, of: first },
		]);
		expect(check.conflicts).toEqual([]);
	});

	it('groups by the trimmed EC order number of the request, else of the order', () => {
		const a = prepared('X', { ec_order_no: ' E1 ', order_details: lines('A') });
		const b = prepared('E1', undefined);
		b.request = undefined;
		const c = prepared(' E1', { order_details: lines('A') });
		const check = findRepeats([a, b, c]);
		// b is invalid, c has no ec_order_no in its body but E1 as the order's: one conflict of three.
		expect(check.conflicts).toHaveLength(1);
		expect(check.conflicts[0].ecOrderNo).toBe('E1');
		expect(check.conflicts[0].orders).toEqual([a, b, c]);
		expect(check.orders).toEqual([]);
	});

	it('never groups orders whose EC order number is empty or only spaces, whatever they hold', () => {
		// No body number: the order's own (blank) number is all there is.
		const orders = [
			prepared('  ', { order_details: lines('A') }),
			prepared('', { order_details: lines('B') }),
			prepared(' ', { order_details: lines('A') }),
		];
		expect(findRepeats(orders)).toEqual({ orders, repeats: [], conflicts: [] });
		const blankBodies = [
			prepared('E1', { ec_order_no: ' ', order_details: lines('A') }),
			prepared('E2', { ec_order_no: ' ', order_details: lines('A') }),
		];
		// A blank body number falls back to the order's number: E1 and E2 are different orders.
		expect(findRepeats(blankBodies)).toEqual({ orders: blankBodies, repeats: [], conflicts: [] });
	});

	it('refuses orders that differ under one EC order number, naming the differing paths only', () => {
		const first = valid('E1', { ec_optional_information: 'Alice' });
		const renamed = valid('E1', { ec_optional_information: 'Bob' });
		const moreLines = valid('E1', {
			ec_optional_information: 'Alice',
			order_details: lines('A', 'B'),
		});
		const otherLine = valid('E1', { ec_optional_information: 'Alice', order_details: lines('C') });
		const extraField = valid('E1', {
			ec_optional_information: 'Alice',
			ec_order_date: '2026-11-20',
		});
		const check = findRepeats([first, renamed, moreLines, otherLine, extraField, valid('E9')]);
		expect(check.conflicts).toEqual([
			{
				ecOrderNo: 'E1',
				orders: [first, renamed, moreLines, otherLine, extraField],
				fields: [
					'ec_optional_information',
					'order_details',
					'order_details[0].original_item_code',
					'ec_order_date',
				],
			},
		]);
		expect(JSON.stringify(check.conflicts[0].fields)).not.toMatch(/Alice|Bob/);
		expect(check.orders.map((order) => order.ecOrderNo)).toEqual(['E9']);
		expect(check.repeats).toEqual([]);
	});

	it('names at most six differing fields', () => {
		const first = valid('E1', {
			a1: 1,
			a2: 1,
			a3: 1,
			a4: 1,
			a5: 1,
			a6: 1,
			a7: 1,
		} as Partial<OrderByCodeRequest>);
		const other = valid('E1', {
			a1: 2,
			a2: 2,
			a3: 2,
			a4: 2,
			a5: 2,
			a6: 2,
			a7: 2,
		} as Partial<OrderByCodeRequest>);
		expect(findRepeats([first, other]).conflicts[0].fields).toEqual([
			'a1',
			'a2',
			'a3',
			'a4',
			'a5',
			'a6',
		]);
	});

	it('a valid order and an invalid one under one number conflict (either could be right); two invalid ones report themselves', () => {
		const good = valid('E1');
		const bad = prepared('E1', undefined);
		const check = findRepeats([good, bad]);
		expect(check.conflicts).toEqual([
			{ ecOrderNo: 'E1', orders: [good, bad], fields: ['(order)'] },
		]);
		expect(check.orders).toEqual([]);

		const badFirst = prepared('E2', undefined);
		expect(findRepeats([badFirst, valid('E2')]).conflicts[0].fields).toEqual(['(order)']);

		const bothBad = [prepared('E3', undefined), prepared('E3', undefined)];
		expect(findRepeats(bothBad)).toEqual({ orders: bothBad, repeats: [], conflicts: [] });
	});

	it('tells a missing value from an explicit one, and nested objects apart by path', () => {
		const first = valid('E1', { sender: { name: 'S', zip: '1' } } as Partial<OrderByCodeRequest>);
		const nestedChange = valid('E1', {
			sender: { name: 'S', zip: '2' },
		} as Partial<OrderByCodeRequest>);
		expect(findRepeats([first, nestedChange]).conflicts[0].fields).toEqual(['sender.zip']);
		const undefinedKey = valid('E1', {
			sender: { name: 'S', zip: '1', extra: undefined },
		} as Partial<OrderByCodeRequest>);
		expect(findRepeats([first, undefinedKey]).repeats).toHaveLength(1);
		const nullKey = valid('E1', {
			sender: { name: 'S', zip: '1', extra: null },
		} as Partial<OrderByCodeRequest>);
		expect(findRepeats([first, nullKey]).conflicts[0].fields).toEqual(['sender.extra']);
		const arrayForObject = valid('E1', { sender: ['S'] } as Partial<OrderByCodeRequest>);
		expect(findRepeats([first, arrayForObject]).conflicts[0].fields).toEqual(['sender']);
	});

	it('property: every order ends up in exactly one place; a group repeats only when all its bodies are the same, else it conflicts', () => {
		// Small pools, so that numbers and bodies meet often; a body is built anew each time (equal, never identical).
		const numbers = ['E1', 'E2', ' E1', 'E3 ', '', '  ', undefined];
		const contents = [
			{ ec_optional_information: 'R', order_details: lines('A') },
			{ ec_optional_information: 'R', order_details: lines('A', 'B') },
			{ ec_optional_information: 'S', order_details: lines('A') },
			{ ec_optional_information: 'R', order_details: lines('A'), sender: { name: 'S' } },
		];
		const arbitraryOrder = fc.record({
			ec: fc.constantFrom(...numbers),
			inBody: fc.boolean(),
			content: fc.option(fc.nat({ max: contents.length - 1 }), { nil: undefined }),
		});
		fc.assert(
			fc.property(fc.array(arbitraryOrder, { maxLength: 8 }), (specs) => {
				const input = specs.map(({ ec, inBody, content }) =>
					prepared(
						ec,
						content === undefined
							? undefined
							: {
									...structuredClone(contents[content]),
									...(inBody && ec !== undefined ? { ec_order_no: ec } : {}),
								},
					),
				);
				const check = findRepeats(input);
				const placed = [
					...check.orders,
					...check.repeats.map((repeat) => repeat.order),
					...check.conflicts.flatMap((conflict) => conflict.orders),
				];
				expect(placed).toHaveLength(input.length);
				expect(new Set(placed).size).toBe(input.length);
				expect(check.orders).toEqual(input.filter((order) => check.orders.includes(order)));

				const key = (order: PreparedOrder) =>
					(order.request?.ec_order_no ?? order.ecOrderNo ?? '').trim();
				const groups = new Map<string, PreparedOrder[]>();
				for (const order of input)
					if (key(order) !== '') groups.set(key(order), [...(groups.get(key(order)) ?? []), order]);
				let conflicting = 0;
				for (const [ec, group] of groups) {
					// Every body is built with its keys in one order: equal content, equal text.
					const bodies = group.map((order) =>
						order.request ? JSON.stringify(order.request) : undefined,
					);
					const allInvalid = group.every((order) => !order.request);
					const same = bodies.every((body) => body !== undefined && body === bodies[0]);
					if (group.length < 2 || allInvalid) {
						for (const order of group) expect(check.orders).toContain(order);
					} else if (same) {
						expect(
							check.repeats
								.filter((repeat) => repeat.of === group[0])
								.map((repeat) => repeat.order),
						).toEqual(group.slice(1));
						expect(check.orders).toContain(group[0]);
					} else {
						conflicting++;
						const conflict = check.conflicts.find((c) => c.ecOrderNo === ec);
						expect(conflict?.orders).toEqual(group);
						expect(conflict?.fields.length).toBeGreaterThan(0);
					}
				}
				expect(check.conflicts).toHaveLength(conflicting);
			}),
			{ numRuns: 300 },
		);
	});
});
