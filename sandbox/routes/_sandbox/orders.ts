/** POST /_sandbox/orders/:order_no/status, POST .../schedule and GET .../history. */
import type { FastifyPluginAsync } from 'fastify';
import { parseTokyo } from '../../domain/clock';
import { ConflictError, NotFoundError } from '../../errors';
import { isKnownStatus, STATUSES } from '../../domain/lifecycle';
import { fail, objectBody } from './reply';
import { orderSummary } from './time';

export const orderControlRoutes: FastifyPluginAsync = async (app) => {
	const { store } = app;

	app.post<{ Params: { order_no: string } }>(
		'/_sandbox/orders/:order_no/status',
		async (req, reply) => {
			const body = objectBody(req.body);
			const statusId = body.status_id;
			if (typeof statusId !== 'number' || !isKnownStatus(statusId)) {
				return fail(
					reply,
					400,
					`"status_id" must be one of ${STATUSES.map((s) => s.id).join(', ')}`,
				);
			}
			if (body.shipping_id !== undefined && typeof body.shipping_id !== 'string')
				return fail(reply, 400, '"shipping_id" must be a string');
			try {
				return orderSummary(
					store.setStatus(req.params.order_no, statusId, body.shipping_id as string | undefined),
				);
			} catch (error) {
				if (error instanceof NotFoundError) return fail(reply, 404, error.message);
				if (error instanceof ConflictError) return fail(reply, 409, error.message);
				throw error;
			}
		},
	);

	app.post<{ Params: { order_no: string } }>(
		'/_sandbox/orders/:order_no/schedule',
		async (req, reply) => {
			const date = objectBody(req.body).scheduled_shipping_date;
			if (
				typeof date !== 'string' ||
				!/^\d{4}-\d{2}-\d{2}$/.test(date) ||
				parseTokyo(`${date} 00:00:00`) === undefined
			) {
				return fail(reply, 400, '"scheduled_shipping_date" must be a date "YYYY-MM-DD"');
			}
			try {
				const order = store.setScheduledShippingDate(req.params.order_no, date);
				return { ...orderSummary(order), scheduled_shipping_date: order.scheduled_shipping_date };
			} catch (error) {
				if (error instanceof NotFoundError) return fail(reply, 404, error.message);
				throw error;
			}
		},
	);

	app.get<{ Params: { order_no: string } }>(
		'/_sandbox/orders/:order_no/history',
		async (req, reply) => {
			const order = store.orders.get(req.params.order_no);
			if (!order) return fail(reply, 404, `order ${req.params.order_no} not found`);
			return { ...orderSummary(order), history: store.orders.history(order.order_no) };
		},
	);
};
