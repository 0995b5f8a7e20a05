/**
 * A changed re-delivery (changedRedelivery.ts), the behaviour changedRedelivery.test.ts left open (found by a
 * hand-run mutation test, docs/testing.md "How to handle a survivor"): a recipient field that Printio holds empty
 * and the shop now sets is a change, a line whose item is unknown still has its colour, size and quantity compared
 * when lines are found by detail number, and lines compared as a set keep the fields apart.
 */
import type { Order } from '../../../../api/schema/types';
import { changedFields } from '../../../../nodes/Printio/placement/changedRedelivery';
import type { OrderBody } from '../../../../nodes/Printio/checks/lineCatalog';

type Line = { item_code?: string; color: string; size: string; quantity: number; ec_order_detail_no?: string | null };

const RECIPIENT = {
	zip_code: '1000001',
	prefecture_name: '東京都',
	municipalities: '千代田区',
	address1: '1-1',
	address2: 'Bldg 2',
	full_name: 'Hanako',
	phone_number: '0300000000',
	mail_address: 'h@example.test',
};

const body = (lines: Line[], shipping: Record<string, unknown> = RECIPIENT): OrderBody =>
	({ retailer_id: 7, ec_order_no: 'E', shipping_information: shipping, order_details: lines }) as unknown as OrderBody;
const record = (lines: Line[], shipping: Record<string, unknown> | null = RECIPIENT): Order =>
	({ order_no: 'P', ec_order_no: 'E', ...(shipping ? { shipping_information: shipping } : {}), order_details: lines }) as unknown as Order;
const l = (item_code: string, color: string, size: string, quantity: number, ec_order_detail_no?: string): Line => ({
	item_code,
	color,
	size,
	quantity,
	...(ec_order_detail_no === undefined ? {} : { ec_order_detail_no }),
});

describe('changedFields: recipient fields held empty, and the lines compared', () => {
	it('a recipient field held empty (null or absent) that the order now sets is a change', () => {
		const held: Record<string, unknown> = { ...RECIPIENT, address2: null };
		delete held.mail_address;
		const sent = { ...RECIPIENT, address2: 'Bldg 3', mail_address: 'new@example.test' };
		expect(changedFields(body([l('IT-1', 'W', 'M', 1)], sent), [record([l('IT-1', 'W', 'M', 1)], held)], ['IT-1'])).toStrictEqual([
			'shipping_information.address2',
			'shipping_information.mail_address',
		]);
	});

	it('lines found by detail number: a line whose item is unknown still has its colour, size and quantity compared', () => {
		const held = [record([l('IT-2', 'B', 'L', 2, 'D2')]), record([l('IT-1', 'W', 'M', 1, 'D1')], null)];
		expect(changedFields(body([l('X', 'R', 'S', 3, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')]), held, [undefined, 'IT-2'])).toStrictEqual([
			'order_details[0].color',
			'order_details[0].size',
			'order_details[0].quantity',
		]);
	});

	it('lines compared as a set: a colour and a size that only spell the same when run together differ', () => {
		const held = [record([l('IT-1', 'W', 'XM', 1)]), record([l('IT-2', 'B', 'L', 2)])];
		expect(changedFields(body([l('IT-1', 'WX', 'M', 1), l('IT-2', 'B', 'L', 2)]), held, ['IT-1', 'IT-2'])).toStrictEqual(['order_details']);
	});
});
