import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import * as category from './category';
import * as item from './item';
import * as order from './order';
import * as originalItem from './originalItem';
import * as simulator from './simulator';
import * as user from './user';

type Operation = { execute: (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]> };

const resources: Record<string, Record<string, Operation>> = {
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
};

/** Sends the input to the chosen resource's operation; each operation handles its items. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const handler = resources[resource]?.[operation];
	if (!handler) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	return [await handler.execute.call(this, items)];
}
