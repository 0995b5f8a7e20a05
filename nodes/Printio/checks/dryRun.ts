/** Validate Only reads the catalog and nothing else: no request reaches an order endpoint, not even a lookup. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeOperationError,
} from 'n8n-workflow';

import { ENDPOINTS, FEATURE_FLAGS_HEADER, MULTI_ITEM_ORDER_FLAG } from '../../../api/endpoints';
import type { PrintioApi } from '../../shared/printio/transport';
import { errorItem, withItemIndex } from '../helpers/execution';
import type { OrderOperation, PreparedOrder } from '../orderInput';
import { catalogItem } from '../helpers/catalogItem';
import { catalogLines, type CatalogOrder, itemKey, type OrderBody, readEach } from './lineCatalog';
import { type OrderQuote, quoteOf } from './quote';
import type { ConflictingOrders, RepeatedOrder } from '../placement/repeats';
import { checkStock, isOutOfStock, type LineStock } from './stockCheck';

export interface DryRunInput {
	operation: OrderOperation;
	orders: readonly PreparedOrder[];
	repeats: readonly RepeatedOrder[];
	conflicts: readonly ConflictingOrders[];
	readFailures: ReadonlyMap<number, Error>;
	unchecked: ReadonlyArray<{
		itemIndexes: number[];
		ecOrderNo: string | undefined;
		error: NodeOperationError;
	}>;
	multiItemOrder: boolean;
	concurrency: number;
	/** Says exactly what placing would say. */
	invalidError: (order: PreparedOrder) => NodeOperationError;
	conflictError: (conflict: ConflictingOrders) => NodeOperationError;
	annotations: (order: PreparedOrder) => IDataObject | undefined;
}

export async function validateOnly(
	this: IExecuteFunctions,
	api: PrintioApi,
	input: DryRunInput,
): Promise<INodeExecutionData[]> {
	const endpoint =
		ENDPOINTS[input.operation === 'orderByCode' ? 'postOrderByCode' : 'postOrderWithImage'];
	const valid = input.orders.filter(
		(order): order is PreparedOrder & { request: OrderBody } => !!order.request,
	);
	const checked = valid.map((order) => ({ body: order.request, itemIndex: order.itemIndexes[0] }));

	const byFirstIndex = new Map<number, INodeExecutionData>();
	const put = (itemIndexes: number[], json: IDataObject) =>
		byFirstIndex.set(itemIndexes[0], {
			json: { validate_only: true, ...json },
			pairedItem: itemIndexes.map((item) => ({ item })),
		});

	for (const [itemIndex, error] of input.readFailures)
		byFirstIndex.set(itemIndex, errorItem(error, [itemIndex], this.getNode()));
	for (const entry of input.unchecked) {
		put(entry.itemIndexes, {
			ec_order_no: entry.ecOrderNo ?? null,
			would_send: false,
			error: entry.error.message,
			errorDescription: entry.error.description ?? null,
			problems: [],
		});
	}
	for (const order of input.orders.filter((candidate) => !candidate.request)) {
		put(order.itemIndexes, {
			ec_order_no: order.ecOrderNo ?? null,
			would_send: false,
			error: input.invalidError(order).message,
			problems: order.problems.map((problem) => ({ ...problem })),
			...input.annotations(order),
		});
	}
	for (const conflict of input.conflicts) {
		const error = input.conflictError(conflict);
		for (const order of conflict.orders) {
			put(order.itemIndexes, {
				ec_order_no: conflict.ecOrderNo,
				would_send: false,
				error: error.message,
				errorDescription: error.description ?? null,
				problems: [],
			});
		}
	}
	for (const repeat of input.repeats) {
		put(repeat.order.itemIndexes, {
			ec_order_no: repeat.order.ecOrderNo ?? null,
			would_send: false,
			duplicate_of_item: repeat.of.itemIndexes[0],
			note: `The same order as item index ${repeat.of.itemIndexes[0]}: placed once, as that item.`,
			problems: [],
		});
	}

	let reports: Array<{ quote: OrderQuote; stock: LineStock[] }>;
	try {
		reports = await readCatalog(api, checked, input.concurrency);
	} catch (error) {
		// A catalog read failed: no quote or stock can be trusted.
		if (!this.continueOnFail()) throw withItemIndex.call(this, error, checked[0].itemIndex);
		for (const order of valid)
			byFirstIndex.set(order.itemIndexes[0], errorItem(error, order.itemIndexes, this.getNode()));
		return sorted(byFirstIndex);
	}
	valid.forEach((order, index) => {
		put(order.itemIndexes, {
			ec_order_no: order.request.ec_order_no,
			would_send: true,
			request: {
				method: endpoint.method,
				path: endpoint.path,
				...(input.multiItemOrder
					? { headers: { [FEATURE_FLAGS_HEADER]: MULTI_ITEM_ORDER_FLAG } }
					: {}),
				body: { ...order.request },
			},
			problems: [],
			...input.annotations(order),
			quote: reports[index].quote,
			stock_ok: !reports[index].stock.some((line) => isOutOfStock(line)),
			stock: reports[index].stock,
		});
	});
	return sorted(byFirstIndex);
}

/** The quote reads first, so the stock check reads no record again. */
async function readCatalog(
	api: PrintioApi,
	orders: readonly CatalogOrder[],
	concurrency: number,
): Promise<Array<{ quote: OrderQuote; stock: LineStock[] }>> {
	const lines = await catalogLines(api, orders, concurrency);
	const items = await readEach(
		orders.flatMap(({ body, itemIndex }, index) =>
			lines[index].flatMap((line) =>
				line.itemCode === undefined
					? []
					: [{ retailerId: body.retailer_id, itemCode: line.itemCode, itemIndex }],
			),
		),
		itemKey,
		concurrency,
		async (entry) => await catalogItem(api, entry.retailerId, entry.itemCode, entry.itemIndex),
	);
	const stock = await checkStock(api, orders, concurrency);
	return orders.map(({ body }, index) => ({
		quote: quoteOf(lines[index], (itemCode) => items({ retailerId: body.retailer_id, itemCode })),
		stock: stock[index],
	}));
}

function sorted(byFirstIndex: Map<number, INodeExecutionData>): INodeExecutionData[] {
	return [...byFirstIndex.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}
