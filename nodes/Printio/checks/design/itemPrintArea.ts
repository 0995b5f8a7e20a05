import type { PrintioApi } from '../../../shared/printio/transport';
import { catalogItem } from '../../helpers/catalogItem';
import { printAreaOf, type PrintArea } from './printArea';

/** Undefined when the item is unknown (the create then fails with Printio's own message) or states no area. */
export async function itemPrintArea(
	api: PrintioApi,
	itemCode: string,
	retailerId: number,
	itemIndex: number,
): Promise<PrintArea | undefined> {
	const item = await catalogItem(api, retailerId, itemCode, itemIndex);
	return item ? printAreaOf(item) : undefined;
}
