import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { connectPrintio, type PrintioApi } from '../../shared/printio/transport';
import * as category from './category';
import * as item from './item';
import * as order from './order';
import * as originalItem from './originalItem';
import * as simulator from './simulator';
import * as user from './user';

export type OperationExecute = (
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	api: PrintioApi,
) => Promise<INodeExecutionData[]>;

const resources = {
	category: { getMany: category.getMany },
	item: { getMany: item.getMany, getStock: item.getStock },
	originalItem: { create: originalItem.create, getMany: originalItem.getMany },
	simulator: { getUrl: simulator.getUrl },
	order: {
		create: order.create,
		createWithImages: order.createWithImages,
		getMany: order.getMany,
		getStatuses: order.getStatuses,
	},
	user: { checkExists: user.checkExists },
} satisfies Record<string, Record<string, { execute: OperationExecute }>>;

type Resource = keyof typeof resources;

export type PrintioOperation = {
	[R in Resource]: { resource: R; operation: keyof (typeof resources)[R] & string };
}[Resource];

const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** A workflow's JSON can hold any text, `constructor` or `__proto__` included. */
function operationOf(
	resource: string,
	operation: string,
): { execute: OperationExecute } | undefined {
	if (!hasOwn(resources, resource)) return undefined;
	const operations: Record<string, { execute: OperationExecute }> = resources[resource as Resource];
	return hasOwn(operations, operation) ? operations[operation] : undefined;
}

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as PrintioOperation['resource'];
	const operation = this.getNodeParameter('operation', 0) as PrintioOperation['operation'];
	const handler = operationOf(resource, operation);
	if (!handler) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	}
	const api = await connectPrintio(this);
	return [await handler.execute.call(this, items, api)];
}
