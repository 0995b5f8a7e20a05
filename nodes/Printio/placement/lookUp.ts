/** The look-up stage: every read before sending, each record once per run, in the order the checks need them. */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { ColorValue, Item, OriginalItem } from '../../../api/schema/types';
import { mapWithConcurrency } from '../../shared/printio/concurrency';
import type { PrintioApi } from '../../shared/printio/transport';
import { catalogItem, originalItemRecord } from '../helpers/catalogItem';
import type { CatalogName } from '../helpers/catalogNames';
import {
	type OriginalItemQuery,
	type PreparedOrder,
	questionKey,
	type ReadOrders,
	type ShopAnswers,
	type ShopQuestion,
	type UnsentShopOrder,
} from '../orderInput';
import { catalogRefs, type LineNames, type NamesRead } from '../checks/catalogMatch';
import type { OrderPreflight } from '../checks/designPreflight';
import { preflightOrderDesigns } from '../checks/designPreflight';
import { type LineRef, refKey } from '../checks/lineCatalog';
import type { StockRead } from '../checks/stockPreflight';
import { isOutOfStock } from '../checks/stockCheck';
import type { Run } from './createOrders';
import { type DryRun, readDryRun, readStock } from './lookUpCatalog';
import type { OrderToPlace } from './placement';
import { draftOrders, prepareOrders } from './prepare';

export interface LookedUp {
	shop: ShopAnswers;
	names: Map<string, NamesRead>;
	/** Create With Images: the design files, read before the stock. */
	design?: OrderPreflight;
	stock?: StockRead;
	dryRun?: DryRun;
	/** The Printio orders of each cancelled shop order by its EC order number; `undefined`: the read failed. */
	cancelled: Map<string, string[] | undefined>;
}

/** Each round reads what the pure stages over the reads so far ask for: no request more than before. */
export async function lookUpOrders(
	this: IExecuteFunctions,
	api: PrintioApi,
	run: Run,
	read: ReadOrders,
): Promise<LookedUp> {
	const shop = await answerShopQuestions(api, read.questions, run.concurrency);
	const lookedUp: LookedUp = { shop, names: new Map(), cancelled: new Map() };
	const drafted = draftOrders(run, read, lookedUp);
	lookedUp.names = await lookUpNames(api, drafted.orders, run);
	const { orders } = prepareOrders(run, read, lookedUp);
	lookedUp.cancelled = await lookUpCancelled(api, drafted.unsent, run);
	if (run.validateOnly) {
		lookedUp.dryRun = await readDryRun.call(this, api, orders, run);
		return lookedUp;
	}
	let passed = orders;
	if (run.preflight) {
		lookedUp.design = await preflightOrderDesigns.call(this, api, orders, run.designPreflight);
		if (lookedUp.design.refused.length && !run.continueOnFail) return lookedUp;
		passed = lookedUp.design.passed;
	}
	if (run.checkStock && passed.length) lookedUp.stock = await lookUpStock(api, passed, run);
	return lookedUp;
}

/** Printio cannot cancel: whether it holds each cancelled shop order decides that order's answer (Validate Only reads none). */
export async function lookUpCancelled(
	api: PrintioApi,
	unsent: readonly UnsentShopOrder[],
	settings: Pick<Run, 'multiItemOrder' | 'validateOnly'>,
): Promise<Map<string, string[] | undefined>> {
	const cancelled = new Map<string, string[] | undefined>();
	if (settings.validateOnly) return cancelled;
	for (const order of unsent) {
		if (order.reason !== 'cancelled' || order.ecOrderNo === undefined) continue;
		if (cancelled.has(order.ecOrderNo)) continue;
		try {
			const body = await api.request('getOrders', {
				qs: { ec_order_no: order.ecOrderNo },
				multiItemOrder: settings.multiItemOrder,
				itemIndex: order.itemIndex,
			});
			cancelled.set(order.ecOrderNo, [
				...new Set((body.orders ?? []).map((entry) => entry.order_no)),
			]);
		} catch {
			cancelled.set(order.ecOrderNo, undefined);
		}
	}
	return cancelled;
}

/** Each distinct question once; the options only of the codes found. */
export async function answerShopQuestions(
	api: PrintioApi,
	questions: readonly ShopQuestion[],
	concurrency: number,
): Promise<ShopAnswers> {
	const found = await ask(
		questions,
		concurrency,
		async (query) =>
			(await originalItemRecord(api, query.retailerId, query.by, query.code, query.itemIndex)) !==
			undefined,
	);
	const options = await ask(
		questions.filter(
			(question) => question.wantsOptions && found.get(questionKey(question)) === true,
		),
		concurrency,
		async (query) => await namesOf(api, { kind: 'original', ...query }, query.itemIndex),
	);
	return { found, options };
}

async function ask<T>(
	questions: readonly ShopQuestion[],
	concurrency: number,
	answer: (query: OriginalItemQuery) => Promise<T>,
): Promise<Map<string, T | Error>> {
	const distinct = new Map<string, OriginalItemQuery>();
	for (const { retailerId, by, code, itemIndex } of questions) {
		const query = { retailerId, by, code, itemIndex };
		if (!distinct.has(questionKey(query))) distinct.set(questionKey(query), query);
	}
	const answers = new Map<string, T | Error>();
	await mapWithConcurrency([...distinct], concurrency, async ([key, query]) => {
		try {
			answers.set(key, await answer(query));
		} catch (error) {
			answers.set(key, error as Error);
		}
	});
	return answers;
}

/** The catalog record of each line the orders name, for the match. */
export async function lookUpNames(
	api: PrintioApi,
	orders: readonly PreparedOrder[],
	{ operation, concurrency }: Pick<Run, 'operation' | 'concurrency'>,
): Promise<Map<string, NamesRead>> {
	const names = new Map<string, NamesRead>();
	await mapWithConcurrency(
		catalogRefs(orders, operation),
		concurrency,
		async ({ ref, itemIndex }) => {
			try {
				names.set(refKey(ref), { ok: true, names: await namesOf(api, ref, itemIndex) });
			} catch (error) {
				names.set(refKey(ref), { ok: false, error: error as Error });
			}
		},
	);
	return names;
}

const colorNames = (values: readonly ColorValue[] | undefined): CatalogName[] =>
	(values ?? []).map((value) => ({
		name: value.name,
		...(value.mfr_color_name ? { manufacturerName: value.mfr_color_name } : {}),
	}));

const sizeNames = (record: Pick<Item, 'sizes'> | undefined): CatalogName[] =>
	(record?.sizes?.values ?? []).map((value) => ({ name: value.name }));

/** One image per colour. */
function originalColors(record: OriginalItem): CatalogName[] {
	const listed = colorNames(record.colors?.values);
	if (listed.length) return listed;
	const seen = new Set<string>();
	return (record.image_urls ?? []).flatMap((image) =>
		!image.color_name || seen.has(image.color_name) || !seen.add(image.color_name)
			? []
			: [
					{
						name: image.color_name,
						...(image.mfr_color_name ? { manufacturerName: image.mfr_color_name } : {}),
					},
				],
	);
}

async function namesOf(
	api: PrintioApi,
	ref: LineRef,
	itemIndex: number,
): Promise<LineNames | undefined> {
	if (ref.kind === 'item') {
		const item = await catalogItem(api, ref.retailerId, ref.code, itemIndex);
		return (
			item && {
				colors: colorNames(item.colors?.values),
				sizes: sizeNames(item),
				itemLabel: `item ${ref.code}`,
			}
		);
	}
	const record = await originalItemRecord(api, ref.retailerId, ref.by, ref.code, itemIndex);
	if (!record) return undefined;
	let colors = originalColors(record);
	let sizes = sizeNames(record);
	if ((!colors.length || !sizes.length) && record.item_code) {
		// An original item states no colours or sizes of its own.
		const item = await catalogItem(api, ref.retailerId, record.item_code, itemIndex);
		if (!colors.length) colors = colorNames(item?.colors?.values);
		if (!sizes.length) sizes = sizeNames(item);
	}
	return {
		colors,
		sizes,
		itemLabel: `original item ${ref.code} (item ${record.item_code})`,
		itemCode: record.item_code,
	};
}

/** The stock of the orders' lines, and which short orders Printio holds already. */
export async function lookUpStock(
	api: PrintioApi,
	orders: readonly OrderToPlace[],
	settings: Pick<Run, 'concurrency' | 'checkDuplicates' | 'multiItemOrder'>,
): Promise<StockRead> {
	try {
		const lines = await readStock(
			api,
			orders.map((order) => ({ body: order.body, itemIndex: order.sourceIndexes[0] })),
			settings.concurrency,
		);
		const registered = new Set<string>();
		if (settings.checkDuplicates) {
			const short = orders.filter((_, index) => lines[index].some(isOutOfStock));
			await mapWithConcurrency(short, settings.concurrency, async (order) => {
				const body = await api.request('getOrders', {
					qs: { ec_order_no: order.body.ec_order_no },
					multiItemOrder: settings.multiItemOrder,
					itemIndex: order.sourceIndexes[0],
				});
				if ((body.orders ?? []).length > 0) registered.add(order.body.ec_order_no);
			});
		}
		return { lines, registered };
	} catch (error) {
		return { error: error as Error };
	}
}
