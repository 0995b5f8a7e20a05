/** Items keyed by the spec's names, so a sheet row or a form maps to an order with no expressions. */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';
import { jsonParse, NodeOperationError } from 'n8n-workflow';

import { blockFields, CHECK_ORDER, fieldsOf, flatColumns, orderLevelFields } from '../fields';
import type { AddressPart, OrderField } from '../fields';
import { ItemReader } from '../kinds';
import type {
	AddressDraft,
	DraftRow,
	InputProblem,
	LineDraft,
	OrderDraft,
	OrderOperation,
} from '../types';
import { hasValue, isPlainObject } from '../values';

export type InputItem = Record<string, unknown>;

/** @internal */
export const ADDRESS_FIELDS: readonly string[] = blockFields('shipping_information').map(
	(field) => field.key,
);

/** Not API fields: 姓 / 名 joined family name first, so mapping takes two drags instead of an expression. */
export const NAME_PART_FIELDS = ['family_name', 'given_name'] as const;

export const ADDRESS_PREFIXES = {
	shipping_information: 'shipping_',
	sender_information: 'sender_',
} as const;

const lineFields = (operation: OrderOperation): OrderField[] =>
	fieldsOf(operation).filter((field) => field.part === 'line' && field.kind !== 'imageUrl');

export const LINE_FIELDS: Readonly<Record<OrderOperation, readonly string[]>> = {
	orderByCode: lineFields('orderByCode').map((field) => field.key),
	orderWithImage: lineFields('orderWithImage').map((field) => field.key),
};

const IMAGE_SLOTS = fieldsOf('orderWithImage')
	.filter((field) => field.kind === 'imageUrl')
	.map((field) => {
		const [, position, type] = field.key.split('.');
		return { position, type, field };
	});

export const IMAGE_COLUMN_POSITIONS: readonly string[] = [
	...new Set(IMAGE_SLOTS.map((slot) => slot.position)),
];

type ImageValues = Array<{ position: string; urls: Array<{ type: string; url: string }> }>;

export function slotImages(urlOf: (slot: OrderField) => string | undefined): ImageValues {
	return IMAGE_COLUMN_POSITIONS.flatMap((position) => {
		const urls = IMAGE_SLOTS.filter((slot) => slot.position === position).flatMap((slot) => {
			const url = urlOf(slot.field);
			return url === undefined ? [] : [{ type: slot.type, url }];
		});
		return urls.length > 0 ? [{ position, urls }] : [];
	});
}

export const NOVELTY_PREFIX = 'novelty_';

export interface MappedItem {
	order: OrderDraft;
	problems: InputProblem[];
	ignoredFields: string[];
}

function readAddress(
	reader: ItemReader,
	source: Record<string, unknown>,
	keyOf: (field: string) => string,
	path: AddressPart,
): AddressDraft | undefined {
	const block: AddressDraft = {};
	let any = false;
	for (const field of blockFields(path)) {
		const raw = source[keyOf(field.key)];
		if (!hasValue(raw)) continue;
		const value = reader.text(raw, field.path, field.kind);
		any = true;
		if (value !== undefined) (block as Record<string, string>)[field.key] = value;
	}
	if (!hasValue(source[keyOf('full_name')])) {
		const parts = NAME_PART_FIELDS.map((part) =>
			reader.text(source[keyOf(part)], `${path}.full_name (${keyOf(part)})`),
		).filter((part): part is string => part !== undefined);
		if (parts.length > 0) {
			any = true;
			block.full_name = parts.map((part) => part.trim()).join(' ');
		}
	}
	return any ? block : undefined;
}

function readAddressBlock(
	reader: ItemReader,
	item: InputItem,
	path: AddressPart,
): AddressDraft | undefined {
	const prefix = ADDRESS_PREFIXES[path];
	const flatKeys = [...blockFields(path).map((field) => field.key), ...NAME_PART_FIELDS].map(
		(field) => `${prefix}${field}`,
	);
	const hasFlat = flatKeys.some((key) => hasValue(item[key]));
	if (hasValue(item[path])) {
		if (hasFlat) {
			reader.report(
				path,
				'is given both as an object and as flat columns',
				`Use either ${path} or the ${prefix}… columns, not both.`,
			);
		}
		const nested = reader.object(item[path], path, 'object');
		if (!isPlainObject(nested)) return undefined;
		return readAddress(reader, nested, (field) => field, path) ?? {};
	}
	return readAddress(reader, item, (field) => `${prefix}${field}`, path);
}

function readLine(
	reader: ItemReader,
	source: Record<string, unknown>,
	operation: OrderOperation,
	path: string,
	keysOf: (field: string) => string[],
): LineDraft | undefined {
	const line: LineDraft = {};
	let any = false;
	for (const field of lineFields(operation)) {
		const keys = keysOf(field.key).filter((key) => hasValue(source[key]));
		if (keys.length === 0) continue;
		any = true;
		if (keys.length > 1 && !sameValue(source[keys[0]], source[keys[1]])) {
			reader.report(
				`${path}.${field.key}`,
				`is given in two columns (${keys.join(' and ')}) with different values`,
				`Keep only one of the columns ${keys.join(' and ')}.`,
			);
			continue;
		}
		const value = reader.read(source[keys[0]], `${path}.${field.key}`, field.kind);
		if (value !== undefined) (line as Record<string, unknown>)[field.key] = value;
	}
	return any ? line : undefined;
}

function sameValue(a: unknown, b: unknown): boolean {
	return JSON.stringify(a) === JSON.stringify(b);
}

function readFlatImages(reader: ItemReader, item: InputItem, path: string): unknown {
	const values = slotImages((slot) =>
		reader.text(item[slot.column], `${path}.image_urls (${slot.column})`, slot.kind),
	);
	return values.length > 0 ? { values } : undefined;
}

function flatLineKeys(field: string): string[] {
	return [`line_${field}`, field];
}

function readLines(
	reader: ItemReader,
	item: InputItem,
	operation: OrderOperation,
): LineDraft[] | undefined {
	const flatImages =
		operation === 'orderWithImage' ? readFlatImages(reader, item, 'order_details[0]') : undefined;
	const flatLine = readLine(reader, item, operation, 'order_details[0]', flatLineKeys);
	if (hasValue(item.order_details)) {
		if (flatLine !== undefined || flatImages !== undefined) {
			reader.report(
				'order_details',
				'is given both as a list and as flat line_… columns',
				'Use either order_details or the line_… columns, not both.',
			);
		}
		const list = reader.object(item.order_details, 'order_details', 'array');
		if (!Array.isArray(list)) return undefined;
		return readLineList(reader, list, operation);
	}
	if (flatImages !== undefined) {
		if (flatLine?.image_urls !== undefined) {
			reader.report(
				'order_details[0].image_urls',
				'is given both as line_image_…_url columns and as image_urls',
				'Use either the line_image_<position>_<output|thumbnail>_url columns or image_urls, not both.',
			);
		}
		return [{ ...flatLine, image_urls: flatImages }];
	}
	return flatLine === undefined ? undefined : [flatLine];
}

export function readLineList(
	reader: ItemReader,
	list: readonly unknown[],
	operation: OrderOperation,
): LineDraft[] {
	return list.map((entry: unknown, index: number) => {
		const path = `order_details[${index}]`;
		if (!isPlainObject(entry)) {
			reader.report(
				path,
				'must be an object',
				'Give each line as an object with the fields of an order line.',
			);
			return {};
		}
		return readLine(reader, entry, operation, path, (field) => [field]) ?? {};
	});
}

export function readJsonLines(
	node: INode,
	reader: ItemReader,
	raw: unknown,
	operation: OrderOperation,
	field: string,
	example: string,
): LineDraft[] {
	let lines = raw;
	try {
		if (typeof raw === 'string') lines = jsonParse(raw);
	} catch {
		throw new NodeOperationError(node, `${field} is not valid JSON`, {
			itemIndex: reader.itemIndex,
			description: `Give an array of line objects, e.g. [${example}].`,
		});
	}
	if (!Array.isArray(lines))
		throw new NodeOperationError(node, `${field} must be an array of line objects`, {
			itemIndex: reader.itemIndex,
		});
	return readLineList(reader, lines, operation);
}

function readNovelties(reader: ItemReader, item: InputItem, field: OrderField): unknown {
	const given = reader.read(item[field.column], field.path, field.kind);
	const flat: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(item)) {
		if (!key.startsWith(NOVELTY_PREFIX) || key.length === NOVELTY_PREFIX.length || !hasValue(value))
			continue;
		flat[key.slice(NOVELTY_PREFIX.length)] = reader.number(value);
	}
	if (Object.keys(flat).length === 0) return given;
	const action = isPlainObject(given) ? given : {};
	const novelty: Record<string, unknown> = isPlainObject(action.novelty)
		? { ...action.novelty }
		: {};
	for (const [name, count] of Object.entries(flat)) {
		if (name in novelty) {
			reader.report(
				`${field.path}.novelty.${name}`,
				`is given both in ${field.path} and in the column ${NOVELTY_PREFIX}${name}`,
				'Keep only one of them.',
			);
			continue;
		}
		novelty[name] = count;
	}
	return { ...action, novelty };
}

const otherFieldsCache = new Map<OrderOperation, readonly string[]>();

function otherOperationFields(operation: OrderOperation): readonly string[] {
	const cached = otherFieldsCache.get(operation);
	if (cached !== undefined) return cached;
	const other: OrderOperation = operation === 'orderByCode' ? 'orderWithImage' : 'orderByCode';
	const mine = new Set(flatColumns(operation));
	for (const field of LINE_FIELDS[operation]) mine.add(field);
	const theirs = [...flatColumns(other), ...LINE_FIELDS[other]].filter(
		(name) => !mine.has(name) && !name.includes('<'),
	);
	otherFieldsCache.set(operation, theirs);
	return theirs;
}

/** Cleaning is normalisation's job. */
export function mapItemToOrder(
	item: InputItem,
	operation: OrderOperation,
	itemIndex = 0,
): MappedItem {
	const reader = new ItemReader(itemIndex);
	const order: OrderDraft = {};

	for (const field of orderLevelFields(CHECK_ORDER, operation)) {
		const value =
			field.kind === 'novelties'
				? readNovelties(reader, item, field)
				: reader.read(item[field.column], field.path, field.kind);
		if (value !== undefined) (order as Record<string, unknown>)[field.key] = value;
	}

	const shipping = readAddressBlock(reader, item, 'shipping_information');
	if (shipping !== undefined) order.shipping_information = shipping;
	const sender = readAddressBlock(reader, item, 'sender_information');
	if (sender !== undefined) order.sender_information = sender;

	const lines = readLines(reader, item, operation);
	if (lines !== undefined) order.order_details = lines;

	const ignoredFields = otherOperationFields(operation).filter((name) => hasValue(item[name]));
	if (operation === 'orderWithImage') {
		for (const key of Object.keys(item)) {
			if (key.startsWith(NOVELTY_PREFIX) && hasValue(item[key])) ignoredFields.push(key);
		}
	}
	return { order, problems: reader.problems, ignoredFields };
}

export function readItem(item: InputItem, operation: OrderOperation, itemIndex: number): DraftRow {
	const { order, problems, ignoredFields } = mapItemToOrder(item, operation, itemIndex);
	return { itemIndex, order, problems, ignoredFields };
}

export function readMapper(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	itemIndex: number,
	operation: OrderOperation,
): DraftRow {
	const mode = this.getNodeParameter(
		'columns.mappingMode',
		itemIndex,
		'autoMapInputData',
	) as string;
	const columns =
		mode === 'defineBelow'
			? { ...((this.getNodeParameter('columns.value', itemIndex, {}) as IDataObject | null) ?? {}) }
			: items[itemIndex].json;
	return readItem(columns, operation, itemIndex);
}
