/**
 * The shop reference in `ec_optional_information`: what is written reads back as the same shop order, and any
 * other text (a user's own note, a reference of another form) reads as no shop order at all.
 */
import fc from 'fast-check';

import {
	formatShopReference,
	parseShopReference,
} from '../../../../nodes/shared/printio/shopReference';

const platform = fc.constantFrom('shopify' as const, 'woocommerce' as const);
const orderId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

describe('shop reference', () => {
	it('writes the documented form', () => {
		expect(formatShopReference({ platform: 'shopify', orderId: '5123456789' })).toBe(
			'shop:shopify:5123456789',
		);
		expect(formatShopReference({ platform: 'woocommerce', orderId: '727' })).toBe(
			'shop:woocommerce:727',
		);
	});

	it('reads back every reference it writes, around surrounding blanks too', () => {
		fc.assert(
			fc.property(platform, orderId, (p, id) => {
				const text = formatShopReference({ platform: p, orderId: id });
				expect(parseShopReference(text)).toStrictEqual({ platform: p, orderId: id });
				expect(parseShopReference(` ${text}\n`)).toStrictEqual({ platform: p, orderId: id });
			}),
		);
	});

	it.each([
		['a user note', 'gift wrap please'],
		['another platform', 'shop:etsy:123'],
		['no order id', 'shop:shopify:'],
		['an id of 65 characters', `shop:shopify:${'1'.repeat(65)}`],
		['an id with a space', 'shop:shopify:12 34'],
		['text after the id', 'shop:shopify:123 extra'],
		['text before the prefix', 'x shop:shopify:123'],
		['the platform in capitals', 'shop:Shopify:123'],
		['null', null],
		['a number', 5123456789],
	])('reads %s as no shop order', (_name, text) => {
		expect(parseShopReference(text)).toBeUndefined();
	});

	it('takes an id of exactly 64 characters', () => {
		expect(parseShopReference(`shop:woocommerce:${'9'.repeat(64)}`)).toStrictEqual({
			platform: 'woocommerce',
			orderId: '9'.repeat(64),
		});
	});
});
