/**
 * A database written by an earlier sandbox (orders stored as a JSON document only) opens with its orders
 * readable, filterable and changeable, and keeps them in today's tables.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { control, get, start } from './helpers';

let dir: string;
beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'printio-sandbox-earlier-'));
});
afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

it('moves the orders of an earlier database into the indexed tables', async () => {
	const path = join(dir, 'earlier.db');
	// Seed a database, then turn its orders table back into the earlier shape (order_no, seq, retailer_id, doc).
	const seeded = await start({ db: path });
	const before = (await get(seeded, '/orders?order_no=PO00000004', { headers: { 'X-Feature-Flags': 'MultiItemOrder' } })).body;
	await seeded.close();
	const db = new Database(path);
	db.exec(`
		CREATE TABLE earlier (order_no TEXT PRIMARY KEY, seq INTEGER NOT NULL, retailer_id INTEGER NOT NULL, doc TEXT NOT NULL);
		INSERT INTO earlier SELECT order_no, seq, retailer_id, doc FROM orders;
		DROP TABLE orders; DROP TABLE shipments;
		ALTER TABLE earlier RENAME TO orders;
	`);
	db.close();

	const sb = await start({ db: path });
	try {
		const after = (await get(sb, '/orders?order_no=PO00000004', { headers: { 'X-Feature-Flags': 'MultiItemOrder' } })).body;
		expect(after).toEqual(before);
		const listed = (await get(sb, `/orders?date_time_from=${encodeURIComponent('2026-11-01 00:00:00')}&status_id=5`)).body;
		expect(listed.orders.map((o: { order_no: string }) => o.order_no)).toEqual(['PO00000001']);
		expect((await control(sb, 'POST', '/_sandbox/orders/PO00000005/status', { status_id: 2 })).status).toBe(200);
		const changed = (await get(sb, '/order-statuses?order_no=PO00000005')).body;
		expect(changed.orders[0].status_id).toBe(2);
		expect((await control(sb, 'GET', '/_sandbox')).body.counts.orders).toBe(6);
	} finally {
		await sb.close();
	}
	const tables = new Database(path, { readonly: true });
	const names = (tables.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]).sort();
	tables.close();
	expect(names).not.toContain('orders_earlier');
	expect(names).toContain('shipments');
});
