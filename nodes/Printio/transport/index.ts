/**
 * Temporary: the entry points order creation (createOrders.ts, placement.ts) still calls, on top of the shared
 * layer (nodes/shared/printio). They go once order creation receives the router's connection.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { type Connection, readConnection } from '../../shared/printio/transport/connection';
import { request } from '../../shared/printio/transport/request';

export { isOutcomeUnknown } from '../../shared/printio/transport/errors';

const connections = new WeakMap<object, Promise<Connection>>();

/** The credential per node run (an execute context lives for one run). */
export async function legacyConnection(this: IExecuteFunctions): Promise<Connection> {
	let connection = connections.get(this);
	if (!connection) {
		connection = readConnection(this);
		connections.set(this, connection);
		connection.catch(() => connections.delete(this));
	}
	return await connection;
}

export async function getBaseUrl(this: IExecuteFunctions): Promise<string> {
	return (await legacyConnection.call(this)).baseUrl;
}

const RENAMED = {
	createOrderByCode: 'postOrderByCode',
	createOrderWithImages: 'postOrderWithImage',
	getOrders: 'getOrders',
} as const;

export async function printioApiRequest(
	this: IExecuteFunctions,
	endpointName: keyof typeof RENAMED,
	options: { qs?: IDataObject; body?: IDataObject; multiItemOrder?: boolean; itemIndex?: number },
): Promise<IDataObject> {
	const connection = await legacyConnection.call(this);
	return (await request(this, connection, RENAMED[endpointName], options as never)) as IDataObject;
}
