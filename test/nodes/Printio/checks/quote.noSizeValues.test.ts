/**
 * The catalog quote (quote.ts), the behaviour quote.test.ts left open (Stryker survivor): an item whose size list
 * has no values offers no size, so the line has no amount and says why (no error).
 */
import type { Item } from '../../../../api/schema/types';
import { QUOTE_NOT_INCLUDED, quoteOf } from '../../../../nodes/Printio/checks/quote';

describe('quoteOf: an item that offers no size', () => {
	it('an item with a size block but no size values: the line says the size is not offered', () => {
		const item = { price: 1000, sizes: {} } as unknown as Pick<Item, 'price' | 'sizes'>;
		const quote = quoteOf([{ line: 0, itemCode: 'IT-1', color: 'White', size: 'M', quantity: 2 }], () => item);
		expect(quote).toStrictEqual({
			lines: [{ line: 0, item_code: 'IT-1', size: 'M', quantity: 2, price: 1000, additional_price: null, amount: null, note: 'Size not offered by this item' }],
			total: null,
			not_included: QUOTE_NOT_INCLUDED,
		});
	});
});
