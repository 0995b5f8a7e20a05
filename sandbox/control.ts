/**
 * The sandbox control API under /_sandbox/ (not part of the real API; no subscription key).
 * Errors are `{ "error": "..." }` with a 4xx status.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseTokyo } from './clock';
import { isKnownStatus, STATUSES } from './lifecycle';
import type { SandboxState } from './server';
import { ConflictError, NotFoundError, type OrderRec } from './store';

const fail = (reply: FastifyReply, code: number, error: string) => reply.code(code).send({ error });

function obj(body: unknown): Record<string, unknown> {
	return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function orderSummary(o: OrderRec) {
	return {
		order_no: o.order_no,
		retailer_id: o.retailer_id,
		ec_order_no: o.ec_order_no,
		shipments: o.shipments.map((s) => ({ shipping_id: s.shipping_id, status_id: s.status_id, updated_at: s.updated_at })),
	};
}

export function registerControl(app: FastifyInstance, state: SandboxState): void {
	const { store } = state;

	const timeBody = () => ({
		now: store.clock.now(),
		frozen: store.clock.frozen,
		offsetSeconds: Math.round((store.clock.nowMs() - Date.now()) / 1000),
		timeZone: 'Asia/Tokyo',
	});

	app.get('/_sandbox', async () => ({
		name: 'Printio sandbox',
		stepSeconds: state.options.stepSeconds,
		errorHttpStatus: state.options.errorHttpStatus,
		retailers: [...store.retailers.values()].map((r) => ({ id: r.id, name: r.name, key: r.key, unpaid: r.unpaid })),
		statuses: STATUSES.map((s) => ({ id: s.id, name: s.name, english: s.english, final: s.final })),
		counts: { originalItems: store.originalItems.size, orders: store.orders.size },
		time: timeBody(),
	}));

	app.post('/_sandbox/reset', async () => {
		store.reset();
		state.faults.clear();
		return { ok: true, originalItems: store.originalItems.size, orders: store.orders.size, time: timeBody() };
	});

	app.get('/_sandbox/time', async () => timeBody());

	app.post('/_sandbox/time', async (req, reply) => {
		const b = obj(req.body);
		const { set, advanceSeconds, freeze } = b;
		if (set === undefined && advanceSeconds === undefined && freeze === undefined) {
			return fail(reply, 400, 'give at least one of "set" ("YYYY-MM-DD HH:mm:ss", Tokyo), "advanceSeconds", "freeze"');
		}
		let setMs: number | undefined;
		if (set !== undefined) {
			setMs = typeof set === 'string' ? parseTokyo(set) : undefined;
			if (setMs === undefined) return fail(reply, 400, '"set" must be a date-time "YYYY-MM-DD HH:mm:ss" (Asia/Tokyo)');
		}
		if (advanceSeconds !== undefined && (typeof advanceSeconds !== 'number' || !Number.isFinite(advanceSeconds))) {
			return fail(reply, 400, '"advanceSeconds" must be a number');
		}
		if (freeze !== undefined && typeof freeze !== 'boolean') return fail(reply, 400, '"freeze" must be true or false');
		if (freeze === true) store.clock.freeze(true);
		if (setMs !== undefined) store.clock.set(setMs);
		if (typeof advanceSeconds === 'number') store.clock.advance(advanceSeconds);
		if (freeze === false) store.clock.freeze(false);
		store.db.transaction(() => store.writeClock())();
		return timeBody();
	});

	app.post('/_sandbox/clock/step', async (req, reply) => {
		const b = obj(req.body);
		const steps = b.steps ?? 1;
		if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 1 || steps > 10) {
			return fail(reply, 400, '"steps" must be an integer 1..10');
		}
		let orderNos: string[] | undefined;
		if (b.orderNos !== undefined) {
			if (!Array.isArray(b.orderNos) || !b.orderNos.every((n) => typeof n === 'string')) {
				return fail(reply, 400, '"orderNos" must be an array of order numbers');
			}
			orderNos = b.orderNos as string[];
			const unknown = orderNos.filter((n) => !store.orders.has(n));
			if (unknown.length > 0) return fail(reply, 404, `unknown order(s): ${unknown.join(', ')}`);
		}
		const changes = store.step(steps, orderNos);
		const orders = (orderNos ?? [...store.orders.keys()]).map((n) => orderSummary(store.orders.get(n)!));
		return { changes, now: store.clock.now(), orders };
	});

	app.post<{ Params: { order_no: string } }>('/_sandbox/orders/:order_no/status', async (req, reply) => {
		const b = obj(req.body);
		const statusId = b.status_id;
		if (typeof statusId !== 'number' || !isKnownStatus(statusId)) {
			return fail(reply, 400, `"status_id" must be one of ${STATUSES.map((s) => s.id).join(', ')}`);
		}
		if (b.shipping_id !== undefined && typeof b.shipping_id !== 'string') return fail(reply, 400, '"shipping_id" must be a string');
		try {
			const o = store.setStatus(req.params.order_no, statusId, b.shipping_id as string | undefined);
			return orderSummary(o);
		} catch (e) {
			if (e instanceof NotFoundError) return fail(reply, 404, e.message);
			if (e instanceof ConflictError) return fail(reply, 409, e.message);
			throw e;
		}
	});

	app.post<{ Params: { order_no: string } }>('/_sandbox/orders/:order_no/schedule', async (req, reply) => {
		const date = obj(req.body).scheduled_shipping_date;
		if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date) || parseTokyo(`${date} 00:00:00`) === undefined) {
			return fail(reply, 400, '"scheduled_shipping_date" must be a date "YYYY-MM-DD"');
		}
		try {
			const o = store.setScheduledShippingDate(req.params.order_no, date);
			return { ...orderSummary(o), scheduled_shipping_date: o.scheduled_shipping_date };
		} catch (e) {
			if (e instanceof NotFoundError) return fail(reply, 404, e.message);
			throw e;
		}
	});

	app.post<{ Params: { code: string } }>('/_sandbox/stock/:code', async (req, reply) => {
		const b = obj(req.body);
		const quantity = b.stock_quantity;
		if (quantity !== undefined && quantity !== null && !(typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 0)) {
			return fail(reply, 400, '"stock_quantity" must be a whole number >= 0, or null (unlimited)');
		}
		if (b.is_orderable !== undefined && typeof b.is_orderable !== 'boolean') return fail(reply, 400, '"is_orderable" must be true or false');
		if (quantity === undefined && b.is_orderable === undefined) return fail(reply, 400, 'give "stock_quantity" and/or "is_orderable"');
		try {
			return store.setStock(req.params.code, {
				...(quantity !== undefined ? { stock_quantity: quantity as number | null } : {}),
				...(b.is_orderable !== undefined ? { is_orderable: b.is_orderable as boolean } : {}),
			});
		} catch (e) {
			if (e instanceof NotFoundError) return fail(reply, 404, e.message);
			throw e;
		}
	});

	app.get<{ Params: { order_no: string } }>('/_sandbox/orders/:order_no/history', async (req, reply) => {
		const o = store.orders.get(req.params.order_no);
		if (!o) return fail(reply, 404, `order ${req.params.order_no} not found`);
		return { ...orderSummary(o), history: store.statusHistory(o.order_no) };
	});

	app.post<{ Params: { id: string } }>('/_sandbox/retailers/:id', async (req, reply) => {
		const b = obj(req.body);
		if (typeof b.unpaid !== 'boolean') return fail(reply, 400, '"unpaid" must be true or false');
		try {
			const r = store.setUnpaid(Number(req.params.id), b.unpaid);
			return { id: r.id, name: r.name, unpaid: r.unpaid };
		} catch (e) {
			if (e instanceof NotFoundError) return fail(reply, 404, e.message);
			throw e;
		}
	});

	app.post('/_sandbox/faults', async (req, reply) => {
		const f = state.faults.add(req.body);
		if (typeof f === 'string') return fail(reply, 400, f);
		return reply.code(201).send(f);
	});
	app.get('/_sandbox/faults', async () => ({ faults: state.faults.all() }));
	app.delete('/_sandbox/faults', async () => ({ cleared: state.faults.clear() }));

	app.get('/_sandbox/requests', async () => state.requestLog.slice(-state.requestLogSize));
	app.delete('/_sandbox/requests', async () => {
		const n = state.requestLog.length;
		state.clearRequestLog();
		return { cleared: n };
	});

	app.get('/_sandbox/stats', async () => state.stats);
	app.delete('/_sandbox/stats', async () => {
		const s = state.stats;
		s.maxInFlight = s.inFlight;
		s.maxInFlightByRoute = {};
		for (const [route, n] of state.inFlightByRoute) if (n > 0) s.maxInFlightByRoute[route] = n;
		return s;
	});
}
