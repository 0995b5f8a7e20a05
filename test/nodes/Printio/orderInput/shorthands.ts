/**
 * Shorthands for the input of prepareOrders (nodes/Printio/orderInput/pipeline.ts), built the way the node builds
 * it: rows read from items by column names (Map Columns: read/fromItem.ts readItem, item `i` being item index `i`),
 * or one order given as a draft (a request-shaped object) as a single row.
 */
import type { OrderInput } from '../../../../nodes/Printio/orderInput';
import {
	buildOrders,
	prepareRows,
	type PrepareOptions,
	type PreparedOrder,
} from '../../../../nodes/Printio/orderInput/pipeline';
import { readItem } from '../../../../nodes/Printio/orderInput/read/fromItem';
import type { InputItem } from '../../../../nodes/Printio/orderInput/read/fromItem';
import type {
	DraftRow,
	OrderDraft,
	OrderOperation,
} from '../../../../nodes/Printio/orderInput/types';

/** The rows Map Columns reads from `items`, item `i` being item index `i`. */
export function rowsFromItems(items: readonly InputItem[], operation: OrderOperation): DraftRow[] {
	return items.map((item, itemIndex) => readItem(item, operation, itemIndex));
}

/** One order given as a draft: a single row at `itemIndex`. */
export function draftRow(order: OrderDraft, itemIndex = 0): DraftRow[] {
	return [{ itemIndex, order }];
}

/**
 * What the node sends for these rows when the catalog match changes nothing: prepared, then built (the node matches
 * the catalog in between, checks/catalogMatch.ts). Tests of the pipeline import it as `prepareOrders`.
 */
export function preparedAndBuilt<Op extends OrderOperation>(
	rows: readonly DraftRow[],
	operation: Op,
	options?: PrepareOptions,
): Array<PreparedOrder<Op>> {
	return buildOrders(prepareRows(rows, operation, options), operation);
}

/** readOrderInput's answer with its orders built, as the node builds them when the catalog match changes nothing. */
export function built<Op extends OrderOperation>(
	input: OrderInput<Op>,
	operation: Op,
): OrderInput<Op> {
	return { ...input, orders: buildOrders(input.orders, operation) };
}

export { readAndBuild } from '../orderRun/fakes';
