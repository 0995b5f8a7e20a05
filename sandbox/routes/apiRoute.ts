/** What every API route shares: its entry in the contract's endpoint table, and the checks on the caller. */
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import {
	endpointById,
	FEATURE_FLAGS_HEADER,
	MULTI_ITEM_ORDER_FLAG,
	type Endpoint,
	type EndpointId,
} from '../../api/schema/endpoints';
import { PAGE_SIZE_DEFAULT } from '../../api/schema/schemas';
import { ApiError, MSG_NO_PERMISSION } from '../errors';

declare module 'fastify' {
	interface FastifyContextConfig {
		/** set on API routes (the plugins' hooks act on these only) */
		endpoint?: Endpoint;
	}
}

/** Method, path, schema (validated by plugins/validation) and config of an API route. */
export function apiRoute(
	id: EndpointId,
): RouteShorthandOptions & { method: Endpoint['method']; url: string } {
	const endpoint = endpointById[id];
	return {
		method: endpoint.method,
		url: endpoint.path,
		config: { endpoint },
		schema: endpoint.query
			? { querystring: endpoint.query }
			: endpoint.body
				? { body: endpoint.body }
				: {},
	};
}

/** A retailer_id that is not the key's retailer: status 11 (orders and items are always the key's). */
export function checkRetailer(req: FastifyRequest, retailerId: number | undefined): void {
	if (retailerId !== undefined && retailerId !== req.retailer.id)
		throw new ApiError(11, MSG_NO_PERMISSION);
}

export function isMultiItemOrder(req: FastifyRequest): boolean {
	const raw = req.headers[FEATURE_FLAGS_HEADER.toLowerCase()];
	const flags = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
	return flags
		.split(',')
		.some((flag) => flag.trim().toLowerCase() === MULTI_ITEM_ORDER_FLAG.toLowerCase());
}

export function pageOf<T>(list: T[], limit: number | undefined, page: number | undefined): T[] {
	const size = limit ?? PAGE_SIZE_DEFAULT;
	return list.slice(((page ?? 1) - 1) * size, (page ?? 1) * size);
}
