import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['category'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'List the categories of the catalog',
				action: 'Get many categories',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
