/**
 * The shop-platform readers (Input Mode Shopify Order / WooCommerce Order): a platform's order, as its webhook
 * or REST API delivers it (test/fixtures/shop, written from the platforms' public documentation), read into the
 * draft row every other reader produces, and through the pipeline into the request.
 */
import fc from 'fast-check';
import { preparedAndBuilt as prepareOrders } from '../../orderRun/fakes';

import {
	shopLineCodes,
	shopOrderOf,
} from '../../../../../nodes/Printio/orderInput/read/fromShopOrder';
import { attributeValue } from '../../../../../nodes/Printio/orderInput/read/fromWooCommerce';
import type {
	IsPrintItem,
	ShopPlatform,
	ShopRead,
	ShopSettings,
} from '../../../../../nodes/Printio/orderInput/read/shop';
import {
	DEFAULT_SHOP_SETTINGS,
	findShopOrder,
	fullNameOf,
	notAnOrder,
	shopOrderRow,
	splitVariantTitle,
} from '../../../../../nodes/Printio/orderInput/read/shop';
import shopifyCreate from '../../../../fixtures/shop/shopify-orders-create.json';
import shopifyRest from '../../../../fixtures/shop/shopify-order-rest.json';
import wooCreated from '../../../../fixtures/shop/woocommerce-order-created.json';
import wooRest from '../../../../fixtures/shop/woocommerce-order-rest.json';

const ORIGINAL_ITEMS = new Set(['EC-TS-0001', 'EC-HD-0001', 'EC-BG-0001']);
const known: IsPrintItem = (code) => ORIGINAL_ITEMS.has(code);
const settings = (change: Partial<ShopSettings> = {}): ShopSettings => ({
	...DEFAULT_SHOP_SETTINGS,
	...change,
});

function read(
	json: unknown,
	platform: ShopPlatform,
	change: Partial<ShopSettings> = {},
	isPrintItem = known,
): ShopRead & { ok: true } {
	const order = shopOrderOf(json, platform, settings(change));
	if (order === undefined) throw new Error(notAnOrder(platform).message);
	return shopOrderRow(order, settings(change), isPrintItem, 3, undefined, order.reference);
}

const codesOf = (json: unknown, platform: ShopPlatform, given: ShopSettings) =>
	shopLineCodes(shopOrderOf(json, platform, given), given).map((entry) => entry.code);

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('Shopify order (orders/create webhook body, trigger output)', () => {
	it('reads number, date, recipient from the shipping address and the print lines; values as Shopify gives them', () => {
		const { row, leftOut, noPrintLine } = read(shopifyCreate, 'shopify');
		expect(noPrintLine).toBe(false);
		expect(row).toEqual({
			itemIndex: 3,
			problems: [],
			// The shop order (Shopify's own order id, not the number): a default, so the user's own text wins.
			defaults: { ec_optional_information: 'shop:shopify:5823498213513' },
			order: {
				ec_order_no: '1001',
				ec_order_date: '2025-03-08T14:27:51+09:00',
				shipping_information: {
					full_name: '山田 太郎',
					zip_code: '530-0001',
					prefecture_name: 'JP-27',
					municipalities: '大阪市北区',
					address1: '梅田1-1-1',
					address2: '梅田ビル 201',
					phone_number: '+81 6-1234-5678',
					mail_address: 'hanako.sato@example.jp',
				},
				order_details: [
					{
						ec_original_item_code: 'EC-TS-0001',
						color: 'White',
						size: 'M',
						quantity: 2,
						ec_order_detail_no: '13923492233355',
					},
					{
						ec_original_item_code: 'EC-HD-0001',
						color: 'Navy',
						size: 'L',
						quantity: 1,
						ec_order_detail_no: '13923492266123',
					},
				],
			},
		});
		// The gift card has no SKU; the pin's SKU is no original item: both left out and listed, product data only.
		expect(leftOut).toEqual([
			{ line: 2, line_id: '13923492298891', name: 'Gift Card', code: null, reason: 'noCode' },
			{
				line: 3,
				line_id: '13923492331659',
				name: 'Handmade Enamel Pin',
				code: 'PIN-HANDMADE-01',
				reason: 'notAnOriginalItem',
			},
		]);
	});

	it('REST shape {"order": {...}}: billing address when the order has no shipping address; phone from the order', () => {
		const { row } = read(shopifyRest, 'shopify');
		expect(row.order.ec_order_no).toBe('1002');
		expect(row.order.shipping_information).toEqual({
			full_name: '鈴木 次郎',
			zip_code: '604-0000',
			prefecture_name: 'Kyōto',
			municipalities: '京都市中京区',
			address1: '烏丸通1-2',
			phone_number: '+81 3-5555-6666',
			mail_address: 'jiro.suzuki@example.jp',
		});
		expect(row.order.order_details).toEqual([
			{
				ec_original_item_code: 'EC-TS-0001',
				color: 'Black',
				size: 'XL',
				quantity: 1,
				ec_order_detail_no: '466157049',
			},
		]);
	});

	it('Webhook node item: the order is its body', () => {
		const direct = read(shopifyCreate, 'shopify');
		const viaWebhook = read(
			{
				headers: { 'x-shopify-topic': 'orders/create' },
				params: {},
				query: {},
				body: shopifyCreate,
			},
			'shopify',
		);
		expect(viaWebhook).toEqual(direct);
	});

	it('order number: prefix, the name without "#" when order_number is missing, or the id', () => {
		expect(
			read(shopifyCreate, 'shopify', { orderNumberPrefix: 'SHOP1-' }).row.order.ec_order_no,
		).toBe('SHOP1-1001');
		const noNumber = { ...clone(shopifyCreate), order_number: undefined };
		expect(read(noNumber, 'shopify').row.order.ec_order_no).toBe('1001');
		expect(read(shopifyCreate, 'shopify', { orderNumberFrom: 'id' }).row.order.ec_order_no).toBe(
			'5823498213513',
		);
	});

	it('line identification by product or variant id, as Printio original item codes', () => {
		const byVariant = read(
			shopifyCreate,
			'shopify',
			{ lineIdentifier: 'variantId', codeKind: 'originalItemCode' },
			(code) => code === '808950810',
		);
		expect(byVariant.row.order.order_details).toEqual([
			{
				original_item_code: '808950810',
				color: 'White',
				size: 'M',
				quantity: 2,
				ec_order_detail_no: '13923492233355',
			},
		]);
		expect(byVariant.leftOut.map((line) => [line.line, line.code, line.reason])).toEqual([
			[1, '808950811', 'notAnOriginalItem'],
			[2, '808950812', 'notAnOriginalItem'],
			[3, '808950813', 'notAnOriginalItem'],
		]);
		expect(codesOf(shopifyCreate, 'shopify', settings({ lineIdentifier: 'productId' }))).toEqual([
			'632910392',
			'632910393',
			'632910394',
			'632910395',
		]);
		expect(codesOf(shopifyCreate, 'shopify', settings())).toEqual([
			'EC-TS-0001',
			'EC-HD-0001',
			'PIN-HANDMADE-01',
		]);
	});

	it('variant title parts by position: size first, or no size', () => {
		const swapped = clone(shopifyCreate);
		swapped.line_items[0].variant_title = 'M / White';
		expect(
			read(swapped, 'shopify', { colorPart: 2, sizePart: 1 }).row.order.order_details?.[0],
		).toMatchObject({ color: 'White', size: 'M' });
		expect(
			read(shopifyCreate, 'shopify', { sizePart: 0 }).row.order.order_details?.[0],
		).not.toHaveProperty('size');
	});

	it('Non-Print Lines: Fail refuses the order naming each line, without personal data', () => {
		const { row, leftOut } = read(shopifyCreate, 'shopify', { nonPrintLines: 'fail' });
		expect(leftOut).toHaveLength(2);
		expect(row.order.order_details).toHaveLength(2);
		expect(row.problems?.map((problem) => [problem.field, problem.itemIndex])).toEqual([
			['line_items[2]', 3],
			['line_items[3]', 3],
		]);
		expect(row.problems?.[0].message).toBe('has no SKU, so it names no print item');
		expect(row.problems?.[1].message).toBe('names no original item of yours by its SKU');
	});

	it('an order with no print line says so (nothing to send)', () => {
		const result = read(shopifyCreate, 'shopify', {}, () => false);
		expect(result.noPrintLine).toBe(true);
		expect(result.row.order.order_details).toEqual([]);
		expect(result.leftOut).toHaveLength(4);
	});

	it('a cancelled order (cancelled_at set; WooCommerce status cancelled, refunded, failed, trash) is marked', () => {
		expect(read(shopifyCreate, 'shopify').cancelled).toBe(false);
		expect(
			read({ ...clone(shopifyCreate), cancelled_at: '2025-03-09T10:00:00+09:00' }, 'shopify')
				.cancelled,
		).toBe(true);
		expect(read(wooCreated, 'wooCommerce').cancelled).toBe(false);
		for (const status of ['cancelled', 'refunded', 'failed', 'trash', 'Cancelled']) {
			expect(read({ ...clone(wooCreated), status }, 'wooCommerce').cancelled).toBe(true);
		}
		for (const status of ['processing', 'on-hold', 'completed', 'pending']) {
			expect(read({ ...clone(wooCreated), status }, 'wooCommerce').cancelled).toBe(false);
		}
	});

	it('an item that is no order is answered as such', () => {
		expect(() => read({ id: 1, topic: 'products/create' }, 'shopify')).toThrow(
			'The item is not a Shopify order: no line_items found',
		);
		expect(shopOrderOf({ orders: [shopifyCreate] }, 'shopify', settings())).toBeUndefined();
	});
});

describe('WooCommerce order (order.created webhook body, REST v3)', () => {
	it('reads number, the UTC date, the shipping address, attribute slugs and the print lines', () => {
		const { row, leftOut } = read(wooCreated, 'wooCommerce');
		expect(row.order).toEqual({
			ec_order_no: '727',
			ec_order_date: '2025-03-08T14:30:00Z',
			shipping_information: {
				full_name: 'Tanaka Ken',
				zip_code: '460-0008',
				prefecture_name: 'JP23',
				municipalities: '名古屋市中区',
				address1: '栄3-4-5',
				address2: '栄タワー 1203',
				phone_number: '+81 52-111-2222',
				mail_address: 'yuki.tanaka@example.jp',
			},
			order_details: [
				{
					ec_original_item_code: 'EC-TS-0001',
					color: 'white',
					size: 'm',
					quantity: 2,
					ec_order_detail_no: '315',
				},
				{
					ec_original_item_code: 'EC-BG-0001',
					color: 'Natural',
					size: 'F',
					quantity: 1,
					ec_order_detail_no: '316',
				},
			],
		});
		expect(leftOut).toEqual([
			{
				line: 2,
				line_id: '317',
				name: 'Wrapping Service',
				code: 'WRAP',
				reason: 'notAnOriginalItem',
			},
		]);
	});

	it('an empty shipping block: the billing address, its phone; pa_colour reads as the colour', () => {
		const { row } = read(wooRest, 'wooCommerce');
		expect(row.order.shipping_information).toEqual({
			full_name: 'Kobayashi Aoi',
			zip_code: '8100001',
			prefecture_name: 'JP40',
			municipalities: '福岡市中央区',
			address1: '天神2-2-2',
			phone_number: '+81-92-333-4444',
			mail_address: 'aoi.kobayashi@example.jp',
		});
		expect(row.order.order_details).toEqual([
			{
				ec_original_item_code: 'EC-HD-0001',
				color: 'black',
				size: 's',
				quantity: 1,
				ec_order_detail_no: '320',
			},
		]);
		expect(row.order.ec_order_date).toBe('2025-03-09T23:05:00Z');
	});

	it('date_created (site time, no offset) when date_created_gmt is missing; variation id falls back to the product id', () => {
		const order = clone(wooCreated) as Record<string, unknown>;
		delete order.date_created_gmt;
		expect(read(order, 'wooCommerce').row.order.ec_order_date).toBe('2025-03-08T23:30:00');
		expect(codesOf(wooCreated, 'wooCommerce', settings({ lineIdentifier: 'variantId' }))).toEqual([
			'101',
			'94',
			'95',
		]);
	});

	it('custom attribute names, by key or display key, any case', () => {
		const meta = [
			{ key: 'pa_farbe', value: 'weiss', display_key: 'Farbe' },
			{ key: 'Größe', value: 'l', display_key: 'Größe' },
		];
		expect(attributeValue(meta, 'Farbe')).toBe('weiss');
		expect(attributeValue(meta, 'pa_farbe')).toBe('weiss');
		expect(attributeValue(meta, 'größe')).toBe('l');
		expect(attributeValue(meta, 'color')).toBeUndefined();
		expect(attributeValue('not a list', 'color')).toBeUndefined();
	});
});

describe('through the pipeline: the same request as any other input mode', () => {
	it('a Shopify order becomes a valid order-by-code request (catalog values as given, sender from the defaults)', () => {
		const order = clone(shopifyCreate);
		order.line_items[0].variant_title = 'ホワイト / M';
		order.line_items[1].variant_title = 'ネイビー / L';
		const { row } = read(order, 'shopify', { orderNumberPrefix: 'S-' });
		row.order.ec_order_date = '2025-03-08';
		const sender = {
			full_name: 'Print Shop',
			zip_code: '1500001',
			prefecture_name: '東京都',
			municipalities: '渋谷区',
			address1: '神宮前1-1-1',
			phone_number: '0312345678',
			item_name: 'Tシャツ',
		};
		const [prepared] = prepareOrders(
			[{ ...row, defaults: { retailer_id: 1, sender_information: sender } }],
			'orderByCode',
			{ multiItemOrder: true },
		);
		expect(prepared.problems).toEqual([]);
		expect(prepared.request).toMatchObject({
			retailer_id: 1,
			ec_order_no: 'S-1001',
			shipping_information: {
				prefecture_name: '大阪府',
				zip_code: '5300001',
				phone_number: '0612345678',
				full_name: '山田 太郎',
			},
			sender_information: sender,
			order_details: [
				{
					ec_original_item_code: 'EC-TS-0001',
					color: 'ホワイト',
					size: 'M',
					quantity: 2,
					ec_order_detail_no: '13923492233355',
				},
				{
					ec_original_item_code: 'EC-HD-0001',
					color: 'ネイビー',
					size: 'L',
					quantity: 1,
					ec_order_detail_no: '13923492266123',
				},
			],
		});
		expect(prepared.itemIndexes).toEqual([3]);
	});

	it('WooCommerce state codes and Shopify romanised provinces become prefectures', () => {
		const woo = read(wooCreated, 'wooCommerce').row;
		const shopify = read(shopifyRest, 'shopify').row;
		const [a, b] = prepareOrders([woo, { ...shopify, itemIndex: 4 }], 'orderByCode');
		expect(
			a.problems.filter((problem) => problem.field.startsWith('shipping_information')),
		).toEqual([]);
		expect(
			b.problems.filter((problem) => problem.field.startsWith('shipping_information')),
		).toEqual([]);
	});
});

describe('properties', () => {
	// A value that starts with "/ " or ends with " /" cannot be told from the separator, in Shopify's title too.
	const optionValue = fc
		.string({ minLength: 1, maxLength: 12 })
		.filter((value) => value.trim() === value && value !== '' && !` ${value} `.includes(' / '));

	it('splitVariantTitle inverts Shopify\'s " / " join of option values', () => {
		fc.assert(
			fc.property(fc.array(optionValue, { minLength: 1, maxLength: 3 }), (values) => {
				fc.pre(values.join(' / ') !== 'Default Title');
				expect(splitVariantTitle(values.join(' / '))).toEqual(values);
			}),
		);
	});

	it('every line of any order is either sent or listed as left out, once, in platform order', () => {
		const line = fc.record({
			id: fc.integer({ min: 1, max: 2 ** 40 }),
			sku: fc.oneof(
				fc.constant(''),
				fc.constant(null),
				fc.constantFrom('EC-TS-0001', 'EC-HD-0001', 'OTHER-1', 'OTHER-2'),
			),
			product_id: fc.integer({ min: 1, max: 1e9 }),
			variant_id: fc.option(fc.integer({ min: 1, max: 1e9 }), { nil: null }),
			variant_title: fc.option(
				fc.array(optionValue, { minLength: 1, maxLength: 3 }).map((values) => values.join(' / ')),
				{ nil: null },
			),
			quantity: fc.integer({ min: 1, max: 20 }),
		});
		fc.assert(
			fc.property(
				fc.uniqueArray(line, { maxLength: 8, selector: (entry) => entry.id }),
				fc.constantFrom<ShopSettings['lineIdentifier']>('sku', 'productId', 'variantId'),
				(lines, lineIdentifier) => {
					const order = { ...clone(shopifyCreate), line_items: lines };
					const result = read(
						order,
						'shopify',
						{ lineIdentifier },
						(code) => code.startsWith('EC-') || Number(code) % 2 === 0,
					);
					const sent = (result.row.order.order_details ?? []).map(
						(detail) => detail.ec_order_detail_no,
					);
					const left = result.leftOut.map((entry) => entry.line_id);
					expect([...sent, ...left].sort()).toEqual(lines.map((entry) => String(entry.id)).sort());
					expect(result.noPrintLine).toBe(sent.length === 0);
					for (const detail of result.row.order.order_details ?? []) {
						const source = lines.find((entry) => String(entry.id) === detail.ec_order_detail_no);
						expect(detail.quantity).toBe(source?.quantity);
					}
				},
			),
		);
	});

	it('the reader never puts a personal value into a problem or the left-out list', () => {
		const marked = fc.string({ minLength: 1, maxLength: 10 }).map((text) => `PII${text}`);
		fc.assert(
			fc.property(marked, marked, marked, (name, phone, mail) => {
				const order = clone(shopifyCreate);
				order.shipping_address.last_name = name;
				order.shipping_address.phone = phone;
				order.email = mail;
				const result = read(order, 'shopify', { nonPrintLines: 'fail' });
				expect(JSON.stringify([result.row.problems, result.leftOut])).not.toContain('PII');
			}),
		);
	});

	it('a WooCommerce attribute is found however its key is written (case, pa_, colour/color, by display key)', () => {
		const spelled = fc.tuple(
			fc.constantFrom('color', 'colour', 'size'),
			fc.boolean(),
			fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
			fc.boolean(),
		);
		fc.assert(
			fc.property(
				spelled,
				fc
					.string({ minLength: 1, maxLength: 8 })
					.filter((value) => value.trim() === value && value !== ''),
				([name, prefixed, upper, asDisplayKey], value) => {
					const cased = [...name]
						.map((char, index) => (upper[index % upper.length] ? char.toUpperCase() : char))
						.join('');
					const key = `${prefixed ? 'pa_' : ''}${cased}`;
					const entry = asDisplayKey
						? { key: 'attribute_1', display_key: key, value }
						: { key, value };
					expect(
						attributeValue(
							[{ key: 'other', value: 'x' }, entry],
							name === 'size' ? 'size' : 'color',
						),
					).toBe(value);
				},
			),
		);
	});

	it('full names: family name first, trimmed, never empty when a part is given', () => {
		fc.assert(
			fc.property(fc.option(fc.string()), fc.option(fc.string()), (first, last) => {
				const name = fullNameOf(first, last, null);
				const parts = [last, first]
					.filter((part): part is string => typeof part === 'string' && part.trim() !== '')
					.map((part) => part.trim());
				expect(name).toBe(parts.length ? parts.join(' ') : undefined);
			}),
		);
	});

	it('the order is found at the top, in body, or in order, however the item wraps it', () => {
		fc.assert(
			fc.property(fc.constantFrom('plain', 'body', 'order', 'bodyOrder'), (wrap) => {
				const order = clone(wooCreated);
				const item =
					wrap === 'plain'
						? order
						: wrap === 'body'
							? { body: order }
							: wrap === 'order'
								? { order }
								: { body: { order } };
				expect(findShopOrder(item)).toEqual(order);
			}),
		);
	});
});
