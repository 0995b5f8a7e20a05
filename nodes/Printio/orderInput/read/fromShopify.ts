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
 *   by position; `quantity`; `id` as the line id;
 * - cancelled: `cancelled_at` set (an `orders/updated` or `orders/cancelled` delivery of a cancelled order).
 */
import type { ShopLine, ShopOrder, ShopSettings } from './shop';
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
	const number =
		settings.orderNumberFrom === 'id'
			? idOf(order.id)
			: firstGiven(order.order_number, textOf(order.name)?.replace(/^#/, ''));
	return {
		number,
		date: textOf(order.created_at),
		recipient,
		recipientFrom: from,
		lines: (order.line_items as unknown[]).map((item, index) => shopifyLine(item, index, settings)),
		cancelled: textOf(order.cancelled_at) !== undefined,
	};
}

function shopifyLine(value: unknown, index: number, settings: ShopSettings): ShopLine {
	const item = objectOr(value) ?? {};
	const parts = splitVariantTitle(item.variant_title);
	const codes: ShopLine['codes'] = {};
	const sku = textOf(item.sku);
	if (sku !== undefined) codes.sku = sku.trim();
	const productId = idOf(item.product_id);
	if (productId !== undefined) codes.productId = productId;
	const variantId = idOf(item.variant_id);
	if (variantId !== undefined) codes.variantId = variantId;
	return {
		index,
		lineId: idOf(item.id),
		codes,
		name: firstGiven(item.title, item.name),
		color: variantTitlePart(parts, settings.colorPart),
		size: variantTitlePart(parts, settings.sizePart),
		quantity: item.quantity,
	};
}
