/**
 * The answer stage (answerOrders) of a run that sends, over what the prepare, check and place stages give: one item
 * per order in input order, paired with its items; a repeat answers with its original's outcome; an order that
 * cannot be sent answers as an error item with Continue On Fail; without it the first failure fails the run,
 * counting the orders placed. Validate Only: answer.validateOnly.test.ts.
 */
import { NodeOperationError } from 'n8n-workflow';

import type { CheckedOrders } from '../../../../nodes/Printio/placement/answer';
import { answerOrders } from '../../../../nodes/Printio/placement/answer';
import type { PlacementOutcome } from '../../../../nodes/Printio/placement/placement';
import { prepareOrders } from '../../../../nodes/Printio/placement/prepare';
import { NODE } from '../../shared/printio/transport/fakeContext';
import {
	catalogService,
	colors,
	lookedUpBy,
	orderRow,
	originalItem,
	parameterContext,
	readOf,
	runOf,
	sizes,
} from '../orderRun/fakes';

const line = { original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 1 };
const catalog = {
	originalItems: [originalItem('OI-1', 'IT-1', { colors: colors(['White']), sizes: sizes('M') })],
};

/**
 * The run's rows prepared and checked (nothing to check), each order placed as `placed` says (P-<ec> unless it
 * says otherwise), then answered.
 */
async function answer(
	rows: Array<ReturnType<typeof orderRow>>,
	continueOnFail: boolean,
	placed: (ec: string) => PlacementOutcome['ok'] | Error = () => true,
) {
	const run = runOf('orderByCode', { continueOnFail, node: NODE });
	const read = readOf(rows);
	const lookedUp = await lookedUpBy(catalogService(catalog).api, run, read);
	const prepared = prepareOrders(run, read, lookedUp);
	const checked: CheckedOrders = { passed: prepared.orders, refused: [] };
	const outcomes = prepared.orders.map((order): PlacementOutcome => {
		const result = placed(order.body.ec_order_no);
		return result instanceof Error
			? { ok: false, order, error: result }
			: { ok: true, order, json: { order_no: `P-${order.body.ec_order_no}` } };
	});
	const context = parameterContext({}, { getNode: () => NODE });
	try {
		return {
			output: answerOrders.call(context, run, prepared, checked, outcomes, lookedUp),
			error: undefined,
		};
	} catch (error) {
		return { output: undefined, error: error as NodeOperationError };
	}
}

describe('answerOrders', () => {
	it("one item per order in input order, paired with its items; a repeat answers with its original's order", async () => {
		const { output } = await answer(
			[orderRow(2, 'B', [line]), orderRow(0, 'A', [line]), orderRow(4, 'B', [line])],
			false,
		);
		expect(output).toEqual([
			{ json: { order_no: 'P-A' }, pairedItem: [{ item: 0 }] },
			{ json: { order_no: 'P-B' }, pairedItem: [{ item: 2 }] },
			{
				json: { order_no: 'P-B', already_registered: true, duplicate_of_item: 2 },
				pairedItem: [{ item: 4 }],
			},
		]);
	});

	it('without Continue On Fail a failed placement fails the run with its item index, counting the orders placed', async () => {
		const failure = new NodeOperationError(NODE, 'refused by Printio', {
			description: 'Printio said no.',
		});
		const { error } = await answer(
			[orderRow(0, 'A', [line]), orderRow(1, 'B', [line]), orderRow(2, 'C', [line])],
			false,
			(ec) => (ec === 'B' ? failure : true),
		);
		expect(error).toBe(failure);
		expect(error?.context.itemIndex).toBe(1);
		expect(error?.description).toBe(
			'Printio said no.\n2 other order(s) of this run were placed. With Check for Existing Order on, running the workflow again does not order them twice.',
		);
	});

	it('with Continue On Fail a failed placement is an error item in its place, with its number; its repeat says it was not sent', async () => {
		const { output, error } = await answer(
			[orderRow(0, 'A', [line]), orderRow(1, 'B', [line]), orderRow(2, 'B', [line])],
			true,
			(ec) => (ec === 'B' ? new Error('Printio is down') : true),
		);
		expect(error).toBeUndefined();
		expect(output?.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }],
			[{ item: 1 }],
			[{ item: 2 }],
		]);
		expect(output?.[0].json).toEqual({ order_no: 'P-A' });
		expect(output?.[1].json).toEqual(
			expect.objectContaining({ error: 'Printio is down', ec_order_no: 'B' }),
		);
		expect(output?.[2].json).toEqual(
			expect.objectContaining({
				error: 'Not sent: the same order as item index 1, which failed: Printio is down',
				ec_order_no: 'B',
				duplicate_of_item: 1,
			}),
		);
	});
});
