import type { Item } from '../../../contract/types';
import type { PrintioApi } from '../../shared/printio/transport';

/**
 * Per node run (the router connects one PrintioApi per run): one `GET /items` per retailer and item code,
 * shared by the design check, Validate Only and Check Stock First, which may all want the same record.
 */
const recordsByRun = new WeakMap<PrintioApi, Map<string, Promise<Item | undefined>>>();

/** The catalog record of an item; undefined when Printio does not know the code. A failed read is not kept. */
export async function catalogItem(
	api: PrintioApi,
	retailerId: number,
	itemCode: string,
	itemIndex: number,
): Promise<Item | undefined> {
	let records = recordsByRun.get(api);
	if (!records) recordsByRun.set(api, (records = new Map()));
	const key = `${retailerId}\u0000${itemCode}`;
	let record = records.get(key);
	if (!record) {
		record = (async () => {
			const body = await api.request('getItems', { qs: { retailer_id: retailerId, item_code: itemCode }, itemIndex });
			return (body.list_item_data ?? []).find((item) => item.code === itemCode);
		})();
		records.set(key, record);
		record.catch(() => records.delete(key));
	}
	return await record;
}
