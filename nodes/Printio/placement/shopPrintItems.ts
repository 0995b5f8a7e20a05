import type { ItemOptions, OriginalItemQuery } from '../orderInput';
import type { PrintioApi } from '../../shared/printio/transport';
import { namesOf } from '../checks/catalogCheck';
import { originalItemRecord } from '../helpers/catalogItem';

/** Read once per code and run, and shared with the catalog match (helpers/catalogItem.ts). */
export async function originalItemExists(
	api: PrintioApi,
	query: OriginalItemQuery,
): Promise<boolean> {
	return (
		(await originalItemRecord(api, query.retailerId, query.by, query.code, query.itemIndex)) !==
		undefined
	);
}

/** The catalog match's own memoised reads, so they cost nothing more. */
export async function originalItemOptions(
	api: PrintioApi,
	query: OriginalItemQuery,
): Promise<ItemOptions | undefined> {
	const names = await namesOf(
		api,
		{ kind: 'original', retailerId: query.retailerId, by: query.by, code: query.code },
		query.itemIndex,
	);
	return names && { colors: names.colors, sizes: names.sizes, itemLabel: names.itemLabel };
}
