/**
 * Stock of an order's lines, as a unit: each flag at its boundary (stock equal to what is ordered is enough),
 * lines of one stock entry added up, unlimited stock, the colour found by its manufacturer's name, what is read,
 * and the words of the refusal.
 */
import fc from 'fast-check';
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ColorValue, ItemStock } from '../../../../api/schema/types';
import type { CatalogLine } from '../../../../nodes/Printio/checks/lineCatalog';
import {
	isOutOfStock,
	type LineStock,
	needsColorNames,
	outOfStockError,
	stockOfOrder,
} from '../../../../nodes/Printio/checks/stockCheck';
import { NODE } from '../../shared/printio/transport/fakeContext';
import { stockEntry } from '../orderRun/fakes';

const entry = (
	code: string,
	color: string,
	size: string,
	quantity: number | null,
	orderable = true,
) => stockEntry(code, color, size, quantity, orderable) as unknown as ItemStock;
const line = (
	index: number,
	itemCode: string | undefined,
	color: string,
	size: string,
	quantity: number,
): CatalogLine => ({ line: index, itemCode, color, size, quantity });
const only = (stock: ItemStock[], colors?: ColorValue[]) => ({
	stockOf: () => stock,
	colorsOf: () => colors,
});
const flags = (lines: CatalogLine[], stock: ItemStock[], colors?: ColorValue[]) => {
	const { stockOf, colorsOf } = only(stock, colors);
	return stockOfOrder(lines, stockOf, colorsOf);
};

describe('stockOfOrder', () => {
	it('in stock when the stock is at least what is ordered, short below it (property)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 1000 }),
				fc.integer({ min: 1, max: 1000 }),
				(stock, quantity) => {
					const [result] = flags(
						[line(0, 'IT-1', 'White', 'M', quantity)],
						[entry('S-1', 'White', 'M', stock)],
					);
					expect(result.flag).toBe(stock >= quantity ? 'inStock' : 'short');
					expect(result.message).toBe(`IT-1 White M: ${stock} in stock, ${quantity} ordered`);
					expect(isOutOfStock(result)).toBe(stock < quantity);
				},
			),
		);
	});

	it('stock exactly equal to the quantity is in stock; one fewer is short, with every figure', () => {
		expect(flags([line(2, 'IT-1', 'White', 'M', 3)], [entry('S-1', 'White', 'M', 3)])).toEqual([
			{
				line: 2,
				item_code: 'IT-1',
				color: 'White',
				size: 'M',
				ordered: 3,
				item_stock_code: 'S-1',
				stock_quantity: 3,
				is_orderable: true,
				flag: 'inStock',
				message: 'IT-1 White M: 3 in stock, 3 ordered',
			},
		]);
		expect(flags([line(0, 'IT-1', 'White', 'M', 4)], [entry('S-1', 'White', 'M', 3)])).toEqual([
			expect.objectContaining({
				ordered: 4,
				stock_quantity: 3,
				flag: 'short',
				message: 'IT-1 White M: 3 in stock, 4 ordered',
			}),
		]);
	});

	it('adds up the lines of one stock entry: each is short when together they ask for more', () => {
		const result = flags(
			[
				line(0, 'IT-1', 'White', 'M', 2),
				line(1, 'IT-1', 'White', 'M', 2),
				line(2, 'IT-1', 'White', 'L', 1),
			],
			[entry('S-M', 'White', 'M', 3), entry('S-L', 'White', 'L', 1)],
		);
		expect(result.map((r) => [r.ordered, r.flag])).toEqual([
			[4, 'short'],
			[4, 'short'],
			[1, 'inStock'],
		]);
		expect(result[0].message).toBe('IT-1 White M: 3 in stock, 4 ordered');
	});

	it('adds up lines whatever their quantities (property): short exactly when the sum exceeds the stock', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 }),
				fc.integer({ min: 0, max: 200 }),
				(quantities, stock) => {
					const result = flags(
						quantities.map((quantity, index) => line(index, 'IT-1', 'White', 'M', quantity)),
						[entry('S-1', 'White', 'M', stock)],
					);
					const sum = quantities.reduce((a, b) => a + b, 0);
					for (const r of result) {
						expect(r.ordered).toBe(sum);
						expect(r.flag).toBe(sum > stock ? 'short' : 'inStock');
					}
				},
			),
		);
	});

	it('unlimited stock (null) is never short', () => {
		const [result] = flags(
			[line(0, 'IT-1', 'White', 'M', 10_000)],
			[entry('S-1', 'White', 'M', null)],
		);
		expect(result).toEqual(
			expect.objectContaining({
				flag: 'inStock',
				stock_quantity: null,
				message: 'IT-1 White M: unlimited stock, 10000 ordered',
			}),
		);
	});

	it('not orderable wins over any stock', () => {
		const [result] = flags(
			[line(0, 'IT-1', 'White', 'M', 1)],
			[entry('S-1', 'White', 'M', 100, false)],
		);
		expect(result).toEqual(
			expect.objectContaining({
				flag: 'notOrderable',
				is_orderable: false,
				message: 'IT-1 White M: not orderable now',
			}),
		);
		expect(isOutOfStock(result)).toBe(true);
	});

	it('unknown: no entry for the colour and size, or no item (the original item is unknown)', () => {
		const result = flags(
			[
				line(0, 'IT-1', 'White', 'XL', 2),
				line(1, 'IT-1', 'Red', 'M', 1),
				line(2, undefined, 'White', 'M', 3),
			],
			[entry('S-1', 'White', 'M', 5), entry('S-2', 'Red', 'L', 5)],
		);
		expect(result).toEqual([
			{
				line: 0,
				item_code: 'IT-1',
				color: 'White',
				size: 'XL',
				ordered: 2,
				item_stock_code: null,
				stock_quantity: null,
				is_orderable: null,
				flag: 'unknown',
				message: 'IT-1 White XL: no stock entry for this colour and size: stock not checked',
			},
			expect.objectContaining({
				flag: 'unknown',
				ordered: 1,
				message: 'IT-1 Red M: no stock entry for this colour and size: stock not checked',
			}),
			{
				line: 2,
				item_code: null,
				color: 'White',
				size: 'M',
				ordered: 3,
				item_stock_code: null,
				stock_quantity: null,
				is_orderable: null,
				flag: 'unknown',
				message: 'Original item not found at Printio: stock not checked',
			},
		]);
		expect(result.some(isOutOfStock)).toBe(false);
		// No stock loaded for the item at all: unknown too.
		expect(
			stockOfOrder(
				[line(0, 'IT-1', 'White', 'M', 1)],
				() => undefined,
				() => undefined,
			)[0].flag,
		).toBe('unknown');
	});

	it("finds the entry of a colour named by the catalog's manufacturer name, or by another catalog name of it, in the same size only", () => {
		const catalogColors = [
			{ name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' },
		] as ColorValue[];
		const stock = [entry('S-L', 'ホワイト', 'L', 9), entry('S-M', 'ホワイト', 'M', 1)];
		const [byMfr] = flags([line(0, 'IT-1', 'White', 'M', 2)], stock, catalogColors);
		expect(byMfr).toEqual(
			expect.objectContaining({
				item_stock_code: 'S-M',
				flag: 'short',
				message: 'IT-1 White M: 1 in stock, 2 ordered',
			}),
		);
		// Without the catalog's colours the entry cannot be found.
		expect(flags([line(0, 'IT-1', 'White', 'M', 2)], stock)[0].flag).toBe('unknown');
		// A colour the catalog does not list: unknown.
		expect(flags([line(0, 'IT-1', 'Black', 'M', 2)], stock, catalogColors)[0].flag).toBe('unknown');
		// The stock entry's own colour name is found directly, before the catalog is asked.
		const direct = flags(
			[line(0, 'IT-1', 'White', 'M', 1)],
			[entry('S-D', 'White', 'M', 1), entry('S-C', 'ホワイト', 'M', 0)],
			catalogColors,
		);
		expect(direct[0].item_stock_code).toBe('S-D');
	});

	it('asks each item code for its own stock and colours', () => {
		const stock = new Map([
			['IT-1', [entry('S-1', 'White', 'M', 0)]],
			['IT-2', [entry('S-2', 'White', 'M', 5)]],
		]);
		const result = stockOfOrder(
			[line(0, 'IT-1', 'White', 'M', 1), line(1, 'IT-2', 'White', 'M', 1)],
			(code) => stock.get(code),
			() => undefined,
		);
		expect(result.map((r) => r.flag)).toEqual(['short', 'inStock']);
	});
});

describe('needsColorNames', () => {
	it("only when stock was read and none of its entries has the line's colour in the line's size", () => {
		const stock = [entry('S-1', 'White', 'M', 1)];
		expect(needsColorNames(undefined, line(0, 'IT-1', 'White', 'M', 1))).toBe(false);
		expect(needsColorNames(stock, line(0, 'IT-1', 'White', 'M', 1))).toBe(false);
		expect(needsColorNames(stock, line(0, 'IT-1', 'White', 'L', 1))).toBe(true);
		expect(needsColorNames(stock, line(0, 'IT-1', 'Black', 'M', 1))).toBe(true);
		expect(needsColorNames([], line(0, 'IT-1', 'White', 'M', 1))).toBe(true);
	});
});

describe('outOfStockError', () => {
	const short: LineStock[] = [
		{
			line: 0,
			item_code: 'IT-1',
			color: 'White',
			size: 'M',
			ordered: 4,
			item_stock_code: 'S-1',
			stock_quantity: 3,
			is_orderable: true,
			flag: 'short',
			message: 'IT-1 White M: 3 in stock, 4 ordered',
		},
		{
			line: 2,
			item_code: 'IT-2',
			color: 'Red',
			size: 'L',
			ordered: 1,
			item_stock_code: 'S-2',
			stock_quantity: 0,
			is_orderable: false,
			flag: 'notOrderable',
			message: 'IT-2 Red L: not orderable now',
		},
	];
	const context = { getNode: () => NODE } as unknown as IExecuteFunctions;

	it('names every line with its figures, the item index, and says nothing was sent', () => {
		const error = outOfStockError.call(context, 'SHOP-1', short, 4, 0);
		expect(error.message).toBe(
			'Order "SHOP-1" is out of stock: order_details[0] IT-1 White M: 3 in stock, 4 ordered; order_details[2] IT-2 Red L: not orderable now (nothing was sent)',
		);
		expect(error.context.itemIndex).toBe(4);
		expect(error.description).toBe(
			"Checked with Printio's stock (POST /item-stocks) before sending: Printio would refuse this order with status 13 (out of stock). Lower the quantity, choose another colour or size, or wait for stock. Turn off Options › Check Stock First to send it anyway.",
		);
		expect(error.context.stock).toEqual(short);
		expect(error.context.stock).not.toBe(short);
		expect((error.context.stock as LineStock[])[0]).not.toBe(short[0]);
	});

	it('counts the other orders refused', () => {
		expect(outOfStockError.call(context, 'SHOP-1', [short[0]], 0, 1).message).toBe(
			'Order "SHOP-1" is out of stock: order_details[0] IT-1 White M: 3 in stock, 4 ordered (1 more order(s) out of stock; nothing was sent)',
		);
		expect(outOfStockError.call(context, 'SHOP-1', [short[0]], 0, 3).message).toMatch(
			/\(3 more order\(s\) out of stock; nothing was sent\)$/,
		);
	});
});

describe('stockOfOrder: the stock entry a colour takes', () => {
	it("a colour named by its manufacturer's name takes its own entry in the size, not the first entry of the size", () => {
		const colors = [
			{ name: 'ブラック', mfr_color_name: 'Black', hex: '#000000' },
			{ name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' },
		] as ColorValue[];
		const stock = [entry('S-B', 'ブラック', 'M', 0), entry('S-W', 'ホワイト', 'M', 5)];
		expect(flags([line(0, 'IT-1', 'White', 'M', 2)], stock, colors)).toStrictEqual([
			{
				line: 0,
				item_code: 'IT-1',
				color: 'White',
				size: 'M',
				ordered: 2,
				item_stock_code: 'S-W',
				stock_quantity: 5,
				is_orderable: true,
				flag: 'inStock',
				message: 'IT-1 White M: 5 in stock, 2 ordered',
			},
		]);
	});

	it("a colour that is a catalog name is that colour: without a stock entry of it, unknown, even when another colour has it as manufacturer's name", () => {
		const colors = [
			{ name: 'Navy', hex: '#000080' },
			{ name: 'ネイビー', mfr_color_name: 'Navy', hex: '#000080' },
		] as ColorValue[];
		const stock = [entry('S-N', 'ネイビー', 'M', 5)];
		const [result] = flags([line(0, 'IT-1', 'Navy', 'M', 1)], stock, colors);
		expect([result.flag, result.item_stock_code]).toStrictEqual(['unknown', null]);
	});
});
