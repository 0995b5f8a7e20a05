import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import {
	type BodyOf,
	ENDPOINTS,
	type EndpointDefinition,
	type EndpointName,
	FEATURE_FLAGS_HEADER,
	MULTI_ITEM_ORDER_FLAG,
	type QueryOf,
	type ResponseOf,
} from '../../../../api/endpoints';
import { type Connection, CREDENTIAL_NAME, type PrintioContext } from './connection';
import { type HttpAnswer, openEnvelope } from './envelope';
import { describeNetworkError } from './errors';
import {
	isRetryableHttpStatus,
	REQUEST_TIMEOUT_MS,
	type ResponseHeaders,
	waitBeforeRetry,
	RETRY,
} from './retry';

export interface RequestOptions<E extends EndpointName> {
	qs?: Partial<QueryOf<E>>;
	body?: BodyOf<E> | Partial<BodyOf<E>>;
	headers?: Record<string, string>;
	multiItemOrder?: boolean;
	itemIndex?: number;
}

export async function request<E extends EndpointName>(
	context: PrintioContext,
	connection: Connection,
	endpointName: E,
	options: RequestOptions<E> = {},
): Promise<ResponseOf<E>> {
	const endpoint: EndpointDefinition = ENDPOINTS[endpointName];
	const httpRequest = buildRequest(connection, endpoint, options);
	const attempts = endpoint.idempotent ? RETRY.attempts + 1 : 1;
	for (let attempt = 1; ; attempt++) {
		let answer: HttpAnswer & { headers: ResponseHeaders };
		try {
			answer = await context.helpers.httpRequestWithAuthentication.call(
				context,
				CREDENTIAL_NAME,
				httpRequest,
				{
					// Otherwise n8n reads and decrypts the credential for every request.
					credentialsDecrypted: {
						id: '',
						name: '',
						type: CREDENTIAL_NAME,
						data: connection.credentials,
					},
				},
			);
		} catch (error) {
			const failure = describeNetworkError(error, connection.baseUrl, endpoint);
			if (failure.retryable && attempt < attempts) {
				await waitBeforeRetry(attempt);
				continue;
			}
			throw failure.toError(context.getNode(), options.itemIndex);
		}
		if (isRetryableHttpStatus(answer.statusCode) && attempt < attempts) {
			await waitBeforeRetry(attempt, answer.headers);
			continue;
		}
		// getNode() copies the node: only an error needs it.
		return openEnvelope(
			() => context.getNode(),
			endpoint,
			answer,
			options.itemIndex,
		) as ResponseOf<E>;
	}
}

function buildRequest(
	connection: Connection,
	endpoint: EndpointDefinition,
	options: RequestOptions<EndpointName>,
): IHttpRequestOptions {
	const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
	if (options.multiItemOrder) headers[FEATURE_FLAGS_HEADER] = MULTI_ITEM_ORDER_FLAG;
	const httpRequest: IHttpRequestOptions = {
		method: endpoint.method,
		baseURL: connection.baseUrl,
		url: endpoint.path,
		headers,
		qs: options.qs as IDataObject | undefined,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
	};
	if (endpoint.method !== 'GET') {
		httpRequest.body = (options.body as IDataObject | undefined) ?? {};
		headers['Content-Type'] = 'application/json';
	}
	return httpRequest;
}
