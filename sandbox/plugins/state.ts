/** The shared state as decorations: the store (repositories per table), the settings and the base URL. */
import type { Store } from '../store/store';
import { unencapsulated } from './unencapsulated';

export interface SandboxSettings {
	/** lifecycle pace in seconds per step; 0 = manual */
	stepSeconds: number;
	/** 'ok': envelope errors with HTTP 200; 'mapped': 400/403/409/402/500 */
	errorHttpStatus: 'ok' | 'mapped';
	/** entries GET /_sandbox/requests returns at most (the newest) */
	requestLogSize: number;
}

declare module 'fastify' {
	interface FastifyInstance {
		store: Store;
		settings: SandboxSettings;
		/** `http://host:port`, known once listening (the simulator's links) */
		baseUrl: string;
	}
}

export const state = unencapsulated<{ store: Store; settings: SandboxSettings }>(
	async (app, { store, settings }) => {
		app.decorate('store', store);
		app.decorate('settings', settings);
		app.decorate('baseUrl', '');
	},
);
