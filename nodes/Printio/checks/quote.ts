/** Spec 2.2 `price` and 2.3 `additional_price` are per piece; the API states no other cost. */
import type { IDataObject } from 'n8n-workflow';

import type { Item } from '../../../api/schema/types';
import type { CatalogLine } from './lineCatalog';

/** Said in every quote, so that nobody takes the total for an invoice. */
export const QUOTE_NOT_INCLUDED =
	'Catalog prices only: shipping, tax, novelties (action_after_print) and any other charge are not included (the Printio API states none of them); the currency is not stated by the API.';

export interface LineQuote extends IDataObject {
	line: number;
	item_code: string | null;
	size: string;
	quantity: number;
	price: number | null;
	additional_price: number | null;
	amount: number | null;
	note?: string;
}

export interface OrderQuote extends IDataObject {
	lines: LineQuote[];
	total: number | null;
	not_included: string;
}

export function quoteOf(
	lines: readonly CatalogLine[],
	itemOf: (itemCode: string) => Pick<Item, 'price' | 'sizes'> | undefined,
): OrderQuote {
	const quoted = lines.map((line): LineQuote => {
		const base = {
			line: line.line,
			item_code: line.itemCode ?? null,
			size: line.size,
			quantity: line.quantity,
		};
		const missing = (note: string): LineQuote => ({
			...base,
			price: null,
			additional_price: null,
			amount: null,
			note,
		});
		if (line.itemCode === undefined) return missing('Original item not found at Printio');
		const item = itemOf(line.itemCode);
		if (!item || typeof item.price !== 'number') return missing('Item not found in the catalog');
		const size = item.sizes?.values?.find((value) => value.name === line.size);
		if (!size) return { ...missing('Size not offered by this item'), price: item.price };
		const additional = Number(size.additional_price ?? 0);
		if (!Number.isFinite(additional))
			return { ...missing("The size's additional price is not a number"), price: item.price };
		return {
			...base,
			price: item.price,
			additional_price: additional,
			amount: (item.price + additional) * line.quantity,
		};
	});
	const complete = quoted.every((line) => line.amount !== null);
	return {
		lines: quoted,
		total: complete ? quoted.reduce((sum, line) => sum + (line.amount ?? 0), 0) : null,
		not_included: QUOTE_NOT_INCLUDED,
	};
}
