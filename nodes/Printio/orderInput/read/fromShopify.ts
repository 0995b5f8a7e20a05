/**
 * A Shopify order (Admin REST API `Order` resource; the `orders/create`, `orders/paid`, `orders/updated` webhooks
 * send the same object) read into a {@link ShopOrder}. Fields read, as Shopify documents them:
 *
 * - number: `order_number` (1001; else `name` without its "#"), or `id` with Order Number From: ID;
 * - date: `created_at` as given ("2025-03-08T14:27:51+09:00"; the date rule of the pipeline reads it);
 * - recipient: `shipping_address`, else `billing_address` when the order has no shipping address (a whole
 *   block, never mixed field by field): `last_name` + `first_name` (else `company`), `zip`, `province_code`
 *   (`JP-13`; else `province`, "Tokyo"), `city`, `address1`, `address2`;
 *   phone: the block's `phone`, else the other address's, else the order's `phone`, else the customer's;
 *   mail: `email`, else `contact_email`, else the customer's `email`;
 * - lines: `line_items[]`: `sku`, `product_id`, `variant_id`; colour and size from `variant_title` ("White / M"),
 *   by position (a title of one part, "M", is one option of unknown role: read/variantOptions.ts tells which);
 *   `id` as the line id; the quantity left to fulfil (see {@link quantityLeft});
 * - cancelled: `cancelled_at` set (an `orders/updated` or `orders/cancelled` delivery of a cancelled order);
 * - test: `test: true` (an order of Shopify's test checkout, e.g. the Bogus Gateway).
 */
import type { GoneReason, ShopLine, ShopOrder, ShopSettings } from './shop';
import { compactAddress, firstGiven, fullNameOf, idOf, splitVariantTitle, textOf, variantTitlePart } from './shop';
import { isPlainObject } from '../values';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | undefined => (isPlainObject(value) ? value : undefined);

/** An address block holds an address when it gives any of these (Shopify sends empty strings and nulls). */
const hasAddress = (block: Json | undefined): block is Json =>
	block !== undefined && ['address1', 'city', 'zip', 'province', 'province_code'].some((key) => textOf(block[key]) !== undefined);

export function shopifyOrder(order: Json, settings: ShopSettings): ShopOrder {
	const shipping = objectOr(order.shipping_address);
	const billing = objectOr(order.billing_address);
	const customer = objectOr(order.customer);
	const from = hasAddress(shipping) ? 'shipping' : hasAddress(billing) ? 'billing' : 'none';
	const block = from === 'shipping' ? shipping : from === 'billing' ? billing : undefined;
	const other = from === 'shipping' ? billing : shipping;
	const recipient = block
		? compactAddress({
				full_name: fullNameOf(block.first_name, block.last_name, block.company) ?? textOf(block.name),
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
		lines: (order.line_items as unknown[]).map((item, index) => shopifyLine(item, index, settings, refunded)),
		cancelled: textOf(order.cancelled_at) !== undefined,
		test: order.test === true,
		platform: 'shopify',
	};
}

/** A count of units: a whole number from 0. */
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Units refunded per line id: the `quantity` of every `refunds[].refund_line_items[]` entry with that
 * `line_item_id` (an order may have several refunds, each naming a line once or more).
 */
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
 * What is left of a line to fulfil, as the order says now:
 * - `current_quantity` (REST Admin API 2024-01 and later: the quantity after order edits and refunds) where it is
 *   a count; else `quantity` less the units of the line in `refunds[].refund_line_items[]` (never below 0);
 * - at most `fulfillable_quantity` where that is a count: units fulfilled already (by hand, by another app, or a
 *   shipment of this print order fulfilled back to the shop) are not printed again;
 * - a line left at 0 is gone (`removedOrRefunded`, or `fulfilled` when only fulfilment took it to 0).
 * A quantity that is no count (absent, text) goes on as given, for validation to judge.
 */
export function quantityLeft(item: Json, refunded: ReadonlyMap<string, number>): { quantity: unknown; gone?: GoneReason } {
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
	if (isCount(fulfillable) && fulfillable < current) return fulfillable === 0 ? { quantity: 0, gone: 'fulfilled' } : { quantity: fulfillable };
	return { quantity: current };
}

function shopifyLine(value: unknown, index: number, settings: ShopSettings, refunded: ReadonlyMap<string, number>): ShopLine {
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
	if (parts.length === 1 && parts[0] !== '' && settings.colorPart > 0 && settings.sizePart > 0) line.singleOption = parts[0];
	if (left.gone !== undefined) line.gone = left.gone;
	return line;
}
