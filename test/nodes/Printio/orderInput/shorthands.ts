/**
 * Shorthands for the input of prepareOrders (nodes/Printio/orderInput/pipeline.ts), built the way the node builds
 * it: rows read from items by column names (Map Columns: read/fromItem.ts readItem, item `i` being item index `i`),
 * or one order given as a draft (a request-shaped object) as a single row.
 */
import { readItem } from '../../../../nodes/Printio/orderInput/read/fromItem';
import type { InputItem } from '../../../../nodes/Printio/orderInput/read/fromItem';
import type { DraftRow, OrderDraft, OrderOperation } from '../../../../nodes/Printio/orderInput/types';

/** The rows Map Columns reads from `items`, item `i` being item index `i`. */
export function rowsFromItems(items: readonly InputItem[], operation: OrderOperation): DraftRow[] {
	return items.map((item, itemIndex) => readItem(item, operation, itemIndex));
}

/** One order given as a draft: a single row at `itemIndex`. */
export function draftRow(order: OrderDraft, itemIndex = 0): DraftRow[] {
	return [{ itemIndex, order }];
}
