import type { PrintioApi } from '../../../shared/printio/transport';
import { catalogItem } from '../../helpers/catalogItem';
import { printAreaOf, type PrintArea } from './printArea';

/** An unknown item is left to fail with Printio's own message. */
export async function itemPrintArea(
	api: PrintioApi,
	itemCode: string,
	retailerId: number,
	itemIndex: number,
): Promise<PrintArea | undefined> {
	const item = await catalogItem(api, retailerId, itemCode, itemIndex);
	return item ? printAreaOf(item) : undefined;
}
