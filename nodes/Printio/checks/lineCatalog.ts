/** How an order's lines name their catalog records (the look-up stage reads them, see placement/lookUpCatalog.ts). */
import type { OrderByCodeRequest, OrderWithImageRequest } from '../../../api/schema/types';
import type { OriginalItemKey } from '../helpers/catalogItem';

export type OrderBody = OrderByCodeRequest | OrderWithImageRequest;

export interface CatalogLine {
	line: number;
	/** Undefined for an original item Printio does not know. */
	itemCode: string | undefined;
	color: string;
	size: string;
	quantity: number;
}

export interface CatalogOrder {
	body: OrderBody;
	itemIndex: number;
}

export interface ItemWanted {
	retailerId: number;
	itemCode: string;
	itemIndex: number;
}

type ItemRef = Omit<ItemWanted, 'itemIndex'>;

export const itemKey = (ref: ItemRef) => `${ref.retailerId}\u0000${ref.itemCode}`;

export type LineRef =
	| { kind: 'original'; retailerId: number; by: OriginalItemKey; code: string }
	| { kind: 'item'; retailerId: number; code: string };

export const refKey = (ref: LineRef) =>
	ref.kind === 'original'
		? `o\u0000${ref.retailerId}\u0000${ref.by}\u0000${ref.code}`
		: `i\u0000${ref.retailerId}\u0000${ref.code}`;

type CodedLine = Partial<Record<OriginalItemKey | 'item_code', string>>;

export function lineRef(retailerId: number, line: CodedLine): LineRef | undefined {
	if (line.original_item_code)
		return {
			kind: 'original',
			retailerId,
			by: 'original_item_code',
			code: line.original_item_code,
		};
	if (line.ec_original_item_code)
		return {
			kind: 'original',
			retailerId,
			by: 'ec_original_item_code',
			code: line.ec_original_item_code,
		};
	if (line.item_code) return { kind: 'item', retailerId, code: line.item_code };
	return undefined;
}
