/** GET|DELETE /_sandbox/requests (the request log) and GET|DELETE /_sandbox/stats (plugins/requestLog). */
import type { FastifyPluginAsync } from 'fastify';

export const requestRoutes: FastifyPluginAsync = async (app) => {
	app.get('/_sandbox/requests', async () => app.requestLog.list());
	app.delete('/_sandbox/requests', async () => ({ cleared: app.requestLog.clear() }));
	app.get('/_sandbox/stats', async () => app.requestLog.stats);
	app.delete('/_sandbox/stats', async () => app.requestLog.resetMaxima());
};
