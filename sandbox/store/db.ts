/**
 * The SQLite database (better-sqlite3) and its tables. Every write runs in one transaction, committed before
 * the response is sent. Orders keep their record as JSON (`doc`) beside the columns their reads filter and sort
 * on; each read of GET /orders and GET /order-statuses is one indexed query.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS retailers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, api_key TEXT NOT NULL UNIQUE, unpaid INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS original_items (code TEXT PRIMARY KEY, retailer_id INTEGER NOT NULL, ec_code TEXT, doc TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS original_items_ec ON original_items (retailer_id, ec_code) WHERE ec_code IS NOT NULL;
CREATE TABLE IF NOT EXISTS stock (code TEXT PRIMARY KEY, qty INTEGER, orderable INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS status_history (id INTEGER PRIMARY KEY AUTOINCREMENT, order_no TEXT NOT NULL, shipping_id TEXT NOT NULL, status_id INTEGER NOT NULL, changed_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS status_history_order ON status_history (order_no);
CREATE TABLE IF NOT EXISTS simulator_sessions (token TEXT PRIMARY KEY, doc TEXT NOT NULL);

-- status_id and updated_at: the order read as one record (lifecycle.leadShipment, lastChange).
CREATE TABLE IF NOT EXISTS orders (
	seq INTEGER PRIMARY KEY,
	order_no TEXT NOT NULL UNIQUE,
	retailer_id INTEGER NOT NULL,
	ec_order_no TEXT NOT NULL,
	created_at TEXT NOT NULL,
	status_id INTEGER NOT NULL,
	updated_at TEXT NOT NULL,
	revision INTEGER NOT NULL DEFAULT 0,
	doc TEXT NOT NULL
);
-- Each index ends in the row id (seq), the tie-break of every order read.
CREATE INDEX IF NOT EXISTS orders_created ON orders (retailer_id, created_at);
CREATE INDEX IF NOT EXISTS orders_status ON orders (retailer_id, status_id, created_at);
CREATE INDEX IF NOT EXISTS orders_ec ON orders (retailer_id, ec_order_no);
CREATE INDEX IF NOT EXISTS orders_changed ON orders (retailer_id, updated_at);

-- One row per shipment: the records of MultiItemOrder reads, and the lifecycle's work list.
CREATE TABLE IF NOT EXISTS shipments (
	shipping_id TEXT NOT NULL UNIQUE,
	order_seq INTEGER NOT NULL,
	retailer_id INTEGER NOT NULL,
	created_at TEXT NOT NULL,
	status_id INTEGER NOT NULL,
	updated_at TEXT NOT NULL,
	updated_ms INTEGER NOT NULL,
	final INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS shipments_created ON shipments (retailer_id, created_at, order_seq, shipping_id);
CREATE INDEX IF NOT EXISTS shipments_status ON shipments (retailer_id, status_id, created_at, order_seq, shipping_id);
CREATE INDEX IF NOT EXISTS shipments_changed ON shipments (retailer_id, updated_at, order_seq, shipping_id);
CREATE INDEX IF NOT EXISTS shipments_order ON shipments (order_seq);
CREATE INDEX IF NOT EXISTS shipments_moving ON shipments (updated_ms) WHERE final = 0;
`;

/** Opens (creating) the database. */
export function openDatabase(path: string): Db {
	if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
	const db = new Database(path);
	// WAL + synchronous=NORMAL: a commit is complete once it is written to the WAL file, which the
	// operating system keeps even if this process is killed (kill -9). Only a power loss or OS crash
	// could lose the last transactions (NORMAL skips the fsync per commit), which is fine for a sandbox.
	db.pragma('journal_mode = WAL');
	db.pragma('synchronous = NORMAL');
	db.transaction(() => db.exec(SCHEMA))();
	return db;
}
