/**
 * The log of API requests and the in-flight counts (GET /_sandbox/requests and /stats), kept from the first
 * byte of a request to the close of its connection, whether or not it was answered.
 */
import { unencapsulated } from './unencapsulated';

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

export class RequestLog {
	private entries: RequestLogEntry[] = [];
	private seq = 0;
	readonly stats: SandboxStats = {
		requests: 0,
		inFlight: 0,
		maxInFlight: 0,
		maxInFlightByRoute: {},
	};
	private readonly inFlightByRoute = new Map<string, number>();

	constructor(private readonly size: number) {}

	start(route: string, entry: Omit<RequestLogEntry, 'seq'>): RequestLogEntry {
		const logged = { seq: ++this.seq, ...entry };
		this.entries.push(logged);
		// Trimmed in batches so that a full log does not cost a shift of every entry per request.
		if (this.entries.length > this.size + 1000)
			this.entries.splice(0, this.entries.length - this.size);
		const stats = this.stats;
		stats.requests++;
		stats.inFlight++;
		if (stats.inFlight > stats.maxInFlight) stats.maxInFlight = stats.inFlight;
		const routeNow = (this.inFlightByRoute.get(route) ?? 0) + 1;
		this.inFlightByRoute.set(route, routeNow);
		if (routeNow > (stats.maxInFlightByRoute[route] ?? 0))
			stats.maxInFlightByRoute[route] = routeNow;
		return logged;
	}

	end(route: string, entry: RequestLogEntry, statusCode: number): void {
		this.stats.inFlight--;
		this.inFlightByRoute.set(route, (this.inFlightByRoute.get(route) ?? 1) - 1);
		entry.endedAt = new Date().toISOString();
		entry.statusCode = statusCode;
	}

	/** The newest entries, oldest first. */
	list(): RequestLogEntry[] {
		return this.entries.slice(-this.size);
	}

	clear(): number {
		const count = this.entries.length;
		this.entries = [];
		return count;
	}

	/** The maxima back to what is in flight now. */
	resetMaxima(): SandboxStats {
		this.stats.maxInFlight = this.stats.inFlight;
		this.stats.maxInFlightByRoute = {};
		for (const [route, count] of this.inFlightByRoute)
			if (count > 0) this.stats.maxInFlightByRoute[route] = count;
		return this.stats;
	}
}

declare module 'fastify' {
	interface FastifyInstance {
		requestLog: RequestLog;
	}
	interface FastifyRequest {
		logEntry: RequestLogEntry | null;
	}
}

/** Bodies above this are logged by size only, which keeps the log small under load. */
const LOGGED_BODY_MAX = 64 * 1024;

export const requestLog = unencapsulated<{ size: number }>(async (app, { size }) => {
	app.decorate('requestLog', new RequestLog(size));
	app.decorateRequest('logEntry', null);

	app.addHook('onRequest', (req, reply, done) => {
		const endpoint = req.routeOptions.config.endpoint;
		if (!endpoint) return done();
		const route = `${endpoint.method} ${endpoint.path}`;
		const entry = app.requestLog.start(route, {
			method: req.method,
			path: req.url.split('?')[0],
			query: { ...(req.query as Record<string, unknown>) },
			headers: { ...req.headers },
			body: null,
			startedAt: new Date().toISOString(),
			endedAt: null,
			statusCode: null,
		});
		req.logEntry = entry;
		// 'finish': the whole response went to the connection; 'close' follows it, and also comes alone when
		// the connection is dropped first (faults).
		let answered = false;
		reply.raw.once('finish', () => (answered = true));
		reply.raw.once('close', () =>
			app.requestLog.end(route, entry, answered ? reply.raw.statusCode : 0),
		);
		done();
	});

	app.addHook('preValidation', (req, _reply, done) => {
		if (req.logEntry) {
			const bytes = Number(req.headers['content-length'] ?? 0);
			req.logEntry.body = bytes > LOGGED_BODY_MAX ? { truncated: true, bytes } : (req.body ?? null);
		}
		done();
	});
});
