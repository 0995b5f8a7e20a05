/** Map Columns: both mapping modes key the values by the API column names, so they are read like an item. */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { DraftRow, OrderOperation } from '../types';
import { readItem } from './fromItem';

export function readMapper(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	itemIndex: number,
	operation: OrderOperation,
): DraftRow {
	const mode = this.getNodeParameter(
		'columns.mappingMode',
		itemIndex,
		'autoMapInputData',
	) as string;
	const columns =
		mode === 'defineBelow'
			? { ...((this.getNodeParameter('columns.value', itemIndex, {}) as IDataObject | null) ?? {}) }
			: items[itemIndex].json;
	return readItem(columns, operation, itemIndex);
}
