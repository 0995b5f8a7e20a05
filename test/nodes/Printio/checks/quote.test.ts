/**
 * The catalog quote, as a unit: (price + the size's additional price) × quantity per line, the total only when
 * every line has an amount, and why a line has none.
 */
import fc from 'fast-check';

import type { Item } from '../../../../api/schema/types';
import type { CatalogLine } from '../../../../nodes/Printio/checks/lineCatalog';
import { QUOTE_NOT_INCLUDED, quoteOf } from '../../../../nodes/Printio/checks/quote';

type Priced = Pick<Item, 'price' | 'sizes'>;
const line = (
	index: number,
	itemCode: string | undefined,
	size: string,
	quantity: number,
): CatalogLine => ({ line: index, itemCode, color: 'White', size, quantity });
const priced = (
	price: number,
	sizes: Array<{ name: string; additional_price?: string }>,
): Priced => ({ price, sizes: { values: sizes.map((s) => ({ details: [], ...s })) } });

describe('quoteOf', () => {
	it('prices each line and adds them up, saying what is not included', () => {
		const items: Record<string, Priced> = {
			'IT-1': priced(1000, [{ name: 'M' }, { name: 'XL', additional_price: '200' }]),
			'IT-2': priced(500, [{ name: 'S', additional_price: ' ' }]),
		};
		const quote = quoteOf(
			[line(0, 'IT-1', 'M', 2), line(1, 'IT-1', 'XL', 3), line(2, 'IT-2', 'S', 1)],
			(code) => items[code],
		);
		expect(quote).toEqual({
			lines: [
				{
					line: 0,
					item_code: 'IT-1',
					size: 'M',
					quantity: 2,
					price: 1000,
					additional_price: 0,
					amount: 2000,
				},
				{
					line: 1,
					item_code: 'IT-1',
					size: 'XL',
					quantity: 3,
					price: 1000,
					additional_price: 200,
					amount: 3600,
				},
				{
					line: 2,
					item_code: 'IT-2',
					size: 'S',
					quantity: 1,
					price: 500,
					additional_price: 0,
					amount: 500,
				},
			],
			total: 6100,
			not_included: QUOTE_NOT_INCLUDED,
		});
		expect(QUOTE_NOT_INCLUDED).toBe(
			'Catalog prices only: shipping, tax, novelties (action_after_print) and any other charge are not included (the Printio API states none of them); the currency is not stated by the API.',
		);
	});

	it('amount = (price + additional price) × quantity, total = their sum (property)', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({
						price: fc.integer({ min: 0, max: 100_000 }),
						extra: fc.integer({ min: 0, max: 10_000 }),
						quantity: fc.integer({ min: 1, max: 999 }),
					}),
					{
						minLength: 1,
						maxLength: 5,
					},
				),
				(rows) => {
					const quote = quoteOf(
						rows.map((_, index) => line(index, `IT-${index}`, 'M', rows[index].quantity)),
						(code) => {
							const row = rows[Number(code.slice(3))];
							return priced(row.price, [{ name: 'M', additional_price: String(row.extra) }]);
						},
					);
					const amounts = rows.map((row) => (row.price + row.extra) * row.quantity);
					expect(quote.lines.map((l) => l.amount)).toEqual(amounts);
					expect(quote.total).toBe(amounts.reduce((a, b) => a + b, 0));
				},
			),
		);
	});

	it('a line without an amount says why, keeps what is known, and leaves the total out', () => {
		const items: Record<string, Priced | undefined> = {
			'IT-1': priced(1000, [
				{ name: 'M', additional_price: 'abc' },
				{ name: 'L', additional_price: '1.5' },
			]),
			'IT-3': { sizes: { values: [] } } as unknown as Priced,
		};
		const quote = quoteOf(
			[
				line(0, undefined, 'M', 1),
				line(1, 'IT-2', 'M', 1),
				line(2, 'IT-1', 'XXL', 1),
				line(3, 'IT-1', 'M', 1),
				line(4, 'IT-3', 'M', 1),
				line(5, 'IT-1', 'L', 2),
			],
			(code) => items[code],
		);
		expect(quote.lines).toEqual([
			{
				line: 0,
				item_code: null,
				size: 'M',
				quantity: 1,
				price: null,
				additional_price: null,
				amount: null,
				note: 'Original item not found at Printio',
			},
			{
				line: 1,
				item_code: 'IT-2',
				size: 'M',
				quantity: 1,
				price: null,
				additional_price: null,
				amount: null,
				note: 'Item not found in the catalog',
			},
			{
				line: 2,
				item_code: 'IT-1',
				size: 'XXL',
				quantity: 1,
				price: 1000,
				additional_price: null,
				amount: null,
				note: 'Size not offered by this item',
			},
			{
				line: 3,
				item_code: 'IT-1',
				size: 'M',
				quantity: 1,
				price: 1000,
				additional_price: null,
				amount: null,
				note: "The size's additional price is not a number",
			},
			{
				line: 4,
				item_code: 'IT-3',
				size: 'M',
				quantity: 1,
				price: null,
				additional_price: null,
				amount: null,
				note: 'Item not found in the catalog',
			},
			{
				line: 5,
				item_code: 'IT-1',
				size: 'L',
				quantity: 2,
				price: 1000,
				additional_price: 1.5,
				amount: 2003,
			},
		]);
		expect(quote.total).toBeNull();
	});

	it('one line without an amount is enough to leave the total out; an item without sizes offers none', () => {
		const items: Record<string, Priced> = {
			'IT-1': priced(100, [{ name: 'M' }]),
			'IT-2': { price: 100 } as Priced,
		};
		expect(
			quoteOf([line(0, 'IT-1', 'M', 1), line(1, 'IT-2', 'M', 1)], (code) => items[code]).total,
		).toBeNull();
		expect(quoteOf([line(1, 'IT-2', 'M', 1)], (code) => items[code]).lines[0].note).toBe(
			'Size not offered by this item',
		);
		expect(quoteOf([line(0, 'IT-1', 'M', 1)], (code) => items[code]).total).toBe(100);
		// A free item (price 0) is priced, not missing.
		expect(
			quoteOf([line(0, 'IT-0', 'M', 3)], () => priced(0, [{ name: 'M', additional_price: '0' }]))
				.total,
		).toBe(0);
		// No lines: nothing to pay.
		expect(quoteOf([], () => undefined).total).toBe(0);
		// An additional price that is not finite is not a number either.
		expect(
			quoteOf([line(0, 'IT-1', 'M', 1)], () =>
				priced(100, [{ name: 'M', additional_price: 'Infinity' }]),
			).lines[0].amount,
		).toBeNull();
	});
});

describe('quoteOf: an item that offers no size', () => {
	it('an item with a size block but no size values: the line says the size is not offered', () => {
		const item = { price: 1000, sizes: {} } as unknown as Pick<Item, 'price' | 'sizes'>;
		const quote = quoteOf(
			[{ line: 0, itemCode: 'IT-1', color: 'White', size: 'M', quantity: 2 }],
			() => item,
		);
		expect(quote).toStrictEqual({
			lines: [
				{
					line: 0,
					item_code: 'IT-1',
					size: 'M',
					quantity: 2,
					price: 1000,
					additional_price: null,
					amount: null,
					note: 'Size not offered by this item',
				},
			],
			total: null,
			not_included: QUOTE_NOT_INCLUDED,
		});
	});
});
