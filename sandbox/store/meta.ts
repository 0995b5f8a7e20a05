/** The meta table: counters and the clock, as text by key. */
import type { Db } from './db';

export class Meta {
	private readonly upsert;
	private readonly select;

	constructor(db: Db) {
		this.upsert = db.prepare(
			'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
		);
		this.select = db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
	}

	get(key: string): string | undefined {
		return this.select.get(key) as string | undefined;
	}

	set(key: string, value: string): void {
		this.upsert.run(key, value);
	}
}
