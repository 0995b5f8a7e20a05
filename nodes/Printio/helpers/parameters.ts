import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assertTimeZone, DEFAULT_API_TIME_ZONE } from '../../shared/printio/time';
import type { Connection } from '../../shared/printio/transport/connection';

/** The API's dates carry no zone: every operation writes and reads them in this one. */
export function resolveApiTimeZone(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): string {
	const apiTimeZone = String(options.apiTimeZone || DEFAULT_API_TIME_ZONE).trim();
	try {
		assertTimeZone(apiTimeZone);
	} catch {
		throw new NodeOperationError(
			this.getNode(),
			`API Time Zone "${apiTimeZone}" is not a known time zone`,
			{ itemIndex, description: 'Use an IANA time zone name such as Asia/Tokyo.' },
		);
	}
	return apiTimeZone;
}

export function resolveRetailerId(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	connection: Connection,
): number {
	const override = options.retailerId;
	const retailerId =
		override !== undefined && override !== null && override !== ''
			? Number(override)
			: connection.retailerId;
	if (!Number.isInteger(retailerId) || retailerId < 1) {
		throw new NodeOperationError(
			this.getNode(),
			'Retailer ID must be a whole number of 1 or more',
			{
				itemIndex,
				description: "Set Retailer ID in the Printio credential, or in the operation's options.",
			},
		);
	}
	return retailerId;
}

export function compact<T extends IDataObject>(object: T): Partial<T> {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		if (value === undefined || value === null || value === '') continue;
		result[key] = value;
	}
	return result as Partial<T>;
}

export function splitList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value : String(value ?? '').split(',');
	return parts.map((part) => String(part).trim()).filter((part) => part.length > 0);
}

export function getListParameters(
	this: IExecuteFunctions,
	itemIndex: number,
): { returnAll: boolean; limit: number } {
	const returnAll = this.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? Infinity : (this.getNodeParameter('limit', itemIndex, 50) as number);
	return { returnAll, limit };
}

export function optionalNumber(value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : undefined;
}

// Older workflows keep a plain string.
export function locatorValue(value: unknown): string {
	if (value && typeof value === 'object') {
		return String((value as { value?: unknown }).value ?? '').trim();
	}
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

export function locatorMode(value: unknown): string | undefined {
	return value && typeof value === 'object' && 'mode' in (value as object)
		? String((value as { mode: unknown }).mode)
		: undefined;
}

export const EC_CODE_MODE = 'ecCode';

export function lineOriginalItem(value: unknown): {
	original_item_code?: string;
	ec_original_item_code?: string;
} {
	const code = locatorValue(value) || undefined;
	return locatorMode(value) === EC_CODE_MODE
		? { ec_original_item_code: code }
		: { original_item_code: code };
}
