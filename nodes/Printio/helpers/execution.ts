import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../shared/printio/transport/errors';

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
	// Only for the error output: n8n routes by the item's error, but cuts it to the message on the regular one.
	if (
		node?.onError === 'continueErrorOutput' &&
		(error instanceof NodeApiError || error instanceof NodeOperationError)
	) {
		item.error = error;
	}
	return item;
}

export function withItemIndex(
	this: Pick<IExecuteFunctions, 'getNode'>,
	error: unknown,
	itemIndex: number,
): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}
