/** The retailers table, with an in-memory copy: every API request looks its key up. */
import type { RetailerSeed } from '../seed';
import type { Retailer } from '../domain/records';
import type { Db } from './db';

export class Retailers {
	private readonly byId = new Map<number, Retailer>();
	private readonly byApiKey = new Map<string, Retailer>();
	private readonly upsert;

	constructor(private readonly db: Db) {
		this.upsert = db.prepare(
			'INSERT INTO retailers (id, name, api_key, unpaid) VALUES (@id, @name, @key, @unpaid) ON CONFLICT(id) DO UPDATE SET name = excluded.name, api_key = excluded.api_key, unpaid = excluded.unpaid',
		);
		this.load();
	}

	load(): void {
		this.byId.clear();
		this.byApiKey.clear();
		for (const row of this.db
			.prepare('SELECT id, name, api_key, unpaid FROM retailers')
			.all() as Array<{ id: number; name: string; api_key: string; unpaid: number }>) {
			this.remember({ id: row.id, name: row.name, key: row.api_key, unpaid: row.unpaid === 1 });
		}
	}

	private remember(retailer: Retailer): void {
		this.byId.set(retailer.id, retailer);
		this.byApiKey.set(retailer.key, retailer);
	}

	get(id: number): Retailer | undefined {
		return this.byId.get(id);
	}

	byKey(key: string): Retailer | undefined {
		return this.byApiKey.get(key);
	}

	all(): Retailer[] {
		return [...this.byId.values()];
	}

	/** Writes a retailer (in the caller's transaction; `load` reads it back). */
	save(retailer: RetailerSeed): void {
		this.upsert.run({
			id: retailer.id,
			name: retailer.name,
			key: retailer.key,
			unpaid: retailer.unpaid ? 1 : 0,
		});
	}

	setUnpaid(retailer: Retailer, unpaid: boolean): void {
		this.db.transaction(() => this.save({ ...retailer, unpaid }))();
		retailer.unpaid = unpaid;
	}
}
