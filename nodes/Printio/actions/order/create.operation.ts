import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { PrintioApi } from '../../../shared/printio/transport';
import { orderCreateFields } from './create.fields';
import { executeOrderCreation } from '../../placement/createOrders';

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['create'] } },
	orderCreateFields('orderByCode'),
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	return await executeOrderCreation.call(this, items, 'orderByCode', api);
}
