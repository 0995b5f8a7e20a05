import type { IDataObject } from 'n8n-workflow';

import { PAGE_SIZE_MAX } from '../../api/limits';
import type { PrintioApi } from '../shared/printio/transport';
import type { Change, StatusRecordLike } from './cursor';
import type { Settings } from './settings';

export const shipmentKey = (orderNo: unknown, shippingId: unknown): string =>
	JSON.stringify([String(orderNo), String(shippingId ?? '')]);
export const anyShipmentKey = (orderNo: unknown): string => JSON.stringify([String(orderNo)]);

/** Every shipment record of each order in a readOrders map, by order number. */
export function shipmentsByOrder(orders: Map<string, IDataObject>): Map<string, IDataObject[]> {
	const byOrder = new Map<string, IDataObject[]>();
	for (const [key, order] of orders) {
		const parts = JSON.parse(key) as string[];
		if (parts.length !== 2) continue;
		byOrder.set(parts[0], [...(byOrder.get(parts[0]) ?? []), order]);
	}
	return byOrder;
}

// Spec 4.7: order_no ignores every other parameter, paging too, so one call answers 30 orders.
export async function readOrders(
	api: PrintioApi,
	settings: Pick<Settings, 'multiItemOrder'>,
	changes: ReadonlyArray<Change<StatusRecordLike>>,
): Promise<Map<string, IDataObject>> {
	const orderNos = [...new Set(changes.map((change) => String(change.record.order_no)))];
	const byKey = new Map<string, IDataObject>();
	for (let i = 0; i < orderNos.length; i += PAGE_SIZE_MAX) {
		const orders = await api.listAll('getOrders', {
			qs: { order_no: orderNos.slice(i, i + PAGE_SIZE_MAX).join(',') },
			limit: Infinity,
			multiItemOrder: settings.multiItemOrder,
			shortPageEnds: true,
		});
		for (const order of orders as unknown as IDataObject[]) {
			for (const key of [
				shipmentKey(order.order_no, order.shipping_id),
				anyShipmentKey(order.order_no),
			]) {
				if (!byKey.has(key)) byKey.set(key, order);
			}
		}
	}
	return byKey;
}
