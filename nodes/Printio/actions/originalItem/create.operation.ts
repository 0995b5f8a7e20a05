import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { jsonParse, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { OriginalItemCreateRequest } from '../../../../api/schema/types';
import type { PrintioApi } from '../../../shared/printio/transport';
import {
	EC_ORIGINAL_ITEM_CODE_MAX_LENGTH,
	ORIGINAL_ITEM_NAME_MAX_LENGTH,
} from '../../../../api/limits';
import { IMAGE_URL_PATTERN } from '../../../../api/patterns';
import { runForEachItem } from '../../helpers/execution';
import { compact, optionalNumber, resolveRetailerId } from '../../helpers/parameters';
import { preflightDesign, preflightOptions, preflightSettings } from '../../checks/design';
import { itemPrintArea } from '../../checks/design/itemPrintArea';
import { internalIdOption, itemCodeLocator, retailerIdOption } from '../common.descriptions';
import { originalItemRecord } from '../../helpers/catalogItem';
import {
	catalogOf,
	plannedRecord,
	refusalError,
	shopProductFor,
	shopProductOf,
	shopProductProperties,
	shopProductRun,
} from './shopProduct/options';

/** Spec 4.6: png, jpg or pdf; checked here so that a typo costs no request. */
const IMAGE_URL = new RegExp(IMAGE_URL_PATTERN);

const properties: INodeProperties[] = [
	itemCodeLocator({ description: 'The catalog item the design is printed on' }),
	{
		displayName: 'Design Image URL',
		name: 'imageUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/designs/logo.png',
		description:
			'Public URL of the design for the front print position: a PNG, JPG or PDF file (only the front position is accepted for now)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'EC Original Item Code',
				name: 'ecOriginalItemCode',
				type: 'string',
				default: '',
				description: `Your own code for the original item (at most ${EC_ORIGINAL_ITEM_CODE_MAX_LENGTH} characters). Printio refuses a code that was used before (status 15).`,
			},
			{
				displayName: 'Original Item Name',
				name: 'originalItemName',
				type: 'string',
				default: '',
				description: `Name of the original item (at most ${ORIGINAL_ITEM_NAME_MAX_LENGTH} characters)`,
			},
			{
				displayName: 'Parameters (JSON)',
				name: 'params',
				type: 'json',
				default: '{}',
				description: 'Editing and placement parameters; Printio ignores them for now',
			},
			...preflightOptions(true),
			retailerIdOption,
			internalIdOption('teamId', 'Team ID (Internal)'),
			internalIdOption('userId', 'User ID (Internal)'),
		],
	},
	...shopProductProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['originalItem'], operation: ['create'] } },
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
		const imageUrl = String(this.getNodeParameter('imageUrl', itemIndex, '')).trim();
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (!itemCode) {
			throw new NodeOperationError(this.getNode(), 'Item is empty', {
				itemIndex,
				description: 'Choose the catalog item to print on, or type its code.',
			});
		}
		if (!IMAGE_URL.test(imageUrl)) {
			throw new NodeOperationError(
				this.getNode(),
				'Design Image URL must be an http(s) URL of a PNG, JPG or PDF file',
				{
					itemIndex,
					description:
						'Printio accepts png, jpg and pdf designs. Check that the URL ends with one of these extensions.',
				},
			);
		}
		const ecOriginalItemCode = String(options.ecOriginalItemCode ?? '');
		// Lengths as the spec counts them: characters (code points), not UTF-16 units.
		if (Array.from(ecOriginalItemCode).length > EC_ORIGINAL_ITEM_CODE_MAX_LENGTH) {
			throw new NodeOperationError(
				this.getNode(),
				`EC Original Item Code is longer than ${EC_ORIGINAL_ITEM_CODE_MAX_LENGTH} characters`,
				{ itemIndex },
			);
		}
		if (Array.from(String(options.originalItemName ?? '')).length > ORIGINAL_ITEM_NAME_MAX_LENGTH) {
			throw new NodeOperationError(
				this.getNode(),
				`Original Item Name is longer than ${ORIGINAL_ITEM_NAME_MAX_LENGTH} characters`,
				{ itemIndex },
			);
		}
		const params =
			typeof options.params === 'string'
				? jsonParse<IDataObject>(options.params || '{}')
				: options.params;
		const retailerId = resolveRetailerId.call(this, itemIndex, options, api.connection);
		// Before anything is sent: a design that is not an image, or too small for the print area, stops here.
		const preflight =
			options.preflight === false
				? undefined
				: await preflightDesign.call(
						this,
						imageUrl,
						await itemPrintArea(api, itemCode, retailerId, itemIndex),
						preflightSettings(options),
						{ itemIndex, itemCode },
					);
		const shop = shopProductRun.call(this, itemIndex);
		const design = {
			ecCode: ecOriginalItemCode,
			name: String(options.originalItemName ?? ''),
			imageUrl,
		};
		if (shop) {
			// Before anything is sent: the catalog item alone gives the variants, their prices and the limits.
			const catalog = await catalogOf(api, itemCode, retailerId, itemIndex);
			try {
				shopProductOf(
					shop.target,
					plannedRecord(itemCode, catalog, design),
					catalog,
					shop.settings,
				);
			} catch (error) {
				throw refusalError.call(this, error, itemIndex);
			}
		}
		const body: Partial<OriginalItemCreateRequest> = compact({
			retailer_id: retailerId,
			item_code: itemCode,
			ec_original_item_code: ecOriginalItemCode,
			original_item_name: options.originalItemName as string | undefined,
			image_urls: [{ position: 'front', url: imageUrl }],
			params:
				params && Object.keys(params as IDataObject).length ? (params as IDataObject) : undefined,
			team_id: optionalNumber(options.teamId),
			user_id: optionalNumber(options.userId),
		} as IDataObject);
		// Not retried by the transport: a create that timed out may have been registered.
		const response = await api.request('postOriginalItem', { body, itemIndex });
		const created = preflight ? { ...response.response, preflight } : response.response;
		const code = response.response.original_item_code;
		if (!shop || !code) return created;
		// The original item exists now: a failed read or a refusal must not lose its code.
		const record =
			(await originalItemRecord(api, retailerId, 'original_item_code', code, itemIndex).catch(
				() => undefined,
			)) ??
			plannedRecord(itemCode, await catalogOf(api, itemCode, retailerId, itemIndex), {
				...design,
				code,
			});
		try {
			return {
				...created,
				shop_product: await shopProductFor.call(this, shop, api, record, retailerId, itemIndex),
			};
		} catch (error) {
			return {
				...created,
				shop_product: null,
				shop_product_error: (error as Error).message,
			};
		}
	});
}
