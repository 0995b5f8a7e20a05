import type { ItemOptions, OriginalItemQuery } from '../orderInput';
import type { PrintioApi } from '../../shared/printio/transport';
import { namesOf } from '../checks/catalogCheck';
import { originalItemRecord } from '../helpers/catalogItem';

/**
 * Input Mode Shopify Order / WooCommerce Order: is a line's code one of the retailer's original items?
 * `GET /original-items` filtered by the code, read once per code and run and shared with the catalog match. Reads only.
 */
export async function originalItemExists(api: PrintioApi, query: OriginalItemQuery): Promise<boolean> {
	// The run's one read of the record: the catalog match before sending reads the same one (helpers/catalogItem.ts).
	return (await originalItemRecord(api, query.retailerId, query.by, query.code, query.itemIndex)) !== undefined;
}

/**
 * The colours and sizes of an original item, as the catalog match reads them (its own lists, else its catalog
 * item's: `GET /items`), for a shop line with one variant option or a part missing. The same memoised reads the
 * catalog match makes afterwards, so they cost nothing more. Reads only.
 */
export async function originalItemOptions(api: PrintioApi, query: OriginalItemQuery): Promise<ItemOptions | undefined> {
	const names = await namesOf(api, { kind: 'original', retailerId: query.retailerId, by: query.by, code: query.code }, query.itemIndex);
	return names && { colors: names.colors, sizes: names.sizes, itemLabel: names.itemLabel };
}
