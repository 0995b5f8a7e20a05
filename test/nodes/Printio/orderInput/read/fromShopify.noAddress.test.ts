/**
 * shopifyOrder (nodes/Printio/orderInput/read/fromShopify.ts), beyond fromShopify.test.ts: an order whose only
 * address block gives no address (a digital order: the billing address holds a name and a phone, Shopify's address
 * fields null) has no recipient at all, not a name and phone without an address.
 */
import { shopifyOrder } from '../../../../../nodes/Printio/orderInput/read/fromShopify';
import { DEFAULT_SHOP_SETTINGS } from '../../../../../nodes/Printio/orderInput/read/shop';

describe('recipient of an order without an address', () => {
	it('a billing block with a name and a phone but no address field is no recipient', () => {
		const order = shopifyOrder(
			{
				id: 5523904970915,
				order_number: 1042,
				email: 'hanako@example.jp',
				phone: null,
				shipping_address: null,
				billing_address: {
					first_name: '花子',
					last_name: '佐藤',
					company: null,
					address1: null,
					address2: null,
					city: null,
					zip: null,
					province: null,
					province_code: null,
					country: 'Japan',
					country_code: 'JP',
					phone: '+81 90-1234-5678',
				},
				line_items: [
					{
						id: 13851775828131,
						sku: 'EC-TS-0001',
						title: 'T-Shirt',
						variant_title: 'ホワイト / M',
						quantity: 1,
					},
				],
			},
			DEFAULT_SHOP_SETTINGS,
		);
		expect(order.recipientFrom).toBe('none');
		expect(order.recipient).toStrictEqual({});
	});
});
