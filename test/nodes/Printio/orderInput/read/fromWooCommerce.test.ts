/**
 * wooCommerceOrder / attributeValue (nodes/Printio/orderInput/read/fromWooCommerce.ts): a WooCommerce order payload
 * read into a ShopOrder. Pinned here, beyond fromShopOrder.shopOrders.test.ts: when a block counts as an address,
 * the recipient as one whole block, state codes (JP13) and +81 phones as given, the phone and mail fallbacks, the
 * order number, dates in UTC marked with Z (only when they carry no offset), cancelled statuses, attribute slugs
 * found by key or display key, and variation id 0 as the product's id.
 */
import fc from 'fast-check';

import {
	attributeValue,
	wooCommerceOrder,
} from '../../../../../nodes/Printio/orderInput/read/fromWooCommerce';
import { DEFAULT_SHOP_SETTINGS } from '../../../../../nodes/Printio/orderInput/read/shop';
import type { ShopSettings } from '../../../../../nodes/Printio/orderInput/read/shop';

type Json = Record<string, unknown>;
const settings = (change: Partial<ShopSettings> = {}): ShopSettings => ({
	...DEFAULT_SHOP_SETTINGS,
	...change,
});
const read = (order: Json, change: Partial<ShopSettings> = {}) =>
	wooCommerceOrder({ line_items: [], ...order }, settings(change));

const shipping = {
	first_name: 'Ken',
	last_name: 'Tanaka',
	company: '',
	address_1: '栄3-4-5',
	address_2: '栄タワー 1203',
	city: '名古屋市中区',
	state: 'JP23',
	postcode: '460-0008',
	country: 'JP',
	phone: '+81 52-111-2222',
};
const billing = {
	first_name: 'Yuki',
	last_name: 'Tanaka',
	company: '',
	address_1: '中央1-2-3',
	address_2: '',
	city: '札幌市中央区',
	state: 'JP01',
	postcode: '060-0001',
	email: 'yuki@example.jp',
	phone: '+81 11-222-3333',
};

describe('recipient', () => {
	it('the shipping block, whole; mail from billing', () => {
		const order = read({ shipping, billing });
		expect(order.recipientFrom).toBe('shipping');
		expect(order.recipient).toStrictEqual({
			full_name: 'Tanaka Ken',
			zip_code: '460-0008',
			prefecture_name: 'JP23',
			municipalities: '名古屋市中区',
			address1: '栄3-4-5',
			address2: '栄タワー 1203',
			phone_number: '+81 52-111-2222',
			mail_address: 'yuki@example.jp',
		});
	});

	it.each(['address_1', 'city', 'postcode', 'state'])(
		'a shipping block giving only %s is an address',
		(key) => {
			const order = read({ shipping: { first_name: 'x', [key]: 'v' }, billing });
			expect(order.recipientFrom).toBe('shipping');
			expect(order.recipient.full_name).toBe('x');
			expect(order.recipient.address2).toBeUndefined();
			expect(order.recipient.phone_number).toBe('+81 11-222-3333');
		},
	);

	it('a shipping block with only a name, phone, address_2 and country is no address: billing, whole, its own phone first', () => {
		const order = read({
			shipping: {
				first_name: 'Ken',
				last_name: 'T',
				address_1: '',
				address_2: '2F',
				country: 'JP',
				phone: '+81 52-0',
			},
			billing,
		});
		expect(order.recipientFrom).toBe('billing');
		expect(order.recipient).toStrictEqual({
			full_name: 'Tanaka Yuki',
			zip_code: '060-0001',
			prefecture_name: 'JP01',
			municipalities: '札幌市中央区',
			address1: '中央1-2-3',
			phone_number: '+81 11-222-3333',
			mail_address: 'yuki@example.jp',
		});
		expect(
			read({ shipping: { address_1: 'a' }, billing: { ...billing, phone: '' } }).recipient
				.phone_number,
		).toBeUndefined();
		expect(
			read({ shipping: { phone: '+81 52-0' }, billing: { ...billing, phone: null } }).recipient
				.phone_number,
		).toBe('+81 52-0');
	});

	it('no address: none; a company when the names are empty; a mail on the shipping block is used first', () => {
		expect(read({ shipping: {}, billing: { email: 'a@example.jp' } })).toMatchObject({
			recipientFrom: 'none',
			recipient: {},
		});
		expect(read({ shipping: null, billing: 'x' })).toMatchObject({
			recipientFrom: 'none',
			recipient: {},
		});
		expect(
			read({ shipping: { ...shipping, first_name: '', last_name: ' ', company: 'Print KK' } })
				.recipient.full_name,
		).toBe('Print KK');
		expect(
			read({ shipping: { ...shipping, email: 's@example.jp' }, billing }).recipient.mail_address,
		).toBe('s@example.jp');
		expect(read({ shipping }).recipient).not.toHaveProperty('mail_address');
	});

	it('numbers as WooCommerce may send them are text (a postcode as a number)', () => {
		expect(read({ shipping: { ...shipping, postcode: 4600008 } }).recipient.zip_code).toBe(
			'4600008',
		);
	});
});

describe('number, date, cancelled', () => {
	it('number, else the id; the id when set to; an id of 0 is none', () => {
		expect(read({ number: '727', id: 9 }).number).toBe('727');
		expect(read({ number: '', id: 9 }).number).toBe('9');
		expect(read({ id: 0 }).number).toBeUndefined();
		expect(read({ number: '727', id: 9 }, { orderNumberFrom: 'id' }).number).toBe('9');
		expect(read({ number: '727' }, { orderNumberFrom: 'id' }).number).toBeUndefined();
	});

	it.each([
		['2025-03-08T14:30:00', '2025-03-08T14:30:00Z'],
		[' 2025-03-08T14:30:00 ', '2025-03-08T14:30:00Z'],
		['2025-03-08T14:30:00Z', '2025-03-08T14:30:00Z'],
		['2025-03-08T14:30:00z', '2025-03-08T14:30:00z'],
		['2025-03-08T14:30:00+09:00', '2025-03-08T14:30:00+09:00'],
		['2025-03-08T14:30:00-0500', '2025-03-08T14:30:00-0500'],
		['2025-03-08T14:30:00+9', '2025-03-08T14:30:00+9Z'],
		['2025-03-08', '2025-03-08Z'],
		['2025-03-08T14:30:00+09:00 JST', '2025-03-08T14:30:00+09:00 JSTZ'],
	])('date_created_gmt %p is read as %p', (gmt, date) => {
		expect(read({ date_created_gmt: gmt, date_created: '2025-03-08T23:30:00' }).date).toBe(date);
	});

	it('a blank date_created_gmt: date_created as given; neither: no date', () => {
		expect(read({ date_created_gmt: ' ', date_created: '2025-03-08T23:30:00' }).date).toBe(
			'2025-03-08T23:30:00',
		);
		expect(read({ date_created_gmt: null }).date).toBeUndefined();
	});

	it.each([
		['cancelled', true],
		['refunded', true],
		['failed', true],
		['trash', true],
		[' Refunded ', true],
		['TRASH', true],
		['processing', false],
		['completed', false],
		['cancelled-by-admin', false],
		['', false],
		[undefined, false],
	])('status %p: cancelled %p', (status, cancelled) => {
		expect(read({ status }).cancelled).toBe(cancelled);
	});
});

describe('lines', () => {
	const meta = [
		{ id: 1, key: 'pa_color', value: 'white', display_key: 'Color', display_value: 'White' },
		{ id: 2, key: 'pa_size', value: ' m ', display_key: 'Size', display_value: 'M' },
	];

	it('codes (SKU trimmed), line id, name, attribute slugs, quantity as given', () => {
		expect(
			read({
				line_items: [
					{
						id: 315,
						name: 'T-Shirt - White, M',
						product_id: 93,
						variation_id: 101,
						quantity: 2,
						sku: ' EC-TS-0001 ',
						meta_data: meta,
					},
				],
			}).lines,
		).toStrictEqual([
			{
				index: 0,
				lineId: '315',
				codes: { sku: 'EC-TS-0001', productId: '93', variantId: '101' },
				name: 'T-Shirt - White, M',
				color: 'white',
				size: 'm',
				quantity: 2,
			},
		]);
	});

	it('a simple product (variation_id 0): its product id is the variant id; no ids, no SKU: no codes', () => {
		const [simple, none, notAnObject] = read({
			line_items: [
				{ id: 317, product_id: 95, variation_id: 0, sku: '' },
				{ id: 0, product_id: 0, variation_id: null },
				7,
			],
		}).lines;
		expect(simple.codes).toStrictEqual({ productId: '95', variantId: '95' });
		expect(none).toMatchObject({ codes: {}, lineId: undefined });
		expect(notAnObject).toStrictEqual({
			index: 2,
			lineId: undefined,
			codes: {},
			name: undefined,
			color: undefined,
			size: undefined,
			quantity: undefined,
		});
	});

	it('the attributes are those named in the settings', () => {
		const [line] = read(
			{
				line_items: [
					{
						meta_data: [
							{ key: 'pa_farbe', value: 'weiss' },
							{ key: 'groesse', value: 'l' },
						],
					},
				],
			},
			{ colorAttribute: 'Farbe', sizeAttribute: 'pa_groesse' },
		).lines;
		expect([line.color, line.size]).toStrictEqual(['weiss', 'l']);
	});
});

describe('attributeValue', () => {
	it('the first entry with a value: a blank value is passed over, a number is text, the value trimmed', () => {
		const meta = [
			null,
			'x',
			{ key: 5, value: 'n' },
			{ key: 'pa_color', value: '  ' },
			{ key: 'color', value: 3 },
			{ key: 'Color', value: 'later' },
		];
		expect(attributeValue(meta, 'color')).toBe('3');
		expect(attributeValue([{ key: 'color', value: ' red ' }], 'color')).toBe('red');
		expect(attributeValue([{ key: 'color', value: null }], 'color')).toBeUndefined();
	});

	it('colour is color, but only as the whole name; pa_ only at the start', () => {
		expect(attributeValue([{ key: 'pa_colour', value: 'a' }], 'Color')).toBe('a');
		expect(attributeValue([{ key: 'colour', value: 'a' }], 'pa_colour')).toBe('a');
		expect(attributeValue([{ key: 'colours', value: 'a' }], 'color')).toBeUndefined();
		expect(attributeValue([{ key: 'main_colour', value: 'a' }], 'color')).toBeUndefined();
		expect(attributeValue([{ key: 'x_pa_size', value: 'a' }], 'size')).toBeUndefined();
		expect(attributeValue([{ key: ' Size ', value: 'a' }], 'SIZE')).toBe('a');
		expect(attributeValue([{ key: 'pa_pa_size', value: 'a' }], 'size')).toBeUndefined();
		expect(attributeValue([{ key: 'sizepa_', value: 'a' }], 'size')).toBeUndefined();
		expect(attributeValue([{ key: 'colors', value: 'a' }], 'colours')).toBeUndefined();
	});

	it('no name, no list: nothing', () => {
		expect(attributeValue([{ key: '', value: 'a' }], '')).toBeUndefined();
		expect(attributeValue([{ key: ' ', value: 'a' }], '  ')).toBeUndefined();
		expect(attributeValue({ key: 'color', value: 'a' }, 'color')).toBeUndefined();
	});

	it('a display key names the attribute as well as the key (property)', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('key', 'display_key'),
				fc.string({ minLength: 1, maxLength: 6 }).filter((v) => v.trim() === v && v !== ''),
				(where, value) => {
					expect(
						attributeValue(
							[
								{ key: 'attribute_x', display_key: 'Other', value: 'no' },
								{ key: 'attribute_y', [where]: 'Size', value },
							],
							'size',
						),
					).toBe(value);
				},
			),
		);
	});
});
