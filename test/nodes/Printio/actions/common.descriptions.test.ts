/**
 * The shared form fields as the user sees them (common.descriptions.ts): Return All / Limit (Limit hidden under
 * Return All, at least 1, 50 by default), the Retailer ID and internal ID fields, the Options collection, the
 * category filter naming what it filters, Simplify naming what it simplifies, and the two resource locators (the
 * original item's third mode, By EC Code, only where the API takes the shop's code). Each builder's overrides win.
 */
import {
	categoryFilter,
	internalIdOption,
	itemCodeLocator,
	optionsCollection,
	originalItemCodeLocator,
	retailerIdOption,
	returnAllOrLimit,
	simplifyField,
	teamIdOption,
} from '../../../../nodes/Printio/actions/common.descriptions';
import { EC_CODE_MODE } from '../../../../nodes/Printio/helpers/parameters';

describe('common descriptions', () => {
	it('Return All, then Limit: shown only without Return All, at least 1, 50 by default', () => {
		expect(returnAllOrLimit).toStrictEqual([
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
		]);
	});

	it('Retailer ID: a whole number of at least 1 that overrides the credential', () => {
		expect(retailerIdOption).toStrictEqual({
			displayName: 'Retailer ID',
			name: 'retailerId',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: 'Overrides the retailer ID of the credential for this operation',
		});
	});

	it.each([
		['teamId', 'Team ID (Internal)'],
		['userId', 'User ID (Internal)'],
	] as const)(
		'internal ID field %s: a whole number of at least 1, marked internal',
		(name, displayName) => {
			expect(internalIdOption(name, displayName)).toStrictEqual({
				displayName,
				name,
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description:
					'Internal-only field of Printio; leave unset unless Printio asks you to use it',
			});
			expect(teamIdOption).toStrictEqual(internalIdOption('teamId', 'Team ID (Internal)'));
		},
	);

	it('Options: a collection holding the given fields', () => {
		expect(optionsCollection([retailerIdOption])).toStrictEqual({
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: [retailerIdOption],
		});
	});

	it('the category filter loads the categories and names what it filters', () => {
		expect(categoryFilter('stock')).toStrictEqual({
			displayName: 'Category Name or ID',
			name: 'categoryId',
			type: 'options',
			typeOptions: { loadOptionsMethod: 'getCategories' },
			default: '',
			description:
				'Only stock of this category. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		});
	});

	it('Simplify is on by default and names what it simplifies', () => {
		expect(simplifyField('order')).toStrictEqual({
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: 'Whether to return a simplified version of each order instead of the raw data',
		});
	});

	it('Item: required, from the searchable catalog or by code; overrides win', () => {
		const modes = [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchItems', searchable: true },
			},
			{ displayName: 'By Code', name: 'code', type: 'string', placeholder: 'e.g. OGB-910' },
		];
		expect(itemCodeLocator()).toStrictEqual({
			displayName: 'Item',
			name: 'itemCode',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			required: true,
			description: 'The catalog item (blank product) to print on',
			modes,
		});
		expect(itemCodeLocator({ required: false, description: 'Only this item' })).toStrictEqual({
			displayName: 'Item',
			name: 'itemCode',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			required: false,
			description: 'Only this item',
			modes,
		});
	});

	it('Original Item: from your searchable original items or by code, By EC Code only when asked; overrides win', () => {
		const list = {
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchOriginalItems', searchable: true },
		};
		const byCode = {
			displayName: 'By Code',
			name: 'code',
			type: 'string',
			placeholder: 'e.g. t0100001',
		};
		const base = {
			displayName: 'Original Item',
			name: 'originalItemCode',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
		};
		expect(originalItemCodeLocator()).toStrictEqual({
			...base,
			description: 'One of your original items',
			modes: [list, byCode],
		});
		expect(
			originalItemCodeLocator({ description: 'Only this one' }, { byEcCode: false }),
		).toStrictEqual({ ...base, description: 'Only this one', modes: [list, byCode] });
		expect(originalItemCodeLocator({}, { byEcCode: true })).toStrictEqual({
			...base,
			description: 'One of your original items',
			modes: [
				list,
				byCode,
				{
					displayName: 'By EC Code',
					name: EC_CODE_MODE,
					type: 'string',
					placeholder: 'e.g. EC-TS-0001',
				},
			],
		});
		expect(EC_CODE_MODE).toBe('ecCode');
	});
});
