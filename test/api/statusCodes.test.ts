/**
 * The status codes of spec section 7: their names (quoted by the OpenAPI document) and the English title and fix
 * the node shows for each, word for word.
 */
import { describeStatus, isKnownStatus, STATUS, STATUS_NAMES } from '../../api/statusCodes';

describe('STATUS and STATUS_NAMES', () => {
	it('names the seven codes of the spec', () => {
		expect(STATUS).toStrictEqual({
			SUCCESS: 0,
			NO_DATA: 1,
			PARAMETER_ERROR: 5,
			NO_PERMISSION: 11,
			OUT_OF_STOCK: 13,
			PAYMENT_ERROR: 14,
			DUPLICATE: 15,
		});
		expect(STATUS_NAMES).toStrictEqual({
			0: 'success',
			1: 'no data',
			5: 'request parameter error',
			11: 'no permission',
			13: 'out of stock',
			14: 'payment error',
			15: 'duplicate',
		});
	});

	it('knows exactly those codes', () => {
		for (const code of [0, 1, 5, 11, 13, 14, 15]) expect(isKnownStatus(code)).toBe(true);
		for (const code of [-1, 2, 3, 4, 6, 10, 12, 16, 99, 500])
			expect(isKnownStatus(code)).toBe(false);
	});
});

describe('describeStatus', () => {
	it.each([
		[
			1,
			{
				title: 'No data (Printio status 1)',
				description: 'Printio found nothing for /orders. Check the codes you sent.',
			},
		],
		[
			5,
			{
				title: 'Request parameter error (Printio status 5)',
				description:
					"Printio rejected a field; its message names the field. Fix the value in the node's parameters or in the input item.",
			},
		],
		[
			11,
			{
				title: 'No permission (Printio status 11)',
				description:
					"The retailer ID does not belong to this subscription key, or the key may not use this operation. Check Retailer ID in the credential (or in the operation's options).",
			},
		],
		[
			13,
			{
				title: 'Out of stock (Printio status 13)',
				description:
					'Nothing was ordered. Check stock with Item › Get Stock, or send the order with the MultiItemOrder option to see which lines are short.',
			},
		],
		[
			14,
			{
				title: 'Payment error (Printio status 14)',
				description:
					'Nothing was ordered: Printio could not charge your retailer account. Check your billing with Printio, then send the order again.',
			},
		],
		[
			15,
			{
				title: 'Duplicate (Printio status 15)',
				description:
					'An original item with this EC original item code already exists. Use another code, or find the existing one with Original Item › Get Many.',
			},
		],
	])('status %i', (code, expected) => {
		expect(describeStatus(code, '/orders', {})).toStrictEqual(expected);
	});

	it('names the path in the no-data text', () => {
		expect(describeStatus(STATUS.NO_DATA, '/original-items', {}).description).toBe(
			'Printio found nothing for /original-items. Check the codes you sent.',
		);
	});

	it.each([0, 2, 99, 500, -1])('status %i is a system error', (code) => {
		expect(describeStatus(code, '/order-by-code', {})).toStrictEqual({
			title: `Printio system error (status ${code})`,
			description:
				'Printio reported an internal error. Try again later; for orders, check with Order › Get Many (by EC order number) first whether it was registered.',
		});
	});

	describe('out of stock', () => {
		const generic =
			'Nothing was ordered. Check stock with Item › Get Stock, or send the order with the MultiItemOrder option to see which lines are short.';

		it('quotes the stock Printio reports for the lines', () => {
			const availableItems = [
				{ ec_order_detail_no: 'D-1', item_code: 'TS-001', stock: 0 },
				{ ec_order_detail_no: 'D-2', item_code: 'TS-002', stock: 3 },
			];
			expect(
				describeStatus(STATUS.OUT_OF_STOCK, '/order-by-code', { available_items: availableItems }),
			).toStrictEqual({
				title: 'Out of stock (Printio status 13)',
				description:
					'Nothing was ordered. Stock Printio reports for the lines: [{"ec_order_detail_no":"D-1","item_code":"TS-001","stock":0},{"ec_order_detail_no":"D-2","item_code":"TS-002","stock":3}]',
			});
		});

		it('with one line reported', () => {
			expect(
				describeStatus(STATUS.OUT_OF_STOCK, '/order-by-code', { available_items: [{ stock: 1 }] })
					.description,
			).toBe('Nothing was ordered. Stock Printio reports for the lines: [{"stock":1}]');
		});

		it.each([
			['an empty list', { available_items: [] }],
			['no list', {}],
			['a list that is not an array', { available_items: 'TS-001' }],
			['null', { available_items: null }],
		])('with %s, points to Item › Get Stock', (_label, envelope) => {
			expect(describeStatus(STATUS.OUT_OF_STOCK, '/order-by-code', envelope)).toStrictEqual({
				title: 'Out of stock (Printio status 13)',
				description: generic,
			});
		});
	});
});
