/**
 * What the catalog says about validated orders' lines, for the stock check and the quote. Each record is read once
 * per run and retailer, however many lines use it. Reads only: nothing here touches an order endpoint.
 */
import type {
	ColorValue,
	Item,
	ItemStock,
	OrderByCodeRequest,
	OrderWithImageRequest,
	OriginalItem,
} from '../../../api/schema/types';
import { mapWithConcurrency } from '../../shared/printio/concurrency';
import { catalogItem, originalItemRecord } from '../helpers/catalogItem';
import type { PrintioApi } from '../../shared/printio/transport';

export type OrderBody = OrderByCodeRequest | OrderWithImageRequest;

export interface CatalogLine {
	line: number;
	/** Undefined when the line's original item is unknown to Printio (the order would be refused for it). */
	itemCode: string | undefined;
	color: string;
	size: string;
	quantity: number;
}

/** `itemIndex`: the item that asks, for the index of a failed read. */
export interface CatalogOrder {
	body: OrderBody;
	itemIndex: number;
}

const key = (retailerId: number, code: string) => `${retailerId}\u0000${code}`;

export class LineCatalog {
	private readonly originalItems = new Map<string, Promise<OriginalItem | undefined>>();
	private readonly items = new Map<string, Promise<Item | undefined>>();
	private readonly stocks = new Map<string, Promise<ItemStock[]>>();

	constructor(
		private readonly api: PrintioApi,
		private readonly concurrency: number,
	) {}

	/** Original items are looked up first, in parallel. */
	async linesOf(orders: readonly CatalogOrder[]): Promise<CatalogLine[][]> {
		const wanted = new Map<
			string,
			{
				retailerId: number;
				by: 'original_item_code' | 'ec_original_item_code';
				code: string;
				itemIndex: number;
			}
		>();
		for (const { body, itemIndex } of orders) {
			for (const line of body.order_details) {
				const ref = originalItemRef(line);
				if (!ref) continue;
				const id = key(body.retailer_id, `${ref.by}\u0000${ref.code}`);
				if (!wanted.has(id)) wanted.set(id, { retailerId: body.retailer_id, ...ref, itemIndex });
			}
		}
		await mapWithConcurrency(
			[...wanted.entries()],
			this.concurrency,
			async ([id, ref]) =>
				await this.memo(
					this.originalItems,
					id,
					async () =>
						await originalItemRecord(this.api, ref.retailerId, ref.by, ref.code, ref.itemIndex),
				),
		);
		return await Promise.all(
			orders.map(
				async ({ body }) =>
					await Promise.all(
						body.order_details.map(async (line, index): Promise<CatalogLine> => {
							const ref = originalItemRef(line);
							const itemCode = ref
								? (
										await this.originalItems.get(
											key(body.retailer_id, `${ref.by}\u0000${ref.code}`),
										)
									)?.item_code
								: 'item_code' in line
									? line.item_code
									: undefined;
							return {
								line: index,
								itemCode,
								color: line.color,
								size: line.size,
								quantity: line.quantity,
							};
						}),
					),
			),
		);
	}

	/** One request per item code, retailer and run. */
	async loadItems(wanted: readonly ItemWanted[]): Promise<void> {
		await mapWithConcurrency(distinctWanted(wanted), this.concurrency, async (entry) => {
			const record = catalogItem(this.api, entry.retailerId, entry.itemCode, entry.itemIndex);
			this.items.set(key(entry.retailerId, entry.itemCode), record);
			await record;
		});
	}

	/** Per item code: the spec gives no form for stock codes, so a line cannot name them. */
	async loadStock(wanted: readonly ItemWanted[]): Promise<void> {
		await mapWithConcurrency(
			distinctWanted(wanted),
			this.concurrency,
			async (entry) =>
				await this.memo(this.stocks, key(entry.retailerId, entry.itemCode), async () => {
					const body = await this.api.request('postItemStocks', {
						body: { retailer_id: entry.retailerId, item_code: entry.itemCode },
						itemIndex: entry.itemIndex,
					});
					return body.item_stocks ?? [];
				}),
		);
	}

	/** Undefined: not loaded, or unknown to Printio. */
	async item(retailerId: number, itemCode: string): Promise<Item | undefined> {
		return await this.items.get(key(retailerId, itemCode));
	}

	/** Undefined: not loaded. */
	async stock(retailerId: number, itemCode: string): Promise<ItemStock[] | undefined> {
		return await this.stocks.get(key(retailerId, itemCode));
	}

	/** A line may name a colour by its manufacturer's name. */
	async colors(retailerId: number, itemCode: string): Promise<ColorValue[] | undefined> {
		return (await this.item(retailerId, itemCode))?.colors?.values;
	}

	private async memo<T>(
		cache: Map<string, Promise<T>>,
		id: string,
		read: () => Promise<T>,
	): Promise<T> {
		let entry = cache.get(id);
		if (!entry) {
			entry = read();
			cache.set(id, entry);
		}
		return await entry;
	}
}

export interface ItemWanted {
	retailerId: number;
	itemCode: string;
	itemIndex: number;
}

function distinctWanted(wanted: readonly ItemWanted[]): ItemWanted[] {
	const seen = new Map<string, ItemWanted>();
	for (const entry of wanted)
		if (!seen.has(key(entry.retailerId, entry.itemCode)))
			seen.set(key(entry.retailerId, entry.itemCode), entry);
	return [...seen.values()];
}

function originalItemRef(
	line: OrderBody['order_details'][number],
): { by: 'original_item_code' | 'ec_original_item_code'; code: string } | undefined {
	if ('original_item_code' in line && line.original_item_code)
		return { by: 'original_item_code', code: line.original_item_code };
	if ('ec_original_item_code' in line && line.ec_original_item_code)
		return { by: 'ec_original_item_code', code: line.ec_original_item_code };
	return undefined;
}
