/**
 * A Shopify order as the shop has it now (fromShopify.ts quantityLeft, refundedUnits): each line at what is left
 * to fulfil. Payloads shaped as Shopify's REST Admin API documents its Order resource (the `orders/updated` and
 * `orders/paid` webhooks send the same object): `line_items[].current_quantity` (2024-01 and later),
 * `fulfillable_quantity`, and `refunds[].refund_line_items[]` with `line_item_id` and `quantity`. Properties:
 * whatever the mix of edits, refunds and fulfilments, the quantity read is what is left (never below 0), a line
 * left at 0 is gone and says why, and the test flag is read as Shopify sends it.
 */
import fc from 'fast-check';

import {
	quantityLeft,
	refundedUnits,
	shopifyOrder,
} from '../../../../../nodes/Printio/orderInput/read/fromShopify';
import { DEFAULT_SHOP_SETTINGS } from '../../../../../nodes/Printio/orderInput/read/shop';

type Json = Record<string, unknown>;

/** A line item as the Order resource shows it (the fields the reader does not use kept for the shape). */
const lineItem = (id: number, sku: string, quantity: number, extra: Json = {}): Json => ({
	id,
	admin_graphql_api_id: `gid://shopify/LineItem/${id}`,
	variant_id: 808950810,
	title: 'Cat Illustration T-Shirt',
	variant_title: 'White / M',
	sku,
	quantity,
	price: '2500',
	requires_shipping: true,
	fulfillment_status: null,
	...extra,
});

/** A refund as the Order resource's `refunds[]` shows it. */
const refund = (id: number, lines: Array<[lineItemId: number, quantity: number]>): Json => ({
	id,
	admin_graphql_api_id: `gid://shopify/Refund/${id}`,
	created_at: '2025-03-09T10:00:00+09:00',
	note: 'customer changed their mind',
	restock: true,
	refund_line_items: lines.map(([lineItemId, quantity], index) => ({
		id: id * 10 + index,
		line_item_id: lineItemId,
		location_id: 487838322,
		quantity,
		restock_type: 'cancel',
		subtotal: 2500 * quantity,
		total_tax: 0,
	})),
	transactions: [
		{ id: id + 1, kind: 'refund', status: 'success', amount: '2500.00', gateway: 'bogus' },
	],
	order_adjustments: [],
});

const read = (order: Json) => shopifyOrder({ line_items: [], ...order }, DEFAULT_SHOP_SETTINGS);

describe('what is left of a Shopify line', () => {
	it('the measured case, delivered as orders/updated: T-shirt 2 → 1 and hoodie 1 → 0 by an order edit (current_quantity)', () => {
		const order = read({
			line_items: [
				lineItem(1001, 'EC-TS-0001', 2, { current_quantity: 1, fulfillable_quantity: 1 }),
				lineItem(1002, 'EC-HD-0001', 1, { current_quantity: 0, fulfillable_quantity: 0 }),
			],
		});
		expect(order.lines.map((line) => [line.quantity, line.gone])).toStrictEqual([
			[1, undefined],
			[0, 'removedOrRefunded'],
		]);
	});

	it('an API version before 2024-01 (no current_quantity): quantity less every refund_line_items entry of the line', () => {
		const order = read({
			line_items: [
				lineItem(1001, 'EC-TS-0001', 3),
				lineItem(1002, 'EC-HD-0001', 1),
				lineItem(1003, 'EC-BG-0001', 2),
			],
			refunds: [
				refund(500, [
					[1001, 1],
					[1002, 1],
				]),
				refund(501, [[1001, 1]]),
			],
		});
		expect(order.lines.map((line) => [line.quantity, line.gone])).toStrictEqual([
			[1, undefined],
			[0, 'removedOrRefunded'],
			[2, undefined],
		]);
	});

	it('current_quantity wins over the refunds (it already counts them)', () => {
		const order = read({
			line_items: [lineItem(1001, 'EC-TS-0001', 3, { current_quantity: 2 })],
			refunds: [refund(500, [[1001, 1]])],
		});
		expect(order.lines[0].quantity).toBe(2);
	});

	it('fulfillable_quantity caps it: units fulfilled already are not printed again; all of them fulfilled: gone as fulfilled', () => {
		const order = read({
			line_items: [
				lineItem(1001, 'EC-TS-0001', 3, {
					current_quantity: 3,
					fulfillable_quantity: 1,
					fulfillment_status: 'partial',
				}),
				lineItem(1002, 'EC-HD-0001', 2, {
					current_quantity: 2,
					fulfillable_quantity: 0,
					fulfillment_status: 'fulfilled',
				}),
				lineItem(1003, 'EC-BG-0001', 2, { current_quantity: 1, fulfillable_quantity: 1 }),
			],
		});
		expect(order.lines.map((line) => [line.quantity, line.gone])).toStrictEqual([
			[1, undefined],
			[0, 'fulfilled'],
			[1, undefined],
		]);
	});

	it('refunds of more units than ordered leave 0, never less; a refund entry of another line, without a line id or with a quantity that is no count changes nothing', () => {
		const strange = {
			...refund(502, [[1001, 1]]),
			refund_line_items: [
				{ line_item_id: 1001, quantity: -4 },
				{ line_item_id: 1001, quantity: '1' },
				{ quantity: 1 },
				{ line_item_id: 9999, quantity: 5 },
				'x',
			],
		};
		expect(
			read({ line_items: [lineItem(1001, 'A', 2)], refunds: [refund(500, [[1001, 5]])] }).lines[0],
		).toMatchObject({ quantity: 0, gone: 'removedOrRefunded' });
		expect(
			read({ line_items: [lineItem(1001, 'A', 2)], refunds: [strange, { id: 1 }, null] }).lines[0],
		).toMatchObject({ quantity: 2 });
		expect(read({ line_items: [lineItem(1001, 'A', 2)], refunds: 'none' }).lines[0].quantity).toBe(
			2,
		);
	});

	it('a quantity that is no count goes on as given (validation judges it); a current_quantity that is none is not used', () => {
		expect(
			read({ line_items: [lineItem(1001, 'A', 2, { quantity: '2' })] }).lines[0],
		).toStrictEqual(expect.objectContaining({ quantity: '2' }));
		expect(
			read({ line_items: [lineItem(1001, 'A', 2, { current_quantity: null })] }).lines[0].quantity,
		).toBe(2);
		expect(
			read({
				line_items: [lineItem(1001, 'A', 2, { current_quantity: 1.5, fulfillable_quantity: -1 })],
			}).lines[0].quantity,
		).toBe(2);
		expect(read({ line_items: [{ id: 1, sku: 'A' }] }).lines[0]).not.toHaveProperty('gone');
	});

	it('a line ordered 0 is gone (removed), not sent as 0', () => {
		expect(read({ line_items: [lineItem(1001, 'A', 0)] }).lines[0]).toMatchObject({
			quantity: 0,
			gone: 'removedOrRefunded',
		});
	});

	it('refundedUnits sums every refund of a line, keyed by the line id as text', () => {
		expect([
			...refundedUnits([
				refund(1, [
					[7, 1],
					[8, 2],
				]),
				refund(2, [[7, 3]]),
			]),
		]).toStrictEqual([
			['7', 4],
			['8', 2],
		]);
		expect(refundedUnits(undefined).size).toBe(0);
	});
});

describe('test orders', () => {
	it('test: true (Shopify\'s test checkout) is a test order; false, absent or "true" as text is not', () => {
		expect(read({ test: true }).test).toBe(true);
		for (const test of [false, undefined, 'true', 1]) expect(read({ test }).test).toBe(false);
	});
});

describe('one variant option', () => {
	it('a title of one part is one option of unknown role (by position it would be the colour)', () => {
		const [line] = read({ line_items: [lineItem(1, 'A', 1, { variant_title: 'M' })] }).lines;
		expect(line).toMatchObject({ singleOption: 'M', color: 'M', size: undefined });
	});

	it('two parts, "Default Title", or a setting that expects one part only: no single option', () => {
		expect(read({ line_items: [lineItem(1, 'A', 1)] }).lines[0].singleOption).toBeUndefined();
		expect(
			read({ line_items: [lineItem(1, 'A', 1, { variant_title: 'Default Title' })] }).lines[0]
				.singleOption,
		).toBeUndefined();
		const sizeOnly = shopifyOrder(
			{ line_items: [lineItem(1, 'A', 1, { variant_title: 'M' })] },
			{ ...DEFAULT_SHOP_SETTINGS, colorPart: 0, sizePart: 1 },
		);
		expect(sizeOnly.lines[0]).toMatchObject({ size: 'M', color: undefined });
		expect(sizeOnly.lines[0].singleOption).toBeUndefined();
	});
});

describe('properties', () => {
	/** Any order: lines with a quantity, maybe a current_quantity and a fulfillable_quantity, refunds of any lines. */
	const orderSpec = fc
		.array(
			fc.record({
				quantity: fc.integer({ min: 0, max: 6 }),
				removed: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
				fulfilled: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
			}),
			{ minLength: 1, maxLength: 6 },
		)
		.chain((lines) =>
			fc.record({
				lines: fc.constant(lines),
				withCurrent: fc.boolean(),
				refunds: fc.array(
					fc.array(
						fc.tuple(fc.integer({ min: 0, max: lines.length - 1 }), fc.integer({ min: 1, max: 4 })),
						{ maxLength: 3 },
					),
					{ maxLength: 3 },
				),
			}),
		);

	it('the quantity read is what is left: never below 0, at most what is fulfillable, 0 exactly when gone', () => {
		fc.assert(
			fc.property(orderSpec, ({ lines, withCurrent, refunds }) => {
				const refunded = lines.map((_, index) =>
					refunds
						.flat()
						.filter(([line]) => line === index)
						.reduce((sum, [, units]) => sum + units, 0),
				);
				const items = lines.map((spec, index) => {
					// current_quantity, when Shopify sends it, is the quantity less what edits and refunds took away;
					// without it (API versions before 2024-01) the refunds say what was taken away.
					const current = Math.max(
						0,
						spec.quantity - (withCurrent ? (spec.removed ?? refunded[index]) : refunded[index]),
					);
					return lineItem(index + 1, `SKU-${index}`, spec.quantity, {
						...(withCurrent ? { current_quantity: current } : {}),
						...(spec.fulfilled === undefined
							? {}
							: { fulfillable_quantity: Math.max(0, current - spec.fulfilled) }),
					});
				});
				const order = read({
					line_items: items,
					refunds: refunds.map((entries, index) =>
						refund(
							900 + index,
							entries.map(([line, units]) => [line + 1, units]),
						),
					),
				});
				order.lines.forEach((line, index) => {
					const spec = lines[index];
					const current = Math.max(
						0,
						spec.quantity - (withCurrent ? (spec.removed ?? refunded[index]) : refunded[index]),
					);
					const left =
						spec.fulfilled === undefined ? current : Math.max(0, current - spec.fulfilled);
					expect(line.quantity).toBe(left);
					expect(line.gone === undefined).toBe(left > 0);
					if (left === 0) expect(line.gone).toBe(current === 0 ? 'removedOrRefunded' : 'fulfilled');
				});
			}),
		);
	});

	it('quantityLeft never answers a negative quantity nor more than current_quantity', () => {
		const count = fc.option(fc.integer({ min: -3, max: 9 }), { nil: undefined });
		fc.assert(
			fc.property(
				count,
				count,
				count,
				fc.integer({ min: 0, max: 9 }),
				(quantity, current, fulfillable, refunded) => {
					const { quantity: left } = quantityLeft(
						{ id: 1, quantity, current_quantity: current, fulfillable_quantity: fulfillable },
						new Map([['1', refunded]]),
					);
					const isCount = (value: number | undefined): value is number =>
						value !== undefined && value >= 0;
					// Neither is a count: the quantity goes on as given, for validation to judge.
					if (!isCount(quantity) && !isCount(current)) return expect(left).toBe(quantity);
					expect(left).toBeGreaterThanOrEqual(0);
					if (isCount(current)) expect(left).toBeLessThanOrEqual(current);
					if (isCount(fulfillable)) expect(left).toBeLessThanOrEqual(fulfillable);
				},
			),
		);
	});
});
