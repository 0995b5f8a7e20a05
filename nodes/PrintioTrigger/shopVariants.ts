import type { Item, ItemStock, OriginalItem } from '../../api/schema/types';
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

export interface ItemOriginals {
	records: OriginalItem[];
	/** Read only when an original item lists no colours or sizes of its own, as Shop Product then does. */
	catalog?: Item;
}

type Color = { name: string; mfr: string | null };

const colorsOf = (values: ReadonlyArray<{ name: string; mfr_color_name?: string }>): Color[] =>
	values.map((value) => ({ name: value.name, mfr: value.mfr_color_name || null }));

function ownColors(record: OriginalItem): Color[] {
	const listed = colorsOf(record.colors?.values ?? []);
	if (listed.length) return listed;
	return colorsOf((record.image_urls ?? []).map((image) => ({ ...image, name: image.color_name })));
}

const lacksOwnOptions = (record: OriginalItem) =>
	!ownColors(record).length || !(record.sizes?.values ?? []).length;

export function shopVariantsOf(
	stock: Pick<ItemStock, 'color_name' | 'size'>,
	{ records, catalog }: ItemOriginals,
): ShopVariantOfStock[] {
	return records.flatMap((record) => {
		const own = ownColors(record);
		const colors = own.length ? own : colorsOf(catalog?.colors?.values ?? []);
		const ownSizes = record.sizes?.values ?? [];
		const sizes = ownSizes.length ? ownSizes : (catalog?.sizes?.values ?? []);
		const color = colors.find((entry) => entry.name === stock.color_name);
		if (!color || !sizes.some((size) => size.name === stock.size)) return [];
		return [
			{
				original_item_code: record.original_item_code,
				ec_original_item_code: record.ec_original_item_code ?? null,
				sku: variantSku(skuCodeOf(record).code, skuColorName(color.name, color.mfr), stock.size),
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
): Promise<Map<string, ItemOriginals>> {
	const found = new Map<string, ItemOriginals>();
	for (const itemCode of new Set(itemCodes)) {
		const records = await api.listAll('getOriginalItems', {
			qs: { retailer_id: retailerId, item_code: itemCode },
			limit: Infinity,
		});
		const entry: ItemOriginals = { records };
		if (records.some(lacksOwnOptions)) {
			const body = await api.request('getItems', {
				qs: { retailer_id: retailerId, item_code: itemCode },
			});
			entry.catalog = (body.list_item_data ?? []).find((item) => item.code === itemCode);
		}
		found.set(itemCode, entry);
	}
	return found;
}
