import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { SimulatorUrlRequest } from '../../../../api/schema/types';
import type { PrintioApi } from '../../../shared/printio/transport';
import { runForEachItem } from '../../helpers/execution';
import { compact, optionalNumber, resolveRetailerId } from '../../helpers/parameters';
import { internalIdOption, itemCodeLocator, retailerIdOption } from '../common.descriptions';

const properties: INodeProperties[] = [
	itemCodeLocator({ description: 'The catalog item to design in the simulator' }),
	{
		displayName: 'Back URL',
		name: 'previousUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://shop.example.com/products',
		description: "Where the simulator's back button leads",
	},
	{
		displayName: 'Design Complete URL',
		name: 'nextUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://shop.example.com/thanks',
		description:
			"Where the simulator's design-complete button leads, once the original item is created",
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Item ID (Deprecated)',
				name: 'itemId',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 0,
				description:
					'Deprecated numeric item ID, for retailers Printio enabled it for; prefer Item',
			},
			retailerIdOption,
			internalIdOption('teamId', 'Team ID (Internal)'),
			{
				displayName: 'User ID',
				name: 'userId',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 0,
				description: 'User ID, available to some retailers only',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['simulator'], operation: ['getUrl'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const itemCode = this.getNodeParameter('itemCode', itemIndex, '', {
			extractValue: true,
		}) as string;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const itemId = optionalNumber(options.itemId) || undefined;
		if (!itemCode && !itemId) {
			throw new NodeOperationError(this.getNode(), 'Item is empty', {
				itemIndex,
				description: 'Choose the catalog item, or type its code.',
			});
		}
		const body: Partial<SimulatorUrlRequest> = compact({
			retailer_id: resolveRetailerId.call(this, itemIndex, options, api.connection),
			previous_url: String(this.getNodeParameter('previousUrl', itemIndex, '')).trim(),
			next_url: String(this.getNodeParameter('nextUrl', itemIndex, '')).trim(),
			item_code: itemCode,
			item_id: itemId,
			team_id: optionalNumber(options.teamId),
			user_id: optionalNumber(options.userId) || undefined,
		} as IDataObject);
		const response = await api.request('postSimulatorUrl', { body, itemIndex });
		return response.response;
	});
}
