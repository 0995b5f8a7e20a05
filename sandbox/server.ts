/**
 * The Printio sandbox: a stateful local server for the whole Printio API (fastify), plus a control
 * API under /_sandbox/ for tests and demos. Start in-process with startSandbox(), or `npm run sandbox`.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { endpoints, FEATURE_FLAGS_HEADER, MULTI_ITEM_ORDER_FLAG, SUBSCRIPTION_KEY_HEADER, type Endpoint } from '../contract/endpoints';
import { ApiError, handlers, MSG_SYSTEM, type ApiResult } from './api';
import { registerControl } from './control';
import { registerDesigns } from './designRoutes';
import { Faults, type Fault } from './faults';
import { DEFAULT_RETAILERS, type RetailerSeed } from './seed';
import { registerSimulator } from './simulator';
import { Store, type Retailer } from './store';
import { ParamError, PARAM_ERROR_PREFIX } from './validation';

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

export interface RequestLogEntry {
	seq: number;
	method: string;
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, unknown>;
	/** parsed JSON body; null for none (or when the request was refused before parsing) */
	body: unknown;
	startedAt: string;
	endedAt: string | null;
	/** HTTP status sent; 0 when the connection was closed without a response */
	statusCode: number | null;
}

export interface SandboxStats {
	requests: number;
	inFlight: number;
	maxInFlight: number;
	maxInFlightByRoute: Record<string, number>;
}

export interface SandboxState {
	store: Store;
	faults: Faults;
	requestLog: RequestLogEntry[];
	/** entries GET /_sandbox/requests returns at most (the newest) */
	requestLogSize: number;
	stats: SandboxStats;
	inFlightByRoute: Map<string, number>;
	options: Required<Pick<SandboxOptions, 'stepSeconds' | 'errorHttpStatus'>>;
	baseUrl: string;
	clearRequestLog(): void;
}

export interface Sandbox {
	url: string;
	port: number;
	app: FastifyInstance;
	store: Store;
	state: SandboxState;
	close(): Promise<void>;
}

declare module 'fastify' {
	interface FastifyContextConfig {
		endpoint?: Endpoint;
	}
	interface FastifyRequest {
		retailer?: Retailer;
		logEntry?: RequestLogEntry;
	}
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_DB = '.data/sandbox.db';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const UNAUTHORIZED = JSON.stringify({ statusCode: 401, message: 'Access denied due to missing or invalid subscription key.' });
const JSON_TYPE = 'application/json; charset=utf-8';
const LOGGED_BODY_MAX = 64 * 1024;

const MAPPED_HTTP: Record<number, number> = { 0: 200, 1: 200, 5: 400, 11: 403, 13: 409, 14: 402, 15: 409 };

/** The body of a non-success outcome, with status_code where the spec puts it for this endpoint. */
export function errorBody(
	e: Endpoint,
	statusCode: number,
	message: string,
	extra: Record<string, unknown> = {},
	requestBody?: unknown,
): object {
	if (e.envelope === 'top') {
		return {
			...(e.listField ? { [e.listField]: [] } : {}),
			...(e.paginated ? { total: 0 } : {}),
			...extra,
			status_code: statusCode,
			message,
		};
	}
	// ec_order_no / ec_original_item_code are "always set": echoed from the request whatever went wrong.
	const sent = (field: string) => {
		const b = requestBody as Record<string, unknown> | null | undefined;
		return typeof b === 'object' && b !== null && typeof b[field] === 'string' ? (b[field] as string) : undefined;
	};
	const base: Record<string, unknown> = {};
	if (e.id === 'postOrderByCode' || e.id === 'postOrderWithImage') base.ec_order_no = sent('ec_order_no') ?? '';
	if (e.id === 'postOriginalItem') base.ec_original_item_code = sent('ec_original_item_code') ?? null;
	if (e.id === 'getUser') Object.assign(base, { is_user_exists: false, user_info: null });
	const { available_items, ...rest } = extra;
	return {
		response: {
			...base,
			...rest,
			status_code: statusCode,
			message,
			...(available_items !== undefined ? { available_items } : {}),
		},
	};
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const host = options.host ?? '127.0.0.1';
	if (!LOOPBACK.has(host)) throw new Error(`host must be a loopback address (127.0.0.1, ::1, localhost), not ${host}`);
	const stepSeconds = options.stepSeconds ?? 0;
	if (!(stepSeconds >= 0) || !Number.isFinite(stepSeconds)) throw new Error('stepSeconds must be a number >= 0');
	const errorHttpStatus = options.errorHttpStatus ?? 'ok';
	const logSize = options.requestLogSize ?? 10000;

	const store = new Store(options.db ?? DEFAULT_DB, options.retailers ?? DEFAULT_RETAILERS);
	const app = Fastify({
		logger: options.logger ?? false,
		bodyLimit: options.bodyLimit ?? 1024 * 1024,
		// Held connections (timeout faults, keep-alive clients) must not keep close() waiting.
		forceCloseConnections: true,
		return503OnClosing: false,
	});

	const state: SandboxState = {
		store,
		faults: new Faults(),
		requestLog: [],
		requestLogSize: logSize,
		stats: { requests: 0, inFlight: 0, maxInFlight: 0, maxInFlightByRoute: {} },
		inFlightByRoute: new Map(),
		options: { stepSeconds, errorHttpStatus },
		baseUrl: '',
		clearRequestLog() {
			state.requestLog = [];
		},
	};
	let seq = 0;

	const httpStatusOf = (statusCode: number) => (errorHttpStatus === 'mapped' ? (MAPPED_HTTP[statusCode] ?? 500) : 200);

	app.decorateRequest('retailer', undefined);
	app.decorateRequest('logEntry', undefined);

	// Bookkeeping and authentication for API routes, before any parsing or work.
	app.addHook('onRequest', (req, reply, done) => {
		const endpoint = req.routeOptions.config.endpoint;
		if (!endpoint) return done();
		const route = `${endpoint.method} ${endpoint.path}`;
		const entry: RequestLogEntry = {
			seq: ++seq,
			method: req.method,
			path: req.url.split('?')[0],
			query: { ...(req.query as Record<string, unknown>) },
			headers: { ...req.headers },
			body: null,
			startedAt: new Date().toISOString(),
			endedAt: null,
			statusCode: null,
		};
		req.logEntry = entry;
		state.requestLog.push(entry);
		// Trimmed in batches so that a full log does not cost a shift of every entry per request.
		if (state.requestLog.length > logSize + 1000) state.requestLog.splice(0, state.requestLog.length - logSize);
		const stats = state.stats;
		stats.requests++;
		stats.inFlight++;
		if (stats.inFlight > stats.maxInFlight) stats.maxInFlight = stats.inFlight;
		const routeNow = (state.inFlightByRoute.get(route) ?? 0) + 1;
		state.inFlightByRoute.set(route, routeNow);
		if (routeNow > (stats.maxInFlightByRoute[route] ?? 0)) stats.maxInFlightByRoute[route] = routeNow;
		let finished = false;
		// 'close' fires after the response is sent and also when the connection is dropped (faults).
		reply.raw.once('close', () => {
			if (finished) return;
			finished = true;
			stats.inFlight--;
			state.inFlightByRoute.set(route, (state.inFlightByRoute.get(route) ?? 1) - 1);
			entry.endedAt = new Date().toISOString();
			entry.statusCode = reply.raw.headersSent && reply.raw.writableFinished ? reply.raw.statusCode : 0;
		});

		const raw = req.headers[SUBSCRIPTION_KEY_HEADER.toLowerCase()];
		const key = Array.isArray(raw) ? raw[0] : raw;
		const retailer = key !== undefined ? store.retailerByKey.get(key) : undefined;
		if (!retailer) {
			reply.code(401).header('content-type', JSON_TYPE).send(UNAUTHORIZED);
			return;
		}
		req.retailer = retailer;
		done();
	});

	const send = (reply: FastifyReply, httpStatus: number, body: string | object) =>
		reply
			.code(httpStatus)
			.header('content-type', JSON_TYPE)
			.send(typeof body === 'string' ? body : JSON.stringify(body));

	/** Runs the endpoint's handler; every outcome becomes an envelope, never an exception. */
	const run = (endpoint: Endpoint, req: FastifyRequest): { statusCode: number; body: string | object } => {
		const flags = req.headers[FEATURE_FLAGS_HEADER.toLowerCase()];
		const flagText = Array.isArray(flags) ? flags.join(',') : (flags ?? '');
		const multi = flagText.split(',').some((f) => f.trim().toLowerCase() === MULTI_ITEM_ORDER_FLAG.toLowerCase());
		try {
			const result: ApiResult = handlers[endpoint.id]({
				store,
				retailer: req.retailer!,
				query: req.query as Record<string, unknown>,
				body: req.body,
				headers: req.headers,
				multi,
				baseUrl: state.baseUrl,
			});
			return result;
		} catch (e) {
			if (e instanceof ApiError) return { statusCode: e.statusCode, body: errorBody(endpoint, e.statusCode, e.message, e.extra, req.body) };
			if (e instanceof ParamError) return { statusCode: 5, body: errorBody(endpoint, 5, e.message, {}, req.body) };
			process.stderr.write(`printio-sandbox: unexpected error in ${endpoint.method} ${endpoint.path}: ${String((e as Error)?.stack ?? e)}\n`);
			return { statusCode: 99, body: errorBody(endpoint, 99, MSG_SYSTEM, {}, req.body) };
		}
	};

	const heldSockets = new Set<import('node:net').Socket>();
	const lateCommits = new Set<ReturnType<typeof setTimeout>>();

	for (const endpoint of endpoints) {
		const route = `${endpoint.method} ${endpoint.path}`;
		app.route({
			method: endpoint.method,
			url: endpoint.path,
			config: { endpoint },
			handler: async (req, reply) => {
				if (req.logEntry) {
					// Keep the log small under load: bodies above 64 KB are recorded by size only.
					const bytes = Number(req.headers['content-length'] ?? 0);
					req.logEntry.body = bytes > LOGGED_BODY_MAX ? { truncated: true, bytes } : (req.body ?? null);
				}
				const fault: Fault | undefined = state.faults.take(route);
				if (fault) {
					switch (fault.kind) {
						case 'http500':
							return send(reply, 500, { statusCode: 500, message: 'Internal server error (sandbox fault injection).' });
						case 'http429':
							reply.header('retry-after', String(fault.retryAfterSeconds));
							return send(reply, 429, {
								statusCode: 429,
								message: `Rate limit is exceeded. Try again in ${fault.retryAfterSeconds} seconds.`,
							});
						case 'delay':
							await sleep(fault.delayMs);
							break;
						case 'closeBeforeCommit':
							reply.hijack();
							req.raw.socket.destroy();
							return reply;
						case 'closeThenCommitLater': {
							// The client sees a dropped connection; the service registers the order delayMs later
							// (a commit that becomes visible late). Nothing runs once the sandbox is closed.
							reply.hijack();
							req.raw.socket.destroy();
							const later = setTimeout(() => {
								lateCommits.delete(later);
								run(endpoint, req);
							}, fault.delayMs);
							lateCommits.add(later);
							return reply;
						}
						case 'timeout': {
							// Accepted, never answered, nothing done; closed after delayMs if given.
							reply.hijack();
							const socket = req.raw.socket;
							heldSockets.add(socket);
							socket.once('close', () => heldSockets.delete(socket));
							if (fault.delayMs > 0) setTimeout(() => socket.destroy(), fault.delayMs).unref();
							return reply;
						}
						default:
							break;
					}
				}
				const result = run(endpoint, req);
				if (fault?.kind === 'closeAfterCommit') {
					// The work is committed (SQLite transaction done); the client never hears about it.
					reply.hijack();
					req.raw.socket.destroy();
					return reply;
				}
				let body = typeof result.body === 'string' ? result.body : JSON.stringify(result.body);
				if (fault?.kind === 'malformedJson') body = body.slice(0, Math.max(1, Math.floor(body.length / 2)));
				return send(reply, httpStatusOf(result.statusCode), body);
			},
		});
	}

	// Transport-level failures (malformed JSON, wrong content type, body too large) are client errors:
	// status 5 in the endpoint's envelope with the 4xx; anything else is a system error, never a stack trace.
	app.setErrorHandler((err: { statusCode?: number; code?: string; message?: string }, req, reply) => {
		const endpoint = req.routeOptions.config.endpoint;
		const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
		if (!endpoint) {
			return send(reply, status >= 400 && status < 500 ? status : 500, {
				statusCode: status >= 400 && status < 500 ? status : 500,
				message: status >= 400 && status < 500 ? (err.message ?? 'Bad request') : 'Internal server error',
			});
		}
		if (status >= 400 && status < 500) {
			const detail =
				err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
					? 'リクエストボディが大きすぎます。'
					: err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
						? 'Content-Type は application/json で指定してください。'
						: err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
							? 'リクエストボディは必須です。'
							: 'リクエストボディの JSON が不正です。';
			return send(reply, status, errorBody(endpoint, 5, PARAM_ERROR_PREFIX + detail));
		}
		process.stderr.write(`printio-sandbox: unexpected error: ${String(err.message)}\n`);
		return send(reply, httpStatusOf(99), errorBody(endpoint, 99, MSG_SYSTEM));
	});

	app.setNotFoundHandler((req, reply) => {
		send(reply, 404, { statusCode: 404, message: `Resource not found: ${req.method} ${req.url.split('?')[0]}` });
	});

	registerControl(app, state);
	registerSimulator(app, state);
	registerDesigns(app);

	try {
		await app.listen({ port: options.port ?? DEFAULT_PORT, host });
	} catch (e) {
		// e.g. EADDRINUSE: release the database and the fastify instance before reporting.
		await app.close().catch(() => undefined);
		store.close();
		throw e;
	}
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_PORT);
	const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
	state.baseUrl = url;

	let timer: NodeJS.Timeout | undefined;
	if (stepSeconds > 0) {
		const stepMs = stepSeconds * 1000;
		// Check often (a quarter step, 20 ms..1 s) so each shipment advances about one step per interval.
		timer = setInterval(
			() => {
				try {
					store.advanceDue(stepMs);
				} catch (e) {
					process.stderr.write(`printio-sandbox: lifecycle tick failed: ${String(e)}\n`);
				}
			},
			Math.min(1000, Math.max(20, stepMs / 4)),
		);
		timer.unref();
	}

	let closed = false;
	return {
		url,
		port,
		app,
		store,
		state,
		async close() {
			if (closed) return;
			closed = true;
			if (timer) clearInterval(timer);
			for (const s of heldSockets) s.destroy();
			for (const later of lateCommits) clearTimeout(later);
			await app.close();
			store.close();
		},
	};
}

