/**
 * Order › Get Statuses as a unit (the sandbox runs in getStatuses.operation.workflow.test.ts go through n8n): the query,
 * the refusal without a start or an order number (nothing sent), and the records returned.
 */
import { NodeOperationError } from 'n8n-workflow';

import {
	description,
	execute,
} from '../../../../../nodes/Printio/actions/order/getStatuses.operation';
import { answer, operationContext } from '../operationContext';

const status = { order_no: 'P-1', ec_order_no: 'E-1', order_status_id: 5 };

function getStatuses(
	parameters: Record<string, unknown>,
	body: Record<string, unknown> = { orders: [status] },
	continueOnFail = false,
) {
	const op = operationContext(
		() => parameters,
		() => answer(body),
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(1), op.api) };
}

describe('Order › Get Statuses (direct)', () => {
	it('asks the status changes in the range, each filter and option in the query, and returns one item per record', async () => {
		const op = getStatuses({
			filters: {
				dateTimeFrom: '2026-11-21 02:00:00',
				dateTimeTo: '2026-11-21 03:00:00',
				statusId: 5,
			},
			options: { teamId: 9, multiItemOrder: true, apiTimeZone: 'UTC' },
		});
		const output = await op.run();
		expect(op.sent.map((s) => [s.options.method, s.options.url, s.options.qs])).toEqual([
			[
				'GET',
				'/order-statuses',
				{
					date_time_from: '2026-11-21 01:00:00',
					date_time_to: '2026-11-21 02:00:00',
					status_id: 5,
					team_id: 9,
				},
			],
		]);
		expect(op.sent[0].options.headers).toEqual(
			expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
		);
		expect(output).toEqual([{ json: status, pairedItem: { item: 0 } }]);
	});

	it('an order number of either kind is enough without a start', async () => {
		const byNumbers = getStatuses({ filters: { orderNo: 'P-1, P-2' } });
		await byNumbers.run();
		expect(byNumbers.sent[0].options.qs).toEqual({ order_no: 'P-1,P-2' });
		expect(byNumbers.sent[0].options.headers).not.toHaveProperty('X-Feature-Flags');
		const byEc = getStatuses({ filters: { ecOrderNo: 'E-1' } });
		await byEc.run();
		expect(byEc.sent[0].options.qs).toEqual({ ec_order_no: 'E-1' });
	});

	it('refuses to ask without a start or an order number, sending nothing', async () => {
		for (const filters of [
			{},
			{ dateTimeTo: '2026-11-21 03:00:00', statusId: 5 },
			{ orderNo: ' , ' },
		]) {
			const op = getStatuses({ filters });
			const error = await op.run().catch((e: unknown) => e as NodeOperationError);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as NodeOperationError).message).toBe(
				'Set Status Changed After, or an order number',
			);
			expect((error as NodeOperationError).description).toBe(
				'Printio needs the start of the status-change range unless an order number is given. To react to changes as they happen, use the Printio Trigger node.',
			);
			expect((error as NodeOperationError).context.itemIndex).toBe(0);
			expect(op.sent).toHaveLength(0);
		}
		const lenient = getStatuses({}, {}, true);
		expect((await lenient.run())[0].json.error).toBe(
			'Set Status Changed After, or an order number',
		);
	});

	it('an answer without a list returns nothing', async () => {
		const op = getStatuses(
			{ filters: { ecOrderNo: 'E-1' } },
			{ status_code: 1, message: 'no data' },
		);
		expect(await op.run()).toEqual([]);
	});

	it('is shown for Order › Get Statuses only, with its notice and options', () => {
		for (const property of description)
			expect(property.displayOptions?.show).toEqual(
				expect.objectContaining({ resource: ['order'], operation: ['getStatuses'] }),
			);
		expect(description[0]).toEqual(
			expect.objectContaining({
				type: 'notice',
				displayName:
					'Returns the current status of each order whose status changed in the range. Set Status Changed After, or an order number.',
			}),
		);
		expect(description.find((p) => p.name === 'filters')?.options?.[0]).toEqual(
			expect.objectContaining({ displayName: 'Status Changed After' }),
		);
		expect(description.find((p) => p.name === 'options')?.options?.map((o) => o.name)).toEqual([
			'apiTimeZone',
			'multiItemOrder',
			'teamId',
		]);
	});
});

describe('Order › Get Statuses form: its opening notice', () => {
	it('opens with the notice saying what the operation returns', () => {
		const [notice] = description;
		expect({ name: notice.name, type: notice.type, default: notice.default }).toStrictEqual({
			name: 'statusNotice',
			type: 'notice',
			default: '',
		});
		expect(notice.displayName).toContain(
			'Returns the current status of each order whose status changed in the range',
		);
	});
});
