/** Refused with the figures rather than sent for a status 13; orders are checked one by one, not against each other. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { OrderToPlace, PlacementOutcome } from '../placement/placement';
import { isOutOfStock, type LineStock, outOfStockError } from './stockCheck';

/** The look-up stage's stock of these orders; `registered`: the short ones Printio holds already. */
export type StockRead = { lines: LineStock[][]; registered: Set<string> } | { error: Error };

export function refuseOutOfStock(
	this: Pick<IExecuteFunctions, 'getNode'>,
	orders: readonly OrderToPlace[],
	stock: StockRead | undefined,
	continueOnFail: boolean,
): Array<PlacementOutcome & { ok: false }> {
	if (!orders.length || !stock) return [];
	if ('error' in stock) {
		const failure = new NodeOperationError(
			this.getNode(),
			`Stock check before sending failed: ${stock.error.message}`,
			{
				itemIndex: orders[0].sourceIndexes[0],
				description:
					"Check Stock First reads Printio's stock before placing, and nothing is sent while it cannot. Run again later, or turn off Options › Check Stock First to place without the check.",
			},
		);
		if (!continueOnFail) throw failure;
		return orders.map((order) => ({ ok: false, order, error: failure }));
	}
	// A placed order took its stock already.
	const refused = orders
		.map((order, index) => ({ order, short: stock.lines[index].filter(isOutOfStock) }))
		.filter(
			(entry) => entry.short.length > 0 && !stock.registered.has(entry.order.body.ec_order_no),
		);
	if (refused.length && !continueOnFail) {
		const [first] = refused;
		throw outOfStockError.call(
			this,
			first.order.body.ec_order_no,
			first.short,
			first.order.sourceIndexes[0],
			refused.length - 1,
		);
	}
	return refused.map(({ order, short }) => ({
		ok: false,
		order,
		error: outOfStockError.call(this, order.body.ec_order_no, short, order.sourceIndexes[0], 0),
	}));
}
