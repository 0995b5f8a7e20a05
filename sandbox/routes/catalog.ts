/** GET /items, GET /categories, POST /item-stocks: the static catalog and its stock. */
import type { FastifyPluginAsync } from 'fastify';
import type { ItemsQuery, ItemStock, ItemStocksRequest } from '../../api/schema/types';
import { catalog, categories } from '../catalog';
import { MSG_NO_DATA, MSG_OK } from '../errors';
import type { Envelope } from '../plugins/envelopeErrors';
import { apiRoute, checkRetailer, pageOf } from './apiRoute';

/** Items serialized once: the catalog is static, and GET /items is the hottest read. */
const itemJson = new Map(catalog.map((c) => [c.item.code, JSON.stringify(c.item)]));

function itemsPage(query: ItemsQuery): Envelope {
	const matches = catalog.filter(
		(c) =>
			(query.category_id === undefined || c.item.category_id === query.category_id) &&
			(query.item_code === undefined || c.item.code === query.item_code),
	);
	const page = pageOf(matches, query.limit, query.page);
	const status = page.length > 0 ? 0 : 1;
	return {
		statusCode: status,
		body: `{"list_item_data":[${page.map((c) => itemJson.get(c.item.code)).join(',')}],"total":${matches.length},"status_code":${status},"message":${JSON.stringify(status === 0 ? MSG_OK : MSG_NO_DATA)}}`,
	};
}

export const catalogRoutes: FastifyPluginAsync = async (app) => {
	/** Whole GET /items bodies by query: the catalog never changes while the sandbox runs. */
	const itemsPages = new Map<string, Envelope>();

	app.route<{ Querystring: ItemsQuery }>({
		...apiRoute('getItems'),
		handler: async (req, reply) => {
			const query = req.query;
			checkRetailer(req, query.retailer_id);
			const key = `${query.category_id}|${query.item_code}|${query.limit}|${query.page}`;
			let page = itemsPages.get(key);
			if (!page) {
				page = itemsPage(query);
				if (itemsPages.size < 1000) itemsPages.set(key, page);
			}
			return reply.envelope(page);
		},
	});

	app.route({
		...apiRoute('getCategories'),
		handler: async (_req, reply) =>
			reply.envelope({ statusCode: 0, body: { categories, status_code: 0, message: MSG_OK } }),
	});

	app.route<{ Body: ItemStocksRequest }>({
		...apiRoute('postItemStocks'),
		handler: async (req, reply) => {
			const request = req.body;
			checkRetailer(req, request.retailer_id);
			const codes =
				request.item_stock_codes && request.item_stock_codes.length > 0
					? new Set(request.item_stock_codes)
					: undefined;
			const list: ItemStock[] = app.store.stock
				.list()
				.filter(
					(s) =>
						(request.category_id === undefined || s.category_id === request.category_id) &&
						(request.item_code === undefined || s.item_code === request.item_code) &&
						(codes === undefined || codes.has(s.item_stock_code)),
				)
				.map((s) => ({
					category_id: s.category_id,
					item_stock_code: s.item_stock_code,
					color_name: s.color_name,
					size: s.size,
					is_orderable: s.is_orderable,
					stock_quantity: s.stock_quantity,
				}));
			const status = list.length > 0 ? 0 : 1;
			return reply.envelope({
				statusCode: status,
				body: {
					item_stocks: list,
					status_code: status,
					message: status === 0 ? MSG_OK : MSG_NO_DATA,
				},
			});
		},
	});
};
