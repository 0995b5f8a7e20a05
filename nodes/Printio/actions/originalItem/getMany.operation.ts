import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OriginalItemsQuery } from '../../../../api/schema/types';
import type { PrintioApi } from '../../../shared/printio/transport';
import { runForEachItem } from '../../helpers/execution';
import {
	compact,
	getListParameters,
	locatorValue,
	optionalNumber,
	resolveRetailerId,
} from '../../helpers/parameters';
import { simplifyOriginalItem } from '../../helpers/simplify';
import { shopProductFor, shopProductProperties, shopProductRun } from './shopProduct/options';
import {
	categoryFilter,
	itemCodeLocator,
	optionsCollection,
	originalItemCodeLocator,
	retailerIdOption,
	returnAllOrLimit,
	simplifyField,
	teamIdOption,
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
			categoryFilter('original items'),
			{
				displayName: 'EC Original Item Code',
				name: 'ecOriginalItemCode',
				type: 'string',
				default: '',
				description: 'Only the original item with this code of yours',
			},
			itemCodeLocator({
				displayName: 'Item',
				required: false,
				description: 'Only original items made on this catalog item',
			}),
			originalItemCodeLocator({ description: 'Only this original item' }),
		],
	},
	simplifyField('original item'),
	...shopProductProperties,
	optionsCollection([
		retailerIdOption,
		{
			displayName: 'Sort By',
			name: 'sortValue',
			type: 'options',
			options: [
				{ name: 'Created At', value: 'created_at' },
				{ name: 'Original Item Name', value: 'original_item_name' },
			],
			default: 'created_at',
			description: 'Field to sort by, ascending',
		},
		teamIdOption,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['originalItem'], operation: ['getMany'] } },
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
		const retailerId = resolveRetailerId.call(this, itemIndex, options, api.connection);
		const qs = compact({
			retailer_id: retailerId,
			original_item_code: locatorValue(filters.originalItemCode),
			ec_original_item_code: filters.ecOriginalItemCode as string | undefined,
			category_id: optionalNumber(filters.categoryId),
			item_code: locatorValue(filters.itemCode),
			sort_value: options.sortValue as OriginalItemsQuery['sort_value'],
			team_id: optionalNumber(options.teamId),
		});
		const records = await api.listAll('getOriginalItems', { qs, limit, itemIndex });
		const output = simplify ? records.map(simplifyOriginalItem) : records;
		const shop = shopProductRun.call(this, itemIndex);
		if (!shop) return output;
		const shopped: IDataObject[] = [];
		for (const [index, record] of records.entries())
			shopped.push({
				...output[index],
				shop_product: await shopProductFor.call(this, shop, api, record, retailerId, itemIndex),
			});
		return shopped;
	});
}
