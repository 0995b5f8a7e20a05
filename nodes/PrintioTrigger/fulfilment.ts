/**
 * What a shipped change needs to fulfil its shop order: the tracking (number, carrier, Shopify's company name,
 * tracking URL) and the shop order with the line ids of this shipment. Pure: the caller read the status record
 * and the shipment's order record (GET /orders, which alone has `delivery_company_name` and the lines).
 */
import type { IDataObject } from 'n8n-workflow';

import { type Tracking, trackingOf } from '../../api/carriers';
import { parseShopReference, type ShopReferencePlatform } from '../shared/printio/shopReference';

export interface ShopOrderLine {
	/** The shop's line id (`ec_order_detail_no`). */
	lineId: string;
	/** The quantity this shipment carries of that line (summed when Printio lists the line twice). */
	quantity: number;
}

export interface ShopOrderOut {
	platform: ShopReferencePlatform;
	/** The platform's own order id (the one its API takes). */
	orderId: string;
	lineIds: string[];
	lines: ShopOrderLine[];
	/** Whether this shipment completes the Printio order's lines: every other shipment shipped before it. */
	completesOrder: boolean;
}

/** Where a shipment stands among its order's shipments, from the same read. */
export interface ShipmentContext {
	/** Every record of this order in the read (one per shipment with MultiItemOrder). */
	shipments: readonly IDataObject[];
	/** Whether no later change of this poll is a shipment of the same order. */
	lastOfOrderInPoll: boolean;
}

const hasShipped = (record: IDataObject): boolean =>
	typeof record.shipping_number === 'string' && record.shipping_number.trim() !== '';

/**
 * True for one shipment per order: the last one emitted once all have shipped. Shipments that ship in one
 * poll are emitted in one batch, and only the last of them completes the order.
 */
export function completesOrder(own: IDataObject, context: ShipmentContext): boolean {
	return (
		context.lastOfOrderInPoll &&
		context.shipments.every((shipment) => shipment === own || hasShipped(shipment))
	);
}

/** The shop lines of an order record (or one shipment of it): those with a line id, in Printio's order. */
function shopLines(order: IDataObject): ShopOrderLine[] {
	if (!Array.isArray(order.order_details)) return [];
	const lines: ShopOrderLine[] = [];
	for (const detail of order.order_details as Array<IDataObject | null | undefined>) {
		const { ec_order_detail_no: id, quantity } = detail ?? {};
		const lineId = typeof id === 'number' ? String(id) : typeof id === 'string' ? id.trim() : '';
		if (lineId === '') continue;
		// Printio's quantities are whole and positive; anything else carries nothing to fulfil.
		const count = Number(quantity);
		const shipped = Number.isInteger(count) ? Math.max(count, 0) : 0;
		const known = lines.find((line) => line.lineId === lineId);
		if (known) known.quantity += shipped;
		else lines.push({ lineId, quantity: shipped });
	}
	return lines;
}

/**
 * The fulfilment fields of a shipped change. `order` is the order record of this very shipment (undefined when
 * the read did not show it). No `shop_order` when the order carries no shop reference (placed in another mode,
 * before the reference was written, or with a text of the user's own), or when no line of this shipment has a
 * line id: a fulfilment without lines would fulfil the whole shop order.
 */
export function fulfilmentOf(
	record: IDataObject,
	order: IDataObject | undefined,
	context: ShipmentContext = { shipments: [], lastOfOrderInPoll: true },
): { tracking: Tracking; shop_order?: ShopOrderOut } {
	const tracking = trackingOf(
		record.shipping_number ?? order?.shipping_number,
		order?.delivery_company_name,
	);
	const reference = parseShopReference(
		record.ec_optional_information ?? order?.ec_optional_information,
	);
	if (reference === undefined || order === undefined) return { tracking };
	const lines = shopLines(order);
	if (!lines.length) return { tracking };
	return {
		tracking,
		shop_order: {
			platform: reference.platform,
			orderId: reference.orderId,
			lineIds: lines.map((line) => line.lineId),
			lines,
			completesOrder: completesOrder(order, context),
		},
	};
}
