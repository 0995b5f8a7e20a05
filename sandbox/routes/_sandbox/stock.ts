/** POST /_sandbox/stock/:code: a stock entry's quantity (null = unlimited) and/or whether it can be ordered. */
import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '../../errors';
import { fail, objectBody } from './reply';

export const stockRoutes: FastifyPluginAsync = async (app) => {
	app.post<{ Params: { code: string } }>('/_sandbox/stock/:code', async (req, reply) => {
		const body = objectBody(req.body);
		const quantity = body.stock_quantity;
		if (
			quantity !== undefined &&
			quantity !== null &&
			!(typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 0)
		) {
			return fail(reply, 400, '"stock_quantity" must be a whole number >= 0, or null (unlimited)');
		}
		if (body.is_orderable !== undefined && typeof body.is_orderable !== 'boolean')
			return fail(reply, 400, '"is_orderable" must be true or false');
		if (quantity === undefined && body.is_orderable === undefined)
			return fail(reply, 400, 'give "stock_quantity" and/or "is_orderable"');
		try {
			return app.store.setStock(req.params.code, {
				...(quantity !== undefined ? { stock_quantity: quantity as number | null } : {}),
				...(body.is_orderable !== undefined ? { is_orderable: body.is_orderable as boolean } : {}),
			});
		} catch (error) {
			if (error instanceof NotFoundError) return fail(reply, 404, error.message);
			throw error;
		}
	});
};
