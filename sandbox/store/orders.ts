/**
 * The orders and shipments tables. Reads that list orders are single indexed queries (filter, sort, page in
 * SQLite), so a page costs the same however many orders the sandbox holds.
 */
import { parseTokyo } from '../domain/clock';
import { isFinal, lastChange, leadShipment } from '../domain/lifecycle';
import type { OrderRecord } from '../domain/records';
import type { Db } from './db';

/** A record of a page: which order (or shipment) at which revision; the caller reads the record if it needs it. */
export interface PageRow {
	orderNo: string;
	/** the shipment of a MultiItemOrder record, null for the whole order */
	shippingId: string | null;
	revision: number;
}

/** A record of the status-change listing, with its order's stored record (JSON). */
export interface OrderRow extends PageRow {
	doc: string;
}

export interface StoredOrder {
	order: OrderRecord;
	revision: number;
}

export interface OrderFilter {
	retailerId: number;
	/** one record per shipment (MultiItemOrder) instead of one per order */
	perShipment: boolean;
	/** inclusive, `YYYY-MM-DD HH:mm:ss` */
	from: string;
	to?: string;
	statusId?: number;
}

export interface OrderPage extends OrderFilter {
	sortBy: 'created_at' | 'status_id';
	descending: boolean;
	limit: number;
	offset: number;
}

/** Beyond every date-time the API accepts. */
const END_OF_TIME = '9999-12-31 23:59:59';

export class Orders {
	private readonly insertOrder;
	private readonly updateOrder;
	private readonly insertShipment;
	private readonly updateShipment;
	private readonly insertHistory;
	private readonly selectHistory;
	private readonly selectByNo;
	private readonly selectByEc;
	private readonly countAll;
	private readonly selectAll;
	private readonly selectRetailer;
	private readonly selectMoving;
	private readonly selectDue;
	private readonly queries = new Map<string, ReturnType<Db['prepare']>>();
	/** Counts the times every order was deleted (reset): order numbers are reused after it, revisions restart. */
	generation = 0;
	/** Counts the writes to orders and shipments: a listing's total is counted once between two writes. */
	private version = 0;
	private readonly totals = new Map<string, { version: number; total: number }>();

	constructor(private readonly db: Db) {
		this.insertOrder = db.prepare(
			'INSERT INTO orders (seq, order_no, retailer_id, ec_order_no, created_at, status_id, updated_at, doc) VALUES (@seq, @orderNo, @retailerId, @ecOrderNo, @createdAt, @statusId, @updatedAt, @doc)',
		);
		this.updateOrder = db.prepare(
			'UPDATE orders SET status_id = @statusId, updated_at = @updatedAt, revision = revision + 1, doc = @doc WHERE seq = @seq',
		);
		this.insertShipment = db.prepare(
			'INSERT INTO shipments (shipping_id, order_seq, retailer_id, created_at, status_id, updated_at, updated_ms, final) VALUES (@shippingId, @seq, @retailerId, @createdAt, @statusId, @updatedAt, @updatedMs, @final)',
		);
		this.updateShipment = db.prepare(
			'UPDATE shipments SET status_id = @statusId, updated_at = @updatedAt, updated_ms = @updatedMs, final = @final WHERE shipping_id = @shippingId',
		);
		this.insertHistory = db.prepare(
			'INSERT INTO status_history (order_no, shipping_id, status_id, changed_at) VALUES (?, ?, ?, ?)',
		);
		this.selectHistory = db.prepare(
			'SELECT shipping_id, status_id, changed_at FROM status_history WHERE order_no = ? ORDER BY id',
		);
		this.selectByNo = db.prepare('SELECT doc, revision FROM orders WHERE order_no = ?');
		this.selectByEc = db.prepare(
			'SELECT doc, revision FROM orders WHERE retailer_id = ? AND ec_order_no = ? ORDER BY seq',
		);
		this.countAll = db.prepare('SELECT COUNT(*) AS n FROM orders').pluck();
		this.selectAll = db.prepare('SELECT doc FROM orders ORDER BY seq').pluck();
		this.selectRetailer = db
			.prepare('SELECT doc FROM orders WHERE retailer_id = ? ORDER BY seq')
			.pluck();
		this.selectMoving = db
			.prepare(
				'SELECT doc FROM orders WHERE seq IN (SELECT order_seq FROM shipments WHERE final = 0) ORDER BY seq',
			)
			.pluck();
		this.selectDue = db
			.prepare(
				'SELECT doc FROM orders WHERE seq IN (SELECT order_seq FROM shipments WHERE final = 0 AND updated_ms <= ?) ORDER BY seq',
			)
			.pluck();
	}

	/** Stores a new order and its shipments (in the caller's transaction). */
	insert(order: OrderRecord): void {
		this.version++;
		this.insertOrder.run({
			...this.orderColumns(order),
			orderNo: order.order_no,
			retailerId: order.retailer_id,
			ecOrderNo: order.ec_order_no,
			createdAt: order.created_at,
		});
		for (const s of order.shipments) {
			this.insertShipment.run({
				...this.shipmentColumns(s),
				seq: order.seq,
				retailerId: order.retailer_id,
				createdAt: order.created_at,
			});
		}
	}

	/** Stores a changed order and its shipments' statuses (in the caller's transaction). */
	save(order: OrderRecord): void {
		this.version++;
		this.updateOrder.run(this.orderColumns(order));
		for (const s of order.shipments) this.updateShipment.run(this.shipmentColumns(s));
	}

	private orderColumns(order: OrderRecord) {
		return {
			seq: order.seq,
			statusId: leadShipment(order).statusId,
			updatedAt: lastChange(order),
			doc: JSON.stringify(order),
		};
	}

	private shipmentColumns(s: OrderRecord['shipments'][number]) {
		return {
			shippingId: s.shipping_id,
			statusId: s.status_id,
			updatedAt: s.updated_at,
			updatedMs: s.updated_ms ?? parseTokyo(s.updated_at)!,
			final: isFinal(s.status_id) ? 1 : 0,
		};
	}

	addHistory(orderNo: string, shippingId: string, statusId: number, changedAt: string): void {
		this.insertHistory.run(orderNo, shippingId, statusId, changedAt);
	}

	history(orderNo: string): Array<{ shipping_id: string; status_id: number; changed_at: string }> {
		return this.selectHistory.all(orderNo) as Array<{
			shipping_id: string;
			status_id: number;
			changed_at: string;
		}>;
	}

	get(orderNo: string): OrderRecord | undefined {
		return this.stored(orderNo)?.order;
	}

	stored(orderNo: string): StoredOrder | undefined {
		const row = this.selectByNo.get(orderNo) as { doc: string; revision: number } | undefined;
		return row ? { order: JSON.parse(row.doc) as OrderRecord, revision: row.revision } : undefined;
	}

	/** A retailer's orders with this ec_order_no, in order of placement. */
	byEcOrderNo(retailerId: number, ecOrderNo: string): StoredOrder[] {
		return (
			this.selectByEc.all(retailerId, ecOrderNo) as Array<{ doc: string; revision: number }>
		).map((row) => ({
			order: JSON.parse(row.doc) as OrderRecord,
			revision: row.revision,
		}));
	}

	count(): number {
		return this.countAll.get() as number;
	}

	/** Every order, in order of placement (control API). */
	all(): OrderRecord[] {
		return (this.selectAll.all() as string[]).map((doc) => JSON.parse(doc) as OrderRecord);
	}

	ofRetailer(retailerId: number): OrderRecord[] {
		return (this.selectRetailer.all(retailerId) as string[]).map(
			(doc) => JSON.parse(doc) as OrderRecord,
		);
	}

	/** Orders with a shipment not in a final status. */
	moving(): OrderRecord[] {
		return (this.selectMoving.all() as string[]).map((doc) => JSON.parse(doc) as OrderRecord);
	}

	/** Orders with a shipment not in a final status and unchanged since `sinceMs` (epoch ms). */
	unchangedSince(sinceMs: number): OrderRecord[] {
		return (this.selectDue.all(sinceMs) as string[]).map((doc) => JSON.parse(doc) as OrderRecord);
	}

	/**
	 * A page of orders registered in a time range, and how many there are. Ties are broken by order number and
	 * shipping id, ascending whatever the direction.
	 */
	page(filter: OrderPage): { rows: PageRow[]; total: number } {
		const { table, source, where, params } = this.selection(filter, 'created_at');
		const direction = filter.descending ? 'DESC' : 'ASC';
		const sort =
			filter.sortBy === 'status_id'
				? `${table}.status_id ${direction}, ${table}.created_at ${direction}`
				: `${table}.created_at ${direction}`;
		const ties = filter.perShipment ? 's.order_seq, s.shipping_id' : 'o.seq';
		const found = this.query(
			`${this.columns(filter.perShipment, false)} WHERE ${where} ORDER BY ${sort}, ${ties} LIMIT @limit OFFSET @offset`,
		)
			.raw()
			.all({ ...params, limit: filter.limit, offset: filter.offset }) as Array<
			[string, string | null, number]
		>;
		const rows = found.map(([orderNo, shippingId, revision]) => ({
			orderNo,
			shippingId,
			revision,
		}));
		return { rows, total: this.total(`SELECT COUNT(*) FROM ${source} WHERE ${where}`, params) };
	}

	/**
	 * How many records a listing has, counted once between two writes: Return All asks for every page of one
	 * listing, and a count steps over every matching record.
	 */
	private total(sql: string, params: Record<string, unknown>): number {
		const key = `${sql}|${JSON.stringify(params)}`;
		const known = this.totals.get(key);
		if (known?.version === this.version) return known.total;
		const total = this.query(sql).pluck().get(params) as number;
		if (this.totals.size >= 100) this.totals.clear();
		this.totals.set(key, { version: this.version, total });
		return total;
	}

	/** Every record whose latest status change is in the time range, by the time of that change. */
	changes(filter: OrderFilter): OrderRow[] {
		const { where, params } = this.selection(filter, 'updated_at');
		const order = filter.perShipment
			? 's.updated_at, s.order_seq, s.shipping_id'
			: 'o.updated_at, o.seq';
		return this.query(
			`${this.columns(filter.perShipment, true)} WHERE ${where} ORDER BY ${order}`,
		).all(params) as OrderRow[];
	}

	private columns(perShipment: boolean, withDoc: boolean): string {
		const doc = withDoc ? ', o.doc AS doc' : '';
		return perShipment
			? `SELECT o.order_no AS orderNo, s.shipping_id AS shippingId, o.revision AS revision${doc} FROM shipments s JOIN orders o ON o.seq = s.order_seq`
			: `SELECT o.order_no AS orderNo, NULL AS shippingId, o.revision AS revision${doc} FROM orders o`;
	}

	/** The WHERE clause on the listed table (shipments `s` or orders `o`), which alone decides the records. */
	private selection(filter: OrderFilter, time: 'created_at' | 'updated_at') {
		const table = filter.perShipment ? 's' : 'o';
		const where = [
			`${table}.retailer_id = @retailerId`,
			`${table}.${time} >= @from`,
			`${table}.${time} <= @to`,
		];
		if (filter.statusId !== undefined) where.push(`${table}.status_id = @statusId`);
		return {
			table,
			source: filter.perShipment ? 'shipments s' : 'orders o',
			where: where.join(' AND '),
			params: {
				retailerId: filter.retailerId,
				from: filter.from,
				to: filter.to ?? END_OF_TIME,
				...(filter.statusId !== undefined ? { statusId: filter.statusId } : {}),
			},
		};
	}

	/** Statements by their text, prepared once (a handful of shapes). */
	private query(sql: string) {
		let statement = this.queries.get(sql);
		if (!statement) this.queries.set(sql, (statement = this.db.prepare(sql)));
		return statement;
	}

	/** Deletes every order, shipment and status change (in the caller's transaction). */
	clear(): void {
		this.db.exec('DELETE FROM orders; DELETE FROM shipments; DELETE FROM status_history;');
		this.generation++;
		this.version++;
	}
}
