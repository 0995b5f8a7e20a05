/**
 * The one order builder: request lines checked against the catalog, addresses cut to width, lines grouped into
 * shipments, and the numbered record that is stored. Both order endpoints and the seed build orders here.
 */
import { LIMITS } from '../../api/limits';
import type { AddressBlock, OriginalItem, SenderInformation } from '../../api/schema/types';
import { splitAtWidth } from '../../api/width';
import { catalogByCode, findColor, stockCode, type CatalogItem } from '../catalog';
import { MSG_NO_DATA, ApiError, ParamError } from '../errors';
import { formatTokyo, tokyoDate } from './clock';
import { STATUS_RECEIVED } from './lifecycle';
import type { NewLine, NewOrder, OrderRecord } from './records';

/** What every order line asks for, whichever endpoint it came through. */
export interface LineRequest {
	color: string;
	size: string;
	quantity: number;
	ec_order_detail_no?: string | null;
}

/** A line for `item` with its colour and size checked (status 5 names the line). */
export function catalogLine(item: CatalogItem, index: number, request: LineRequest): NewLine {
	const color = findColor(item, request.color);
	if (!color)
		throw new ParamError(`order_details[${index}].color に指定できない値です: ${request.color}`);
	if (!item.item.sizes.values.some((s) => s.name === request.size)) {
		throw new ParamError(`order_details[${index}].size に指定できない値です: ${request.size}`);
	}
	return {
		ec_order_detail_no: request.ec_order_detail_no ?? null,
		item_code: item.item.code,
		item_name: item.item.item_name,
		quantity: request.quantity,
		color: color.name,
		hex: color.hex,
		size: request.size,
		item_stock_code: stockCode(item.item.code, color.abbr, request.size),
	};
}

export interface CodeLineRequest extends LineRequest {
	original_item_code?: string;
	ec_original_item_code?: string;
}

export interface OriginalItemLookup {
	byCode(code: string): OriginalItem | undefined;
	byEcCode(ecCode: string): OriginalItem | undefined;
}

/** Lines of POST /order-by-code: each names one of the retailer's original items (by either code). */
export function linesByCode(
	requests: CodeLineRequest[],
	originalItems: OriginalItemLookup,
): Array<{ line: NewLine; originalItem: OriginalItem }> {
	return requests.map((request, index) => {
		let originalItem: OriginalItem | undefined;
		if (request.original_item_code !== undefined) {
			originalItem = originalItems.byCode(request.original_item_code);
			if (!originalItem)
				throw new ApiError(
					1,
					`${MSG_NO_DATA} order_details[${index}].original_item_code: ${request.original_item_code}`,
				);
		} else if (request.ec_original_item_code !== undefined) {
			originalItem = originalItems.byEcCode(request.ec_original_item_code);
			if (!originalItem)
				throw new ApiError(
					1,
					`${MSG_NO_DATA} order_details[${index}].ec_original_item_code: ${request.ec_original_item_code}`,
				);
		} else {
			throw new ParamError(
				`order_details[${index}].original_item_code または ec_original_item_code のいずれかは必須です。`,
			);
		}
		const line = catalogLine(catalogByCode.get(originalItem.item_code)!, index, request);
		return { line: { ...line, original_item_code: originalItem.original_item_code }, originalItem };
	});
}

export interface ImageLineRequest extends LineRequest {
	item_code: string;
	image_urls: { values: Array<{ position: string }> };
}

/** Lines of POST /orders/order-with-image: a catalog item and a design per printable side. */
export function linesWithImage(requests: ImageLineRequest[]): NewLine[] {
	return requests.map((request, index) => {
		const item = catalogByCode.get(request.item_code);
		if (!item)
			throw new ApiError(
				1,
				`${MSG_NO_DATA} order_details[${index}].item_code: ${request.item_code}`,
			);
		const line = catalogLine(item, index, request);
		request.image_urls.values.forEach((side, sideIndex) => {
			if (!item.item.printable_sides.includes(side.position)) {
				throw new ParamError(
					`order_details[${index}].image_urls.values[${sideIndex}].position はこのアイテムに指定できません（${item.item.printable_sides.join(', ')}）。`,
				);
			}
		});
		return { ...line, image_urls: request.image_urls };
	});
}

/**
 * Address length rule: 16 full-width or 32 half-width characters; the excess is cut off (spec 2.6). Widths are
 * counted as the node counts them (api/width.ts).
 */
function cutToWidth(text: string): string {
	return splitAtWidth(text, LIMITS.addressWidth).head;
}

function cutAddress<T extends AddressBlock>(address: T): T {
	const out: T = {
		...address,
		address1: cutToWidth(address.address1),
		mail_address: address.mail_address ?? null,
	};
	if (address.address2 !== undefined) out.address2 = cutToWidth(address.address2);
	return out;
}

/**
 * An order from checked lines. MultiItemOrder: one shipment per underlying catalog item (different products
 * ship separately), in order of first appearance; otherwise one shipment.
 */
export function newOrder(order: Omit<NewOrder, 'shipments'> & { lines: NewLine[] }): NewOrder {
	const { lines, ...rest } = order;
	const shipments = new Map<string, NewLine[]>();
	for (const line of lines) {
		const key = order.multi ? line.item_code : '';
		shipments.set(key, [...(shipments.get(key) ?? []), line]);
	}
	return {
		...rest,
		shipping_information: cutAddress(order.shipping_information),
		sender_information: cutAddress<SenderInformation>(order.sender_information),
		shipments: [...shipments.values()],
	};
}

export function orderNumber(seq: number): string {
	return `PO${String(seq).padStart(8, '0')}`;
}

/** The stored record of a new order: numbered, received at `createdMs`, shipments and lines numbered. */
export function numberedOrder(seq: number, order: NewOrder, createdMs: number): OrderRecord {
	const orderNo = orderNumber(seq);
	const createdAt = formatTokyo(createdMs);
	let lineNo = 0;
	return {
		order_no: orderNo,
		seq,
		retailer_id: order.retailer_id,
		kind: order.kind,
		multi: order.multi,
		ec_order_no: order.ec_order_no,
		ec_order_date: order.ec_order_date,
		shipping_information: order.shipping_information,
		sender_information: order.sender_information,
		ec_optional_information: order.ec_optional_information,
		action_after_print: order.action_after_print,
		shipping_method: order.shipping_method,
		scheduled_shipping_date: tokyoDate(createdMs, 5),
		created_at: createdAt,
		shipments: order.shipments.map((lines, i) => ({
			shipping_id: `${orderNo}-${i + 1}`,
			status_id: STATUS_RECEIVED,
			updated_at: createdAt,
			updated_ms: createdMs,
			shipping_date: null,
			shipping_number: null,
			delivery_company_name: null,
			scheduled_delivery_date: null,
			lines: lines.map((line) => ({
				...line,
				order_detail_no: `${orderNo}-${String(++lineNo).padStart(2, '0')}`,
			})),
		})),
	};
}
