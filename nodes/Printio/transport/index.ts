import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { PRINTIO_ENVIRONMENT_URLS } from '../../../credentials/PrintioApi.credentials';
import { mapWithConcurrency } from '../helpers/concurrency';
import { describeStatus, STATUS } from './statusCodes';

export type PrintioContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_NAME = 'printioApi';

/** Largest page the API serves (spec 8: limit 1..30). */
export const MAX_PAGE_SIZE = 30;

/**
 * How many pages after the first one `Return All` fetches at once. With 8, 100 pages cost 1 + 13 round
 * trips instead of 100 (bench: returnAll), while a read never has more than 8 requests in flight.
 */
export const PAGE_CONCURRENCY = 8;

/**
 * Bounded retry of idempotent reads on 429, 5xx and dropped connections. Writes are never retried here:
 * placing an order twice costs the retailer money (see issue "never order twice").
 */
export const RETRY = { attempts: 3, baseDelayMs: 300, maxDelayMs: 30_000 } as const;

/** Per request; with the retries a read gives up within about two minutes, inside n8n's poll budget. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Every endpoint of the API, once: where its status code sits and whether a retry is safe. */
export const ENDPOINTS = {
	getCategories: { method: 'GET', path: '/categories', envelope: 'top', idempotent: true, list: true },
	getItems: { method: 'GET', path: '/items', envelope: 'top', idempotent: true, list: true },
	getItemStocks: { method: 'POST', path: '/item-stocks', envelope: 'top', idempotent: true, list: true },
	getOriginalItems: {
		method: 'GET',
		path: '/original-items',
		envelope: 'top',
		idempotent: true,
		list: true,
	},
	createOriginalItem: {
		method: 'POST',
		path: '/original-item',
		envelope: 'response',
		idempotent: false,
		list: false,
	},
	getSimulatorUrl: {
		method: 'POST',
		path: '/simulator-url',
		envelope: 'response',
		idempotent: true,
		list: false,
	},
	createOrderByCode: {
		method: 'POST',
		path: '/order-by-code',
		envelope: 'response',
		idempotent: false,
		list: false,
	},
	createOrderWithImages: {
		method: 'POST',
		path: '/orders/order-with-image',
		envelope: 'response',
		idempotent: false,
		list: false,
	},
	getOrders: { method: 'GET', path: '/orders', envelope: 'top', idempotent: true, list: true },
	getOrderStatuses: {
		method: 'GET',
		path: '/order-statuses',
		envelope: 'top',
		idempotent: true,
		list: true,
	},
	getUser: { method: 'GET', path: '/users/user', envelope: 'response', idempotent: true, list: false },
} as const satisfies Record<string, EndpointDefinition>;

export interface EndpointDefinition {
	method: IHttpRequestMethods;
	path: string;
	/** `response`: the status code sits inside a `response` object (spec 7). */
	envelope: 'top' | 'response';
	/** Safe to send again after a failure that may or may not have reached the service. */
	idempotent: boolean;
	/** Status 1 ("no data") means an empty result, not an error. */
	list: boolean;
}

export type EndpointName = keyof typeof ENDPOINTS;

export interface PrintioRequestOptions {
	qs?: IDataObject;
	body?: IDataObject;
	headers?: Record<string, string>;
	/** Sends `X-Feature-Flags: MultiItemOrder` (spec 9). */
	multiItemOrder?: boolean;
	itemIndex?: number;
}

/** A failure the API answered in its envelope; the transport turns it into a NodeApiError. */
export interface EnvelopeFailure {
	statusCode: number;
	message: string;
	body: IDataObject;
}

/**
 * The credential per node run: a Return All or a 1,000-row order run reads it hundreds of times (base URL
 * per request, retailer per item), and each read decrypts it. Only execute contexts are cached: each node
 * run gets a new one, whereas n8n keeps one poll context for a trigger's whole activation, and an edited
 * credential must reach the next poll.
 */
const credentialsByContext = new WeakMap<object, Promise<ICredentialDataDecryptedObject>>();

async function readCredentials(this: PrintioContext): Promise<ICredentialDataDecryptedObject> {
	if (!('getInputData' in this)) return await this.getCredentials(CREDENTIAL_NAME);
	let credentials = credentialsByContext.get(this);
	if (!credentials) {
		credentials = this.getCredentials(CREDENTIAL_NAME);
		credentialsByContext.set(this, credentials);
		credentials.catch(() => credentialsByContext.delete(this));
	}
	return await credentials;
}

export async function getBaseUrl(this: PrintioContext): Promise<string> {
	const credentials = await readCredentials.call(this);
	const environment = credentials.environment as keyof typeof PRINTIO_ENVIRONMENT_URLS | 'custom';
	const url =
		environment === 'custom'
			? String(credentials.baseUrl ?? '').trim()
			: PRINTIO_ENVIRONMENT_URLS[environment] ?? String(credentials.baseUrl ?? '').trim();
	return url.replace(/\/+$/, '');
}

/** The retailer id of the credential: the default for every operation. */
export async function getCredentialRetailerId(this: PrintioContext): Promise<number> {
	const credentials = await readCredentials.call(this);
	return Number(credentials.retailerId);
}

/**
 * Sends one request to the API and returns its body once the envelope says success (status 0), or an
 * empty-list body for status 1 on list endpoints. Everything else becomes a NodeApiError carrying the
 * API's own message plus an English explanation and a fix; the subscription key never enters an error.
 */
export async function printioApiRequest<T extends IDataObject = IDataObject>(
	this: PrintioContext,
	endpointName: EndpointName,
	options: PrintioRequestOptions = {},
): Promise<T> {
	const endpoint: EndpointDefinition = ENDPOINTS[endpointName];
	const baseURL = await getBaseUrl.call(this);
	const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
	if (options.multiItemOrder) headers['X-Feature-Flags'] = 'MultiItemOrder';
	const request: IHttpRequestOptions = {
		method: endpoint.method,
		baseURL,
		url: endpoint.path,
		headers,
		qs: options.qs,
		json: true,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: REQUEST_TIMEOUT_MS,
	};
	if (endpoint.method !== 'GET') {
		request.body = options.body ?? {};
		headers['Content-Type'] = 'application/json';
	}

	const attempts = endpoint.idempotent ? RETRY.attempts + 1 : 1;
	for (let attempt = 1; ; attempt++) {
		let response: FullResponse;
		try {
			response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_NAME,
				request,
			)) as FullResponse;
		} catch (error) {
			const failure = describeNetworkError(error, baseURL, endpoint);
			if (failure.retryable && attempt < attempts) {
				await sleep(backoffMs(attempt));
				continue;
			}
			const networkError = new NodeApiError(this.getNode(), failure.json, {
				message: failure.message,
				description: failure.description,
				itemIndex: options.itemIndex,
				httpCode: failure.httpCode,
			});
			// A refused connection never reached the service; anything else may have been processed.
			if (!failure.neverSent) markOutcomeUnknown(networkError);
			throw networkError;
		}

		const httpStatus = response.statusCode;
		if ((httpStatus === 429 || httpStatus >= 500) && attempt < attempts) {
			await sleep(retryAfterMs(response.headers) ?? backoffMs(attempt));
			continue;
		}
		return unwrapEnvelope.call(this, endpoint, response, options.itemIndex) as T;
	}
}

interface FullResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

function unwrapEnvelope(
	this: PrintioContext,
	endpoint: EndpointDefinition,
	response: FullResponse,
	itemIndex: number | undefined,
): IDataObject {
	const body = parseBody(response.body);
	const httpStatus = response.statusCode;
	const envelope =
		endpoint.envelope === 'response' && body && typeof body.response === 'object'
			? (body.response as IDataObject)
			: body;
	const statusCode = envelope && typeof envelope.status_code === 'number' ? envelope.status_code : undefined;

	if (statusCode === undefined) {
		// Outside the envelope (spec 7 rule 4): a gateway, proxy or wrong URL answered.
		const explanation = describeHttpStatus(httpStatus, endpoint);
		const httpError = new NodeApiError(this.getNode(), (body ?? {}) as JsonObject, {
			message: explanation.message,
			description: explanation.description,
			httpCode: String(httpStatus),
			itemIndex,
		});
		// 5xx or an unknown answer: the service may have committed before it failed.
		if (httpStatus >= 500 || ![401, 403, 404, 429].includes(httpStatus)) markOutcomeUnknown(httpError);
		throw httpError;
	}

	if (statusCode === STATUS.SUCCESS) return body as IDataObject;
	if (statusCode === STATUS.NO_DATA && endpoint.list) return body as IDataObject;

	const apiMessage = typeof envelope?.message === 'string' ? envelope.message : '';
	const explanation = describeStatus(statusCode, endpoint.path, envelope as IDataObject);
	const apiError = new NodeApiError(this.getNode(), envelope as JsonObject, {
		message: apiMessage ? `${explanation.title}: ${apiMessage}` : explanation.title,
		description: explanation.description,
		httpCode: String(httpStatus),
		itemIndex,
	});
	apiError.context.printioStatusCode = statusCode;
	if (!KNOWN_STATUS_CODES.has(statusCode)) markOutcomeUnknown(apiError);
	throw apiError;
}

const KNOWN_STATUS_CODES = new Set<number>(Object.values(STATUS));

/**
 * Marks a failed write whose effect is unknown: the request may have been committed (timeout, dropped
 * connection, 5xx, system error). Callers must look the order up before sending it again.
 */
function markOutcomeUnknown(error: NodeApiError): void {
	error.context.outcomeUnknown = true;
}

export function isOutcomeUnknown(error: unknown): boolean {
	return error instanceof NodeApiError && error.context.outcomeUnknown === true;
}

function parseBody(raw: unknown): IDataObject | undefined {
	if (raw && typeof raw === 'object' && !Buffer.isBuffer(raw)) return raw as IDataObject;
	const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : typeof raw === 'string' ? raw : '';
	if (!text.trim()) return undefined;
	try {
		const parsed = JSON.parse(text);
		return parsed && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
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
			description:
				endpoint.idempotent
					? `The request was retried ${RETRY.attempts} times. Try again later.`
					: 'The request was not repeated automatically because it may have been processed. Check with Order › Get Many (by EC order number) before sending it again.',
		};
	return {
		message: `Unexpected answer from Printio (HTTP ${httpStatus}, no status code in the body)`,
		description:
			'The response was not in the format of the Printio API. Check the environment or the Base URL in the Printio credential.',
	};
}

interface NetworkFailure {
	neverSent?: boolean;
	message: string;
	description: string;
	retryable: boolean;
	httpCode?: string;
	json: JsonObject;
}

/**
 * Describes a failure that produced no HTTP response. Only the error code and our own words are kept:
 * the raw error carries the request options, and those hold the subscription key.
 */
function describeNetworkError(
	error: unknown,
	baseURL: string,
	endpoint: EndpointDefinition,
): NetworkFailure {
	const code = String((error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code ?? '');
	// Not `code` or `errorCode`: NodeApiError would read it as the HTTP code and swap our message.
	const json: JsonObject = { networkErrorCode: code };
	const retryNote = endpoint.idempotent
		? `It was tried ${RETRY.attempts + 1} times.`
		: 'It was not repeated automatically because the service may have processed it. Check with Order › Get Many (by EC order number) before sending it again.';
	if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
		return {
			// Words, not the code: NodeApiError swaps a message containing a known code for generic text.
			message: `Cannot reach Printio at ${baseURL} (${UNREACHABLE_REASONS[code]})`,
			description:
				'Check the environment or the Base URL in the Printio credential. For the local sandbox, start it with npm run sandbox.',
			retryable: false,
			neverSent: true,
			json,
		};
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT')
		return {
			message: `Printio did not answer ${endpoint.method} ${endpoint.path} in time`,
			description: retryNote,
			retryable: endpoint.idempotent,
			httpCode: '408',
			json,
		};
	if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ERR_BAD_RESPONSE' || code === 'UND_ERR_SOCKET')
		return {
			message: `The connection to Printio was closed during ${endpoint.method} ${endpoint.path}`,
			description: retryNote,
			retryable: endpoint.idempotent,
			json,
		};
	return {
		message: `Request to Printio failed (${endpoint.method} ${endpoint.path})`,
		description: retryNote,
		retryable: endpoint.idempotent,
		json,
	};
}

const UNREACHABLE_REASONS: Record<string, string> = {
	ECONNREFUSED: 'connection refused',
	ENOTFOUND: 'host not found',
	EAI_AGAIN: 'name lookup failed',
};

function backoffMs(attempt: number): number {
	return Math.min(RETRY.baseDelayMs * 2 ** (attempt - 1), RETRY.maxDelayMs);
}

/** Retry-After in seconds or as an HTTP date; capped so that a misbehaving server cannot park a run. */
function retryAfterMs(headers: FullResponse['headers']): number | undefined {
	const raw = headers?.['retry-after'];
	const value = Array.isArray(raw) ? raw[0] : raw;
	if (!value) return undefined;
	const seconds = Number(value);
	const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
	if (!Number.isFinite(ms) || ms < 0) return undefined;
	return Math.min(ms, RETRY.maxDelayMs);
}

export interface PageRequest {
	endpointName: 'getItems' | 'getOriginalItems' | 'getOrders';
	/** Key of the array in the response body. */
	listKey: string;
	qs: IDataObject;
	returnAll: boolean;
	limit?: number;
	multiItemOrder?: boolean;
	itemIndex?: number;
}

/**
 * Reads a paginated list. Return All asks for pages of 30, learns `total` from the first page and then
 * fetches the remaining pages a few at a time, keeping their order: ceil(total/30) requests, the floor.
 * A limit asks only for the pages it needs.
 */
export async function printioApiRequestAllItems<T = IDataObject>(
	this: PrintioContext,
	request: PageRequest,
): Promise<T[]> {
	const wanted = request.returnAll ? Infinity : Math.max(0, request.limit ?? 50);
	if (wanted === 0) return [];
	const pageSize = Math.min(MAX_PAGE_SIZE, wanted);
	const fetchPage = async (page: number) =>
		await printioApiRequest.call(this, request.endpointName, {
			qs: { ...request.qs, limit: pageSize, page },
			multiItemOrder: request.multiItemOrder,
			itemIndex: request.itemIndex,
		});

	const first = await fetchPage(1);
	const records = [...((first[request.listKey] as T[] | undefined) ?? [])];
	const total = typeof first.total === 'number' ? first.total : records.length;
	const pagesWithData = Math.ceil(total / pageSize);
	const pagesWanted = Math.min(pagesWithData, Math.ceil(wanted / pageSize));
	if (pagesWanted > 1 && records.length > 0) {
		const rest = Array.from({ length: pagesWanted - 1 }, (_, index) => index + 2);
		const pages = await mapWithConcurrency(rest, PAGE_CONCURRENCY, fetchPage);
		for (const page of pages) records.push(...((page[request.listKey] as T[] | undefined) ?? []));
	}
	return records.slice(0, wanted);
}
