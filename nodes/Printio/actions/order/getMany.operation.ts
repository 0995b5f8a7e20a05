import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { OrdersQuery } from '../../../../api/schema/types';
import type { PrintioApi } from '../../../shared/printio/transport';
import { runForEachItem } from '../../helpers/execution';
import { compact, getListParameters, optionalNumber, splitList } from '../../helpers/parameters';
import { simplifyOrder } from '../../helpers/simplify';
import { multiItemOrderOption, apiTimeZoneOption } from '../../../shared/printio/descriptions';
import { returnAllOrLimit, simplifyField, teamIdOption } from '../common.descriptions';
import { orderFilters, resolveDateRange } from './filters';

/** The API needs a start date; "all my orders" asks from this one (README: Decisions). */
export const ALL_ORDERS_FROM = '2000-01-01 00:00:00';

const properties: INodeProperties[] = [
	...returnAllOrLimit,
	orderFilters('Created'),
	simplifyField('order (without the address blocks)'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			apiTimeZoneOption,
			multiItemOrderOption,
			{
				displayName: 'Sort By',
				name: 'sortValue',
				type: 'options',
				options: [
					{ name: 'Created At', value: 'created_at' },
					{ name: 'Status', value: 'status_id' },
				],
				default: 'created_at',
			},
			{
				displayName: 'Sort Order',
				name: 'order',
				type: 'options',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
				default: 'asc',
			},
			teamIdOption,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['getMany'] } },
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
		const orderNos = splitList(filters.orderNo);
		const range = resolveDateRange.call(this, itemIndex, filters, options);
		const byNumber = orderNos.length > 0 || Boolean(filters.ecOrderNo);
		const qs = compact({
			order_no: orderNos.join(','),
			ec_order_no: filters.ecOrderNo as string | undefined,
			status_id: optionalNumber(filters.statusId),
			date_time_from: range.from ?? (byNumber ? undefined : ALL_ORDERS_FROM),
			date_time_to: range.to,
			sort_value: options.sortValue as OrdersQuery['sort_value'],
			order: options.order as OrdersQuery['order'],
			team_id: optionalNumber(options.teamId),
		});
		const records = await api.listAll('getOrders', {
			qs,
			limit,
			multiItemOrder: options.multiItemOrder === true,
			itemIndex,
		});
		return simplify ? records.map(simplifyOrder) : records;
	});
}
