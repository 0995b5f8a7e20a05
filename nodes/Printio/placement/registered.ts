/**
 * What Printio already holds, read in bulk: one listing of the retailer's orders registered since a moment
 * (Return All, 30 per request) instead of one lookup per order. Used twice by a placement run: before it, to
 * settle the orders of a re-run that are already there (README: Never order twice, re-run cost), and after it,
 * to find a second order under an EC order number that this run placed (a duplicate another n8n process made).
 * A listing only ever says "this order exists": what it does not show is looked up one by one.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Order } from '../../../api/schema/types';
import { formatApiDateTime } from '../../shared/printio/time';
import type { PrintioApi } from '../../shared/printio/transport';

export type OrdersByEcOrderNo = Map<string, Order[]>;

const DAY_MS = 86_400_000;
/** Tokyo (the service's zone) is UTC+9 all year. */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/**
 * Lists the orders registered since `fromMs` when the whole listing costs at most `budget` requests (the first
 * page tells the total; past the budget, that page is the only cost: listAll's maxPages). Undefined when it
 * would cost more, or when a page fails: the caller then looks each order up, as without a listing.
 */
export async function listRegisteredSince(
	api: PrintioApi,
	fromMs: number,
	budget: number,
	options: { multiItemOrder: boolean; itemIndex: number; concurrency: number },
): Promise<OrdersByEcOrderNo | undefined> {
	if (budget < 1) return undefined;
	try {
		// Oldest first: an order registered while the pages are read lands after them, never shifts them. Within
		// the run's Concurrency option too: the option bounds every request of the node.
		const records = await api.listAll('getOrders', {
			qs: { date_time_from: formatApiDateTime(fromMs), sort_value: 'created_at', order: 'asc' },
			limit: Infinity,
			maxPages: budget,
			lanes: options.concurrency,
			multiItemOrder: options.multiItemOrder,
			itemIndex: options.itemIndex,
		});
		const byEcOrderNo: OrdersByEcOrderNo = new Map();
		for (const record of records) {
			if (!record.ec_order_no) continue;
			byEcOrderNo.set(record.ec_order_no, [...(byEcOrderNo.get(record.ec_order_no) ?? []), record]);
		}
		return byEcOrderNo;
	} catch {
		return undefined;
	}
}

/**
 * The start of a window that holds every order of these bodies that Printio may already have: a day before the
 * earliest `ec_order_date` (an order is registered after the shop took it; the day covers zones and late
 * dates). Undefined when a body has no readable date: then no window can be trusted.
 */
export function registeredNotBefore(bodies: readonly IDataObject[]): number | undefined {
	let earliest = Infinity;
	for (const body of bodies) {
		const match =
			typeof body.ec_order_date === 'string'
				? /^(\d{4})-(\d{2})-(\d{2})/.exec(body.ec_order_date.trim())
				: null;
		if (!match) return undefined;
		// Four digits of year and two of month and day always make a finite time (an impossible date rolls over).
		const midnightTokyo =
			Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - TOKYO_OFFSET_MS;
		earliest = Math.min(earliest, midnightTokyo);
	}
	return Number.isFinite(earliest) ? earliest - DAY_MS : undefined;
}

/** The distinct order numbers of some records (MultiItemOrder lists one record per shipment), lowest first. */
export function distinctOrderNos(records: readonly Order[]): string[] {
	return [...new Set(records.map((record) => record.order_no))].sort((a, b) =>
		a.localeCompare(b, 'en', { numeric: true }),
	);
}
