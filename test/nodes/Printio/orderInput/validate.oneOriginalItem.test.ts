/**
 * validateOrder (nodes/Printio/orderInput/validate.ts): the one-original-item rule without Multi-Item Orders is
 * order-by-code's; an order-with-image names catalog items, so codes of original items on its lines do not count.
 */
import { validateOrder } from '../../../../nodes/Printio/orderInput/validate';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, withImageOrder } from './fixtures';

const ONE_ORIGINAL_ITEM = /different original items/;

describe('the one-original-item rule', () => {
	it('refuses two original items on order-by-code without Multi-Item Orders, and never on order-with-image', () => {
		const byCode = byCodeOrder();
		const [line] = byCode.order_details ?? [];
		const twoItems: OrderDraft = {
			...byCode,
			order_details: [
				{ ...line, original_item_code: 'A' },
				{ ...line, original_item_code: 'B' },
			],
		};
		expect(validateOrder(twoItems, 'orderByCode').map((problem) => problem.message)).toEqual([
			expect.stringMatching(ONE_ORIGINAL_ITEM),
		]);
		expect(validateOrder(twoItems, 'orderByCode', { multiItemOrder: true })).toEqual([]);

		const withImage = withImageOrder();
		const [imageLine] = withImage.order_details ?? [];
		const withCodes: OrderDraft = {
			...withImage,
			order_details: [
				{ ...imageLine, original_item_code: 'A' },
				{ ...imageLine, original_item_code: 'B' },
			],
		};
		expect(validateOrder(withCodes, 'orderWithImage')).toEqual([]);
	});
});
