/**
 * The order resource's operation choice (actions/order/index.ts), the words index.test.ts left open (Stryker
 * survivors): what a person reads in the Operation list, each operation's name and what it does.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { description } from '../../../../../nodes/Printio/actions/order';

describe('order resource: the Operation list', () => {
	it('the Operation list shows each operation by name with what it does', () => {
		const [choice] = description;
		expect(choice.displayName).toBe('Operation');
		expect((choice.options as INodePropertyOptions[]).map(({ name, value, description: what }) => ({ name, value, what }))).toStrictEqual([
			{ name: 'Create', value: 'create', what: 'Place a print order of your original items, by their codes' },
			{ name: 'Create With Images', value: 'createWithImages', what: 'Place a print order of catalog items with a design image URL per print position' },
			{ name: 'Get Many', value: 'getMany', what: 'List orders with their lines, shipping and status' },
			{ name: 'Get Statuses', value: 'getStatuses', what: 'Get the current status of orders whose status changed in a time range' },
		]);
	});
});
