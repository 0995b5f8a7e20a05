import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Connection } from '../../shared/printio/transport/connection';

/** The retailer of an operation: the Options override when set, else the credential's. */
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

/** Drops keys whose value is empty, so that unset optional fields are not sent at all. */
export function compact<T extends IDataObject>(object: T): Partial<T> {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		if (value === undefined || value === null || value === '') continue;
		result[key] = value;
	}
	return result as Partial<T>;
}

/** Splits "a, b,c" (or an array) into trimmed, non-empty strings. */
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

/** A number from an optional parameter, or undefined when it is unset. */
export function optionalNumber(value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const number = Number(value);
	return Number.isFinite(number) ? number : undefined;
}

/** The value of a resource locator (or of a plain string kept from older workflows); '' when unset. */
export function locatorValue(value: unknown): string {
	if (value && typeof value === 'object') {
		return String((value as { value?: unknown }).value ?? '').trim();
	}
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** The mode of a resource locator value; undefined for a plain string kept from older workflows. */
export function locatorMode(value: unknown): string | undefined {
	return value && typeof value === 'object' && 'mode' in (value as object)
		? String((value as { mode: unknown }).mode)
		: undefined;
}

/** Mode of the order line's original item locator that takes the shop's own code (ec_original_item_code). */
export const EC_CODE_MODE = 'ecCode';

/**
 * The original item an order line names, in the API's field: *By EC Code* gives the shop's own code, every other
 * mode (and a plain string) Printio's code.
 */
export function lineOriginalItem(value: unknown): {
	original_item_code?: string;
	ec_original_item_code?: string;
} {
	const code = locatorValue(value) || undefined;
	return locatorMode(value) === EC_CODE_MODE
		? { ec_original_item_code: code }
		: { original_item_code: code };
}
