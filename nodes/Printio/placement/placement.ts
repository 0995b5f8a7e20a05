import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { Order, OrderByCodeRequest, OrderWithImageRequest } from '../../../api/schema/types';
import { mapWithConcurrency } from '../../shared/printio/concurrency';
import { isOutcomeUnknown, type PrintioApi } from '../../shared/printio/transport';
import { withItemIndex } from '../helpers/execution';
import { type ChangedRedelivery, changedFields } from './changedRedelivery';
import { claimPlacement, IN_FLIGHT_WAIT_MS, placementKey } from './inFlight';
import type { OrdersByEcOrderNo } from './registered';
import { distinctOrderNos, listRegisteredSince, registeredNotBefore } from './registered';

/** Enough for 1,000 rows in minutes, never a flood. */
export const MAX_CONCURRENCY = 8;

export const boundedConcurrency = (value: unknown) =>
	Math.min(MAX_CONCURRENCY, Math.max(1, Math.floor(Number(value) || 1)));

/** The service may commit an order late: look it up for 15 s before the one resend (README: Never order twice). */
export const LATE_COMMIT_WAIT_MS = 15_000;
const FIRST_LOOKUP_DELAY_MS = 1_000;

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
	sourceIndexes: number[];
	body: OrderByCodeRequest | OrderWithImageRequest;
	annotations?: IDataObject;
	/** Each line's catalog item, from the look-up's records, for the re-delivery comparison. */
	itemCodes: Array<string | undefined>;
}

export interface PlacementSettings {
	endpoint: PlacementEndpoint;
	checkDuplicates: boolean;
	concurrency: number;
	batchPauseMs: number;
	multiItemOrder: boolean;
	apiTimeZone: string;
	stopOnFirstError: boolean;
	lateCommitWaitMs?: number;
	changedRedelivery?: ChangedRedelivery;
}

export type PlacementOutcome =
	| { ok: true; order: OrderToPlace; json: IDataObject }
	| { ok: false; order: OrderToPlace; error: Error };

/** Below this a listing is no cheaper than a few lookups in parallel. */
const LISTING_MIN_ORDERS = 3;

/** Room for clock skew between n8n and Printio; an order the listing misses is looked up anyway. */
const DETECTION_MARGIN_MS = 10 * 60_000;

/** Never twice blindly: waits for a placement in flight, looks up first, checks for duplicates after. */
export async function placeOrders(
	this: IExecuteFunctions,
	api: PrintioApi,
	orders: OrderToPlace[],
	settings: PlacementSettings,
): Promise<PlacementOutcome[]> {
	const concurrency = boundedConcurrency(settings.concurrency);
	const startedAt = Date.now();
	const listed = await listAlreadyRegistered(api, orders, settings, concurrency);
	let stopped = false;
	const placeOne = async (order: OrderToPlace): Promise<PlacementOutcome> => {
		if (stopped) {
			return {
				ok: false,
				order,
				error: new NodeOperationError(this.getNode(), 'Not sent: an earlier order failed', {
					itemIndex: order.sourceIndexes[0],
				}),
			};
		}
		try {
			return {
				ok: true,
				order,
				json: await placeWithGuard.call(this, api, order, settings, listed),
			};
		} catch (error) {
			if (settings.stopOnFirstError) stopped = true;
			return { ok: false, order, error: error as Error };
		}
	};

	let outcomes: PlacementOutcome[] = [];
	if (settings.batchPauseMs <= 0)
		outcomes = await mapWithConcurrency(orders, concurrency, placeOne);
	else {
		for (let start = 0; start < orders.length; start += concurrency) {
			if (start > 0 && !stopped) await sleep(settings.batchPauseMs);
			const batch = orders.slice(start, start + concurrency);
			outcomes.push(...(await mapWithConcurrency(batch, concurrency, placeOne)));
		}
	}
	return await detectDuplicates.call(
		this,
		api,
		outcomes,
		settings,
		startedAt - DETECTION_MARGIN_MS,
		concurrency,
	);
}

/** A re-run: one listing settles the orders already there, if it costs at most half the lookups it saves. */
async function listAlreadyRegistered(
	api: PrintioApi,
	orders: OrderToPlace[],
	settings: PlacementSettings,
	concurrency: number,
): Promise<OrdersByEcOrderNo | undefined> {
	if (!settings.checkDuplicates || orders.length < LISTING_MIN_ORDERS) return undefined;
	const from = registeredNotBefore(
		orders.map((order) => order.body as IDataObject),
		settings.apiTimeZone,
	);
	if (from === undefined) return undefined;
	return await listRegisteredSince(api, from, Math.floor(orders.length / 2), {
		multiItemOrder: settings.multiItemOrder,
		itemIndex: orders[0].sourceIndexes[0],
		concurrency,
		apiTimeZone: settings.apiTimeZone,
	});
}

/** Two n8n processes cannot share the in-process registry: a second order under one EC order number fails its item. */
async function detectDuplicates(
	this: IExecuteFunctions,
	api: PrintioApi,
	outcomes: PlacementOutcome[],
	settings: PlacementSettings,
	fromMs: number,
	concurrency: number,
): Promise<PlacementOutcome[]> {
	const placed = outcomes.filter(
		(outcome): outcome is Extract<PlacementOutcome, { ok: true }> =>
			outcome.ok &&
			outcome.json.already_registered === false &&
			typeof outcome.json.order_no === 'string',
	);
	const listing =
		placed.length >= LISTING_MIN_ORDERS
			? await listRegisteredSince(api, fromMs, placed.length - 1, {
					multiItemOrder: settings.multiItemOrder,
					itemIndex: placed[0].order.sourceIndexes[0],
					concurrency,
					apiTimeZone: settings.apiTimeZone,
				})
			: undefined;
	const duplicates = new Map<PlacementOutcome, Error>();
	await mapWithConcurrency(placed, concurrency, async (outcome) => {
		const { order, json } = outcome;
		let records = listing?.get(order.body.ec_order_no);
		if (!records?.some((record) => record.order_no === json.order_no)) {
			try {
				records = await findByEcOrderNo(
					api,
					order.body.ec_order_no,
					settings,
					order.sourceIndexes[0],
				);
			} catch {
				return; // Placed; the check failed, so the order stands.
			}
		}
		const orderNos = distinctOrderNos(records);
		if (orderNos.length > 1)
			duplicates.set(outcome, duplicateError.call(this, order, orderNos, String(json.order_no)));
	});
	return outcomes.map((outcome) => {
		const error = duplicates.get(outcome);
		return error ? { ok: false, order: outcome.order, error } : outcome;
	});
}

/** Every run that finds the duplicate names the same one to keep. */
function duplicateError(
	this: IExecuteFunctions,
	order: OrderToPlace,
	orderNos: string[],
	own?: string,
): NodeOperationError {
	const [keep, ...cancel] = orderNos;
	const error = new NodeOperationError(
		this.getNode(),
		`Order "${order.body.ec_order_no}" is registered ${orderNos.length} times at Printio: ${orderNos.join(', ')}`,
		{
			itemIndex: order.sourceIndexes[0],
			description: `Another placement of the same EC order number (another n8n instance or queue-mode worker, or a workflow that is not this one) registered it too.${own ? ` This run placed ${own}.` : ''} Ask Printio to cancel ${cancel.join(', ')} and keep ${keep} (the lowest number; every run that finds this duplicate names the same one).`,
		},
	);
	error.context.duplicateOrderNos = orderNos;
	if (own) error.context.orderNo = own;
	return error;
}

async function placeWithGuard(
	this: IExecuteFunctions,
	api: PrintioApi,
	order: OrderToPlace,
	settings: PlacementSettings,
	listed?: OrdersByEcOrderNo,
): Promise<IDataObject> {
	const itemIndex = order.sourceIndexes[0];
	const ecOrderNo = order.body.ec_order_no;
	const key = placementKey(api.connection.baseUrl, order.body.retailer_id, ecOrderNo);
	const claim = await claimPlacement(key);
	if (!claim) {
		throw new NodeOperationError(
			this.getNode(),
			`Not sent: another execution is still placing order "${ecOrderNo}"`,
			{
				itemIndex,
				description: `Another execution of this n8n instance started placing the same EC order number and has not finished after ${IN_FLIGHT_WAIT_MS / 60_000} minutes. Check with Order › Get Many (by EC order number) before sending it again.`,
			},
		);
	}
	try {
		if (settings.checkDuplicates || claim.waited) {
			// A listing only proves that an order exists.
			const known = listed?.get(ecOrderNo);
			const existing = known?.length
				? known
				: await findByEcOrderNo(api, ecOrderNo, settings, itemIndex);
			if (existing.length) return await registeredOrder.call(this, api, order, existing, settings);
		}
		return await sendOnce.call(this, api, order, settings);
	} finally {
		claim.release();
	}
}

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
		if (!isOutcomeUnknown(error) && !isRateLimited(error))
			throw withItemIndex.call(this, error, itemIndex);
		if (!settings.checkDuplicates) {
			if (isOutcomeUnknown(error)) annotateUnknown(error as NodeApiError, false);
			throw withItemIndex.call(this, error, itemIndex);
		}
		// It may be registered seconds from now: look before resending.
		for (const pause of lateCommitPauses(settings.lateCommitWaitMs ?? LATE_COMMIT_WAIT_MS)) {
			await sleep(pause);
			const existing = await findByEcOrderNo(api, order.body.ec_order_no, settings, itemIndex);
			if (existing.length)
				return { ...describeExisting.call(this, order, existing), recovered_after_error: true };
		}
		try {
			return { ...(await send(api, order, settings)), retried: true };
		} catch (retryError) {
			if (isOutcomeUnknown(retryError)) annotateUnknown(retryError as NodeApiError, true);
			throw withItemIndex.call(this, retryError, itemIndex);
		}
	}
}

async function send(
	api: PrintioApi,
	order: OrderToPlace,
	settings: PlacementSettings,
): Promise<IDataObject> {
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

/** A changed re-delivery can fail its item, so that a workflow routes it to a person. */
async function registeredOrder(
	this: IExecuteFunctions,
	api: PrintioApi,
	order: OrderToPlace,
	existing: Order[],
	settings: PlacementSettings,
): Promise<IDataObject> {
	const json = describeExisting.call(this, order, existing);
	const changed = changedFields(order.body, existing, order.itemCodes);
	if (!changed.length) return json;
	if (settings.changedRedelivery === 'error') {
		const error = new NodeOperationError(
			this.getNode(),
			`Order "${order.body.ec_order_no}" is already registered at Printio as ${String(json.order_no)}, but this delivery differs in ${changed.join(', ')}: the change was not applied`,
			{
				itemIndex: order.sourceIndexes[0],
				description: CHANGED_REDELIVERY_HELP,
			},
		);
		error.context.orderNo = json.order_no;
		error.context.changedFields = changed;
		throw error;
	}
	return { ...json, changed_fields: changed };
}

export const CHANGED_REDELIVERY_HELP =
	'Printio has no endpoint to change or cancel an order, so nothing was sent. Ask Printio to change the order (or to cancel it and place the changed one under a new EC order number), or leave it as registered.';

function describeExisting(
	this: IExecuteFunctions,
	order: OrderToPlace,
	existing: Order[],
): IDataObject {
	const orderNos = distinctOrderNos(existing);
	if (orderNos.length > 1) throw duplicateError.call(this, order, orderNos);
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
