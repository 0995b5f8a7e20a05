/**
 * shopifyOrder (nodes/Printio/orderInput/read/fromShopify.ts): a Shopify order payload read into a ShopOrder.
 * Pinned here, beyond fromShopOrder.shopOrders.test.ts: when a block counts as an address (any one of its address
 * fields), that the recipient is one whole block, the fallbacks of name, prefecture (JP-13 before "Tokyo"), phone
 * (+81 numbers as given) and mail in their order, the order number's sources, variant titles ("White / M"), ids of 0
 * or null as none, and cancelled orders.
 */
import fc from 'fast-check';

import { shopifyOrder } from '../../../../../nodes/Printio/orderInput/read/fromShopify';
import { DEFAULT_SHOP_SETTINGS } from '../../../../../nodes/Printio/orderInput/read/shop';
import type { ShopSettings } from '../../../../../nodes/Printio/orderInput/read/shop';

type Json = Record<string, unknown>;
const settings = (change: Partial<ShopSettings> = {}): ShopSettings => ({
	...DEFAULT_SHOP_SETTINGS,
	...change,
});
const read = (order: Json, change: Partial<ShopSettings> = {}) =>
	shopifyOrder({ line_items: [], ...order }, settings(change));

const tokyo = {
	first_name: '太郎',
	last_name: '山田',
	zip: '150-0001',
	province_code: 'JP-13',
	province: 'Tokyo',
	city: '渋谷区',
	address1: '神宮前1-2-3',
	address2: '4F',
	phone: '+81 3-1111-2222',
};
const osaka = {
	first_name: '花子',
	last_name: '佐藤',
	zip: '530-0001',
	province_code: 'JP-27',
	province: 'Osaka',
	city: '大阪市北区',
	address1: '梅田1-1-1',
	phone: '+81 6-3333-4444',
};

describe('recipient', () => {
	it("the shipping address, whole, with the order's mail", () => {
		const order = read({ shipping_address: tokyo, billing_address: osaka, email: 'a@example.jp' });
		expect(order.recipientFrom).toBe('shipping');
		expect(order.recipient).toStrictEqual({
			full_name: '山田 太郎',
			zip_code: '150-0001',
			prefecture_name: 'JP-13',
			municipalities: '渋谷区',
			address1: '神宮前1-2-3',
			address2: '4F',
			phone_number: '+81 3-1111-2222',
			mail_address: 'a@example.jp',
		});
	});

	it.each(['address1', 'city', 'zip', 'province', 'province_code'])(
		'a shipping block giving only %s is an address (never mixed with billing)',
		(key) => {
			const order = read({
				shipping_address: { first_name: 'x', phone: '1', address2: 'a2', [key]: 'v' },
				billing_address: osaka,
			});
			expect(order.recipientFrom).toBe('shipping');
			expect(
				order.recipient.zip_code ??
					order.recipient.prefecture_name ??
					order.recipient.municipalities ??
					order.recipient.address1,
			).toBe('v');
			expect(order.recipient.full_name).toBe('x');
		},
	);

	it('a shipping block of blanks, nulls and names only is no address: the billing address, whole', () => {
		const blank = {
			first_name: '太郎',
			last_name: '山田',
			address1: '',
			city: '  ',
			zip: null,
			province: '',
			province_code: null,
			address2: '2F',
			phone: '+81 90-0000-0000',
		};
		const order = read({ shipping_address: blank, billing_address: osaka });
		expect(order.recipientFrom).toBe('billing');
		expect(order.recipient).toStrictEqual({
			full_name: '佐藤 花子',
			zip_code: '530-0001',
			prefecture_name: 'JP-27',
			municipalities: '大阪市北区',
			address1: '梅田1-1-1',
			phone_number: '+81 6-3333-4444',
		});
	});

	it('no address at all: no recipient, from none', () => {
		for (const order of [
			read({}),
			read({ shipping_address: null, billing_address: 'x', email: 'a@example.jp' }),
			read({ shipping_address: { first_name: 'a' }, billing_address: {} }),
		]) {
			expect(order.recipientFrom).toBe('none');
			expect(order.recipient).toStrictEqual({});
		}
	});

	it('prefecture: province_code (JP-13) before province; the province when no code', () => {
		expect(
			read({ shipping_address: { ...tokyo, province_code: ' ' } }).recipient.prefecture_name,
		).toBe('Tokyo');
		expect(
			read({ shipping_address: { ...tokyo, province_code: null, province: '東京都' } }).recipient
				.prefecture_name,
		).toBe('東京都');
	});

	it("name: last + first, else the company, else the block's name", () => {
		expect(
			read({ shipping_address: { ...tokyo, first_name: '', last_name: '山田' } }).recipient
				.full_name,
		).toBe('山田');
		expect(
			read({
				shipping_address: {
					...tokyo,
					first_name: null,
					last_name: null,
					company: '株式会社サンプル',
					name: 'n',
				},
			}).recipient.full_name,
		).toBe('株式会社サンプル');
		expect(
			read({
				shipping_address: { ...tokyo, first_name: null, last_name: ' ', name: 'Taro Yamada' },
			}).recipient.full_name,
		).toBe('Taro Yamada');
		expect(
			read({ shipping_address: { ...tokyo, first_name: null, last_name: null } }).recipient,
		).not.toHaveProperty('full_name');
	});

	it("phone: the block's, else the other address's, else the order's, else the customer's (+81 as given)", () => {
		const customer = { phone: '+81 90-4444-4444', email: 'c@example.jp' };
		const base = {
			shipping_address: { ...tokyo, phone: null },
			billing_address: { ...osaka, phone: '+81 6-2222-2222' },
			phone: '+81 3-3333-3333',
			customer,
		};
		expect(read(base).recipient.phone_number).toBe('+81 6-2222-2222');
		expect(read({ ...base, billing_address: { ...osaka, phone: '' } }).recipient.phone_number).toBe(
			'+81 3-3333-3333',
		);
		expect(read({ ...base, billing_address: undefined, phone: null }).recipient.phone_number).toBe(
			'+81 90-4444-4444',
		);
		expect(
			read({ ...base, billing_address: undefined, phone: null, customer: null }).recipient,
		).not.toHaveProperty('phone_number');
		// With the billing address as recipient, the other address is the shipping one.
		const billing = read({
			shipping_address: { phone: '+81 3-9999-9999' },
			billing_address: { ...osaka, phone: undefined },
			phone: '+81 3-3333-3333',
		});
		expect(billing.recipient.phone_number).toBe('+81 3-9999-9999');
	});

	it("mail: the order's email, else contact_email, else the customer's", () => {
		const base = {
			shipping_address: tokyo,
			email: 'e@example.jp',
			contact_email: 'c@example.jp',
			customer: { email: 'k@example.jp' },
		};
		expect(read(base).recipient.mail_address).toBe('e@example.jp');
		expect(read({ ...base, email: '' }).recipient.mail_address).toBe('c@example.jp');
		expect(read({ ...base, email: null, contact_email: null }).recipient.mail_address).toBe(
			'k@example.jp',
		);
		expect(read({ shipping_address: tokyo }).recipient).not.toHaveProperty('mail_address');
	});
});

describe('number, date, cancelled', () => {
	it('order_number, else the name without its leading "#", else none; the id when set to', () => {
		expect(read({ order_number: 1001, name: '#9', id: 5 }).number).toBe('1001');
		expect(read({ order_number: null, name: '#1002', id: 5 }).number).toBe('1002');
		expect(read({ name: 'SHOP#1003' }).number).toBe('SHOP#1003');
		expect(read({ name: '##4' }).number).toBe('#4');
		expect(read({ id: 5 }).number).toBeUndefined();
		expect(read({ order_number: 1001, id: 5823498213513 }, { orderNumberFrom: 'id' }).number).toBe(
			'5823498213513',
		);
		expect(read({ order_number: 1001, id: 0 }, { orderNumberFrom: 'id' }).number).toBeUndefined();
	});

	it('created_at as given; cancelled only when cancelled_at is given', () => {
		expect(read({ created_at: '2025-03-08T14:27:51+09:00' }).date).toBe(
			'2025-03-08T14:27:51+09:00',
		);
		expect(read({}).date).toBeUndefined();
		expect(read({ cancelled_at: null }).cancelled).toBe(false);
		expect(read({ cancelled_at: '' }).cancelled).toBe(false);
		expect(read({ cancelled_at: '2025-03-09T10:00:00+09:00' }).cancelled).toBe(true);
	});
});

describe('lines', () => {
	it('codes, line id, name, colour and size from the variant title by position, quantity as given', () => {
		const line = {
			id: 11,
			sku: ' EC-TS-0001 ',
			product_id: 632910392,
			variant_id: 808950810,
			title: 'T-Shirt',
			name: 'T-Shirt - White / M',
			variant_title: 'White / M',
			quantity: 2,
		};
		expect(read({ line_items: [line] }).lines).toStrictEqual([
			{
				index: 0,
				lineId: '11',
				codes: { sku: 'EC-TS-0001', productId: '632910392', variantId: '808950810' },
				name: 'T-Shirt',
				color: 'White',
				size: 'M',
				quantity: 2,
			},
		]);
	});

	it('no title: the name; ids of 0 or null and blank SKUs are none; a line that is no object has nothing', () => {
		const lines = read({
			line_items: [
				{
					id: 0,
					sku: '  ',
					product_id: 0,
					variant_id: null,
					name: 'Gift Card',
					variant_title: 'Default Title',
					quantity: '1',
				},
				'x',
			],
		}).lines;
		expect(lines).toStrictEqual([
			{
				index: 0,
				lineId: undefined,
				codes: {},
				name: 'Gift Card',
				color: undefined,
				size: undefined,
				quantity: '1',
			},
			{
				index: 1,
				lineId: undefined,
				codes: {},
				name: undefined,
				color: undefined,
				size: undefined,
				quantity: undefined,
			},
		]);
	});

	it('variant title parts: three options, size in 3rd place, "S/M" inside a value, an empty part, no part there', () => {
		const part = (title: unknown, change: Partial<ShopSettings>) => {
			const [line] = read({ line_items: [{ variant_title: title }] }, change).lines;
			return [line.color, line.size];
		};
		expect(part('Heather Grey / Cotton / XL', { colorPart: 1, sizePart: 3 })).toStrictEqual([
			'Heather Grey',
			'XL',
		]);
		expect(part('White / S/M', {})).toStrictEqual(['White', 'S/M']);
		expect(part('White /  / M', {})).toStrictEqual(['White', undefined]);
		expect(part('White', {})).toStrictEqual(['White', undefined]);
		expect(part(' Default Title ', {})).toStrictEqual([undefined, undefined]);
		expect(part(null, {})).toStrictEqual([undefined, undefined]);
		expect(part('White / M', { colorPart: 0, sizePart: 1 })).toStrictEqual([undefined, 'White']);
	});

	it('any part position reads that option, counted from 1 (property)', () => {
		const option = fc
			.string({ minLength: 1, maxLength: 6 })
			.filter(
				(value) =>
					value.trim() === value && value !== '' && !value.includes(' / ') && !value.includes('/'),
			);
		fc.assert(
			fc.property(
				fc.array(option, { minLength: 1, maxLength: 4 }),
				fc.integer({ min: 0, max: 5 }),
				(values, position) => {
					fc.pre(values.join(' / ') !== 'Default Title');
					const [line] = read(
						{ line_items: [{ variant_title: values.join(' / ') }] },
						{ colorPart: position },
					).lines;
					expect(line.color).toBe(position >= 1 ? values[position - 1] : undefined);
				},
			),
		);
	});
});
