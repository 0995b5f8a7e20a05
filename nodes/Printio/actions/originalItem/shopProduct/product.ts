import type { Item, OriginalItem } from '../../../../../api/schema/types';
import { DEFAULT_PRICE_SETTINGS, type PriceSettings, printioCost, variantPrice } from './price';
import { type OptionNames, planVariants, type ShopVariant, type VariantPlan } from './variants';

export interface ProductSettings {
	names: OptionNames;
	price: PriceSettings;
	unitCost: boolean;
	publish: boolean;
}

export const DEFAULT_PRODUCT_SETTINGS: ProductSettings = {
	names: 'japanese',
	price: DEFAULT_PRICE_SETTINGS,
	unitCost: false,
	publish: false,
};

export interface PricedVariant extends ShopVariant {
	price: number;
	cost?: number;
}

export interface ProductDraft extends Omit<VariantPlan, 'variants'> {
	title: string;
	description: string;
	variants: PricedVariant[];
}

const escapeHtml = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(character) =>
			({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ??
			character,
	);

export function productDraft(
	record: OriginalItem,
	catalog: Item | undefined,
	settings: ProductSettings,
	checkCount?: (count: number) => void,
): ProductDraft {
	const plan = planVariants(record, catalog, settings.names, checkCount);
	const label = `original item ${plan.code} (item ${record.item_code})`;
	const variants = plan.variants.map((variant): PricedVariant => {
		const priced: PricedVariant = {
			...variant,
			price: variantPrice(catalog?.price, variant, settings.price, label),
		};
		const cost = printioCost(catalog?.price, variant);
		if (settings.unitCost && cost !== undefined) priced.cost = cost;
		return priced;
	});
	const text = catalog?.description?.trim() ?? '';
	return {
		...plan,
		title: record.original_item_name?.trim() || record.item_name || plan.code,
		description: text ? `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>` : '',
		variants,
	};
}
