/**
 * Stock of an order's lines (stockCheck.ts), the behaviour stockCheck.test.ts left open (found by a hand-run
 * mutation test, docs/testing.md "How to handle a survivor"): a colour found through the catalog takes the stock
 * entry of that colour, never the first entry of the size, and a line's colour that is a catalog name is that
 * colour, not another one whose manufacturer's name it also is.
 */
import type { ColorValue, ItemStock } from '../../../../api/schema/types';
import type { CatalogLine } from '../../../../nodes/Printio/checks/lineCatalog';
import { stockOfOrder } from '../../../../nodes/Printio/checks/stockCheck';
import { stockEntry } from './catalogFake';

const entry = (code: string, color: string, size: string, quantity: number | null) => stockEntry(code, color, size, quantity) as unknown as ItemStock;
const line = (color: string, quantity = 1): CatalogLine => ({ line: 0, itemCode: 'IT-1', color, size: 'M', quantity });
const flags = (lines: CatalogLine[], stock: ItemStock[], colors: ColorValue[]) =>
	stockOfOrder(
		lines,
		() => stock,
		() => colors,
	);

describe('stockOfOrder: the stock entry a colour takes', () => {
	it('a colour named by its manufacturer\'s name takes its own entry in the size, not the first entry of the size', () => {
		const colors = [
			{ name: 'ブラック', mfr_color_name: 'Black', hex: '#000000' },
			{ name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' },
		] as ColorValue[];
		const stock = [entry('S-B', 'ブラック', 'M', 0), entry('S-W', 'ホワイト', 'M', 5)];
		expect(flags([line('White', 2)], stock, colors)).toStrictEqual([
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

	it('a colour that is a catalog name is that colour: without a stock entry of it, unknown, even when another colour has it as manufacturer\'s name', () => {
		const colors = [
			{ name: 'Navy', hex: '#000080' },
			{ name: 'ネイビー', mfr_color_name: 'Navy', hex: '#000080' },
		] as ColorValue[];
		const stock = [entry('S-N', 'ネイビー', 'M', 5)];
		const [result] = flags([line('Navy')], stock, colors);
		expect([result.flag, result.item_stock_code]).toStrictEqual(['unknown', null]);
	});
});
