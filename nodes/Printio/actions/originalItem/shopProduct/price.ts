import type { ShopVariant } from './variants';
import { ShopProductRefusal } from './variants';

export interface PriceSettings {
	mode: 'catalog' | 'fixed';
	markupPercent: number;
	markupYen: number;
	roundTo: number;
	/** `*`: every size not listed. */
	fixed: Record<string, number>;
}

export const DEFAULT_PRICE_SETTINGS: PriceSettings = {
	mode: 'catalog',
	markupPercent: 0,
	markupYen: 0,
	roundTo: 1,
	fixed: {},
};

export function printioCost(
	catalogPrice: number | undefined,
	variant: ShopVariant,
): number | undefined {
	if (catalogPrice === undefined || !Number.isFinite(catalogPrice)) return undefined;
	return catalogPrice + (variant.size?.surcharge ?? 0);
}

/** Up, so that rounding never eats the margin. */
export function roundUp(amount: number, step: number): number {
	// Whole yen: JPY has no minor unit.
	const unit = Number.isFinite(step) && step >= 1 ? Math.floor(step) : 1;
	// 1.1 * 1000 is 1100.0000000000002.
	return Math.ceil(amount / unit - 1e-9) * unit;
}

export function variantPrice(
	catalogPrice: number | undefined,
	variant: ShopVariant,
	settings: PriceSettings,
	itemLabel: string,
): number {
	const size = variant.size?.name;
	if (settings.mode === 'fixed') {
		const fixed = (size !== undefined ? settings.fixed[size] : undefined) ?? settings.fixed['*'];
		if (fixed === undefined || !Number.isFinite(fixed) || fixed <= 0)
			throw new ShopProductRefusal(
				`Fixed Price per Size gives no price for ${size === undefined ? 'an item without sizes' : `size "${size}"`} of ${itemLabel}`,
				'Give a price for every size, or one for * (all other sizes).',
			);
		return roundUp(fixed, 1);
	}
	const cost = printioCost(catalogPrice, variant);
	if (cost === undefined || cost <= 0)
		throw new ShopProductRefusal(
			`The price of ${itemLabel} is unknown: its catalog record could not be read or gives no price`,
			'Set Shop Product Options › Price to Fixed Price per Size, or try again when Printio answers.',
		);
	const price = roundUp(
		cost * (1 + settings.markupPercent / 100) + settings.markupYen,
		settings.roundTo,
	);
	// A negative markup could reach zero: the shop would give the piece away.
	if (!(price >= 1))
		throw new ShopProductRefusal(
			`The marked-up price of ${itemLabel}${size === undefined ? '' : ` in size "${size}"`} would be ${price} yen`,
			'Use a markup that leaves a price above zero, or Fixed Price per Size.',
		);
	return price;
}
