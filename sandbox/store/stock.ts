/** The stock table: quantities of the catalog's stock entries (the entries themselves are static). */
import { stockSeeds, type StockSeed } from '../catalog';
import type { Db } from './db';

/** A stock entry as the catalog seeds it and the table keeps it (stock_quantity null = unlimited). */
export type StockEntry = StockSeed;

export interface StockShortage {
	item_stock_code: string;
	requested: number;
	entry: StockEntry | undefined;
}

export class Stock {
	private entries: StockEntry[] = [];
	private readonly byCode = new Map<string, StockEntry>();
	private readonly upsert;

	constructor(private readonly db: Db) {
		this.upsert = db.prepare(
			'INSERT INTO stock (code, qty, orderable) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET qty = excluded.qty, orderable = excluded.orderable',
		);
		this.load();
	}

	load(): void {
		const rows = new Map(
			(
				this.db.prepare('SELECT code, qty, orderable FROM stock').all() as Array<{
					code: string;
					qty: number | null;
					orderable: number;
				}>
			).map((r) => [r.code, r]),
		);
		this.entries = stockSeeds().map((seed) => {
			const row = rows.get(seed.item_stock_code);
			return row ? { ...seed, stock_quantity: row.qty, is_orderable: row.orderable === 1 } : seed;
		});
		this.byCode.clear();
		for (const entry of this.entries) this.byCode.set(entry.item_stock_code, entry);
	}

	/** Every entry, in catalog order. */
	list(): readonly StockEntry[] {
		return this.entries;
	}

	get(code: string): StockEntry | undefined {
		return this.byCode.get(code);
	}

	/** Entries that cannot serve the requested quantity (empty = all available). */
	shortages(requested: Map<string, number>): StockShortage[] {
		const out: StockShortage[] = [];
		for (const [code, quantity] of requested) {
			const entry = this.byCode.get(code);
			if (
				!entry ||
				!entry.is_orderable ||
				(entry.stock_quantity !== null && entry.stock_quantity < quantity)
			) {
				out.push({ item_stock_code: code, requested: quantity, entry });
			}
		}
		return out;
	}

	/** Adds to a limited entry's quantity (negative: takes) in the caller's transaction; unlimited entries stay. */
	change(code: string, by: number): void {
		const entry = this.byCode.get(code);
		if (!entry || entry.stock_quantity === null) return;
		entry.stock_quantity += by;
		this.upsert.run(code, entry.stock_quantity, entry.is_orderable ? 1 : 0);
	}

	/** Sets an entry's quantity and/or whether it can be ordered (in the caller's transaction). */
	set(code: string, change: { stock_quantity?: number | null; is_orderable?: boolean }): void {
		const entry = this.byCode.get(code);
		if (!entry) return;
		if (change.stock_quantity !== undefined) entry.stock_quantity = change.stock_quantity;
		if (change.is_orderable !== undefined) entry.is_orderable = change.is_orderable;
		this.upsert.run(code, entry.stock_quantity, entry.is_orderable ? 1 : 0);
	}

	/** Writes the seed's quantities (in the caller's transaction). */
	seed(): void {
		for (const s of stockSeeds())
			this.upsert.run(s.item_stock_code, s.stock_quantity, s.is_orderable ? 1 : 0);
	}
}
