// Nothing here repeats request values (personal data) or the subscription key.
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { EndpointDefinition } from '../../../../api/endpoints';
import { RETRY } from './retry';

// The write may have been committed: look the order up before sending it again.
export function markOutcomeUnknown(error: NodeApiError): NodeApiError {
	error.context.outcomeUnknown = true;
	return error;
}

export function isOutcomeUnknown(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.outcomeUnknown === true;
}

// No status_code in the body (spec 7 rule 4): a gateway, a proxy or a wrong URL.
export function httpStatusError(
	node: INode,
	endpoint: EndpointDefinition,
	httpStatus: number,
	body: JsonObject | undefined,
	itemIndex: number | undefined,
): NodeApiError {
	const explanation = describeHttpStatus(httpStatus, endpoint);
	const error = new NodeApiError(node, body ?? {}, {
		message: explanation.message,
		description: explanation.description,
		httpCode: String(httpStatus),
		itemIndex,
	});
	// Anything but these refusals: the service may have committed before it failed.
	if (![401, 403, 404, 429].includes(httpStatus)) markOutcomeUnknown(error);
	return error;
}

function describeHttpStatus(
	httpStatus: number,
	endpoint: EndpointDefinition,
): { message: string; description: string } {
	const where = `${endpoint.method} ${endpoint.path}`;
	if (httpStatus === 401)
		return {
			message: 'Authorization failed: the subscription key was refused',
			description:
				'Check the Subscription Key in the Printio credential (it is sent in the Printio-Api-Subscription-Key header) and that it belongs to the chosen environment.',
		};
	if (httpStatus === 403)
		return {
			message: 'Forbidden: this key may not call the endpoint',
			description: `Printio refused ${where}. Ask Printio whether your key is enabled for it.`,
		};
	if (httpStatus === 404)
		return {
			message: `Not found: ${where} does not exist at this base URL`,
			description:
				'Check the environment or the Base URL in the Printio credential; paths such as /items are appended to it.',
		};
	if (httpStatus === 429)
		return {
			message: 'Rate limited by Printio (HTTP 429)',
			description: `The request was retried ${RETRY.attempts} times. Lower the node's concurrency or add a Wait node between batches.`,
		};
	if (httpStatus >= 500)
		return {
			message: `Printio server error (HTTP ${httpStatus})`,
			description: endpoint.idempotent
				? `The request was retried ${RETRY.attempts} times. Try again later.`
				: 'The request was not repeated automatically because it may have been processed. Check with Order › Get Many (by EC order number) before sending it again.',
		};
	return {
		message: `Unexpected answer from Printio (HTTP ${httpStatus}, no status code in the body)`,
		description:
			'The response was not in the format of the Printio API. Check the environment or the Base URL in the Printio credential.',
	};
}

export interface NetworkFailure {
	neverSent?: boolean;
	retryable: boolean;
	toError(node: INode, itemIndex: number | undefined): NodeApiError;
}

// Only the code is kept: the raw error's request options hold the subscription key.
export function describeNetworkError(
	error: unknown,
	baseUrl: string,
	endpoint: EndpointDefinition,
): NetworkFailure {
	const code = String(
		(error as { code?: unknown })?.code ??
			(error as { cause?: { code?: unknown } })?.cause?.code ??
			'',
	);
	const where = `${endpoint.method} ${endpoint.path}`;
	const retryNote = endpoint.idempotent
		? `It was tried ${RETRY.attempts + 1} times.`
		: 'It was not repeated automatically because the service may have processed it. Check with Order › Get Many (by EC order number) before sending it again.';
	const failure = (
		message: string,
		description: string,
		options: { retryable: boolean; neverSent?: boolean; httpCode?: string },
	): NetworkFailure => ({
		retryable: options.retryable,
		neverSent: options.neverSent,
		toError: (node, itemIndex) => {
			// Not `code` or `errorCode`: NodeApiError would read it as the HTTP code and swap our message.
			const networkError = new NodeApiError(
				node,
				{ networkErrorCode: code },
				{
					message,
					description,
					itemIndex,
					httpCode: options.httpCode,
				},
			);
			return options.neverSent ? networkError : markOutcomeUnknown(networkError);
		},
	});

	if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
		// Words, not the code: NodeApiError swaps a message containing a known code for generic text.
		return failure(
			`Cannot reach Printio at ${baseUrl} (${UNREACHABLE_REASONS[code]})`,
			'Check the environment or the Base URL in the Printio credential. For the local sandbox, start it: npx printio-sandbox --port 4010 (in the repository: npm run sandbox).',
			{ retryable: false, neverSent: true },
		);
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT')
		return failure(`Printio did not answer ${where} in time`, retryNote, {
			retryable: endpoint.idempotent,
			httpCode: '408',
		});
	if (
		code === 'ECONNRESET' ||
		code === 'EPIPE' ||
		code === 'ERR_BAD_RESPONSE' ||
		code === 'UND_ERR_SOCKET'
	)
		return failure(`The connection to Printio was closed during ${where}`, retryNote, {
			retryable: endpoint.idempotent,
		});
	return failure(`Request to Printio failed (${where})`, retryNote, {
		retryable: endpoint.idempotent,
	});
}

const UNREACHABLE_REASONS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'name lookup failed',
};
