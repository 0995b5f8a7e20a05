import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { UserResponse } from '../../../../contract/types';
import { runForEachItem } from '../../helpers/execution';
import { resolveRetailerId } from '../../helpers/parameters';
import { printioApiRequest } from '../../transport';
import { optionsCollection, retailerIdOption } from '../common.descriptions';

const MAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const properties: INodeProperties[] = [
	{
		displayName: 'This operation is internal to Printio and in test release; it may change or be unavailable to your key',
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
): Promise<INodeExecutionData[]> {
	return await runForEachItem.call(this, items, async (itemIndex) => {
		const mailAddress = String(this.getNodeParameter('mailAddress', itemIndex, '')).trim();
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (!MAIL_ADDRESS.test(mailAddress)) {
			// The address itself is personal data: the message names the field, not the value.
			throw new NodeOperationError(this.getNode(), 'Email is not a valid mail address', { itemIndex });
		}
		const response = (await printioApiRequest.call(this, 'getUser', {
			qs: { retailer_id: await resolveRetailerId.call(this, itemIndex, options) },
			headers: { MailAddress: mailAddress },
			itemIndex,
		})) as unknown as UserResponse;
		return response.response as unknown as IDataObject;
	});
}
