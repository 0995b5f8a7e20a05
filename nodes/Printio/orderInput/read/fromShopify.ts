/**
 * A Shopify order (Admin REST `Order`, as the order webhooks send it). The recipient is `shipping_address`, else
 * `billing_address`, a whole block: never mixed field by field. A line's quantity is what is left to fulfil.
 */
import type { GoneReason, ShopLine, ShopOrder, ShopSettings } from './shop';
import {
	compactAddress,
	firstGiven,
	fullNameOf,
	idOf,
	splitVariantTitle,
	textOf,
	variantTitlePart,
} from './shop';
import { isPlainObject } from '../values';
import { withVariantSku } from '../../../shared/printio/variantSku';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | undefined => (isPlainObject(value) ? value : undefined);

/** Shopify sends empty blocks as empty strings and nulls. */
const hasAddress = (block: Json | undefined): block is Json =>
	block !== undefined &&
	['address1', 'city', 'zip', 'province', 'province_code'].some(
		(key) => textOf(block[key]) !== undefined,
	);

export function shopifyOrder(order: Json, settings: ShopSettings): ShopOrder {
	const shipping = objectOr(order.shipping_address);
	const billing = objectOr(order.billing_address);
	const customer = objectOr(order.customer);
	const from = hasAddress(shipping) ? 'shipping' : hasAddress(billing) ? 'billing' : 'none';
	const block = from === 'shipping' ? shipping : from === 'billing' ? billing : undefined;
	const other = from === 'shipping' ? billing : shipping;
	const recipient = block
		? compactAddress({
				full_name:
					fullNameOf(block.first_name, block.last_name, block.company) ?? textOf(block.name),
				zip_code: textOf(block.zip),
				prefecture_name: firstGiven(block.province_code, block.province),
				municipalities: textOf(block.city),
				address1: textOf(block.address1),
				address2: textOf(block.address2),
				phone_number: firstGiven(block.phone, other?.phone, order.phone, customer?.phone),
				mail_address: firstGiven(order.email, order.contact_email, customer?.email),
			})
		: {};
	const refunded = refundedUnits(order.refunds);
	const number =
		settings.orderNumberFrom === 'id'
			? idOf(order.id)
			: firstGiven(order.order_number, textOf(order.name)?.replace(/^#/, ''));
	return {
		number,
		date: textOf(order.created_at),
		recipient,
		recipientFrom: from,
		lines: (order.line_items as unknown[]).map((item, index) =>
			shopifyLine(item, index, settings, refunded),
		),
		cancelled: textOf(order.cancelled_at) !== undefined,
		test: order.test === true,
		platform: 'shopify',
	};
}

const isCount = (value: unknown): value is number =>
	typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** An order may have several refunds, each naming a line once or more. */
export function refundedUnits(refunds: unknown): Map<string, number> {
	const units = new Map<string, number>();
	if (!Array.isArray(refunds)) return units;
	for (const refund of refunds) {
		const entries = objectOr(refund)?.refund_line_items;
		if (!Array.isArray(entries)) continue;
		for (const entry of entries) {
			const refundLine = objectOr(entry);
			const lineId = idOf(refundLine?.line_item_id);
			if (lineId === undefined || !isCount(refundLine?.quantity)) continue;
			units.set(lineId, (units.get(lineId) ?? 0) + refundLine.quantity);
		}
	}
	return units;
}

/**
 * `current_quantity` (REST 2024-01 on: after edits and refunds), else `quantity` less the refunded units; at most
 * `fulfillable_quantity`, so units fulfilled already (by hand, another app, or this print order's shipment fulfilled
 * back to the shop) are not printed again. A quantity that is no count goes on for validation to judge.
 */
export function quantityLeft(
	item: Json,
	refunded: ReadonlyMap<string, number>,
): { quantity: unknown; gone?: GoneReason } {
	const lineId = idOf(item.id);
	const ordered = item.quantity;
	const current = isCount(item.current_quantity)
		? item.current_quantity
		: isCount(ordered)
			? Math.max(0, ordered - (lineId === undefined ? 0 : (refunded.get(lineId) ?? 0)))
			: undefined;
	if (current === undefined) return { quantity: ordered };
	if (current === 0) return { quantity: 0, gone: 'removedOrRefunded' };
	const fulfillable = item.fulfillable_quantity;
	if (isCount(fulfillable) && fulfillable < current)
		return fulfillable === 0 ? { quantity: 0, gone: 'fulfilled' } : { quantity: fulfillable };
	return { quantity: current };
}

function shopifyLine(
	value: unknown,
	index: number,
	settings: ShopSettings,
	refunded: ReadonlyMap<string, number>,
): ShopLine {
	const item = objectOr(value) ?? {};
	const parts = splitVariantTitle(item.variant_title);
	const codes: ShopLine['codes'] = {};
	const sku = textOf(item.sku);
	if (sku !== undefined) codes.sku = sku.trim();
	const productId = idOf(item.product_id);
	if (productId !== undefined) codes.productId = productId;
	const variantId = idOf(item.variant_id);
	if (variantId !== undefined) codes.variantId = variantId;
	const left = quantityLeft(item, refunded);
	const line: ShopLine = {
		index,
		lineId: idOf(item.id),
		codes,
		name: firstGiven(item.title, item.name),
		color: variantTitlePart(parts, settings.colorPart),
		size: variantTitlePart(parts, settings.sizePart),
		quantity: left.quantity,
	};
	// One option where the settings expect both: which one it is, the item's catalog record says.
	if (parts.length === 1 && parts[0] !== '' && settings.colorPart > 0 && settings.sizePart > 0)
		line.singleOption = parts[0];
	if (left.gone !== undefined) line.gone = left.gone;
	return withVariantSku(line);
}
