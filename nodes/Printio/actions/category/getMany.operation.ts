import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { PrintioApi } from '../../../shared/printio/transport';
import { getListParameters } from '../../helpers/parameters';
import { runForEachItem } from '../../helpers/execution';
import { returnAllOrLimit } from '../common.descriptions';

const properties: INodeProperties[] = [...returnAllOrLimit];

export const description = updateDisplayOptions(
	{ show: { resource: ['category'], operation: ['getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const { limit } = getListParameters.call(this, itemIndex);
		// The API returns every category at once; Limit is applied here.
		const body = await api.request('getCategories', { itemIndex });
		return (body.categories ?? []).slice(0, limit);
	});
}
