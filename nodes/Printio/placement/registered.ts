/** One listing of what Printio holds instead of a lookup per order; it only proves that an order exists. */
import type { IDataObject } from 'n8n-workflow';

import type { Order } from '../../../api/schema/types';
import { formatApiDateTime, instantOfWallTime } from '../../shared/printio/time';
import type { PrintioApi } from '../../shared/printio/transport';

export type OrdersByEcOrderNo = Map<string, Order[]>;

const DAY_MS = 86_400_000;

/** Undefined past `budget` requests or on a failed page: the caller then looks each order up. */
export async function listRegisteredSince(
	api: PrintioApi,
	fromMs: number,
	budget: number,
	options: { multiItemOrder: boolean; itemIndex: number; concurrency: number; apiTimeZone: string },
): Promise<OrdersByEcOrderNo | undefined> {
	if (budget < 1) return undefined;
	try {
		// Oldest first: an order registered while paging lands after the pages, never shifts them.
		const records = await api.listAll('getOrders', {
			qs: {
				date_time_from: formatApiDateTime(fromMs, options.apiTimeZone),
				sort_value: 'created_at',
				order: 'asc',
			},
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

/** A day before the earliest ec_order_date's midnight in the API's zone (late dates); undefined if one is unreadable. */
export function registeredNotBefore(
	bodies: readonly IDataObject[],
	apiTimeZone: string,
): number | undefined {
	let earliest = Infinity;
	for (const body of bodies) {
		const match =
			typeof body.ec_order_date === 'string'
				? /^(\d{4})-(\d{2})-(\d{2})/.exec(body.ec_order_date.trim())
				: null;
		if (!match) return undefined;
		const [year, month, day] = match.slice(1).map(Number);
		const midnight = instantOfWallTime(
			{ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 },
			apiTimeZone,
		);
		earliest = Math.min(earliest, midnight);
	}
	return Number.isFinite(earliest) ? earliest - DAY_MS : undefined;
}

/** MultiItemOrder lists one record per shipment. */
export function distinctOrderNos(records: readonly Order[]): string[] {
	return [...new Set(records.map((record) => record.order_no))].sort((a, b) =>
		a.localeCompare(b, 'en', { numeric: true }),
	);
}
