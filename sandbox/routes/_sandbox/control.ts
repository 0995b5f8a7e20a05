/** GET /_sandbox (summary), POST /_sandbox/reset, POST /_sandbox/retailers/:id. */
import type { FastifyPluginAsync } from 'fastify';
import { STATUSES } from '../../domain/lifecycle';
import { fail, objectBody } from './reply';
import { timeBody } from './time';

export const controlRoutes: FastifyPluginAsync = async (app) => {
	const { store } = app;

	app.get('/_sandbox', async () => ({
		name: 'Printio sandbox',
		stepSeconds: app.settings.stepSeconds,
		errorHttpStatus: app.settings.errorHttpStatus,
		retailers: store.retailers
			.all()
			.map((r) => ({ id: r.id, name: r.name, key: r.key, unpaid: r.unpaid })),
		statuses: STATUSES.map((s) => ({ id: s.id, name: s.name, english: s.english, final: s.final })),
		counts: { originalItems: store.originalItems.count(), orders: store.orders.count() },
		time: timeBody(store.clock),
	}));

	app.post('/_sandbox/reset', async () => {
		store.reset();
		app.faults.clear();
		return {
			ok: true,
			originalItems: store.originalItems.count(),
			orders: store.orders.count(),
			time: timeBody(store.clock),
		};
	});

	app.post<{ Params: { id: string } }>('/_sandbox/retailers/:id', async (req, reply) => {
		const body = objectBody(req.body);
		if (typeof body.unpaid !== 'boolean') return fail(reply, 400, '"unpaid" must be true or false');
		const id = Number(req.params.id);
		const retailer = store.retailers.get(id);
		if (!retailer) return fail(reply, 404, `retailer ${id} not found`);
		store.retailers.setUnpaid(retailer, body.unpaid);
		return { id: retailer.id, name: retailer.name, unpaid: retailer.unpaid };
	});
};
