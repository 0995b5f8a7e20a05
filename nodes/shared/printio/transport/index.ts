/**
 * The Printio API for one node run (or one poll): every call typed by its endpoint, from the contract's types.
 *
 *   const api = await connectPrintio(this);            // reads the credential
 *   const body = await api.request('getCategories');   // CategoriesResponse
 *   const orders = await api.listAll('getOrders', { qs, limit: Infinity });   // Order[]
 */
import type {
	EndpointName,
	PaginatedEndpoint,
	RecordOf,
	ResponseOf,
} from '../../../../api/endpoints';
import { type Connection, type PrintioContext, readConnection } from './connection';
import { listAll, type ListOptions } from './pagination';
import { request, type RequestOptions } from './request';

export type { Connection, PrintioContext } from './connection';
export { isOutcomeUnknown } from './errors';

export interface PrintioApi {
	readonly connection: Connection;
	request<E extends EndpointName>(endpoint: E, options?: RequestOptions<E>): Promise<ResponseOf<E>>;
	listAll<E extends PaginatedEndpoint>(
		endpoint: E,
		options: ListOptions<E>,
	): Promise<Array<RecordOf<E>>>;
}

export function printioApi(context: PrintioContext, connection: Connection): PrintioApi {
	return {
		connection,
		request: async (endpoint, options) => await request(context, connection, endpoint, options),
		listAll: async (endpoint, options) => await listAll(context, connection, endpoint, options),
	};
}

/** Reads the credential (see readConnection: once per node run, on every poll) and binds the API to it. */
export async function connectPrintio(context: PrintioContext): Promise<PrintioApi> {
	return printioApi(context, await readConnection(context));
}
