import type { ItemStock, OriginalItem } from '../../api/schema/types';
import type { PrintioApi } from '../shared/printio/transport';
import { skuCodeOf, skuColorName, variantSku } from '../shared/printio/variantSku';

export interface ShopVariantOfStock {
	original_item_code: string;
	ec_original_item_code: string | null;
	sku: string;
	color: string;
	mfr_color_name: string | null;
	size: string;
}

function colorsOf(record: OriginalItem): Array<{ name: string; mfr: string | null }> {
	const listed = (record.colors?.values ?? []).map((value) => ({
		name: value.name,
		mfr: value.mfr_color_name || null,
	}));
	if (listed.length) return listed;
	return (record.image_urls ?? []).map((image) => ({
		name: image.color_name,
		mfr: image.mfr_color_name || null,
	}));
}

export function shopVariantsOf(
	stock: Pick<ItemStock, 'color_name' | 'size'>,
	records: readonly OriginalItem[],
): ShopVariantOfStock[] {
	return records.flatMap((record) => {
		const colors = colorsOf(record);
		const color = colors.length
			? colors.find((entry) => entry.name === stock.color_name)
			: { name: stock.color_name, mfr: null };
		const sizes = record.sizes?.values ?? [];
		if (!color || (sizes.length && !sizes.some((size) => size.name === stock.size))) return [];
		const { code } = skuCodeOf(record);
		return [
			{
				original_item_code: record.original_item_code,
				ec_original_item_code: record.ec_original_item_code ?? null,
				sku: variantSku(code, skuColorName(color.name, color.mfr), stock.size),
				color: color.name,
				mfr_color_name: color.mfr,
				size: stock.size,
			},
		];
	});
}

/** Once per item code and poll. */
export async function originalItemsByCode(
	api: PrintioApi,
	retailerId: number,
	itemCodes: Iterable<string>,
): Promise<Map<string, OriginalItem[]>> {
	const found = new Map<string, OriginalItem[]>();
	for (const itemCode of new Set(itemCodes))
		found.set(
			itemCode,
			await api.listAll('getOriginalItems', {
				qs: { retailer_id: retailerId, item_code: itemCode },
				limit: Infinity,
			}),
		);
	return found;
}
