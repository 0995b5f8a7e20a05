import { execFileSync } from 'node:child_process';
import path from 'node:path';

import {
	assertTimeZone,
	DEFAULT_API_TIME_ZONE,
	formatApiDateTime,
	formatApiDateTimeLowerBound,
	instantOfWallTime,
	parseApiDateTime,
	parseUserDateTime,
	toIsoInZone,
	wallTimeAt,
} from '../../../../nodes/shared/printio/time';

const Z = (iso: string) => Date.parse(iso);

/** A small deterministic PRNG so that the property tests are repeatable. */
function prng(seed: number) {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 2 ** 32;
	};
}

const ZONES = [
	'Asia/Tokyo',
	'UTC',
	'America/New_York',
	'Europe/Berlin',
	'Australia/Lord_Howe', // 30-minute daylight saving shift
	'Asia/Kathmandu', // +05:45
	'Pacific/Chatham', // +12:45 / +13:45
	'America/Sao_Paulo', // dropped daylight saving time in 2019
];

describe('formatApiDateTime / parseApiDateTime (Asia/Tokyo, the API zone)', () => {
	it('defaults to Asia/Tokyo', () => {
		expect(DEFAULT_API_TIME_ZONE).toBe('Asia/Tokyo');
		expect(formatApiDateTime(Z('2026-11-21T01:00:00Z'))).toBe('2026-11-21 10:00:00');
		expect(parseApiDateTime('2026-11-21 10:00:00')).toBe(Z('2026-11-21T01:00:00Z'));
	});

	it('crosses the date line of Tokyo and truncates milliseconds (the API has whole seconds)', () => {
		expect(formatApiDateTime(Z('2026-12-31T15:00:00.999Z'), 'Asia/Tokyo')).toBe(
			'2027-01-01 00:00:00',
		);
		expect(formatApiDateTime(Z('2026-12-31T14:59:59.999Z'), 'Asia/Tokyo')).toBe(
			'2026-12-31 23:59:59',
		);
		expect(formatApiDateTime(Z('2028-02-28T15:00:00Z'), 'Asia/Tokyo')).toBe('2028-02-29 00:00:00');
	});

	it('round-trips random instants in every zone (whole seconds)', () => {
		const random = prng(42);
		for (const zone of ZONES) {
			for (let i = 0; i < 400; i++) {
				const ms =
					Math.floor((Z('2000-01-01T00:00:00Z') + random() * 40 * 365 * 86400_000) / 1000) * 1000;
				const text = formatApiDateTime(ms, zone);
				expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
				const back = parseApiDateTime(text, zone)!;
				// In a repeated hour the earlier instant is taken, so the text (not always the instant) round-trips.
				expect(formatApiDateTime(back, zone)).toBe(text);
				if (back !== ms) expect(ms - back).toBeGreaterThan(0);
			}
		}
	});

	it('rejects what is not a real date-time instead of rolling it over', () => {
		for (const bad of [
			'2026-02-30 10:00:00',
			'2026-13-01 00:00:00',
			'2026-11-21 24:00:00',
			'2026-11-21 10:60:00',
			'2026-11-21 10:00:60',
			'2026-11-21T10:00:00Z',
			'21/11/2026 10:00',
			'',
			'now',
		]) {
			expect(parseApiDateTime(bad)).toBeUndefined();
		}
		expect(parseApiDateTime(undefined)).toBeUndefined();
		expect(parseApiDateTime(null)).toBeUndefined();
		expect(parseApiDateTime(1234)).toBeUndefined();
		expect(parseApiDateTime('2028-02-29 00:00:00')).toBe(Z('2028-02-28T15:00:00Z'));
	});
});

describe('daylight saving time (for an API zone other than Tokyo, and for the workflow zone)', () => {
	it('reads a wall time inside a spring-forward gap with the offset before the gap', () => {
		// 2026-03-08 02:30 does not exist in New York (02:00 EST → 03:00 EDT).
		expect(parseApiDateTime('2026-03-08 02:30:00', 'America/New_York')).toBe(
			Z('2026-03-08T07:30:00Z'),
		);
		expect(parseApiDateTime('2026-03-29 02:30:00', 'Europe/Berlin')).toBe(
			Z('2026-03-29T01:30:00Z'),
		);
		// Just around the gap the times are exact.
		expect(parseApiDateTime('2026-03-08 01:59:59', 'America/New_York')).toBe(
			Z('2026-03-08T06:59:59Z'),
		);
		expect(parseApiDateTime('2026-03-08 03:00:00', 'America/New_York')).toBe(
			Z('2026-03-08T07:00:00Z'),
		);
	});

	it('reads a wall time inside a fall-back overlap as the earlier instant', () => {
		expect(parseApiDateTime('2026-11-01 01:30:00', 'America/New_York')).toBe(
			Z('2026-11-01T05:30:00Z'),
		);
		expect(parseApiDateTime('2026-10-25 02:30:00', 'Europe/Berlin')).toBe(
			Z('2026-10-25T00:30:00Z'),
		);
		expect(parseApiDateTime('2026-04-05 01:45:00', 'Australia/Lord_Howe')).toBe(
			Z('2026-04-04T14:45:00Z'),
		);
		// After the overlap: the standard offset.
		expect(parseApiDateTime('2026-11-01 02:00:00', 'America/New_York')).toBe(
			Z('2026-11-01T07:00:00Z'),
		);
	});

	it('formats both instants of a repeated hour with the same wall time and distinct offsets', () => {
		const first = Z('2026-11-01T05:30:00Z');
		const second = Z('2026-11-01T06:30:00Z');
		expect(formatApiDateTime(first, 'America/New_York')).toBe('2026-11-01 01:30:00');
		expect(formatApiDateTime(second, 'America/New_York')).toBe('2026-11-01 01:30:00');
		expect(toIsoInZone(first, 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
		expect(toIsoInZone(second, 'America/New_York')).toBe('2026-11-01T01:30:00-05:00');
	});

	it('instantOfWallTime agrees with wallTimeAt every third minute around a transition', () => {
		for (const [zone, day] of [
			['America/New_York', '2026-03-08'],
			['America/New_York', '2026-11-01'],
			['Europe/Berlin', '2026-10-25'],
			['Australia/Lord_Howe', '2026-10-04'],
			['Pacific/Chatham', '2026-04-05'],
		] as const) {
			const start = Z(`${day}T00:00:00Z`) - 43200_000;
			for (let ms = start; ms < start + 2 * 86400_000; ms += 3 * 60_000) {
				const wall = wallTimeAt(ms, zone);
				const back = instantOfWallTime(wall, zone);
				expect(wallTimeAt(back, zone)).toEqual(wall);
				expect(back).toBeLessThanOrEqual(ms);
			}
		}
	});
});

describe('formatApiDateTimeLowerBound', () => {
	it('equals formatApiDateTime in Tokyo (no daylight saving time)', () => {
		const random = prng(7);
		for (let i = 0; i < 200; i++) {
			const ms = Z('2020-01-01T00:00:00Z') + Math.floor(random() * 10 * 365 * 86400_000);
			expect(formatApiDateTimeLowerBound(ms, 'Asia/Tokyo')).toBe(
				formatApiDateTime(ms, 'Asia/Tokyo'),
			);
		}
	});

	it('is never after the wall time of any later instant, across a fall-back', () => {
		for (const zone of ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe'] as const) {
			const transition = {
				'America/New_York': '2026-11-01T06:00:00Z',
				'Europe/Berlin': '2026-10-25T01:00:00Z',
				'Australia/Lord_Howe': '2026-04-04T15:00:00Z',
			}[zone]!;
			for (
				let from = Z(transition) - 4 * 3_600_000;
				from < Z(transition) + 3_600_000;
				from += 7 * 60_000
			) {
				const bound = formatApiDateTimeLowerBound(from, zone);
				for (let t = from; t < from + 3 * 3_600_000; t += 10 * 60_000) {
					expect(formatApiDateTime(t, zone) >= bound).toBe(true);
				}
			}
		}
		expect(formatApiDateTimeLowerBound(Z('2026-11-01T05:30:00Z'), 'America/New_York')).toBe(
			'2026-11-01 00:30:00',
		);
	});
});

describe('parseUserDateTime', () => {
	it('reads an ISO date-time with an offset as that instant, whatever the workflow zone', () => {
		for (const zone of ZONES) {
			expect(parseUserDateTime('2026-11-21T10:00:00+09:00', zone)).toBe(Z('2026-11-21T01:00:00Z'));
			expect(parseUserDateTime('2026-11-21T01:00:00.000Z', zone)).toBe(Z('2026-11-21T01:00:00Z'));
			expect(parseUserDateTime('2026-11-21 10:00:00+0900', zone)).toBe(Z('2026-11-21T01:00:00Z'));
		}
	});

	it('reads a date-time without an offset (the date picker) as wall time in the workflow zone', () => {
		expect(parseUserDateTime('2026-11-21T10:00:00', 'Asia/Tokyo')).toBe(Z('2026-11-21T01:00:00Z'));
		expect(parseUserDateTime('2026-11-21T10:00:00', 'America/New_York')).toBe(
			Z('2026-11-21T15:00:00Z'),
		);
		expect(parseUserDateTime('2026-07-21T10:00:00', 'America/New_York')).toBe(
			Z('2026-07-21T14:00:00Z'),
		);
		expect(parseUserDateTime(' 2026-11-21 10:00 ', 'Europe/Berlin')).toBe(
			Z('2026-11-21T09:00:00Z'),
		);
		expect(parseUserDateTime('2026-11-21', 'Asia/Kathmandu')).toBe(Z('2026-11-20T18:15:00Z'));
		expect(parseUserDateTime('2026-11-21T10:00:00.250', 'UTC')).toBe(Z('2026-11-21T10:00:00.250Z'));
	});

	it('accepts Date, epoch milliseconds and Luxon-like objects; rejects the rest', () => {
		const ms = Z('2026-11-21T01:00:00Z');
		expect(parseUserDateTime(new Date(ms), 'UTC')).toBe(ms);
		expect(parseUserDateTime(ms, 'UTC')).toBe(ms);
		expect(parseUserDateTime({ toMillis: () => ms }, 'UTC')).toBe(ms);
		for (const bad of [
			'',
			'   ',
			'yesterday',
			'2026-02-30T10:00:00',
			'2026-02-30T10:00:00Z',
			NaN,
			{},
			null,
			undefined,
		]) {
			expect(parseUserDateTime(bad, 'UTC')).toBeUndefined();
		}
		expect(parseUserDateTime(new Date('invalid'), 'UTC')).toBeUndefined();
	});
});

describe('toIsoInZone', () => {
	it('writes the offset of the zone at that instant', () => {
		const ms = Z('2026-11-21T01:00:00Z');
		expect(toIsoInZone(ms, 'Asia/Tokyo')).toBe('2026-11-21T10:00:00+09:00');
		expect(toIsoInZone(ms, 'UTC')).toBe('2026-11-21T01:00:00+00:00');
		expect(toIsoInZone(ms, 'Asia/Kathmandu')).toBe('2026-11-21T06:45:00+05:45');
		expect(toIsoInZone(ms, 'America/New_York')).toBe('2026-11-20T20:00:00-05:00');
		expect(toIsoInZone(Z('2026-07-01T01:00:00Z'), 'America/New_York')).toBe(
			'2026-06-30T21:00:00-04:00',
		);
		// The ISO text is the same instant again.
		for (const zone of ZONES) expect(Date.parse(toIsoInZone(ms, zone))).toBe(ms);
	});
});

describe('assertTimeZone', () => {
	it('accepts IANA names and rejects unknown ones', () => {
		expect(() => assertTimeZone('Asia/Tokyo')).not.toThrow();
		expect(() => assertTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
	});
});

describe('independence from the host time zone', () => {
	it('gives the same results when the process runs under another TZ', () => {
		const script = `
			const t = require(${JSON.stringify(path.join(__dirname, '../../../../nodes/shared/printio/time.ts'))});
			const ms = Date.parse('2026-11-01T05:30:00Z');
			console.log(JSON.stringify([
				t.formatApiDateTime(ms), t.parseApiDateTime('2026-11-21 10:00:00'),
				t.parseUserDateTime('2026-03-08T02:30:00', 'America/New_York'), t.toIsoInZone(ms, 'America/New_York'),
				t.parseApiDateTime('2026-11-01 01:30:00', 'America/New_York'),
			]));`;
		const run = (tz: string) =>
			execFileSync(process.execPath, ['--require', require.resolve('tsx/cjs'), '-e', script], {
				env: { ...process.env, TZ: tz },
				encoding: 'utf8',
			}).trim();
		const reference = run('UTC');
		expect(JSON.parse(reference)).toEqual([
			'2026-11-01 14:30:00',
			Z('2026-11-21T01:00:00Z'),
			Z('2026-03-08T07:30:00Z'),
			'2026-11-01T01:30:00-04:00',
			Z('2026-11-01T05:30:00Z'),
		]);
		for (const tz of ['America/Los_Angeles', 'Europe/London', 'Pacific/Chatham'])
			expect(run(tz)).toBe(reference);
	});
});
