/**
 * A changed re-delivery (changedRedelivery.ts), the behaviour changedRedelivery.compare.test.ts left open
 * (Stryker survivor): when an order's shipments are compared as a set of lines, a detail number the shop sends
 * empty and Printio holds as null (how it stores an absent optional field) is the same, not a change.
 */
import type { Order } from '../../../../api/schema/types';
import { changedFields } from '../../../../nodes/Printio/placement/changedRedelivery';
import type { OrderBody } from '../../../../nodes/Printio/checks/lineCatalog';

const RECIPIENT = { zip_code: '1000001', prefecture_name: '東京都', municipalities: '千代田区', address1: '1-1', full_name: 'Hanako', phone_number: '0300000000' };

const line = (item_code: string, quantity: number, ec_order_detail_no: string | null) => ({ item_code, color: 'White', size: 'M', quantity, ec_order_detail_no });
const body = (lines: Array<ReturnType<typeof line>>): OrderBody =>
	({ retailer_id: 7, ec_order_no: 'E', shipping_information: RECIPIENT, order_details: lines }) as unknown as OrderBody;
const shipment = (lines: Array<ReturnType<typeof line>>): Order =>
	({ order_no: 'P', ec_order_no: 'E', shipping_information: RECIPIENT, order_details: lines }) as unknown as Order;

describe('changedFields: a detail number Printio holds as null', () => {
	it('lines compared as a set (one record per shipment): an empty detail number held as null is no change', () => {
		const held = [shipment([line('IT-1', 1, null)]), shipment([line('IT-2', 2, null)])];
		expect(changedFields(body([line('IT-2', 2, ''), line('IT-1', 1, '')]), held, ['IT-2', 'IT-1'])).toStrictEqual([]);
		// The same comparison still sees a changed quantity.
		expect(changedFields(body([line('IT-2', 3, ''), line('IT-1', 1, '')]), held, ['IT-2', 'IT-1'])).toStrictEqual(['order_details']);
	});
});
