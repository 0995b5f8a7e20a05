import type { Item, ItemStock, OriginalItem } from '../../../api/schema/types';
import type { PrintioApi } from '../../shared/printio/transport';

/**
 * Per node run (the router connects one PrintioApi per run): one `GET /items` and one `POST /item-stocks` per retailer
 * and item code, and one `GET /original-items` per retailer and original item code, shared by the catalog match, the
 * design check, Validate Only and Check Stock First, which may all want the same record.
 */
const recordsByRun = new WeakMap<PrintioApi, Map<string, Promise<Item | undefined>>>();
const stocksByRun = new WeakMap<PrintioApi, Map<string, Promise<ItemStock[]>>>();
const originalRecordsByRun = new WeakMap<
	PrintioApi,
	Map<string, Promise<OriginalItem | undefined>>
>();

function memo<T>(
	runs: WeakMap<PrintioApi, Map<string, Promise<T>>>,
	api: PrintioApi,
	key: string,
	read: () => Promise<T>,
): Promise<T> {
	let records = runs.get(api);
	if (!records) runs.set(api, (records = new Map()));
	let record = records.get(key);
	if (!record) {
		const own = records;
		record = read();
		own.set(key, record);
		// A failed read is not kept: a later check of the same run may try again.
		record.catch(() => own.delete(key));
	}
	return record;
}

/** The catalog record of an item; undefined when Printio does not know the code. A failed read is not kept. */
export async function catalogItem(
	api: PrintioApi,
	retailerId: number,
	itemCode: string,
	itemIndex: number,
): Promise<Item | undefined> {
	return await memo(recordsByRun, api, `${retailerId}\u0000${itemCode}`, async () => {
		const body = await api.request('getItems', {
			qs: { retailer_id: retailerId, item_code: itemCode },
			itemIndex,
		});
		return (body.list_item_data ?? []).find((item) => item.code === itemCode);
	});
}

export type OriginalItemKey = 'original_item_code' | 'ec_original_item_code';

/** The record of an original item, by Printio's code or the retailer's; undefined when Printio does not know it. */
export async function originalItemRecord(
	api: PrintioApi,
	retailerId: number,
	by: OriginalItemKey,
	code: string,
	itemIndex: number,
): Promise<OriginalItem | undefined> {
	return await memo(
		originalRecordsByRun,
		api,
		`${retailerId}\u0000${by}\u0000${code}`,
		async () => {
			const body = await api.request('getOriginalItems', {
				qs: { retailer_id: retailerId, [by]: code },
				itemIndex,
			});
			return (body.original_items ?? []).find((record) => record[by] === code);
		},
	);
}

/** Per item code: the spec gives no form for stock codes, so a line cannot name them. No list is no stock. */
export async function itemStocks(
	api: PrintioApi,
	retailerId: number,
	itemCode: string,
	itemIndex: number,
): Promise<ItemStock[]> {
	return await memo(stocksByRun, api, `${retailerId}\u0000${itemCode}`, async () => {
		const body = await api.request('postItemStocks', {
			body: { retailer_id: retailerId, item_code: itemCode },
			itemIndex,
		});
		return body.item_stocks ?? [];
	});
}
