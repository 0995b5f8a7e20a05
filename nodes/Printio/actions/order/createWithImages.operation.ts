import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { orderCreateFields } from './create.fields';
import { executeOrderCreation } from './createOrders';

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['createWithImages'] } },
	orderCreateFields('orderWithImage'),
);

/** POST /orders/order-with-image: an order of catalog items with image URLs per print position. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await executeOrderCreation.call(this, items, 'orderWithImage');
}
