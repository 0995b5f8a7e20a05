import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as createWithImages from './createWithImages.operation';
import * as getMany from './getMany.operation';
import * as getStatuses from './getStatuses.operation';

export { create, createWithImages, getMany, getStatuses };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['order'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Place a print order of your original items, by their codes',
				action: 'Create an order',
			},
			{
				name: 'Create With Images',
				value: 'createWithImages',
				description:
					'Place a print order of catalog items with a design image URL per print position',
				action: 'Create an order with images',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List orders with their lines, shipping and status',
				action: 'Get many orders',
			},
			{
				name: 'Get Statuses',
				value: 'getStatuses',
				description: 'Get the current status of orders whose status changed in a time range',
				action: 'Get order statuses',
			},
		],
		default: 'create',
	},
	...create.description,
	...createWithImages.description,
	...getMany.description,
	...getStatuses.description,
];
