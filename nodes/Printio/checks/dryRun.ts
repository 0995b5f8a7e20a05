/** Validate Only reads the catalog and nothing else: no request reaches an order endpoint, not even a lookup. */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { PrintioApi } from '../../shared/printio/transport';
import { withItemIndex } from '../helpers/execution';
import { catalogItem } from '../helpers/catalogItem';
import { catalogLines, type CatalogOrder, itemKey, readEach } from './lineCatalog';
import { type OrderQuote, quoteOf } from './quote';
import type { OrderToPlace } from '../placement/placement';
import { checkStock, type LineStock } from './stockCheck';

export interface DryRunReport {
	quote: OrderQuote;
	stock: LineStock[];
}

/** Each order's report, or with Continue On Fail the read's error: no quote or stock can be trusted then. */
export type DryRun = { reports: DryRunReport[] } | { error: unknown };

export async function dryRunCatalog(
	this: IExecuteFunctions,
	api: PrintioApi,
	orders: readonly OrderToPlace[],
	settings: { concurrency: number; continueOnFail: boolean },
): Promise<DryRun> {
	const checked = orders.map((order) => ({ body: order.body, itemIndex: order.sourceIndexes[0] }));
	try {
		return { reports: await readCatalog(api, checked, settings.concurrency) };
	} catch (error) {
		if (!settings.continueOnFail) throw withItemIndex.call(this, error, checked[0].itemIndex);
		return { error };
	}
}

/** The quote reads first, so the stock check reads no record again. */
async function readCatalog(
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
	const stock = await checkStock(api, orders, concurrency);
	return orders.map(({ body }, index) => ({
		quote: quoteOf(lines[index], (itemCode) => items({ retailerId: body.retailer_id, itemCode })),
		stock: stock[index],
	}));
}
