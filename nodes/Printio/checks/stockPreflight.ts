/** Refused with the figures rather than sent for a status 13; orders are checked one by one, not against each other. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { mapWithConcurrency } from '../../shared/printio/concurrency';
import type { PrintioApi } from '../../shared/printio/transport';
import type { OrderToPlace, PlacementOutcome } from '../placement/placement';
import { checkStock, isOutOfStock, type LineStock, outOfStockError } from './stockCheck';

export interface StockPreflightSettings {
	concurrency: number;
	/** A registered order is not refused: placing reports it. */
	checkDuplicates: boolean;
	multiItemOrder: boolean;
	continueOnFail: boolean;
}

export async function refuseOutOfStock(
	this: IExecuteFunctions,
	api: PrintioApi,
	orders: readonly OrderToPlace[],
	settings: StockPreflightSettings,
): Promise<Array<PlacementOutcome & { ok: false }>> {
	if (!orders.length) return [];
	let refused: Array<{ order: OrderToPlace; short: LineStock[] }>;
	try {
		const stock = await checkStock(
			api,
			orders.map((order) => ({ body: order.body, itemIndex: order.sourceIndexes[0] })),
			settings.concurrency,
		);
		refused = orders
			.map((order, index) => ({ order, short: stock[index].filter(isOutOfStock) }))
			.filter((entry) => entry.short.length > 0);
		if (settings.checkDuplicates && refused.length) {
			// A placed order took its stock already.
			const registered = await mapWithConcurrency(
				refused,
				settings.concurrency,
				async ({ order }) => {
					const body = await api.request('getOrders', {
						qs: { ec_order_no: order.body.ec_order_no },
						multiItemOrder: settings.multiItemOrder,
						itemIndex: order.sourceIndexes[0],
					});
					return (body.orders ?? []).length > 0;
				},
			);
			refused = refused.filter((_, index) => !registered[index]);
		}
	} catch (error) {
		const failure = new NodeOperationError(
			this.getNode(),
			`Stock check before sending failed: ${(error as Error).message}`,
			{
				itemIndex: orders[0].sourceIndexes[0],
				description:
					"Check Stock First reads Printio's stock before placing, and nothing is sent while it cannot. Run again later, or turn off Options › Check Stock First to place without the check.",
			},
		);
		if (!settings.continueOnFail) throw failure;
		return orders.map((order) => ({ ok: false, order, error: failure }));
	}
	if (refused.length && !settings.continueOnFail) {
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
