/** GET|POST /_sandbox/time (the virtual clock) and POST /_sandbox/clock/step (the lifecycle by hand). */
import type { FastifyPluginAsync } from 'fastify';
import { parseTokyo, type VirtualClock } from '../../domain/clock';
import type { OrderRecord } from '../../domain/records';
import { fail, objectBody } from './reply';

export function timeBody(clock: VirtualClock) {
	return {
		now: clock.now(),
		frozen: clock.frozen,
		offsetSeconds: Math.round((clock.nowMs() - Date.now()) / 1000),
		timeZone: 'Asia/Tokyo',
	};
}

export function orderSummary(order: OrderRecord) {
	return {
		order_no: order.order_no,
		retailer_id: order.retailer_id,
		ec_order_no: order.ec_order_no,
		shipments: order.shipments.map((s) => ({
			shipping_id: s.shipping_id,
			status_id: s.status_id,
			updated_at: s.updated_at,
		})),
	};
}

export const timeRoutes: FastifyPluginAsync = async (app) => {
	const { store } = app;

	app.get('/_sandbox/time', async () => timeBody(store.clock));

	app.post('/_sandbox/time', async (req, reply) => {
		const { set, advanceSeconds, freeze } = objectBody(req.body);
		if (set === undefined && advanceSeconds === undefined && freeze === undefined) {
			return fail(
				reply,
				400,
				'give at least one of "set" ("YYYY-MM-DD HH:mm:ss", Tokyo), "advanceSeconds", "freeze"',
			);
		}
		let setMs: number | undefined;
		if (set !== undefined) {
			setMs = typeof set === 'string' ? parseTokyo(set) : undefined;
			if (setMs === undefined)
				return fail(reply, 400, '"set" must be a date-time "YYYY-MM-DD HH:mm:ss" (Asia/Tokyo)');
		}
		if (
			advanceSeconds !== undefined &&
			(typeof advanceSeconds !== 'number' || !Number.isFinite(advanceSeconds))
		) {
			return fail(reply, 400, '"advanceSeconds" must be a number');
		}
		if (freeze !== undefined && typeof freeze !== 'boolean')
			return fail(reply, 400, '"freeze" must be true or false');
		if (freeze === true) store.clock.freeze(true);
		if (setMs !== undefined) store.clock.set(setMs);
		if (typeof advanceSeconds === 'number') store.clock.advance(advanceSeconds);
		if (freeze === false) store.clock.freeze(false);
		store.db.transaction(() => store.writeClock())();
		return timeBody(store.clock);
	});

	app.post('/_sandbox/clock/step', async (req, reply) => {
		const body = objectBody(req.body);
		const steps = body.steps ?? 1;
		if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 1 || steps > 10) {
			return fail(reply, 400, '"steps" must be an integer 1..10');
		}
		let orderNos: string[] | undefined;
		if (body.orderNos !== undefined) {
			if (!Array.isArray(body.orderNos) || !body.orderNos.every((n) => typeof n === 'string')) {
				return fail(reply, 400, '"orderNos" must be an array of order numbers');
			}
			orderNos = body.orderNos as string[];
			const unknown = orderNos.filter((n) => !store.orders.get(n));
			if (unknown.length > 0) return fail(reply, 404, `unknown order(s): ${unknown.join(', ')}`);
		}
		const changes = store.step(steps, orderNos);
		const orders = orderNos ? orderNos.map((n) => store.orders.get(n)!) : store.orders.all();
		return { changes, now: store.clock.now(), orders: orders.map(orderSummary) };
	});
};
