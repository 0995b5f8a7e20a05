/**
 * The order-input pipeline, one direction, each stage once:
 * read rows (read/) → normalise each row → combine rows by ec_order_no (optional) → fill the node's defaults →
 * address overflow policy → validate → build the request body.
 * Every row carries the item index it was read from; problems and changes carry it from where they arise.
 * Each problem is reported by one stage: validation leaves alone a field reading already reported.
 * An order with problems gets no request; the node reports its problems on its items and sends nothing for it.
 */
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
	OrderDefaults,
	OrderDraft,
	OrderOperation,
	OrderRequestFor,
} from './types';
import { validateOrder } from './validate';

export interface PrepareOptions {
	/** Normalisation on (default) or off as a whole. */
	normalize?: boolean;
	/** Orders are sent with X-Feature-Flags: MultiItemOrder (several original items per order allowed). */
	multiItemOrder?: boolean;
	/** What to do with address1/address2 wider than 32 half-width units. Default `fail`. */
	addressOverflow?: AddressOverflowPolicy;
	/** Combine items sharing an ec_order_no into one order (default false: one item, one order). */
	groupByEcOrderNo?: boolean;
	/** Values for what the items leave empty, for rows that bring no defaults of their own. */
	defaults?: OrderDefaults;
	/** Shop timestamps in date fields: read in `input` when they carry no offset; sent as the date in `api`. */
	timeZones?: ShopDateZones;
}

export interface PreparedOrder<Op extends OrderOperation = OrderOperation> {
	/** All input items this order came from, ascending (pairedItem of its output item). */
	itemIndexes: number[];
	/** The input item of each line (`order_details[i]`), where known. */
	lineItemIndexes?: number[];
	/** The order's ec_order_no when it has one (for the duplicate-order lookup and the output). */
	ecOrderNo: string | undefined;
	/** The body to send; present only when `problems` is empty. */
	request?: OrderRequestFor<Op>;
	/**
	 * The order as it was checked (normalised, defaults filled), kept when it has problems: the catalog check still
	 * matches its lines' colours and sizes, so that one run reports every problem of the order.
	 */
	draft?: OrderDraft;
	/** Everything wrong with the order; each problem has the item index it comes from. */
	problems: InputProblem[];
	/** What normalisation changed (field and rule, never values), with the item index where known. */
	changes: NormalizationChange[];
	/** Fields of the items that belong to the other order operation and were not used. */
	ignoredFields: string[];
}

/** Item index a problem of a combined order belongs to: the line's row, else the first row of the order. */
function itemIndexOf(field: string, group: OrderGroup): number {
	const match = LINE_PATH.exec(field);
	return (match ? group.lineItemIndexes[Number(match[1])] : undefined) ?? group.itemIndexes[0];
}

/** Each problem names the field as the form shows it too (Recipient Zip Code, Lines › Size). */
function withLabel(entry: InputProblem, operation: OrderOperation): InputProblem {
	const field = fieldAt(entry.field.replace(/ \(.*\)$/, ''), operation);
	return field === undefined || entry.label !== undefined ? entry : { ...entry, label: formLabel(field) };
}

/**
 * A problem of a sender that came from the defaults (the credential's Shop Sender: the order gives none): it is
 * fixed in the credential, under the same name as on the form.
 */
function inShopSender(entry: InputProblem): InputProblem {
	const where = entry.label ?? entry.field;
	return {
		...entry,
		fix: `${entry.fix} This order gives no sender, so the Shop Sender of the Printio credential is used: set ${where} there (or give the whole sender on the order).`,
	};
}

/** Defaults, overflow, validation and the request for one combined (or single-row) order. */
function finishOrder<Op extends OrderOperation>(group: OrderGroup, operation: Op, options: PrepareOptions): PreparedOrder<Op> {
	const policy = options.addressOverflow ?? 'fail';
	const filled = fillOrderDefaults(group.order, group.defaults ?? options.defaults, operation, {
		normalize: options.normalize !== false,
		itemIndex: group.itemIndexes[0],
		timeZones: options.timeZones,
	});
	const overflow = applyOrderAddressOverflow(filled.order, policy);
	const order: OrderDraft = overflow.order;

	// A field reading already reported (e.g. a zip code that lost its leading 0) is left to that report.
	const reported = new Set(group.rowProblems.map((entry) => entry.field));
	const validation = validateOrder(order, operation, { addressOverflow: policy, multiItemOrder: options.multiItemOrder })
		.filter((entry) => !reported.has(entry.field))
		.map((entry) => ({ ...entry, itemIndex: itemIndexOf(entry.field, group) }));
	const senderFromDefaults = filled.used.has('sender_information');
	const problems = [...group.rowProblems, ...group.problems, ...validation]
		.map((entry) => withLabel(entry, operation))
		.map((entry) => (senderFromDefaults && entry.field.startsWith('sender_information.') ? inShopSender(entry) : entry));

	const prepared: PreparedOrder<Op> = {
		itemIndexes: group.itemIndexes,
		lineItemIndexes: group.lineItemIndexes,
		// Stryker disable next-line ConditionalExpression,StringLiteral: normalisation leaves no empty order number
		ecOrderNo: typeof order.ec_order_no === 'string' && order.ec_order_no !== '' ? order.ec_order_no : group.ecOrderNo,
		problems,
		changes: [
			...group.changes,
			...filled.changes,
			...overflow.changes.map((entry) => ({ ...entry, itemIndex: itemIndexOf(entry.field, group) })),
		],
		ignoredFields: group.ignoredFields,
	};
	if (problems.length === 0) prepared.request = toRequest(order, operation);
	else prepared.draft = order;
	return prepared;
}

/**
 * Orders from rows that were read already (any read/ module), in the order of their first row.
 */
export function prepareOrders<Op extends OrderOperation>(
	rows: readonly DraftRow[],
	operation: Op,
	options: PrepareOptions = {},
): Array<PreparedOrder<Op>> {
	const normalized = rows.map((row) => normalizeRow(row, operation, options.normalize !== false, options.timeZones));
	const groups = options.groupByEcOrderNo ? groupOrderRows(normalized) : ungroupedOrderRows(normalized);
	return groups.map((group) => finishOrder(group, operation, options));
}
