/** Order › Create: every order is read, matched and checked before the first is sent. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { PrintioApi } from '../../shared/printio/transport';
import type { AddressOverflowPolicy, OrderOperation, PreparedOrder } from '../orderInput';
import { buildOrders, readOrderInput } from '../orderInput';
import { preflightSettings } from '../checks/design';
import type { OrderToPlace, PlacementOutcome } from './placement';
import { boundedConcurrency, LATE_COMMIT_WAIT_MS, placeOrders } from './placement';
import { resolveApiTimeZone } from '../helpers/parameters';
import { findRepeats } from './repeats';
import { validateOnly } from '../checks/dryRun';
import { refuseOutOfStock } from '../checks/stockPreflight';
import { preflightOrderDesigns } from '../checks/designPreflight';
import { type CatalogCheck, checkCatalogNames, shopLookUps } from '../checks/catalogCheck';
import {
	annotationsOf,
	answerOrders,
	catalogReadError,
	conflictError,
	invalidOrderError,
	invalidOrdersError,
	type SortedOrders,
	withRefusedCount,
	withUnsentShopOrders,
} from './answer';

export async function executeOrderCreation(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: OrderOperation,
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	const run = runSettings.call(this);
	const input = await readOrderInput.call(this, items, operation, api.connection, {
		continueOnFail: run.continueOnFail,
		normalize: run.options.normalize !== false,
		addressOverflow: (run.options.addressOverflow as AddressOverflowPolicy) ?? 'carryToAddress2',
		groupByEcOrderNo: run.options.groupByEcOrderNo === true,
		multiItemOrder: run.multiItemOrder,
		shopLookUps: shopLookUps(api, run.concurrency),
		timeZones: { api: run.apiTimeZone, input: this.getTimezone() },
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
		tolerant: run.options.normalize !== false,
	});
	const sorted = sortOrders.call(this, buildOrders(catalog.orders, operation), catalog, run);
	const annotations = (order: PreparedOrder) => annotationsOf(order, input.leftOut);
	if (run.validateOnly) {
		const answers = await validateOnly.call(this, api, {
			operation,
			orders: sorted.distinct,
			repeats: sorted.repeats,
			conflicts: sorted.conflicts,
			readFailures: input.unreadable,
			unchecked: sorted.unchecked,
			multiItemOrder: run.multiItemOrder,
			concurrency: run.concurrency,
			invalidError: (order) => invalidOrderError.call(this, order),
			conflictError: (conflict) => conflictError.call(this, conflict, 1),
			annotations,
		});
		return await withUnsentShopOrders.call(this, api, input.unsent, answers, run);
	}
	const toPlace: OrderToPlace[] = sorted.distinct.flatMap((order) =>
		order.request
			? [{ sourceIndexes: order.itemIndexes, body: order.request, annotations: annotations(order) }]
			: [],
	);
	const checked = await checkBeforeSending.call(this, api, operation, toPlace, run);
	const placed = await placeOrders.call(this, api, checked.passed, {
		endpoint: operation === 'orderByCode' ? 'postOrderByCode' : 'postOrderWithImage',
		checkDuplicates: run.options.checkDuplicates !== false,
		concurrency: run.concurrency,
		batchPauseMs: Number(run.options.batchPauseMs ?? 0),
		multiItemOrder: run.multiItemOrder,
		apiTimeZone: run.apiTimeZone,
		stopOnFirstError: !run.continueOnFail,
		lateCommitWaitMs:
			Number(run.options.lateCommitWaitSeconds ?? LATE_COMMIT_WAIT_MS / 1000) * 1000,
		changedRedelivery: run.options.changedRedelivery === 'error' ? 'error' : 'flag',
	});
	return await answerOrders.call(this, api, input, sorted, [...placed, ...checked.refused], run);
}

type RunSettings = ReturnType<typeof runSettings>;

function runSettings(this: IExecuteFunctions) {
	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const apiTimeZone = resolveApiTimeZone.call(this, 0, options);
	return {
		options,
		apiTimeZone,
		continueOnFail: this.continueOnFail(),
		validateOnly: options.validateOnly === true,
		multiItemOrder: options.multiItemOrder === true,
		// Catalog and stock reads keep to the placement's Concurrency.
		concurrency: boundedConcurrency(options.concurrency ?? 2),
	};
}

/** Without Continue On Fail nothing is sent while any order is invalid. */
function sortOrders(
	this: IExecuteFunctions,
	built: PreparedOrder[],
	catalog: CatalogCheck,
	run: RunSettings,
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
	operation: OrderOperation,
	orders: OrderToPlace[],
	run: RunSettings,
): Promise<{ passed: OrderToPlace[]; refused: PlacementOutcome[] }> {
	let designRefused: PlacementOutcome[] = [];
	let checked = orders;
	if (operation === 'orderWithImage' && run.options.preflight !== false) {
		({ passed: checked, refused: designRefused } = await preflightOrderDesigns.call(
			this,
			api,
			orders,
			preflightSettings(run.options),
		));
		if (designRefused.length && !run.continueOnFail) {
			const [first] = designRefused;
			if (!first.ok) throw withRefusedCount(first.error, designRefused.length);
		}
	}
	const refused =
		run.options.checkStock === true
			? await refuseOutOfStock.call(this, api, checked, {
					concurrency: run.concurrency,
					checkDuplicates: run.options.checkDuplicates !== false,
					multiItemOrder: run.multiItemOrder,
					continueOnFail: run.continueOnFail,
				})
			: [];
	const passed = checked.filter((order) => !refused.some((refusal) => refusal.order === order));
	return { passed, refused: [...designRefused, ...refused] };
}
