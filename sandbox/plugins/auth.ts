/**
 * The subscription key of API routes, checked before any parsing or work: a missing or unknown key gets
 * HTTP 401 with an API-gateway style body.
 */
import { SUBSCRIPTION_KEY_HEADER } from '../../api/schema/endpoints';
import type { Retailer } from '../domain/records';
import { unencapsulated } from './unencapsulated';

declare module 'fastify' {
	interface FastifyRequest {
		/** the key's retailer (API routes) */
		retailer: Retailer;
	}
}

const UNAUTHORIZED = JSON.stringify({
	statusCode: 401,
	message: 'Access denied due to missing or invalid subscription key.',
});
const KEY_HEADER = SUBSCRIPTION_KEY_HEADER.toLowerCase();

export const auth = unencapsulated(async (app) => {
	// No initial value: the hook below sets it on every API request before any route reads it.
	app.decorateRequest('retailer');
	app.addHook('onRequest', (req, reply, done) => {
		if (!req.routeOptions.config.endpoint) return done();
		const raw = req.headers[KEY_HEADER];
		const key = Array.isArray(raw) ? raw[0] : raw;
		const retailer = key !== undefined ? app.store.retailers.byKey(key) : undefined;
		if (!retailer) {
			reply.code(401).header('content-type', 'application/json; charset=utf-8').send(UNAUTHORIZED);
			return;
		}
		req.retailer = retailer;
		done();
	});
});
