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
	locatorValue,
	optionalNumber,
	resolveRetailerId,
	splitList,
} from '../../helpers/parameters';
import {
	categoryFilter,
	itemCodeLocator,
	optionsCollection,
	retailerIdOption,
} from '../common.descriptions';

const properties: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			categoryFilter('stock'),
			itemCodeLocator({
				displayName: 'Item',
				required: false,
				description: 'Only stock of this catalog item',
			}),
			{
				displayName: 'Item Stock Codes',
				name: 'itemStockCodes',
				type: 'string',
				default: '',
				placeholder: 'e.g. OGB-910-WHT-M, OGB-910-BLK-L',
				description: 'Only these stock entries, comma-separated',
			},
		],
	},
	optionsCollection([retailerIdOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['item'], operation: ['getStock'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const stockCodes = splitList(filters.itemStockCodes);
		const body = compact({
			retailer_id: resolveRetailerId.call(this, itemIndex, options, api.connection),
			category_id: optionalNumber(filters.categoryId),
			item_code: locatorValue(filters.itemCode),
			item_stock_codes: stockCodes.length ? stockCodes : undefined,
		});
		const response = await api.request('postItemStocks', { body, itemIndex });
		return response.item_stocks ?? [];
	});
}
