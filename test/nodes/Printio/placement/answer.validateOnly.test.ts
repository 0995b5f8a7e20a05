/**
 * Validate Only, as the look-up stage's dry run (lookUpOrders) and the answer stage (answerOrders): one item per
 * order in input order, paired with its items; the request that would go (method, path, MultiItemOrder header,
 * body), a quote and the stock for each valid order; what a real run says for invalid, unchecked, conflicting and
 * repeated orders (its own error texts); reads of the catalog only, never an order endpoint.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { QUOTE_NOT_INCLUDED } from '../../../../nodes/Printio/checks/quote';
import type {
	OrderInput,
	OrderOperation,
	PreparedOrder,
} from '../../../../nodes/Printio/orderInput';
import { answerOrders, type SortedOrders } from '../../../../nodes/Printio/placement/answer';
import type { OrderToPlace } from '../../../../nodes/Printio/placement/placement';
import type { ConflictingOrders, RepeatedOrder } from '../../../../nodes/Printio/placement/repeats';
import { NODE } from '../../shared/printio/transport/fakeContext';
import {
	catalogService,
	colors,
	item,
	lookedUpBy,
	orderRow,
	originalItem,
	readOf,
	refused,
	runOf,
	sizes,
	stockEntry,
	type CatalogScript,
} from '../orderRun/fakes';

const error = (message: string, description?: string) =>
	new NodeOperationError(NODE, message, description ? { description } : {});

const prepared = (
	ec: string,
	itemIndexes: number[],
	lines: Array<Record<string, unknown>> | undefined,
	extra: Partial<PreparedOrder> = {},
): PreparedOrder =>
	({
		itemIndexes,
		ecOrderNo: ec,
		...(lines ? { request: { retailer_id: 7, ec_order_no: ec, order_details: lines } } : {}),
		problems: lines
			? []
			: [
					{
						field: 'shipping_information.zip_code',
						message: 'is missing',
						fix: 'Set it.',
						itemIndex: itemIndexes[0],
					},
				],
		changes: [],
		ignoredFields: [],
		...extra,
	}) as unknown as PreparedOrder;

/** What the prepare stage notes on a valid order (its annotations): here, only its normalisations. */
const annotated = (order: PreparedOrder) =>
	order.changes.length
		? { normalized: order.changes.map(({ field, rule }) => ({ field, rule })) }
		: undefined;

interface DryRunInput {
	operation: OrderOperation;
	orders: PreparedOrder[];
	repeats: RepeatedOrder[];
	conflicts: ConflictingOrders[];
	readFailures: Map<number, Error>;
	unchecked: SortedOrders['unchecked'];
	multiItemOrder: boolean;
}

const input = (overrides: Partial<DryRunInput> = {}): DryRunInput => ({
	operation: 'orderByCode',
	orders: [],
	repeats: [],
	conflicts: [],
	readFailures: new Map(),
	unchecked: [],
	multiItemOrder: false,
	...overrides,
});

/** The original item lists the lines' colour and size, so that the catalog match passes the orders on. */
const catalog: CatalogScript = {
	originalItems: [
		originalItem('OI-1', 'IT-1', { colors: colors(['ホワイト']), sizes: sizes('M') }),
	],
	items: [item('IT-1', { price: 1000, sizes: sizes('M') })],
	stocks: { 'IT-1': [stockEntry('S-1', 'ホワイト', 'M', 3)] },
};

async function dryRun(
	script: CatalogScript,
	overrides: Partial<DryRunInput>,
	continueOnFail = false,
) {
	const service = catalogService(script, {
		getNode: () => NODE,
		continueOnFail: () => continueOnFail,
	} as Partial<IExecuteFunctions>);
	const { operation, orders, repeats, conflicts, readFailures, unchecked, multiItemOrder } =
		input(overrides);
	const run = runOf(operation, {
		continueOnFail,
		node: NODE,
		options: { validateOnly: true, multiItemOrder, preflight: false },
	});
	const passed: OrderToPlace[] = orders.flatMap((order) =>
		order.request
			? [
					{
						sourceIndexes: order.itemIndexes,
						body: order.request,
						annotations: annotated(order),
						itemCodes: [],
					},
				]
			: [],
	);
	const answer = async () => {
		// The look-up's dry run reads for valid orders of the same items and lines (each its own EC order number).
		const rows = passed.map((order, index) =>
			orderRow(
				order.sourceIndexes[0],
				`DRY-${index}`,
				order.body.order_details as unknown as Array<Record<string, unknown>>,
				order.body.retailer_id,
				operation,
			),
		);
		const { dryRun: report } = await lookedUpBy(service.api, run, readOf(rows), service.context);
		const read = { unreadable: readFailures, leftOut: new Map(), unsent: [] };
		const invalid = orders.filter((order) => !order.request);
		return answerOrders.call(
			service.context,
			run,
			{
				input: read as unknown as OrderInput,
				sorted: { distinct: orders, invalid, repeats, conflicts, unchecked },
			},
			{ passed, refused: [], dryRun: report },
			[],
			{ cancelled: new Map() },
		);
	};
	const output = await answer().then(
		(items) => ({ items, error: undefined }),
		(thrown: unknown) => ({ items: undefined, error: thrown as NodeOperationError }),
	);
	return { ...service, ...output };
}

const line = (quantity: number) => ({
	original_item_code: 'OI-1',
	color: 'ホワイト',
	size: 'M',
	quantity,
});

describe('validateOnly', () => {
	it('a valid order: the request that would be sent, its quote and stock, its annotations, and only catalog reads', async () => {
		const order = prepared('A', [0, 1], [line(2)], {
			changes: [{ field: 'x', rule: 'y' }],
		} as unknown as Partial<PreparedOrder>);
		const { items, routes } = await dryRun(catalog, { orders: [order] });
		expect(routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /items {"retailer_id":7,"item_code":"IT-1"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}',
		]);
		expect(items).toEqual([
			{
				json: {
					validate_only: true,
					ec_order_no: 'A',
					would_send: true,
					request: {
						method: 'POST',
						path: '/order-by-code',
						body: { retailer_id: 7, ec_order_no: 'A', order_details: [line(2)] },
					},
					problems: [],
					normalized: [{ field: 'x', rule: 'y' }],
					quote: {
						lines: [
							{
								line: 0,
								item_code: 'IT-1',
								size: 'M',
								quantity: 2,
								price: 1000,
								additional_price: 0,
								amount: 2000,
							},
						],
						total: 2000,
						not_included: QUOTE_NOT_INCLUDED,
					},
					stock_ok: true,
					stock: [
						{
							line: 0,
							item_code: 'IT-1',
							color: 'ホワイト',
							size: 'M',
							ordered: 2,
							item_stock_code: 'S-1',
							stock_quantity: 3,
							is_orderable: true,
							flag: 'inStock',
							message: 'IT-1 ホワイト M: 3 in stock, 2 ordered',
						},
					],
				},
				pairedItem: [{ item: 0 }, { item: 1 }],
			},
		]);
		// The body shown is a copy: the order's own request is not the output's.
		expect((items?.[0].json.request as IDataObject).body).not.toBe(order.request);
	});

	it('Create With Images: its endpoint, and the MultiItemOrder header when the run uses it', async () => {
		const order = prepared(
			'A',
			[0],
			[{ item_code: 'IT-1', color: 'ホワイト', size: 'M', quantity: 1 }],
		);
		const { items } = await dryRun(catalog, {
			operation: 'orderWithImage',
			multiItemOrder: true,
			orders: [order],
		});
		expect(items?.[0].json.request).toEqual({
			method: 'POST',
			path: '/orders/order-with-image',
			headers: { 'X-Feature-Flags': 'MultiItemOrder' },
			body: order.request,
		});
	});

	it('stock_ok is false when a line is short', async () => {
		const { items } = await dryRun(catalog, { orders: [prepared('A', [0], [line(4)])] });
		expect(items?.[0].json.stock_ok).toBe(false);
		expect((items?.[0].json.stock as IDataObject[])[0].flag).toBe('short');
	});

	it('answers every other kind of order as a real run would, in input order, with nothing sent for them', async () => {
		const invalid = prepared('BAD', [3], undefined, { ignoredFields: ['x'] });
		const noEc = prepared('', [9], undefined, { ecOrderNo: undefined });
		const first = prepared('R', [1], [line(1)]);
		const repeat = prepared('R', [4], [line(1)]);
		const c1 = prepared('C', [5], [line(1)]);
		const c2 = prepared('C', [6, 7], [line(2)]);
		const conflict = { ecOrderNo: 'C', orders: [c1, c2], fields: ['order_details[0].quantity'] };
		const { items } = await dryRun(catalog, {
			orders: [first, invalid, noEc],
			repeats: [{ order: repeat, of: first }],
			conflicts: [conflict],
			readFailures: new Map([[0, new Error('unreadable parameters')]]),
			unchecked: [
				{ itemIndexes: [2], ecOrderNo: 'U', error: error('catalog down', 'why') },
				{ itemIndexes: [8], ecOrderNo: undefined, error: error('catalog down too') },
			],
		});
		expect(items?.map((entry) => entry.pairedItem)).toEqual([
			[{ item: 0 }],
			[{ item: 1 }],
			[{ item: 2 }],
			[{ item: 3 }],
			[{ item: 4 }],
			[{ item: 5 }],
			[{ item: 6 }, { item: 7 }],
			[{ item: 8 }],
			[{ item: 9 }],
		]);
		const json = items!.map((entry) => entry.json);
		expect(json[0]).toEqual({ error: 'unreadable parameters' });
		expect(json[1]).toEqual(
			expect.objectContaining({ validate_only: true, ec_order_no: 'R', would_send: true }),
		);
		expect(json[2]).toEqual({
			validate_only: true,
			ec_order_no: 'U',
			would_send: false,
			error: 'catalog down',
			errorDescription: 'why',
			problems: [],
		});
		expect(json[3]).toEqual({
			validate_only: true,
			ec_order_no: 'BAD',
			would_send: false,
			error: 'Order "BAD" is invalid: shipping_information.zip_code (nothing was sent)',
			problems: [
				{
					field: 'shipping_information.zip_code',
					message: 'is missing',
					fix: 'Set it.',
					itemIndex: 3,
				},
			],
			ignored_fields: ['x'],
		});
		expect(json[4]).toEqual({
			validate_only: true,
			ec_order_no: 'R',
			would_send: false,
			duplicate_of_item: 1,
			note: 'The same order as item index 1: placed once, as that item.',
			problems: [],
		});
		for (const conflicting of [json[5], json[6]]) {
			expect(conflicting).toEqual({
				validate_only: true,
				ec_order_no: 'C',
				would_send: false,
				error:
					'Items with item index 5, 6, 7 share EC order number "C" but are different orders (they differ in order_details[0].quantity). Nothing was sent.',
				errorDescription:
					'One EC order number is placed at most once. If these items are the lines of one order, turn on Options › Combine Rows by Order No. If they are different orders, give each its own EC order number.',
				problems: [],
			});
		}
		expect(json[7]).toEqual({
			validate_only: true,
			ec_order_no: null,
			would_send: false,
			error: 'catalog down too',
			errorDescription: null,
			problems: [],
		});
		expect(json[8]).toEqual(
			expect.objectContaining({
				ec_order_no: null,
				would_send: false,
				error:
					'An order without EC order number is invalid: shipping_information.zip_code (nothing was sent)',
			}),
		);
	});

	it("a catalog read that fails stops the run without Continue On Fail, naming the first valid order's item", async () => {
		const broken: CatalogScript = {
			...catalog,
			override: ({ url }) => (url === '/item-stocks' ? refused('stock down') : undefined),
		};
		const { error: thrown, items } = await dryRun(broken, {
			orders: [prepared('A', [3, 4], [line(1)]), prepared('B', [5], [line(1)])],
		});
		expect(items).toBeUndefined();
		expect(thrown?.message).toContain('stock down');
		expect(thrown?.context.itemIndex).toBe(3);
	});

	it('a catalog read that fails: with Continue On Fail each valid order fails with it, the others answer as usual', async () => {
		const broken: CatalogScript = {
			...catalog,
			override: ({ url }) => (url === '/items' ? refused('items down') : undefined),
		};
		const { items } = await dryRun(
			broken,
			{
				orders: [
					prepared('A', [2, 3], [line(1)]),
					prepared('BAD', [1], undefined),
					prepared('B', [0], [line(1)]),
				],
			},
			true,
		);
		expect(items?.map((entry) => entry.pairedItem)).toEqual([
			[{ item: 0 }],
			[{ item: 1 }],
			[{ item: 2 }, { item: 3 }],
		]);
		expect(items?.[0].json.error).toEqual(expect.stringContaining('items down'));
		expect(items?.[1].json).toEqual(
			expect.objectContaining({
				validate_only: true,
				error: 'Order "BAD" is invalid: shipping_information.zip_code (nothing was sent)',
			}),
		);
		expect(items?.[2].json.error).toEqual(expect.stringContaining('items down'));
		expect(items?.[2].json.validate_only).toBeUndefined();
	});

	it('reads no catalog record or stock for a line whose catalog item Printio does not name (its original item gives none)', async () => {
		// An original item Printio does not know at all is refused by the catalog match before the dry run.
		const unnamed = originalItem('OI-404', 'IT-1', {
			colors: colors(['ホワイト']),
			sizes: sizes('M'),
			item_code: undefined,
		});
		const { items, routes } = await dryRun(
			{ ...catalog, originalItems: [unnamed] },
			{ orders: [prepared('A', [0], [{ ...line(1), original_item_code: 'OI-404' }])] },
		);
		expect(routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-404"}',
		]);
		expect((items?.[0].json.quote as IDataObject).total).toBeNull();
		expect((items?.[0].json.stock as IDataObject[])[0].flag).toBe('unknown');
	});

	it('a repeat without an EC order number says null', async () => {
		const first = prepared('', [0], [line(1)], { ecOrderNo: undefined });
		const repeat = prepared('', [1], [line(1)], { ecOrderNo: undefined });
		const { items } = await dryRun(catalog, {
			orders: [first],
			repeats: [{ order: repeat, of: first }],
		});
		expect(items?.[1].json.ec_order_no).toBeNull();
	});

	it('reads nothing when no order is valid', async () => {
		const { items, sent } = await dryRun(catalog, { orders: [prepared('BAD', [0], undefined)] });
		expect(sent).toHaveLength(0);
		expect(items).toHaveLength(1);
	});
});

describe('validateOnly: stock_ok over an order of several lines', () => {
	const twoSizes: CatalogScript = {
		originalItems: [
			originalItem('OI-1', 'IT-1', { colors: colors(['ホワイト']), sizes: sizes('M', 'L') }),
		],
		items: [item('IT-1', { price: 1000, sizes: sizes('M', 'L') })],
		stocks: {
			'IT-1': [stockEntry('S-M', 'ホワイト', 'M', 3), stockEntry('S-L', 'ホワイト', 'L', 1)],
		},
	};
	const sized = (size: string, quantity: number) => ({
		original_item_code: 'OI-1',
		color: 'ホワイト',
		size,
		quantity,
	});

	it('stock_ok is false when one line is short and another in stock; true when both are in stock', async () => {
		const { items } = await dryRun(twoSizes, {
			orders: [prepared('A', [0], [sized('M', 1), sized('L', 2)])],
		});
		expect(
			items?.map((entry) => [
				entry.json.stock_ok,
				(entry.json.stock as Array<{ flag: string }>).map((stock) => stock.flag),
			]),
		).toStrictEqual([[false, ['inStock', 'short']]]);
		const { items: fine } = await dryRun(twoSizes, {
			orders: [prepared('A', [0], [sized('M', 1), sized('L', 1)])],
		});
		expect(fine?.map((entry) => entry.json.stock_ok)).toStrictEqual([true]);
	});
});
