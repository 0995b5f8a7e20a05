import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getMany from './getMany.operation';

export { create, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['originalItem'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Create an original item: your design printed on a catalog item',
				action: 'Create an original item',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List your original items',
				action: 'Get many original items',
			},
		],
		default: 'create',
	},
	...create.description,
	...getMany.description,
];
