/**
 * The prepare stage (prepareOrders), beyond prepare.pipeline.test.ts: the order's
 * ec_order_no as it is sent (not the grouping key) and none for an order that names none or no text; the
 * defaults left as given when normalisation is off; and a bracket inside a field path is not a column note.
 */
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, senderBlock } from '../orderInput/fixtures';
import { preparedAndBuilt as prepareOrders, draftRow } from '../orderRun/fakes';

describe("the prepared order's ec_order_no", () => {
	it('is the one sent: with normalisation off an untrimmed number is sent and answered as given', () => {
		const prepared = prepareOrders(
			draftRow({ ...byCodeOrder(), ec_order_no: ' EC-1042 ' }, 0),
			'orderByCode',
			{ normalize: false },
		)[0];
		expect(prepared.problems).toStrictEqual([]);
		expect(prepared.request?.ec_order_no).toBe(' EC-1042 ');
		expect(prepared.ecOrderNo).toBe(' EC-1042 ');
	});

	it('is none for an empty ec_order_no (the order fails: it is required)', () => {
		const prepared = prepareOrders(
			draftRow({ ...byCodeOrder(), ec_order_no: '' }, 3),
			'orderByCode',
		)[0];
		expect(prepared.ecOrderNo).toBeUndefined();
		expect(
			prepared.problems.map((problem) => [problem.field, problem.message, problem.itemIndex]),
		).toStrictEqual([['ec_order_no', 'is required', 3]]);
	});

	it('is none for an ec_order_no given as a number (the order fails: it must be text)', () => {
		const order = { ...byCodeOrder(), ec_order_no: 1042 } as unknown as OrderDraft;
		const prepared = prepareOrders(draftRow(order, 0), 'orderByCode')[0];
		expect(prepared.ecOrderNo).toBeUndefined();
		expect(prepared.problems.map((problem) => [problem.field, problem.message])).toStrictEqual([
			['ec_order_no', 'must be text'],
		]);
	});
});

describe('defaults with normalisation off', () => {
	it('a default sender is used as given: its hyphenated phone is reported, not rewritten', () => {
		const order = { ...byCodeOrder(), sender_information: undefined };
		const defaults = { sender_information: { ...senderBlock(), phone_number: '06-6123-4567' } };
		const [prepared] = prepareOrders([{ itemIndex: 0, order }], 'orderByCode', {
			defaults,
			normalize: false,
		});
		expect(prepared.changes).toStrictEqual([]);
		expect(prepared.request).toBeUndefined();
		expect(
			prepared.problems.map((problem) => [problem.field, problem.message, problem.label]),
		).toStrictEqual([
			['sender_information.phone_number', 'must contain digits only', 'Sender Phone Number'],
		]);
	});
});

describe('labels', () => {
	it('only a bracket at the end is a column note: a bracket inside the path is not cut out to guess a label', () => {
		const problem = {
			field: 'order_details[0] (sheet row 2).size',
			message: 'm',
			fix: 'f',
			itemIndex: 0,
		};
		const [prepared] = prepareOrders(
			[{ itemIndex: 0, order: byCodeOrder(), problems: [problem] }],
			'orderByCode',
		);
		expect(prepared.problems).toStrictEqual([problem]);
	});
});
