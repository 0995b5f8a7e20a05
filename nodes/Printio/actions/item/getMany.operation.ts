import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Item } from '../../../../contract/types';
import { runForEachItem } from '../../helpers/execution';
import { compact, getListParameters, locatorValue, optionalNumber, resolveRetailerId } from '../../helpers/parameters';
import { simplifyItem } from '../../helpers/simplify';
import { printioApiRequestAllItems } from '../../transport';
import {
	categoryFilter,
	itemCodeLocator,
	optionsCollection,
	retailerIdOption,
	returnAllOrLimit,
	simplifyField,
} from '../common.descriptions';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			categoryFilter('items'),
			itemCodeLocator({ displayName: 'Item', required: false, description: 'Only this catalog item' }),
		],
	},
	simplifyField('item'),
	optionsCollection([retailerIdOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['item'], operation: ['getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const { returnAll, limit } = getListParameters.call(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
		const qs = compact({
			retailer_id: await resolveRetailerId.call(this, itemIndex, options),
			category_id: optionalNumber(filters.categoryId),
			item_code: locatorValue(filters.itemCode),
		});
		const records = (await printioApiRequestAllItems.call(this, {
			endpointName: 'getItems',
			listKey: 'list_item_data',
			qs,
			returnAll,
			limit,
			itemIndex,
		})) as unknown as Item[];
		return records.map((record) => (simplify ? simplifyItem(record) : (record as unknown as IDataObject)));
	});
}
