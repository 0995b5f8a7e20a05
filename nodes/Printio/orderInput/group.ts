/** Sheets often fill the address only on an order's first row: empty fields are taken from the rows that give them. */
import { orderLevelFields, REQUEST_ORDER } from './fields';
import type {
	AddressDraft,
	DraftRow,
	InputProblem,
	LineDraft,
	NormalizationChange,
	OrderDefaults,
	OrderDraft,
} from './types';
import { isBlank as isEmpty, isPlainObject } from './values';

export type OrderRow = DraftRow & { changes?: NormalizationChange[] };

export interface OrderGroup {
	ecOrderNo: string | undefined;
	itemIndexes: number[];
	lineItemIndexes: number[];
	lineOffsets: number[];
	order: OrderDraft;
	problems: InputProblem[];
	rowProblems: InputProblem[];
	changes: NormalizationChange[];
	ignoredFields: string[];
	defaults: OrderDefaults | undefined;
}

const ORDER_LEVEL_KEYS: readonly string[] = orderLevelFields(REQUEST_ORDER).map(
	(field) => field.key,
);

const ADDRESS_BLOCKS = ['shipping_information', 'sender_information'] as const;

function sameValue(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (Array.isArray(a) && Array.isArray(b)) {
		return a.length === b.length && a.every((entry, index) => sameValue(entry, b[index]));
	}
	if (isPlainObject(a) && isPlainObject(b)) {
		const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
		for (const key of keys) if (!sameValue(a[key], b[key])) return false;
		return true;
	}
	return false;
}

function groupKey(order: OrderDraft): string | undefined {
	return typeof order.ec_order_no === 'string' && order.ec_order_no.trim() !== ''
		? order.ec_order_no.trim()
		: undefined;
}

interface Builder {
	group: OrderGroup;
	sources: Map<string, number>;
}

function conflict(field: string, firstIndex: number, itemIndex: number): InputProblem {
	return {
		field,
		message: `differs between the rows of this order (item index ${firstIndex} and item index ${itemIndex})`,
		fix: 'Give the same value in every row of the order, or leave it empty in all rows but one.',
		itemIndex,
	};
}

function mergeField(
	builder: Builder,
	target: Record<string, unknown>,
	key: string,
	path: string,
	value: unknown,
	itemIndex: number,
): void {
	if (isEmpty(value)) return;
	if (isEmpty(target[key])) {
		target[key] = value;
		builder.sources.set(path, itemIndex);
		return;
	}
	if (!sameValue(target[key], value)) {
		builder.group.problems.push(
			conflict(path, builder.sources.get(path) ?? builder.group.itemIndexes[0], itemIndex),
		);
	}
}

function addRow(builder: Builder, row: OrderRow): void {
	const { group } = builder;
	group.itemIndexes.push(row.itemIndex);
	const target = group.order as Record<string, unknown>;
	const given = row.order as Record<string, unknown>;
	for (const key of ORDER_LEVEL_KEYS)
		mergeField(builder, target, key, key, given[key], row.itemIndex);
	for (const blockName of ADDRESS_BLOCKS) {
		const block = row.order[blockName];
		if (!isPlainObject(block)) continue;
		const merged: AddressDraft = { ...(group.order[blockName] ?? {}) };
		for (const [field, value] of Object.entries(block)) {
			mergeField(
				builder,
				merged as Record<string, unknown>,
				field,
				`${blockName}.${field}`,
				value,
				row.itemIndex,
			);
		}
		group.order[blockName] = merged;
	}
	const lines: LineDraft[] = Array.isArray(row.order.order_details) ? row.order.order_details : [];
	const offset = group.order.order_details?.length ?? 0;
	group.lineOffsets.push(offset);
	group.rowProblems.push(
		...(row.problems ?? []).map((entry) => ({
			...entry,
			field: shiftLinePath(entry.field, offset),
		})),
	);
	group.changes.push(
		...(row.changes ?? []).map((entry) => ({
			...entry,
			field: shiftLinePath(entry.field, offset),
		})),
	);
	for (const name of row.ignoredFields ?? [])
		if (!group.ignoredFields.includes(name)) group.ignoredFields.push(name);
	if (group.itemIndexes.length === 1) group.defaults = row.defaults;
	if (lines.length > 0) {
		group.order.order_details = [...(group.order.order_details ?? []), ...lines];
		for (let i = 0; i < lines.length; i++) group.lineItemIndexes.push(row.itemIndex);
	}
}

export const LINE_PATH = /^order_details\[(\d+)\]/;

function shiftLinePath(field: string, offset: number): string {
	return field.replace(LINE_PATH, (_, index: string) => `order_details[${Number(index) + offset}]`);
}

function newBuilder(key: string | undefined): Builder {
	return {
		group: {
			ecOrderNo: key,
			itemIndexes: [],
			lineItemIndexes: [],
			lineOffsets: [],
			order: {},
			problems: [],
			rowProblems: [],
			changes: [],
			ignoredFields: [],
			defaults: undefined,
		},
		sources: new Map(),
	};
}

export function groupOrderRows(rows: readonly OrderRow[]): OrderGroup[] {
	const sorted = [...rows].sort((a, b) => a.itemIndex - b.itemIndex);
	const builders: Builder[] = [];
	const byKey = new Map<string, Builder>();
	for (const row of sorted) {
		const key = groupKey(row.order);
		let builder = key === undefined ? undefined : byKey.get(key);
		if (builder === undefined) {
			builder = newBuilder(key);
			builders.push(builder);
			if (key !== undefined) byKey.set(key, builder);
		}
		addRow(builder, row);
	}
	return builders.map((builder) => builder.group);
}

export function ungroupedOrderRows(rows: readonly OrderRow[]): OrderGroup[] {
	return [...rows]
		.sort((a, b) => a.itemIndex - b.itemIndex)
		.map((row) => {
			const builder = newBuilder(groupKey(row.order));
			addRow(builder, row);
			return builder.group;
		});
}
