/**
 * The whole order-input pipeline in one call, for the node's two order operations:
 * map each item → normalise each row → group by ec_order_no (optional) → fill node defaults → normalise the
 * defaults → apply the address overflow policy → validate → build the request body.
 * An order with problems gets no request; the node reports its problems on its items and sends nothing for it.
 */
import { groupOrderRows, ungroupedOrderRows } from './grouping';
import type { OrderGroup, OrderRow } from './grouping';
import { applyOrderDefaults, mapItemToOrder, toRequest } from './mapping';
import type { InputItem, OrderDefaults } from './mapping';
import { applyOrderAddressOverflow, normalizeOrder } from './normalize';
import type {
	AddressOverflowPolicy,
	InputProblem,
	NormalizationChange,
	OrderDraft,
	OrderOperation,
	OrderRequestFor,
} from './types';
import { fieldAt, formLabel } from '../../../orderInput/fields';
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
	/** Values for what the items leave empty (retailer id from the credential, a fixed sender, …). */
	defaults?: OrderDefaults;
}

export interface PreparedOrder<Op extends OrderOperation = OrderOperation> {
	/** All input items this order came from, ascending (pairedItem of its output item). */
	itemIndexes: number[];
	/** The order's ec_order_no when it has one (for the duplicate-order lookup and the output). */
	ecOrderNo: string | undefined;
	/** The body to send; present only when `problems` is empty. */
	request?: OrderRequestFor<Op>;
	/** Everything wrong with the order; each problem has the item index it comes from. */
	problems: InputProblem[];
	/** What normalisation changed (field and rule, never values), with the item index where known. */
	changes: NormalizationChange[];
	/** Fields of the items that belong to the other order operation and were not used. */
	ignoredFields: string[];
}

const LINE_PATH = /^order_details\[(\d+)\]/;

/** Moves a row-relative `order_details[k]` path to the line's position in its order. */
function shiftLinePath(field: string, offset: number): string {
	return offset === 0 ? field : field.replace(LINE_PATH, (_, index: string) => `order_details[${Number(index) + offset}]`);
}

function withLabel(entry: InputProblem, operation: OrderOperation): InputProblem {
	const field = fieldAt(entry.field.replace(/ \(.*\)$/, ''), operation);
	return field === undefined || entry.label !== undefined ? entry : { ...entry, label: formLabel(field) };
}

/** Item index a problem of a grouped order belongs to: the line's row, else the first row of the order. */
function itemIndexOf(field: string, group: OrderGroup): number {
	const match = LINE_PATH.exec(field);
	if (match) {
		const row = group.lineItemIndexes[Number(match[1])];
		if (row !== undefined) return row;
	}
	return group.itemIndexes[0];
}

function dedupeChanges(changes: NormalizationChange[]): NormalizationChange[] {
	const seen = new Set<string>();
	return changes.filter((entry) => {
		const key = `${entry.itemIndex ?? ''}|${entry.field}|${entry.rule}`;
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

function finishOrder<Op extends OrderOperation>(
	group: OrderGroup,
	operation: Op,
	options: PrepareOptions,
	earlier: { problems: InputProblem[]; changes: NormalizationChange[]; ignoredFields: string[] },
): PreparedOrder<Op> {
	const normalizeEnabled = options.normalize !== false;
	const policy = options.addressOverflow ?? 'fail';

	let order: OrderDraft = applyOrderDefaults(group.order, options.defaults);
	// Second pass: cleans the defaults; rows were cleaned already and normalisation is idempotent.
	const second = normalizeOrder(order, operation, { enabled: normalizeEnabled });
	order = second.order;
	const overflow = applyOrderAddressOverflow(order, policy);
	order = overflow.order;

	const changes = dedupeChanges([
		...earlier.changes,
		...[...second.changes, ...overflow.changes].map((entry) => ({ ...entry, itemIndex: itemIndexOf(entry.field, group) })),
	]);

	// A field the mapping already complained about (e.g. a zip code that lost its leading 0) is not reported
	// again by validation.
	const mappedFields = new Set(earlier.problems.map((entry) => entry.field));
	const validation = validateOrder(order, operation, { addressOverflow: policy, multiItemOrder: options.multiItemOrder })
		.filter((entry) => !mappedFields.has(entry.field))
		.map((entry) => ({ ...entry, itemIndex: itemIndexOf(entry.field, group) }));
	// Each problem names the field as the form shows it too (Recipient Zip Code, Lines › Size).
	const problems = [...earlier.problems, ...group.problems, ...validation].map((entry) => withLabel(entry, operation));

	const prepared: PreparedOrder<Op> = {
		itemIndexes: group.itemIndexes,
		ecOrderNo: typeof order.ec_order_no === 'string' && order.ec_order_no !== '' ? order.ec_order_no : group.ecOrderNo,
		problems,
		changes,
		ignoredFields: [...new Set(earlier.ignoredFields)],
	};
	if (problems.length === 0) prepared.request = toRequest(order, operation) as OrderRequestFor<Op>;
	return prepared;
}

/**
 * Prepares the orders of a run from the input items' fields (the "map by spec names" input mode).
 * Returns the orders in the order of their first item.
 */
export function prepareOrdersFromItems<Op extends OrderOperation>(
	items: readonly InputItem[],
	operation: Op,
	options: PrepareOptions = {},
): Array<PreparedOrder<Op>> {
	const normalizeEnabled = options.normalize !== false;
	const perItem = new Map<number, { problems: InputProblem[]; changes: NormalizationChange[]; ignoredFields: string[] }>();
	const rows: OrderRow[] = items.map((item, itemIndex) => {
		const mapped = mapItemToOrder(item, operation, itemIndex);
		const normalized = normalizeOrder(mapped.order, operation, { enabled: normalizeEnabled });
		perItem.set(itemIndex, {
			problems: mapped.problems,
			changes: normalized.changes.map((entry) => ({ ...entry, itemIndex })),
			ignoredFields: mapped.ignoredFields,
		});
		return { itemIndex, order: normalized.order };
	});
	const groups = options.groupByEcOrderNo ? groupOrderRows(rows) : ungroupedOrderRows(rows);
	return groups.map((group) => {
		const earlier = { problems: [] as InputProblem[], changes: [] as NormalizationChange[], ignoredFields: [] as string[] };
		group.itemIndexes.forEach((itemIndex, rowPosition) => {
			const row = perItem.get(itemIndex);
			if (row === undefined) return;
			const offset = group.lineOffsets[rowPosition] ?? 0;
			earlier.problems.push(...row.problems.map((entry) => ({ ...entry, field: shiftLinePath(entry.field, offset) })));
			earlier.changes.push(...row.changes.map((entry) => ({ ...entry, field: shiftLinePath(entry.field, offset) })));
			earlier.ignoredFields.push(...row.ignoredFields);
		});
		return finishOrder(group, operation, options, earlier);
	});
}

/**
 * Prepares one order given field by field on the node (the "define each field" input mode): the same
 * normalisation, overflow policy and validation as the column mode.
 */
export function prepareOrder<Op extends OrderOperation>(
	order: OrderDraft,
	operation: Op,
	itemIndex: number,
	options: Omit<PrepareOptions, 'groupByEcOrderNo'> = {},
): PreparedOrder<Op> {
	const normalized = normalizeOrder(order, operation, { enabled: options.normalize !== false });
	const [group] = ungroupedOrderRows([{ itemIndex, order: normalized.order }]);
	return finishOrder(group, operation, options, {
		problems: [],
		changes: normalized.changes.map((entry) => ({ ...entry, itemIndex })),
		ignoredFields: [],
	});
}

/** One problem as a sentence: `shipping_information.zip_code must be 7 digits (has 6). Give all 7 digits…` */
export function formatProblem(entry: InputProblem): string {
	return `${entry.field} ${entry.message}. ${entry.fix}`;
}

/**
 * Problems of one order for an error message (NodeOperationError message/description): the first `max`
 * sentences and how many more there are. Contains field names, counts and fixes only, never values.
 */
export function formatProblems(problems: readonly InputProblem[], max = 5): string {
	const shown = problems.slice(0, max).map(formatProblem);
	const more = problems.length - shown.length;
	return more > 0 ? `${shown.join('\n')}\n(and ${more} more)` : shown.join('\n');
}
