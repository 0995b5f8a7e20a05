/**
 * Order › Get Many as a unit (the sandbox runs in getMany.operation.workflow.test.ts go through n8n): the query each filter
 * and option makes, the default start date, Return All and Limit, Simplify, and a failing item under Continue On
 * Fail.
 */
import type { INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	ALL_ORDERS_FROM,
	description,
	execute,
} from '../../../../../nodes/Printio/actions/order/getMany.operation';
import { answer, operationContext } from '../operationContext';

const record = (n: number) => ({
	order_no: `P-${n}`,
	ec_order_no: `E-${n}`,
	order_status_id: 1,
	order_status_name: 'received',
	shipping_information: { full_name: 'Hanako' },
	order_details: [],
});

function getMany(
	parameters: Record<string, unknown>,
	{ total = 2, continueOnFail = false, count = 1 } = {},
) {
	const all = Array.from({ length: total }, (_, n) => record(n));
	const op = operationContext(
		() => ({ returnAll: false, limit: 50, ...parameters }),
		({ qs }) => {
			const limit = Number(qs.limit);
			const page = Number(qs.page);
			return answer({ total, orders: all.slice((page - 1) * limit, page * limit) });
		},
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(count), op.api) };
}

describe('Order › Get Many (direct)', () => {
	it('without a filter asks every order since the default start, 30 a page, simplified', async () => {
		const op = getMany({});
		const output = await op.run();
		expect(ALL_ORDERS_FROM).toBe('2000-01-01 00:00:00');
		expect(op.sent.map((s) => [s.options.url, s.options.qs])).toEqual([
			['/orders', { date_time_from: ALL_ORDERS_FROM, limit: 30, page: 1 }],
		]);
		expect(op.sent[0].options.headers).not.toHaveProperty('X-Feature-Flags');
		expect(output).toHaveLength(2);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		expect(output[0].json.order_no).toBe('P-0');
		expect(output[0].json).not.toHaveProperty('shipping_information');
	});

	it("passes each filter and option into the query, dates from the workflow's zone to Tokyo", async () => {
		const op = getMany({
			filters: {
				dateTimeFrom: '2026-11-21 02:00:00',
				dateTimeTo: '2026-11-21 03:00:00',
				statusId: 5,
			},
			options: { sortValue: 'status_id', order: 'desc', teamId: 9, multiItemOrder: true },
			limit: 1,
		});
		await op.run();
		expect(op.sent[0].options.qs).toEqual({
			date_time_from: '2026-11-21 10:00:00',
			date_time_to: '2026-11-21 11:00:00',
			status_id: 5,
			sort_value: 'status_id',
			order: 'desc',
			team_id: 9,
			limit: 1,
			page: 1,
		});
		expect(op.sent[0].options.headers).toEqual(
			expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
		);
	});

	it('an order number (either kind) asks no default start', async () => {
		const byNumbers = getMany({ filters: { orderNo: ' P-1 , P-2,' } });
		await byNumbers.run();
		expect(byNumbers.sent[0].options.qs).toEqual({ order_no: 'P-1,P-2', limit: 30, page: 1 });
		const byEc = getMany({ filters: { ecOrderNo: 'E-1' } });
		await byEc.run();
		expect(byEc.sent[0].options.qs).toEqual({ ec_order_no: 'E-1', limit: 30, page: 1 });
		const withDate = getMany({
			filters: { ecOrderNo: 'E-1', dateTimeFrom: '2026-11-21 02:00:00' },
		});
		await withDate.run();
		expect(withDate.sent[0].options.qs).toEqual(
			expect.objectContaining({ date_time_from: '2026-11-21 10:00:00' }),
		);
	});

	it('Limit stops at the limit; Return All reads every page', async () => {
		const limited = getMany({ limit: 3 }, { total: 10 });
		expect(await limited.run()).toHaveLength(3);
		const all = getMany({ returnAll: true }, { total: 75 });
		expect(await all.run()).toHaveLength(75);
		expect(all.sent).toHaveLength(3);
	});

	it('Simplify off returns the records as they are', async () => {
		const op = getMany({ simplify: false });
		const output = await op.run();
		expect(output[0].json).toEqual(record(0));
	});

	it('runs once per item; a bad filter fails its item, or the run without Continue On Fail', async () => {
		const parameters = (itemIndex: number) =>
			itemIndex === 1 ? { filters: { dateTimeFrom: 'soon' } } : {};
		const op = operationContext(
			(i) => ({ returnAll: false, limit: 1, ...parameters(i) }),
			() => answer({ total: 1, orders: [record(0)] }),
			{ continueOnFail: true },
		);
		const output = await execute.call(op.context, op.items(3), op.api);
		expect(output.map((o) => [o.pairedItem, o.json.error ?? o.json.order_no])).toEqual([
			[{ item: 0 }, 'P-0'],
			[[{ item: 1 }], 'After is not a valid date-time'],
			[{ item: 2 }, 'P-0'],
		]);
		const strict = operationContext(
			(i) => ({ returnAll: false, limit: 1, ...parameters(i) }),
			() => answer({ total: 1, orders: [record(0)] }),
		);
		const error = await execute
			.call(strict.context, strict.items(3), strict.api)
			.catch((e: unknown) => e as NodeOperationError);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).context.itemIndex).toBe(1);
	});

	it('is shown for Order › Get Many only', () => {
		for (const property of description)
			expect(property.displayOptions?.show).toEqual(
				expect.objectContaining({ resource: ['order'], operation: ['getMany'] }),
			);
		const options = description.find((p) => p.name === 'options');
		expect(options?.options?.map((o) => o.name)).toEqual([
			'apiTimeZone',
			'multiItemOrder',
			'sortValue',
			'order',
			'teamId',
		]);
		expect(options?.options?.find((o) => o.name === 'sortValue')).toEqual(
			expect.objectContaining({
				options: [
					{ name: 'Created At', value: 'created_at' },
					{ name: 'Status', value: 'status_id' },
				],
				default: 'created_at',
			}),
		);
		expect(options?.options?.find((o) => o.name === 'order')).toEqual(
			expect.objectContaining({
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'asc',
			}),
		);
		const filters = description.find((p) => p.name === 'filters');
		expect(filters?.options?.[0]).toEqual(
			expect.objectContaining({ displayName: 'Created After' }),
		);
	});
});

describe('Order › Get Many form: the words of Simplify and Options', () => {
	const field = (name: string) =>
		description.find((property) => property.name === name) as INodeProperties;

	it('Simplify says what it simplifies', () => {
		expect(field('simplify').description).toBe(
			'Whether to return a simplified version of each order (without the address blocks) instead of the raw data',
		);
	});

	it('Options is labelled, with its add button and sort fields named', () => {
		const options = field('options');
		expect([options.displayName, options.placeholder]).toStrictEqual(['Options', 'Add option']);
		const sort = (options.options as INodeProperties[]).filter((option) =>
			['sortValue', 'order'].includes(option.name),
		);
		expect(sort.map((option) => [option.name, option.displayName])).toStrictEqual([
			['sortValue', 'Sort By'],
			['order', 'Sort Order'],
		]);
	});
});
