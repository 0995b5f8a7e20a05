/**
 * fulfilmentOf: the tracking and the shop order of a shipped change, from the status record and the shipment's
 * own order record. No shop order without a reference of this package's form, or without lines to fulfil.
 */
import fc from 'fast-check';

import { completesOrder, fulfilmentOf } from '../../../nodes/PrintioTrigger/fulfilment';

const record = {
	order_no: 'PO1',
	status_id: 5,
	shipping_number: '400000000011',
	ec_optional_information: 'shop:shopify:5823498213513',
};
const line = (ec_order_detail_no: unknown, quantity: unknown = 1) => ({
	order_detail_no: 'D',
	ec_order_detail_no,
	quantity,
});
const order = (details: unknown[], extra: Record<string, unknown> = {}) => ({
	order_no: 'PO1',
	delivery_company_name: 'ヤマト運輸',
	order_details: details,
	ec_optional_information: 'shop:shopify:5823498213513',
	...extra,
});

describe('fulfilmentOf', () => {
	it('gives the tracking and the shop order with this shipment’s lines and quantities', () => {
		expect(
			fulfilmentOf(record, order([line('13923492233355', 2), line('13923492266123', 1)])),
		).toStrictEqual({
			tracking: {
				number: '400000000011',
				company: 'ヤマト運輸',
				carrier: 'yamato',
				shopifyCompany: 'Yamato (JA)',
				url: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=400000000011',
			},
			shop_order: {
				platform: 'shopify',
				orderId: '5823498213513',
				lineIds: ['13923492233355', '13923492266123'],
				lines: [
					{ lineId: '13923492233355', quantity: 2 },
					{ lineId: '13923492266123', quantity: 1 },
				],
				completesOrder: true,
			},
		});
	});

	it('reads the reference and the number from the order when the status record lacks them; WooCommerce too', () => {
		const out = fulfilmentOf(
			{ order_no: 'PO1' },
			order([line(315, 3)], {
				ec_optional_information: 'shop:woocommerce:727',
				shipping_number: 'N1',
			}),
		);
		expect(out.shop_order).toStrictEqual({
			platform: 'woocommerce',
			orderId: '727',
			lineIds: ['315'],
			lines: [{ lineId: '315', quantity: 3 }],
			completesOrder: true,
		});
		expect(out.tracking.number).toBe('N1');
	});

	it('sums a line Printio lists twice, and skips lines without a line id', () => {
		const out = fulfilmentOf(
			record,
			order([
				line('A', 1),
				line(''),
				line(null),
				line('  '),
				line('A', 2),
				'not a line',
				null,
				line('B', 1),
			]),
		);
		expect(out.shop_order?.lines).toStrictEqual([
			{ lineId: 'A', quantity: 3 },
			{ lineId: 'B', quantity: 1 },
		]);
		expect(out.shop_order?.lineIds).toStrictEqual(['A', 'B']);
	});

	it.each([
		[
			'no reference',
			{ ...record, ec_optional_information: null },
			order([line('A')], { ec_optional_information: null }),
		],
		[
			'a text of the user’s own',
			{ ...record, ec_optional_information: 'gift wrap' },
			order([line('A')], { ec_optional_information: 'gift wrap' }),
		],
		[
			'a reference of another platform',
			{ ...record, ec_optional_information: 'shop:etsy:1' },
			order([line('A')], { ec_optional_information: 'shop:etsy:1' }),
		],
		['no order record of this shipment', record, undefined],
		['no line with a line id', record, order([line(''), line(null)])],
		['no lines at all', record, order([])],
		['lines that are not a list', record, order('A' as unknown as unknown[])],
	])('gives no shop order with %s, but the tracking', (_label, status, read) => {
		const out = fulfilmentOf(status, read);
		expect(out).not.toHaveProperty('shop_order');
		expect(out.tracking.number).toBe('400000000011');
	});

	it('the status record’s reference wins over the order’s (both come from the same order)', () => {
		const out = fulfilmentOf(
			record,
			order([line('A')], { ec_optional_information: 'shop:woocommerce:1' }),
		);
		expect(out.shop_order?.platform).toBe('shopify');
	});

	it('lists every line id once, in Printio’s order, with the shipment’s total quantity', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({
						id: fc.constantFrom('1', '2', '3', '4'),
						quantity: fc.integer({ min: 1, max: 999 }),
					}),
					{ minLength: 1, maxLength: 20 },
				),
				(lines) => {
					const out = fulfilmentOf(record, order(lines.map((l) => line(l.id, l.quantity))));
					const ids = [...new Set(lines.map((l) => l.id))];
					expect(out.shop_order?.lineIds).toStrictEqual(ids);
					for (const id of ids) {
						const total = lines.filter((l) => l.id === id).reduce((sum, l) => sum + l.quantity, 0);
						expect(out.shop_order?.lines.find((l) => l.lineId === id)?.quantity).toBe(total);
					}
				},
			),
		);
	});
});

describe('fulfilmentOf, the shipment’s lines as Printio lists them', () => {
	it('counts only whole positive quantities: a line with none still names its id, with quantity 0', () => {
		const unusable = fc.oneof(
			fc.integer({ max: 0 }),
			fc.double({ noInteger: true }),
			fc.constantFrom(null, undefined, '', 'two', '1.5', Number.NaN),
		);
		const quantity = fc.oneof(
			fc.integer({ min: 1, max: 999 }).map((n) => ({ value: n as unknown, counts: n })),
			unusable.map((value) => ({ value, counts: 0 })),
		);
		fc.assert(
			fc.property(
				fc.array(fc.record({ id: fc.constantFrom('1', '2', '3'), quantity }), {
					minLength: 1,
					maxLength: 12,
				}),
				(lines) => {
					const out = fulfilmentOf(
						record,
						order(lines.map((l) => ({ ec_order_detail_no: l.id, quantity: l.quantity.value }))),
					);
					const ids = [...new Set(lines.map((l) => l.id))];
					expect(out.shop_order?.lines).toStrictEqual(
						ids.map((id) => ({
							lineId: id,
							quantity: lines
								.filter((l) => l.id === id)
								.reduce((sum, l) => sum + l.quantity.counts, 0),
						})),
					);
				},
			),
		);
	});

	it('reads a record without order_details, and entries that are not lines, as no lines', () => {
		expect(fulfilmentOf(record, order(undefined as unknown as unknown[]))).toStrictEqual(
			fulfilmentOf(record, order([])),
		);
		expect(
			fulfilmentOf(record, order([undefined, null, 7, 'A', line('B', 2)])).shop_order?.lines,
		).toStrictEqual([{ lineId: 'B', quantity: 2 }]);
	});
});

describe('completesOrder: the shipment that completes the order’s printed lines', () => {
	const shipment = (id: string, shipped: boolean) => ({
		order_no: 'PO1',
		shipping_id: id,
		shipping_number: shipped ? `N-${id}` : null,
	});

	it('is false while another shipment has no shipping number, or a later item of the poll is the same order’s', () => {
		const a = shipment('A', true);
		expect(
			completesOrder(a, { shipments: [a, shipment('B', false)], lastOfOrderInPoll: true }),
		).toBe(false);
		expect(
			completesOrder(a, { shipments: [a, shipment('B', true)], lastOfOrderInPoll: false }),
		).toBe(false);
		expect(
			completesOrder(a, { shipments: [a, shipment('B', true)], lastOfOrderInPoll: true }),
		).toBe(true);
		// Its own record may still lack the number in the order read: the status record said shipped.
		const own = shipment('A', false);
		expect(completesOrder(own, { shipments: [own], lastOfOrderInPoll: true })).toBe(true);
		expect(
			completesOrder(own, {
				shipments: [own, { ...shipment('B', true), shipping_number: ' ' }],
				lastOfOrderInPoll: true,
			}),
		).toBe(false);
	});

	it('is true for exactly one shipment, in the poll that ships the last of them, however they fall into polls', () => {
		fc.assert(
			fc.property(fc.array(fc.nat(4), { minLength: 1, maxLength: 6 }), (pollOf) => {
				// Shipment i ships before poll pollOf[i]; each poll emits what shipped since the last, in order.
				const ids = pollOf.map((_, i) => `S${i}`);
				const completing: Array<[string, number]> = [];
				for (let poll = 0; poll <= 4; poll++) {
					const read = ids.map((id, i) => shipment(id, pollOf[i] <= poll));
					const emitted = read.filter((_, i) => pollOf[i] === poll);
					emitted.forEach((own, index) => {
						if (
							completesOrder(own, {
								shipments: read,
								lastOfOrderInPoll: index === emitted.length - 1,
							})
						)
							completing.push([own.shipping_id, poll]);
					});
				}
				expect(completing).toHaveLength(1);
				expect(completing[0][1]).toBe(Math.max(...pollOf));
			}),
		);
	});
});
