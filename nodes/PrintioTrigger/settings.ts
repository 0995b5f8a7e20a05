import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { assertTimeZone, DEFAULT_API_TIME_ZONE, parseUserDateTime } from '../shared/printio/time';

export type Event = 'anyChange' | 'shipped' | 'statusReached' | 'shippingLate' | 'stockChanged';

export const DEFAULT_OVERLAP_SECONDS = 120;
// n8n moves each schedule to a random second: polls up to a minute further apart.
const SCHEDULE_JITTER_MS = 60_000;
const FALLBACK_POLL_INTERVAL_MS = 24 * 3_600_000;

export interface Settings {
	event: Event;
	statusIds: number[];
	apiTimeZone: string;
	multiItemOrder: boolean;
	includeOrder: boolean;
	overlapMs: number;
	lookBackMs: number;
	start: string;
	startAtMs?: number;
}

export function readSettings(this: IPollFunctions): Settings {
	const node = this.getNode();
	const event = this.getNodeParameter('event', 'anyChange') as Event;
	const options = this.getNodeParameter('options', {}) as IDataObject;

	let statusIds: number[] = [];
	if (event === 'statusReached') {
		const raw = String(this.getNodeParameter('statusIds', '') ?? '');
		const parts = raw.split(/[\s,]/).filter(Boolean);
		statusIds = parts.map(Number);
		if (!parts.length || statusIds.some((id) => !Number.isInteger(id) || id < 0)) {
			throw new NodeOperationError(
				node,
				`Status IDs must be whole numbers separated by commas, got "${raw}"`,
				{
					description: 'For example 5, 9. Order › Get Statuses shows the IDs your account uses.',
				},
			);
		}
	}

	const apiTimeZone = String(options.apiTimeZone || DEFAULT_API_TIME_ZONE).trim();
	try {
		assertTimeZone(apiTimeZone);
	} catch {
		throw new NodeOperationError(node, `API Time Zone "${apiTimeZone}" is not a known time zone`, {
			description: 'Use an IANA time zone name such as Asia/Tokyo.',
		});
	}

	const overlapSeconds = Number(options.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS);
	const overlapMs =
		Math.max(1, Number.isFinite(overlapSeconds) ? overlapSeconds : DEFAULT_OVERLAP_SECONDS) * 1000;
	const lookBackMinutes = Number(options.lookBackMinutes ?? 0);
	const lookBackMs =
		lookBackMinutes > 0
			? lookBackMinutes * 60_000
			: pollIntervalMs.call(this) + SCHEDULE_JITTER_MS + overlapMs;

	let start = 'now';
	let startAtMs: number | undefined;
	if (options.startFrom !== undefined && options.startFrom !== '' && options.startFrom !== null) {
		startAtMs = parseUserDateTime(options.startFrom, this.getTimezone());
		if (startAtMs === undefined) {
			throw new NodeOperationError(
				node,
				`Start From is not a date-time: "${String(options.startFrom)}"`,
				{
					description: 'Pick a date and time, or leave Start From empty to start now.',
				},
			);
		}
		// Keyed by what was typed: a new workflow time zone or {{ $now }} must not start over and replay.
		const typed = (this.getNode().parameters.options as IDataObject | undefined)?.startFrom;
		start = `at:${typeof typed === 'string' ? typed : String(startAtMs)}`;
	}

	return {
		event,
		statusIds,
		apiTimeZone,
		multiItemOrder: options.multiItemOrder === true,
		includeOrder: options.includeOrder === true,
		overlapMs,
		lookBackMs,
		start,
		startAtMs,
	};
}

function pollIntervalMs(this: IPollFunctions): number {
	let items: IDataObject[] = [];
	try {
		items = (this.getNodeParameter('pollTimes', {}) as { item?: IDataObject[] }).item ?? [];
	} catch {
		// No Poll Times: every minute.
	}
	const minute = 60_000;
	const intervals = items.map((item) => {
		switch (item.mode) {
			case 'everyMinute':
				return minute;
			case 'everyX':
				return (
					Math.max(1, Number(item.value) || 1) * (item.unit === 'hours' ? 60 * minute : minute)
				);
			case 'everyHour':
				return 60 * minute;
			case 'everyWeek':
				return 7 * 24 * 60 * minute;
			case 'everyMonth':
				return 31 * 24 * 60 * minute;
			default:
				return FALLBACK_POLL_INTERVAL_MS;
		}
	});
	return intervals.length ? Math.min(...intervals) : minute;
}

export function pollBudgetMs(this: IPollFunctions): number {
	// Before n8n 2.x (no getPollBudgetMs) no poll is abandoned: 5 minutes is a safe lease.
	const budget = (this as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs?.call(
		this,
	);
	return typeof budget === 'number' && budget > 0 ? budget : 5 * 60_000;
}
