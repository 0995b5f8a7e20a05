/**
 * What an order would cost by the catalog: per line (item price + the size's additional price) × quantity,
 * from the item's `GET /items` record (spec 2.2 `price`, "price per piece"; 2.3 `sizes.values[].additional_price`,
 * a string, taken per piece as the contract describes it). The API states nothing else that an order costs.
 */
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
	/** Item price per piece; null when the item is unknown. */
	price: number | null;
	/** The size's additional price per piece (0 when the catalog gives none); null when not known. */
	additional_price: number | null;
	/** (price + additional_price) × quantity; null when either is not known. */
	amount: number | null;
	/** Why the amount is missing. */
	note?: string;
}

export interface OrderQuote extends IDataObject {
	lines: LineQuote[];
	/** Sum of the line amounts; null when any line has no amount. */
	total: number | null;
	not_included: string;
}

export function quoteOf(lines: readonly CatalogLine[], itemOf: (itemCode: string) => Pick<Item, 'price' | 'sizes'> | undefined): OrderQuote {
	const quoted = lines.map((line): LineQuote => {
		const base = { line: line.line, item_code: line.itemCode ?? null, size: line.size, quantity: line.quantity };
		const missing = (note: string): LineQuote => ({ ...base, price: null, additional_price: null, amount: null, note });
		if (line.itemCode === undefined) return missing('Original item not found at Printio');
		const item = itemOf(line.itemCode);
		if (!item || typeof item.price !== 'number') return missing('Item not found in the catalog');
		const size = item.sizes?.values?.find((value) => value.name === line.size);
		if (!size) return { ...missing('Size not offered by this item'), price: item.price };
		const additional = Number(size.additional_price ?? 0);
		if (!Number.isFinite(additional)) return { ...missing('The size\'s additional price is not a number'), price: item.price };
		return { ...base, price: item.price, additional_price: additional, amount: (item.price + additional) * line.quantity };
	});
	const complete = quoted.every((line) => line.amount !== null);
	return {
		lines: quoted,
		total: complete ? quoted.reduce((sum, line) => sum + (line.amount ?? 0), 0) : null,
		not_included: QUOTE_NOT_INCLUDED,
	};
}
