/**
 * Fault injection per API route, driven by the control API: a fault is taken once the body is parsed and
 * logged, before validation; it answers instead of the route, or spoils the route's answer.
 */
import type { Socket } from 'node:net';
import { endpoints } from '../../api/schema/endpoints';
import { unencapsulated } from './unencapsulated';

export const FAULT_KINDS = [
	'http500',
	'http429',
	'delay',
	'closeAfterCommit',
	'closeBeforeCommit',
	'closeThenCommitLater',
	'malformedJson',
	'timeout',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
	id: number;
	/** "METHOD /path" of an API endpoint, or "*" for every API route */
	route: string;
	kind: FaultKind;
	/** how many more requests it hits; null = every request until DELETE /_sandbox/faults */
	remaining: number | null;
	retryAfterSeconds: number;
	delayMs: number;
	hits: number;
}

export const API_ROUTES = new Set(endpoints.map((e) => `${e.method} ${e.path}`));

export class Faults {
	private list: Fault[] = [];
	private nextId = 1;

	/** Validates and adds a fault; returns an error text for a bad definition. */
	add(input: unknown): Fault | string {
		if (typeof input !== 'object' || input === null || Array.isArray(input))
			return 'body must be a JSON object';
		const definition = input as Record<string, unknown>;
		const route =
			typeof definition.route === 'string' ? definition.route.trim().replace(/\s+/, ' ') : '';
		const normalized =
			route === '*'
				? '*'
				: route.replace(/^([a-zA-Z]+) /, (_m, m: string) => `${m.toUpperCase()} `);
		if (normalized !== '*' && !API_ROUTES.has(normalized)) {
			return `route must be "*" or one of: ${[...API_ROUTES].join(', ')}`;
		}
		if (
			typeof definition.kind !== 'string' ||
			!(FAULT_KINDS as readonly string[]).includes(definition.kind)
		) {
			return `kind must be one of: ${FAULT_KINDS.join(', ')}`;
		}
		const int = (v: unknown, name: string, def: number, min: number): number | string => {
			if (v === undefined) return def;
			if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
				return `${name} must be an integer >= ${min}`;
			return v;
		};
		const times = int(definition.times, 'times', 1, 0);
		const retryAfterSeconds = int(definition.retryAfterSeconds, 'retryAfterSeconds', 1, 0);
		const delayMs = int(
			definition.delayMs,
			'delayMs',
			definition.kind === 'timeout' ? 0 : definition.kind === 'closeThenCommitLater' ? 2000 : 100,
			0,
		);
		for (const value of [times, retryAfterSeconds, delayMs])
			if (typeof value === 'string') return value;
		const fault: Fault = {
			id: this.nextId++,
			route: normalized,
			kind: definition.kind as FaultKind,
			remaining: times === 0 ? null : (times as number),
			retryAfterSeconds: retryAfterSeconds as number,
			delayMs: delayMs as number,
			hits: 0,
		};
		this.list.push(fault);
		return fault;
	}

	/** The first fault for this route, consumed by one hit. */
	take(route: string): Fault | undefined {
		if (this.list.length === 0) return undefined;
		const i = this.list.findIndex((f) => f.route === route || f.route === '*');
		if (i < 0) return undefined;
		const f = this.list[i];
		f.hits++;
		if (f.remaining !== null && --f.remaining <= 0) this.list.splice(i, 1);
		return { ...f };
	}

	all(): Fault[] {
		return this.list.map((f) => ({ ...f }));
	}

	clear(): number {
		const n = this.list.length;
		this.list = [];
		return n;
	}
}

declare module 'fastify' {
	interface FastifyInstance {
		faults: Faults;
	}
	interface FastifyRequest {
		/** the fault this request took, if any */
		fault: Fault | null;
	}
}

const JSON_TYPE = 'application/json; charset=utf-8';

export const faults = unencapsulated(async (app) => {
	app.decorate('faults', new Faults());
	app.decorateRequest('fault', null);
	/** Connections of `timeout` faults: accepted, never answered; closed when the sandbox closes. */
	const held = new Set<Socket>();
	/** Work of `closeThenCommitLater` faults still waiting: it never runs once the sandbox is closing. */
	const later = new Map<NodeJS.Timeout, () => void>();

	app.addHook('preValidation', async (req, reply) => {
		const endpoint = req.routeOptions.config.endpoint;
		if (!endpoint) return;
		const fault = app.faults.take(`${endpoint.method} ${endpoint.path}`);
		if (!fault) return;
		req.fault = fault;
		switch (fault.kind) {
			case 'http500':
				return reply
					.code(500)
					.header('content-type', JSON_TYPE)
					.send(
						JSON.stringify({
							statusCode: 500,
							message: 'Internal server error (sandbox fault injection).',
						}),
					);
			case 'http429':
				return reply
					.code(429)
					.header('retry-after', String(fault.retryAfterSeconds))
					.header('content-type', JSON_TYPE)
					.send(
						JSON.stringify({
							statusCode: 429,
							message: `Rate limit is exceeded. Try again in ${fault.retryAfterSeconds} seconds.`,
						}),
					);
			case 'delay':
				await new Promise<void>((resolve) => setTimeout(resolve, fault.delayMs));
				return;
			case 'closeBeforeCommit':
				reply.hijack();
				req.raw.socket.destroy();
				return reply;
			case 'closeThenCommitLater': {
				// The client sees a dropped connection; the route validates and registers the order delayMs later
				// (a commit that becomes visible late), answering a connection that is gone.
				req.raw.socket.destroy();
				const goOn = await new Promise<boolean>((resolve) => {
					const timer = setTimeout(() => {
						later.delete(timer);
						resolve(true);
					}, fault.delayMs);
					later.set(timer, () => resolve(false));
				});
				if (goOn) return;
				reply.hijack();
				return reply;
			}
			case 'timeout': {
				reply.hijack();
				const socket = req.raw.socket;
				held.add(socket);
				socket.once('close', () => held.delete(socket));
				if (fault.delayMs > 0) setTimeout(() => socket.destroy(), fault.delayMs).unref();
				return reply;
			}
			default:
				return;
		}
	});

	// After the route did its work (its transaction is committed).
	app.addHook('onSend', async (req, reply, payload) => {
		if (req.fault?.kind === 'closeAfterCommit') {
			// The client never hears about the committed work.
			req.raw.socket.destroy();
			return payload;
		}
		if (
			req.fault?.kind === 'malformedJson' &&
			(typeof payload === 'string' || Buffer.isBuffer(payload))
		) {
			const text = payload.toString();
			return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
		}
		return payload;
	});

	app.addHook('preClose', async () => {
		for (const socket of held) socket.destroy();
		for (const [timer, cancel] of later) {
			clearTimeout(timer);
			cancel();
		}
		later.clear();
	});
});
