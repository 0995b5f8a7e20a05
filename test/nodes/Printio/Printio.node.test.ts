/** The node's runtime wiring (Printio.node.ts): its list methods and execute, which hands the run to the router. */
import type { IExecuteFunctions } from 'n8n-workflow';

import * as listSearch from '../../../nodes/Printio/methods/listSearch';
import * as loadOptions from '../../../nodes/Printio/methods/loadOptions';
import * as resourceMapping from '../../../nodes/Printio/methods/resourceMapping';
import { Printio } from '../../../nodes/Printio/Printio.node';
import { CONNECTION, NODE, routedContext } from '../shared/printio/transport/fakeContext';

function executeContext(parameters: Record<string, unknown>, categories: unknown[]) {
	const ctx = routedContext(() => ({
		statusCode: 200,
		body: { status_code: 0, message: 'ok', categories },
	}));
	Object.assign(ctx.context, {
		getInputData: () => [{ json: {} }],
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
		getCredentials: async () => CONNECTION.credentials,
		continueOnFail: () => false,
		getNode: () => NODE,
	});
	return { ...ctx, context: ctx.context as IExecuteFunctions };
}

describe('Printio node', () => {
	it('offers the search lists, option lists and the resource mapper to the editor', () => {
		const { methods } = new Printio();
		expect(Object.keys(methods).sort()).toStrictEqual([
			'listSearch',
			'loadOptions',
			'resourceMapping',
		]);
		expect(methods.listSearch.searchItems).toBe(listSearch.searchItems);
		expect(methods.listSearch.searchOriginalItems).toBe(listSearch.searchOriginalItems);
		expect(methods.loadOptions.getCategories).toBe(loadOptions.getCategories);
		expect(methods.loadOptions.getItemColors).toBe(loadOptions.getItemColors);
		expect(methods.loadOptions.getItemSizes).toBe(loadOptions.getItemSizes);
		expect(methods.loadOptions.getOriginalItemColors).toBe(loadOptions.getOriginalItemColors);
		expect(methods.loadOptions.getOriginalItemSizes).toBe(loadOptions.getOriginalItemSizes);
		expect(methods.resourceMapping.getOrderColumns).toBe(resourceMapping.getOrderColumns);
	});

	it('runs the chosen operation and returns its items on the one output', async () => {
		const { context, sent } = executeContext(
			{ resource: 'category', operation: 'getMany', returnAll: true },
			[{ category_id: 1, category_name: 'Bags' }],
		);
		expect(await new Printio().execute.call(context)).toStrictEqual([
			[{ json: { category_id: 1, category_name: 'Bags' }, pairedItem: { item: 0 } }],
		]);
		expect(sent.map(({ options }) => options.url)).toStrictEqual(['/categories']);
	});

	it('refuses an operation the node does not have', async () => {
		const { context, sent } = executeContext({ resource: 'category', operation: 'delete' }, []);
		await expect(new Printio().execute.call(context)).rejects.toThrow(
			'The operation "delete" of "category" is not supported',
		);
		expect(sent).toStrictEqual([]);
	});
});
