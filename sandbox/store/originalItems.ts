/** The original_items table, with an in-memory copy per retailer in created_at order. */
import type { OriginalItem } from '../../api/schema/types';
import type { Db } from './db';

export class OriginalItems {
	private readonly byCode = new Map<string, OriginalItem>();
	private readonly byRetailer = new Map<number, OriginalItem[]>();
	private readonly insertRow;

	constructor(private readonly db: Db) {
		this.insertRow = db.prepare(
			'INSERT INTO original_items (code, retailer_id, ec_code, doc) VALUES (?, ?, ?, ?)',
		);
		this.load();
	}

	load(): void {
		this.byCode.clear();
		this.byRetailer.clear();
		const items = (this.db.prepare('SELECT doc FROM original_items').pluck().all() as string[]).map(
			(doc) => JSON.parse(doc) as OriginalItem,
		);
		items.sort(
			(a, b) =>
				compare(a.created_at, b.created_at) || compare(a.original_item_code, b.original_item_code),
		);
		for (const item of items) this.remember(item);
	}

	private remember(item: OriginalItem): void {
		this.byCode.set(item.original_item_code, item);
		const list = this.byRetailer.get(item.retailer_id) ?? [];
		list.push(item);
		this.byRetailer.set(item.retailer_id, list);
	}

	/** The retailer's item with this code (another retailer's items do not exist for it). */
	get(retailerId: number, code: string): OriginalItem | undefined {
		const item = this.byCode.get(code);
		return item?.retailer_id === retailerId ? item : undefined;
	}

	byEcCode(retailerId: number, ecCode: string): OriginalItem | undefined {
		return this.byRetailer.get(retailerId)?.find((i) => i.ec_original_item_code === ecCode);
	}

	ofRetailer(retailerId: number): OriginalItem[] {
		return this.byRetailer.get(retailerId) ?? [];
	}

	count(): number {
		return this.byCode.size;
	}

	/** Writes an item (in the caller's transaction); `remember` makes it readable once committed. */
	insert(item: OriginalItem): void {
		this.insertRow.run(
			item.original_item_code,
			item.retailer_id,
			item.ec_original_item_code,
			JSON.stringify(item),
		);
	}

	added(item: OriginalItem): void {
		this.remember(item);
	}
}

export function compare(a: string | number, b: string | number): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
