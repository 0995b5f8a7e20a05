import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { PrintioApi } from '../../../shared/printio/transport';
import { runForEachItem } from '../../helpers/execution';
import { resolveRetailerId } from '../../helpers/parameters';
import { MAIL_ADDRESS_HEADER } from '../../../../api/endpoints';
import { MAIL_ADDRESS_PATTERN } from '../../../../api/patterns';
import { optionsCollection, retailerIdOption } from '../common.descriptions';

const MAIL_ADDRESS = new RegExp(MAIL_ADDRESS_PATTERN);

const properties: INodeProperties[] = [
	{
		displayName:
			'This operation is internal to Printio and in test release; it may change or be unavailable to your key',
		name: 'internalNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Email',
		name: 'mailAddress',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'Mail address to look up (sent in the MailAddress header)',
	},
	optionsCollection([retailerIdOption]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['user'], operation: ['checkExists'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const mailAddress = String(this.getNodeParameter('mailAddress', itemIndex, '')).trim();
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (!MAIL_ADDRESS.test(mailAddress)) {
			// The address itself is personal data: the message names the field, not the value.
			throw new NodeOperationError(this.getNode(), 'Email is not a valid mail address', {
				itemIndex,
			});
		}
		const response = await api.request('getUser', {
			qs: { retailer_id: resolveRetailerId.call(this, itemIndex, options, api.connection) },
			headers: { [MAIL_ADDRESS_HEADER]: mailAddress },
			itemIndex,
		});
		return response.response;
	});
}
