import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { Order, OrderByCodeRequest, OrderWithImageRequest } from '../../../../contract/types';
import { mapWithConcurrency } from '../../../shared/printio/concurrency';
import { isOutcomeUnknown, type PrintioApi } from '../../../shared/printio/transport';
import { withItemIndex } from '../../helpers/execution';
import { claimPlacement, IN_FLIGHT_WAIT_MS, placementKey } from './inFlight';

/** Hard cap of the Concurrency option: enough for 1,000 rows in minutes, never a flood. */
export const MAX_CONCURRENCY = 8;

/**
 * After a placement whose outcome is unknown, the service may still be committing it: the order is looked up
 * after 1, 2, 4, 8 s (15 s in all by default, the node's Wait for a Late Registration option), and sent again
 * only when none of these lookups finds it (README: Never order twice).
 */
export const LATE_COMMIT_WAIT_MS = 15_000;
const FIRST_LOOKUP_DELAY_MS = 1_000;

/** The pauses before each lookup: doubling from 1 s, the last one cut so that they add up to `totalMs`. */
export function lateCommitPauses(totalMs: number): number[] {
	const pauses: number[] = [];
	let left = Math.max(0, totalMs);
	for (let pause = FIRST_LOOKUP_DELAY_MS; left > 0; pause *= 2) {
		pauses.push(Math.min(pause, left));
		left -= pause;
	}
	return pauses.length ? pauses : [0];
}

export type PlacementEndpoint = 'postOrderByCode' | 'postOrderWithImage';

export interface OrderToPlace {
	/** Input items the order was built from (for pairedItem and error item indexes). */
	sourceIndexes: number[];
	body: OrderByCodeRequest | OrderWithImageRequest;
	/** Extra fields for the output item, e.g. what normalisation changed. */
	annotations?: IDataObject;
}

export interface PlacementSettings {
	endpoint: PlacementEndpoint;
	checkDuplicates: boolean;
	concurrency: number;
	batchPauseMs: number;
	multiItemOrder: boolean;
	/** With Continue On Fail every order is tried; without, no new order starts after a failure. */
	stopOnFirstError: boolean;
	/** Total wait for a late registration after an unknown outcome, before the one resend. */
	lateCommitWaitMs?: number;
}

export type PlacementOutcome =
	| { ok: true; order: OrderToPlace; json: IDataObject }
	| { ok: false; order: OrderToPlace; error: Error };

/**
 * Places orders with at most `concurrency` requests in flight, results in input order. An order is never
 * sent twice blindly: a placement of the same order under way in another execution of this process is waited
 * for (inFlight.ts); with the duplicate check on, the EC order number is looked up first (an order already
 * there is returned, marked `already_registered`); after a failure whose outcome is unknown (timeout, dropped
 * connection, 5xx) it is looked up on a backoff for a late registration before one more attempt.
 */
export async function placeOrders(
	this: IExecuteFunctions,
	api: PrintioApi,
	orders: OrderToPlace[],
	settings: PlacementSettings,
): Promise<PlacementOutcome[]> {
	const concurrency = Math.min(MAX_CONCURRENCY, Math.max(1, Math.floor(settings.concurrency || 1)));
	let stopped = false;
	const placeOne = async (order: OrderToPlace): Promise<PlacementOutcome> => {
		if (stopped) {
			return { ok: false, order, error: new NodeOperationError(this.getNode(), 'Not sent: an earlier order failed', { itemIndex: order.sourceIndexes[0] }) };
		}
		try {
			return { ok: true, order, json: await placeWithGuard.call(this, api, order, settings) };
		} catch (error) {
			if (settings.stopOnFirstError) stopped = true;
			return { ok: false, order, error: error as Error };
		}
	};

	if (settings.batchPauseMs <= 0) return await mapWithConcurrency(orders, concurrency, placeOne);

	const outcomes: PlacementOutcome[] = [];
	for (let start = 0; start < orders.length; start += concurrency) {
		const batch = orders.slice(start, start + concurrency);
		outcomes.push(...(await mapWithConcurrency(batch, concurrency, placeOne)));
		if (start + concurrency < orders.length && !stopped) await sleep(settings.batchPauseMs);
	}
	return outcomes;
}

async function placeWithGuard(
	this: IExecuteFunctions,
	api: PrintioApi,
	order: OrderToPlace,
	settings: PlacementSettings,
): Promise<IDataObject> {
	const itemIndex = order.sourceIndexes[0];
	const ecOrderNo = order.body.ec_order_no;
	// Another execution of this n8n process placing the same order: wait for it, then look it up.
	const key = placementKey(api.connection.baseUrl, order.body.retailer_id, ecOrderNo);
	const claim = await claimPlacement(key);
	if (!claim) {
		throw new NodeOperationError(this.getNode(), `Not sent: another execution is still placing order "${ecOrderNo}"`, {
			itemIndex,
			description: `Another execution of this n8n instance started placing the same EC order number and has not finished after ${IN_FLIGHT_WAIT_MS / 60_000} minutes. Check with Order › Get Many (by EC order number) before sending it again.`,
		});
	}
	try {
		if (settings.checkDuplicates || claim.waited) {
			const existing = await findByEcOrderNo(api, ecOrderNo, settings, itemIndex);
			if (existing.length) return describeExisting(order, existing);
		}
		return await sendOnce.call(this, api, order, settings);
	} finally {
		claim.release();
	}
}

/** Sends the order; after an unknown outcome, looks for a late registration before the one resend. */
async function sendOnce(
	this: IExecuteFunctions,
	api: PrintioApi,
	order: OrderToPlace,
	settings: PlacementSettings,
): Promise<IDataObject> {
	const itemIndex = order.sourceIndexes[0];
	try {
		return await send(api, order, settings);
	} catch (error) {
		if (!isOutcomeUnknown(error) && !isRateLimited(error)) throw withItemIndex.call(this, error, itemIndex);
		if (!settings.checkDuplicates) {
			if (isOutcomeUnknown(error)) annotateUnknown(error as NodeApiError, false);
			throw withItemIndex.call(this, error, itemIndex);
		}
		// The service may have registered it, maybe only seconds from now: find out before sending again.
		for (const pause of lateCommitPauses(settings.lateCommitWaitMs ?? LATE_COMMIT_WAIT_MS)) {
			await sleep(pause);
			const existing = await findByEcOrderNo(api, order.body.ec_order_no, settings, itemIndex);
			if (existing.length) return { ...describeExisting(order, existing), recovered_after_error: true };
		}
		try {
			return { ...(await send(api, order, settings)), retried: true };
		} catch (retryError) {
			if (isOutcomeUnknown(retryError)) annotateUnknown(retryError as NodeApiError, true);
			throw withItemIndex.call(this, retryError, itemIndex);
		}
	}
}

async function send(api: PrintioApi, order: OrderToPlace, settings: PlacementSettings): Promise<IDataObject> {
	const body = await api.request(settings.endpoint, {
		body: order.body,
		multiItemOrder: settings.multiItemOrder,
		itemIndex: order.sourceIndexes[0],
	});
	return { ...body.response, already_registered: false, ...order.annotations };
}

async function findByEcOrderNo(
	api: PrintioApi,
	ecOrderNo: string,
	settings: PlacementSettings,
	itemIndex: number,
): Promise<Order[]> {
	const body = await api.request('getOrders', {
		qs: { ec_order_no: ecOrderNo },
		multiItemOrder: settings.multiItemOrder,
		itemIndex,
	});
	return body.orders ?? [];
}

function describeExisting(order: OrderToPlace, existing: Order[]): IDataObject {
	const first = existing[0];
	return {
		order_no: first.order_no,
		ec_order_no: order.body.ec_order_no,
		already_registered: true,
		order_status_id: first.order_status_id,
		order_status_name: first.order_status_name,
		...(existing.length > 1 ? { shipping_ids: existing.map((record) => record.shipping_id) } : {}),
		...order.annotations,
	};
}

function isRateLimited(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '429';
}

function annotateUnknown(error: NodeApiError, afterRetry: boolean): NodeApiError {
	error.description = afterRetry
		? 'It is not known whether Printio registered this order: it was not found after the wait for a late registration, and the one resend failed too. Check with Order › Get Many (by EC order number), or the order list in Printio, before sending it again; if it appears twice, ask Printio to cancel one.'
		: 'It is not known whether Printio registered this order. Turn on Check for Existing Order to let the node find out, or check with Order › Get Many (by EC order number) before sending it again.';
	return error;
}
