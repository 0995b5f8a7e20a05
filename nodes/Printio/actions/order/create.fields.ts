import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { apiTimeZoneOption, multiItemOrderOption } from '../../../shared/printio/descriptions';
import { preflightOptions } from '../../checks/design';
import { itemCodeLocator, originalItemCodeLocator, retailerIdOption } from '../common.descriptions';
import type { OrderOperation } from '../../orderInput';
import { fieldsOf, formLabel, optionFields } from '../../orderInput/fields';
import type { FieldKind, FieldPart, OrderField } from '../../orderInput/fields';
import { MAX_CONCURRENCY } from '../../placement/placement';
import { SHOP_INPUT_MODE_OPTIONS, shopOrderFields } from './shopOrder.fields';

/** Address fields are top-level so that each maps by drag and drop. */
export function orderCreateFields(operation: OrderOperation): INodeProperties[] {
	const defineBelow = { show: { inputMode: ['defineBelow'] } };
	return [
		{
			displayName: 'Input Mode',
			name: 'inputMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{
					name: 'Define Below',
					value: 'defineBelow',
					description: 'Set each field here, with expressions where the values come from the input',
				},
				{
					name: 'Map Columns',
					value: 'autoMap',
					description:
						'Map the columns of a sheet, a form or a shop platform to the order fields: automatically by the API column names, or each column by drag and drop',
				},
				...(operation === 'orderByCode' ? SHOP_INPUT_MODE_OPTIONS : []),
			],
			default: 'defineBelow',
		},
		{
			displayName: 'Columns',
			name: 'columns',
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'autoMapInputData', value: null },
			required: true,
			typeOptions: {
				loadOptionsDependsOn: ['operation'],
				resourceMapper: {
					resourceMapperMethod: 'getOrderColumns',
					mode: 'add',
					fieldWords: { singular: 'column', plural: 'columns' },
					addAllFields: true,
					multiKeyMatch: false,
					supportAutoMap: true,
				},
			},
			displayOptions: { show: { inputMode: ['autoMap'] } },
		},
		{
			displayName:
				'One item is one order line. Rows that share an EC order number become one order with Options › Combine Rows by Order No.; an item may also carry shipping_information, sender_information and order_details as objects.',
			name: 'autoMapNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { inputMode: ['autoMap'] } },
		},
		...topFields(operation, 'order', defineBelow),
		...(operation === 'orderByCode' ? shopOrderFields() : []),
		...topFields(operation, 'shipping_information', defineBelow),
		...topFields(operation, 'sender_information', defineBelow),
		{
			displayName: 'Lines Input',
			name: 'linesInputMode',
			type: 'options',
			noDataExpression: true,
			displayOptions: defineBelow,
			options: [
				{ name: 'Fields', value: 'fields', description: 'Add each line with fields' },
				{
					name: 'JSON',
					value: 'json',
					description: 'Pass the order_details array as JSON, e.g. from a Code node or an AI agent',
				},
			],
			default: 'fields',
		},
		operation === 'orderByCode' ? byCodeLines(defineBelow) : withImageLines(defineBelow),
		{
			displayName: 'Lines (JSON)',
			name: 'linesJson',
			type: 'json',
			default: '[]',
			required: true,
			displayOptions: { show: { inputMode: ['defineBelow'], linesInputMode: ['json'] } },
			description:
				operation === 'orderByCode'
					? 'Array of lines: [{"original_item_code": "t0100001", "color": "ホワイト", "size": "M", "quantity": 1, "ec_order_detail_no": "1"}]'
					: 'Array of lines: [{"item_code": "OGB-910", "color": "ホワイト", "size": "M", "quantity": 1, "ec_order_detail_no": "", "image_urls": {"values": [{"position": "front", "urls": [{"type": "Output", "url": "https://…/front.png"}]}]}}]',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add option',
			default: {},
			options: withTableOptions(operation, [
				{
					displayName: 'Address Overflow',
					name: 'addressOverflow',
					type: 'options',
					options: [
						{
							name: 'Carry Into Address Line 2',
							value: 'carryToAddress2',
							description:
								'Move what does not fit in address line 1 to the front of line 2; fail if line 2 then overflows',
						},
						{
							name: 'Fail',
							value: 'fail',
							description: 'Report the item as invalid and send nothing',
						},
						{
							name: 'Send As Is',
							value: 'sendAsIs',
							description: 'Send it anyway; Printio may cut off the excess',
						},
					],
					default: 'carryToAddress2',
					description:
						'What to do when an address line is longer than Printio allows (16 full-width or 32 half-width characters)',
				},
				{
					...apiTimeZoneOption,
					description:
						"Time zone of Printio's dates. A shop's timestamp in EC Order Date (e.g. 2025-03-08T14:27:51+09:00) is sent as its calendar date in this zone; a timestamp without an offset is read in the workflow's time zone.",
				},
				...(operation === 'orderWithImage' ? preflightOptions(true) : []),
				{
					displayName: 'Changed Re-Delivery',
					name: 'changedRedelivery',
					type: 'options',
					options: [
						{
							name: 'Succeed With Changed Fields',
							value: 'flag',
							description:
								'Output the registered order with already_registered and changed_fields (the paths that differ)',
						},
						{
							name: 'Fail the Item',
							value: 'error',
							description:
								'Fail it (to the error output with On Error › Continue (using error output)), so that a person can look at it',
						},
					],
					default: 'flag',
					description:
						'What to do when an order is already registered at Printio but this delivery differs (a shop re-sent it changed). Printio cannot change an order, so the change is never applied.',
				},
				{
					displayName: 'Check for Existing Order',
					name: 'checkDuplicates',
					type: 'boolean',
					default: true,
					description:
						'Whether to look up the EC order number before placing, and return the existing order (marked already_registered) instead of ordering twice',
				},
				{
					displayName: 'Check Stock First',
					name: 'checkStock',
					type: 'boolean',
					default: false,
					description:
						'Whether to read the stock of every line before sending (one stock request per catalog item), and refuse orders with a line that is not orderable or short, with the figures, instead of sending them for an out-of-stock error',
				},
				{
					displayName: 'Combine Rows by Order No.',
					name: 'groupByEcOrderNo',
					type: 'boolean',
					default: false,
					description:
						'Whether input items that share an EC order number become one order with several lines, in sheet order',
				},
				{
					displayName: 'Concurrency',
					name: 'concurrency',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY, numberPrecision: 0 },
					default: 2,
					description: `How many orders to place at the same time (at most ${MAX_CONCURRENCY})`,
				},
				multiItemOrderOption,
				{
					displayName: 'Normalize Input',
					name: 'normalize',
					type: 'boolean',
					default: true,
					description:
						'Whether to convert full-width digits and hyphens, strip hyphens from zip codes and phone numbers, trim text and complete prefecture names before validating',
				},
				{
					displayName: 'Pause Between Batches',
					name: 'batchPauseMs',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 0 },
					default: 0,
					description:
						'Milliseconds to wait after each batch of Concurrency orders, to stay gentle on the service',
				},
				retailerIdOption,
				{
					displayName: 'Validate Only',
					name: 'validateOnly',
					type: 'boolean',
					default: false,
					description:
						'Whether to do everything but placing: output per order the request that would be sent, what was normalized, the problems, a quote from catalog prices and the stock of every line. Nothing is sent to the order endpoints.',
				},
				{
					displayName: 'Wait Before Resending',
					name: 'lateCommitWaitSeconds',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: 120, numberPrecision: 0 },
					// LATE_COMMIT_WAIT_MS: the linter needs a literal; placement.lateCommit.workflow.test.ts checks they agree
					default: 15,
					description:
						'Seconds to keep looking for the order (after 1, 2, 4, 8 s ...) when Printio does not answer a placement (timeout, dropped connection, server error), before sending it once more. Needs Check for Existing Order.',
				},
			]),
		},
	];
}

const NOVELTY_ENTRY = {
	displayName: 'Novelty',
	name: 'novelty',
	values: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			description: 'Novelty name agreed with Printio',
		},
		{
			displayName: 'Count',
			name: 'count',
			type: 'number',
			typeOptions: { numberPrecision: 0 },
			default: 1,
		},
	],
} satisfies INodePropertyCollection;

function formProperty(field: OrderField, displayName: string): INodeProperties {
	const { description, placeholder, choices = [] } = field.form ?? {};
	const texts = {
		...(placeholder !== undefined && { placeholder }),
		...(description !== undefined && { description }),
	};
	const property = { displayName, name: field.parameter, ...texts };
	switch (field.kind) {
		case 'choice':
			return {
				...property,
				type: 'options',
				options: choices.map((choice) => ({ ...choice })),
				default: choices[0]?.value,
			};
		case 'integer':
			return {
				...property,
				type: 'number',
				typeOptions: { minValue: field.limit?.min, numberPrecision: 0 },
				default: field.limit?.min,
			};
		case 'novelties':
			return {
				...property,
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				options: [NOVELTY_ENTRY],
			};
		default:
			return { ...property, type: 'string', default: '' };
	}
}

/** The sender's may all come from the credential. */
function topFields(
	operation: OrderOperation,
	part: FieldPart,
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties[] {
	return fieldsOf(operation)
		.filter((field) => field.part === part && field.form !== undefined && field.group !== 'Options')
		.map((field) => ({
			...formProperty(field, formLabel(field)),
			required: field.required === 'required',
			displayOptions,
		}));
}

/** n8n lists options alphabetically. */
function withTableOptions(
	operation: OrderOperation,
	options: INodeProperties[],
): INodeProperties[] {
	const result = [...options];
	for (const field of optionFields(operation)) {
		const property = formProperty(field, field.name);
		let after = -1;
		result.forEach((entry, index) => {
			if (entry.displayName.localeCompare(property.displayName) < 0) after = index;
		});
		result.splice(after + 1, 0, property);
	}
	return result;
}

function lineFields(operation: OrderOperation): INodeProperties[] {
	const lineFieldsOf = (kind: FieldKind) =>
		fieldsOf(operation).filter(
			(field) => field.group === 'Lines' && field.kind === kind && field.form !== undefined,
		);
	return (['integer', 'imageUrl', 'identifier'] as const)
		.flatMap(lineFieldsOf)
		.map((field) => formProperty(field, field.name));
}

type LineItem = 'originalItem' | 'item';

/** n8n's editor joins watched values as strings: a resource locator would be "[object Object]", so watch `.value`. */
const LINE_ITEM_FIELD: Record<LineItem, string> = {
	originalItem: '&originalItemCode.value',
	item: '&itemCode.value',
};

function originalItemField(): INodeProperties {
	return originalItemCodeLocator(
		{
			required: true,
			description:
				"The original item of this line: pick it from your original items, or give Printio's code or your own EC code for it",
		},
		{ byEcCode: true },
	);
}

function itemField(): INodeProperties {
	return itemCodeLocator({ description: 'The catalog item (blank product) this line prints on' });
}

function catalogChoiceField(choice: 'color' | 'size', item: LineItem): INodeProperties {
	const what = choice === 'color' ? 'Colour name' : 'Size';
	const kind = choice === 'color' ? 'Colors' : 'Sizes';
	return {
		displayName: choice === 'color' ? 'Color Name or ID' : 'Size Name or ID',
		name: choice,
		type: 'options',
		typeOptions: {
			loadOptionsMethod: item === 'originalItem' ? `getOriginalItem${kind}` : `getItem${kind}`,
			loadOptionsDependsOn: [LINE_ITEM_FIELD[item]],
		},
		default: '',
		description: `${what} as listed in the catalog for this line's item. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** Not alphabetical: each choice depends on the one before it. */
function linesCollection(
	displayOptions: INodeProperties['displayOptions'],
	values: INodeProperties[],
): INodeProperties {
	return {
		displayName: 'Lines',
		name: 'lines',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Line',
		default: {},
		required: true,
		displayOptions: { show: { ...displayOptions?.show, linesInputMode: ['fields'] } },
		options: [{ displayName: 'Line', name: 'line', values }],
	};
}

function byCodeLines(displayOptions: INodeProperties['displayOptions']): INodeProperties {
	return linesCollection(displayOptions, [
		originalItemField(),
		catalogChoiceField('color', 'originalItem'),
		catalogChoiceField('size', 'originalItem'),
		...lineFields('orderByCode'),
	]);
}

function withImageLines(displayOptions: INodeProperties['displayOptions']): INodeProperties {
	return linesCollection(displayOptions, [
		itemField(),
		catalogChoiceField('color', 'item'),
		catalogChoiceField('size', 'item'),
		...lineFields('orderWithImage'),
	]);
}
