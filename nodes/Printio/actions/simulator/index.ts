import type { INodeProperties } from 'n8n-workflow';

import * as getUrl from './getUrl.operation';

export { getUrl };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['simulator'] } },
		options: [
			{
				name: 'Get URL',
				value: 'getUrl',
				description: 'Get the address of the design simulator for a catalog item',
				action: 'Get a simulator URL',
			},
		],
		default: 'getUrl',
	},
	...getUrl.description,
];
