/**
 * The shop order a print order came from, written into the order's `ec_optional_information` when the order is
 * placed from a shop input mode and the user set no text of their own. Printio returns that field unchanged on
 * both order reads (spec 2.4, 2.7), so the trigger can give the shop order back when the print ships.
 *
 * Form: `shop:<platform>:<order id>`, e.g. `shop:shopify:5123456789` or `shop:woocommerce:727`. The platform's
 * own order id (the one its API takes, not the number the shop shows), and nothing personal. The line ids travel
 * on each line as `ec_order_detail_no`, so they are not repeated here.
 */
export type ShopReferencePlatform = 'shopify' | 'woocommerce';

export interface ShopReference {
	platform: ShopReferencePlatform;
	orderId: string;
}

const PREFIX = 'shop';
/** An order id as both platforms give it: digits, letters, `-` and `_` (Shopify GIDs are written as the number). */
const REFERENCE = /^shop:(shopify|woocommerce):([A-Za-z0-9_-]{1,64})$/;

export function formatShopReference(reference: ShopReference): string {
	return `${PREFIX}:${reference.platform}:${reference.orderId}`;
}

/** The shop order of a Printio order's `ec_optional_information`, or undefined when it holds anything else. */
export function parseShopReference(text: unknown): ShopReference | undefined {
	if (typeof text !== 'string') return undefined;
	const match = REFERENCE.exec(text.trim());
	if (match === null) return undefined;
	return { platform: match[1] as ShopReferencePlatform, orderId: match[2] };
}
