// In ec_optional_information, which both order reads return unchanged (spec 2.4, 2.7); nothing personal.
export type ShopReferencePlatform = 'shopify' | 'woocommerce';

export interface ShopReference {
	platform: ShopReferencePlatform;
	orderId: string;
}

const PREFIX = 'shop';
const REFERENCE = /^shop:(shopify|woocommerce):([A-Za-z0-9_-]{1,64})$/;

export function formatShopReference(reference: ShopReference): string {
	return `${PREFIX}:${reference.platform}:${reference.orderId}`;
}

export function parseShopReference(text: unknown): ShopReference | undefined {
	if (typeof text !== 'string') return undefined;
	const match = REFERENCE.exec(text.trim());
	if (match === null) return undefined;
	return { platform: match[1] as ShopReferencePlatform, orderId: match[2] };
}
