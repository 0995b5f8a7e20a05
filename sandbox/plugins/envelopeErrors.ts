/**
 * Every outcome of an API route as the Printio envelope: status_code and message where the spec puts them,
 * the HTTP status by the `errorHttpStatus` setting. Routes return results or throw ApiError/ParamError; what
 * else goes wrong (transport errors, bugs) becomes status 5 or 99 here, never a stack trace.
 */
import type { FastifyReply } from 'fastify';
import type { Endpoint } from '../../api/schema/endpoints';
import { ApiError, MSG_SYSTEM, PARAM_ERROR_PREFIX, ParamError } from '../errors';
import { unencapsulated } from './unencapsulated';

/** An envelope outcome: the status code and the body (an object, or JSON already serialized: text or UTF-8). */
export interface Envelope {
	statusCode: number;
	body: string | Buffer | object;
}

declare module 'fastify' {
	interface FastifyReply {
		envelope(outcome: Envelope): FastifyReply;
	}
}

const JSON_TYPE = 'application/json; charset=utf-8';
const MAPPED_HTTP: Record<number, number> = {
	0: 200,
	1: 200,
	5: 400,
	11: 403,
	13: 409,
	14: 402,
	15: 409,
};

/** Fastify's body parser errors, as status 5 details. */
const TRANSPORT_ERRORS: Record<string, string> = {
	FST_ERR_CTP_BODY_TOO_LARGE: 'リクエストボディが大きすぎます。',
	FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type は application/json で指定してください。',
	FST_ERR_CTP_EMPTY_JSON_BODY: 'リクエストボディは必須です。',
};
const MALFORMED_JSON = 'リクエストボディの JSON が不正です。';

/** The body of a non-success outcome, with status_code where the spec puts it for this endpoint. */
export function errorBody(
	endpoint: Endpoint,
	statusCode: number,
	message: string,
	extra: Record<string, unknown> = {},
	requestBody?: unknown,
): object {
	if (endpoint.envelope === 'top') {
		return {
			...(endpoint.listField ? { [endpoint.listField]: [] } : {}),
			...(endpoint.paginated ? { total: 0 } : {}),
			...extra,
			status_code: statusCode,
			message,
		};
	}
	// ec_order_no / ec_original_item_code are "always set": echoed from the request whatever went wrong.
	const sent = (field: string) => {
		const body = requestBody as Record<string, unknown> | null | undefined;
		return typeof body === 'object' && body !== null && typeof body[field] === 'string'
			? (body[field] as string)
			: undefined;
	};
	const base: Record<string, unknown> = {};
	if (endpoint.id === 'postOrderByCode' || endpoint.id === 'postOrderWithImage')
		base.ec_order_no = sent('ec_order_no') ?? '';
	if (endpoint.id === 'postOriginalItem')
		base.ec_original_item_code = sent('ec_original_item_code') ?? null;
	if (endpoint.id === 'getUser') Object.assign(base, { is_user_exists: false, user_info: null });
	const { available_items, ...rest } = extra;
	return {
		response: {
			...base,
			...rest,
			status_code: statusCode,
			message,
			...(available_items !== undefined ? { available_items } : {}),
		},
	};
}

const sendJson = (reply: FastifyReply, httpStatus: number, body: string | Buffer | object) =>
	reply
		.code(httpStatus)
		.header('content-type', JSON_TYPE)
		.send(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));

export const envelopeErrors = unencapsulated(async (app) => {
	const httpStatusOf = (statusCode: number) =>
		app.settings.errorHttpStatus === 'mapped' ? (MAPPED_HTTP[statusCode] ?? 500) : 200;

	app.decorateReply('envelope', function (this: FastifyReply, outcome: Envelope) {
		return sendJson(this, httpStatusOf(outcome.statusCode), outcome.body);
	});

	app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
		const endpoint = req.routeOptions.config.endpoint;
		const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
		const clientError = status >= 400 && status < 500;
		if (!endpoint) {
			return sendJson(reply, clientError ? status : 500, {
				statusCode: clientError ? status : 500,
				message: clientError ? (error.message ?? 'Bad request') : 'Internal server error',
			});
		}
		if (error instanceof ApiError)
			return reply.envelope({
				statusCode: error.statusCode,
				body: errorBody(endpoint, error.statusCode, error.message, error.extra, req.body),
			});
		if (error instanceof ParamError)
			return reply.envelope({
				statusCode: 5,
				body: errorBody(endpoint, 5, error.message, {}, req.body),
			});
		// Malformed JSON, another content type, a body too large: the request never reached the route.
		if (clientError)
			return sendJson(
				reply,
				status,
				errorBody(
					endpoint,
					5,
					PARAM_ERROR_PREFIX + (TRANSPORT_ERRORS[error.code ?? ''] ?? MALFORMED_JSON),
				),
			);
		process.stderr.write(
			`printio-sandbox: unexpected error in ${endpoint.method} ${endpoint.path}: ${String(error?.stack ?? error)}\n`,
		);
		return reply.envelope({
			statusCode: 99,
			body: errorBody(endpoint, 99, MSG_SYSTEM, {}, req.body),
		});
	});

	app.setNotFoundHandler((req, reply) => {
		sendJson(reply, 404, {
			statusCode: 404,
			message: `Resource not found: ${req.method} ${req.url.split('?')[0]}`,
		});
	});
});
