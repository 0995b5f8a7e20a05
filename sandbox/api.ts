/**
 * The 11 endpoints of the Printio API, as pure handlers over the Store. Each handler returns the
 * status code and body (object or pre-serialized JSON); the server adds transport concerns
 * (authentication, faults, HTTP status, logging).
 */
import { randomBytes } from 'node:crypto';
import type { EndpointId } from '../contract/endpoints';
import {
	ItemsQuerySchema,
	ItemStocksRequestSchema,
	MAIL_ADDRESS_PATTERN,
	OrderByCodeRequestSchema,
	OrdersQuerySchema,
	OrderStatusesQuerySchema,
	OrderWithImageRequestSchema,
	OriginalItemCreateRequestSchema,
	OriginalItemsQuerySchema,
	PAGE_SIZE_DEFAULT,
	SimulatorUrlRequestSchema,
	UserQuerySchema,
} from '../contract/schemas';
import type {
	AddressBlock,
	AvailableItem,
	ItemsQuery,
	ItemStock,
	ItemStocksRequest,
	Order,
	OrderByCodeRequest,
	OrderLine,
	OrdersQuery,
	OrderStatusesQuery,
	OrderStatusRecord,
	OrderWithImageRequest,
	OriginalItem,
	OriginalItemCreateRequest,
	OriginalItemsQuery,
	SenderInformation,
	SimulatorUrlRequest,
	UserQuery,
} from '../contract/types';
import { catalog, catalogByCode, categories, findColor, stockCode } from './catalog';
import { parseTokyo } from './clock';
import { DEFAULT_SHIPPING_METHOD, SHIPPING_METHODS, STATUS_CANCELLED, statusName } from './lifecycle';
import { USERS } from './seed';
import { cmp, groupBy, type LineRec, type NewOrder, type OrderRec, type Retailer, type ShipmentRec, type StockShortage, type Store } from './store';
import { coerceQuery, compile, ParamError } from './validation';

export const MSG_OK = '成功しました。';
export const MSG_NO_DATA = '該当するデータがありません。';
export const MSG_NO_PERMISSION = '権限がありません: retailer_id が API キーの小売事業者と一致しません。';
export const MSG_PAYMENT = '決済エラーが発生しました。お支払い状況をご確認ください。';
export const MSG_SYSTEM = 'システムエラーが発生しました。しばらくしてから再度お試しください。';

/** An envelope outcome other than success (status 1, 11, 13, 14, 15...). */
export class ApiError extends Error {
	constructor(
		readonly statusCode: number,
		message: string,
		readonly extra: Record<string, unknown> = {},
	) {
		super(message);
	}
}

export interface ApiContext {
	store: Store;
	retailer: Retailer;
	query: Record<string, unknown>;
	body: unknown;
	headers: Record<string, string | string[] | undefined>;
	multi: boolean;
	baseUrl: string;
}

export interface ApiResult {
	statusCode: number;
	body: string | object;
}

const ok = (body: object | string): ApiResult => ({ statusCode: 0, body });

// ---------------------------------------------------------------- validators

const v = {
	originalItemsQuery: compile<OriginalItemsQuery>(OriginalItemsQuerySchema),
	itemsQuery: compile<ItemsQuery>(ItemsQuerySchema),
	userQuery: compile<UserQuery>(UserQuerySchema),
	ordersQuery: compile<OrdersQuery>(OrdersQuerySchema),
	orderStatusesQuery: compile<OrderStatusesQuery>(OrderStatusesQuerySchema),
	orderByCode: compile<OrderByCodeRequest>(OrderByCodeRequestSchema),
	orderWithImage: compile<OrderWithImageRequest>(OrderWithImageRequestSchema),
	originalItemCreate: compile<OriginalItemCreateRequest>(OriginalItemCreateRequestSchema),
	simulatorUrl: compile<SimulatorUrlRequest>(SimulatorUrlRequestSchema),
	itemStocks: compile<ItemStocksRequest>(ItemStocksRequestSchema),
};

function checkRetailer(ctx: ApiContext, retailerId: number | undefined): void {
	if (retailerId !== undefined && retailerId !== ctx.retailer.id) throw new ApiError(11, MSG_NO_PERMISSION);
}

function paginate<T>(list: T[], limit: number | undefined, page: number | undefined): T[] {
	const l = limit ?? PAGE_SIZE_DEFAULT;
	const p = page ?? 1;
	return list.slice((p - 1) * l, p * l);
}

// ---------------------------------------------------------------- catalog

/** Items serialized once: the catalog is static, and GET /items is the hottest read. */
const itemJson = new Map(catalog.map((c) => [c.item.code, JSON.stringify(c.item)]));

/** Whole GET /items bodies by query: the catalog never changes while the sandbox runs. */
const itemsBodyCache = new Map<string, ApiResult>();

function getItems(ctx: ApiContext): ApiResult {
	const q = v.itemsQuery.parse(coerceQuery(ItemsQuerySchema, ctx.query));
	checkRetailer(ctx, q.retailer_id);
	const cacheKey = `${q.category_id}|${q.item_code}|${q.limit}|${q.page}`;
	const cached = itemsBodyCache.get(cacheKey);
	if (cached) return cached;
	const result = itemsBody(q);
	if (itemsBodyCache.size < 1000) itemsBodyCache.set(cacheKey, result);
	return result;
}

function itemsBody(q: ItemsQuery): ApiResult {
	const matches = catalog.filter(
		(c) =>
			(q.category_id === undefined || c.item.category_id === q.category_id) &&
			(q.item_code === undefined || c.item.code === q.item_code),
	);
	const slice = paginate(matches, q.limit, q.page);
	const status = slice.length > 0 ? 0 : 1;
	return {
		statusCode: status,
		body: `{"list_item_data":[${slice.map((c) => itemJson.get(c.item.code)).join(',')}],"total":${matches.length},"status_code":${status},"message":${JSON.stringify(status === 0 ? MSG_OK : MSG_NO_DATA)}}`,
	};
}

function getCategories(): ApiResult {
	return ok({ categories, status_code: 0, message: MSG_OK });
}

function postItemStocks(ctx: ApiContext): ApiResult {
	const b = v.itemStocks.parse(ctx.body);
	checkRetailer(ctx, b.retailer_id);
	const codes = b.item_stock_codes && b.item_stock_codes.length > 0 ? new Set(b.item_stock_codes) : undefined;
	const list: ItemStock[] = ctx.store.stockList
		.filter(
			(s) =>
				(b.category_id === undefined || s.category_id === b.category_id) &&
				(b.item_code === undefined || s.item_code === b.item_code) &&
				(codes === undefined || codes.has(s.item_stock_code)),
		)
		.map((s) => ({
			category_id: s.category_id,
			item_stock_code: s.item_stock_code,
			color_name: s.color_name,
			size: s.size,
			is_orderable: s.is_orderable,
			stock_quantity: s.stock_quantity,
		}));
	const status = list.length > 0 ? 0 : 1;
	return { statusCode: status, body: { item_stocks: list, status_code: status, message: status === 0 ? MSG_OK : MSG_NO_DATA } };
}

// ---------------------------------------------------------------- original items

function getOriginalItems(ctx: ApiContext): ApiResult {
	const q = v.originalItemsQuery.parse(coerceQuery(OriginalItemsQuerySchema, ctx.query));
	checkRetailer(ctx, q.retailer_id);
	let list = (ctx.store.originalItemsByRetailer.get(ctx.retailer.id) ?? []).filter(
		(i) =>
			(q.original_item_code === undefined || i.original_item_code === q.original_item_code) &&
			(q.ec_original_item_code === undefined || i.ec_original_item_code === q.ec_original_item_code) &&
			(q.category_id === undefined || i.category_id === String(q.category_id)) &&
			(q.item_code === undefined || i.item_code === q.item_code),
	);
	if (q.sort_value === 'original_item_name') {
		list = [...list].sort(
			(a, b) => cmp(a.original_item_name, b.original_item_name) || cmp(a.created_at, b.created_at) || cmp(a.original_item_code, b.original_item_code),
		);
	}
	const slice = paginate(list, q.limit, q.page);
	if (slice.length === 0) {
		return { statusCode: 1, body: { original_items: [], total: list.length, status_code: 1, message: MSG_NO_DATA } };
	}
	// The reference's success body of this endpoint carries no message.
	return ok({ original_items: slice, total: list.length, status_code: 0 });
}

function postOriginalItem(ctx: ApiContext): ApiResult {
	const b = v.originalItemCreate.parse(ctx.body);
	checkRetailer(ctx, b.retailer_id);
	const c = catalogByCode.get(b.item_code);
	if (!c) throw new ApiError(1, `${MSG_NO_DATA} item_code: ${b.item_code}`);
	const ec = b.ec_original_item_code ?? null;
	if (ec !== null && ctx.store.findOriginalItemByEcCode(ctx.retailer.id, ec)) {
		throw new ApiError(15, `ec_original_item_code が重複しています: ${ec}`);
	}
	const item = ctx.store.createOriginalItem(ctx.retailer.id, c.item.code, ec, b.original_item_name ?? null, b.image_urls[0].url);
	return ok({
		response: { original_item_code: item.original_item_code, ec_original_item_code: ec, status_code: 0, message: MSG_OK },
	});
}

// ---------------------------------------------------------------- simulator

function postSimulatorUrl(ctx: ApiContext): ApiResult {
	const b = v.simulatorUrl.parse(ctx.body);
	checkRetailer(ctx, b.retailer_id);
	let itemCode: string;
	if (b.item_code !== undefined) {
		itemCode = b.item_code;
		if (!catalogByCode.has(itemCode)) throw new ApiError(1, `${MSG_NO_DATA} item_code: ${itemCode}`);
	} else if (b.item_id !== undefined) {
		// Deprecated numeric id: the sandbox numbers catalog items 1..n in catalog order.
		const c = catalog[b.item_id - 1];
		if (!c) throw new ApiError(1, `${MSG_NO_DATA} item_id: ${b.item_id}`);
		itemCode = c.item.code;
	} else {
		throw new ParamError('item_code は必須です（item_id を指定しない場合）。');
	}
	const token = randomBytes(12).toString('hex');
	ctx.store.saveSession({
		token,
		retailer_id: ctx.retailer.id,
		item_code: itemCode,
		previous_url: b.previous_url,
		next_url: b.next_url,
		user_id: b.user_id ?? null,
		created_at: ctx.store.clock.now(),
		original_item_code: null,
	});
	return ok({ response: { simulator_url: `${ctx.baseUrl}/_sandbox/simulator/${token}`, message: MSG_OK, status_code: 0 } });
}

// ---------------------------------------------------------------- users

function getUser(ctx: ApiContext): ApiResult {
	const q = v.userQuery.parse(coerceQuery(UserQuerySchema, ctx.query));
	checkRetailer(ctx, q.retailer_id);
	const raw = ctx.headers['mailaddress'];
	const mail = Array.isArray(raw) ? raw[0] : raw;
	if (mail === undefined || mail.trim() === '') throw new ParamError('MailAddress ヘッダーは必須です。');
	if (!new RegExp(MAIL_ADDRESS_PATTERN).test(mail.trim())) {
		throw new ParamError('MailAddress はメールアドレスの形式で指定してください。');
	}
	const needle = mail.trim().toLowerCase();
	const user = USERS.find((u) => u.retailer_id === ctx.retailer.id && u.mail === needle);
	return ok({
		response: {
			is_user_exists: !!user,
			user_info: user ? { user_id: user.user_id, team_id: user.team_id, team_name: user.team_name } : null,
			status_code: 0,
			message: MSG_OK,
		},
	});
}

// ---------------------------------------------------------------- order placement

/** Address length rule: 16 full-width or 32 half-width characters; the excess is cut off (spec 2.6). */
export function cutToWidth(text: string, maxWidth = 32): string {
	let width = 0;
	let out = '';
	for (const ch of text) {
		const code = ch.codePointAt(0)!;
		// Half-width: ASCII and half-width katakana; everything else counts as full-width.
		const w = code <= 0x7e || (code >= 0xff61 && code <= 0xff9f) ? 1 : 2;
		if (width + w > maxWidth) break;
		width += w;
		out += ch;
	}
	return out;
}

function normalizeAddress<T extends AddressBlock>(a: T): T {
	const out: T = { ...a, address1: cutToWidth(a.address1), mail_address: a.mail_address ?? null };
	if (a.address2 !== undefined) out.address2 = cutToWidth(a.address2);
	return out;
}

function isMulti(ctx: ApiContext): boolean {
	return ctx.multi;
}

function stockShortageMessage(shortages: StockShortage[]): string {
	const parts = shortages.map((s) => {
		const e = s.entry;
		if (!e) return s.item_stock_code;
		const left = !e.is_orderable ? '注文不可' : `残り${e.stock_quantity ?? 0}`;
		return `${e.item_code} ${e.color_name} ${e.size}（${left}、注文数${s.requested}）`;
	});
	return `在庫が不足しています: ${parts.join('、')}`;
}

function place(ctx: ApiContext, order: NewOrder, availableItems?: (shortages: StockShortage[]) => AvailableItem[]): ApiResult {
	if (ctx.retailer.unpaid) throw new ApiError(14, MSG_PAYMENT);
	const result = ctx.store.placeOrder(order);
	if ('shortages' in result) {
		const extra = availableItems ? { available_items: availableItems(result.shortages) } : {};
		throw new ApiError(13, stockShortageMessage(result.shortages), extra);
	}
	return ok({ response: { order_no: result.order.order_no, ec_order_no: order.ec_order_no, status_code: 0, message: MSG_OK } });
}

function postOrderByCode(ctx: ApiContext): ApiResult {
	const b = v.orderByCode.parse(ctx.body);
	checkRetailer(ctx, b.retailer_id);
	const resolved = b.order_details.map((l, i) => {
		let oi: OriginalItem | undefined;
		if (l.original_item_code !== undefined) {
			oi = ctx.store.originalItems.get(l.original_item_code);
			if (oi && oi.retailer_id !== ctx.retailer.id) oi = undefined;
			if (!oi) throw new ApiError(1, `${MSG_NO_DATA} order_details[${i}].original_item_code: ${l.original_item_code}`);
		} else if (l.ec_original_item_code !== undefined) {
			oi = ctx.store.findOriginalItemByEcCode(ctx.retailer.id, l.ec_original_item_code);
			if (!oi) throw new ApiError(1, `${MSG_NO_DATA} order_details[${i}].ec_original_item_code: ${l.ec_original_item_code}`);
		} else {
			throw new ParamError(`order_details[${i}].original_item_code または ec_original_item_code のいずれかは必須です。`);
		}
		const c = catalogByCode.get(oi.item_code)!;
		const color = findColor(c, l.color);
		if (!color) throw new ParamError(`order_details[${i}].color に指定できない値です: ${l.color}`);
		if (!c.item.sizes.values.some((s) => s.name === l.size)) {
			throw new ParamError(`order_details[${i}].size に指定できない値です: ${l.size}`);
		}
		const line: Omit<LineRec, 'order_detail_no'> = {
			ec_order_detail_no: l.ec_order_detail_no ?? null,
			item_code: c.item.code,
			item_name: c.item.item_name,
			quantity: l.quantity,
			color: color.name,
			hex: color.hex,
			size: l.size,
			item_stock_code: stockCode(c.item.code, color.abbr, l.size),
			original_item_code: oi.original_item_code,
		};
		return { line, oi };
	});
	const distinct = new Set(resolved.map((r) => r.oi.original_item_code));
	if (distinct.size > 1 && !isMulti(ctx)) {
		throw new ParamError(
			'order_details に複数のオリジナルアイテムを指定するには X-Feature-Flags: MultiItemOrder ヘッダーが必要です。',
		);
	}
	const lines = resolved.map((r) => r.line);
	const multi = isMulti(ctx);
	const order: NewOrder = {
		retailer_id: ctx.retailer.id,
		kind: 'code',
		multi,
		ec_order_no: b.ec_order_no,
		ec_order_date: b.ec_order_date ?? null,
		shipping_information: normalizeAddress(b.shipping_information),
		sender_information: normalizeAddress<SenderInformation>(b.sender_information),
		ec_optional_information: b.ec_optional_information ?? null,
		action_after_print: b.action_after_print ?? null,
		shipping_method: b.shipping_method ?? DEFAULT_SHIPPING_METHOD,
		// MultiItemOrder: one shipment per underlying catalog item (different products ship separately).
		shipments: multi ? groupBy(lines, (l) => l.item_code) : [lines],
	};
	const available = multi
		? (shortages: StockShortage[]): AvailableItem[] => {
				const short = new Set(shortages.map((s) => s.item_stock_code));
				return resolved.map(({ line, oi }) => {
					const e = ctx.store.stock.get(line.item_stock_code);
					return {
						original_item_code: oi.original_item_code,
						ec_original_item_code: oi.ec_original_item_code,
						item_code: line.item_code,
						item_stock_code: line.item_stock_code,
						color: line.color,
						size: line.size,
						requested_quantity: line.quantity,
						stock_quantity: e?.stock_quantity ?? null,
						is_orderable: e?.is_orderable ?? false,
						is_available: !short.has(line.item_stock_code),
					};
				});
			}
		: undefined;
	return place(ctx, order, available);
}

function postOrderWithImage(ctx: ApiContext): ApiResult {
	const b = v.orderWithImage.parse(ctx.body);
	checkRetailer(ctx, b.retailer_id);
	const lines = b.order_details.map((l, i) => {
		const c = catalogByCode.get(l.item_code);
		if (!c) throw new ApiError(1, `${MSG_NO_DATA} order_details[${i}].item_code: ${l.item_code}`);
		const color = findColor(c, l.color);
		if (!color) throw new ParamError(`order_details[${i}].color に指定できない値です: ${l.color}`);
		if (!c.item.sizes.values.some((s) => s.name === l.size)) {
			throw new ParamError(`order_details[${i}].size に指定できない値です: ${l.size}`);
		}
		l.image_urls.values.forEach((p, j) => {
			if (!c.item.printable_sides.includes(p.position)) {
				throw new ParamError(
					`order_details[${i}].image_urls.values[${j}].position はこのアイテムに指定できません（${c.item.printable_sides.join(', ')}）。`,
				);
			}
		});
		const line: Omit<LineRec, 'order_detail_no'> = {
			ec_order_detail_no: l.ec_order_detail_no,
			item_code: c.item.code,
			item_name: c.item.item_name,
			quantity: l.quantity,
			color: color.name,
			hex: color.hex,
			size: l.size,
			item_stock_code: stockCode(c.item.code, color.abbr, l.size),
			image_urls: l.image_urls,
		};
		return line;
	});
	const multi = isMulti(ctx);
	return place(ctx, {
		retailer_id: ctx.retailer.id,
		kind: 'image',
		multi,
		ec_order_no: b.ec_order_no,
		ec_order_date: b.ec_order_date,
		shipping_information: normalizeAddress(b.shipping_information),
		sender_information: normalizeAddress<SenderInformation>(b.sender_information),
		ec_optional_information: b.ec_optional_information ?? null,
		action_after_print: null,
		shipping_method: DEFAULT_SHIPPING_METHOD,
		shipments: multi ? groupBy(lines, (l) => l.item_code) : [lines],
	});
}

// ---------------------------------------------------------------- order reads

interface View {
	order: OrderRec;
	/** the shipment of a MultiItemOrder record; undefined = the whole order */
	shipment?: ShipmentRec;
	status_id: number;
	updated_at: string;
	/** shipment whose shipping fields the record shows */
	lead: ShipmentRec;
	lines: Array<[LineRec, number]>;
}

/**
 * Without MultiItemOrder one record per order: its status is the least advanced status of its
 * non-cancelled shipments (9 when all are cancelled), its updated_at the latest change.
 */
function orderView(o: OrderRec): View {
	const live = o.shipments.filter((s) => s.status_id !== STATUS_CANCELLED);
	let lead = o.shipments[0];
	if (live.length > 0) lead = live.reduce((a, b) => (b.status_id < a.status_id ? b : a));
	let updated = o.shipments[0].updated_at;
	for (const s of o.shipments) if (s.updated_at > updated) updated = s.updated_at;
	return {
		order: o,
		status_id: live.length > 0 ? lead.status_id : STATUS_CANCELLED,
		updated_at: updated,
		lead,
		lines: o.shipments.flatMap((s) => s.lines.map((l): [LineRec, number] => [l, s.status_id])),
	};
}

function shipmentViews(o: OrderRec): View[] {
	return o.shipments.map((s) => ({
		order: o,
		shipment: s,
		status_id: s.status_id,
		updated_at: s.updated_at,
		lead: s,
		lines: s.lines.map((l): [LineRec, number] => [l, s.status_id]),
	}));
}

function views(orders: OrderRec[], multi: boolean): View[] {
	return multi ? orders.flatMap(shipmentViews) : orders.map(orderView);
}

function orderJson(view: View): Order {
	const o = view.order;
	const s = view.lead;
	const method = SHIPPING_METHODS[o.shipping_method] ?? SHIPPING_METHODS[DEFAULT_SHIPPING_METHOD];
	const out: Order = {
		order_no: o.order_no,
		ec_order_no: o.ec_order_no,
		ec_order_date: o.ec_order_date,
		...(view.shipment ? { shipping_id: view.shipment.shipping_id } : {}),
		shipping_information: o.shipping_information,
		sender_information: o.sender_information,
		order_status_id: view.status_id,
		order_status_name: statusName(view.status_id),
		scheduled_shipping_date: o.scheduled_shipping_date,
		shipping_date: view.status_id === 5 ? s.shipping_date : null,
		scheduled_delivery_date: view.status_id === 5 ? s.scheduled_delivery_date : null,
		...(view.status_id === 5 && s.delivery_company_name ? { delivery_company_name: s.delivery_company_name } : {}),
		shipping_method_name: method.name,
		shipping_number: view.status_id === 5 ? s.shipping_number : null,
		order_details: view.lines.map(
			([l, status]): OrderLine => ({
				order_detail_no: l.order_detail_no,
				ec_order_detail_no: l.ec_order_detail_no,
				item_code: l.item_code,
				item_name: l.item_name,
				quantity: l.quantity,
				color: l.color,
				hex: l.hex,
				size: l.size,
				order_detail_status_id: status,
				order_detail_status_name: statusName(status),
			}),
		),
		ec_optional_information: o.ec_optional_information,
		action_after_print: o.action_after_print,
	};
	return out;
}

function statusJson(view: View): OrderStatusRecord {
	const o = view.order;
	const s = view.lead;
	return {
		order_no: o.order_no,
		ec_order_no: o.ec_order_no,
		...(view.shipment ? { shipping_id: view.shipment.shipping_id } : {}),
		status_id: view.status_id,
		status_name: statusName(view.status_id),
		scheduled_shipping_date: o.scheduled_shipping_date,
		shipping_date: view.status_id === 5 ? s.shipping_date : null,
		scheduled_delivery_date: view.status_id === 5 ? s.scheduled_delivery_date : null,
		shipping_number: view.status_id === 5 ? s.shipping_number : null,
		updated_at: view.updated_at,
		ec_optional_information: o.ec_optional_information,
	};
}

interface Lookup {
	order_no?: string;
	ec_order_no?: string;
	status_id?: number;
	date_time_from?: string;
	date_time_to?: string;
	retailer_id?: number;
}

/**
 * The selection shared by GET /orders and GET /order-statuses. Returns the records, or undefined when
 * the date range applies (the caller filters by its own time field).
 */
function select(ctx: ApiContext, q: Lookup, timeField: 'created_at' | 'updated_at'): View[] {
	checkRetailer(ctx, q.retailer_id);
	const mine = ctx.store.ordersByRetailer.get(ctx.retailer.id) ?? [];
	if (q.order_no !== undefined) {
		const wanted = [...new Set(q.order_no.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
		const found = wanted
			.map((n) => ctx.store.orders.get(n))
			.filter((o): o is OrderRec => o !== undefined && o.retailer_id === ctx.retailer.id);
		return views(found, ctx.multi);
	}
	if (q.ec_order_no !== undefined) {
		return views(
			mine.filter((o) => o.ec_order_no === q.ec_order_no),
			ctx.multi,
		);
	}
	if (q.date_time_from === undefined) {
		throw new ParamError('date_time_from は必須です（order_no と ec_order_no のどちらも指定しない場合）。');
	}
	if (parseTokyo(q.date_time_from) === undefined) throw new ParamError('date_time_from は存在する日時で指定してください。');
	if (q.date_time_to !== undefined) {
		if (parseTokyo(q.date_time_to) === undefined) throw new ParamError('date_time_to は存在する日時で指定してください。');
		if (q.date_time_to < q.date_time_from) throw new ParamError('date_time_to は date_time_from 以降の日時で指定してください。');
	}
	const from = q.date_time_from;
	const to = q.date_time_to;
	const inRange = (t: string) => t >= from && (to === undefined || t <= to);
	// Orders are filtered by registration time; status records by the time of their status change.
	const candidates = timeField === 'created_at' ? mine.filter((o) => inRange(o.created_at)) : mine;
	return views(candidates, ctx.multi).filter(
		(vw) => (timeField === 'created_at' || inRange(vw.updated_at)) && (q.status_id === undefined || vw.status_id === q.status_id),
	);
}

/** Serialized order records, reused until the order changes (GET /orders is a hot read). */
const orderJsonCache = new WeakMap<OrderRec | ShipmentRec, { rev: number; json: string }>();

function cachedOrderJson(store: Store, view: View): string {
	const key = view.shipment ?? view.order;
	const rev = store.revision(view.order);
	const hit = orderJsonCache.get(key);
	if (hit && hit.rev === rev) return hit.json;
	const json = JSON.stringify(orderJson(view));
	orderJsonCache.set(key, { rev, json });
	return json;
}

function getOrders(ctx: ApiContext): ApiResult {
	const q = v.ordersQuery.parse(coerceQuery(OrdersQuerySchema, ctx.query));
	let list = select(ctx, q, 'created_at');
	const byLookup = q.order_no !== undefined || q.ec_order_no !== undefined;
	if (!byLookup) {
		const dir = q.order === 'desc' ? -1 : 1;
		const key = q.sort_value ?? 'created_at';
		list = [...list].sort(
			(a, b) =>
				dir * (key === 'status_id' ? a.status_id - b.status_id || cmp(a.order.created_at, b.order.created_at) : cmp(a.order.created_at, b.order.created_at)) ||
				a.order.seq - b.order.seq ||
				cmp(a.lead.shipping_id, b.lead.shipping_id),
		);
	}
	const total = list.length;
	// order_no / ec_order_no lookups ignore all other parameters, paging included.
	const page = byLookup ? list : paginate(list, q.limit, q.page);
	const status = page.length > 0 ? 0 : 1;
	const records = page.map((view) => cachedOrderJson(ctx.store, view)).join(',');
	return {
		statusCode: status,
		body: `{"orders":[${records}],"total":${total},"status_code":${status},"message":${JSON.stringify(status === 0 ? MSG_OK : MSG_NO_DATA)}}`,
	};
}

function getOrderStatuses(ctx: ApiContext): ApiResult {
	const q = v.orderStatusesQuery.parse(coerceQuery(OrderStatusesQuerySchema, ctx.query));
	const list = select(ctx, q, 'updated_at').sort(
		(a, b) => cmp(a.updated_at, b.updated_at) || a.order.seq - b.order.seq || cmp(a.lead.shipping_id, b.lead.shipping_id),
	);
	const status = list.length > 0 ? 0 : 1;
	return { statusCode: status, body: { orders: list.map(statusJson), status_code: status, message: status === 0 ? MSG_OK : MSG_NO_DATA } };
}

export const handlers: Record<EndpointId, (ctx: ApiContext) => ApiResult> = {
	getOriginalItems,
	getItems,
	getUser,
	postOrderByCode,
	postSimulatorUrl,
	postOriginalItem,
	getOrders,
	getOrderStatuses,
	postOrderWithImage,
	postItemStocks,
	getCategories,
};
