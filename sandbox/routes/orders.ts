/**
 * POST /order-by-code, POST /orders/order-with-image, GET /orders, GET /order-statuses. Orders are built by
 * domain/orderBuilder, placed by the store in one transaction, and listed by single indexed queries.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PAGE_SIZE_DEFAULT } from '../../api/schema/schemas';
import type {
	AvailableItem,
	OrderByCodeRequest,
	OrdersQuery,
	OrderStatusesQuery,
	OrderWithImageRequest,
} from '../../api/schema/types';
import { ApiError, MSG_NO_DATA, MSG_OK, MSG_PAYMENT, ParamError } from '../errors';
import { parseTokyo } from '../domain/clock';
import { DEFAULT_SHIPPING_METHOD } from '../domain/lifecycle';
import { linesByCode, linesWithImage, newOrder } from '../domain/orderBuilder';
import {
	orderJson,
	shipmentView,
	statusJson,
	viewsOf,
	wholeOrderView,
	type OrderView,
} from '../domain/orderViews';
import type { NewOrder, OrderRecord } from '../domain/records';
import type { Envelope } from '../plugins/envelopeErrors';
import type { StoredOrder } from '../store/orders';
import { compare } from '../store/originalItems';
import type { StockShortage } from '../store/stock';
import { apiRoute, checkRetailer, isMultiItemOrder } from './apiRoute';

function shortageMessage(shortages: StockShortage[]): string {
	const parts = shortages.map((s) => {
		const entry = s.entry;
		if (!entry) return s.item_stock_code;
		const left = !entry.is_orderable ? '注文不可' : `残り${entry.stock_quantity ?? 0}`;
		return `${entry.item_code} ${entry.color_name} ${entry.size}（${left}、注文数${s.requested}）`;
	});
	return `在庫が不足しています: ${parts.join('、')}`;
}

/** The query's time range, checked: required unless the lookup is by order_no or ec_order_no. */
function timeRange(query: { date_time_from?: string; date_time_to?: string }): {
	from: string;
	to?: string;
} {
	const { date_time_from: from, date_time_to: to } = query;
	if (from === undefined)
		throw new ParamError(
			'date_time_from は必須です（order_no と ec_order_no のどちらも指定しない場合）。',
		);
	if (parseTokyo(from) === undefined)
		throw new ParamError('date_time_from は存在する日時で指定してください。');
	if (to !== undefined) {
		if (parseTokyo(to) === undefined)
			throw new ParamError('date_time_to は存在する日時で指定してください。');
		if (to < from)
			throw new ParamError('date_time_to は date_time_from 以降の日時で指定してください。');
	}
	return { from, to };
}

/** The view a listed record stands for: the whole order, or one of its shipments. */
function viewOf(order: OrderRecord, shippingId: string | null): OrderView {
	const shipment =
		shippingId === null ? undefined : order.shipments.find((s) => s.shipping_id === shippingId);
	return shipment ? shipmentView(order, shipment) : wholeOrderView(order);
}

/** Serialized order records (UTF-8 JSON) by record, reused until the order changes (GET /orders is a hot read). */
class RecordCache {
	private readonly records = new Map<string, { revision: number; json: Buffer }>();

	constructor(
		private readonly size: number,
		private readonly generation: () => number,
	) {}

	get(orderNo: string, shippingId: string | null, revision: number, view: () => OrderView): Buffer {
		const key = `${this.generation()}#${orderNo}#${shippingId ?? ''}`;
		const hit = this.records.get(key);
		if (hit && hit.revision === revision) return hit.json;
		const json = Buffer.from(JSON.stringify(orderJson(view())));
		this.records.delete(key);
		this.records.set(key, { revision, json });
		// Oldest first out: a Map iterates in insertion order.
		if (this.records.size > this.size)
			this.records.delete(this.records.keys().next().value as string);
		return json;
	}
}

const LIST_START = Buffer.from('{"orders":[');
const COMMA = Buffer.from(',');

/** `{"orders":[record,record...` then `end`: the cached records copied as they are, not encoded again. */
function listBody(records: Buffer[], end: string): Buffer {
	const parts = [LIST_START];
	records.forEach((record, i) => parts.push(...(i > 0 ? [COMMA, record] : [record])));
	parts.push(Buffer.from(end));
	return Buffer.concat(parts);
}

export const orderRoutes: FastifyPluginAsync = async (app) => {
	const records = new RecordCache(10_000, () => app.store.orders.generation);

	const place = (
		req: FastifyRequest,
		order: NewOrder,
		availableItems?: (shortages: StockShortage[]) => AvailableItem[],
	): Envelope => {
		if (req.retailer.unpaid) throw new ApiError(14, MSG_PAYMENT);
		const result = app.store.placeOrder(order);
		if ('shortages' in result) {
			throw new ApiError(
				13,
				shortageMessage(result.shortages),
				availableItems ? { available_items: availableItems(result.shortages) } : {},
			);
		}
		return {
			statusCode: 0,
			body: {
				response: {
					order_no: result.order.order_no,
					ec_order_no: order.ec_order_no,
					status_code: 0,
					message: MSG_OK,
				},
			},
		};
	};

	app.route<{ Body: OrderByCodeRequest }>({
		...apiRoute('postOrderByCode'),
		handler: async (req, reply) => {
			const request = req.body;
			checkRetailer(req, request.retailer_id);
			const retailerId = req.retailer.id;
			const resolved = linesByCode(request.order_details, {
				byCode: (code) => app.store.originalItems.get(retailerId, code),
				byEcCode: (ecCode) => app.store.originalItems.byEcCode(retailerId, ecCode),
			});
			const multi = isMultiItemOrder(req);
			if (!multi && new Set(resolved.map((r) => r.originalItem.original_item_code)).size > 1) {
				throw new ParamError(
					'order_details に複数のオリジナルアイテムを指定するには X-Feature-Flags: MultiItemOrder ヘッダーが必要です。',
				);
			}
			const order = newOrder({
				retailer_id: retailerId,
				kind: 'code',
				multi,
				ec_order_no: request.ec_order_no,
				ec_order_date: request.ec_order_date ?? null,
				shipping_information: request.shipping_information,
				sender_information: request.sender_information,
				ec_optional_information: request.ec_optional_information ?? null,
				action_after_print: request.action_after_print ?? null,
				shipping_method: request.shipping_method ?? DEFAULT_SHIPPING_METHOD,
				lines: resolved.map((r) => r.line),
			});
			// MultiItemOrder: a stock error lists every requested line and whether it is available.
			const availableItems = multi
				? (shortages: StockShortage[]): AvailableItem[] => {
						const short = new Set(shortages.map((s) => s.item_stock_code));
						return resolved.map(({ line, originalItem }) => {
							const entry = app.store.stock.get(line.item_stock_code);
							return {
								original_item_code: originalItem.original_item_code,
								ec_original_item_code: originalItem.ec_original_item_code,
								item_code: line.item_code,
								item_stock_code: line.item_stock_code,
								color: line.color,
								size: line.size,
								requested_quantity: line.quantity,
								stock_quantity: entry?.stock_quantity ?? null,
								is_orderable: entry?.is_orderable ?? false,
								is_available: !short.has(line.item_stock_code),
							};
						});
					}
				: undefined;
			return reply.envelope(place(req, order, availableItems));
		},
	});

	app.route<{ Body: OrderWithImageRequest }>({
		...apiRoute('postOrderWithImage'),
		handler: async (req, reply) => {
			const request = req.body;
			checkRetailer(req, request.retailer_id);
			const lines = linesWithImage(request.order_details);
			const order = newOrder({
				retailer_id: req.retailer.id,
				kind: 'image',
				multi: isMultiItemOrder(req),
				ec_order_no: request.ec_order_no,
				ec_order_date: request.ec_order_date,
				shipping_information: request.shipping_information,
				sender_information: request.sender_information,
				ec_optional_information: request.ec_optional_information ?? null,
				action_after_print: null,
				shipping_method: DEFAULT_SHIPPING_METHOD,
				lines,
			});
			return reply.envelope(place(req, order));
		},
	});

	/**
	 * order_no (comma-separated) or else ec_order_no: the retailer's matching orders, and nothing else counts.
	 * Undefined when the query is not a lookup.
	 */
	const lookup = (
		req: FastifyRequest,
		query: { order_no?: string; ec_order_no?: string },
	): StoredOrder[] | undefined => {
		const retailerId = req.retailer.id;
		if (query.order_no !== undefined) {
			const wanted = [
				...new Set(
					query.order_no
						.split(',')
						.map((s) => s.trim())
						.filter((s) => s !== ''),
				),
			];
			return wanted
				.map((orderNo) => app.store.orders.stored(orderNo))
				.filter((found): found is StoredOrder => found?.order.retailer_id === retailerId);
		}
		if (query.ec_order_no !== undefined)
			return app.store.orders.byEcOrderNo(retailerId, query.ec_order_no);
		return undefined;
	};

	const lookedUpViews = (found: StoredOrder[], multi: boolean) =>
		found.flatMap(({ order, revision }) =>
			viewsOf([order], multi).map((view) => ({ view, revision })),
		);

	app.route<{ Querystring: OrdersQuery }>({
		...apiRoute('getOrders'),
		handler: async (req, reply) => {
			const query = req.query;
			checkRetailer(req, query.retailer_id);
			const multi = isMultiItemOrder(req);
			let json: Buffer[];
			let total: number;
			const found = lookup(req, query);
			if (found) {
				// Lookups ignore every other parameter, paging included.
				const views = lookedUpViews(found, multi);
				json = views.map(({ view, revision }) =>
					records.get(
						view.order.order_no,
						view.shipment?.shipping_id ?? null,
						revision,
						() => view,
					),
				);
				total = views.length;
			} else {
				const limit = query.limit ?? PAGE_SIZE_DEFAULT;
				const page = app.store.orders.page({
					retailerId: req.retailer.id,
					perShipment: multi,
					...timeRange(query),
					statusId: query.status_id,
					sortBy: query.sort_value ?? 'created_at',
					descending: query.order === 'desc',
					limit,
					offset: ((query.page ?? 1) - 1) * limit,
				});
				// The stored record is read only for records not serialized at this revision yet.
				json = page.rows.map((row) =>
					records.get(row.orderNo, row.shippingId, row.revision, () =>
						viewOf(app.store.orders.get(row.orderNo)!, row.shippingId),
					),
				);
				total = page.total;
			}
			const status = json.length > 0 ? 0 : 1;
			return reply.envelope({
				statusCode: status,
				body: listBody(
					json,
					`],"total":${total},"status_code":${status},"message":${JSON.stringify(status === 0 ? MSG_OK : MSG_NO_DATA)}}`,
				),
			});
		},
	});

	app.route<{ Querystring: OrderStatusesQuery }>({
		...apiRoute('getOrderStatuses'),
		handler: async (req, reply) => {
			const query = req.query;
			checkRetailer(req, query.retailer_id);
			const multi = isMultiItemOrder(req);
			let views: OrderView[];
			const found = lookup(req, query);
			if (found) {
				views = lookedUpViews(found, multi)
					.map(({ view }) => view)
					.sort(
						(a, b) =>
							compare(a.updatedAt, b.updatedAt) ||
							a.order.seq - b.order.seq ||
							compare(a.lead.shipping_id, b.lead.shipping_id),
					);
			} else {
				views = app.store.orders
					.changes({
						retailerId: req.retailer.id,
						perShipment: multi,
						...timeRange(query),
						statusId: query.status_id,
					})
					.map((row) => viewOf(JSON.parse(row.doc) as OrderRecord, row.shippingId));
			}
			const status = views.length > 0 ? 0 : 1;
			return reply.envelope({
				statusCode: status,
				body: {
					orders: views.map(statusJson),
					status_code: status,
					message: status === 0 ? MSG_OK : MSG_NO_DATA,
				},
			});
		},
	});
};
