/**
 * Shared fakes for the stages of Order › Create (read, look-up, prepare, check): a node context that answers
 * parameters from a record, and the look-up's answers to the shop lines' questions made from scripted callbacks, so
 * that a test drives the read stage (readOrders) and the pipeline over its rows (inputOf) as the node does.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';

import { mapWithConcurrency } from '../../../../nodes/shared/printio/concurrency';
import { DEFAULT_API_TIME_ZONE, type ShopDateZones } from '../../../../nodes/shared/printio/time';
import type { Connection, PrintioApi } from '../../../../nodes/shared/printio/transport';
import {
	buildOrders,
	inputOf,
	type OrderInput,
	type OrderOperation,
	type OriginalItemQuery,
	type PrepareOptions,
	type PreparedOrder,
	questionKey,
	readOrders,
	type ShopAnswers,
	type ShopQuestion,
} from '../../../../nodes/Printio/orderInput';
import {
	readShopItem,
	type ShopItemRead,
} from '../../../../nodes/Printio/orderInput/read/fromShopOrder';
import type { ItemOptions } from '../../../../nodes/Printio/orderInput/read/variantOptions';
import {
	type CatalogCheck,
	type CatalogCheckSettings,
	matchCatalog,
} from '../../../../nodes/Printio/checks/catalogMatch';
import { lookUpNames, lookUpStock } from '../../../../nodes/Printio/placement/lookUp';
import { refuseOutOfStock as refuseFromRecord } from '../../../../nodes/Printio/checks/stockPreflight';
import type { OrderToPlace } from '../../../../nodes/Printio/placement/placement';
import { lineItemCodes as lineItemCodesOf } from '../../../../nodes/Printio/placement/prepare';

/** A node context whose parameters come from `parameters` (else the fallback), as the four fromParameters tests use. */
export function parameterContext(parameters: IDataObject, node: INode): IExecuteFunctions {
	const fake: Pick<IExecuteFunctions, 'getNodeParameter' | 'getNode'> = {
		getNode: () => node,
		getNodeParameter: ((name: string, _itemIndex: number, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback) as IExecuteFunctions['getNodeParameter'],
	};
	return fake as IExecuteFunctions;
}

/** What Printio answers to the shop lines' questions, scripted: is the code an original item, and its options. */
export interface ShopCatalog {
	exists?: (query: OriginalItemQuery) => Promise<boolean>;
	options?: (query: OriginalItemQuery) => Promise<ItemOptions | undefined>;
	concurrency: number;
}

/** As the look-up stage asks: each distinct question once; the options only of the codes found. */
export async function shopAnswers(
	questions: readonly ShopQuestion[],
	catalog: ShopCatalog,
): Promise<ShopAnswers> {
	const ask = async <T>(
		asked: readonly ShopQuestion[],
		answer: ((query: OriginalItemQuery) => Promise<T>) | undefined,
	) => {
		const distinct = new Map<string, OriginalItemQuery>();
		for (const { retailerId, by, code, itemIndex } of asked) {
			const query = { retailerId, by, code, itemIndex };
			if (!distinct.has(questionKey(query))) distinct.set(questionKey(query), query);
		}
		const answers = new Map<string, T | Error>();
		if (answer)
			await mapWithConcurrency([...distinct], catalog.concurrency, async ([key, query]) => {
				try {
					answers.set(key, await answer(query));
				} catch (error) {
					answers.set(key, error as Error);
				}
			});
		return answers;
	};
	const found = await ask(questions, catalog.exists);
	const options = await ask(
		questions.filter(
			(question) => question.wantsOptions && found.get(questionKey(question)) === true,
		),
		catalog.options,
	);
	return { found, options };
}

const nodeOf = (context: IExecuteFunctions): INode =>
	typeof context.getNode === 'function' ? context.getNode() : ({ name: 'Printio' } as INode);

/** The shop items of `items` read and answered: each one's read, or the error that fails its item. */
export async function readShopItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: OrderOperation,
	connection: Connection,
	catalog: ShopCatalog,
): Promise<Map<number, ShopItemRead | Error>> {
	const read = readOrders.call(this, { operation, connection }, items);
	const answers = await shopAnswers(read.questions, catalog);
	const reads = new Map<number, ShopItemRead | Error>();
	for (const entry of read.entries) {
		if (!('shop' in entry)) continue;
		try {
			if (entry.shop instanceof Error) throw entry.shop;
			reads.set(entry.itemIndex, readShopItem(nodeOf(this), entry.shop, operation, answers));
		} catch (error) {
			reads.set(entry.itemIndex, error as Error);
		}
	}
	return reads;
}

export type InputOptions = PrepareOptions & {
	continueOnFail: boolean;
	shopLookUps?: ShopCatalog;
	timeZones?: Partial<ShopDateZones>;
};

/** The read stage, the look-up's shop answers from `options.shopLookUps`, then the pipeline: the orders unmatched. */
export async function readOrderInput<Op extends OrderOperation>(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: Op,
	connection: Connection,
	options: InputOptions,
): Promise<OrderInput<Op>> {
	const read = readOrders.call(this, { operation, connection }, items);
	const answers = await shopAnswers(read.questions, options.shopLookUps ?? { concurrency: 1 });
	const timeZones = {
		api: options.timeZones?.api ?? DEFAULT_API_TIME_ZONE,
		input:
			options.timeZones?.input ??
			(typeof this.getTimezone === 'function' ? this.getTimezone() : DEFAULT_API_TIME_ZONE),
	};
	return inputOf(nodeOf(this), operation, read, answers, { ...options, timeZones });
}

/** readOrderInput, its orders then built: what reaches Printio when the catalog match changes nothing. */
export async function readAndBuild<Op extends OrderOperation>(
	this: IExecuteFunctions,
	...args: [INodeExecutionData[], Op, Connection, InputOptions]
): Promise<OrderInput<Op>> {
	const input = await readOrderInput.call(this, ...args);
	return { ...input, orders: buildOrders(input.orders, args[1]) };
}

export interface CatalogSettings extends CatalogCheckSettings {
	concurrency: number;
}

/** The look-up's catalog reads for these orders, then the prepare stage's pure match over them. */
export async function checkCatalogNames(
	api: PrintioApi,
	prepared: readonly PreparedOrder[],
	settings: CatalogSettings,
): Promise<CatalogCheck> {
	return matchCatalog(prepared, await lookUpNames(api, prepared, settings), settings);
}

export interface StockSettings {
	concurrency: number;
	checkDuplicates: boolean;
	multiItemOrder: boolean;
	continueOnFail: boolean;
}

/** Check Stock First as the node runs it: the look-up's stock reads, then the check stage's refusals. */
export async function refuseOutOfStock(
	this: IExecuteFunctions,
	api: PrintioApi,
	orders: readonly OrderToPlace[],
	settings: StockSettings,
) {
	const stock = orders.length ? await lookUpStock(api, orders, settings) : undefined;
	return refuseFromRecord.call(this, orders, stock, settings.continueOnFail);
}

/** The catalog item of each line of a body placed, from the look-up's records of its original items. */
export async function lineItemCodes(
	api: PrintioApi,
	body: OrderToPlace['body'],
	itemIndex: number,
): Promise<Array<string | undefined>> {
	const order = { itemIndexes: [itemIndex], draft: body, problems: [], changes: [] };
	const names = await lookUpNames(api, [order as unknown as PreparedOrder], {
		operation: 'orderByCode',
		concurrency: 1,
	});
	return lineItemCodesOf(body, names);
}
