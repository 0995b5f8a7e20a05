/**
 * The shared fakes of Order › Create's stages (read, look-up, prepare, check, place, answer), so that a stage's test
 * gives the stage what the stage before it gives: a node context answering parameters from a record; a Printio
 * catalog answering the look-up's reads by route, every request recorded (the transport is the real one over
 * test/nodes/shared/printio/transport/fakeContext.ts); the run record as readRun makes it; the read of rows; and
 * what the real lookUpOrders reads for a run.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';

import { DEFAULT_API_TIME_ZONE, type ShopDateZones } from '../../../../nodes/shared/printio/time';
import {
	type Connection,
	printioApi,
	type PrintioApi,
} from '../../../../nodes/shared/printio/transport';
import type { RequestOptions } from '../../../../nodes/shared/printio/transport/request';
import type { EndpointName } from '../../../../api/endpoints';
import {
	type OrderInput,
	type OrderOperation,
	type OriginalItemQuery,
	type PrepareOptions,
	type PreparedOrder,
	questionKey,
	readOrders,
	type ReadOrders,
	type ShopAnswers,
	type ShopQuestion,
} from '../../../../nodes/Printio/orderInput';
import type { ItemOptions } from '../../../../nodes/Printio/orderInput/read/variantOptions';
import type {
	DraftRow,
	OrderDefaults,
	OrderDraft,
} from '../../../../nodes/Printio/orderInput/types';
import {
	type CatalogCheckSettings,
	matchCatalog,
} from '../../../../nodes/Printio/checks/catalogMatch';
import { readRun, type Run } from '../../../../nodes/Printio/placement/createOrders';
import { type LookedUp, lookUpOrders } from '../../../../nodes/Printio/placement/lookUp';
import { prepareOrders } from '../../../../nodes/Printio/placement/prepare';
import { byCodeOrder, withImageOrder } from '../orderInput/fixtures';
import {
	CONNECTION,
	ok,
	routedContext,
	type ScriptedAnswer,
} from '../../shared/printio/transport/fakeContext';

/** The node the order input's errors name. */
export const node: INode = {
	id: 'n',
	name: 'Printio',
	type: 'printio',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A credential's connection: retailer 1 unless said, the credential's fields (a Shop Sender) as given. */
export const connectionWith = (
	credentials: Connection['credentials'] = {},
	retailerId = 1,
): Connection => ({ baseUrl: 'http://printio.invalid', retailerId, credentials });

export const connection: Connection = connectionWith();

/** A credential's Shop Sender, which gives an order without a sender its sender. */
export const SHOP_SENDER = {
	shopSender: true,
	senderFullName: 'Print Shop',
	senderZipCode: '1500001',
	senderPrefecture: '東京都',
	senderMunicipalities: '渋谷区',
	senderAddress1: '神宮前1-1-1',
	senderPhoneNumber: '0312345678',
	senderItemName: 'Tシャツ',
};

/**
 * A node context whose parameters come from a record, one for every item or one per item index; a parameter the
 * record does not hold gives the caller's fallback, as n8n's getNodeParameter does.
 */
export function parameterContext(
	parameters: IDataObject | ((itemIndex: number) => IDataObject),
	extra: Partial<IExecuteFunctions> = {},
): IExecuteFunctions {
	const of = typeof parameters === 'function' ? parameters : () => parameters;
	const fake: Partial<IExecuteFunctions> = {
		getNode: () => node,
		getNodeParameter: ((name: string, itemIndex: number, fallback?: unknown) => {
			const given = of(itemIndex);
			return name in given ? given[name] : fallback;
		}) as IExecuteFunctions['getNodeParameter'],
		...extra,
	};
	return fake as IExecuteFunctions;
}

/** The read stage's entry for item `itemIndex` (items before it are empty): its row and defaults, or its error. */
function readEntry(
	context: IExecuteFunctions,
	operation: OrderOperation,
	itemIndex: number,
	connectionUsed: Connection = connection,
) {
	const items = Array.from({ length: itemIndex + 1 }, (): INodeExecutionData => ({ json: {} }));
	const entry = readOrders.call(context, { operation, connection: connectionUsed }, items).entries[
		itemIndex
	];
	if ('error' in entry) throw entry.error;
	return entry;
}

/** Define Below's row of item `itemIndex`, as the read stage reads it; the error that fails the item is thrown. */
export function readParameters(
	this: IExecuteFunctions,
	itemIndex: number,
	operation: OrderOperation,
): DraftRow {
	const entry = readEntry(this, operation, itemIndex);
	if (!('row' in entry)) throw new Error(`item ${itemIndex} is a shop order`);
	return entry.row;
}

/** The node's defaults for item `itemIndex`, as the read stage reads them; the error that fails the item is thrown. */
export function readDefaults(
	this: IExecuteFunctions,
	itemIndex: number,
	operation: OrderOperation,
	connectionUsed: Connection,
): OrderDefaults {
	const { defaults } = readEntry(this, operation, itemIndex, connectionUsed);
	if (defaults instanceof Error) throw defaults;
	return defaults;
}

/** Map Columns › Map Automatically: each item is read by its API column names. */
export const MAP_COLUMNS: IDataObject = {
	inputMode: 'autoMap',
	'columns.mappingMode': 'autoMapInputData',
	options: {},
};

export type Row = Record<string, unknown>;

export interface CatalogScript {
	originalItems?: Row[];
	items?: Row[];
	/** Stock entries by item code. */
	stocks?: Record<string, Row[]>;
	/** Registered orders by EC order number. */
	orders?: Record<string, Row[]>;
	/** An answer that replaces the catalog's for a request (a failure, an odd body), or undefined. */
	override?: (request: Request) => ScriptedAnswer | Error | undefined;
}

export interface Request {
	method: string;
	url: string;
	qs: Record<string, unknown>;
	body: unknown;
}

/** A refusal the transport does not retry (status 3, no permission). */
export const refused = (message = 'denied'): ScriptedAnswer => ({
	statusCode: 200,
	body: { status_code: 3, message },
});

export function catalogService(script: CatalogScript, extra: Partial<IExecuteFunctions> = {}) {
	const ctx = routedContext((request) => {
		const replaced = script.override?.(request);
		if (replaced) return replaced;
		const { method, url, qs, body } = request;
		if (method === 'GET' && url === '/original-items') {
			const by =
				qs.original_item_code !== undefined ? 'original_item_code' : 'ec_original_item_code';
			return ok({
				original_items: (script.originalItems ?? []).filter((record) => record[by] === qs[by]),
			});
		}
		if (method === 'GET' && url === '/items')
			return ok({
				list_item_data: (script.items ?? []).filter((record) => record.code === qs.item_code),
			});
		if (method === 'POST' && url === '/item-stocks') {
			const code = String((body as { item_code?: unknown }).item_code);
			return ok(script.stocks?.[code] === undefined ? {} : { item_stocks: script.stocks[code] });
		}
		if (method === 'GET' && url === '/orders')
			return ok({ orders: script.orders?.[String(qs.ec_order_no)] ?? [] });
		return new Error(`unexpected ${method} ${url}`);
	});
	Object.assign(ctx.context, extra);
	const api = printioApi(ctx.context, CONNECTION);
	/** What was sent: method, path and the query or body. */
	const requests = (): Request[] =>
		ctx.sent.map(({ options }) => ({
			method: String(options.method),
			url: String(options.url),
			qs: (options.qs ?? {}) as Record<string, unknown>,
			body: options.body,
		}));
	const routes = () =>
		requests().map(
			(r) => `${r.method} ${r.url} ${JSON.stringify(r.method === 'GET' ? r.qs : r.body)}`,
		);
	return { ...ctx, api, requests, routes };
}

export const originalItem = (code: string, itemCode: string, extra: Row = {}): Row => ({
	original_item_code: code,
	ec_original_item_code: `EC-${code}`,
	retailer_id: 7,
	item_code: itemCode,
	image_urls: [],
	sizes: { values: [] },
	colors: { values: [] },
	...extra,
});

export const item = (code: string, extra: Row = {}): Row => ({
	code,
	price: 1000,
	sizes: { values: [{ name: 'M', details: [] }] },
	colors: { values: [{ name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' }] },
	...extra,
});

export const stockEntry = (
	code: string,
	color: string,
	size: string,
	quantity: number | null,
	orderable = true,
): Row => ({
	category_id: 1,
	item_stock_code: code,
	color_name: color,
	size,
	is_orderable: orderable,
	stock_quantity: quantity,
});

export const sizes = (...names: string[]) => ({
	values: names.map((name) => ({ name, details: [] })),
});
export const colors = (...entries: Array<[string, string?]>) => ({
	values: entries.map(([name, mfr]) => ({
		name,
		...(mfr === undefined ? {} : { mfr_color_name: mfr }),
		hex: '#000000',
	})),
});

export interface RunSettings {
	options?: IDataObject;
	continueOnFail?: boolean;
	/** The workflow's time zone (n8n's getTimezone). */
	timezone?: string;
	connection?: Connection;
	node?: INode;
}

/** The run record as readRun makes it from the node's Options, Continue On Fail and the workflow's time zone. */
export function runOf(operation: OrderOperation, settings: RunSettings = {}): Run {
	const { options = {}, continueOnFail = false, timezone = DEFAULT_API_TIME_ZONE } = settings;
	const runNode = settings.node ?? node;
	const context: Pick<
		IExecuteFunctions,
		'getNode' | 'getNodeParameter' | 'continueOnFail' | 'getTimezone'
	> = {
		getNode: () => runNode,
		getNodeParameter: ((name: string, _itemIndex: number, fallback?: unknown) =>
			name === 'options' ? options : fallback) as IExecuteFunctions['getNodeParameter'],
		continueOnFail: () => continueOnFail,
		getTimezone: () => timezone,
	};
	return readRun.call(context as IExecuteFunctions, operation, settings.connection ?? connection);
}

/** What the read stage gives for these rows (Define Below or Map Columns), each with the node's defaults. */
export function readOf(rows: readonly DraftRow[], defaults: OrderDefaults = {}): ReadOrders {
	return {
		entries: rows.map((row) => ({ itemIndex: row.itemIndex, row, defaults })),
		questions: [],
	};
}

/**
 * A valid order (addresses and date of orderInput/fixtures.ts) with these lines, as one row; a Create With Images
 * line without images gets the fixture's.
 */
export function orderRow(
	itemIndex: number,
	ecOrderNo: string,
	lines: Array<Record<string, unknown>>,
	retailerId = 7,
	operation: OrderOperation = 'orderByCode',
): DraftRow {
	return {
		itemIndex,
		order: {
			...(operation === 'orderByCode' ? byCodeOrder() : withImageOrder()),
			retailer_id: retailerId,
			ec_order_no: ecOrderNo,
			order_details:
				operation === 'orderByCode'
					? lines
					: lines.map((line) => ({
							image_urls: withImageOrder().order_details?.[0].image_urls,
							...line,
						})),
		},
	};
}

/** The look-up's record when it read nothing: all the prepare stage's input part (rows to built orders) takes. */
export const nothingLookedUp = (): LookedUp => ({
	shop: { found: new Map(), options: new Map() },
	names: new Map(),
	cancelled: new Map(),
});

/** The rows Map Columns reads from `items` (item `i` being item index `i`), as the read stage reads them. */
export function rowsFromItems(
	items: ReadonlyArray<Record<string, unknown>>,
	operation: OrderOperation,
): DraftRow[] {
	const read = readOrders.call(
		parameterContext(MAP_COLUMNS),
		{ operation, connection },
		items.map((json) => ({ json: json as IDataObject })),
	);
	return read.entries.flatMap((entry) => ('row' in entry ? [entry.row] : []));
}

/** The row Map Columns reads from one item at item index `itemIndex`, as the read stage reads it. */
export function readItem(
	item: Record<string, unknown>,
	operation: OrderOperation,
	itemIndex: number,
): DraftRow {
	const items = Array.from({ length: itemIndex + 1 }, (_, index) =>
		index === itemIndex ? item : {},
	);
	return rowsFromItems(items, operation)[itemIndex];
}

/**
 * What Map Columns reads from one item at item index `itemIndex`, as the read stage reads it: its order, its reading
 * problems and the fields of the other operation that it ignores.
 */
export function mapItemToOrder(
	item: Record<string, unknown>,
	operation: OrderOperation,
	itemIndex = 0,
): Required<Pick<DraftRow, 'order' | 'problems' | 'ignoredFields'>> {
	const { order, problems = [], ignoredFields = [] } = readItem(item, operation, itemIndex);
	return { order, problems, ignoredFields };
}

/** One order given as a draft (fields defined on the node, request-shaped): a single row at `itemIndex`. */
export function draftRow(order: OrderDraft, itemIndex = 0): DraftRow[] {
	return [{ itemIndex, order }];
}

/**
 * The prepare stage's orders for these rows (`defaults`: the node's), built, before the catalog match: what the node
 * sends when the match changes nothing. Validate Only, so that no invalid order or conflict stops the stage; the
 * address policy is Fail unless given.
 */
export function preparedAndBuilt<Op extends OrderOperation>(
	rows: readonly DraftRow[],
	operation: Op,
	options: PrepareOptions & { defaults?: OrderDefaults } = {},
): Array<PreparedOrder<Op>> {
	const run = runOf(operation, {
		options: {
			validateOnly: true,
			normalize: options.normalize,
			multiItemOrder: options.multiItemOrder,
			groupByEcOrderNo: options.groupByEcOrderNo,
			addressOverflow: options.addressOverflow ?? 'fail',
		},
	});
	if (options.timeZones) run.input.timeZones = options.timeZones;
	const prepared = prepareOrders(run, readOf(rows, options.defaults), nothingLookedUp());
	return prepared.input.orders as Array<PreparedOrder<Op>>;
}

/** What the look-up stage reads for the run: the real lookUpOrders over this api. */
export async function lookedUpBy(
	api: PrintioApi,
	run: Run,
	read: ReadOrders,
	context: IExecuteFunctions = parameterContext({}, { getNode: () => run.node }),
): Promise<LookedUp> {
	return await lookUpOrders.call(context, api, run, read);
}

/**
 * The look-up of a run whose stock (or dry run) is checked, with what it sent beyond the catalog match's records: the
 * look-up runs once without the checks first, so that the records the match reads are read and set apart.
 */
export async function checkedLookUp(
	service: ReturnType<typeof catalogService>,
	run: Run,
	read: ReadOrders,
	context?: IExecuteFunctions,
) {
	await lookedUpBy(service.api, { ...run, checkStock: false, validateOnly: false }, read, context);
	const from = service.sent.length;
	const lookedUp = await lookedUpBy(service.api, run, read, context);
	return {
		lookedUp,
		sent: service.sent.slice(from),
		routes: () => service.routes().slice(from),
	};
}

/**
 * What the look-up reads for the catalog match of these orders: their drafts as they are (Normalize off) and their
 * problems (which keep a line's reported field from being read) read as rows, then the real lookUpOrders, with
 * Continue On Fail so that the invalid ones are matched too and nothing but the catalog records is read.
 */
export async function catalogNamesFor(
	api: PrintioApi,
	prepared: readonly PreparedOrder[],
	{ operation, concurrency }: { operation: OrderOperation; concurrency: number },
): Promise<LookedUp['names']> {
	const run = runOf(operation, {
		continueOnFail: true,
		options: { concurrency, preflight: false, normalize: false },
	});
	const rows = prepared.map((order) => ({
		itemIndex: order.itemIndexes[0],
		order: order.draft,
		problems: order.problems,
	}));
	return (await lookedUpBy(api, run, readOf(rows))).names;
}

export type MatchSettings = CatalogCheckSettings & { concurrency: number };

/** A catalog line: its item by `by` (an original item's code unless said), its colour and size as given, one. */
export const codedLine = (
	code: string,
	color: unknown,
	size: unknown,
	by = 'original_item_code',
): Row => ({ [by]: code, color, size, quantity: 1 });

/** An original item with its own colours (White, made as WH-mfr, and Black) and sizes (M, L). */
export const SHIRT = originalItem('OI-1', 'IT-1', {
	colors: colors(['White', 'WH-mfr'], ['Black']),
	sizes: sizes('M', 'L'),
});

/**
 * The catalog match of these orders (Create, Concurrency 2, normalisation on unless said) over the records the real
 * look-up stage reads for them from the script; and what was sent.
 */
export async function matchedOver(
	script: CatalogScript,
	orders: PreparedOrder[],
	overrides: Partial<MatchSettings> = {},
) {
	const settings: MatchSettings = {
		operation: 'orderByCode',
		concurrency: 2,
		tolerant: true,
		...overrides,
	};
	const service = catalogService(script);
	const names = await catalogNamesFor(service.api, orders, settings);
	return { ...service, result: matchCatalog(orders, names, settings) };
}

/** What Printio answers to the shop lines' questions, scripted: is the code an original item, and its options. */
export interface ShopCatalog {
	exists?: (query: OriginalItemQuery) => Promise<boolean>;
	options?: (query: OriginalItemQuery) => Promise<ItemOptions | undefined>;
	concurrency: number;
}

const nodeOf = (context: IExecuteFunctions): INode =>
	typeof context.getNode === 'function' ? context.getNode() : ({ name: 'Printio' } as INode);

/**
 * Printio as the scripts of a shop's questions answer it: a shop line's code is an original item when `exists` says
 * so (an error thrown is the read's); its colours and sizes are `options`' (the record names no colours or sizes of
 * its own, so the look-up reads them from its catalog item), for a code whose lines want them. Any other read (the
 * catalog match's of a code nobody asked about) finds nothing. `answers`: what the script answered, by question.
 */
export function shopCatalogApi(catalog: Partial<ShopCatalog>, questions: readonly ShopQuestion[]) {
	const asked = new Set(questions.map((question) => questionKey(question)));
	const wantsOptions = new Set(
		questions.filter((question) => question.wantsOptions).map((question) => questionKey(question)),
	);
	const answers: ShopAnswers = { found: new Map(), options: new Map() };
	const byItem = new Map<string, OriginalItemQuery>();
	const scripted = async <T>(
		answered: Map<string, T | Error>,
		query: OriginalItemQuery,
		answer: (query: OriginalItemQuery) => Promise<T>,
	): Promise<T> => {
		try {
			const value = await answer(query);
			answered.set(questionKey(query), value);
			return value;
		} catch (error) {
			answered.set(questionKey(query), error as Error);
			throw error;
		}
	};
	const answer = async (endpoint: string, options: RequestOptions<EndpointName> = {}) => {
		const qs = (options.qs ?? {}) as Record<string, unknown>;
		const itemIndex = options.itemIndex ?? 0;
		if (endpoint === 'getOriginalItems') {
			const by = 'original_item_code' in qs ? 'original_item_code' : 'ec_original_item_code';
			const query: OriginalItemQuery = {
				retailerId: Number(qs.retailer_id),
				by,
				code: String(qs[by]),
				itemIndex,
			};
			const found =
				asked.has(questionKey(query)) && catalog.exists
					? await scripted(answers.found, query, catalog.exists)
					: false;
			if (!found) return { original_items: [] };
			const itemCode = `ITEM-${questionKey(query)}`;
			byItem.set(itemCode, query);
			const record = { [by]: query.code, item_code: itemCode };
			return { original_items: [{ ...record, colors: { values: [] }, sizes: { values: [] } }] };
		}
		if (endpoint === 'getItems') {
			const query = byItem.get(String(qs.item_code));
			const read =
				query && wantsOptions.has(questionKey(query)) && catalog.options
					? await scripted(answers.options, { ...query, itemIndex }, catalog.options)
					: undefined;
			if (!read) return { list_item_data: [] };
			const colors = read.colors.map((color) => ({
				name: color.name,
				mfr_color_name: color.manufacturerName,
			}));
			const sizes = read.sizes.map((size) => ({ name: size.name }));
			return {
				list_item_data: [
					{ code: qs.item_code, colors: { values: colors }, sizes: { values: sizes } },
				],
			};
		}
		if (endpoint === 'postItemStocks') return { item_stocks: [] };
		throw new Error(`unexpected ${endpoint}`);
	};
	const api: PrintioApi = {
		connection,
		request: answer as PrintioApi['request'],
		listAll: () => Promise.reject(new Error('no listing in a shop catalog')),
	};
	return { api, answers };
}

export type InputOptions = PrepareOptions & {
	continueOnFail: boolean;
	shopLookUps?: ShopCatalog;
	timeZones?: Partial<ShopDateZones>;
};

/**
 * The read stage, the look-up (the shop questions answered from `options.shopLookUps`) and the prepare stage: the
 * orders built before the catalog match, as the node builds them when the match changes nothing. Validate Only, so
 * that no invalid order or conflict stops the prepare stage; Continue On Fail as given; the address policy Fail
 * unless given.
 */
export async function readAndPrepare<Op extends OrderOperation>(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: Op,
	connectionUsed: Connection,
	options: InputOptions,
): Promise<OrderInput<Op>> {
	const run = runOf(operation, {
		connection: connectionUsed,
		node: nodeOf(this),
		continueOnFail: options.continueOnFail,
		timezone:
			options.timeZones?.input ??
			(typeof this.getTimezone === 'function' ? this.getTimezone() : DEFAULT_API_TIME_ZONE),
		options: {
			validateOnly: true,
			concurrency: options.shopLookUps?.concurrency ?? 1,
			apiTimeZone: options.timeZones?.api,
			normalize: options.normalize,
			multiItemOrder: options.multiItemOrder,
			groupByEcOrderNo: options.groupByEcOrderNo,
			addressOverflow: options.addressOverflow ?? 'fail',
		},
	});
	const read = readOrders.call(this, run, items);
	const { api } = shopCatalogApi(options.shopLookUps ?? {}, read.questions);
	const lookedUp = await lookedUpBy(api, run, read, this);
	return prepareOrders(run, read, lookedUp).input as OrderInput<Op>;
}
