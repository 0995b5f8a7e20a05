/**
 * Read stage for Map Columns (n8n's resource mapper). Map Automatically reads the item by the API column
 * names as it is; Map Each Column Manually gives the mapper's values, keyed by those same column names. Either
 * way the result is read like an item (read/fromItem.ts).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { DraftRow, OrderOperation } from '../types';
import { readItem } from './fromItem';

export function readMapper(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	itemIndex: number,
	operation: OrderOperation,
): DraftRow {
	const mode = this.getNodeParameter('columns.mappingMode', itemIndex, 'autoMapInputData') as string;
	const columns =
		mode === 'defineBelow'
			? { ...((this.getNodeParameter('columns.value', itemIndex, {}) as IDataObject | null) ?? {}) }
			: items[itemIndex].json;
	return readItem(columns, operation, itemIndex);
}
