import type { OriginalItemQuery } from '../../orderInput';
import type { PrintioApi } from '../../../shared/printio/transport';

/**
 * Input Mode Shopify Order / WooCommerce Order: is a line's code one of the retailer's original items?
 * `GET /original-items` filtered by the code (orderInput asks once per distinct code per run). Reads only.
 */
export async function originalItemExists(api: PrintioApi, query: OriginalItemQuery): Promise<boolean> {
	const body = await api.request('getOriginalItems', {
		qs: { retailer_id: query.retailerId, [query.by]: query.code },
		itemIndex: query.itemIndex,
	});
	return (body.original_items ?? []).some((record) => record[query.by] === query.code);
}
