/** Order › Create: every order is read, matched and checked before the first is sent. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Connection, PrintioApi } from '../../shared/printio/transport';
import type { AddressOverflowPolicy, OrderOperation } from '../orderInput';
import { readOrders } from '../orderInput';
import { preflightSettings } from '../checks/design';
import type { PlacementOutcome, PlacementSettings } from './placement';
import { boundedConcurrency, LATE_COMMIT_WAIT_MS, placeOrders } from './placement';
import { resolveApiTimeZone } from '../helpers/parameters';
import { answerOrders, type CheckedOrders } from './answer';
import { checkOrders } from './check';
import { lookUpOrders } from './lookUp';
import { prepareOrders } from './prepare';

export async function executeOrderCreation(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: OrderOperation,
	api: PrintioApi,
): Promise<INodeExecutionData[]> {
	const run = readRun.call(this, operation, api.connection);
	const read = readOrders.call(this, run, items);
	const lookedUp = await lookUpOrders.call(this, api, run, read);
	const prepared = prepareOrders(run, read, lookedUp);
	const checked = checkOrders(run, prepared, lookedUp);
	const placed = await placeCheckedOrders.call(this, api, run, checked);
	return answerOrders.call(this, run, prepared, checked, placed, lookedUp);
}

export type Run = ReturnType<typeof readRun>;

export function readRun(
	this: IExecuteFunctions,
	operation: OrderOperation,
	connection: Connection,
) {
	const node = this.getNode();
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
		operation,
		connection,
		node,
		/** What the error builders of the pure stages name. */
		context: { getNode: () => node },
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
