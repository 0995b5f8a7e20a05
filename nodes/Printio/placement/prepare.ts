/** The prepare stage, pure: the read rows with the look-up's answers, matched to the catalog, each body built once. */
import { buildOrders, inputOf, type OrderInput, type ReadOrders } from '../orderInput';
import { matchCatalog } from '../checks/catalogMatch';
import { lineRef, refKey } from '../checks/lineCatalog';
import type { Run } from './createOrders';
import type { LookedUp } from './lookUp';
import type { OrderToPlace } from './placement';
import { findRepeats } from './repeats';
import {
	annotationsOf,
	catalogReadError,
	conflictError,
	invalidOrdersError,
	type SortedOrders,
} from './answer';

export interface PreparedOrders {
	input: OrderInput;
	sorted: SortedOrders;
	/** The valid distinct orders, as sent. */
	orders: OrderToPlace[];
}

/** Built, not yet matched: what the catalog read is asked for. */
export function draftOrders(
	run: Run,
	read: ReadOrders,
	lookedUp: Pick<LookedUp, 'shop'>,
): OrderInput {
	const input = inputOf(run.node, run.operation, read, lookedUp.shop, run.input);
	const orders = buildOrders(input.orders, run.operation);
	// Differing orders under one EC order number stop the run before any catalog read.
	if (!run.continueOnFail && !run.validateOnly) {
		const early = findRepeats(orders);
		if (early.conflicts.length)
			throw conflictError.call(run.context, early.conflicts[0], early.conflicts.length);
	}
	return { ...input, orders };
}

export function prepareOrders(run: Run, read: ReadOrders, lookedUp: LookedUp): PreparedOrders {
	const input = draftOrders(run, read, lookedUp);
	// Invalid orders are matched too, so that one run reports every problem.
	const catalog = matchCatalog(input.orders, lookedUp.names, {
		operation: run.operation,
		tolerant: run.input.normalize,
	});
	const { orders: distinct, repeats, conflicts } = findRepeats(catalog.orders);
	const invalid = distinct.filter((order) => !order.request);
	// Without Continue On Fail nothing is sent while any order is invalid.
	if (invalid.length && !run.continueOnFail && !run.validateOnly)
		throw invalidOrdersError.call(run.context, invalid, catalog.unchecked);
	if (catalog.unchecked.length && !run.continueOnFail)
		throw catalogReadError.call(run.context, catalog.unchecked[0], catalog.unchecked.length);
	const unchecked = catalog.unchecked.map((entry) => ({
		itemIndexes: entry.order.itemIndexes,
		ecOrderNo: entry.order.ecOrderNo,
		error: catalogReadError.call(run.context, entry, 1),
	}));
	const orders = distinct.flatMap((order): OrderToPlace[] => {
		const body = order.request;
		if (!body) return [];
		const annotations = annotationsOf(order, input.leftOut);
		const itemCodes = lineItemCodes(body, lookedUp.names);
		return [{ sourceIndexes: order.itemIndexes, body, annotations, itemCodes }];
	});
	return { input, sorted: { distinct, invalid, repeats, conflicts, unchecked }, orders };
}

/** Each line's catalog item: its own, or its original item's from the look-up (undefined when unknown or unread). */
export function lineItemCodes(
	body: OrderToPlace['body'],
	names: LookedUp['names'],
): Array<string | undefined> {
	return body.order_details.map((line) => {
		const ref = lineRef(body.retailer_id, line);
		if (ref?.kind !== 'original') return ref?.code;
		const entry = names.get(refKey(ref));
		return entry?.ok ? entry.names?.itemCode : undefined;
	});
}
