import type { OriginalItemQuery } from '../orderInput';
import type { PrintioApi } from '../../shared/printio/transport';
import { originalItemRecord } from '../helpers/catalogItem';

/**
 * Input Mode Shopify Order / WooCommerce Order: is a line's code one of the retailer's original items?
 * `GET /original-items` filtered by the code, read once per code and run and shared with the catalog match. Reads only.
 */
export async function originalItemExists(api: PrintioApi, query: OriginalItemQuery): Promise<boolean> {
	// The run's one read of the record: the catalog match before sending reads the same one (helpers/catalogItem.ts).
	return (await originalItemRecord(api, query.retailerId, query.by, query.code, query.itemIndex)) !== undefined;
}
