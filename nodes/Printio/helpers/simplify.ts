import type { IDataObject } from 'n8n-workflow';

import type { Item, Order, OriginalItem } from '../../../api/schema/types';

// Orders leave out the address blocks: personal data flows on only when asked for (Simplify off).
export function simplifyItem(item: Item): IDataObject {
	return {
		code: item.code,
		item_name: item.item_name,
		category_id: item.category_id,
		price: item.price,
		display_unit: item.display_unit,
		main_image_url: item.main_image_url,
		printable_sides: item.printable_sides,
		colors: namesOf(item.colors?.values),
		sizes: namesOf(item.sizes?.values),
	};
}

export function simplifyOriginalItem(originalItem: OriginalItem): IDataObject {
	return {
		original_item_code: originalItem.original_item_code,
		ec_original_item_code: originalItem.ec_original_item_code,
		original_item_name: originalItem.original_item_name,
		item_code: originalItem.item_code,
		item_name: originalItem.item_name,
		category_id: originalItem.category_id,
		category_name: originalItem.category_name,
		colors: originalItem.image_urls?.map((image) => image.color_name),
		sizes: namesOf(originalItem.sizes?.values),
		created_at: originalItem.created_at,
		updated_at: originalItem.updated_at,
	};
}

export function simplifyOrder(order: Order): IDataObject {
	const simplified: IDataObject = {
		order_no: order.order_no,
		ec_order_no: order.ec_order_no,
		order_status_id: order.order_status_id,
		order_status_name: order.order_status_name,
		scheduled_shipping_date: order.scheduled_shipping_date,
		shipping_date: order.shipping_date,
		scheduled_delivery_date: order.scheduled_delivery_date,
		delivery_company_name: order.delivery_company_name,
		shipping_number: order.shipping_number,
		lines: order.order_details?.map((line) => ({
			item_code: line.item_code,
			item_name: line.item_name,
			color: line.color,
			size: line.size,
			quantity: line.quantity,
			status_name: line.order_detail_status_name,
		})),
		ec_optional_information: order.ec_optional_information,
	};
	if (order.shipping_id !== undefined) simplified.shipping_id = order.shipping_id;
	return simplified;
}

function namesOf(values: unknown): string[] | undefined {
	if (!Array.isArray(values)) return undefined;
	return values
		.map((value) => (value && typeof value === 'object' ? (value as IDataObject).name : undefined))
		.filter((name): name is string => typeof name === 'string');
}
