import type { Item, ItemStock, OriginalItem } from '../../../api/schema/types';
import type { PrintioApi } from '../../shared/printio/transport';

// Keyed by PrintioApi: the router connects one per run, so a record is read once per run.
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
		// Not kept on failure: a later check of the same run may try again.
		record.catch(() => own.delete(key));
	}
	return record;
}

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

// Per item code: the spec gives no form for stock codes, so a line cannot name them.
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
