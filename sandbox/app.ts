/**
 * The sandbox as a fastify plugin: the cross-cutting plugins (in hook order), then one route plugin per API
 * resource and per part of the control API. server.ts gives it a store and listens.
 */
import { auth } from './plugins/auth';
import { envelopeErrors } from './plugins/envelopeErrors';
import { faults } from './plugins/faults';
import { lifecycleTimer } from './plugins/lifecycleTimer';
import { requestLog } from './plugins/requestLog';
import { state, type SandboxSettings } from './plugins/state';
import { unencapsulated } from './plugins/unencapsulated';
import { validation } from './plugins/validation';
import { controlRoutes } from './routes/_sandbox/control';
import { registerDesigns } from './routes/_sandbox/designs';
import { faultRoutes } from './routes/_sandbox/faults';
import { orderControlRoutes } from './routes/_sandbox/orders';
import { requestRoutes } from './routes/_sandbox/requests';
import { simulatorPageRoutes } from './routes/_sandbox/simulator';
import { stockRoutes } from './routes/_sandbox/stock';
import { timeRoutes } from './routes/_sandbox/time';
import { catalogRoutes } from './routes/catalog';
import { orderRoutes } from './routes/orders';
import { originalItemRoutes } from './routes/originalItems';
import { simulatorRoutes } from './routes/simulator';
import { userRoutes } from './routes/users';
import type { Store } from './store/store';

export const sandboxApp = unencapsulated<{ store: Store; settings: SandboxSettings }>(
	async (app, { store, settings }) => {
		await app.register(state, { store, settings });
		await app.register(validation);
		await app.register(envelopeErrors);
		// API routes only: logged from the first byte (onRequest), then the key (onRequest), then faults (preValidation).
		await app.register(requestLog, { size: settings.requestLogSize });
		await app.register(auth);
		await app.register(faults);
		await app.register(lifecycleTimer);

		await app.register(catalogRoutes);
		await app.register(originalItemRoutes);
		await app.register(orderRoutes);
		await app.register(simulatorRoutes);
		await app.register(userRoutes);

		await app.register(controlRoutes);
		await app.register(timeRoutes);
		await app.register(orderControlRoutes);
		await app.register(stockRoutes);
		await app.register(faultRoutes);
		await app.register(requestRoutes);
		await app.register(simulatorPageRoutes);
		await app.register(async (designs) => registerDesigns(designs));
	},
);
