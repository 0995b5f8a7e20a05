/**
 * Order input of Order › Create and Order › Create With Images: one entry point, from the node's input items
 * to the orders to place. Reading is per input mode (read/); everything after it is one pipeline
 * (pipeline.ts): normalise → combine → defaults → overflow → validate → build.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Connection } from '../../shared/printio/transport';
import { withItemIndex } from '../helpers/execution';
import { prepareOrders } from './pipeline';
import type { PrepareOptions, PreparedOrder } from './pipeline';
import { readMapper } from './read/fromMapper';
import { readDefaults, readParameters } from './read/fromParameters';
import type { DraftRow, OrderOperation } from './types';

export type { PrepareOptions, PreparedOrder } from './pipeline';
export type { AddressOverflowPolicy, InputProblem, NormalizationChange, OrderOperation, OrderRequestFor } from './types';

export interface OrderInput<Op extends OrderOperation = OrderOperation> {
	/** The orders in the order of their first item; those with problems carry no request. */
	orders: Array<PreparedOrder<Op>>;
	/** Items whose parameters could not be read (only with Continue On Fail; else the error is thrown). */
	unreadable: Map<number, Error>;
}

/**
 * Reads every input item (Define Below, or Map Columns) with the node's defaults, and prepares the orders.
 * Nothing is sent here. An item whose parameters cannot be read fails alone with Continue On Fail, else the run.
 */
export function readOrderInput<Op extends OrderOperation>(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: Op,
	connection: Connection,
	options: PrepareOptions & { continueOnFail: boolean },
): OrderInput<Op> {
	const rows: DraftRow[] = [];
	const unreadable = new Map<number, Error>();
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const inputMode = this.getNodeParameter('inputMode', itemIndex, 'defineBelow') as string;
			const row =
				inputMode === 'autoMap'
					? readMapper.call(this, items, itemIndex, operation)
					: readParameters.call(this, itemIndex, operation);
			rows.push({ ...row, defaults: readDefaults.call(this, itemIndex, operation, connection) });
		} catch (error) {
			if (!options.continueOnFail) throw withItemIndex.call(this, error, itemIndex);
			unreadable.set(itemIndex, error as Error);
		}
	}
	return { orders: prepareOrders(rows, operation, options), unreadable };
}
