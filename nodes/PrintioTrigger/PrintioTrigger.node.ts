import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { PAGE_SIZE_MAX } from '../../api/limits';
import { apiTimeZoneOption, multiItemOrderOption } from '../shared/printio/descriptions';
import {
	assertTimeZone,
	DEFAULT_API_TIME_ZONE,
	formatApiDateTimeLowerBound,
	parseApiDateTime,
	parseUserDateTime,
	toIsoInZone,
} from '../shared/printio/time';
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
import { alertProperties, pollShippingLate, pollStockChanged, type AlertContext } from './pollAlerts';

type Event = 'anyChange' | 'shipped' | 'statusReached' | 'shippingLate' | 'stockChanged';
type StatusEvent = Exclude<Event, 'shippingLate' | 'stockChanged'>;

interface StatusRecord extends StatusRecordLike, IDataObject {
	order_no: string;
	status_id: number;
	updated_at: string;
}

/** Default overlap: the API has whole seconds, clocks drift and a change can become visible after a later one. */
const DEFAULT_OVERLAP_SECONDS = 120;
/** n8n shifts each schedule by a random second, so two polls can be up to a minute further apart. */
const SCHEDULE_JITTER_MS = 60_000;
/** Used when the poll times cannot be read (a custom cron expression). */
const FALLBACK_POLL_INTERVAL_MS = 24 * 3_600_000;
/** Fetch Test Event looks back this far, widening only while it finds nothing (one request per step). */
const MANUAL_LOOK_BACK_DAYS = [1, 7, 31];
/** Polls of one trigger in this process right now (workflow id + node name → lease expiry), see README. */
const pollsInFlight = new Map<string, number>();

export class PrintioTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Printio Trigger',
		name: 'printioTrigger',
		icon: { light: 'file:../Printio/printio.svg', dark: 'file:../Printio/printio.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ { anyChange: "Any status change", shipped: "Order shipped", statusReached: "Status reached", shippingLate: "Shipping late", stockChanged: "Stock changed" }[$parameter["event"]] }}',
		// n8n's nodes panel shows Printio and Printio Trigger as one entry with this text (measured in n8n 2.41.1 by
		// e2e/newcomer.e2e.test.mjs), so it describes both: the actions first, then what starts a workflow.
		description:
			'Print on demand with Printio: place print orders, browse the catalog and stock, create original items, and start a workflow when an order changes status or ships late, or when stock runs low',
		defaults: { name: 'Printio Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'printioApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Any Status Change',
						value: 'anyChange',
						description: 'Every change of an order’s (or shipment’s) status',
					},
					{
						name: 'Order Shipped',
						value: 'shipped',
						description: 'A status change that carries a shipping (slip) number',
					},
					{
						name: 'Shipping Late',
						value: 'shippingLate',
						description:
							'An order (or shipment) not shipped after its scheduled shipping date: once per order and scheduled date',
					},
					{
						name: 'Status Reached',
						value: 'statusReached',
						description: 'A change into one of the status IDs you choose',
					},
					{
						name: 'Stock Changed',
						value: 'stockChanged',
						description: 'A stock entry runs low or becomes not orderable, and when it recovers: once per crossing',
					},
				],
				default: 'anyChange',
			},
			...alertProperties,
			{
				displayName: 'Status IDs',
				name: 'statusIds',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. 5, 9',
				description:
					'Comma-separated status IDs. Printio does not publish its IDs (see Order › Get Statuses for yours); the local sandbox uses 1 received, 2 data check, 3 in production, 4 shipping preparation, 5 shipped, 9 cancelled.',
				displayOptions: { show: { event: ['statusReached'] } },
			},
			{
				displayName:
					'Each change is emitted once, oldest first. Printio shows only the current status of an order, so two changes between polls arrive as one.',
				name: 'pollNotice',
				type: 'notice',
				default: '',
				displayOptions: { hide: { event: ['shippingLate', 'stockChanged'] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					apiTimeZoneOption,
					{
						displayName: 'First Look-Back (Minutes)',
						name: 'lookBackMinutes',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 0 },
						default: 0,
						description:
							'Only until the trigger has emitted its first change (n8n stores the cursor with it): how far back each poll reads, so that no change between polls is lost. 0 = one polling interval plus the overlap, from Poll Times.',
					},
					{
						displayName: 'Include Full Order',
						name: 'includeOrder',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the full order (addresses, lines) under "order", read with one GET /orders call per 30 changed orders',
					},
					multiItemOrderOption,
					{
						displayName: 'Overlap Window (Seconds)',
						name: 'overlapSeconds',
						type: 'number',
						typeOptions: { minValue: 1, numberPrecision: 0 },
						default: DEFAULT_OVERLAP_SECONDS,
						description:
							'Each poll reads again this far before the latest change it processed and skips what it already emitted: covers whole-second timestamps, clock skew and changes that become visible late',
					},
					{
						displayName: 'Start From',
						name: 'startFrom',
						type: 'dateTime',
						default: '',
						description:
							'On first activation, emit the changes since this time (read in the workflow’s time zone unless it has an offset). Empty: start now. Changing it starts over from the new time.',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings.call(this);
		if (this.getMode() === 'manual') {
			if (isAlert(settings.event)) return await pollAlert.call(this, settings, Date.now(), true);
			return await fetchTestEvent.call(this, settings);
		}

		// Keyed like the node's static data (workflow + node name), which is what two polls could both move.
		// Stryker disable next-line StringLiteral: any constant stands for a missing workflow id (both polls of that trigger still share the key)
		const leaseKey = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().name}`;
		const nowMs = Date.now();
		const leaseUntil = pollsInFlight.get(leaseKey);
		// Another poll of this trigger is still running in this process (an overlapping schedule, or a second
		// activation): it will emit what is new; running both would emit it twice.
		if (leaseUntil !== undefined && leaseUntil > nowMs) return null;
		pollsInFlight.set(leaseKey, nowMs + pollBudgetMs.call(this));
		try {
			if (isAlert(settings.event)) return await pollAlert.call(this, settings, nowMs, false);
			return await pollChanges.call(this, settings, nowMs);
		} finally {
			pollsInFlight.delete(leaseKey);
		}
	}
}

function isAlert(event: Event): event is 'shippingLate' | 'stockChanged' {
	return event === 'shippingLate' || event === 'stockChanged';
}

/** Shipping Late and Stock Changed keep their own state (static data `late`, `stock`), not the cursor. */
async function pollAlert(
	this: IPollFunctions,
	settings: Settings,
	nowMs: number,
	manual: boolean,
): Promise<INodeExecutionData[][] | null> {
	const context: AlertContext = {
		// Read on every poll: n8n keeps this context for the whole activation, and an edited credential must count.
		api: await connectPrintio(this),
		apiTimeZone: settings.apiTimeZone,
		multiItemOrder: settings.multiItemOrder,
		nowMs,
		manual,
	};
	return settings.event === 'shippingLate'
		? await pollShippingLate.call(this, context)
		: await pollStockChanged.call(this, context);
}

interface Settings {
	event: Event;
	statusIds: number[];
	apiTimeZone: string;
	multiItemOrder: boolean;
	includeOrder: boolean;
	overlapMs: number;
	lookBackMs: number;
	start: string;
	startAtMs?: number;
}

function readSettings(this: IPollFunctions): Settings {
	const node = this.getNode();
	const event = this.getNodeParameter('event', 'anyChange') as Event;
	const options = this.getNodeParameter('options', {}) as IDataObject;

	let statusIds: number[] = [];
	if (event === 'statusReached') {
		const raw = String(this.getNodeParameter('statusIds', '') ?? '');
		// Stryker disable next-line Regex: splitting at each separator instead of each run only adds empty parts, which filter(Boolean) drops
		const parts = raw.split(/[\s,]+/).filter(Boolean);
		statusIds = parts.map(Number);
		if (!parts.length || statusIds.some((id) => !Number.isInteger(id) || id < 0)) {
			throw new NodeOperationError(node, `Status IDs must be whole numbers separated by commas, got "${raw}"`, {
				description: 'For example 5, 9. Order › Get Statuses shows the IDs your account uses.',
			});
		}
	}

	const apiTimeZone = String(options.apiTimeZone || DEFAULT_API_TIME_ZONE).trim();
	try {
		assertTimeZone(apiTimeZone);
	} catch {
		throw new NodeOperationError(node, `API Time Zone "${apiTimeZone}" is not a known time zone`, {
			description: 'Use an IANA time zone name such as Asia/Tokyo.',
		});
	}

	const overlapSeconds = Number(options.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS);
	const overlapMs = Math.max(1, Number.isFinite(overlapSeconds) ? overlapSeconds : DEFAULT_OVERLAP_SECONDS) * 1000;
	const lookBackMinutes = Number(options.lookBackMinutes ?? 0);
	const lookBackMs =
		lookBackMinutes > 0
			? lookBackMinutes * 60_000
			: pollIntervalMs.call(this) + SCHEDULE_JITTER_MS + overlapMs;

	let start = 'now';
	let startAtMs: number | undefined;
	if (options.startFrom !== undefined && options.startFrom !== '' && options.startFrom !== null) {
		startAtMs = parseUserDateTime(options.startFrom, this.getTimezone());
		if (startAtMs === undefined) {
			throw new NodeOperationError(node, `Start From is not a date-time: "${String(options.startFrom)}"`, {
				description: 'Pick a date and time, or leave Start From empty to start now.',
			});
		}
		// The cursor belongs to what the user typed, not to the instant it resolves to: a change of the workflow's
		// time zone, or an expression such as {{ $now }}, must not start the cursor over (and replay everything).
		const typed = (this.getNode().parameters.options as IDataObject | undefined)?.startFrom;
		start = `at:${typeof typed === 'string' ? typed : String(startAtMs)}`;
	}

	return {
		event,
		statusIds,
		apiTimeZone,
		multiItemOrder: options.multiItemOrder === true,
		includeOrder: options.includeOrder === true,
		overlapMs,
		lookBackMs,
		start,
		startAtMs,
	};
}

/** The longest gap between two scheduled polls, from n8n's Poll Times parameter. */
function pollIntervalMs(this: IPollFunctions): number {
	let items: IDataObject[] = [];
	try {
		items = (this.getNodeParameter('pollTimes', {}) as { item?: IDataObject[] }).item ?? [];
	} catch {
		// A node without Poll Times: read as every minute (below).
	}
	const minute = 60_000;
	const intervals = items.map((item) => {
		switch (item.mode) {
			case 'everyMinute':
				return minute;
			case 'everyX':
				return Math.max(1, Number(item.value) || 1) * (item.unit === 'hours' ? 60 * minute : minute);
			case 'everyHour':
				return 60 * minute;
			// Stryker disable next-line StringLiteral: an unknown mode falls back to one day too
			case 'everyDay':
				return 24 * 60 * minute;
			case 'everyWeek':
				return 7 * 24 * 60 * minute;
			case 'everyMonth':
				return 31 * 24 * 60 * minute;
			default:
				return FALLBACK_POLL_INTERVAL_MS;
		}
	});
	// Several schedules together poll at least as often as the most frequent one.
	return intervals.length ? Math.min(...intervals) : minute;
}

function pollBudgetMs(this: IPollFunctions): number {
	// getPollBudgetMs exists from n8n 2.x on; earlier versions abandon nothing, 5 minutes is a safe lease.
	const budget = (this as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs?.call(this);
	return typeof budget === 'number' && budget > 0 ? budget : 5 * 60_000;
}

function matcher(settings: Settings): (record: StatusRecord) => boolean {
	if (settings.event === 'shipped') {
		return (record) => typeof record.shipping_number === 'string' && record.shipping_number.trim() !== '';
	}
	if (settings.event === 'statusReached') {
		const wanted = new Set(settings.statusIds);
		return (record) => wanted.has(Number(record.status_id));
	}
	return () => true;
}

async function readStatuses(api: PrintioApi, settings: Settings, fromMs: number): Promise<StatusRecord[]> {
	const qs: OrderStatusesQuery = { date_time_from: formatApiDateTimeLowerBound(fromMs, settings.apiTimeZone) };
	// One wanted status: let Printio filter (status at the time of the call), which keeps answers small.
	// Only Status Reached has status IDs (readSettings).
	if (settings.statusIds.length === 1) qs.status_id = settings.statusIds[0];
	const body = await api.request('getOrderStatuses', { qs, multiItemOrder: settings.multiItemOrder });
	return Array.isArray(body.orders) ? body.orders : [];
}

function parser(settings: Settings): (text: string) => number | undefined {
	return (text) => parseApiDateTime(text, settings.apiTimeZone);
}

async function pollChanges(
	this: IPollFunctions,
	settings: Settings,
	nowMs: number,
): Promise<INodeExecutionData[][] | null> {
	const staticData = this.getWorkflowStaticData('node');
	const { state } = readCursor(staticData.cursor, { ...settings, nowMs });
	// Read on every poll: n8n keeps this context for the whole activation, and an edited credential must count.
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

	// Only now, with everything read, is the cursor moved: a poll that failed above left it untouched.
	// Unchanged state is not written again: n8n would count it as a change to save.
	if (JSON.stringify(staticData.cursor) !== JSON.stringify(result.next)) {
		staticData.cursor = { ...result.next };
	}
	return items.length ? [items] : null;
}

async function fetchTestEvent(this: IPollFunctions, settings: Settings): Promise<INodeExecutionData[][] | null> {
	const nowMs = Date.now();
	const api = await connectPrintio(this);
	for (const days of MANUAL_LOOK_BACK_DAYS) {
		const records = await readStatuses(api, settings, nowMs - days * 86_400_000);
		// Unlike advance, latestChanges passes over an updated_at it cannot read (it shows what it can), so it
		// never throws.
		const changes = latestChanges(records, { parseTime: parser(settings), matches: matcher(settings) });
		if (changes.length) return [await toItems(api, settings, changes)];
	}
	return null;
}

function asNodeError(this: IPollFunctions, error: unknown): Error {
	if (error instanceof UnreadableDateTimeError) {
		return new NodeOperationError(this.getNode(), error.message, {
			description: 'The trigger cannot order this change in time. Check API Time Zone, or report it to Printio.',
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
	const orders = settings.includeOrder ? await readOrders(api, settings, changes) : undefined;
	return changes.map(({ record, atMs, changeId }) => {
		const json: IDataObject = {
			event: EVENT_NAMES[settings.event as StatusEvent],
			change_id: changeId,
			...record,
			updated_at_iso: toIsoInZone(atMs, settings.apiTimeZone),
			updated_at_utc: new Date(atMs).toISOString(),
		};
		if (orders) {
			json.order = orders.get(shipmentKey(record.order_no, record.shipping_id)) ?? orders.get(anyShipmentKey(record.order_no)) ?? null;
		}
		return { json };
	});
}

/** One shipment's record; a record without a shipment (shipping_id null or absent) is a shipment of its own. */
// Stryker disable next-line StringLiteral: any constant stands for a missing shipping id (null and absent alike)
const shipmentKey = (orderNo: unknown, shippingId: unknown): string => JSON.stringify([String(orderNo), String(shippingId ?? '')]);
/** The order number's first record: for a change whose own shipment is not listed. */
const anyShipmentKey = (orderNo: unknown): string => JSON.stringify([String(orderNo)]);

/**
 * The full orders of the changes: GET /orders with up to 30 comma-separated order numbers per call. The spec
 * says an order_no lookup ignores every other parameter, paging included, so one call answers a batch (also
 * with MultiItemOrder, where 30 orders can be more than 30 records). Should a service page it anyway
 * (fewer records than `total`, a full page), the next pages are read until `total`.
 */
async function readOrders(
	api: PrintioApi,
	settings: Settings,
	changes: Array<Change<StatusRecord>>,
): Promise<Map<string, IDataObject>> {
	const orderNos = [...new Set(changes.map((change) => String(change.record.order_no)))];
	const byKey = new Map<string, IDataObject>();
	const add = (orders: IDataObject[]) => {
		for (const order of orders) {
			for (const key of [shipmentKey(order.order_no, order.shipping_id), anyShipmentKey(order.order_no)]) {
				if (!byKey.has(key)) byKey.set(key, order);
			}
		}
	};
	for (let i = 0; i < orderNos.length; i += PAGE_SIZE_MAX) {
		const orderNo = orderNos.slice(i, i + PAGE_SIZE_MAX).join(',');
		let received = 0;
		for (let page = 1; ; page++) {
			const body = await api.request('getOrders', {
				qs: { order_no: orderNo, limit: PAGE_SIZE_MAX, page },
				multiItemOrder: settings.multiItemOrder,
			});
			const orders: IDataObject[] = Array.isArray(body.orders) ? body.orders : [];
			add(orders);
			received += orders.length;
			const total = typeof body.total === 'number' ? body.total : received;
			if (orders.length < PAGE_SIZE_MAX || received >= total) break;
		}
	}
	return byKey;
}
