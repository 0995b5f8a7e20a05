/**
 * The platform-independent part of the shop readers (nodes/Printio/orderInput/read/shop.ts): which lines are sent
 * and which are listed as left out (and why, in the words the item's error shows), what a sent line carries, the
 * order number's prefix, cancelled orders and orders without a print line, where the order is found in an item,
 * and the small value rules (ids of 0, blank text, names family name first, variant title parts).
 */
import fc from 'fast-check';

import {
	compactAddress,
	DEFAULT_SHOP_SETTINGS,
	findShopOrder,
	firstGiven,
	fullNameOf,
	idOf,
	notAnOrder,
	shopOrderRow,
	splitVariantTitle,
	textOf,
	variantTitlePart,
} from '../../../../../nodes/Printio/orderInput/read/shop';
import type {
	ShopLine,
	ShopOrder,
	ShopSettings,
} from '../../../../../nodes/Printio/orderInput/read/shop';

const settings = (change: Partial<ShopSettings> = {}): ShopSettings => ({
	...DEFAULT_SHOP_SETTINGS,
	...change,
});

function shopLine(index: number, change: Partial<ShopLine> = {}): ShopLine {
	return {
		index,
		lineId: `L${index}`,
		codes: { sku: `SKU-${index}`, productId: `P${index}`, variantId: `V${index}` },
		name: `Product ${index}`,
		color: 'White',
		size: 'M',
		quantity: 1,
		...change,
	};
}

function shopOrder(change: Partial<ShopOrder> = {}): ShopOrder {
	return {
		number: '1001',
		date: '2025-03-08T14:27:51+09:00',
		recipient: { full_name: '山田 太郎', zip_code: '150-0001' },
		recipientFrom: 'shipping',
		lines: [shopLine(0)],
		cancelled: false,
		...change,
	};
}

const all = () => true;

describe("shopOrderRow: the order's row", () => {
	it('number with the trimmed prefix, date, recipient, and each print line with what it has', () => {
		const result = shopOrderRow(
			shopOrder({
				lines: [
					shopLine(0),
					shopLine(1, { color: undefined, size: undefined, quantity: null, lineId: undefined }),
				],
			}),
			settings({ orderNumberPrefix: '  S1- ' }),
			all,
			4,
		);
		expect(result).toStrictEqual({
			ok: true,
			row: {
				itemIndex: 4,
				order: {
					ec_order_no: 'S1-1001',
					ec_order_date: '2025-03-08T14:27:51+09:00',
					shipping_information: { full_name: '山田 太郎', zip_code: '150-0001' },
					order_details: [
						{
							ec_original_item_code: 'SKU-0',
							color: 'White',
							size: 'M',
							quantity: 1,
							ec_order_detail_no: 'L0',
						},
						{ ec_original_item_code: 'SKU-1' },
					],
				},
				problems: [],
			},
			leftOut: [],
			noPrintLine: false,
			cancelled: false,
			testOrder: false,
		});
	});

	it('a quantity of 0 or as text is sent on for validation; an undefined one is not', () => {
		const lines = [
			shopLine(0, { quantity: 0 }),
			shopLine(1, { quantity: '2' }),
			shopLine(2, { quantity: undefined }),
		];
		const details = shopOrderRow(shopOrder({ lines }), settings(), all, 0).row.order.order_details;
		expect(details?.map((detail) => detail.quantity)).toStrictEqual([0, '2', undefined]);
		expect(details?.[2]).not.toHaveProperty('quantity');
	});

	it('no number, no date, no recipient: none of those keys', () => {
		const { row } = shopOrderRow(
			shopOrder({ number: undefined, date: undefined, recipient: {} }),
			settings({ orderNumberPrefix: 'S-' }),
			all,
			0,
		);
		expect(row.order).toStrictEqual({
			order_details: [
				{
					ec_original_item_code: 'SKU-0',
					color: 'White',
					size: 'M',
					quantity: 1,
					ec_order_detail_no: 'L0',
				},
			],
		});
	});

	it.each([
		['sku', 'ecOriginalItemCode', 'ec_original_item_code', 'SKU-0'],
		['productId', 'originalItemCode', 'original_item_code', 'P0'],
		['variantId', 'ecOriginalItemCode', 'ec_original_item_code', 'V0'],
	] as const)(
		'identified by %s as %s: the line is sent as %s %s, and that code is what is asked',
		(lineIdentifier, codeKind, key, code) => {
			const asked: string[] = [];
			const { row } = shopOrderRow(
				shopOrder(),
				settings({ lineIdentifier, codeKind }),
				(value) => (asked.push(value), true),
				0,
			);
			expect(asked).toStrictEqual([code]);
			expect(row.order.order_details?.[0]).toStrictEqual({
				[key]: code,
				color: 'White',
				size: 'M',
				quantity: 1,
				ec_order_detail_no: 'L0',
			});
		},
	);

	it('Leave Out: lines without a code or not an original item are listed in platform order, product data only', () => {
		const lines = [
			shopLine(0, { codes: {} }),
			shopLine(1),
			shopLine(2, { lineId: undefined, name: undefined }),
			shopLine(3),
		];
		const result = shopOrderRow(shopOrder({ lines }), settings(), (code) => code === 'SKU-1', 2);
		expect(result.leftOut).toStrictEqual([
			{ line: 0, line_id: 'L0', name: 'Product 0', code: null, reason: 'noCode' },
			{ line: 2, line_id: null, name: null, code: 'SKU-2', reason: 'notAnOriginalItem' },
			{ line: 3, line_id: 'L3', name: 'Product 3', code: 'SKU-3', reason: 'notAnOriginalItem' },
		]);
		expect(result.row.problems).toStrictEqual([]);
		expect(
			result.row.order.order_details?.map((detail) => detail.ec_order_detail_no),
		).toStrictEqual(['L1']);
		expect(result.noPrintLine).toBe(false);
	});

	it.each([
		['sku', 'ecOriginalItemCode', 'SKU', 'EC original item code'],
		['productId', 'originalItemCode', 'product ID', 'original item code'],
		['variantId', 'ecOriginalItemCode', 'variant ID', 'EC original item code'],
	] as const)(
		'Fail, identified by %s (%s): each line named in the words of the form',
		(lineIdentifier, codeKind, label, kind) => {
			const lines = [shopLine(0, { codes: {} }), shopLine(1), shopLine(5)];
			const result = shopOrderRow(
				shopOrder({ lines }),
				settings({ lineIdentifier, codeKind, nonPrintLines: 'fail' }),
				(code) => code.endsWith('1'),
				7,
			);
			const fix = `Give the line's product a ${label} that is the ${kind} of one of your original items, or set Non-Print Lines to Leave Out.`;
			expect(result.row.problems).toStrictEqual([
				{
					field: 'line_items[0]',
					message: `has no ${label}, so it names no print item`,
					fix,
					itemIndex: 7,
				},
				{
					field: 'line_items[5]',
					message: `names no original item of yours by its ${label}`,
					fix,
					itemIndex: 7,
				},
			]);
			expect(result.leftOut.map((entry) => entry.line)).toStrictEqual([0, 5]);
			expect(result.row.order.order_details).toHaveLength(1);
		},
	);

	it('no print line: to be left unsent with Leave Out; with Fail the order fails instead', () => {
		const none = () => false;
		expect(shopOrderRow(shopOrder(), settings(), none, 0).noPrintLine).toBe(true);
		expect(shopOrderRow(shopOrder({ lines: [] }), settings(), none, 0).noPrintLine).toBe(true);
		const fail = shopOrderRow(shopOrder(), settings({ nonPrintLines: 'fail' }), none, 0);
		expect(fail.noPrintLine).toBe(false);
		expect(fail.row.problems).toHaveLength(1);
	});

	it('a cancelled order says so, whatever its lines', () => {
		expect(shopOrderRow(shopOrder({ cancelled: true }), settings(), all, 0).cancelled).toBe(true);
		expect(
			shopOrderRow(shopOrder({ cancelled: true, lines: [] }), settings(), all, 0),
		).toMatchObject({ cancelled: true, noPrintLine: true });
	});

	it('every line is sent or left out, once (property)', () => {
		const line = fc.record({
			sku: fc.option(fc.constantFrom('A', 'B', 'C'), { nil: undefined }),
			quantity: fc.integer({ min: 1, max: 3 }),
		});
		fc.assert(
			fc.property(
				fc.array(line, { maxLength: 6 }),
				fc.constantFrom<'leaveOut' | 'fail'>('leaveOut', 'fail'),
				(specs, nonPrintLines) => {
					const lines = specs.map((spec, index) =>
						shopLine(index, {
							codes: spec.sku === undefined ? {} : { sku: spec.sku },
							quantity: spec.quantity,
						}),
					);
					const result = shopOrderRow(
						shopOrder({ lines }),
						settings({ nonPrintLines }),
						(code) => code !== 'C',
						0,
					);
					const sent = result.row.order.order_details ?? [];
					expect(sent.length + result.leftOut.length).toBe(lines.length);
					expect(result.row.problems).toHaveLength(
						nonPrintLines === 'fail' ? result.leftOut.length : 0,
					);
					expect(result.noPrintLine).toBe(nonPrintLines === 'leaveOut' && sent.length === 0);
				},
			),
		);
	});
});

describe('findShopOrder', () => {
	const order = { id: 1, line_items: [] };
	it('the item itself first, then its body, then an order inside either', () => {
		const top = { line_items: [1], body: order };
		expect(findShopOrder(top)).toBe(top);
		const withBody = { body: order, order: { line_items: [2] } };
		expect(findShopOrder(withBody)).toBe(order);
		const inner = { line_items: [3] };
		expect(findShopOrder({ body: { order: inner } })).toBe(inner);
		expect(findShopOrder({ order: inner })).toBe(inner);
	});

	it('nothing with a list of line_items: none', () => {
		for (const item of [
			null,
			'x',
			[order],
			{ line_items: {} },
			{ body: 'x' },
			{ body: [order] },
			{ order: { line_items: 'x' } },
			{ body: { body: order } },
			{ order: { order } },
		]) {
			expect(findShopOrder(item)).toBeUndefined();
		}
	});
});

describe('small value rules', () => {
	it('textOf: text as given unless blank; finite numbers and bigints as text; nothing else', () => {
		expect([
			textOf(' a '),
			textOf(' '),
			textOf(''),
			textOf(12),
			textOf(0),
			textOf(Number.NaN),
			textOf(Number.POSITIVE_INFINITY),
			textOf(BigInt(5)),
			textOf(true),
			textOf(null),
			textOf({}),
		]).toStrictEqual([
			' a ',
			undefined,
			undefined,
			'12',
			'0',
			undefined,
			undefined,
			'5',
			undefined,
			undefined,
			undefined,
		]);
	});

	it('idOf: 0 and "0" are no id', () => {
		expect([idOf(0), idOf('0'), idOf(null), idOf(7), idOf('07'), idOf(' ')]).toStrictEqual([
			undefined,
			undefined,
			undefined,
			'7',
			'07',
			undefined,
		]);
	});

	it('fullNameOf: family name first, each part trimmed; the company only when both are empty', () => {
		expect(fullNameOf(' 太郎 ', ' 山田 ', 'Co')).toBe('山田 太郎');
		expect(fullNameOf('', null, 'Co')).toBe('Co');
		expect(fullNameOf(undefined, undefined, ' ')).toBeUndefined();
	});

	it('firstGiven: the first value that is not blank', () => {
		expect(firstGiven(null, ' ', 0, 'a')).toBe('0');
		expect(firstGiven()).toBeUndefined();
		expect(firstGiven('', undefined)).toBeUndefined();
	});

	it('compactAddress: blank and missing fields dropped, others as given', () => {
		expect(
			compactAddress({ zip_code: ' 1 ', full_name: '  ', address2: undefined, city: '' }),
		).toStrictEqual({ zip_code: ' 1 ' });
	});

	it('splitVariantTitle / variantTitlePart', () => {
		expect(splitVariantTitle(' White  /  M ')).toStrictEqual(['White', 'M']);
		expect(splitVariantTitle('Default Title')).toStrictEqual([]);
		expect(splitVariantTitle(' Default Title ')).toStrictEqual([]);
		expect(splitVariantTitle('White /  / M')).toStrictEqual(['White', '', 'M']);
		expect(variantTitlePart(['White', '', 'M'], 2)).toBeUndefined();
		expect(splitVariantTitle('Default Title / M')).toStrictEqual(['Default Title', 'M']);
		expect(splitVariantTitle(12)).toStrictEqual(['12']);
		expect(splitVariantTitle('  ')).toStrictEqual([]);
		const parts = ['White', 'M'];
		expect([
			variantTitlePart(parts, 1),
			variantTitlePart(parts, 2),
			variantTitlePart(parts, 3),
			variantTitlePart(parts, 0),
			variantTitlePart(parts, -1),
			variantTitlePart(parts, 1.5),
		]).toStrictEqual(['White', 'M', undefined, undefined, undefined, undefined]);
	});

	it('notAnOrder names the platform in the message and the description', () => {
		expect(notAnOrder('wooCommerce')).toStrictEqual({
			ok: false,
			message: 'The item is not a WooCommerce order: no line_items found',
			description:
				"Input Mode WooCommerce Order reads one order per item: the output of the WooCommerce Trigger, the body of a Webhook node that receives the shop's order webhook, or one order read from the WooCommerce API. A list of orders must be split into one item per order first (Split Out node).",
		});
		expect(notAnOrder('shopify').description).toContain(
			'Input Mode Shopify Order reads one order per item: the output of the Shopify Trigger,',
		);
	});
});
