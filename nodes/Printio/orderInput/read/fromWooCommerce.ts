/** A REST v3 order; the recipient block is taken whole, never mixed field by field (`shipping.phone` is 5.6+). */
import type { ShopLine, ShopOrder, ShopSettings, UnattributedRefund } from './shop';
import { compactAddress, firstGiven, fullNameOf, idOf, textOf } from './shop';
import { isPlainObject } from '../values';
import { withVariantSku } from '../../../shared/printio/variantSku';

type Json = Record<string, unknown>;

const objectOr = (value: unknown): Json | undefined => (isPlainObject(value) ? value : undefined);

/** WooCommerce's names of statuses whose orders must not be printed. */
const CANCELLED_STATUSES = ['cancelled', 'refunded', 'failed', 'trash'];

const hasAddress = (block: Json | undefined): block is Json =>
	block !== undefined &&
	['address_1', 'city', 'postcode', 'state'].some((key) => textOf(block[key]) !== undefined);

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
		number:
			settings.orderNumberFrom === 'id' ? idOf(order.id) : firstGiven(order.number, idOf(order.id)),
		date: asUtc(order.date_created_gmt) ?? textOf(order.date_created),
		recipient,
		recipientFrom: from,
		lines: (order.line_items as unknown[]).map((item, index) =>
			wooCommerceLine(item, index, settings),
		),
		cancelled: CANCELLED_STATUSES.includes(textOf(order.status)?.trim().toLowerCase() ?? ''),
		unattributedRefunds: refundsOf(order.refunds),
		platform: 'wooCommerce',
	};
}

/** The reason is the shop's free text and is not read. */
function refundsOf(value: unknown): UnattributedRefund[] {
	if (!Array.isArray(value)) return [];
	return value.map((entry) => {
		const refund = objectOr(entry) ?? {};
		return { id: idOf(refund.id), total: textOf(refund.total) };
	});
}

/** Only taxonomy attributes (`pa_…`) count: product data, never a customer's note. */
export function onlyProductAttribute(metaData: unknown): string | undefined {
	if (!Array.isArray(metaData)) return undefined;
	const values = metaData.flatMap((entry) => {
		if (!isPlainObject(entry) || typeof entry.key !== 'string' || !/^pa_/i.test(entry.key.trim()))
			return [];
		const value = textOf(entry.value);
		return value === undefined ? [] : [value.trim()];
	});
	return values.length === 1 ? values[0] : undefined;
}

/** `pa_color`, `Color`, `color`, `pa_colour` all name the attribute `color` (British spelling is common). */
const attributeName = (name: string) =>
	name
		.trim()
		.toLowerCase()
		.replace(/^pa_/, '')
		.replace(/^colour$/, 'color');

/** By its key or its display key. */
export function attributeValue(metaData: unknown, name: string): string | undefined {
	if (!Array.isArray(metaData) || name.trim() === '') return undefined;
	const wanted = attributeName(name);
	for (const entry of metaData) {
		if (!isPlainObject(entry)) continue;
		const keys = [entry.key, entry.display_key].filter(
			(key): key is string => typeof key === 'string',
		);
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
	const only =
		line.color === undefined && line.size === undefined
			? onlyProductAttribute(item.meta_data)
			: undefined;
	if (only !== undefined) line.singleOption = only;
	return withVariantSku(line);
}
