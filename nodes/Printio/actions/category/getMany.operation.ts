import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { CategoriesResponse } from '../../../../contract/types';
import { getListParameters } from '../../helpers/parameters';
import { runForEachItem } from '../../helpers/execution';
import { printioApiRequest } from '../../transport';
import { returnAllOrLimit } from '../common.descriptions';

const properties: INodeProperties[] = [...returnAllOrLimit];

export const description = updateDisplayOptions(
	{ show: { resource: ['category'], operation: ['getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const { limit } = getListParameters.call(this, itemIndex);
		// The API returns every category at once; Limit is applied here.
		const body = (await printioApiRequest.call(this, 'getCategories', {
			itemIndex,
		})) as unknown as CategoriesResponse;
		return ((body.categories ?? []) as IDataObject[]).slice(0, limit);
	});
}
