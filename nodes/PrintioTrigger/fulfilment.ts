/** A shipped change's tracking and shop lines; only GET /orders has `delivery_company_name` and the lines. */
import type { IDataObject } from 'n8n-workflow';

import { type Tracking, trackingOf } from '../../api/carriers';
import { parseShopReference, type ShopReferencePlatform } from '../shared/printio/shopReference';

export interface ShopOrderLine {
	lineId: string;
	/** Summed when Printio lists the line twice. */
	quantity: number;
}

export interface ShopOrderOut {
	platform: ShopReferencePlatform;
	/** The id the platform's API takes. */
	orderId: string;
	lineIds: string[];
	lines: ShopOrderLine[];
	completesOrder: boolean;
}

export interface ShipmentContext {
	/** One record per shipment with MultiItemOrder. */
	shipments: readonly IDataObject[];
	lastOfOrderInPoll: boolean;
}

const hasShipped = (record: IDataObject): boolean =>
	typeof record.shipping_number === 'string' && record.shipping_number.trim() !== '';

/** Shipments of one poll are one batch: only its last completes the order. */
export function completesOrder(own: IDataObject, context: ShipmentContext): boolean {
	return (
		context.lastOfOrderInPoll &&
		context.shipments.every((shipment) => shipment === own || hasShipped(shipment))
	);
}

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

/** No `shop_order` without a shop reference or a line id: a fulfilment without lines fulfils the whole order. */
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
