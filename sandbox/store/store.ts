/**
 * The sandbox's data: one repository per table, the virtual clock, and the writes that span tables (placing
 * an order, moving statuses, creating original items), each in one transaction.
 */
import type { OriginalItem } from '../../api/schema/types';
import { catalogByCode, categoryById } from '../catalog';
import { ConflictError, NotFoundError } from '../errors';
import { parseTokyo, VirtualClock, type ClockState } from '../domain/clock';
import {
	applyStatus,
	canCancelFrom,
	DEFAULT_SHIPPING_METHOD,
	isFinal,
	nextStatus,
	STATUS_CANCELLED,
	STATUS_RECEIVED,
} from '../domain/lifecycle';
import { linesByCode, newOrder, numberedOrder } from '../domain/orderBuilder';
import type { NewOrder, OrderRecord, ShipmentRecord, SimulatorSession } from '../domain/records';
import {
	DEFAULT_RETAILERS,
	FIRST_FREE_ORIGINAL_ITEM_SEQ,
	ORDERS,
	ORIGINAL_ITEMS,
	senderShop,
	type RetailerSeed,
} from '../seed';
import { openDatabase, type Db } from './db';
import { Meta } from './meta';
import { Orders } from './orders';
import { OriginalItems } from './originalItems';
import { Retailers } from './retailers';
import { SimulatorSessions } from './sessions';
import { Stock, type StockEntry, type StockShortage } from './stock';

export class Store {
	readonly db: Db;
	readonly clock = new VirtualClock();
	readonly meta: Meta;
	readonly retailers: Retailers;
	readonly originalItems: OriginalItems;
	readonly orders: Orders;
	readonly stock: Stock;
	readonly sessions: SimulatorSessions;

	constructor(
		path: string,
		private readonly retailerSeeds: RetailerSeed[] = DEFAULT_RETAILERS,
	) {
		const db = openDatabase(path);
		this.db = db;
		this.meta = new Meta(db);
		this.orders = new Orders(db);
		this.retailers = new Retailers(db);
		this.originalItems = new OriginalItems(db);
		this.stock = new Stock(db);
		this.sessions = new SimulatorSessions(db);
		if (!this.meta.get('seeded')) this.reset();
		else this.addConfiguredRetailers();
		const clock = this.meta.get('clock');
		if (clock) this.clock.restore(JSON.parse(clock) as ClockState);
	}

	close(): void {
		this.db.close();
	}

	// ------------------------------------------------------------ seed

	/** Data back to exactly the seed, clock back to real time. */
	reset(): void {
		this.writeSeed();
		this.retailers.load();
		this.originalItems.load();
		this.stock.load();
		this.sessions.load();
	}

	/** Deletes everything and writes the seed (one transaction). */
	private writeSeed(): void {
		this.db.transaction(() => {
			for (const table of ['meta', 'retailers', 'original_items', 'stock', 'simulator_sessions'])
				this.db.prepare(`DELETE FROM ${table}`).run();
			this.orders.clear();
			this.clock.reset();
			this.writeClock();
			for (const r of this.retailerSeeds) this.retailers.save(r);
			this.stock.seed();
			this.stock.load();
			for (const o of ORIGINAL_ITEMS)
				this.originalItems.insert(
					originalItem(
						o.code,
						o.retailer_id,
						o.item_code,
						o.ec_original_item_code,
						o.name,
						null,
						o.created_at,
					),
				);
			this.originalItems.load();
			let seq = 1;
			for (const seed of ORDERS) {
				const lines = linesByCode(seed.lines, {
					byCode: (code) => this.originalItems.get(seed.retailer_id, code),
					byEcCode: (ecCode) => this.originalItems.byEcCode(seed.retailer_id, ecCode),
				}).map((resolved) => resolved.line);
				const order = numberedOrder(
					seq++,
					newOrder({
						retailer_id: seed.retailer_id,
						kind: 'code',
						multi: seed.multi,
						ec_order_no: seed.ec_order_no,
						ec_order_date: seed.ec_order_date,
						shipping_information: seed.shipping_information,
						sender_information: senderShop,
						ec_optional_information: seed.ec_optional_information,
						action_after_print: null,
						shipping_method: DEFAULT_SHIPPING_METHOD,
						lines,
					}),
					parseTokyo(seed.created_at)!,
				);
				for (const s of order.shipments)
					this.orders.addHistory(order.order_no, s.shipping_id, STATUS_RECEIVED, seed.created_at);
				seed.history.forEach((steps, i) => {
					for (const [status, at] of steps)
						this.changeStatus(order, order.shipments[i], status, parseTokyo(at)!);
				});
				this.orders.insert(order);
			}
			this.meta.set('orderSeq', String(seq));
			this.meta.set('originalItemSeq', String(FIRST_FREE_ORIGINAL_ITEM_SEQ));
			this.meta.set('seeded', '1');
		})();
	}

	/** Retailers given by configuration are added to an existing database too. */
	private addConfiguredRetailers(): void {
		this.db.transaction(() => {
			for (const r of this.retailerSeeds) if (!this.retailers.get(r.id)) this.retailers.save(r);
		})();
		this.retailers.load();
	}

	writeClock(): void {
		this.meta.set('clock', JSON.stringify(this.clock.state()));
	}

	// ------------------------------------------------------------ original items and simulator sessions

	private nextOriginalItemCode(): { code: string; seq: number } {
		const seq = Number(this.meta.get('originalItemSeq') ?? FIRST_FREE_ORIGINAL_ITEM_SEQ);
		return { code: `t0${seq}`, seq };
	}

	/** Creates an original item; throws ConflictError when the retailer already uses ecCode. */
	createOriginalItem(
		retailerId: number,
		itemCode: string,
		ecCode: string | null,
		name: string | null,
		imageUrl: string,
	): OriginalItem {
		if (ecCode !== null && this.originalItems.byEcCode(retailerId, ecCode))
			throw new ConflictError(ecCode);
		const { code, seq } = this.nextOriginalItemCode();
		const item = originalItem(code, retailerId, itemCode, ecCode, name, imageUrl, this.clock.now());
		this.db.transaction(() => {
			this.originalItems.insert(item);
			this.meta.set('originalItemSeq', String(seq + 1));
		})();
		this.originalItems.added(item);
		return item;
	}

	saveSession(session: SimulatorSession): void {
		this.db.transaction(() => this.sessions.save(session))();
	}

	/** Marks the session complete and creates its original item, both in one transaction. */
	completeSession(session: SimulatorSession, name: string | null, imageUrl: string): OriginalItem {
		const { code, seq } = this.nextOriginalItemCode();
		const item = originalItem(
			code,
			session.retailer_id,
			session.item_code,
			null,
			name,
			imageUrl,
			this.clock.now(),
		);
		this.db.transaction(() => {
			this.originalItems.insert(item);
			this.meta.set('originalItemSeq', String(seq + 1));
			this.sessions.save({ ...session, original_item_code: code });
		})();
		this.originalItems.added(item);
		return item;
	}

	// ------------------------------------------------------------ orders

	/**
	 * Places an order: checks stock, takes limited stock and stores the order in one transaction.
	 * Returns the shortages instead when stock is missing (nothing is written then).
	 */
	placeOrder(order: NewOrder): { order: OrderRecord } | { shortages: StockShortage[] } {
		const requested = new Map<string, number>();
		for (const line of order.shipments.flat())
			requested.set(
				line.item_stock_code,
				(requested.get(line.item_stock_code) ?? 0) + line.quantity,
			);
		const shortages = this.stock.shortages(requested);
		if (shortages.length > 0) return { shortages };
		let placed: OrderRecord | undefined;
		this.db.transaction(() => {
			const seq = Number(this.meta.get('orderSeq') ?? 1);
			placed = numberedOrder(seq, order, this.clock.nowMs());
			for (const [code, quantity] of requested) this.stock.change(code, -quantity);
			this.orders.insert(placed);
			for (const s of placed.shipments)
				this.orders.addHistory(placed.order_no, s.shipping_id, STATUS_RECEIVED, placed.created_at);
			this.meta.set('orderSeq', String(seq + 1));
		})();
		return { order: placed! };
	}

	/** A status change of one shipment with its history row and, on cancellation, the stock put back. */
	private changeStatus(
		order: OrderRecord,
		shipment: ShipmentRecord,
		status: number,
		atMs: number,
	): void {
		for (const line of applyStatus(order, shipment, status, atMs))
			this.stock.change(line.item_stock_code, line.quantity);
		this.orders.addHistory(order.order_no, shipment.shipping_id, status, shipment.updated_at);
	}

	/**
	 * Advances non-final shipments `steps` steps each, of the given orders or of all orders.
	 * Returns the number of status changes.
	 */
	step(steps: number, orderNos?: string[]): number {
		const now = this.clock.nowMs();
		let changes = 0;
		this.db.transaction(() => {
			const targets = orderNos
				? orderNos.map((n) => this.orders.get(n)).filter((o): o is OrderRecord => !!o)
				: this.orders.moving();
			for (const order of targets) {
				let touched = false;
				for (const shipment of order.shipments) {
					for (let i = 0; i < steps && !isFinal(shipment.status_id); i++) {
						this.changeStatus(order, shipment, nextStatus(shipment.status_id), now);
						changes++;
						touched = true;
					}
				}
				if (touched) this.orders.save(order);
			}
		})();
		return changes;
	}

	/** The pace clock: every non-final shipment unchanged for at least stepMs (virtual time) advances one step. */
	advanceDue(stepMs: number): number {
		const now = this.clock.nowMs();
		let changes = 0;
		this.db.transaction(() => {
			for (const order of this.orders.unchangedSince(now - stepMs)) {
				for (const shipment of order.shipments) {
					if (
						isFinal(shipment.status_id) ||
						now - (shipment.updated_ms ?? parseTokyo(shipment.updated_at)!) < stepMs
					)
						continue;
					this.changeStatus(order, shipment, nextStatus(shipment.status_id), now);
					changes++;
				}
				this.orders.save(order);
			}
		})();
		return changes;
	}

	/** Control API: a reschedule moves the order's scheduled shipping date; its status and updated_at stay. */
	setScheduledShippingDate(orderNo: string, date: string): OrderRecord {
		const order = this.orders.get(orderNo);
		if (!order) throw new NotFoundError(`order ${orderNo} not found`);
		order.scheduled_shipping_date = date;
		this.db.transaction(() => this.orders.save(order))();
		return order;
	}

	/** Control API: sets a stock entry's quantity (null = unlimited) and/or whether it can be ordered. */
	setStock(
		code: string,
		change: { stock_quantity?: number | null; is_orderable?: boolean },
	): StockEntry {
		const entry = this.stock.get(code);
		if (!entry) throw new NotFoundError(`stock entry ${code} not found`);
		this.db.transaction(() => this.stock.set(code, change))();
		return entry;
	}

	/** Sets the status of an order's shipments (or one shipment). Throws NotFoundError / ConflictError. */
	setStatus(orderNo: string, status: number, shippingId?: string): OrderRecord {
		const order = this.orders.get(orderNo);
		if (!order) throw new NotFoundError(`order ${orderNo} not found`);
		const targets = shippingId
			? order.shipments.filter((s) => s.shipping_id === shippingId)
			: order.shipments;
		if (targets.length === 0)
			throw new NotFoundError(`shipment ${shippingId} not found in order ${orderNo}`);
		for (const shipment of targets) {
			if (isFinal(shipment.status_id) && shipment.status_id !== status) {
				throw new ConflictError(
					`shipment ${shipment.shipping_id} is in final status ${shipment.status_id}`,
				);
			}
			if (
				status === STATUS_CANCELLED &&
				!canCancelFrom(shipment.status_id) &&
				shipment.status_id !== STATUS_CANCELLED
			) {
				throw new ConflictError(
					`shipment ${shipment.shipping_id} in status ${shipment.status_id} cannot be cancelled (only from 1-3)`,
				);
			}
		}
		const now = this.clock.nowMs();
		this.db.transaction(() => {
			for (const shipment of targets)
				if (shipment.status_id !== status) this.changeStatus(order, shipment, status, now);
			this.orders.save(order);
		})();
		return order;
	}
}

/** An original item of a catalog item: one design image per colour, named after the item unless named. */
function originalItem(
	code: string,
	retailerId: number,
	itemCode: string,
	ecCode: string | null,
	name: string | null,
	imageUrl: string | null,
	createdAt: string,
): OriginalItem {
	const catalogItem = catalogByCode.get(itemCode)!;
	const category = categoryById.get(catalogItem.item.category_id)!;
	const first = catalogItem.colors[0];
	return {
		original_item_code: code,
		ec_original_item_code: ecCode,
		retailer_id: retailerId,
		category_id: String(category.category_id),
		category_name: category.category_name,
		item_code: catalogItem.item.code,
		image_urls: catalogItem.colors.map((color) => ({
			color_name: color.name,
			mfr_color_name: color.mfr_color_name,
			url: imageUrl ?? `https://img.printio-sandbox.example/designs/${code}/front.png`,
		})),
		original_item_name: name ?? `${catalogItem.item.item_name} オリジナル`,
		item_name: catalogItem.item.item_name,
		sizes: catalogItem.item.sizes,
		colors: catalogItem.item.colors,
		default_color: { hex: first.hex, name: first.name },
		created_at: createdAt,
		updated_at: createdAt,
	};
}
