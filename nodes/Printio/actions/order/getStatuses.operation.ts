import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { PrintioApi } from '../../../shared/printio/transport';
import { runForEachItem } from '../../helpers/execution';
import { compact, optionalNumber, splitList } from '../../helpers/parameters';
import { apiTimeZoneOption, multiItemOrderOption } from '../../../shared/printio/descriptions';
import { optionsCollection, teamIdOption } from '../common.descriptions';
import { orderFilters, resolveDateRange } from './filters';

const properties: INodeProperties[] = [
	{
		displayName:
			'Returns the current status of each order whose status changed in the range. Set Status Changed After, or an order number.',
		name: 'statusNotice',
		type: 'notice',
		default: '',
	},
	orderFilters('Status Changed'),
	optionsCollection([apiTimeZoneOption, multiItemOrderOption, teamIdOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['order'], operation: ['getStatuses'] } },
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
		const orderNos = splitList(filters.orderNo);
		const range = resolveDateRange.call(this, itemIndex, filters, options);
		if (!orderNos.length && !filters.ecOrderNo && !range.from) {
			throw new NodeOperationError(this.getNode(), 'Set Status Changed After, or an order number', {
				itemIndex,
				description:
					'Printio needs the start of the status-change range unless an order number is given. To react to changes as they happen, use the Printio Trigger node.',
			});
		}
		const response = await api.request('getOrderStatuses', {
			qs: compact({
				order_no: orderNos.join(','),
				ec_order_no: filters.ecOrderNo as string | undefined,
				status_id: optionalNumber(filters.statusId),
				date_time_from: range.from,
				date_time_to: range.to,
				team_id: optionalNumber(options.teamId),
			}),
			multiItemOrder: options.multiItemOrder === true,
			itemIndex,
		});
		return response.orders ?? [];
	});
}
