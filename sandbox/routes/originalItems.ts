/** GET /original-items and POST /original-item: the retailer's designs. */
import type { FastifyPluginAsync } from 'fastify';
import type { OriginalItemCreateRequest, OriginalItemsQuery } from '../../api/schema/types';
import { catalogByCode } from '../catalog';
import { ApiError, MSG_NO_DATA, MSG_OK } from '../errors';
import { compare } from '../store/originalItems';
import { apiRoute, checkRetailer, pageOf } from './apiRoute';

export const originalItemRoutes: FastifyPluginAsync = async (app) => {
	app.route<{ Querystring: OriginalItemsQuery }>({
		...apiRoute('getOriginalItems'),
		handler: async (req, reply) => {
			const query = req.query;
			checkRetailer(req, query.retailer_id);
			let list = app.store.originalItems
				.ofRetailer(req.retailer.id)
				.filter(
					(i) =>
						(query.original_item_code === undefined ||
							i.original_item_code === query.original_item_code) &&
						(query.ec_original_item_code === undefined ||
							i.ec_original_item_code === query.ec_original_item_code) &&
						(query.category_id === undefined || i.category_id === String(query.category_id)) &&
						(query.item_code === undefined || i.item_code === query.item_code),
				);
			if (query.sort_value === 'original_item_name') {
				list = [...list].sort(
					(a, b) =>
						compare(a.original_item_name, b.original_item_name) ||
						compare(a.created_at, b.created_at) ||
						compare(a.original_item_code, b.original_item_code),
				);
			}
			const page = pageOf(list, query.limit, query.page);
			if (page.length === 0) {
				return reply.envelope({
					statusCode: 1,
					body: { original_items: [], total: list.length, status_code: 1, message: MSG_NO_DATA },
				});
			}
			// The reference's success body of this endpoint carries no message.
			return reply.envelope({
				statusCode: 0,
				body: { original_items: page, total: list.length, status_code: 0 },
			});
		},
	});

	app.route<{ Body: OriginalItemCreateRequest }>({
		...apiRoute('postOriginalItem'),
		handler: async (req, reply) => {
			const request = req.body;
			checkRetailer(req, request.retailer_id);
			const catalogItem = catalogByCode.get(request.item_code);
			if (!catalogItem) throw new ApiError(1, `${MSG_NO_DATA} item_code: ${request.item_code}`);
			const ecCode = request.ec_original_item_code ?? null;
			if (ecCode !== null && app.store.originalItems.byEcCode(req.retailer.id, ecCode)) {
				throw new ApiError(15, `ec_original_item_code が重複しています: ${ecCode}`);
			}
			const item = app.store.createOriginalItem(
				req.retailer.id,
				catalogItem.item.code,
				ecCode,
				request.original_item_name ?? null,
				request.image_urls[0].url,
			);
			return reply.envelope({
				statusCode: 0,
				body: {
					response: {
						original_item_code: item.original_item_code,
						ec_original_item_code: ecCode,
						status_code: 0,
						message: MSG_OK,
					},
				},
			});
		},
	});
};
