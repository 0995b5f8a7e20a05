/** POST|GET|DELETE /_sandbox/faults (plugins/faults applies them). */
import type { FastifyPluginAsync } from 'fastify';
import { fail } from './reply';

export const faultRoutes: FastifyPluginAsync = async (app) => {
	app.post('/_sandbox/faults', async (req, reply) => {
		const fault = app.faults.add(req.body);
		if (typeof fault === 'string') return fail(reply, 400, fault);
		return reply.code(201).send(fault);
	});
	app.get('/_sandbox/faults', async () => ({ faults: app.faults.all() }));
	app.delete('/_sandbox/faults', async () => ({ cleared: app.faults.clear() }));
};
