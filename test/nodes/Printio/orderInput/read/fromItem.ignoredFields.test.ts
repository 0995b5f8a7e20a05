/**
 * Map Columns' ignored fields for order-by-code, as the read stage reads an item
 * (nodes/Printio/orderInput/read/fromItem.ts), alone in its file on purpose: the names of the other operation are
 * computed once per operation and cached, so only the first order-by-code read in a test file computes them. A test
 * that wants to see that computation (and StrykerJS's per-test coverage of it) must be that first read; keep this
 * file free of other order-by-code reads before it.
 */
import { mapItemToOrder } from '../../orderRun/fakes';

describe('mapItemToOrder on order-by-code', () => {
	it('lists the order-with-image fields the item gives as ignored (the first order-by-code read of this file)', () => {
		const { order, ignoredFields } = mapItemToOrder(
			{
				ec_order_no: 'EC-1',
				item_code: 'OGB-910',
				line_image_front_output_url: 'https://x.example/f.png',
				line_size: 'M',
			},
			'orderByCode',
		);
		expect(order).toStrictEqual({ ec_order_no: 'EC-1', order_details: [{ size: 'M' }] });
		expect([...ignoredFields].sort()).toStrictEqual(['item_code', 'line_image_front_output_url']);
	});
});
