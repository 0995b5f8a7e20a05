/** Fault injection per API route, driven by the control API. */
import { endpoints } from '../contract/endpoints';

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
		if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'body must be a JSON object';
		const o = input as Record<string, unknown>;
		const route = typeof o.route === 'string' ? o.route.trim().replace(/\s+/, ' ') : '';
		const normalized = route === '*' ? '*' : route.replace(/^([a-zA-Z]+) /, (_m, m: string) => `${m.toUpperCase()} `);
		if (normalized !== '*' && !API_ROUTES.has(normalized)) {
			return `route must be "*" or one of: ${[...API_ROUTES].join(', ')}`;
		}
		if (typeof o.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(o.kind)) {
			return `kind must be one of: ${FAULT_KINDS.join(', ')}`;
		}
		const int = (v: unknown, name: string, def: number, min: number): number | string => {
			if (v === undefined) return def;
			if (typeof v !== 'number' || !Number.isInteger(v) || v < min) return `${name} must be an integer >= ${min}`;
			return v;
		};
		const times = int(o.times, 'times', 1, 0);
		const retryAfterSeconds = int(o.retryAfterSeconds, 'retryAfterSeconds', 1, 0);
		const delayMs = int(o.delayMs, 'delayMs', o.kind === 'timeout' ? 0 : o.kind === 'closeThenCommitLater' ? 2000 : 100, 0);
		for (const v of [times, retryAfterSeconds, delayMs]) if (typeof v === 'string') return v;
		const fault: Fault = {
			id: this.nextId++,
			route: normalized,
			kind: o.kind as FaultKind,
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
