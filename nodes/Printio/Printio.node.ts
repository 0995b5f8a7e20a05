import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as category from './actions/category';
import * as item from './actions/item';
import * as order from './actions/order';
import * as originalItem from './actions/originalItem';
import { router } from './actions/router';
import * as simulator from './actions/simulator';
import * as user from './actions/user';
import { listSearch, loadOptions, resourceMapping } from './methods';

export class Printio implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Printio',
		name: 'printio',
		icon: { light: 'file:printio.svg', dark: 'file:printio.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description:
			'Print on demand with Printio: browse the catalog and stock, create original items from designs, place print orders and follow their status',
		defaults: { name: 'Printio' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'printioApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Category', value: 'category', description: 'Categories of the catalog' },
					{
						name: 'Item',
						value: 'item',
						description: 'Catalog items (blank products) and their stock',
					},
					{ name: 'Order', value: 'order', description: 'Print orders and their status' },
					{
						name: 'Original Item',
						value: 'originalItem',
						description: 'Your designs printed on catalog items',
					},
					{ name: 'Simulator', value: 'simulator', description: 'The design simulator' },
					{ name: 'User', value: 'user', description: 'Printio users (internal, test release)' },
				],
				default: 'order',
			},
			...category.description,
			...item.description,
			...order.description,
			...originalItem.description,
			...simulator.description,
			...user.description,
		],
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
