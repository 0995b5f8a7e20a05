import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { PrintioApi } from '../../../shared/printio/transport';
import { runForEachItem } from '../../helpers/execution';
import {
	compact,
	getListParameters,
	locatorValue,
	optionalNumber,
	resolveRetailerId,
} from '../../helpers/parameters';
import { simplifyItem } from '../../helpers/simplify';
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
			itemCodeLocator({
				displayName: 'Item',
				required: false,
				description: 'Only this catalog item',
			}),
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
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const { limit } = getListParameters.call(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
		const qs = compact({
			retailer_id: resolveRetailerId.call(this, itemIndex, options, api.connection),
			category_id: optionalNumber(filters.categoryId),
			item_code: locatorValue(filters.itemCode),
		});
		const records = await api.listAll('getItems', { qs, limit, itemIndex });
		return simplify ? records.map(simplifyItem) : records;
	});
}
