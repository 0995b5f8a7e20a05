import type { INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ItemStock, OrderStatusRecord as OrderStatus } from '../../api/schema/types';
import { formatApiDateTimeLowerBound, parseApiDateTime, toIsoInZone } from '../shared/printio/time';
import type { PrintioApi } from '../shared/printio/transport';
import { advanceLate, lateSince, readLateState } from './lateShipments';
import { originalItemsByCode, shopVariantsOf } from './shopVariants';
import { advanceStock, readStockState, shortReason } from './stockLevels';

const DAY_MS = 86_400_000;
const MANUAL_MAX_ITEMS = 10;

export const alertProperties: INodeProperties[] = [
	{
		displayName: 'Grace (Hours)',
		name: 'lateGraceHours',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 1 },
		default: 0,
		description:
			'How long after its scheduled shipping date has ended (in the API’s time zone) an unshipped order counts as late',
		displayOptions: { show: { event: ['shippingLate'] } },
	},
	{
		displayName: 'Look-Back (Days)',
		name: 'lateLookBackDays',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 30,
		description:
			'Each poll reads the orders whose status changed within this many days (one request). An order that stays in one status longer than this is not seen.',
		displayOptions: { show: { event: ['shippingLate'] } },
	},
	{
		displayName: 'Closed Status IDs',
		name: 'closedStatusIds',
		type: 'string',
		default: '5, 9',
		placeholder: 'e.g. 5, 9',
		description:
			'Comma-separated status IDs that are never late (the sandbox: 5 shipped, 9 cancelled; Order › Get Statuses shows yours). An order with a shipping date or slip number counts as shipped anyway.',
		displayOptions: { show: { event: ['shippingLate'] } },
	},
	{
		displayName: 'Item Codes',
		name: 'stockItemCodes',
		type: 'string',
		default: '',
		placeholder: 'e.g. OGB-910, MUG-410',
		description:
			'Comma-separated catalog item codes to watch (one request each per poll); empty = every item (one request)',
		displayOptions: { show: { event: ['stockChanged'] } },
	},
	{
		displayName: 'Low Stock Below',
		name: 'stockThreshold',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 1,
		description:
			'An entry is low when its quantity is below this number (1 = sold out), or when it is not orderable. Unlimited stock (no quantity) is never low.',
		displayOptions: { show: { event: ['stockChanged'] } },
	},
];

export interface AlertContext {
	api: PrintioApi;
	apiTimeZone: string;
	multiItemOrder: boolean;
	nowMs: number;
	manual: boolean;
}

export function deadlineOf(scheduled: string, apiTimeZone: string): number | undefined {
	const text = scheduled.replace(/\//g, '-');
	const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
	if (!day) return parseApiDateTime(text, apiTimeZone);
	const next = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + 1));
	if (next.getUTCFullYear() < 1970) return undefined;
	return parseApiDateTime(`${next.toISOString().slice(0, 10)} 00:00:00`, apiTimeZone);
}

function closedStatuses(this: IPollFunctions): Set<number> {
	const raw = String(this.getNodeParameter('closedStatusIds', '5, 9') ?? '');
	const parts = raw.split(/[\s,]/).filter(Boolean);
	const ids = parts.map(Number);
	if (ids.some((id) => !Number.isInteger(id) || id < 0)) {
		throw new NodeOperationError(
			this.getNode(),
			`Closed Status IDs must be whole numbers separated by commas, got "${raw}"`,
			{
				description: 'For example 5, 9. Order › Get Statuses shows the IDs your account uses.',
			},
		);
	}
	return new Set(ids);
}

export async function pollShippingLate(
	this: IPollFunctions,
	context: AlertContext,
): Promise<INodeExecutionData[][] | null> {
	const graceHours = Number(this.getNodeParameter('lateGraceHours', 0));
	const lookBackDays = Math.max(1, Number(this.getNodeParameter('lateLookBackDays', 30)) || 30);
	const options = {
		nowMs: context.nowMs,
		graceMs: Math.max(0, Number.isFinite(graceHours) ? graceHours : 0) * 3_600_000,
		closedStatusIds: closedStatuses.call(this),
		deadlineOf: (scheduled: string) => deadlineOf(scheduled, context.apiTimeZone),
		retentionMs: lookBackDays * DAY_MS,
	};
	const body = await context.api.request('getOrderStatuses', {
		qs: {
			date_time_from: formatApiDateTimeLowerBound(
				context.nowMs - lookBackDays * DAY_MS,
				context.apiTimeZone,
			),
		},
		multiItemOrder: context.multiItemOrder,
	});
	const records: OrderStatus[] = Array.isArray(body.orders) ? body.orders : [];

	const toItem = (record: OrderStatus, since: number, lateId: string): INodeExecutionData => ({
		json: {
			event: 'shippingLate',
			late_id: lateId,
			...record,
			late_since_iso: toIsoInZone(since, context.apiTimeZone),
			late_since_utc: new Date(since).toISOString(),
			hours_late: Math.floor((context.nowMs - since) / 360_000) / 10,
		},
	});

	if (context.manual) {
		const late = records
			.map((record) => ({ record, since: lateSince(record, options) }))
			.filter((entry): entry is { record: OrderStatus; since: number } => entry.since !== undefined)
			.sort((a, b) => a.since - b.since)
			.slice(0, MANUAL_MAX_ITEMS);
		return late.length
			? [
					late.map(({ record, since }) =>
						toItem(
							record,
							since,
							`${record.order_no}|${record.shipping_id ?? ''}|${record.scheduled_shipping_date}`,
						),
					),
				]
			: null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const { late, next } = advanceLate(readLateState(staticData.late), records, options);
	// Only when changed (n8n saves any write), and as a new object, which n8n's change tracking sees.
	if (JSON.stringify(staticData.late) !== JSON.stringify(next)) staticData.late = { ...next };
	return late.length
		? [late.map(({ record, lateSinceMs, lateId }) => toItem(record, lateSinceMs, lateId))]
		: null;
}

export async function pollStockChanged(
	this: IPollFunctions,
	context: AlertContext,
): Promise<INodeExecutionData[][] | null> {
	const threshold = Math.max(0, Number(this.getNodeParameter('stockThreshold', 1)) || 0);
	const itemCodes = String(this.getNodeParameter('stockItemCodes', '') ?? '')
		.split(',')
		.map((code) => code.trim())
		.filter(Boolean);
	const retailerId = context.api.connection.retailerId;
	const records: ItemStock[] = [];
	// A stock entry does not name its item: known only for the watched item codes.
	const itemOf = new Map<ItemStock, string>();
	for (const itemCode of itemCodes.length ? [...new Set(itemCodes)] : [undefined]) {
		const body = await context.api.request('postItemStocks', {
			body: { retailer_id: retailerId, ...(itemCode ? { item_code: itemCode } : {}) },
		});
		if (Array.isArray(body.item_stocks)) records.push(...body.item_stocks);
		if (itemCode) for (const record of body.item_stocks ?? []) itemOf.set(record, itemCode);
	}

	// Read before the state moves on: a failed read fails the poll, and the crossing comes again.
	const shopFieldsOf = async (emitted: readonly ItemStock[]) => {
		const codes = emitted.flatMap((record) => itemOf.get(record) ?? []);
		const originals = await originalItemsByCode(context.api, retailerId, codes);
		return (record: ItemStock) => {
			const itemCode = itemOf.get(record);
			const found = itemCode === undefined ? undefined : originals.get(itemCode);
			return found ? { item_code: itemCode, shop_variants: shopVariantsOf(record, found) } : {};
		};
	};
	const toItem =
		(shop: (record: ItemStock) => object) =>
		(event: string, record: ItemStock, reason: string): INodeExecutionData => ({
			json: { event, ...record, reason: reason || null, threshold, ...shop(record) },
		});

	if (context.manual) {
		const short = records
			.map((record) => ({ record, reason: shortReason(record, threshold) }))
			.filter((entry) => entry.reason)
			.slice(0, MANUAL_MAX_ITEMS);
		const item = toItem(await shopFieldsOf(short.map((entry) => entry.record)));
		return short.length
			? [short.map(({ record, reason }) => item('stockLow', record, reason))]
			: null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const { crossings, next } = advanceStock(readStockState(staticData.stock), records, threshold);
	const item = toItem(await shopFieldsOf(crossings.map((crossing) => crossing.record)));
	if (JSON.stringify(staticData.stock) !== JSON.stringify(next)) staticData.stock = { ...next };
	return crossings.length
		? [crossings.map(({ event, record, reason }) => item(event, record, reason))]
		: null;
}
