import type { INodeProperties } from 'n8n-workflow';

import * as checkExists from './checkExists.operation';

export { checkExists };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['user'] } },
		options: [
			{
				name: 'Check Exists',
				value: 'checkExists',
				description:
					'Check whether a Printio user exists for a mail address (internal, test release)',
				action: 'Check whether a user exists',
			},
		],
		default: 'checkExists',
	},
	...checkExists.description,
];
