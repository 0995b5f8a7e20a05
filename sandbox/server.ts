/**
 * The Printio sandbox: a stateful local server for the whole Printio API, plus a control API under /_sandbox/
 * for tests and demos. Start it in-process with startSandbox(), or `npm run sandbox` (main.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { sandboxApp } from './app';
import type { Faults } from './plugins/faults';
import type { RequestLog } from './plugins/requestLog';
import type { SandboxSettings } from './plugins/state';
import { DEFAULT_RETAILERS, type RetailerSeed } from './seed';
import { Store } from './store/store';

export type { RequestLogEntry, SandboxStats } from './plugins/requestLog';

export interface SandboxOptions {
	/** default 4010; 0 = a random free port */
	port?: number;
	/** must be a loopback address; default 127.0.0.1 */
	host?: string;
	/** SQLite file, or ':memory:'; default .data/sandbox.db */
	db?: string;
	/** lifecycle pace in seconds per step; 0 = manual (control API only); default 0 */
	stepSeconds?: number;
	/** 'ok' (default): envelope errors with HTTP 200; 'mapped': 400/403/409/402/500 */
	errorHttpStatus?: 'ok' | 'mapped';
	/** retailers and keys; default retailers 1 and 2 */
	retailers?: RetailerSeed[];
	/** request body limit in bytes, default 1 MB */
	bodyLimit?: number;
	/** fastify's logger (off by default: the sandbox is benchmarked) */
	logger?: boolean;
	/** entries kept in the request log (oldest dropped), default 10000 */
	requestLogSize?: number;
}

export interface SandboxState {
	store: Store;
	faults: Faults;
	requestLog: RequestLog;
	settings: SandboxSettings;
}

export interface Sandbox {
	/** `http://127.0.0.1:PORT`, no trailing slash */
	url: string;
	port: number;
	app: FastifyInstance;
	store: Store;
	state: SandboxState;
	close(): Promise<void>;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_DB = '.data/sandbox.db';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const host = options.host ?? '127.0.0.1';
	if (!LOOPBACK.has(host))
		throw new Error(`host must be a loopback address (127.0.0.1, ::1, localhost), not ${host}`);
	const stepSeconds = options.stepSeconds ?? 0;
	if (!(stepSeconds >= 0) || !Number.isFinite(stepSeconds))
		throw new Error('stepSeconds must be a number >= 0');
	const settings: SandboxSettings = {
		stepSeconds,
		errorHttpStatus: options.errorHttpStatus ?? 'ok',
		requestLogSize: options.requestLogSize ?? 10000,
	};

	const store = new Store(options.db ?? DEFAULT_DB, options.retailers ?? DEFAULT_RETAILERS);
	const app = Fastify({
		logger: options.logger ?? false,
		bodyLimit: options.bodyLimit ?? 1024 * 1024,
		// Held connections (timeout faults, keep-alive clients) must not keep close() waiting.
		forceCloseConnections: true,
		return503OnClosing: false,
	});
	try {
		await app.register(sandboxApp, { store, settings });
		await app.listen({ port: options.port ?? DEFAULT_PORT, host });
	} catch (error) {
		// e.g. EADDRINUSE: release the database and the fastify instance before reporting.
		await app.close().catch(() => undefined);
		store.close();
		throw error;
	}
	const address = app.server.address();
	const port =
		typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_PORT);
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	app.baseUrl = url;

	let closed = false;
	return {
		url,
		port,
		app,
		store,
		state: { store, faults: app.faults, requestLog: app.requestLog, settings },
		async close() {
			if (closed) return;
			closed = true;
			await app.close();
			store.close();
		},
	};
}
