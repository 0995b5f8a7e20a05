/**
 * The catalog match of an order that is invalid already (a 6-digit zip, a phone too short): its lines are matched
 * from the draft it was checked as, so that one run reports the unknown colour beside the zip. What its own
 * problems name is left to them; nothing gives it a request; a record that cannot be read leaves it as it was.
 */
import fc from 'fast-check';

import type { InputProblem, PreparedOrder } from '../../../../nodes/Printio/orderInput';
import {
	colors,
	item,
	refused,
	sizes,
	type Row,
	codedLine as line,
	matchedOver as check,
	SHIRT as shirt,
} from '../orderRun/fakes';

const zipProblem: InputProblem = {
	field: 'shipping_information.zip_code',
	label: 'Recipient Zip Code',
	message: 'must be 7 digits (has 6)',
	fix: 'Give the 7-digit zip code without a hyphen.',
	itemIndex: 3,
};

/** An order invalid in its input: no request, its draft and its problems. */
const invalid = (
	lines: unknown[],
	problems: InputProblem[] = [zipProblem],
	draft: Row = {},
): PreparedOrder =>
	({
		itemIndexes: [3],
		ecOrderNo: 'BAD-1',
		draft: {
			retailer_id: 7,
			ec_order_no: 'BAD-1',
			shipping_information: { zip_code: '150000' },
			order_details: lines,
			...draft,
		},
		problems,
		changes: [],
		ignoredFields: [],
	}) as unknown as PreparedOrder;

describe('the catalog match: an order invalid in its input', () => {
	it("adds the unknown colour to the zip code's problem, labelled as the form shows it; it stays without a request", async () => {
		const order = invalid([line('OI-1', 'gold', 'M')]);
		const { result, routes } = await check({ originalItems: [shirt] }, [order]);
		expect(routes()).toEqual(['GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}']);
		expect(result.unchecked).toEqual([]);
		const [out] = result.orders;
		expect(out.problems).toEqual([
			zipProblem,
			{
				field: 'order_details[0].color',
				label: 'Lines › Color Name or ID',
				message: '"gold" is not one of the colours of original item OI-1 (item IT-1)',
				fix: 'Use one of: White (WH-mfr), Black.',
				itemIndex: 3,
			},
		]);
		expect('request' in out).toBe(false);
	});

	it('matches what it can and reports the rewrites, but never gives the order a request', async () => {
		const order = invalid([line('OI-1', 'white', 'm')]);
		const { result } = await check({ originalItems: [shirt] }, [order]);
		const [out] = result.orders;
		expect(out.problems).toEqual([zipProblem]);
		expect(out.changes.map((change) => [change.field, change.rule])).toEqual([
			['order_details[0].color', 'catalogNameFolded'],
			['order_details[0].size', 'catalogNameFolded'],
		]);
		expect('request' in out).toBe(false);
	});

	it('returns an invalid order whose lines match exactly as it is', async () => {
		const order = invalid([line('OI-1', 'White', 'M')]);
		const { result } = await check({ originalItems: [shirt] }, [order]);
		expect(result.orders[0]).toBe(order);
	});

	it('leaves a value its own problems name to them, and does not look up an item code they name', async () => {
		const named: InputProblem[] = [
			{ field: 'order_details[0].color', message: 'must be text', fix: 'f', itemIndex: 3 },
			{
				field: 'order_details[1].original_item_code (line_original_item_code)',
				message: 'is too long',
				fix: 'f',
				itemIndex: 3,
			},
		];
		const order = invalid([line('OI-1', 'gold', 'XXL'), line('OI-2', 'gold', 'XXL')], named);
		const { result, routes } = await check({ originalItems: [shirt] }, [order]);
		expect(routes()).toEqual(['GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}']);
		expect(result.orders[0].problems.slice(named.length).map((problem) => problem.field)).toEqual([
			'order_details[0].size',
		]);
	});

	it('skips lines and values that are not usable (not an object, not text, empty) and reads nothing for them', async () => {
		const order = invalid([
			'a line as text',
			line('OI-1', 12, ''),
			{ original_item_code: 5, color: 'gold', size: 'M' },
			{},
		]);
		const { result, routes } = await check({ originalItems: [shirt] }, [order]);
		expect(routes()).toEqual(['GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}']);
		expect(result.orders[0].problems).toEqual([zipProblem]);
	});

	it('reads nothing when the retailer is not a whole number, or is itself a problem', async () => {
		const wrongType = invalid([line('OI-1', 'gold', 'M')], [zipProblem], { retailer_id: '7' });
		const named = invalid(
			[line('OI-1', 'gold', 'M')],
			[{ field: 'retailer_id', message: 'must be a whole number', fix: 'f' }],
		);
		const { result, routes } = await check({ originalItems: [shirt] }, [wrongType, named]);
		expect(routes()).toEqual([]);
		expect(result.orders).toEqual([wrongType, named]);
	});

	it('an unknown original item is named beside the zip; Create With Images names the item', async () => {
		const byCode = await check({}, [invalid([line('OI-9', 'White', 'M')])]);
		expect(
			byCode.result.orders[0].problems.map((problem) => [problem.field, problem.label]),
		).toEqual([
			['shipping_information.zip_code', 'Recipient Zip Code'],
			['order_details[0].original_item_code', 'Lines › Original Item'],
		]);
		const withImage = await check(
			{ items: [item('IT-2', { colors: colors(['Red']), sizes: sizes('S') })] },
			[invalid([line('IT-2', 'Blue', 'S', 'item_code')])],
			{
				operation: 'orderWithImage',
			},
		);
		expect(withImage.result.orders[0].problems.map((problem) => problem.message)).toEqual([
			'must be 7 digits (has 6)',
			'"Blue" is not one of the colours of item IT-2',
		]);
	});

	it('Create With Images reads only the item code of a line, Order › Create only the original item codes', async () => {
		const mixed = line('OI-1', 'gold', 'M');
		mixed.item_code = 'IT-2';
		const byCode = await check({ originalItems: [shirt] }, [invalid([mixed])]);
		expect(byCode.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
		]);
		const withImage = await check(
			{ items: [item('IT-2', { colors: colors(['Red']), sizes: sizes('M') })] },
			[invalid([mixed])],
			{ operation: 'orderWithImage' },
		);
		expect(withImage.routes()).toEqual(['GET /items {"retailer_id":7,"item_code":"IT-2"}']);
	});

	it('a record that cannot be read leaves an invalid order with its own problems (it is not sent anyway), not among the unchecked', async () => {
		const order = invalid([line('OI-1', 'gold', 'M')]);
		const { result } = await check({ originalItems: [shirt], override: () => refused('down') }, [
			order,
		]);
		expect(result.unchecked).toEqual([]);
		expect(result.orders).toEqual([order]);
	});

	it("property: every unknown value not named by the order's own problems is reported once, and nothing else", async () => {
		const value = fc.constantFrom('White', 'Black', 'gold', 'M', 'L', 'XXL');
		const lineArb = fc.record({
			color: value,
			size: value,
			colorNamed: fc.boolean(),
			sizeNamed: fc.boolean(),
		});
		await fc.assert(
			fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 4 }), async (lines) => {
				const named: InputProblem[] = lines.flatMap((entry, index) => [
					...(entry.colorNamed
						? [{ field: `order_details[${index}].color`, message: 'm', fix: 'f' }]
						: []),
					...(entry.sizeNamed
						? [{ field: `order_details[${index}].size`, message: 'm', fix: 'f' }]
						: []),
				]);
				const order = invalid(
					lines.map((entry) => line('OI-1', entry.color, entry.size)),
					[zipProblem, ...named],
				);
				const { result } = await check({ originalItems: [shirt] }, [order]);
				const expected = lines.flatMap((entry, index) => [
					...(!entry.colorNamed && !['White', 'Black'].includes(entry.color)
						? [`order_details[${index}].color`]
						: []),
					...(!entry.sizeNamed && !['M', 'L'].includes(entry.size)
						? [`order_details[${index}].size`]
						: []),
				]);
				const added = result.orders[0].problems.slice(1 + named.length);
				expect(added.map((problem) => problem.field)).toEqual(expected);
				expect('request' in result.orders[0]).toBe(false);
			}),
			{ numRuns: 60 },
		);
	});
});
