/**
 * Order › Get Many's form (getMany.operation.ts), the words the other tests left open (Stryker survivors): the
 * Simplify toggle's description, and the labels of the Options collection and its sort fields.
 */
import type { INodeProperties } from 'n8n-workflow';

import { description } from '../../../../../nodes/Printio/actions/order/getMany.operation';

describe('Order › Get Many form: the words of Simplify and Options', () => {
	const field = (name: string) => description.find((property) => property.name === name) as INodeProperties;

	it('Simplify says what it simplifies', () => {
		expect(field('simplify').description).toBe('Whether to return a simplified version of each order (without the address blocks) instead of the raw data');
	});

	it('Options is labelled, with its add button and sort fields named', () => {
		const options = field('options');
		expect([options.displayName, options.placeholder]).toStrictEqual(['Options', 'Add option']);
		const sort = (options.options as INodeProperties[]).filter((option) => ['sortValue', 'order'].includes(option.name));
		expect(sort.map((option) => [option.name, option.displayName])).toStrictEqual([
			['sortValue', 'Sort By'],
			['order', 'Sort Order'],
		]);
	});
});
