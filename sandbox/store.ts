/**
 * State of the sandbox: SQLite (better-sqlite3) for durability, with a write-through in-memory copy
 * for fast reads. Every write runs in one transaction and is committed before the response is sent.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
	ActionAfterPrint,
	AddressBlock,
	OriginalItem,
	SenderInformation,
} from '../contract/types';
import { catalogByCode, categoryById, findColor, stockCode, stockSeeds } from './catalog';
import { VirtualClock, formatTokyo, parseTokyo, tokyoDate, type ClockState } from './clock';
import {
	DEFAULT_SHIPPING_METHOD,
	SHIPPING_METHODS,
	STATUS_CANCELLED,
	STATUS_RECEIVED,
	STATUS_SHIPPED,
	canCancelFrom,
	isFinal,
	nextStatus,
} from './lifecycle';
import {
	DEFAULT_RETAILERS,
	FIRST_FREE_ORIGINAL_ITEM_SEQ,
	ORDERS,
	ORIGINAL_ITEMS,
	senderShop,
	type RetailerSeed,
} from './seed';

export interface Retailer {
	id: number;
	name: string;
	key: string;
	unpaid: boolean;
}

export interface StockEntry {
	item_stock_code: string;
	item_code: string;
	category_id: number;
	color_name: string;
	size: string;
	stock_quantity: number | null;
	is_orderable: boolean;
}

export interface LineRec {
	order_detail_no: string;
	ec_order_detail_no: string | null;
	item_code: string;
	item_name: string;
	quantity: number;
	color: string;
	hex: string;
	size: string;
	item_stock_code: string;
	original_item_code?: string;
	image_urls?: unknown;
}

export interface ShipmentRec {
	shipping_id: string;
	status_id: number;
	updated_at: string;
	/** updated_at in epoch ms (updated_at itself has whole seconds): the pace clock needs sub-second steps */
	updated_ms?: number;
	shipping_date: string | null;
	shipping_number: string | null;
	delivery_company_name: string | null;
	scheduled_delivery_date: string | null;
	lines: LineRec[];
}

export interface OrderRec {
	order_no: string;
	seq: number;
	retailer_id: number;
	kind: 'code' | 'image';
	multi: boolean;
	ec_order_no: string;
	ec_order_date: string | null;
	shipping_information: AddressBlock;
	sender_information: SenderInformation;
	ec_optional_information: string | null;
	action_after_print: ActionAfterPrint | null;
	shipping_method: number;
	scheduled_shipping_date: string;
	created_at: string;
	shipments: ShipmentRec[];
}

export interface SimulatorSession {
	token: string;
	retailer_id: number;
	item_code: string;
	previous_url: string;
	next_url: string;
	user_id: number | null;
	created_at: string;
	/** set once "design complete" was pressed (the page is single-use) */
	original_item_code: string | null;
}

export interface NewOrder {
	retailer_id: number;
	kind: 'code' | 'image';
	multi: boolean;
	ec_order_no: string;
	ec_order_date: string | null;
	shipping_information: AddressBlock;
	sender_information: SenderInformation;
	ec_optional_information: string | null;
	action_after_print: ActionAfterPrint | null;
	shipping_method: number;
	/** lines grouped into shipments, in order */
	shipments: Array<Array<Omit<LineRec, 'order_detail_no'>>>;
}

export interface StockShortage {
	item_stock_code: string;
	requested: number;
	entry: StockEntry | undefined;
}

export class ConflictError extends Error {}
export class NotFoundError extends Error {}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS retailers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, api_key TEXT NOT NULL UNIQUE, unpaid INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS original_items (code TEXT PRIMARY KEY, retailer_id INTEGER NOT NULL, ec_code TEXT, doc TEXT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS original_items_ec ON original_items (retailer_id, ec_code) WHERE ec_code IS NOT NULL;
CREATE TABLE IF NOT EXISTS orders (order_no TEXT PRIMARY KEY, seq INTEGER NOT NULL, retailer_id INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS stock (code TEXT PRIMARY KEY, qty INTEGER, orderable INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS status_history (id INTEGER PRIMARY KEY AUTOINCREMENT, order_no TEXT NOT NULL, shipping_id TEXT NOT NULL, status_id INTEGER NOT NULL, changed_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS simulator_sessions (token TEXT PRIMARY KEY, doc TEXT NOT NULL);
`;

export class Store {
	readonly db: Database.Database;
	readonly clock = new VirtualClock();

	retailers = new Map<number, Retailer>();
	retailerByKey = new Map<string, Retailer>();
	originalItems = new Map<string, OriginalItem>();
	/** retailer id → original items in created_at order */
	originalItemsByRetailer = new Map<number, OriginalItem[]>();
	orders = new Map<string, OrderRec>();
	ordersByRetailer = new Map<number, OrderRec[]>();
	stock = new Map<string, StockEntry>();
	stockList: StockEntry[] = [];
	sessions = new Map<string, SimulatorSession>();
	private readonly revisions = new WeakMap<OrderRec, number>();
	private orderSeq = 1;
	private originalItemSeq = FIRST_FREE_ORIGINAL_ITEM_SEQ;

	private readonly st: {
		setMeta: Database.Statement;
		upsertRetailer: Database.Statement;
		insertOriginalItem: Database.Statement;
		upsertOrder: Database.Statement;
		setStock: Database.Statement;
		insertHistory: Database.Statement;
		upsertSession: Database.Statement;
	};

	constructor(
		path: string,
		private readonly retailerSeeds: RetailerSeed[] = DEFAULT_RETAILERS,
	) {
		if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
		this.db = new Database(path);
		// WAL + synchronous=NORMAL: a commit is complete once it is written to the WAL file, which the
		// operating system keeps even if this process is killed (kill -9). Only a power loss or OS crash
		// could lose the last transactions (NORMAL skips the fsync per commit), which is fine for a sandbox.
		this.db.pragma('journal_mode = WAL');
		this.db.pragma('synchronous = NORMAL');
		this.db.exec(SCHEMA);
		this.st = {
			setMeta: this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value'),
			upsertRetailer: this.db.prepare(
				'INSERT INTO retailers (id, name, api_key, unpaid) VALUES (@id, @name, @key, @unpaid) ON CONFLICT(id) DO UPDATE SET name = excluded.name, api_key = excluded.api_key, unpaid = excluded.unpaid',
			),
			insertOriginalItem: this.db.prepare('INSERT INTO original_items (code, retailer_id, ec_code, doc) VALUES (?, ?, ?, ?)'),
			upsertOrder: this.db.prepare(
				'INSERT INTO orders (order_no, seq, retailer_id, doc) VALUES (?, ?, ?, ?) ON CONFLICT(order_no) DO UPDATE SET doc = excluded.doc',
			),
			setStock: this.db.prepare(
				'INSERT INTO stock (code, qty, orderable) VALUES (?, ?, ?) ON CONFLICT(code) DO UPDATE SET qty = excluded.qty, orderable = excluded.orderable',
			),
			insertHistory: this.db.prepare('INSERT INTO status_history (order_no, shipping_id, status_id, changed_at) VALUES (?, ?, ?, ?)'),
			upsertSession: this.db.prepare(
				'INSERT INTO simulator_sessions (token, doc) VALUES (?, ?) ON CONFLICT(token) DO UPDATE SET doc = excluded.doc',
			),
		};
		const seeded = this.db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get();
		if (!seeded) this.reseed();
		else this.ensureRetailers();
		this.load();
	}

	close(): void {
		this.db.close();
	}

	// ------------------------------------------------------------ seed and load

	/** Deletes everything and writes the seed (one transaction). */
	reseed(): void {
		this.db.transaction(() => {
			for (const t of ['meta', 'retailers', 'original_items', 'orders', 'stock', 'status_history', 'simulator_sessions']) {
				this.db.prepare(`DELETE FROM ${t}`).run();
			}
			this.clock.reset();
			this.writeClock();
			for (const r of this.retailerSeeds) this.st.upsertRetailer.run({ ...r, unpaid: r.unpaid ? 1 : 0 });
			for (const s of stockSeeds()) this.st.setStock.run(s.item_stock_code, s.stock_quantity, s.is_orderable ? 1 : 0);
			for (const o of ORIGINAL_ITEMS) {
				const item = this.buildOriginalItem(o.code, o.retailer_id, o.item_code, o.ec_original_item_code, o.name, null, o.created_at);
				this.st.insertOriginalItem.run(o.code, o.retailer_id, o.ec_original_item_code, JSON.stringify(item));
			}
			let seq = 1;
			for (const o of ORDERS) {
				const orderNo = this.orderNo(seq);
				const lines = o.lines.map((l) => {
					const oi = ORIGINAL_ITEMS.find((x) => x.code === l.original_item_code)!;
					const c = catalogByCode.get(oi.item_code)!;
					const color = findColor(c, l.color)!;
					return {
						ec_order_detail_no: l.ec_order_detail_no,
						item_code: c.item.code,
						item_name: c.item.item_name,
						quantity: l.quantity,
						color: color.name,
						hex: color.hex,
						size: l.size,
						item_stock_code: stockCode(c.item.code, color.abbr, l.size),
						original_item_code: l.original_item_code,
					};
				});
				const groups = o.multi ? groupBy(lines, (l) => l.item_code) : [lines];
				const rec = this.buildOrder(seq, orderNo, {
					retailer_id: o.retailer_id,
					kind: 'code',
					multi: o.multi,
					ec_order_no: o.ec_order_no,
					ec_order_date: o.ec_order_date,
					shipping_information: o.shipping_information,
					sender_information: senderShop,
					ec_optional_information: o.ec_optional_information,
					action_after_print: null,
					shipping_method: DEFAULT_SHIPPING_METHOD,
					shipments: groups,
				}, parseTokyo(o.created_at)!);
				for (const sh of rec.shipments) this.st.insertHistory.run(orderNo, sh.shipping_id, STATUS_RECEIVED, o.created_at);
				o.history.forEach((steps, i) => {
					const sh = rec.shipments[i];
					for (const [status, at] of steps) this.applyStatus(rec, sh, status, parseTokyo(at)!);
				});
				this.st.upsertOrder.run(orderNo, seq, rec.retailer_id, JSON.stringify(rec));
				seq++;
			}
			this.st.setMeta.run('orderSeq', String(seq));
			this.st.setMeta.run('originalItemSeq', String(FIRST_FREE_ORIGINAL_ITEM_SEQ));
			this.st.setMeta.run('seeded', '1');
		})();
	}

	/** Retailers given by configuration are added (or updated) on an existing database too. */
	private ensureRetailers(): void {
		this.db.transaction(() => {
			const existing = new Set(
				(this.db.prepare('SELECT id FROM retailers').all() as Array<{ id: number }>).map((r) => r.id),
			);
			for (const r of this.retailerSeeds) {
				if (!existing.has(r.id)) this.st.upsertRetailer.run({ ...r, unpaid: r.unpaid ? 1 : 0 });
			}
		})();
	}

	/** Loads the database into the in-memory copy. */
	load(): void {
		const meta = new Map(
			(this.db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]),
		);
		this.orderSeq = Number(meta.get('orderSeq') ?? 1);
		this.originalItemSeq = Number(meta.get('originalItemSeq') ?? FIRST_FREE_ORIGINAL_ITEM_SEQ);
		const clock = meta.get('clock');
		if (clock) this.clock.restore(JSON.parse(clock) as ClockState);

		this.retailers.clear();
		this.retailerByKey.clear();
		for (const r of this.db.prepare('SELECT id, name, api_key, unpaid FROM retailers').all() as Array<{
			id: number;
			name: string;
			api_key: string;
			unpaid: number;
		}>) {
			const rec: Retailer = { id: r.id, name: r.name, key: r.api_key, unpaid: r.unpaid === 1 };
			this.retailers.set(rec.id, rec);
			this.retailerByKey.set(rec.key, rec);
		}

		this.originalItems.clear();
		this.originalItemsByRetailer.clear();
		const items = (this.db.prepare('SELECT doc FROM original_items').all() as Array<{ doc: string }>).map(
			(r) => JSON.parse(r.doc) as OriginalItem,
		);
		items.sort((a, b) => cmp(a.created_at, b.created_at) || cmp(a.original_item_code, b.original_item_code));
		for (const it of items) this.addOriginalItemToMemory(it);

		this.orders.clear();
		this.ordersByRetailer.clear();
		for (const r of this.db.prepare('SELECT doc FROM orders ORDER BY seq').all() as Array<{ doc: string }>) {
			this.addOrderToMemory(JSON.parse(r.doc) as OrderRec);
		}

		const rows = new Map(
			(this.db.prepare('SELECT code, qty, orderable FROM stock').all() as Array<{ code: string; qty: number | null; orderable: number }>).map(
				(r) => [r.code, r],
			),
		);
		this.stock.clear();
		this.stockList = [];
		for (const s of stockSeeds()) {
			const row = rows.get(s.item_stock_code);
			const entry: StockEntry = row ? { ...s, stock_quantity: row.qty, is_orderable: row.orderable === 1 } : s;
			this.stock.set(entry.item_stock_code, entry);
			this.stockList.push(entry);
		}

		this.sessions.clear();
		for (const r of this.db.prepare('SELECT doc FROM simulator_sessions').all() as Array<{ doc: string }>) {
			const s = JSON.parse(r.doc) as SimulatorSession;
			this.sessions.set(s.token, s);
		}
	}

	reset(): void {
		this.reseed();
		this.load();
	}

	private addOriginalItemToMemory(it: OriginalItem): void {
		this.originalItems.set(it.original_item_code, it);
		let list = this.originalItemsByRetailer.get(it.retailer_id);
		if (!list) this.originalItemsByRetailer.set(it.retailer_id, (list = []));
		list.push(it);
	}

	private addOrderToMemory(o: OrderRec): void {
		this.orders.set(o.order_no, o);
		let list = this.ordersByRetailer.get(o.retailer_id);
		if (!list) this.ordersByRetailer.set(o.retailer_id, (list = []));
		list.push(o);
	}

	// ------------------------------------------------------------ clock

	writeClock(): void {
		this.st.setMeta.run('clock', JSON.stringify(this.clock.state()));
	}

	// ------------------------------------------------------------ retailers

	setUnpaid(id: number, unpaid: boolean): Retailer {
		const r = this.retailers.get(id);
		if (!r) throw new NotFoundError(`retailer ${id} not found`);
		this.db.transaction(() => this.st.upsertRetailer.run({ ...r, unpaid: unpaid ? 1 : 0 }))();
		r.unpaid = unpaid;
		return r;
	}

	/** Control API: a reschedule moves the order's scheduled shipping date; its status and updated_at stay. */
	setScheduledShippingDate(orderNo: string, date: string): OrderRec {
		const o = this.orders.get(orderNo);
		if (!o) throw new NotFoundError(`order ${orderNo} not found`);
		o.scheduled_shipping_date = date;
		this.db.transaction(() => this.persistOrder(o))();
		return o;
	}

	/** Control API: sets a stock entry's quantity (null = unlimited) and/or whether it can be ordered. */
	setStock(code: string, change: { stock_quantity?: number | null; is_orderable?: boolean }): StockEntry {
		const e = this.stock.get(code);
		if (!e) throw new NotFoundError(`stock entry ${code} not found`);
		if (change.stock_quantity !== undefined) e.stock_quantity = change.stock_quantity;
		if (change.is_orderable !== undefined) e.is_orderable = change.is_orderable;
		this.db.transaction(() => this.st.setStock.run(code, e.stock_quantity, e.is_orderable ? 1 : 0))();
		return e;
	}

	// ------------------------------------------------------------ original items

	findOriginalItemByEcCode(retailerId: number, ecCode: string): OriginalItem | undefined {
		return this.originalItemsByRetailer.get(retailerId)?.find((i) => i.ec_original_item_code === ecCode);
	}

	private buildOriginalItem(
		code: string,
		retailerId: number,
		itemCode: string,
		ecCode: string | null,
		name: string | null,
		imageUrl: string | null,
		createdAt: string,
	): OriginalItem {
		const c = catalogByCode.get(itemCode)!;
		const category = categoryById.get(c.item.category_id)!;
		const first = c.colors[0];
		return {
			original_item_code: code,
			ec_original_item_code: ecCode,
			retailer_id: retailerId,
			category_id: String(category.category_id),
			category_name: category.category_name,
			item_code: c.item.code,
			image_urls: c.colors.map((col) => ({
				color_name: col.name,
				mfr_color_name: col.mfr_color_name,
				url: imageUrl ?? `https://img.printio-sandbox.example/designs/${code}/front.png`,
			})),
			original_item_name: name ?? `${c.item.item_name} オリジナル`,
			item_name: c.item.item_name,
			sizes: c.item.sizes,
			colors: c.item.colors,
			default_color: { hex: first.hex, name: first.name },
			created_at: createdAt,
			updated_at: createdAt,
		};
	}

	/** Creates an original item; throws ConflictError when the retailer already uses ecCode. */
	createOriginalItem(retailerId: number, itemCode: string, ecCode: string | null, name: string | null, imageUrl: string): OriginalItem {
		if (ecCode !== null && this.findOriginalItemByEcCode(retailerId, ecCode)) {
			throw new ConflictError(ecCode);
		}
		const seq = this.originalItemSeq;
		const code = `t0${seq}`;
		const item = this.buildOriginalItem(code, retailerId, itemCode, ecCode, name, imageUrl, this.clock.now());
		this.db.transaction(() => {
			this.st.insertOriginalItem.run(code, retailerId, ecCode, JSON.stringify(item));
			this.st.setMeta.run('originalItemSeq', String(seq + 1));
		})();
		this.originalItemSeq = seq + 1;
		this.addOriginalItemToMemory(item);
		return item;
	}

	// ------------------------------------------------------------ simulator sessions

	saveSession(s: SimulatorSession): void {
		this.db.transaction(() => this.st.upsertSession.run(s.token, JSON.stringify(s)))();
		this.sessions.set(s.token, s);
	}

	/** Marks the session complete and creates its original item, both in one transaction. */
	completeSession(s: SimulatorSession, name: string | null, imageUrl: string): OriginalItem {
		const seq = this.originalItemSeq;
		const code = `t0${seq}`;
		const item = this.buildOriginalItem(code, s.retailer_id, s.item_code, null, name, imageUrl, this.clock.now());
		const done = { ...s, original_item_code: code };
		this.db.transaction(() => {
			this.st.insertOriginalItem.run(code, s.retailer_id, null, JSON.stringify(item));
			this.st.setMeta.run('originalItemSeq', String(seq + 1));
			this.st.upsertSession.run(s.token, JSON.stringify(done));
		})();
		this.originalItemSeq = seq + 1;
		this.addOriginalItemToMemory(item);
		this.sessions.set(s.token, done);
		return item;
	}

	// ------------------------------------------------------------ orders

	private orderNo(seq: number): string {
		return `PO${String(seq).padStart(8, '0')}`;
	}

	private buildOrder(seq: number, orderNo: string, o: NewOrder, createdMs: number): OrderRec {
		let lineNo = 0;
		const createdAt = formatTokyo(createdMs);
		return {
			order_no: orderNo,
			seq,
			retailer_id: o.retailer_id,
			kind: o.kind,
			multi: o.multi,
			ec_order_no: o.ec_order_no,
			ec_order_date: o.ec_order_date,
			shipping_information: o.shipping_information,
			sender_information: o.sender_information,
			ec_optional_information: o.ec_optional_information,
			action_after_print: o.action_after_print,
			shipping_method: o.shipping_method,
			scheduled_shipping_date: tokyoDate(createdMs, 5),
			created_at: createdAt,
			shipments: o.shipments.map((lines, i) => ({
				shipping_id: `${orderNo}-${i + 1}`,
				status_id: STATUS_RECEIVED,
				updated_at: createdAt,
				updated_ms: createdMs,
				shipping_date: null,
				shipping_number: null,
				delivery_company_name: null,
				scheduled_delivery_date: null,
				lines: lines.map((l) => ({ ...l, order_detail_no: `${orderNo}-${String(++lineNo).padStart(2, '0')}` })),
			})),
		};
	}

	/** Stock shortages of the requested quantities per stock entry (empty = all available). */
	checkStock(requested: Map<string, number>): StockShortage[] {
		const out: StockShortage[] = [];
		for (const [code, qty] of requested) {
			const entry = this.stock.get(code);
			if (!entry || !entry.is_orderable || (entry.stock_quantity !== null && entry.stock_quantity < qty)) {
				out.push({ item_stock_code: code, requested: qty, entry });
			}
		}
		return out;
	}

	/**
	 * Places an order: re-checks stock, decrements limited stock and stores the order in one transaction.
	 * Returns the shortages instead when stock is missing (nothing is written then).
	 */
	placeOrder(o: NewOrder): { order: OrderRec } | { shortages: StockShortage[] } {
		const requested = new Map<string, number>();
		for (const l of o.shipments.flat()) requested.set(l.item_stock_code, (requested.get(l.item_stock_code) ?? 0) + l.quantity);
		const shortages = this.checkStock(requested);
		if (shortages.length > 0) return { shortages };
		const seq = this.orderSeq;
		const orderNo = this.orderNo(seq);
		const nowMs = this.clock.nowMs();
		const now = formatTokyo(nowMs);
		const rec = this.buildOrder(seq, orderNo, o, nowMs);
		const newQty = new Map<string, number>();
		for (const [code, qty] of requested) {
			const e = this.stock.get(code)!;
			if (e.stock_quantity !== null) newQty.set(code, e.stock_quantity - qty);
		}
		this.db.transaction(() => {
			for (const [code, qty] of newQty) this.st.setStock.run(code, qty, this.stock.get(code)!.is_orderable ? 1 : 0);
			this.st.upsertOrder.run(orderNo, seq, rec.retailer_id, JSON.stringify(rec));
			for (const sh of rec.shipments) this.st.insertHistory.run(orderNo, sh.shipping_id, STATUS_RECEIVED, now);
			this.st.setMeta.run('orderSeq', String(seq + 1));
		})();
		this.orderSeq = seq + 1;
		for (const [code, qty] of newQty) this.stock.get(code)!.stock_quantity = qty;
		this.addOrderToMemory(rec);
		return { order: rec };
	}

	/**
	 * Applies a status to a shipment (in memory; the caller persists the order in a transaction):
	 * records updated_at, fills the shipping fields on "shipped", puts limited stock back on "cancelled".
	 */
	private applyStatus(order: OrderRec, sh: ShipmentRec, status: number, atMs: number): void {
		const at = formatTokyo(atMs);
		sh.status_id = status;
		sh.updated_at = at;
		sh.updated_ms = atMs;
		if (status === STATUS_SHIPPED) {
			const method = SHIPPING_METHODS[order.shipping_method] ?? SHIPPING_METHODS[DEFAULT_SHIPPING_METHOD];
			sh.shipping_date = tokyoDate(atMs);
			sh.scheduled_delivery_date = tokyoDate(atMs, method.deliveryDays);
			sh.delivery_company_name = method.company;
			const index = order.shipments.indexOf(sh) + 1;
			sh.shipping_number = String(400000000000 + order.seq * 10 + index);
		}
		if (status === STATUS_CANCELLED) {
			for (const l of sh.lines) {
				const e = this.stock.get(l.item_stock_code);
				if (e && e.stock_quantity !== null) {
					e.stock_quantity += l.quantity;
					this.st.setStock.run(e.item_stock_code, e.stock_quantity, e.is_orderable ? 1 : 0);
				}
			}
		}
		this.st.insertHistory.run(order.order_no, sh.shipping_id, status, at);
	}

	private persistOrder(o: OrderRec): void {
		this.st.upsertOrder.run(o.order_no, o.seq, o.retailer_id, JSON.stringify(o));
		this.revisions.set(o, this.revision(o) + 1);
	}

	/** Changes of an order since it was loaded or placed; lets readers cache what they derive from it. */
	revision(o: OrderRec): number {
		return this.revisions.get(o) ?? 0;
	}

	/**
	 * Advances non-final shipments: `steps` steps each, for the given orders or all orders.
	 * Returns the number of status changes.
	 */
	step(steps: number, orderNos?: string[]): number {
		const targets = orderNos ? orderNos.map((n) => this.orders.get(n)).filter((o): o is OrderRec => !!o) : [...this.orders.values()];
		const now = this.clock.nowMs();
		let changes = 0;
		this.db.transaction(() => {
			for (const o of targets) {
				let touched = false;
				for (const sh of o.shipments) {
					for (let i = 0; i < steps && !isFinal(sh.status_id); i++) {
						this.applyStatus(o, sh, nextStatus(sh.status_id), now);
						changes++;
						touched = true;
					}
				}
				if (touched) this.persistOrder(o);
			}
		})();
		return changes;
	}

	/** The pace clock: every non-final shipment unchanged for at least stepMs (virtual time) advances one step. */
	advanceDue(stepMs: number): number {
		const now = this.clock.nowMs();
		let changes = 0;
		const due: Array<[OrderRec, ShipmentRec]> = [];
		for (const o of this.orders.values()) {
			for (const sh of o.shipments) {
				if (!isFinal(sh.status_id) && now - (sh.updated_ms ?? parseTokyo(sh.updated_at)!) >= stepMs) due.push([o, sh]);
			}
		}
		if (due.length === 0) return 0;
		this.db.transaction(() => {
			const touched = new Set<OrderRec>();
			for (const [o, sh] of due) {
				this.applyStatus(o, sh, nextStatus(sh.status_id), now);
				touched.add(o);
				changes++;
			}
			for (const o of touched) this.persistOrder(o);
		})();
		return changes;
	}

	/** Sets the status of an order's shipments (or one shipment). Throws NotFoundError / ConflictError. */
	setStatus(orderNo: string, status: number, shippingId?: string): OrderRec {
		const o = this.orders.get(orderNo);
		if (!o) throw new NotFoundError(`order ${orderNo} not found`);
		const targets = shippingId ? o.shipments.filter((s) => s.shipping_id === shippingId) : o.shipments;
		if (targets.length === 0) throw new NotFoundError(`shipment ${shippingId} not found in order ${orderNo}`);
		for (const sh of targets) {
			if (isFinal(sh.status_id) && sh.status_id !== status) {
				throw new ConflictError(`shipment ${sh.shipping_id} is in final status ${sh.status_id}`);
			}
			if (status === STATUS_CANCELLED && !canCancelFrom(sh.status_id) && sh.status_id !== STATUS_CANCELLED) {
				throw new ConflictError(`shipment ${sh.shipping_id} in status ${sh.status_id} cannot be cancelled (only from 1-3)`);
			}
		}
		const now = this.clock.nowMs();
		this.db.transaction(() => {
			for (const sh of targets) if (sh.status_id !== status) this.applyStatus(o, sh, status, now);
			this.persistOrder(o);
		})();
		return o;
	}

	statusHistory(orderNo: string): Array<{ shipping_id: string; status_id: number; changed_at: string }> {
		return this.db
			.prepare('SELECT shipping_id, status_id, changed_at FROM status_history WHERE order_no = ? ORDER BY id')
			.all(orderNo) as Array<{ shipping_id: string; status_id: number; changed_at: string }>;
	}
}

export function cmp(a: string | number, b: string | number): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

export function groupBy<T>(list: T[], key: (t: T) => string): T[][] {
	const groups = new Map<string, T[]>();
	for (const t of list) {
		const k = key(t);
		let g = groups.get(k);
		if (!g) groups.set(k, (g = []));
		g.push(t);
	}
	return [...groups.values()];
}
