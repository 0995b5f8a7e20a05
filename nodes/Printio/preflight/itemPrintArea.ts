import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { PrintioApi } from '../../shared/printio/transport';
import { printAreaOf, type PrintArea } from './printArea';

/** Per node run (execute context): one GET /items per distinct item code, however many rows use it. */
const areasByRun = new WeakMap<object, Map<string, Promise<PrintArea | undefined>>>();

/**
 * The print area of a catalog item: `GET /items?item_code=…` (one request per item code and node run).
 * Undefined when the item is unknown (the create then fails with Printio's own message) or states no area.
 */
export async function itemPrintArea(
	this: IExecuteFunctions,
	api: PrintioApi,
	itemCode: string,
	retailerId: number,
	itemIndex: number,
): Promise<PrintArea | undefined> {
	let areas = areasByRun.get(this);
	if (!areas) areasByRun.set(this, (areas = new Map()));
	const key = `${retailerId}\u0000${itemCode}`;
	let area = areas.get(key);
	if (!area) {
		area = (async () => {
			const body = await api.request('getItems', {
				qs: { retailer_id: retailerId, item_code: itemCode, limit: 1 },
				itemIndex,
			});
			const items: IDataObject[] = Array.isArray(body.list_item_data) ? body.list_item_data : [];
			const item = items.find((candidate) => candidate.code === itemCode);
			return item ? printAreaOf(item) : undefined;
		})();
		areas.set(key, area);
		area.catch(() => areas.delete(key));
	}
	return await area;
}
