/** POST /simulator-url: a session of the local design simulator (routes/_sandbox/simulator.ts serves it). */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { SimulatorUrlRequest } from '../../api/schema/types';
import { catalog, catalogByCode } from '../catalog';
import { ApiError, MSG_NO_DATA, MSG_OK, ParamError } from '../errors';
import { apiRoute, checkRetailer } from './apiRoute';

export const simulatorRoutes: FastifyPluginAsync = async (app) => {
	app.route<{ Body: SimulatorUrlRequest }>({
		...apiRoute('postSimulatorUrl'),
		handler: async (req, reply) => {
			const request = req.body;
			checkRetailer(req, request.retailer_id);
			let itemCode: string;
			if (request.item_code !== undefined) {
				itemCode = request.item_code;
				if (!catalogByCode.has(itemCode))
					throw new ApiError(1, `${MSG_NO_DATA} item_code: ${itemCode}`);
			} else if (request.item_id !== undefined) {
				// Deprecated numeric id: the sandbox numbers catalog items 1..n in catalog order.
				const catalogItem = catalog[request.item_id - 1];
				if (!catalogItem) throw new ApiError(1, `${MSG_NO_DATA} item_id: ${request.item_id}`);
				itemCode = catalogItem.item.code;
			} else {
				throw new ParamError('item_code は必須です（item_id を指定しない場合）。');
			}
			const token = randomBytes(12).toString('hex');
			app.store.saveSession({
				token,
				retailer_id: req.retailer.id,
				item_code: itemCode,
				previous_url: request.previous_url,
				next_url: request.next_url,
				user_id: request.user_id ?? null,
				created_at: app.store.clock.now(),
				original_item_code: null,
			});
			return reply.envelope({
				statusCode: 0,
				body: {
					response: {
						simulator_url: `${app.baseUrl}/_sandbox/simulator/${token}`,
						message: MSG_OK,
						status_code: 0,
					},
				},
			});
		},
	});
};
