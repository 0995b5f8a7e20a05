/**
 * The sandbox's order lifecycle. The spec leaves status ids and names open ("not shown");
 * these are the team's shared decision.
 */
import { formatTokyo, tokyoDate } from './clock';
import type { LineRecord, OrderRecord, ShipmentRecord } from './records';

export interface OrderStatus {
	id: number;
	name: string;
	english: string;
	final: boolean;
}

export const STATUSES: readonly OrderStatus[] = [
	{ id: 1, name: '注文受付', english: 'received', final: false },
	{ id: 2, name: 'データチェック中', english: 'data check', final: false },
	{ id: 3, name: '製作中', english: 'in production', final: false },
	{ id: 4, name: '発送準備中', english: 'shipping preparation', final: false },
	{ id: 5, name: '発送済み', english: 'shipped', final: true },
	{ id: 9, name: 'キャンセル', english: 'cancelled', final: true },
];

export const STATUS_RECEIVED = 1;
export const STATUS_SHIPPED = 5;
export const STATUS_CANCELLED = 9;

const byId = new Map(STATUSES.map((s) => [s.id, s]));

export function statusName(id: number): string {
	return byId.get(id)?.name ?? '不明';
}

export function isKnownStatus(id: number): boolean {
	return byId.has(id);
}

export function isFinal(id: number): boolean {
	return byId.get(id)?.final ?? false;
}

/** The next status on the normal path (1→2→3→4→5); final statuses stay. */
export function nextStatus(id: number): number {
	if (isFinal(id)) return id;
	return id >= 4 ? STATUS_SHIPPED : id + 1;
}

/** Cancellation is possible from received, data check and in production only. */
export function canCancelFrom(id: number): boolean {
	return id >= 1 && id <= 3;
}

export const SHIPPING_METHODS: Record<
	number,
	{ name: string; company: string; deliveryDays: number }
> = {
	1: { name: 'メール便（ポスト投函）', company: '日本郵便', deliveryDays: 3 },
	2: { name: '宅配便', company: 'ヤマト運輸', deliveryDays: 1 },
};
export const DEFAULT_SHIPPING_METHOD = 2;

/**
 * An order seen as one record (without MultiItemOrder): the least advanced of its non-cancelled shipments
 * (the first one on a tie), or the first shipment when all are cancelled; status 9 then.
 */
export function leadShipment(order: OrderRecord): { lead: ShipmentRecord; statusId: number } {
	const live = order.shipments.filter((s) => s.status_id !== STATUS_CANCELLED);
	if (live.length === 0) return { lead: order.shipments[0], statusId: STATUS_CANCELLED };
	const lead = live.reduce((least, s) => (s.status_id < least.status_id ? s : least));
	return { lead, statusId: lead.status_id };
}

/** The time of the order's latest status change. */
export function lastChange(order: OrderRecord): string {
	let latest = order.shipments[0].updated_at;
	for (const s of order.shipments) if (s.updated_at > latest) latest = s.updated_at;
	return latest;
}

/**
 * Moves a shipment to a status at a time: records the change, fills the shipping fields on "shipped".
 * Returns the lines whose limited stock goes back (on "cancelled"); the caller stores both.
 */
export function applyStatus(
	order: OrderRecord,
	shipment: ShipmentRecord,
	status: number,
	atMs: number,
): LineRecord[] {
	shipment.status_id = status;
	shipment.updated_at = formatTokyo(atMs);
	shipment.updated_ms = atMs;
	if (status === STATUS_SHIPPED) {
		const method = shippingMethod(order.shipping_method);
		shipment.shipping_date = tokyoDate(atMs);
		shipment.scheduled_delivery_date = tokyoDate(atMs, method.deliveryDays);
		shipment.delivery_company_name = method.company;
		shipment.shipping_number = String(
			400000000000 + order.seq * 10 + order.shipments.indexOf(shipment) + 1,
		);
	}
	return status === STATUS_CANCELLED ? shipment.lines : [];
}

export function shippingMethod(id: number): {
	name: string;
	company: string;
	deliveryDays: number;
} {
	return SHIPPING_METHODS[id] ?? SHIPPING_METHODS[DEFAULT_SHIPPING_METHOD];
}
