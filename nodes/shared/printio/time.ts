// The API's date-times carry no zone (spec 4.7); Intl only, so that the node needs no runtime dependency.

export const DEFAULT_API_TIME_ZONE = 'Asia/Tokyo';

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/;
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

interface WallTime {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
	millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
	let formatter = formatters.get(timeZone);
	if (!formatter) {
		formatter = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, formatter);
	}
	return formatter;
}

export function assertTimeZone(timeZone: string): void {
	formatterFor(timeZone);
}

export function wallTimeAt(epochMs: number, timeZone: string): WallTime {
	const parts: Record<string, number> = {};
	for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
		if (part.type !== 'literal') parts[part.type] = Number(part.value);
	}
	return {
		year: parts.year,
		month: parts.month,
		day: parts.day,
		hour: parts.hour,
		minute: parts.minute,
		second: parts.second,
		millisecond: ((epochMs % 1000) + 1000) % 1000,
	};
}

function utcOf(wall: WallTime): number {
	return Date.UTC(
		wall.year,
		wall.month - 1,
		wall.day,
		wall.hour,
		wall.minute,
		wall.second,
		wall.millisecond,
	);
}

function offsetMs(epochMs: number, timeZone: string): number {
	// Whole milliseconds on both sides: Date.UTC drops an instant's fraction.
	const wall = wallTimeAt(epochMs, timeZone);
	return utcOf({ ...wall, millisecond: 0 }) - (epochMs - wall.millisecond);
}

// In a gap the offset before it applies; in an overlap the earlier instant.
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
	const naive = utcOf(wall);
	// Offsets change at most once within a day, so these three include every one that can apply.
	const before = offsetMs(naive - 86_400_000, timeZone);
	const offsets = new Set([
		before,
		offsetMs(naive, timeZone),
		offsetMs(naive + 86_400_000, timeZone),
	]);
	let best: number | undefined;
	for (const offset of offsets) {
		const candidate = naive - offset;
		if (
			sameWallTime(wallTimeAt(candidate, timeZone), wall) &&
			(best === undefined || candidate < best)
		) {
			best = candidate;
		}
	}
	return best ?? naive - before;
}

function sameWallTime(a: WallTime, b: WallTime): boolean {
	return (
		a.year === b.year &&
		a.month === b.month &&
		a.day === b.day &&
		a.hour === b.hour &&
		a.minute === b.minute &&
		a.second === b.second
	);
}

function parseWallTime(text: string): WallTime | undefined {
	const match = WALL_TIME.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0'] = match;
	const wall: WallTime = {
		year: Number(year),
		month: Number(month),
		day: Number(day),
		hour: Number(hour),
		minute: Number(minute),
		second: Number(second),
		millisecond: Number(fraction.padEnd(3, '0').slice(0, 3)),
	};
	// Date.UTC rolls 2026-02-30 over into March: reject instead of guessing.
	const check = new Date(utcOf(wall));
	if (
		check.getUTCFullYear() !== wall.year ||
		check.getUTCMonth() !== wall.month - 1 ||
		check.getUTCDate() !== wall.day ||
		check.getUTCHours() !== wall.hour ||
		check.getUTCMinutes() !== wall.minute ||
		check.getUTCSeconds() !== wall.second
	) {
		return undefined;
	}
	return wall;
}

// Without an offset (n8n's date picker) a text is wall time in the workflow's zone.
export function parseUserDateTime(value: unknown, inputTimeZone: string): number | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
	if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
	// {{ $now }} yields a Luxon DateTime; read it without depending on Luxon.
	if (
		value &&
		typeof value === 'object' &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function'
	) {
		const ms = (value as { toMillis: () => number }).toMillis();
		return Number.isFinite(ms) ? ms : undefined;
	}
	if (typeof value !== 'string' || !value.trim()) return undefined;
	const text = value.trim();
	if (HAS_OFFSET.test(text)) {
		// Date.parse accepts some impossible dates (2026-02-30) in some engines.
		if (!parseWallTime(text.replace(HAS_OFFSET, ''))) return undefined;
		const parsed = Date.parse(text.replace(' ', 'T'));
		return Number.isNaN(parsed) ? undefined : parsed;
	}
	const wall = parseWallTime(text);
	return wall ? instantOfWallTime(wall, inputTimeZone) : undefined;
}

export function formatApiDateTime(epochMs: number, apiTimeZone = DEFAULT_API_TIME_ZONE): string {
	const w = wallTimeAt(epochMs, apiTimeZone);
	const pad = (n: number, size = 2) => String(n).padStart(size, '0');
	return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

// A poll reads the same few seconds again and again, and Intl is slow.
const parsedApiDateTimes = new Map<string, number | undefined>();
const PARSE_CACHE_SIZE = 5000;

export function parseApiDateTime(
	text: unknown,
	apiTimeZone = DEFAULT_API_TIME_ZONE,
): number | undefined {
	if (typeof text !== 'string') return undefined;
	const key = `${apiTimeZone}\u0000${text}`;
	if (parsedApiDateTimes.has(key)) return parsedApiDateTimes.get(key);
	const wall = parseWallTime(text);
	const ms = wall ? instantOfWallTime(wall, apiTimeZone) : undefined;
	if (parsedApiDateTimes.size >= PARSE_CACHE_SIZE) parsedApiDateTimes.clear();
	parsedApiDateTimes.set(key, ms);
	return ms;
}

export function toIsoInZone(epochMs: number, timeZone: string): string {
	const w = wallTimeAt(epochMs, timeZone);
	const pad = (n: number, size = 2) => String(n).padStart(size, '0');
	const offsetMinutes = Math.round(offsetMs(epochMs, timeZone) / 60_000);
	const sign = offsetMinutes < 0 ? '-' : '+';
	const abs = Math.abs(offsetMinutes);
	return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

// Where clocks turn back, later instants can carry an earlier wall time, which a zone-less comparison would skip.
export function formatApiDateTimeLowerBound(
	epochMs: number,
	apiTimeZone = DEFAULT_API_TIME_ZONE,
): string {
	const offset = Math.min(
		offsetMs(epochMs, apiTimeZone),
		offsetMs(epochMs + 3 * 3_600_000, apiTimeZone),
	);
	// wall(t) = t + offset(t) >= epochMs + offset for every t >= epochMs (while at most one change is near).
	const d = new Date(epochMs - (((epochMs % 1000) + 1000) % 1000) + offset);
	const pad = (n: number, size = 2) => String(n).padStart(size, '0');
	return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export interface ShopDateZones {
	api: string;
	input: string;
}

// WooCommerce's date_created has no offset; it is read in zones.input.
const SHOP_TIMESTAMP =
	/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:T|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

function offsetMinutes(text: string): number | undefined {
	if (/^(Z|UTC|GMT)$/i.test(text)) return 0;
	const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(text);
	if (!match) return undefined;
	const minutes = Number(match[2]) * 60 + Number(match[3] ?? '0');
	if (Number(match[3] ?? '0') > 59 || minutes > 14 * 60) return undefined;
	return match[1] === '-' ? -minutes : minutes;
}

// A date without a time is not a timestamp: it is already a calendar date.
export function calendarDateOfTimestamp(text: string, zones: ShopDateZones): string | undefined {
	const match = SHOP_TIMESTAMP.exec(text.trim());
	if (!match) return undefined;
	const [, year, month, day, hour, minute, second = '0', fraction = '0', offset] = match;
	const pad = (value: string | number, size = 2) => String(value).padStart(size, '0');
	const wall = parseWallTime(
		`${year}-${pad(month)}-${pad(day)} ${pad(hour)}:${minute}:${pad(second)}.${fraction}`,
	);
	if (!wall) return undefined;
	let instant: number;
	if (offset !== undefined) {
		const minutes = offsetMinutes(offset);
		if (minutes === undefined) return undefined;
		instant = utcOf(wall) - minutes * 60_000;
	} else {
		instant = instantOfWallTime(wall, zones.input);
	}
	const at = wallTimeAt(instant, zones.api);
	return `${pad(at.year, 4)}-${pad(at.month)}-${pad(at.day)}`;
}
