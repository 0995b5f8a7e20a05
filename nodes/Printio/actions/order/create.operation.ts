import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { PrintioApi } from '../../../shared/printio/transport';
import { orderCreateFields } from './create.fields';
import { executeOrderCreation } from '../../placement/createOrders';

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['create'] } },
	orderCreateFields('orderByCode'),
);

/** POST /order-by-code: an order of original items, by their codes. */
export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	return await executeOrderCreation.call(this, items, 'orderByCode', api);
}
