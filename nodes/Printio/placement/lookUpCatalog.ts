/** The look-up stage's catalog and stock reads: each record once per run, never an order endpoint. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { mapWithConcurrency } from '../../shared/printio/concurrency';
import type { PrintioApi } from '../../shared/printio/transport';
import { catalogItem, itemStocks, originalItemRecord } from '../helpers/catalogItem';
import { withItemIndex } from '../helpers/execution';
import {
	type CatalogLine,
	type CatalogOrder,
	itemKey,
	lineRef,
	refKey,
} from '../checks/lineCatalog';
import { type OrderQuote, quoteOf } from '../checks/quote';
import { type LineStock, needsColorNames, stockOfOrder } from '../checks/stockCheck';
import type { OrderToPlace } from './placement';

export async function catalogLines(
	api: PrintioApi,
	orders: readonly CatalogOrder[],
	concurrency: number,
): Promise<CatalogLine[][]> {
	const records = await readEach(
		orders.flatMap(({ body, itemIndex }) =>
			body.order_details.flatMap((line) => {
				const ref = lineRef(body.retailer_id, line);
				return ref?.kind === 'original' ? [{ ...ref, itemIndex }] : [];
			}),
		),
		refKey,
		concurrency,
		async (ref) => await originalItemRecord(api, ref.retailerId, ref.by, ref.code, ref.itemIndex),
	);
	return orders.map(({ body }) =>
		body.order_details.map((line, index) => {
			const ref = lineRef(body.retailer_id, line);
			return {
				line: index,
				itemCode: ref?.kind === 'original' ? records(ref)?.item_code : ref?.code,
				color: line.color,
				size: line.size,
				quantity: line.quantity,
			};
		}),
	);
}

export async function readEach<Ref, Wanted extends Ref & { itemIndex: number }, T>(
	wanted: readonly Wanted[],
	key: (ref: Ref) => string,
	concurrency: number,
	read: (entry: Wanted) => Promise<T>,
): Promise<(ref: Ref) => T | undefined> {
	const first = new Map<string, Wanted>();
	for (const entry of wanted) if (!first.has(key(entry))) first.set(key(entry), entry);
	const answers = new Map<string, T>();
	await mapWithConcurrency([...first], concurrency, async ([id, entry]) => {
		answers.set(id, await read(entry));
	});
	return (ref) => answers.get(key(ref));
}

export async function readStock(
	api: PrintioApi,
	orders: readonly CatalogOrder[],
	concurrency: number,
): Promise<LineStock[][]> {
	const lines = await catalogLines(api, orders, concurrency);
	const wanted = (pick: (line: CatalogLine, retailerId: number) => boolean) =>
		orders.flatMap(({ body, itemIndex }, orderIndex) =>
			lines[orderIndex].flatMap((line) =>
				line.itemCode !== undefined && pick(line, body.retailer_id)
					? [{ retailerId: body.retailer_id, itemCode: line.itemCode, itemIndex }]
					: [],
			),
		);
	const stock = await readEach(
		wanted(() => true),
		itemKey,
		concurrency,
		async (entry) => await itemStocks(api, entry.retailerId, entry.itemCode, entry.itemIndex),
	);
	const items = await readEach(
		wanted((line, retailerId) =>
			needsColorNames(stock({ retailerId, itemCode: line.itemCode as string }), line),
		),
		itemKey,
		concurrency,
		async (entry) => await catalogItem(api, entry.retailerId, entry.itemCode, entry.itemIndex),
	);
	return orders.map(({ body }, orderIndex) =>
		stockOfOrder(
			lines[orderIndex],
			(itemCode) => stock({ retailerId: body.retailer_id, itemCode }),
			(itemCode) => items({ retailerId: body.retailer_id, itemCode })?.colors?.values,
		),
	);
}

export interface DryRunReport {
	quote: OrderQuote;
	stock: LineStock[];
}

/** Each order's report, or with Continue On Fail the read's error: no quote or stock can be trusted then. */
export type DryRun = { reports: DryRunReport[] } | { error: unknown };

/** Validate Only reads the catalog and nothing else: no request reaches an order endpoint, not even a lookup. */
export async function readDryRun(
	this: IExecuteFunctions,
	api: PrintioApi,
	orders: readonly OrderToPlace[],
	settings: { concurrency: number; continueOnFail: boolean },
): Promise<DryRun> {
	const checked = orders.map((order) => ({ body: order.body, itemIndex: order.sourceIndexes[0] }));
	try {
		return { reports: await readQuotesAndStock(api, checked, settings.concurrency) };
	} catch (error) {
		if (!settings.continueOnFail) throw withItemIndex.call(this, error, checked[0].itemIndex);
		return { error };
	}
}

/** The quote reads first, so the stock check reads no record again. */
async function readQuotesAndStock(
	api: PrintioApi,
	orders: readonly CatalogOrder[],
	concurrency: number,
): Promise<DryRunReport[]> {
	const lines = await catalogLines(api, orders, concurrency);
	const items = await readEach(
		orders.flatMap(({ body, itemIndex }, index) =>
			lines[index].flatMap((line) =>
				line.itemCode === undefined
					? []
					: [{ retailerId: body.retailer_id, itemCode: line.itemCode, itemIndex }],
			),
		),
		itemKey,
		concurrency,
		async (entry) => await catalogItem(api, entry.retailerId, entry.itemCode, entry.itemIndex),
	);
	const stock = await readStock(api, orders, concurrency);
	return orders.map(({ body }, index) => ({
		quote: quoteOf(lines[index], (itemCode) => items({ retailerId: body.retailer_id, itemCode })),
		stock: stock[index],
	}));
}
