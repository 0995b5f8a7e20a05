/** Printio has no cancel endpoint: a cancelled shop order placed before fails its item. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

type NodeOf = Pick<IExecuteFunctions, 'getNode'>;
import { NodeOperationError } from 'n8n-workflow';

import { ENDPOINTS, FEATURE_FLAGS_HEADER, MULTI_ITEM_ORDER_FLAG } from '../../../api/endpoints';
import { errorItem, withItemIndex } from '../helpers/execution';
import type { InputProblem, LeftOutLine, PreparedOrder, UnsentShopOrder } from '../orderInput';
import type { CatalogCheck } from '../checks/catalogMatch';
import { isOutOfStock } from '../checks/stockCheck';
import type { Run } from './createOrders';
import type { LookedUp } from './lookUp';
import type { DryRun } from './lookUpCatalog';
import type { PreparedOrders } from './prepare';
import type { OrderToPlace, PlacementOutcome } from './placement';
import type { ConflictingOrders, RepeatedOrder } from './repeats';

export interface SortedOrders {
	distinct: PreparedOrder[];
	invalid: PreparedOrder[];
	repeats: RepeatedOrder[];
	conflicts: ConflictingOrders[];
	unchecked: Array<{
		itemIndexes: number[];
		ecOrderNo: string | undefined;
		error: NodeOperationError;
	}>;
}

export interface CheckedOrders {
	passed: OrderToPlace[];
	refused: PlacementOutcome[];
	dryRun?: DryRun;
}

/** Without Continue On Fail, the first failure fails the run (saying how many others were placed). */
export function answerOrders(
	this: IExecuteFunctions,
	run: Run,
	{ input, sorted }: Pick<PreparedOrders, 'input' | 'sorted'>,
	checked: CheckedOrders,
	placed: PlacementOutcome[],
	{ cancelled }: Pick<LookedUp, 'cancelled'>,
): INodeExecutionData[] {
	const outcomes = [...placed, ...checked.refused];
	if (!run.continueOnFail) {
		const failed = outcomes.find((outcome) => !outcome.ok);
		if (failed && !failed.ok) {
			const placedCount = outcomes.filter((outcome) => outcome.ok).length;
			throw withPlacedCount.call(this, failed.error, failed.order.sourceIndexes[0], placedCount);
		}
	}
	const { dryRun } = checked;
	const byFirstIndex = new Map<number, INodeExecutionData>();
	// n8n routes an item to the error output only when it carries its NodeOperationError/NodeApiError.
	const node = this.getNode();
	const fail = (error: unknown, itemIndexes: number[], json: IDataObject) => {
		const item = errorItem(error, itemIndexes, node);
		Object.assign(item.json, json);
		byFirstIndex.set(itemIndexes[0], item);
	};
	const put = (itemIndexes: number[], json: IDataObject) =>
		byFirstIndex.set(itemIndexes[0], {
			json: { validate_only: true, ...json },
			pairedItem: itemIndexes.map((item) => ({ item })),
		});
	for (const [itemIndex, error] of input.unreadable)
		fail(dryRun ? error : withItemIndex.call(this, error, itemIndex), [itemIndex], {});
	for (const entry of sorted.unchecked) {
		const ec_order_no = entry.ecOrderNo ?? null;
		if (!dryRun) fail(entry.error, entry.itemIndexes, { ec_order_no });
		else
			put(entry.itemIndexes, {
				ec_order_no,
				would_send: false,
				error: entry.error.message,
				errorDescription: entry.error.description ?? null,
				problems: [],
			});
	}
	for (const order of sorted.invalid) {
		const error = invalidOrderError.call(this, order);
		const ec_order_no = order.ecOrderNo ?? null;
		const problems = order.problems.map((problem) => ({ ...problem }));
		if (!dryRun) fail(error, order.itemIndexes, { ec_order_no, problems });
		else
			put(order.itemIndexes, {
				ec_order_no,
				would_send: false,
				error: error.message,
				problems,
				...annotationsOf(order, input.leftOut),
			});
	}
	for (const conflict of sorted.conflicts) {
		for (const order of conflict.orders) {
			const error = conflictError.call(this, conflict, 1);
			const ec_order_no = conflict.ecOrderNo;
			if (!dryRun) fail(error, order.itemIndexes, { ec_order_no });
			else
				put(order.itemIndexes, {
					ec_order_no,
					would_send: false,
					error: error.message,
					errorDescription: error.description,
					problems: [],
				});
		}
	}
	const outcomeByFirstIndex = new Map<number, PlacementOutcome>();
	for (const outcome of outcomes) {
		outcomeByFirstIndex.set(outcome.order.sourceIndexes[0], outcome);
		byFirstIndex.set(outcome.order.sourceIndexes[0], outputOf.call(this, outcome));
	}
	for (const repeat of sorted.repeats) {
		const original = outcomeByFirstIndex.get(repeat.of.itemIndexes[0]);
		if (dryRun)
			put(repeat.order.itemIndexes, {
				ec_order_no: repeat.order.ecOrderNo ?? null,
				would_send: false,
				duplicate_of_item: repeat.of.itemIndexes[0],
				note: `The same order as item index ${repeat.of.itemIndexes[0]}: placed once, as that item.`,
				problems: [],
			});
		else if (original)
			byFirstIndex.set(
				repeat.order.itemIndexes[0],
				repeatOutputOf.call(this, repeat.order, original),
			);
	}
	const endpoint = ENDPOINTS[run.placement.endpoint];
	checked.passed.forEach((order, index) => {
		if (!dryRun) return;
		if ('error' in dryRun) return fail(dryRun.error, order.sourceIndexes, {});
		const { quote, stock } = dryRun.reports[index];
		put(order.sourceIndexes, {
			ec_order_no: order.body.ec_order_no,
			would_send: true,
			request: {
				method: endpoint.method,
				path: endpoint.path,
				...(run.multiItemOrder
					? { headers: { [FEATURE_FLAGS_HEADER]: MULTI_ITEM_ORDER_FLAG } }
					: {}),
				body: { ...order.body },
			},
			problems: [],
			...order.annotations,
			quote,
			stock_ok: !stock.some((line) => isOutOfStock(line)),
			stock,
		});
	});
	return withUnsentShopOrders.call(
		this,
		input.unsent,
		cancelled,
		[...byFirstIndex.entries()].sort(([a], [b]) => a - b).map(([, item]) => item),
		run,
	);
}

function withUnsentShopOrders(
	this: IExecuteFunctions,
	unsent: readonly UnsentShopOrder[],
	cancelled: LookedUp['cancelled'],
	output: INodeExecutionData[],
	settings: { validateOnly: boolean; continueOnFail: boolean },
): INodeExecutionData[] {
	if (unsent.length === 0) return output;
	const answers = answerUnsentShopOrders.call(this, unsent, cancelled, settings);
	if (answers.firstError && !settings.continueOnFail) throw answers.firstError;
	return [...output, ...answers.items].sort((a, b) => firstItemOf(a) - firstItemOf(b));
}

export function answerUnsentShopOrders(
	this: Pick<IExecuteFunctions, 'getNode'>,
	unsent: readonly UnsentShopOrder[],
	cancelled: LookedUp['cancelled'],
	settings: { validateOnly: boolean },
): { items: INodeExecutionData[]; firstError?: NodeOperationError } {
	const answers: INodeExecutionData[] = [];
	let firstError: NodeOperationError | undefined;
	for (const order of unsent) {
		const json: IDataObject = {
			...(settings.validateOnly ? { validate_only: true, would_send: false } : {}),
			ec_order_no: order.ecOrderNo ?? null,
			sent: false,
			...(order.reason === 'testOrder'
				? { test_order: true }
				: order.reason === 'cancelled'
					? { cancelled: true }
					: { no_print_lines: true }),
			left_out_lines: order.leftOut.map((line) => ({ ...line })),
		};
		const pairedItem = [{ item: order.itemIndex }];
		if (
			order.reason === 'cancelled' &&
			order.ecOrderNo !== undefined &&
			cancelled.has(order.ecOrderNo)
		) {
			const placed = cancelled.get(order.ecOrderNo);
			json.placed_before = placed ?? null;
			if (placed === undefined || placed.length > 0) {
				const error = new NodeOperationError(
					this.getNode(),
					placed === undefined
						? `Order "${order.ecOrderNo}" is cancelled in the shop; whether it was placed with Printio before could not be checked`
						: `Order "${order.ecOrderNo}" is cancelled in the shop but was placed with Printio before: ask Printio to cancel ${placed.join(', ')}`,
					{
						itemIndex: order.itemIndex,
						description:
							'A cancelled order is never placed. Printio has no endpoint to cancel an order, so a print order placed before the cancellation must be cancelled with Printio by a person.',
					},
				);
				firstError ??= error;
				const item = errorItem(error, [order.itemIndex], this.getNode());
				Object.assign(item.json, json);
				answers.push(item);
				continue;
			}
		}
		answers.push({ json, pairedItem });
	}
	return { items: answers, firstError };
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
		item.json.already_registered = true;
		if (typeof context.orderNo === 'string') item.json.order_no = context.orderNo;
		item.json.changed_fields = context.changedFields as string[];
	}
	if (Array.isArray(context.duplicateOrderNos)) {
		// Every number, so that one can be cancelled.
		if (typeof context.orderNo === 'string') item.json.order_no = context.orderNo;
		item.json.duplicate_detected = true;
		item.json.order_nos = context.duplicateOrderNos as string[];
	}
	return item;
}

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

export function conflictError(
	this: NodeOf,
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

export function annotationsOf(
	order: PreparedOrder,
	leftOut: ReadonlyMap<number, LeftOutLine[]>,
): IDataObject | undefined {
	const annotations: IDataObject = {};
	const left = leftOut.get(order.itemIndexes[0]);
	if (left?.length) annotations.left_out_lines = left.map((line) => ({ ...line }));
	if (order.changes.length) {
		// Rows of a combined order repeat its fields: report each once.
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
export function invalidOrderError(this: NodeOf, order: PreparedOrder): NodeOperationError {
	return new NodeOperationError(
		this.getNode(),
		`${orderName(order)} is invalid: ${fieldsOf(order)} (nothing was sent)`,
		{
			itemIndex: order.problems[0].itemIndex ?? order.itemIndexes[0],
			description: order.problems.map(problemLine).join('\n'),
		},
	);
}

const ORDERS_NAMED = 10;

/** Every problem of every order, so that one run shows all there is to fix. */
export function invalidOrdersError(
	this: NodeOf,
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
				itemIndex: first.problems[0].itemIndex ?? first.itemIndexes[0],
				description: description.join('\n'),
			},
		),
	);
}

const itemsOf = (order: PreparedOrder) =>
	`item index${order.itemIndexes.length > 1 ? 'es' : ''} ${order.itemIndexes.join(', ')}`;

/** Never an unchecked placement. */
export function catalogReadError(
	this: NodeOf,
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

export function withRefusedCount(error: Error, refused: number): Error {
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
