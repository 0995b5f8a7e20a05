/** Order › Create: every order is read, matched and checked before the first is sent. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PrintioApi } from '../../shared/printio/transport';
import type {
	AddressOverflowPolicy,
	OrderInput,
	OrderOperation,
	PreparedOrder,
} from '../orderInput';
import { buildOrders, readOrderInput } from '../orderInput';
import { preflightSettings } from '../checks/design';
import type { OrderToPlace, PlacementOutcome, PlacementSettings } from './placement';
import { boundedConcurrency, LATE_COMMIT_WAIT_MS, placeOrders } from './placement';
import { resolveApiTimeZone } from '../helpers/parameters';
import { findRepeats } from './repeats';
import { dryRunCatalog } from '../checks/dryRun';
import { refuseOutOfStock } from '../checks/stockPreflight';
import { preflightOrderDesigns } from '../checks/designPreflight';
import { type CatalogCheck, checkCatalogNames, shopLookUps } from '../checks/catalogCheck';
import {
	annotationsOf,
	answerOrders,
	catalogReadError,
	type CheckedOrders,
	conflictError,
	invalidOrdersError,
	type SortedOrders,
	withRefusedCount,
} from './answer';

export async function executeOrderCreation(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: OrderOperation,
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	const run = readRun.call(this, operation);
	const input = await readOrderInput.call(this, items, operation, api.connection, {
		...run.input,
		shopLookUps: shopLookUps(api, run.concurrency),
	});
	// Differing orders under one EC order number stop the run before any request.
	if (!run.continueOnFail && !run.validateOnly) {
		const early = findRepeats(buildOrders(input.orders, operation));
		if (early.conflicts.length)
			throw conflictError.call(this, early.conflicts[0], early.conflicts.length);
	}
	// Invalid orders are matched too, so that one run reports every problem.
	const catalog = await checkCatalogNames(api, input.orders, {
		operation,
		concurrency: run.concurrency,
		tolerant: run.input.normalize,
	});
	const sorted = sortOrders.call(this, buildOrders(catalog.orders, operation), catalog, run);
	const checked = await checkBeforeSending.call(this, api, run, sorted, input);
	const placed = await placeCheckedOrders.call(this, api, run, checked);
	return await answerOrders.call(this, api, run, input, sorted, checked, placed);
}

export type Run = ReturnType<typeof readRun>;

function readRun(this: IExecuteFunctions, operation: OrderOperation) {
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const apiTimeZone = resolveApiTimeZone.call(this, 0, options);
	const continueOnFail = this.continueOnFail();
	const multiItemOrder = options.multiItemOrder === true;
	// Catalog and stock reads keep to the placement's Concurrency.
	const concurrency = boundedConcurrency(options.concurrency ?? 2);
	const checkDuplicates = options.checkDuplicates !== false;
	const placement: PlacementSettings = {
		endpoint: operation === 'orderByCode' ? 'postOrderByCode' : 'postOrderWithImage',
		checkDuplicates,
		concurrency,
		batchPauseMs: Number(options.batchPauseMs ?? 0),
		multiItemOrder,
		apiTimeZone,
		stopOnFirstError: !continueOnFail,
		lateCommitWaitMs: Number(options.lateCommitWaitSeconds ?? LATE_COMMIT_WAIT_MS / 1000) * 1000,
		changedRedelivery: options.changedRedelivery === 'error' ? 'error' : 'flag',
	};
	const input = {
		continueOnFail,
		normalize: options.normalize !== false,
		addressOverflow: (options.addressOverflow as AddressOverflowPolicy) ?? 'carryToAddress2',
		groupByEcOrderNo: options.groupByEcOrderNo === true,
		multiItemOrder,
		timeZones: { api: apiTimeZone, input: this.getTimezone() },
	};
	return {
		options,
		apiTimeZone,
		continueOnFail,
		validateOnly: options.validateOnly === true,
		multiItemOrder,
		concurrency,
		checkDuplicates,
		preflight: operation === 'orderWithImage' && options.preflight !== false,
		designPreflight: preflightSettings(options),
		checkStock: options.checkStock === true,
		input,
		placement,
	};
}

/** Without Continue On Fail nothing is sent while any order is invalid. */
function sortOrders(
	this: IExecuteFunctions,
	built: PreparedOrder[],
	catalog: CatalogCheck,
	run: Run,
): SortedOrders {
	const { orders: distinct, repeats, conflicts } = findRepeats(built);
	const invalid = distinct.filter((order) => !order.request);
	if (invalid.length && !run.continueOnFail && !run.validateOnly)
		throw invalidOrdersError.call(this, invalid, catalog.unchecked);
	if (catalog.unchecked.length && !run.continueOnFail)
		throw catalogReadError.call(this, catalog.unchecked[0], catalog.unchecked.length);
	const unchecked = catalog.unchecked.map((entry) => ({
		itemIndexes: entry.order.itemIndexes,
		ecOrderNo: entry.order.ecOrderNo,
		error: catalogReadError.call(this, entry, 1),
	}));
	return { distinct, invalid, repeats, conflicts, unchecked };
}

async function checkBeforeSending(
	this: IExecuteFunctions,
	api: PrintioApi,
	run: Run,
	sorted: SortedOrders,
	input: OrderInput,
): Promise<CheckedOrders> {
	const orders: OrderToPlace[] = sorted.distinct.flatMap((order) =>
		order.request
			? [
					{
						sourceIndexes: order.itemIndexes,
						body: order.request,
						annotations: annotationsOf(order, input.leftOut),
					},
				]
			: [],
	);
	if (run.validateOnly)
		return {
			passed: orders,
			refused: [],
			dryRun: await dryRunCatalog.call(this, api, orders, run),
		};
	let designRefused: PlacementOutcome[] = [];
	let checked = orders;
	if (run.preflight) {
		({ passed: checked, refused: designRefused } = await preflightOrderDesigns.call(
			this,
			api,
			orders,
			run.designPreflight,
		));
		if (designRefused.length && !run.continueOnFail) {
			const [first] = designRefused;
			if (!first.ok) throw withRefusedCount(first.error, designRefused.length);
		}
	}
	const refused = run.checkStock ? await refuseOutOfStock.call(this, api, checked, run) : [];
	const passed = checked.filter((order) => !refused.some((refusal) => refusal.order === order));
	return { passed, refused: [...designRefused, ...refused] };
}

/** Validate Only sends nothing. */
async function placeCheckedOrders(
	this: IExecuteFunctions,
	api: PrintioApi,
	run: Run,
	checked: CheckedOrders,
): Promise<PlacementOutcome[]> {
	if (run.validateOnly) return [];
	return await placeOrders.call(this, api, checked.passed, run.placement);
}
