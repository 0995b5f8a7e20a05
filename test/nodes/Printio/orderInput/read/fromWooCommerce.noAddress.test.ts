/**
 * wooCommerceOrder / attributeValue (nodes/Printio/orderInput/read/fromWooCommerce.ts), beyond
 * fromWooCommerce.test.ts: an order whose blocks give no address (a virtual product: WooCommerce sends the address
 * fields as empty strings, the billing block still with a name, mail and phone) has no recipient at all; and
 * `colour` is read as `color` only as the whole attribute name, not at the end of a longer one.
 */
import {
	attributeValue,
	wooCommerceOrder,
} from '../../../../../nodes/Printio/orderInput/read/fromWooCommerce';
import { DEFAULT_SHOP_SETTINGS } from '../../../../../nodes/Printio/orderInput/read/shop';

describe('recipient of an order without an address', () => {
	it('a billing block with a name, mail and phone but empty address fields is no recipient', () => {
		const empty = {
			first_name: '',
			last_name: '',
			company: '',
			address_1: '',
			address_2: '',
			city: '',
			state: '',
			postcode: '',
			country: '',
			phone: '',
		};
		const order = wooCommerceOrder(
			{
				id: 727,
				number: '727',
				status: 'processing',
				date_created_gmt: '2025-03-08T05:27:51',
				billing: {
					...empty,
					first_name: 'Yuki',
					last_name: 'Tanaka',
					country: 'JP',
					email: 'yuki@example.jp',
					phone: '+81 90-1234-5678',
				},
				shipping: empty,
				line_items: [
					{
						id: 315,
						name: 'Sticker Pack (download)',
						product_id: 93,
						variation_id: 0,
						quantity: 1,
						sku: 'DL-1',
						meta_data: [],
					},
				],
			},
			DEFAULT_SHOP_SETTINGS,
		);
		expect(order.recipientFrom).toBe('none');
		expect(order.recipient).toStrictEqual({});
	});
});

describe('attributeValue', () => {
	it('colour at the end of a longer name is not color: pa_ink-colour is not the attribute ink-color', () => {
		const meta = [
			{
				id: 4411,
				key: 'pa_ink-colour',
				value: 'white',
				display_key: 'Ink colour',
				display_value: 'White',
			},
		];
		expect(attributeValue(meta, 'ink-color')).toBeUndefined();
		expect(attributeValue(meta, 'ink-colour')).toBe('white');
	});
});
