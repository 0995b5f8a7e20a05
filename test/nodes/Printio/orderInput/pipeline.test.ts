/**
 * The pipeline's own fallback for rows without defaults (PrepareOptions.defaults), as a unit: a group's own defaults
 * win over it. The node never passes it: the read stage gives every row the node's defaults, merged over the row's
 * own (inputOf), so this is asked of prepareRows directly.
 */
import { buildOrders, prepareRows } from '../../../../nodes/Printio/orderInput/pipeline';
import { byCodeOrder } from './fixtures';

const prepareOrders = (...args: Parameters<typeof prepareRows>) =>
	buildOrders(prepareRows(...args), args[1]);

describe('defaults', () => {
	it("the order's own defaults over the options'; the options' for a row without any", () => {
		const order = { ...byCodeOrder(), retailer_id: undefined };
		const [own, fromOptions] = prepareOrders(
			[
				{ itemIndex: 0, order, defaults: { retailer_id: 5 } },
				{ itemIndex: 1, order },
			],
			'orderByCode',
			{ defaults: { retailer_id: 9 } },
		);
		expect(own.request?.retailer_id).toBe(5);
		expect(fromOptions.request?.retailer_id).toBe(9);
	});
});
