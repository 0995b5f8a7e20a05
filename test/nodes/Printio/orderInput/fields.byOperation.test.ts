/**
 * orderLevelFields of nodes/Printio/orderInput/fields.ts picks the entry of the operation where the two operations
 * differ: EC Order Date is a date on order-by-code and free text (sent as null when empty) on order-with-image.
 */
import { CHECK_ORDER, orderLevelFields } from '../../../../nodes/Printio/orderInput/fields';

const ecOrderDate = (operation?: 'orderByCode' | 'orderWithImage') =>
	orderLevelFields(CHECK_ORDER, operation).filter((field) => field.key === 'ec_order_date');

describe('orderLevelFields', () => {
	it("gives each operation its own EC Order Date, and the first entry's without an operation", () => {
		expect(ecOrderDate('orderByCode').map((field) => [field.kind, field.whenEmpty])).toEqual([
			['date', undefined],
		]);
		expect(ecOrderDate('orderWithImage').map((field) => [field.kind, field.whenEmpty])).toEqual([
			['identifier', 'null'],
		]);
		expect(ecOrderDate().map((field) => field.kind)).toEqual(['date']);
	});

	it("leaves out the other operation's fields: order-with-image has no Shipping Method, Novelties or Team ID", () => {
		const keys = orderLevelFields(CHECK_ORDER, 'orderWithImage').map((field) => field.key);
		expect(keys).toEqual([
			'retailer_id',
			'ec_order_no',
			'ec_order_date',
			'ec_optional_information',
		]);
	});
});
