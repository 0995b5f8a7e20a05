import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assertTimeZone, DEFAULT_API_TIME_ZONE } from '../../shared/printio/time';
import type { PrintioApi } from '../../shared/printio/transport';
import { errorItem, withItemIndex } from '../helpers/execution';
import type {
	AddressOverflowPolicy,
	InputProblem,
	LeftOutLine,
	OrderOperation,
	PreparedOrder,
} from '../orderInput';
import { buildOrders, readOrderInput } from '../orderInput';
import { preflightSettings } from '../checks/design';
import type { OrderToPlace, PlacementOutcome } from './placement';
import { LATE_COMMIT_WAIT_MS, MAX_CONCURRENCY, placeOrders } from './placement';
import type { ConflictingOrders } from './repeats';
import { findRepeats } from './repeats';
import { validateOnly } from '../checks/dryRun';
import { refuseOutOfStock } from '../checks/stockPreflight';
import { answerUnsentShopOrders } from './unsentShopOrders';
import { preflightOrderDesigns } from '../checks/designPreflight';
import { type CatalogCheck, checkCatalogNames, shopLookUps } from '../checks/catalogCheck';

/**
 * Order › Create and Create With Images: every order is checked before any is sent, then the valid ones are placed.
 * One output item per order, in input order, paired with every row it came from.
 */
export async function executeOrderCreation(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: OrderOperation,
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	const settingsOptions = this.getNodeParameter('options', 0, {}) as IDataObject;
	const continueOnFail = this.continueOnFail();
	// Catalog and stock reads of Validate Only and Check Stock First keep to the placement's Concurrency.
	const catalogConcurrency = Math.min(
		MAX_CONCURRENCY,
		Math.max(1, Number(settingsOptions.concurrency ?? 2) || 1),
	);

	const apiTimeZone = String(settingsOptions.apiTimeZone || DEFAULT_API_TIME_ZONE).trim();
	try {
		assertTimeZone(apiTimeZone);
	} catch {
		throw new NodeOperationError(
			this.getNode(),
			`API Time Zone "${apiTimeZone}" is not a known time zone`,
			{
				itemIndex: 0,
				description: 'Use an IANA time zone name such as Asia/Tokyo.',
			},
		);
	}

	// 1. Every order is read and validated before a single one is sent.
	const input = await readOrderInput.call(this, items, operation, api.connection, {
		continueOnFail,
		normalize: settingsOptions.normalize !== false,
		addressOverflow:
			(settingsOptions.addressOverflow as AddressOverflowPolicy) ?? 'carryToAddress2',
		groupByEcOrderNo: settingsOptions.groupByEcOrderNo === true,
		multiItemOrder: settingsOptions.multiItemOrder === true,
		shopLookUps: shopLookUps(api, catalogConcurrency),
		timeZones: { api: apiTimeZone, input: this.getTimezone() },
	});
	const { orders: prepared, unreadable: readFailures } = input;
	const annotations = (order: PreparedOrder) => annotationsOf(order, input.leftOut);
	const withUnsentShopOrders = async (output: INodeExecutionData[]) => {
		if (input.unsent.length === 0) return output;
		const answers = await answerUnsentShopOrders.call(this, api, input.unsent, {
			validateOnly: settingsOptions.validateOnly === true,
			multiItemOrder: settingsOptions.multiItemOrder === true,
		});
		// Without Continue On Fail, a cancelled order placed before fails the run (after the others were handled).
		if (answers.firstError && !continueOnFail) throw answers.firstError;
		return [...output, ...answers.items].sort((a, b) => firstItemOf(a) - firstItemOf(b));
	};

	// Items that share an EC order number but differ stop the run before any request, the catalog's reads included
	// (their bodies are built here only to be compared).
	if (!continueOnFail && settingsOptions.validateOnly !== true) {
		const early = findRepeats(buildOrders(prepared, operation));
		if (early.conflicts.length)
			throw conflictError.call(this, early.conflicts[0], early.conflicts.length);
	}
	// 2. In every input mode: an order whose catalog record cannot be read is never sent. Orders invalid in their
	// input are matched too, so that one run reports every problem.
	const catalog = await checkCatalogNames(api, prepared, {
		operation,
		concurrency: catalogConcurrency,
		tolerant: settingsOptions.normalize !== false,
	});

	// 3. Each matched order's body is built, and nothing edits it after. One EC order number, one order: exact
	// repeats are placed once, differing orders are not placed at all.
	const {
		orders: distinct,
		repeats,
		conflicts,
	} = findRepeats(buildOrders(catalog.orders, operation));
	const invalid = distinct.filter((order) => !order.request);
	// Without Continue On Fail nothing is sent while any order is invalid: one error names every problem of each.
	if (invalid.length && !continueOnFail && settingsOptions.validateOnly !== true)
		throw invalidOrdersError.call(this, invalid, catalog.unchecked);
	if (catalog.unchecked.length && !continueOnFail)
		throw catalogReadError.call(this, catalog.unchecked[0], catalog.unchecked.length);
	const unchecked = catalog.unchecked.map((entry) => ({
		itemIndexes: entry.order.itemIndexes,
		ecOrderNo: entry.order.ecOrderNo,
		error: catalogReadError.call(this, entry, 1),
	}));

	if (settingsOptions.validateOnly === true) {
		return await withUnsentShopOrders(
			await validateOnly.call(this, api, {
				operation,
				orders: distinct,
				repeats,
				conflicts,
				readFailures,
				unchecked,
				multiItemOrder: settingsOptions.multiItemOrder === true,
				concurrency: catalogConcurrency,
				invalidError: (order) => invalidOrderError.call(this, order),
				conflictError: (conflict) => conflictError.call(this, conflict, 1),
				annotations,
			}),
		);
	}
	// Stryker disable next-line ConditionalExpression: without Continue On Fail the repeats check above has already thrown on any conflict
	if (conflicts.length && !continueOnFail)
		throw conflictError.call(this, conflicts[0], conflicts.length);

	// 4. Check and place the valid orders.
	const toPlace: OrderToPlace[] = distinct.flatMap((order) =>
		order.request
			? [{ sourceIndexes: order.itemIndexes, body: order.request, annotations: annotations(order) }]
			: [],
	);
	// Create With Images: every order's designs read before a single order is sent (README "Design preflight").
	let designRefused: PlacementOutcome[] = [];
	let checked = toPlace;
	if (operation === 'orderWithImage' && settingsOptions.preflight !== false) {
		({ passed: checked, refused: designRefused } = await preflightOrderDesigns.call(
			this,
			api,
			toPlace,
			preflightSettings(settingsOptions),
		));
		if (designRefused.length && !continueOnFail) {
			const [first] = designRefused;
			if (!first.ok) throw withRefusedCount(first.error, designRefused.length);
		}
	}
	// Orders with lines out of stock are refused, never sent.
	const refused =
		settingsOptions.checkStock === true
			? await refuseOutOfStock.call(this, api, checked, {
					concurrency: catalogConcurrency,
					checkDuplicates: settingsOptions.checkDuplicates !== false,
					multiItemOrder: settingsOptions.multiItemOrder === true,
					continueOnFail,
				})
			: [];
	const notRefused = checked.filter((order) => !refused.some((refusal) => refusal.order === order));
	const placed = await placeOrders.call(this, api, notRefused, {
		endpoint: operation === 'orderByCode' ? 'postOrderByCode' : 'postOrderWithImage',
		checkDuplicates: settingsOptions.checkDuplicates !== false,
		concurrency: Number(settingsOptions.concurrency ?? 2),
		batchPauseMs: Number(settingsOptions.batchPauseMs ?? 0),
		multiItemOrder: settingsOptions.multiItemOrder === true,
		stopOnFirstError: !continueOnFail,
		lateCommitWaitMs:
			Number(settingsOptions.lateCommitWaitSeconds ?? LATE_COMMIT_WAIT_MS / 1000) * 1000,
		changedRedelivery: settingsOptions.changedRedelivery === 'error' ? 'error' : 'flag',
	});
	const outcomes: PlacementOutcome[] = [...placed, ...designRefused, ...refused];

	if (!continueOnFail) {
		const failed = outcomes.find((outcome) => !outcome.ok);
		if (failed && !failed.ok) {
			const placed = outcomes.filter((outcome) => outcome.ok).length;
			throw withPlacedCount.call(this, failed.error, failed.order.sourceIndexes[0], placed);
		}
	}

	// 5. One output item per order (or per unreadable item), in the order of the input.
	const byFirstIndex = new Map<number, INodeExecutionData>();
	// The node goes with every error item: under On Error › Continue (using error output) n8n routes an item to the
	// error output only when the item carries its NodeOperationError/NodeApiError.
	const node = this.getNode();
	for (const [itemIndex, error] of readFailures) {
		byFirstIndex.set(
			itemIndex,
			errorItem(withItemIndex.call(this, error, itemIndex), [itemIndex], node),
		);
	}
	for (const entry of unchecked) {
		const item = errorItem(entry.error, entry.itemIndexes, node);
		item.json.ec_order_no = entry.ecOrderNo ?? null;
		byFirstIndex.set(entry.itemIndexes[0], item);
	}
	for (const order of invalid) {
		const item = errorItem(invalidOrderError.call(this, order), order.itemIndexes, node);
		item.json.ec_order_no = order.ecOrderNo ?? null;
		item.json.problems = order.problems.map((problem) => ({ ...problem }));
		byFirstIndex.set(order.itemIndexes[0], item);
	}
	for (const conflict of conflicts) {
		for (const order of conflict.orders) {
			const item = errorItem(conflictError.call(this, conflict, 1), order.itemIndexes, node);
			item.json.ec_order_no = conflict.ecOrderNo;
			byFirstIndex.set(order.itemIndexes[0], item);
		}
	}
	const outcomeByFirstIndex = new Map<number, PlacementOutcome>();
	for (const outcome of outcomes) {
		outcomeByFirstIndex.set(outcome.order.sourceIndexes[0], outcome);
		byFirstIndex.set(outcome.order.sourceIndexes[0], outputOf.call(this, outcome));
	}
	for (const repeat of repeats) {
		const original = outcomeByFirstIndex.get(repeat.of.itemIndexes[0]);
		if (original)
			byFirstIndex.set(
				repeat.order.itemIndexes[0],
				repeatOutputOf.call(this, repeat.order, original),
			);
	}
	return await withUnsentShopOrders(
		[...byFirstIndex.entries()].sort(([a], [b]) => a - b).map(([, item]) => item),
	);
}

const firstItemOf = (item: INodeExecutionData): number => {
	const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
	return typeof paired === 'number' ? paired : (paired?.item ?? 0);
};

function outputOf(this: IExecuteFunctions, outcome: PlacementOutcome): INodeExecutionData {
	const pairedItem = outcome.order.sourceIndexes.map((item) => ({ item }));
	if (outcome.ok) return { json: outcome.json, pairedItem };
	const item = errorItem(
		withItemIndex.call(this, outcome.error, outcome.order.sourceIndexes[0]),
		outcome.order.sourceIndexes,
		this.getNode(),
	);
	item.json.ec_order_no = outcome.order.body.ec_order_no;
	const context = (outcome.error as NodeOperationError).context ?? {};
	if (Array.isArray(context.stock)) item.json.stock = context.stock as IDataObject[];
	if (Array.isArray(context.changedFields)) {
		// Registered already, and this delivery differs: the paths, never the values.
		item.json.already_registered = true;
		if (typeof context.orderNo === 'string') item.json.order_no = context.orderNo;
		item.json.changed_fields = context.changedFields as string[];
	}
	if (Array.isArray(context.duplicateOrderNos)) {
		// Placed (maybe by this run) and registered more than once: every number, so that one can be cancelled.
		if (typeof context.orderNo === 'string') item.json.order_no = context.orderNo;
		item.json.duplicate_detected = true;
		item.json.order_nos = context.duplicateOrderNos as string[];
	}
	return item;
}

/** With the order of the item it repeats, or why that one has none. */
function repeatOutputOf(
	this: IExecuteFunctions,
	repeat: PreparedOrder,
	original: PlacementOutcome,
): INodeExecutionData {
	const pairedItem = repeat.itemIndexes.map((item) => ({ item }));
	const originalIndex = original.order.sourceIndexes[0];
	if (original.ok) {
		return {
			json: { ...original.json, already_registered: true, duplicate_of_item: originalIndex },
			pairedItem,
		};
	}
	const error = new NodeOperationError(
		this.getNode(),
		`Not sent: the same order as item index ${originalIndex}, which failed: ${original.error.message}`,
		{ itemIndex: repeat.itemIndexes[0] },
	);
	const item = errorItem(error, repeat.itemIndexes, this.getNode());
	item.json.ec_order_no = original.order.body.ec_order_no;
	item.json.duplicate_of_item = originalIndex;
	return item;
}

/** Refused, because either could be the order meant. */
function conflictError(
	this: IExecuteFunctions,
	conflict: ConflictingOrders,
	conflictCount: number,
): NodeOperationError {
	const items = conflict.orders.flatMap((order) => order.itemIndexes);
	const differ = ` (they differ in ${conflict.fields.join(', ')})`;
	const more = conflictCount > 1 ? `; ${conflictCount - 1} more EC order number(s) like this` : '';
	return new NodeOperationError(
		this.getNode(),
		`Items with item index ${items.join(', ')} share EC order number "${conflict.ecOrderNo}" but are different orders${differ}. Nothing was sent${more}.`,
		{
			itemIndex: conflict.orders[1].itemIndexes[0] ?? items[0],
			description:
				'One EC order number is placed at most once. If these items are the lines of one order, turn on Options › Combine Rows by Order No. If they are different orders, give each its own EC order number.',
		},
	);
}

function annotationsOf(
	order: PreparedOrder,
	leftOut: ReadonlyMap<number, LeftOutLine[]>,
): IDataObject | undefined {
	const annotations: IDataObject = {};
	const left = leftOut.get(order.itemIndexes[0]);
	if (left?.length) annotations.left_out_lines = left.map((line) => ({ ...line }));
	if (order.changes.length) {
		// Rows of a combined order repeat the order's fields: report each field and rule once.
		const seen = new Set<string>();
		annotations.normalized = order.changes
			.filter(
				(change) =>
					!seen.has(`${change.field}|${change.rule}`) && seen.add(`${change.field}|${change.rule}`),
			)
			.map((change) => ({ field: change.field, rule: change.rule }));
	}
	if (order.ignoredFields.length) annotations.ignored_fields = order.ignoredFields;
	return Object.keys(annotations).length ? annotations : undefined;
}

function problemLine(problem: InputProblem): string {
	return `${problem.label ? `${problem.label} (${problem.field})` : problem.field}: ${problem.message}. ${problem.fix}`;
}

const orderName = (order: PreparedOrder) =>
	order.ecOrderNo ? `Order "${order.ecOrderNo}"` : 'An order without EC order number';
const fieldsOf = (order: PreparedOrder) =>
	[...new Set(order.problems.map((problem) => problem.field))].join(', ');

/** Never the values (personal data). */
function invalidOrderError(this: IExecuteFunctions, order: PreparedOrder): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`${orderName(order)} is invalid: ${fieldsOf(order)} (nothing was sent)`,
		{
			itemIndex: order.problems[0]?.itemIndex ?? order.itemIndexes[0],
			description: order.problems.map(problemLine).join('\n'),
		},
	);
}

/** Orders the error message names one by one; the description names every one. */
const ORDERS_NAMED = 10;

/**
 * Every problem of every invalid order, so that one run shows all there is to fix; orders whose catalog record could
 * not be read are named too, as they were not sent either.
 */
function invalidOrdersError(
	this: IExecuteFunctions,
	invalid: PreparedOrder[],
	unchecked: CatalogCheck['unchecked'],
): NodeOperationError {
	const unread = unchecked.map(
		(entry) =>
			`${orderName(entry.order)} (${itemsOf(entry.order)}) was not checked: its catalog record could not be read (${entry.error.message}).`,
	);
	const withUnread = (error: NodeOperationError) => {
		if (unread.length) error.description = `${error.description}\n${unread.join('\n')}`;
		return error;
	};
	if (invalid.length === 1) return withUnread(invalidOrderError.call(this, invalid[0]));
	const named = invalid
		.slice(0, ORDERS_NAMED)
		.map((order) => `${orderName(order)}: ${fieldsOf(order)}`);
	const more =
		invalid.length > ORDERS_NAMED
			? `; ${invalid.length - ORDERS_NAMED} more in the description`
			: '';
	const description = invalid.flatMap((order) => {
		const several = order.itemIndexes.length > 1;
		return [
			`${orderName(order)} (${itemsOf(order)}):`,
			...order.problems.map(
				(problem) =>
					`- ${problemLine(problem)}${several && problem.itemIndex !== undefined ? ` (item index ${problem.itemIndex})` : ''}`,
			),
		];
	});
	const [first] = invalid;
	return withUnread(
		new NodeOperationError(
			this.getNode(),
			`${invalid.length} orders are invalid (nothing was sent): ${named.join('; ')}${more}`,
			{
				itemIndex: first.problems[0]?.itemIndex ?? first.itemIndexes[0],
				description: description.join('\n'),
			},
		),
	);
}

const itemsOf = (order: PreparedOrder) =>
	`item index${order.itemIndexes.length > 1 ? 'es' : ''} ${order.itemIndexes.join(', ')}`;

/** Colours and sizes that cannot be checked keep the order from being sent: never an unchecked placement. */
function catalogReadError(
	this: IExecuteFunctions,
	entry: CatalogCheck['unchecked'][number],
	count: number,
): NodeOperationError {
	const which = entry.order.ecOrderNo ? `order "${entry.order.ecOrderNo}"` : 'an order';
	const more = count > 1 ? ` (${count - 1} more order(s) like this)` : '';
	return new NodeOperationError(
		this.getNode(),
		`Catalog check before sending failed for ${which}: ${entry.error.message}${more}. Nothing was sent for it.`,
		{
			itemIndex: entry.order.itemIndexes[0],
			description:
				"Every line's colour and size is matched to its item's catalog record before an order is sent, and an order is not sent while that record cannot be read. Run the workflow again later (with Check for Existing Order on, orders placed already are not ordered twice).",
		},
	);
}

/** Nothing was sent; says how many more orders were refused. */
function withRefusedCount(error: Error, refused: number): Error {
	const result = error as NodeOperationError;
	const more =
		refused > 1
			? `${refused - 1} more order(s) of this run have a design that failed the check. `
			: '';
	const note = `${more}No order of this run was sent: every design is checked before the first order goes out.`;
	result.description = result.description ? `${result.description}\n${note}` : note;
	return result;
}

function withPlacedCount(
	this: IExecuteFunctions,
	error: Error,
	itemIndex: number,
	placed: number,
): Error {
	const result = withItemIndex.call(this, error, itemIndex) as NodeOperationError;
	if (placed > 0) {
		const note = `${placed} other order(s) of this run were placed. With Check for Existing Order on, running the workflow again does not order them twice.`;
		result.description = result.description ? `${result.description}\n${note}` : note;
	}
	return result;
}
