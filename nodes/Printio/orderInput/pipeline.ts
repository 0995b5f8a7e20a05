/** normalise → combine → defaults → overflow → validate; an order with problems gets no request. */
import type { ShopDateZones } from '../../shared/printio/time';
import { toRequest } from './build';
import { fieldAt, formLabel } from './fields';
import { fillOrderDefaults } from './defaults';
import { groupOrderRows, LINE_PATH, ungroupedOrderRows } from './group';
import type { OrderGroup } from './group';
import { normalizeRow } from './normalize';
import { applyOrderAddressOverflow } from './overflow';
import type {
	AddressOverflowPolicy,
	DraftRow,
	InputProblem,
	NormalizationChange,
	OrderDraft,
	OrderOperation,
	OrderRequestFor,
} from './types';
import { validateOrder } from './validate';

export interface PrepareOptions {
	normalize?: boolean;
	multiItemOrder?: boolean;
	addressOverflow?: AddressOverflowPolicy;
	groupByEcOrderNo?: boolean;
	timeZones?: ShopDateZones;
}

export interface PreparedOrder<Op extends OrderOperation = OrderOperation> {
	itemIndexes: number[];
	lineItemIndexes?: number[];
	ecOrderNo: string | undefined;
	request?: OrderRequestFor<Op>;
	draft: OrderDraft;
	problems: InputProblem[];
	changes: NormalizationChange[];
	ignoredFields: string[];
}

function itemIndexOf(field: string, group: OrderGroup): number {
	const match = LINE_PATH.exec(field);
	return (match ? group.lineItemIndexes[Number(match[1])] : undefined) ?? group.itemIndexes[0];
}

function withLabel(entry: InputProblem, operation: OrderOperation): InputProblem {
	const field = fieldAt(entry.field.replace(/ \(.*\)$/, ''), operation);
	return field === undefined || entry.label !== undefined
		? entry
		: { ...entry, label: formLabel(field) };
}

function inShopSender(entry: InputProblem): InputProblem {
	const where = entry.label ?? entry.field;
	return {
		...entry,
		fix: `${entry.fix} This order gives no sender, so the Shop Sender of the Printio credential is used: set ${where} there (or give the whole sender on the order).`,
	};
}

function finishOrder<Op extends OrderOperation>(
	group: OrderGroup,
	operation: Op,
	options: PrepareOptions,
): PreparedOrder<Op> {
	const policy = options.addressOverflow ?? 'fail';
	const filled = fillOrderDefaults(group.order, group.defaults, operation, {
		normalize: options.normalize !== false,
		itemIndex: group.itemIndexes[0],
		timeZones: options.timeZones,
	});
	const overflow = applyOrderAddressOverflow(filled.order, policy);
	const order: OrderDraft = overflow.order;

	// One report per problem: the reading's (e.g. a lost leading 0) wins.
	const reported = new Set(group.rowProblems.map((entry) => entry.field));
	const validation = validateOrder(order, operation, {
		addressOverflow: policy,
		multiItemOrder: options.multiItemOrder,
	})
		.filter((entry) => !reported.has(entry.field))
		.map((entry) => ({ ...entry, itemIndex: itemIndexOf(entry.field, group) }));
	const senderFromDefaults = filled.used.has('sender_information');
	const problems = [...group.rowProblems, ...group.problems, ...validation]
		.map((entry) => withLabel(entry, operation))
		.map((entry) =>
			senderFromDefaults && entry.field.startsWith('sender_information.')
				? inShopSender(entry)
				: entry,
		);

	return {
		itemIndexes: group.itemIndexes,
		lineItemIndexes: group.lineItemIndexes,
		// Normalisation leaves no empty order number: a missing one is the group's.
		ecOrderNo: typeof order.ec_order_no === 'string' ? order.ec_order_no : group.ecOrderNo,
		problems,
		changes: [
			...group.changes,
			...filled.changes,
			...overflow.changes.map((entry) => ({
				...entry,
				itemIndex: itemIndexOf(entry.field, group),
			})),
		],
		ignoredFields: group.ignoredFields,
		draft: order,
	};
}

export function prepareRows<Op extends OrderOperation>(
	rows: readonly DraftRow[],
	operation: Op,
	options: PrepareOptions = {},
): Array<PreparedOrder<Op>> {
	const normalized = rows.map((row) =>
		normalizeRow(row, operation, options.normalize !== false, options.timeZones),
	);
	const groups = options.groupByEcOrderNo
		? groupOrderRows(normalized)
		: ungroupedOrderRows(normalized);
	return groups.map((group) => finishOrder(group, operation, options));
}

/** Nothing edits a body after this. */
export function buildOrders<Op extends OrderOperation>(
	orders: ReadonlyArray<PreparedOrder<Op>>,
	operation: Op,
): Array<PreparedOrder<Op>> {
	return orders.map((order) =>
		order.problems.length === 0 ? { ...order, request: toRequest(order.draft, operation) } : order,
	);
}
