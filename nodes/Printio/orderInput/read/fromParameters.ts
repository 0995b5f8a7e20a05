/** Define Below (lines as JSON: the path for AI agents), and every mode's defaults. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Connection } from '../../../shared/printio/transport/connection';
import {
	lineOriginalItem,
	locatorValue,
	optionalNumber,
	resolveRetailerId,
} from '../../helpers/parameters';
import { blockFields, fieldsOf, optionFields } from '../fields';
import type { AddressPart, OrderField } from '../fields';
import { ItemReader } from '../kinds';
import type {
	AddressDraft,
	DraftRow,
	LineDraft,
	OrderDefaults,
	OrderDraft,
	OrderOperation,
} from '../types';
import { readJsonLines, slotImages } from './fromItem';

export function readParameters(
	this: IExecuteFunctions,
	itemIndex: number,
	operation: OrderOperation,
): DraftRow {
	const reader = new ItemReader(itemIndex);
	// Rather than sending "[object Object]", the reader reports what is not text.
	const parameter = (name: string): unknown => this.getNodeParameter(name, itemIndex, '');
	const order: OrderDraft = {};
	const ecOrderNo = reader.text(parameter('ecOrderNo'), 'ec_order_no');
	if (ecOrderNo !== undefined) order.ec_order_no = ecOrderNo;

	// An empty block is absent, so the credential's Shop Sender may give it.
	const address = (part: AddressPart): AddressDraft | undefined => {
		const block: Record<string, string> = {};
		for (const field of blockFields(part)) {
			const value = reader.text(parameter(field.parameter), field.path, field.kind);
			if (value !== undefined) block[field.key] = value;
		}
		return Object.keys(block).length > 0 ? block : undefined;
	};
	const shipping = address('shipping_information');
	if (shipping !== undefined) order.shipping_information = shipping;
	const sender = address('sender_information');
	if (sender !== undefined) order.sender_information = sender;
	order.order_details = readLines.call(this, reader, itemIndex, operation);
	return { itemIndex, order, problems: reader.problems };
}

function readLines(
	this: IExecuteFunctions,
	reader: ItemReader,
	itemIndex: number,
	operation: OrderOperation,
): LineDraft[] {
	const mode = this.getNodeParameter('linesInputMode', itemIndex, 'fields') as string;
	if (mode === 'json') {
		return readJsonLines(
			this.getNode(),
			reader,
			this.getNodeParameter('linesJson', itemIndex, '[]'),
			operation,
			'Lines (JSON)',
			'{"original_item_code": "t0100001", "color": "ホワイト", "size": "M", "quantity": 1}',
		);
	}
	const entries =
		((this.getNodeParameter('lines', itemIndex, {}) as IDataObject).line as IDataObject[]) ?? [];
	const lineFields = fieldsOf(operation).filter(
		(field) => field.part === 'line' && field.kind !== 'imageUrl',
	);
	return entries.map((entry, index) => {
		const line: Record<string, unknown> = {};
		const codes = lineItemCodes(entry, operation);
		for (const field of lineFields) {
			const given = field.key in codes ? codes[field.key] : entry[field.parameter];
			const value = reader.read(given, `order_details[${index}].${field.key}`, field.kind);
			if (value !== undefined) line[field.key] = value;
		}
		if (operation === 'orderWithImage')
			line.image_urls = {
				values: slotImages((slot) => String(entry[slot.parameter] ?? '').trim() || undefined),
			};
		return line;
	});
}

/** A plain string in workflows built before the resource locator. */
function lineItemCodes(
	entry: IDataObject,
	operation: OrderOperation,
): Record<string, string | undefined> {
	if (operation === 'orderByCode') {
		return {
			original_item_code: undefined,
			ec_original_item_code: undefined,
			...lineOriginalItem(entry.originalItemCode),
		};
	}
	return { item_code: locatorValue(entry.itemCode) || undefined };
}

/** Personal data: never into a message. */
function shopSender(connection: Connection): AddressDraft | undefined {
	const credentials = connection.credentials;
	if (credentials.shopSender !== true) return undefined;
	const block: Record<string, string> = {};
	for (const field of blockFields('sender_information')) {
		const value = credentials[field.parameter];
		if (typeof value === 'string' && value.trim() !== '') block[field.key] = value;
	}
	return Object.keys(block).length > 0 ? block : undefined;
}

function noveltiesOption(value: unknown): { novelty: Record<string, unknown> } | undefined {
	const entries = ((value as IDataObject | undefined)?.novelty as IDataObject[] | undefined) ?? [];
	if (!entries.length) return undefined;
	const novelty: Record<string, unknown> = {};
	for (const entry of entries) novelty[String(entry.name)] = entry.count;
	return { novelty };
}

export function readDefaults(
	this: IExecuteFunctions,
	itemIndex: number,
	operation: OrderOperation,
	connection: Connection,
): OrderDefaults {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const textOption = (name: string, label: string): string | undefined => {
		const reader = new ItemReader(itemIndex);
		const value = reader.text(options[name], label);
		if (reader.problems.length) {
			throw new NodeOperationError(this.getNode(), `Options › ${label} must be text`, {
				itemIndex,
				description: `The expression in ${label} gives a list, an object or true/false: give text.`,
			});
		}
		return value;
	};
	const option = (field: OrderField): unknown => {
		// A choice's 0 is the form's "Default".
		if (field.kind === 'choice') return optionalNumber(options[field.parameter]) || undefined;
		if (field.kind === 'integer') return optionalNumber(options[field.parameter]);
		if (field.kind === 'novelties') return noveltiesOption(options[field.parameter]);
		return textOption(field.parameter, field.name);
	};
	const defaults: OrderDefaults = {
		retailer_id: resolveRetailerId.call(this, itemIndex, options, connection),
	};
	const sender = shopSender(connection);
	if (sender !== undefined) defaults.sender_information = sender;
	const given = defaults as Record<string, unknown>;
	for (const field of optionFields(operation)) {
		const value = option(field);
		if (value !== undefined) given[field.key] = value;
	}
	return defaults;
}
