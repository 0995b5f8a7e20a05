/**
 * Stock of an order's lines, from `POST /item-stocks` (spec 2.8): each line is flagged *not orderable*
 * (`is_orderable: false`), *short* (fewer in stock than the order asks for that colour and size, lines of the
 * same entry added up; `stock_quantity: null` is unlimited), *in stock*, or *unknown* (no stock entry for the
 * colour and size, or the original item is unknown: Printio then answers for itself). Used by Validate Only and
 * by the stock check before placing (Check Stock First).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ColorValue, ItemStock } from '../../../api/schema/types';
import type { CatalogLine, ItemWanted, LineCatalog, OrderBody } from './lineCatalog';

export type StockFlag = 'inStock' | 'notOrderable' | 'short' | 'unknown';

/** One line's stock as the output shows it (product data only: codes, colour and size names, counts). */
export interface LineStock extends IDataObject {
	line: number;
	item_code: string | null;
	color: string;
	size: string;
	/** What the order asks of this stock entry: the line's quantity plus its other lines of the same entry. */
	ordered: number;
	item_stock_code: string | null;
	/** null: unlimited; undefined when no entry was found. */
	stock_quantity: number | null;
	is_orderable: boolean | null;
	flag: StockFlag;
	message: string;
}

/** The stock entry of a colour and size: by colour name, or by the manufacturer's name the catalog gives it. */
function entryOf(stock: readonly ItemStock[], line: CatalogLine, colors: readonly ColorValue[] | undefined): ItemStock | undefined {
	const sized = stock.filter((entry) => entry.size === line.size);
	const direct = sized.find((entry) => entry.color_name === line.color);
	if (direct) return direct;
	const color = colors?.find((value) => value.name === line.color || value.mfr_color_name === line.color);
	return color ? sized.find((entry) => entry.color_name === color.name) : undefined;
}

/** Whether a line's colour needs the catalog's colour names to find its stock entry. */
export function needsColorNames(stock: readonly ItemStock[] | undefined, line: CatalogLine): boolean {
	return !!stock && !stock.some((entry) => entry.size === line.size && entry.color_name === line.color);
}

/** Flags every line of one order. `stockOf` and `colorsOf` answer from what was loaded for the order's items. */
export function stockOfOrder(
	lines: readonly CatalogLine[],
	stockOf: (itemCode: string) => readonly ItemStock[] | undefined,
	colorsOf: (itemCode: string) => readonly ColorValue[] | undefined,
): LineStock[] {
	const entries = lines.map((line) => (line.itemCode === undefined ? undefined : entryOf(stockOf(line.itemCode) ?? [], line, colorsOf(line.itemCode))));
	const orderedOf = new Map<string, number>();
	entries.forEach((entry, index) => {
		if (entry) orderedOf.set(entry.item_stock_code, (orderedOf.get(entry.item_stock_code) ?? 0) + lines[index].quantity);
	});
	return lines.map((line, index) => {
		const entry = entries[index];
		const base = { line: line.line, item_code: line.itemCode ?? null, color: line.color, size: line.size };
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
		const figures = { ordered, item_stock_code: entry.item_stock_code, stock_quantity: entry.stock_quantity, is_orderable: entry.is_orderable };
		if (!entry.is_orderable) return { ...base, ...figures, flag: 'notOrderable', message: `${what}: not orderable now` };
		if (entry.stock_quantity !== null && entry.stock_quantity < ordered) {
			return { ...base, ...figures, flag: 'short', message: `${what}: ${entry.stock_quantity} in stock, ${ordered} ordered` };
		}
		const left = entry.stock_quantity === null ? 'unlimited stock' : `${entry.stock_quantity} in stock`;
		return { ...base, ...figures, flag: 'inStock', message: `${what}: ${left}, ${ordered} ordered` };
	});
}

export const isOutOfStock = (line: LineStock): boolean => line.flag === 'notOrderable' || line.flag === 'short';

/**
 * Reads the stock of every line of these orders (one `POST /item-stocks` per catalog item; catalog records
 * only for items whose lines name a colour the stock entries do not) and flags each order's lines.
 */
export async function checkStock(
	catalog: LineCatalog,
	orders: ReadonlyArray<{ body: OrderBody; itemIndex: number }>,
	preloadedItems = false,
): Promise<LineStock[][]> {
	const lines = await catalog.linesOf(orders);
	const wanted = (pick: (line: CatalogLine, retailerId: number) => boolean | Promise<boolean>) =>
		Promise.all(
			orders.flatMap(({ body, itemIndex }, orderIndex) =>
				lines[orderIndex].map(async (line): Promise<ItemWanted | undefined> =>
					line.itemCode !== undefined && (await pick(line, body.retailer_id))
						? { retailerId: body.retailer_id, itemCode: line.itemCode, itemIndex }
						: undefined,
				),
			),
		).then((entries) => entries.filter((entry): entry is ItemWanted => entry !== undefined));

	await catalog.loadStock(await wanted(() => true));
	if (!preloadedItems) {
		await catalog.loadItems(
			await wanted(async (line, retailerId) => needsColorNames(await catalog.stock(retailerId, line.itemCode!), line)),
		);
	}
	return await Promise.all(
		orders.map(async ({ body }, orderIndex) => {
			const stocks = new Map<string, ItemStock[] | undefined>();
			const colors = new Map<string, ColorValue[] | undefined>();
			for (const line of lines[orderIndex]) {
				if (line.itemCode === undefined || stocks.has(line.itemCode)) continue;
				stocks.set(line.itemCode, await catalog.stock(body.retailer_id, line.itemCode));
				colors.set(line.itemCode, await catalog.colors(body.retailer_id, line.itemCode));
			}
			return stockOfOrder(lines[orderIndex], (code) => stocks.get(code), (code) => colors.get(code));
		}),
	);
}

/** The refusal of an order with lines out of stock: every such line with its figures, never personal data. */
export function outOfStockError(
	this: IExecuteFunctions,
	ecOrderNo: string,
	short: readonly LineStock[],
	itemIndex: number,
	otherRefused: number,
): NodeOperationError {
	const more = otherRefused > 0 ? ` (${otherRefused} more order(s) out of stock; nothing was sent)` : ' (nothing was sent)';
	const error = new NodeOperationError(
		this.getNode(),
		`Order "${ecOrderNo}" is out of stock: ${short.map((line) => `order_details[${line.line}] ${line.message}`).join('; ')}${more}`,
		{
			itemIndex,
			description:
				'Checked with Printio\'s stock (POST /item-stocks) before sending: Printio would refuse this order with status 13 (out of stock). Lower the quantity, choose another colour or size, or wait for stock. Turn off Options › Check Stock First to send it anyway.',
		},
	);
	error.context.stock = short.map((line) => ({ ...line }));
	return error;
}
