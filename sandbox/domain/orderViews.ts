/**
 * How stored orders read in GET /orders and GET /order-statuses: with MultiItemOrder one record per shipment
 * (with its shipping_id, status and lines), without it one record per order (see leadShipment).
 */
import type { Order, OrderLine, OrderStatusRecord } from '../../api/schema/types';
import { lastChange, leadShipment, shippingMethod, STATUS_SHIPPED, statusName } from './lifecycle';
import type { LineRecord, OrderRecord, ShipmentRecord } from './records';

export interface OrderView {
	order: OrderRecord;
	/** the shipment of a MultiItemOrder record; undefined = the whole order */
	shipment?: ShipmentRecord;
	statusId: number;
	updatedAt: string;
	/** the shipment whose shipping fields the record shows */
	lead: ShipmentRecord;
	lines: Array<{ line: LineRecord; statusId: number }>;
}

export function wholeOrderView(order: OrderRecord): OrderView {
	const { lead, statusId } = leadShipment(order);
	return {
		order,
		statusId,
		updatedAt: lastChange(order),
		lead,
		lines: order.shipments.flatMap((s) => s.lines.map((line) => ({ line, statusId: s.status_id }))),
	};
}

export function shipmentView(order: OrderRecord, shipment: ShipmentRecord): OrderView {
	return {
		order,
		shipment,
		statusId: shipment.status_id,
		updatedAt: shipment.updated_at,
		lead: shipment,
		lines: shipment.lines.map((line) => ({ line, statusId: shipment.status_id })),
	};
}

export function viewsOf(orders: OrderRecord[], multi: boolean): OrderView[] {
	return multi
		? orders.flatMap((o) => o.shipments.map((s) => shipmentView(o, s)))
		: orders.map(wholeOrderView);
}

/** The shipping fields a record shows once its shipment is shipped (null before). */
function shippedFields(view: OrderView) {
	const shipped = view.statusId === STATUS_SHIPPED;
	return {
		shipping_date: shipped ? view.lead.shipping_date : null,
		scheduled_delivery_date: shipped ? view.lead.scheduled_delivery_date : null,
		delivery_company_name: shipped ? view.lead.delivery_company_name : null,
		shipping_number: shipped ? view.lead.shipping_number : null,
	};
}

export function orderJson(view: OrderView): Order {
	const order = view.order;
	const shipped = shippedFields(view);
	return {
		order_no: order.order_no,
		ec_order_no: order.ec_order_no,
		ec_order_date: order.ec_order_date,
		...(view.shipment ? { shipping_id: view.shipment.shipping_id } : {}),
		shipping_information: order.shipping_information,
		sender_information: order.sender_information,
		order_status_id: view.statusId,
		order_status_name: statusName(view.statusId),
		scheduled_shipping_date: order.scheduled_shipping_date,
		shipping_date: shipped.shipping_date,
		scheduled_delivery_date: shipped.scheduled_delivery_date,
		...(shipped.delivery_company_name
			? { delivery_company_name: shipped.delivery_company_name }
			: {}),
		shipping_method_name: shippingMethod(order.shipping_method).name,
		shipping_number: shipped.shipping_number,
		order_details: view.lines.map(
			({ line, statusId }): OrderLine => ({
				order_detail_no: line.order_detail_no,
				ec_order_detail_no: line.ec_order_detail_no,
				item_code: line.item_code,
				item_name: line.item_name,
				quantity: line.quantity,
				color: line.color,
				hex: line.hex,
				size: line.size,
				order_detail_status_id: statusId,
				order_detail_status_name: statusName(statusId),
			}),
		),
		ec_optional_information: order.ec_optional_information,
		action_after_print: order.action_after_print,
	};
}

export function statusJson(view: OrderView): OrderStatusRecord {
	const order = view.order;
	const shipped = shippedFields(view);
	return {
		order_no: order.order_no,
		ec_order_no: order.ec_order_no,
		...(view.shipment ? { shipping_id: view.shipment.shipping_id } : {}),
		status_id: view.statusId,
		status_name: statusName(view.statusId),
		scheduled_shipping_date: order.scheduled_shipping_date,
		shipping_date: shipped.shipping_date,
		scheduled_delivery_date: shipped.scheduled_delivery_date,
		shipping_number: shipped.shipping_number,
		updated_at: view.updatedAt,
		ec_optional_information: order.ec_optional_information,
	};
}
