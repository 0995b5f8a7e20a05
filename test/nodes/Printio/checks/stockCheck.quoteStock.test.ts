/**
 * The quote and the stock flags of Validate Only and Check Stock First, on their own (no sandbox): what a line
 * costs and when its amount is unknown; which stock entry a line takes and how it is flagged.
 */
import type { Item, ItemStock } from '../../../../api/schema/types';
import type { CatalogLine } from '../../../../nodes/Printio/checks/lineCatalog';
import { QUOTE_NOT_INCLUDED, quoteOf } from '../../../../nodes/Printio/checks/quote';
import { isOutOfStock, stockOfOrder } from '../../../../nodes/Printio/checks/stockCheck';

const item = (
	price: number,
	sizes: Array<[string, string | undefined]>,
): Pick<Item, 'price' | 'sizes'> => ({
	price,
	sizes: {
		values: sizes.map(([name, additional]) => ({
			name,
			details: [],
			...(additional === undefined ? {} : { additional_price: additional }),
		})),
	},
});

const line = (
	index: number,
	itemCode: string | undefined,
	size: string,
	quantity: number,
	color = 'ホワイト',
): CatalogLine => ({
	line: index,
	itemCode,
	color,
	size,
	quantity,
});

describe('quote', () => {
	const catalog = new Map([
		[
			'TEE',
			item(1800, [
				['M', '0'],
				['XL', '200'],
				['F', undefined],
				['ODD', 'n/a'],
			]),
		],
	]);
	const itemOf = (code: string) => catalog.get(code);

	it("is (price + the size's additional price) × quantity per line, and their sum", () => {
		const quote = quoteOf(
			[line(0, 'TEE', 'M', 2), line(1, 'TEE', 'XL', 3), line(2, 'TEE', 'F', 1)],
			itemOf,
		);
		expect(quote.lines.map((entry) => entry.amount)).toEqual([3600, 6000, 1800]);
		expect(quote.lines[1]).toEqual(
			expect.objectContaining({ price: 1800, additional_price: 200, quantity: 3 }),
		);
		expect(quote.total).toBe(11400);
		expect(quote.not_included).toBe(QUOTE_NOT_INCLUDED);
		expect(QUOTE_NOT_INCLUDED).toMatch(/shipping, tax/);
	});

	it("has no total when a line's item, size or additional price is unknown, and says why", () => {
		const quote = quoteOf(
			[
				line(0, 'TEE', 'M', 1),
				line(1, undefined, 'M', 1),
				line(2, 'MUG', 'M', 1),
				line(3, 'TEE', 'XXXL', 1),
				line(4, 'TEE', 'ODD', 1),
			],
			itemOf,
		);
		expect(quote.total).toBeNull();
		expect(quote.lines.map((entry) => [entry.amount, entry.note])).toEqual([
			[1800, undefined],
			[null, 'Original item not found at Printio'],
			[null, 'Item not found in the catalog'],
			[null, 'Size not offered by this item'],
			[null, "The size's additional price is not a number"],
		]);
	});
});

describe('stock flags', () => {
	const entry = (
		color: string,
		size: string,
		stock: number | null,
		orderable = true,
	): ItemStock => ({
		category_id: 1,
		item_stock_code: `TEE-${color}-${size}`,
		color_name: color,
		size,
		stock_quantity: stock,
		is_orderable: orderable,
	});
	const stock = [
		entry('ホワイト', 'M', 3),
		entry('ホワイト', 'L', null),
		entry('ホワイト', 'XL', 5, false),
		entry('ホワイト', 'S', 0),
	];
	const flags = (lines: CatalogLine[]) =>
		stockOfOrder(
			lines,
			(code) => (code === 'TEE' ? stock : undefined),
			() => [{ name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' }],
		);

	it('flags short, not orderable, unlimited and exact stock', () => {
		const result = flags([
			line(0, 'TEE', 'M', 3),
			line(1, 'TEE', 'L', 1000),
			line(2, 'TEE', 'XL', 1),
			line(3, 'TEE', 'S', 1),
		]);
		expect(result.map((entry) => entry.flag)).toEqual([
			'inStock',
			'inStock',
			'notOrderable',
			'short',
		]);
		expect(result.map(isOutOfStock)).toEqual([false, false, true, true]);
		expect(result[1].stock_quantity).toBeNull();
	});

	it('adds up the lines of one colour and size', () => {
		const result = flags([line(0, 'TEE', 'M', 2), line(1, 'TEE', 'M', 2)]);
		expect(result.map((entry) => [entry.flag, entry.ordered])).toEqual([
			['short', 4],
			['short', 4],
		]);
	});

	it("finds the entry of a colour given by the manufacturer's name", () => {
		expect(flags([line(0, 'TEE', 'M', 1, 'White')])[0]).toEqual(
			expect.objectContaining({ flag: 'inStock', item_stock_code: 'TEE-ホワイト-M' }),
		);
	});

	it('leaves a line unknown when there is no entry or no item, and never refuses it', () => {
		const result = flags([
			line(0, 'TEE', 'XXXL', 1),
			line(1, undefined, 'M', 1),
			line(2, 'TEE', 'M', 1, 'ブラック'),
		]);
		expect(result.map((entry) => entry.flag)).toEqual(['unknown', 'unknown', 'unknown']);
		expect(result.some(isOutOfStock)).toBe(false);
	});
});
