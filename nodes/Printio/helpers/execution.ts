import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../shared/printio/transport/errors';

/**
 * Runs `operation` once per input item: each returned record becomes an output item paired with its
 * input; a failure stops the run with the item's index, or with Continue On Fail becomes an item
 * carrying `error`, so that nothing is lost silently.
 */
export async function runForEachItem(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: (itemIndex: number) => Promise<IDataObject | IDataObject[]>,
): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const result = await operation(itemIndex);
			for (const json of Array.isArray(result) ? result : [result]) {
				output.push({ json, pairedItem: { item: itemIndex } });
			}
		} catch (error) {
			if (this.continueOnFail()) {
				output.push(errorItem(error, [itemIndex], this.getNode()));
				continue;
			}
			throw withItemIndex.call(this, error, itemIndex);
		}
	}
	return output;
}

/** The item n8n's Continue On Fail convention expects: `json.error` plus our explanation. */
export function errorItem(
	error: unknown,
	itemIndexes: number[],
	node?: { onError?: string },
): INodeExecutionData {
	const json: IDataObject = { error: (error as Error)?.message ?? String(error) };
	const description = (error as NodeApiError)?.description;
	if (description) json.errorDescription = description;
	const httpCode = (error as NodeApiError)?.httpCode;
	if (httpCode) json.httpCode = httpCode;
	// Lets a workflow free a claim only when the order surely was not registered (examples/queue-claim-order.json).
	if (isOutcomeUnknown(error)) json.outcome_unknown = true;
	const item: INodeExecutionData = { json, pairedItem: itemIndexes.map((item) => ({ item })) };
	// With On Error › Continue (using error output), n8n sends an item to the error output only when the item
	// carries its error (the json alone, with errorDescription, would stay on the success output). Only then: with
	// Continue (regular output), n8n would reduce such an item's json to the message.
	if (
		node?.onError === 'continueErrorOutput' &&
		(error instanceof NodeApiError || error instanceof NodeOperationError)
	) {
		item.error = error;
	}
	return item;
}

/** Makes sure an error names the input item it came from. */
export function withItemIndex(this: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}
