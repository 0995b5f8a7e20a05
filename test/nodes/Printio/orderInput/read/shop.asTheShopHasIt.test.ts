/**
 * shopOrderRow (nodes/Printio/orderInput/read/shop.ts) with the order as the shop has it now: lines with nothing
 * left to fulfil are listed (removed or refunded, fulfilled) and never sent nor asked about; an order whose every
 * line is gone has nothing to print under either Non-Print Lines setting; a Shopify test order is answered, its
 * lines neither judged nor listed, unless Place Test Orders; WooCommerce refunds that the order does not attribute
 * to lines refuse it unless Partly Refunded Orders: Place All Lines; one variant option is told from the item.
 */
import fc from 'fast-check';

import {
	DEFAULT_SHOP_SETTINGS,
	shopOrderRow,
} from '../../../../../nodes/Printio/orderInput/read/shop';
import type {
	GoneReason,
	ShopLine,
	ShopOrder,
	ShopSettings,
} from '../../../../../nodes/Printio/orderInput/read/shop';
import type { ItemOptions } from '../../../../../nodes/Printio/orderInput/read/variantOptions';

const settings = (change: Partial<ShopSettings> = {}): ShopSettings => ({
	...DEFAULT_SHOP_SETTINGS,
	...change,
});
const shopLine = (index: number, change: Partial<ShopLine> = {}): ShopLine => ({
	index,
	lineId: `L${index}`,
	codes: { sku: `SKU-${index}` },
	name: `Product ${index}`,
	color: 'White',
	size: 'M',
	quantity: 1,
	...change,
});
const shopOrder = (change: Partial<ShopOrder> = {}): ShopOrder => ({
	number: '1001',
	date: '2025-03-08',
	recipient: { zip_code: '150-0001' },
	recipientFrom: 'shipping',
	lines: [shopLine(0)],
	cancelled: false,
	...change,
});

describe('lines with nothing left', () => {
	it('are listed with their reason, never sent nor asked about; the others are sent at what is left', () => {
		const asked: string[] = [];
		const lines = [
			shopLine(0, { quantity: 1 }),
			shopLine(1, { quantity: 0, gone: 'removedOrRefunded' }),
			shopLine(2, { quantity: 0, gone: 'fulfilled', codes: {} }),
		];
		const result = shopOrderRow(
			shopOrder({ lines }),
			settings({ nonPrintLines: 'fail' }),
			(code) => (asked.push(code), true),
			0,
		);
		expect(asked).toStrictEqual(['SKU-0']);
		expect(result.row.order.order_details).toStrictEqual([
			{
				ec_original_item_code: 'SKU-0',
				color: 'White',
				size: 'M',
				quantity: 1,
				ec_order_detail_no: 'L0',
			},
		]);
		expect(result.leftOut).toStrictEqual([
			{ line: 1, line_id: 'L1', name: 'Product 1', code: 'SKU-1', reason: 'removedOrRefunded' },
			{ line: 2, line_id: 'L2', name: 'Product 2', code: null, reason: 'fulfilled' },
		]);
		// Non-Print Lines: Fail the Order judges print items only: a gone line fails nothing.
		expect(result.row.problems).toStrictEqual([]);
		expect(result.noPrintLine).toBe(false);
	});

	it('every line gone: nothing to print, under either Non-Print Lines setting; one non-print line under Fail: refused', () => {
		const gone = [
			shopLine(0, { quantity: 0, gone: 'removedOrRefunded' }),
			shopLine(1, { quantity: 0, gone: 'fulfilled' }),
		];
		for (const nonPrintLines of ['leaveOut', 'fail'] as const) {
			const result = shopOrderRow(
				shopOrder({ lines: gone }),
				settings({ nonPrintLines }),
				() => true,
				0,
			);
			expect(result).toMatchObject({ noPrintLine: true, row: { problems: [] } });
		}
		const mixed = shopOrderRow(
			shopOrder({ lines: [...gone, shopLine(2, { codes: {} })] }),
			settings({ nonPrintLines: 'fail' }),
			() => true,
			0,
		);
		expect(mixed.noPrintLine).toBe(false);
		expect(mixed.row.problems?.map((problem) => problem.field)).toStrictEqual(['line_items[2]']);
	});
});

describe('test orders', () => {
	it('not placed by default: answered as a test order, its lines neither judged nor listed, no problem', () => {
		const asked: string[] = [];
		const lines = [
			shopLine(0),
			shopLine(1, { codes: {} }),
			shopLine(2, { gone: 'removedOrRefunded', quantity: 0 }),
		];
		const result = shopOrderRow(
			shopOrder({ test: true, lines }),
			settings({ nonPrintLines: 'fail', orderNumberPrefix: 'S-' }),
			(code) => (asked.push(code), true),
			3,
		);
		expect(asked).toStrictEqual([]);
		expect(result).toStrictEqual({
			ok: true,
			row: { itemIndex: 3, order: { ec_order_no: 'S-1001', order_details: [] }, problems: [] },
			leftOut: [],
			noPrintLine: false,
			cancelled: false,
			testOrder: true,
		});
	});

	it('Place Test Orders: read like any order', () => {
		const result = shopOrderRow(
			shopOrder({ test: true }),
			settings({ placeTestOrders: true }),
			() => true,
			0,
		);
		expect(result.testOrder).toBe(false);
		expect(result.row.order.order_details).toHaveLength(1);
	});
});

describe('refunds the order does not attribute to lines (WooCommerce)', () => {
	const refunded = shopOrder({
		unattributedRefunds: [
			{ id: '726', total: '-2500.00' },
			{ id: undefined, total: undefined },
		],
		platform: 'wooCommerce',
	});

	it('refuse the order by default, naming the refunds and the way out', () => {
		const result = shopOrderRow(refunded, settings(), () => true, 2);
		expect(result.row.problems).toStrictEqual([
			{
				field: 'refunds',
				message:
					'the order is partly refunded (refund 726 (-2500.00), (no id)), and the order WooCommerce sends does not say which lines a refund took back',
				fix: 'Remove the refunded lines from the order in WooCommerce and send it again, give the lines to print with Overrides › Lines (JSON), or set Shop Order Options › Partly Refunded Orders to Place All Lines to print every line as ordered.',
				itemIndex: 2,
			},
		]);
		expect(result.row.order.order_details).toHaveLength(1);
	});

	it('Place All Lines: every line as ordered; no print line at all: nothing to refuse', () => {
		expect(
			shopOrderRow(refunded, settings({ partlyRefundedOrders: 'placeAll' }), () => true, 0).row
				.problems,
		).toStrictEqual([]);
		const none = shopOrderRow(refunded, settings(), () => false, 0);
		expect(none).toMatchObject({ noPrintLine: true, row: { problems: [] } });
	});
});

describe('one variant option', () => {
	const tee: ItemOptions = {
		colors: [{ name: 'ホワイト', manufacturerName: 'White' }],
		sizes: [{ name: 'S' }, { name: 'M' }],
		itemLabel: 'original item SKU-0 (item OGB-910)',
	};

	it('told from the item\'s options: "M" is the size, the only colour fills in', () => {
		const result = shopOrderRow(
			shopOrder({ lines: [shopLine(0, { color: 'M', size: undefined, singleOption: 'M' })] }),
			settings(),
			() => true,
			0,
			(code) => (code === 'SKU-0' ? tee : undefined),
		);
		expect(result.row.order.order_details).toStrictEqual([
			{
				ec_original_item_code: 'SKU-0',
				color: 'ホワイト',
				size: 'M',
				quantity: 1,
				ec_order_detail_no: 'L0',
			},
		]);
		expect(result.row.problems).toStrictEqual([]);
	});

	it("refused on the platform's line, with the value named (WooCommerce: the attributes are the way out)", () => {
		const twoColours = { ...tee, colors: [...tee.colors, { name: 'ブラック' }] };
		const result = shopOrderRow(
			shopOrder({
				platform: 'wooCommerce',
				lines: [shopLine(0), shopLine(1, { color: undefined, size: 'm' })],
			}),
			settings(),
			() => true,
			5,
			() => twoColours,
		);
		expect(result.row.problems).toStrictEqual([
			expect.objectContaining({
				field: 'line_items[1]',
				message: expect.stringContaining('has the size "m" and no colour'),
				fix: expect.stringContaining('Color Attribute / Size Attribute'),
				itemIndex: 5,
			}),
		]);
	});
});

describe('properties', () => {
	it('any mix of lines left, gone and non-print: no line sent twice, gone lines never sent, each sent at what is left', () => {
		const spec = fc.record({
			quantity: fc.integer({ min: 0, max: 5 }),
			gone: fc.option(fc.constantFrom<GoneReason>('removedOrRefunded', 'fulfilled'), {
				nil: undefined,
			}),
			printItem: fc.boolean(),
		});
		fc.assert(
			fc.property(
				fc.array(spec, { maxLength: 8 }),
				fc.constantFrom<'leaveOut' | 'fail'>('leaveOut', 'fail'),
				(specs, nonPrintLines) => {
					const lines = specs.map((entry, index) =>
						shopLine(index, {
							quantity: entry.gone ? 0 : entry.quantity,
							...(entry.gone ? { gone: entry.gone } : {}),
						}),
					);
					const printItems = new Set(
						specs.flatMap((entry, index) => (entry.printItem ? [`SKU-${index}`] : [])),
					);
					const result = shopOrderRow(
						shopOrder({ lines }),
						settings({ nonPrintLines }),
						(code) => printItems.has(code),
						0,
					);
					const sent = result.row.order.order_details as Array<{
						ec_order_detail_no: string;
						quantity: number;
					}>;
					const sentIds = sent.map((line) => line.ec_order_detail_no);
					expect(new Set(sentIds).size).toBe(sentIds.length);
					specs.forEach((entry, index) => {
						const at = sent.find((line) => line.ec_order_detail_no === `L${index}`);
						if (entry.gone || !entry.printItem) expect(at).toBeUndefined();
						else expect(at?.quantity).toBe(entry.quantity);
					});
					expect(sent.length + result.leftOut.length).toBe(lines.length);
				},
			),
		);
	});
});
