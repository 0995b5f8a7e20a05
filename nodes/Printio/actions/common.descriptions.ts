import type { INodeProperties } from 'n8n-workflow';

import { EC_CODE_MODE } from '../helpers/parameters';

export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

export const retailerIdOption: INodeProperties = {
	displayName: 'Retailer ID',
	name: 'retailerId',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 1,
	description: 'Overrides the retailer ID of the credential for this operation',
};

/** Internal to Printio: reachable, but clearly marked. */
export function internalIdOption(name: 'teamId' | 'userId', displayName: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: 'Internal-only field of Printio; leave unset unless Printio asks you to use it',
	};
}

export const teamIdOption = internalIdOption('teamId', 'Team ID (Internal)');

export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options,
	};
}

export function categoryFilter(what: string): INodeProperties {
	return {
		displayName: 'Category Name or ID',
		name: 'categoryId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCategories' },
		default: '',
		description: `Only ${what} of this category. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

export function simplifyField(what: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return a simplified version of each ${what} instead of the raw data`,
	};
}

export function itemCodeLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Item',
		name: 'itemCode',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The catalog item (blank product) to print on',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchItems', searchable: true },
			},
			{
				displayName: 'By Code',
				name: 'code',
				type: 'string',
				placeholder: 'e.g. OGB-910',
			},
		],
		...overrides,
	} as INodeProperties;
}

/** `byEcCode`: the shop's own code, where the API takes either. */
export function originalItemCodeLocator(
	overrides: Partial<INodeProperties> = {},
	{ byEcCode = false } = {},
): INodeProperties {
	return {
		displayName: 'Original Item',
		name: 'originalItemCode',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		description: 'One of your original items',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchOriginalItems', searchable: true },
			},
			{
				displayName: 'By Code',
				name: 'code',
				type: 'string',
				placeholder: 'e.g. t0100001',
			},
			...(byEcCode
				? [
						{
							displayName: 'By EC Code',
							name: EC_CODE_MODE,
							type: 'string' as const,
							placeholder: 'e.g. EC-TS-0001',
						},
					]
				: []),
		],
		...overrides,
	} as INodeProperties;
}
