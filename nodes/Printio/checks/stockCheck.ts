/** Spec 2.8: `stock_quantity: null` is unlimited; *unknown* leaves Printio to answer for itself. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ColorValue, ItemStock } from '../../../api/schema/types';
import type { CatalogLine } from './lineCatalog';

export type StockFlag = 'inStock' | 'notOrderable' | 'short' | 'unknown';

/** Product data only: codes, names, counts. */
export interface LineStock extends IDataObject {
	line: number;
	item_code: string | null;
	color: string;
	size: string;
	/** Plus the order's other lines of the same entry. */
	ordered: number;
	item_stock_code: string | null;
	stock_quantity: number | null;
	is_orderable: boolean | null;
	flag: StockFlag;
	message: string;
}

function entryOf(
	stock: readonly ItemStock[],
	line: CatalogLine,
	colors: readonly ColorValue[] | undefined,
): ItemStock | undefined {
	const sized = stock.filter((entry) => entry.size === line.size);
	const direct = sized.find((entry) => entry.color_name === line.color);
	if (direct) return direct;
	const color = colors?.find(
		(value) => value.name === line.color || value.mfr_color_name === line.color,
	);
	return color ? sized.find((entry) => entry.color_name === color.name) : undefined;
}

export function needsColorNames(
	stock: readonly ItemStock[] | undefined,
	line: CatalogLine,
): boolean {
	return (
		!!stock && !stock.some((entry) => entry.size === line.size && entry.color_name === line.color)
	);
}

export function stockOfOrder(
	lines: readonly CatalogLine[],
	stockOf: (itemCode: string) => readonly ItemStock[] | undefined,
	colorsOf: (itemCode: string) => readonly ColorValue[] | undefined,
): LineStock[] {
	const entries = lines.map((line) =>
		line.itemCode === undefined
			? undefined
			: entryOf(stockOf(line.itemCode) ?? [], line, colorsOf(line.itemCode)),
	);
	const orderedOf = new Map<string, number>();
	entries.forEach((entry, index) => {
		if (entry)
			orderedOf.set(
				entry.item_stock_code,
				(orderedOf.get(entry.item_stock_code) ?? 0) + lines[index].quantity,
			);
	});
	return lines.map((line, index) => {
		const entry = entries[index];
		const base = {
			line: line.line,
			item_code: line.itemCode ?? null,
			color: line.color,
			size: line.size,
		};
		const what = `${line.itemCode ?? '?'} ${line.color} ${line.size}`;
		if (!entry) {
			return {
				...base,
				ordered: line.quantity,
				item_stock_code: null,
				stock_quantity: null,
				is_orderable: null,
				flag: 'unknown',
				message:
					line.itemCode === undefined
						? 'Original item not found at Printio: stock not checked'
						: `${what}: no stock entry for this colour and size: stock not checked`,
			};
		}
		const ordered = orderedOf.get(entry.item_stock_code) ?? line.quantity;
		const figures = {
			ordered,
			item_stock_code: entry.item_stock_code,
			stock_quantity: entry.stock_quantity,
			is_orderable: entry.is_orderable,
		};
		if (!entry.is_orderable)
			return { ...base, ...figures, flag: 'notOrderable', message: `${what}: not orderable now` };
		if (entry.stock_quantity !== null && entry.stock_quantity < ordered) {
			return {
				...base,
				...figures,
				flag: 'short',
				message: `${what}: ${entry.stock_quantity} in stock, ${ordered} ordered`,
			};
		}
		const left =
			entry.stock_quantity === null ? 'unlimited stock' : `${entry.stock_quantity} in stock`;
		return {
			...base,
			...figures,
			flag: 'inStock',
			message: `${what}: ${left}, ${ordered} ordered`,
		};
	});
}

export const isOutOfStock = (line: LineStock): boolean =>
	line.flag === 'notOrderable' || line.flag === 'short';

/** Never personal data. */
export function outOfStockError(
	this: Pick<IExecuteFunctions, 'getNode'>,
	ecOrderNo: string,
	short: readonly LineStock[],
	itemIndex: number,
	otherRefused: number,
): NodeOperationError {
	const more =
		otherRefused > 0
			? ` (${otherRefused} more order(s) out of stock; nothing was sent)`
			: ' (nothing was sent)';
	const error = new NodeOperationError(
		this.getNode(),
		`Order "${ecOrderNo}" is out of stock: ${short.map((line) => `order_details[${line.line}] ${line.message}`).join('; ')}${more}`,
		{
			itemIndex,
			description:
				"Checked with Printio's stock (POST /item-stocks) before sending: Printio would refuse this order with status 13 (out of stock). Lower the quantity, choose another colour or size, or wait for stock. Turn off Options › Check Stock First to send it anyway.",
		},
	);
	error.context.stock = short.map((line) => ({ ...line }));
	return error;
}
