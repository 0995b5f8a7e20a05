/**
 * A WooCommerce order (REST API v3 `orders` object; the `order.created` / `order.updated` webhooks send the same
 * object) read into a {@link ShopOrder}. Fields read, as WooCommerce documents them:
 *
 * - number: `number` ("1234"), or `id` with Order Number From: ID;
 * - date: `date_created_gmt` (UTC without an offset, so it is marked as UTC with a `Z`), else `date_created`
 *   (the site's local time, without an offset); the date rule of the pipeline reads it;
 * - recipient: `shipping`, else `billing` when the order has no shipping address (a whole block, never mixed
 *   field by field): `last_name` + `first_name` (else `company`), `postcode`, `state` (`JP13`), `city`,
 *   `address_1`, `address_2`; phone: `shipping.phone` (WooCommerce 5.6+), else `billing.phone`; mail:
 *   `billing.email`;
 * - lines: `line_items[]`: `sku`, `product_id`, `variation_id` (0 for a simple product: its `product_id` then);
 *   colour and size from `meta_data`, the entry whose `key` (`pa_color`, or `color` for a custom attribute) or
 *   `display_key` is the attribute name (any case, `pa_` or not, `colour` = `color`), its `value` as stored
 *   (`white`, `m`); a line with neither but exactly one other product attribute (`pa_volume`: `330ml`) has that
 *   value as one option of unknown role (read/variantOptions.ts tells which); `quantity`; `id` as the line id;
 * - cancelled: `status` `cancelled`, `refunded`, `failed` or `trash` (an `order.updated` delivery of such an order);
 * - refunds: `refunds[]`. WooCommerce's order lists each refund's `id`, `reason` and `total` only, and its line
 *   items keep the quantity ordered: which lines a refund took back is not in the order (it is in the refund's own
 *   resource, `GET /orders/<id>/refunds`). Such an order is refused unless Partly Refunded Orders says Place All Lines.
 */
import type { ShopLine, ShopOrder, ShopSettings, UnattributedRefund } from './shop';
import { compactAddress, firstGiven, fullNameOf, idOf, textOf } from './shop';
import { isPlainObject } from '../values';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | undefined => (isPlainObject(value) ? value : undefined);

/** Order statuses of an order that must not be printed (WooCommerce's own status names). */
const CANCELLED_STATUSES = ['cancelled', 'refunded', 'failed', 'trash'];

const hasAddress = (block: Json | undefined): block is Json =>
	block !== undefined && ['address_1', 'city', 'postcode', 'state'].some((key) => textOf(block[key]) !== undefined);

/** A timestamp WooCommerce gives in UTC without saying so (`date_created_gmt`): marked with `Z`. */
function asUtc(value: unknown): string | undefined {
	const text = textOf(value)?.trim();
	if (text === undefined) return undefined;
	return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`;
}

export function wooCommerceOrder(order: Json, settings: ShopSettings): ShopOrder {
	const shipping = objectOr(order.shipping);
	const billing = objectOr(order.billing);
	const from = hasAddress(shipping) ? 'shipping' : hasAddress(billing) ? 'billing' : 'none';
	const block = from === 'shipping' ? shipping : from === 'billing' ? billing : undefined;
	const recipient = block
		? compactAddress({
				full_name: fullNameOf(block.first_name, block.last_name, block.company),
				zip_code: textOf(block.postcode),
				prefecture_name: textOf(block.state),
				municipalities: textOf(block.city),
				address1: textOf(block.address_1),
				address2: textOf(block.address_2),
				phone_number: firstGiven(block.phone, shipping?.phone, billing?.phone),
				mail_address: firstGiven(block.email, billing?.email),
			})
		: {};
	return {
		number: settings.orderNumberFrom === 'id' ? idOf(order.id) : firstGiven(order.number, idOf(order.id)),
		date: asUtc(order.date_created_gmt) ?? textOf(order.date_created),
		recipient,
		recipientFrom: from,
		lines: (order.line_items as unknown[]).map((item, index) => wooCommerceLine(item, index, settings)),
		cancelled: CANCELLED_STATUSES.includes(textOf(order.status)?.trim().toLowerCase() ?? ''),
		unattributedRefunds: refundsOf(order.refunds),
		platform: 'wooCommerce',
	};
}

/** The order's refunds (`refunds[]`: id, reason, total); the reason is the shop's free text and is not read. */
function refundsOf(value: unknown): UnattributedRefund[] {
	if (!Array.isArray(value)) return [];
	return value.map((entry) => {
		const refund = objectOr(entry) ?? {};
		return { id: idOf(refund.id), total: textOf(refund.total) };
	});
}

/**
 * The value of the line's only product attribute (a taxonomy attribute, key `pa_…`: product data, never a
 * customer's note), when it has exactly one; undefined otherwise.
 */
export function onlyProductAttribute(metaData: unknown): string | undefined {
	if (!Array.isArray(metaData)) return undefined;
	const values = metaData.flatMap((entry) => {
		if (!isPlainObject(entry) || typeof entry.key !== 'string' || !/^pa_/i.test(entry.key.trim())) return [];
		const value = textOf(entry.value);
		return value === undefined ? [] : [value.trim()];
	});
	return values.length === 1 ? values[0] : undefined;
}

/** `pa_color`, `Color`, `color`, `pa_colour` all name the attribute `color` (British spelling is common). */
const attributeName = (name: string) => name.trim().toLowerCase().replace(/^pa_/, '').replace(/^colour$/, 'color');

/** The stored value of the line's attribute `name`, by its key or its display key. */
export function attributeValue(metaData: unknown, name: string): string | undefined {
	if (!Array.isArray(metaData) || name.trim() === '') return undefined;
	const wanted = attributeName(name);
	for (const entry of metaData) {
		if (!isPlainObject(entry)) continue;
		const keys = [entry.key, entry.display_key].filter((key): key is string => typeof key === 'string');
		if (keys.some((key) => attributeName(key) === wanted)) {
			const value = textOf(entry.value);
			if (value !== undefined) return value.trim();
		}
	}
	return undefined;
}

function wooCommerceLine(value: unknown, index: number, settings: ShopSettings): ShopLine {
	const item = objectOr(value) ?? {};
	const codes: ShopLine['codes'] = {};
	const sku = textOf(item.sku);
	if (sku !== undefined) codes.sku = sku.trim();
	const productId = idOf(item.product_id);
	if (productId !== undefined) codes.productId = productId;
	const variantId = idOf(item.variation_id) ?? productId;
	if (variantId !== undefined) codes.variantId = variantId;
	const line: ShopLine = {
		index,
		lineId: idOf(item.id),
		codes,
		name: textOf(item.name),
		color: attributeValue(item.meta_data, settings.colorAttribute),
		size: attributeValue(item.meta_data, settings.sizeAttribute),
		quantity: item.quantity,
	};
	// Neither attribute, one other product attribute: which one it is, the item's catalog record says.
	const only = line.color === undefined && line.size === undefined ? onlyProductAttribute(item.meta_data) : undefined;
	if (only !== undefined) line.singleOption = only;
	return line;
}
