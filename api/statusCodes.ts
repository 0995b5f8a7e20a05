import type { IDataObject } from 'n8n-workflow';

// Spec 7; any other value is a system error.
export const STATUS = {
	SUCCESS: 0,
	NO_DATA: 1,
	PARAMETER_ERROR: 5,
	NO_PERMISSION: 11,
	OUT_OF_STOCK: 13,
	PAYMENT_ERROR: 14,
	DUPLICATE: 15,
} as const;

export type StatusCode = (typeof STATUS)[keyof typeof STATUS];

export const STATUS_NAMES: Record<StatusCode, string> = {
	0: 'success',
	1: 'no data',
	5: 'request parameter error',
	11: 'no permission',
	13: 'out of stock',
	14: 'payment error',
	15: 'duplicate',
};

export function isKnownStatus(statusCode: number): statusCode is StatusCode {
	return statusCode in STATUS_NAMES;
}

// No request values here: they may be personal data.
export function describeStatus(
	statusCode: number,
	path: string,
	envelope: IDataObject,
): { title: string; description: string } {
	switch (statusCode) {
		case STATUS.NO_DATA:
			return {
				title: 'No data (Printio status 1)',
				description: `Printio found nothing for ${path}. Check the codes you sent.`,
			};
		case STATUS.PARAMETER_ERROR:
			return {
				title: 'Request parameter error (Printio status 5)',
				description:
					"Printio rejected a field; its message names the field. Fix the value in the node's parameters or in the input item.",
			};
		case STATUS.NO_PERMISSION:
			return {
				title: 'No permission (Printio status 11)',
				description:
					"The retailer ID does not belong to this subscription key, or the key may not use this operation. Check Retailer ID in the credential (or in the operation's options).",
			};
		case STATUS.OUT_OF_STOCK: {
			const available = envelope.available_items;
			return {
				title: 'Out of stock (Printio status 13)',
				description:
					Array.isArray(available) && available.length > 0
						? `Nothing was ordered. Stock Printio reports for the lines: ${JSON.stringify(available)}`
						: 'Nothing was ordered. Check stock with Item › Get Stock, or send the order with the MultiItemOrder option to see which lines are short.',
			};
		}
		case STATUS.PAYMENT_ERROR:
			return {
				title: 'Payment error (Printio status 14)',
				description:
					'Nothing was ordered: Printio could not charge your retailer account. Check your billing with Printio, then send the order again.',
			};
		case STATUS.DUPLICATE:
			return {
				title: 'Duplicate (Printio status 15)',
				description:
					'An original item with this EC original item code already exists. Use another code, or find the existing one with Original Item › Get Many.',
			};
		default:
			return {
				title: `Printio system error (status ${statusCode})`,
				description:
					'Printio reported an internal error. Try again later; for orders, check with Order › Get Many (by EC order number) first whether it was registered.',
			};
	}
}
