import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';
import * as getStock from './getStock.operation';

export { getMany, getStock };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['item'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List catalog items (blank products) with colours, sizes and prices',
				action: 'Get many items',
			},
			{
				name: 'Get Stock',
				value: 'getStock',
				description: 'Get stock per item, colour and size (null quantity means unlimited)',
				action: 'Get item stock',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...getStock.description,
];
