import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { formatApiDateTime, parseUserDateTime } from '../../../shared/printio/time';
import { resolveApiTimeZone } from '../../helpers/parameters';

/** Shared by Get Many and Get Statuses. */
export function orderFilters(what: 'Created' | 'Status Changed'): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: `${what} After`,
				name: 'dateTimeFrom',
				type: 'dateTime',
				default: '',
				description: `Only orders ${what.toLowerCase()} at or after this time (ignored when an order number is given)`,
			},
			{
				displayName: `${what} Before`,
				name: 'dateTimeTo',
				type: 'dateTime',
				default: '',
				description: `Only orders ${what.toLowerCase()} at or before this time (ignored when an order number is given)`,
			},
			{
				displayName: 'EC Order Number',
				name: 'ecOrderNo',
				type: 'string',
				default: '',
				description:
					'Only the order with this order number of yours; other filters are then ignored',
			},
			{
				displayName: 'Order Numbers',
				name: 'orderNo',
				type: 'string',
				default: '',
				placeholder: 'e.g. 100001, 100002',
				description:
					'Only these Printio order numbers, comma-separated; other filters are then ignored',
			},
			{
				displayName: 'Status ID',
				name: 'statusId',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 1,
				description:
					'Only orders in this status now. Printio does not publish its status IDs; the local sandbox uses 1 received, 2 data check, 3 in production, 4 shipping preparation, 5 shipped, 9 cancelled.',
			},
		],
	};
}

/** The API's dates carry no zone, so the filters are written in the API's time zone. */
export function resolveDateRange(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
	options: IDataObject,
): { from?: string; to?: string } {
	const apiTimeZone = resolveApiTimeZone.call(this, itemIndex, options);
	const workflowTimeZone = this.getTimezone();
	const convert = (value: unknown, label: string): string | undefined => {
		if (value === undefined || value === null || value === '') return undefined;
		const epochMs = parseUserDateTime(
			typeof value === 'object' && 'toISO' in (value as object)
				? (value as { toISO(): string }).toISO()
				: value,
			workflowTimeZone,
		);
		if (epochMs === undefined) {
			throw new NodeOperationError(this.getNode(), `${label} is not a valid date-time`, {
				itemIndex,
				description: 'Use a date such as 2026-11-21 10:00:00 or an ISO 8601 date-time.',
			});
		}
		return formatApiDateTime(epochMs, apiTimeZone);
	};
	return {
		from: convert(filters.dateTimeFrom, 'After'),
		to: convert(filters.dateTimeTo, 'Before'),
	};
}
