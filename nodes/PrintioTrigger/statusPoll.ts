import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { formatApiDateTimeLowerBound, parseApiDateTime, toIsoInZone } from '../shared/printio/time';
import type { OrderStatusesQuery } from '../../api/schema/types';
import { connectPrintio, type PrintioApi } from '../shared/printio/transport';
import {
	advance,
	type Change,
	latestChanges,
	queryStartMs,
	readCursor,
	type StatusRecordLike,
	UnreadableDateTimeError,
} from './cursor';
import { anyShipmentKey, readOrders, shipmentKey, shipmentsByOrder } from './enrichment';
import { fulfilmentOf } from './fulfilment';
import type { Event, Settings } from './settings';

type StatusEvent = Exclude<Event, 'shippingLate' | 'stockChanged'>;

interface StatusRecord extends StatusRecordLike, IDataObject {
	order_no: string;
	status_id: number;
	updated_at: string;
}

const MANUAL_LOOK_BACK_DAYS = [1, 7, 31];

function matcher(settings: Settings): (record: StatusRecord) => boolean {
	if (settings.event === 'shipped') {
		return (record) =>
			typeof record.shipping_number === 'string' && record.shipping_number.trim() !== '';
	}
	if (settings.event === 'statusReached') {
		const wanted = new Set(settings.statusIds);
		return (record) => wanted.has(Number(record.status_id));
	}
	return () => true;
}

async function readStatuses(
	api: PrintioApi,
	settings: Settings,
	fromMs: number,
): Promise<StatusRecord[]> {
	const qs: OrderStatusesQuery = {
		date_time_from: formatApiDateTimeLowerBound(fromMs, settings.apiTimeZone),
	};
	// Spec 4.8 filters by the status at call time: answers stay small.
	if (settings.statusIds.length === 1) qs.status_id = settings.statusIds[0];
	const body = await api.request('getOrderStatuses', {
		qs,
		multiItemOrder: settings.multiItemOrder,
	});
	return Array.isArray(body.orders) ? body.orders : [];
}

function parser(settings: Settings): (text: string) => number | undefined {
	return (text) => parseApiDateTime(text, settings.apiTimeZone);
}

export async function pollChanges(
	this: IPollFunctions,
	settings: Settings,
	nowMs: number,
): Promise<INodeExecutionData[][] | null> {
	const staticData = this.getWorkflowStaticData('node');
	const { state } = readCursor(staticData.cursor, { ...settings, nowMs });
	// Per poll: an edited credential must count.
	const api = await connectPrintio(this);
	const records = await readStatuses(api, settings, queryStartMs(state, settings.overlapMs));

	let result: ReturnType<typeof advance<StatusRecord>>;
	try {
		result = advance(state, records, {
			overlapMs: settings.overlapMs,
			parseTime: parser(settings),
			matches: matcher(settings),
		});
	} catch (error) {
		throw asNodeError.call(this, error);
	}
	const items = await toItems(api, settings, result.changes);

	// Moved only now: a failed poll moves nothing. Not rewritten unchanged: n8n would save it.
	if (JSON.stringify(staticData.cursor) !== JSON.stringify(result.next)) {
		staticData.cursor = { ...result.next };
	}
	return items.length ? [items] : null;
}

export async function fetchTestEvent(
	this: IPollFunctions,
	settings: Settings,
): Promise<INodeExecutionData[][] | null> {
	const nowMs = Date.now();
	const api = await connectPrintio(this);
	for (const days of MANUAL_LOOK_BACK_DAYS) {
		const records = await readStatuses(api, settings, nowMs - days * 86_400_000);
		const changes = latestChanges(records, {
			parseTime: parser(settings),
			matches: matcher(settings),
		});
		if (changes.length) return [await toItems(api, settings, changes)];
	}
	return null;
}

function asNodeError(this: IPollFunctions, error: unknown): Error {
	if (error instanceof UnreadableDateTimeError) {
		return new NodeOperationError(this.getNode(), error.message, {
			description:
				'The trigger cannot order this change in time. Check API Time Zone, or report it to Printio.',
		});
	}
	return error as Error;
}

const EVENT_NAMES: Record<StatusEvent, string> = {
	anyChange: 'statusChanged',
	shipped: 'shipped',
	statusReached: 'statusReached',
};

async function toItems(
	api: PrintioApi,
	settings: Settings,
	changes: Array<Change<StatusRecord>>,
): Promise<INodeExecutionData[]> {
	// The carrier and the lines of a shipment are only in GET /orders.
	const shipped = settings.event === 'shipped';
	const orders =
		settings.includeOrder || shipped ? await readOrders(api, settings, changes) : undefined;
	const shipments = shipped && orders ? shipmentsByOrder(orders) : new Map<string, IDataObject[]>();
	const lastChangeOf = new Map(
		changes.map((change, index) => [String(change.record.order_no), index]),
	);
	return changes.map(({ record, atMs, changeId }, index) => {
		const json: IDataObject = {
			event: EVENT_NAMES[settings.event as StatusEvent],
			change_id: changeId,
			...record,
			updated_at_iso: toIsoInZone(atMs, settings.apiTimeZone),
			updated_at_utc: new Date(atMs).toISOString(),
		};
		// Another shipment's lines must never fulfil this one.
		const own = orders?.get(shipmentKey(record.order_no, record.shipping_id));
		if (settings.includeOrder) {
			json.order = own ?? orders?.get(anyShipmentKey(record.order_no)) ?? null;
		}
		if (shipped)
			Object.assign(
				json,
				fulfilmentOf(record, own, {
					shipments: shipments.get(String(record.order_no)) ?? [],
					lastOfOrderInPoll: lastChangeOf.get(String(record.order_no)) === index,
				}),
			);
		return { json };
	});
}
