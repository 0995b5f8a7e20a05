/**
 * The prepare stage's pipeline (prepareOrders: normalise, combine, defaults, overflow, validate, build), beyond
 * prepare.test.ts: each problem's
 * item index (the line's row, else the order's first row), the form's label on each problem (a column named in
 * brackets still finds it), the Shop Sender hint on problems of a sender that came from the credential, whose
 * defaults an order uses, the default address policy, and a field reading already reported is not reported again
 * by validation.
 */
import type { DraftRow, OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, senderBlock } from '../orderInput/fixtures';
import { preparedAndBuilt as prepareOrders, draftRow } from '../orderRun/fakes';

const line = (size: string) => ({
	original_item_code: 't0100001',
	quantity: 1,
	color: 'ホワイト',
	size,
});

describe('item index and label of each problem', () => {
	it("a line's problem is on the line's row; an order-level one on the first row", () => {
		const rows: DraftRow[] = [
			{ itemIndex: 4, order: { ...byCodeOrder(), ec_order_no: 'A', order_details: [line('M')] } },
			{
				itemIndex: 6,
				order: {
					...byCodeOrder(),
					ec_order_no: 'A',
					ec_order_date: undefined,
					order_details: [line('L'), { ...line('S'), quantity: 0 }],
				},
			},
			{
				itemIndex: 7,
				order: { ...byCodeOrder(), ec_order_no: 'A', shipping_method: 3, order_details: [] },
			},
		];
		const [order] = prepareOrders(rows, 'orderByCode', {
			groupByEcOrderNo: true,
			multiItemOrder: true,
		});
		expect(order.problems.map((p) => [p.field, p.itemIndex, p.label])).toStrictEqual([
			['order_details[2].quantity', 6, 'Lines › Quantity'],
			['shipping_method', 4, 'Options › Shipping Method'],
		]);
		expect(order.request).toBeUndefined();
		expect(order.lineItemIndexes).toStrictEqual([4, 6, 6]);
	});

	it("a reading problem keeps its own label and item; a column in brackets still finds the form's label", () => {
		const rows: DraftRow[] = [
			{
				itemIndex: 2,
				order: byCodeOrder(),
				problems: [
					{ field: 'order_details[0].color (line_color)', message: 'm', fix: 'f', itemIndex: 2 },
					{
						field: 'shipping_information.zip_code',
						message: 'm',
						fix: 'f',
						itemIndex: 2,
						label: 'Own Label',
					},
					{ field: 'not_a_field', message: 'm', fix: 'f', itemIndex: 2 },
				],
			},
		];
		const [order] = prepareOrders(rows, 'orderByCode');
		expect(order.problems).toStrictEqual([
			{
				field: 'order_details[0].color (line_color)',
				message: 'm',
				fix: 'f',
				itemIndex: 2,
				label: 'Lines › Color Name or ID',
			},
			{
				field: 'shipping_information.zip_code',
				message: 'm',
				fix: 'f',
				itemIndex: 2,
				label: 'Own Label',
			},
			{ field: 'not_a_field', message: 'm', fix: 'f', itemIndex: 2 },
		]);
		expect(order.request).toBeUndefined();
	});

	it('a field reading already reported is not reported again by validation', () => {
		const order: OrderDraft = {
			...byCodeOrder(),
			shipping_information: { ...byCodeOrder().shipping_information, zip_code: '600001' },
		};
		const reported = {
			field: 'shipping_information.zip_code',
			message: 'was given as a number with 6 digits; its leading 0 was probably lost',
			fix: 'f',
			itemIndex: 0,
		};
		expect(
			prepareOrders([{ itemIndex: 0, order, problems: [reported] }], 'orderByCode')[0].problems.map(
				(p) => p.message,
			),
		).toStrictEqual([reported.message]);
		expect(
			prepareOrders([{ itemIndex: 0, order }], 'orderByCode')[0].problems.map((p) => [
				p.field,
				p.message,
			]),
		).toStrictEqual([['shipping_information.zip_code', 'must be 7 digits (has 6)']]);
	});
});

describe('defaults', () => {
	it('the defaults are normalised like the order (unless normalisation is off)', () => {
		const order = { ...byCodeOrder(), sender_information: undefined };
		const defaults = { sender_information: { ...senderBlock(), phone_number: '06-6123-4567' } };
		expect(
			prepareOrders([{ itemIndex: 0, order }], 'orderByCode', { defaults })[0].request
				?.sender_information.phone_number,
		).toBe('0661234567');
	});

	it("a problem of a sender from the defaults says to fix it in the credential, under the form's name", () => {
		const order = { ...byCodeOrder(), sender_information: undefined };
		const [prepared] = prepareOrders([{ itemIndex: 1, order }], 'orderByCode', {
			defaults: { sender_information: { ...senderBlock(), zip_code: '12' } },
		});
		expect(prepared.problems).toStrictEqual([
			{
				field: 'sender_information.zip_code',
				message: 'must be 7 digits (has 2)',
				fix: 'Give the 7-digit zip code without a hyphen. This order gives no sender, so the Shop Sender of the Printio credential is used: set Sender Zip Code there (or give the whole sender on the order).',
				itemIndex: 1,
				label: 'Sender Zip Code',
			},
		]);
	});

	it("the order's own sender gets no such hint; nor does a recipient problem when the sender came from the defaults", () => {
		const own = prepareOrders(
			[
				{
					itemIndex: 0,
					order: { ...byCodeOrder(), sender_information: { ...senderBlock(), zip_code: '12' } },
				},
			],
			'orderByCode',
		)[0];
		expect(own.problems.map((p) => p.fix)).toStrictEqual([
			'Give the 7-digit zip code without a hyphen.',
		]);
		const recipient = prepareOrders(
			[
				{
					itemIndex: 0,
					order: {
						...byCodeOrder(),
						sender_information: undefined,
						shipping_information: { ...byCodeOrder().shipping_information, zip_code: '12' },
					},
				},
			],
			'orderByCode',
			{ defaults: { sender_information: senderBlock() } },
		)[0];
		expect(recipient.problems.map((p) => [p.field, p.fix])).toStrictEqual([
			['shipping_information.zip_code', 'Give the 7-digit zip code without a hyphen.'],
		]);
	});
});

describe('options', () => {
	it("address lines too wide fail unless a policy says otherwise; a carried line's change is on the order's first row", () => {
		const wide: OrderDraft = {
			...byCodeOrder(),
			shipping_information: {
				...byCodeOrder().shipping_information,
				address1: 'あ'.repeat(20),
				address2: undefined,
			},
		};
		const [failed] = prepareOrders([{ itemIndex: 3, order: wide }], 'orderByCode');
		expect(failed.problems.map((p) => p.field)).toStrictEqual(['shipping_information.address1']);
		const [carried] = prepareOrders([{ itemIndex: 3, order: wide }], 'orderByCode', {
			addressOverflow: 'carryToAddress2',
		});
		expect(carried.problems).toStrictEqual([]);
		expect(carried.changes.map((c) => [c.field, c.rule, c.itemIndex])).toStrictEqual([
			['shipping_information.address1', 'addressCarriedToAddress2', 3],
		]);
	});

	it('normalisation is on unless turned off', () => {
		const order: OrderDraft = {
			...byCodeOrder(),
			shipping_information: { ...byCodeOrder().shipping_information, zip_code: '150-0002' },
		};
		expect(
			prepareOrders([{ itemIndex: 0, order }], 'orderByCode')[0].request?.shipping_information
				.zip_code,
		).toBe('1500002');
		expect(
			prepareOrders([{ itemIndex: 0, order }], 'orderByCode', { normalize: false })[0].problems.map(
				(p) => p.field,
			),
		).toStrictEqual(['shipping_information.zip_code']);
	});

	it('one draft: its order carries the item index and the number it was given', () => {
		const prepared = prepareOrders(
			draftRow({ ...byCodeOrder(), ec_order_no: ' A-1 ' }, 8),
			'orderByCode',
			{ normalize: true },
		)[0];
		expect(prepared.itemIndexes).toStrictEqual([8]);
		expect(prepared.ecOrderNo).toBe('A-1');
		expect(prepared.request?.ec_order_no).toBe('A-1');
	});

	it('an order without a number has none', () => {
		const [prepared] = prepareOrders(
			[{ itemIndex: 0, order: { ...byCodeOrder(), ec_order_no: undefined } }],
			'orderByCode',
		);
		expect(prepared.ecOrderNo).toBeUndefined();
	});
});
