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

export async function connectPrintio(context: PrintioContext): Promise<PrintioApi> {
	return printioApi(context, await readConnection(context));
}
