// Spec 7: status 0 is success, 1 on a list endpoint an empty list, anything else an error.
import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { EndpointDefinition } from '../../../../api/endpoints';
import { describeStatus, isKnownStatus, STATUS } from '../../../../api/statusCodes';
import { httpStatusError, markOutcomeUnknown } from './errors';

export interface HttpAnswer {
	statusCode: number;
	body: unknown;
}

export function openEnvelope(
	getNode: () => INode,
	endpoint: EndpointDefinition,
	answer: HttpAnswer,
	itemIndex: number | undefined,
): IDataObject {
	const body = parseBody(answer.body);
	const envelope =
		endpoint.envelope === 'response' && body && typeof body.response === 'object'
			? (body.response as IDataObject)
			: body;
	const statusCode =
		envelope && typeof envelope.status_code === 'number' ? envelope.status_code : undefined;
	if (statusCode === undefined)
		throw httpStatusError(getNode(), endpoint, answer.statusCode, body as JsonObject, itemIndex);
	if (statusCode === STATUS.SUCCESS) return body as IDataObject;
	if (statusCode === STATUS.NO_DATA && endpoint.listKey !== undefined) return body as IDataObject;

	const apiMessage = typeof envelope?.message === 'string' ? envelope.message : '';
	const explanation = describeStatus(statusCode, endpoint.path, envelope as IDataObject);
	const apiError = new NodeApiError(getNode(), envelope as JsonObject, {
		message: apiMessage ? `${explanation.title}: ${apiMessage}` : explanation.title,
		description: explanation.description,
		httpCode: String(answer.statusCode),
		itemIndex,
	});
	apiError.context.printioStatusCode = statusCode;
	// A status the spec does not name: the service may have committed before it failed.
	if (!isKnownStatus(statusCode)) markOutcomeUnknown(apiError);
	throw apiError;
}

// n8n parses JSON answers; a proxy's text or an empty body arrives as a string or a Buffer.
function parseBody(raw: unknown): IDataObject | undefined {
	if (raw && typeof raw === 'object' && !Buffer.isBuffer(raw)) return raw as IDataObject;
	const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
	try {
		const parsed = JSON.parse(text);
		return parsed && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}
