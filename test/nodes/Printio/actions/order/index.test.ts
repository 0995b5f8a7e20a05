/**
 * The order resource (actions/order/index.ts): each operation offered has its module with its form, and the
 * resource's form is the operation choice followed by every operation's fields.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import * as order from '../../../../../nodes/Printio/actions/order';

describe('order resource', () => {
	const [choice, ...fields] = order.description;
	const operations = choice.options as INodePropertyOptions[];

	it('offers each operation with its module, Create first and by default', () => {
		expect(choice).toEqual(
			expect.objectContaining({
				name: 'operation',
				type: 'options',
				noDataExpression: true,
				default: 'create',
				displayOptions: { show: { resource: ['order'] } },
			}),
		);
		expect(operations.map((o) => [o.value, o.action])).toEqual([
			['create', 'Create an order'],
			['createWithImages', 'Create an order with images'],
			['getMany', 'Get many orders'],
			['getStatuses', 'Get order statuses'],
		]);
		for (const { value } of operations) {
			const module = order[value as 'create' | 'createWithImages' | 'getMany' | 'getStatuses'];
			expect(typeof module.execute).toBe('function');
			expect(module.description.length).toBeGreaterThan(0);
		}
	});

	it("holds every operation's fields, each shown for its own operation", () => {
		expect(fields).toEqual([
			...order.create.description,
			...order.createWithImages.description,
			...order.getMany.description,
			...order.getStatuses.description,
		]);
		for (const { value } of operations) {
			const own = fields.filter((field) =>
				(field.displayOptions?.show?.operation as string[] | undefined)?.includes(String(value)),
			);
			expect(own.length).toBe(order[value as 'create'].description.length);
		}
	});
});

describe('order resource: the Operation list', () => {
	it('the Operation list shows each operation by name with what it does', () => {
		const [choice] = order.description;
		expect(choice.displayName).toBe('Operation');
		expect(
			(choice.options as INodePropertyOptions[]).map(({ name, value, description: what }) => ({
				name,
				value,
				what,
			})),
		).toStrictEqual([
			{
				name: 'Create',
				value: 'create',
				what: 'Place a print order of your original items, by their codes',
			},
			{
				name: 'Create With Images',
				value: 'createWithImages',
				what: 'Place a print order of catalog items with a design image URL per print position',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				what: 'List orders with their lines, shipping and status',
			},
			{
				name: 'Get Statuses',
				value: 'getStatuses',
				what: 'Get the current status of orders whose status changed in a time range',
			},
		]);
	});
});
