/**
 * time.ts at its edges, with exact instants: milliseconds of a wall time, fractions of a second, text around a
 * date-time, years below 100, offsets at their limits, the parse cache at its size, and the historic offset changes
 * that only a full comparison of wall times gets right (a skipped day in Samoa, a 12-second change in Suriname).
 * Every zone is named; nothing depends on the machine's zone.
 */
import fc from 'fast-check';

import {
	calendarDateOfTimestamp,
	formatApiDateTimeLowerBound,
	parseApiDateTime,
	parseUserDateTime,
	wallTimeAt,
} from '../../../../nodes/shared/printio/time';

const Z = (iso: string) => Date.parse(iso);
const TOKYO = { api: 'Asia/Tokyo', input: 'Asia/Tokyo' };
const pad = (value: number, size = 2) => String(value).padStart(size, '0');

describe('wallTimeAt', () => {
	it('gives every field of the wall time, milliseconds included', () => {
		expect(wallTimeAt(Z('2028-02-29T15:00:00.123Z'), 'Asia/Tokyo')).toStrictEqual({
			year: 2028,
			month: 3,
			day: 1,
			hour: 0,
			minute: 0,
			second: 0,
			millisecond: 123,
		});
		// Before 1970 the milliseconds still count up within the second.
		expect(wallTimeAt(-1, 'UTC')).toStrictEqual({
			year: 1969,
			month: 12,
			day: 31,
			hour: 23,
			minute: 59,
			second: 59,
			millisecond: 999,
		});
	});

	it("in UTC is the instant's own UTC fields, for any instant", () => {
		fc.assert(
			fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
				const d = new Date(ms);
				expect(wallTimeAt(ms, 'UTC')).toStrictEqual({
					year: d.getUTCFullYear(),
					month: d.getUTCMonth() + 1,
					day: d.getUTCDate(),
					hour: d.getUTCHours(),
					minute: d.getUTCMinutes(),
					second: d.getUTCSeconds(),
					millisecond: d.getUTCMilliseconds(),
				});
			}),
			{ numRuns: 200 },
		);
	});
});

describe('fractions of a second', () => {
	it.each([
		['2026-11-21T10:00:00.5', '2026-11-21T10:00:00.500Z'],
		['2026-11-21T10:00:00.05', '2026-11-21T10:00:00.050Z'],
		['2026-11-21T10:00:00.123', '2026-11-21T10:00:00.123Z'],
		// Beyond milliseconds the digits are cut, not rounded.
		['2026-11-21T10:00:00.123456789', '2026-11-21T10:00:00.123Z'],
		['2026-11-21 10:00:00.9999', '2026-11-21T10:00:00.999Z'],
	])('%s read in UTC is %s', (text, iso) => {
		expect(parseUserDateTime(text, 'UTC')).toBe(Z(iso));
		expect(parseApiDateTime(text.replace('T', ' '), 'UTC')).toBe(Z(iso));
	});

	it('a fraction of a millisecond in an instant does not move the lower bound a second back', () => {
		const ms = Z('2026-11-21T01:00:00Z');
		expect(formatApiDateTimeLowerBound(ms + 0.5)).toBe('2026-11-21 10:00:00');
		expect(formatApiDateTimeLowerBound(ms + 999.5)).toBe('2026-11-21 10:00:00');
		expect(formatApiDateTimeLowerBound(ms - 0.5)).toBe('2026-11-21 09:59:59');
	});
});

describe('text around a date-time', () => {
	it('surrounding whitespace is accepted', () => {
		expect(parseApiDateTime('  2026-11-21 10:00:00  ')).toBe(Z('2026-11-21T01:00:00Z'));
		expect(parseApiDateTime('\t2026-11-21 10:00:00\n', 'UTC')).toBe(Z('2026-11-21T10:00:00Z'));
		expect(parseUserDateTime('  2026-11-21T10:00:00+09:00  ', 'UTC')).toBe(
			Z('2026-11-21T01:00:00Z'),
		);
		expect(parseUserDateTime('\n2026-11-21T01:00:00Z\t', 'Asia/Tokyo')).toBe(
			Z('2026-11-21T01:00:00Z'),
		);
	});

	it('an offset or Z anywhere but at the end is refused', () => {
		for (const wall of ['2026-11-21', '2026-11-21T10:00', '2026-11-21 10:00:00.123']) {
			for (const mark of ['Z', 'z', '+09:00', '-0500']) {
				for (let at = 0; at < wall.length; at++) {
					const text = `${wall.slice(0, at)}${mark}${wall.slice(at)}`;
					expect([text, parseUserDateTime(text, 'UTC')]).toStrictEqual([text, undefined]);
				}
			}
		}
	});

	it('only objects are read as Luxon DateTimes: null, and a function with toMillis, are not date-times', () => {
		expect(parseUserDateTime(null, 'UTC')).toBeUndefined();
		expect(
			parseUserDateTime(
				Object.assign(() => 0, { toMillis: () => Z('2026-11-21T01:00:00Z') }),
				'UTC',
			),
		).toBeUndefined();
	});
});

describe('dates that do not exist', () => {
	it.each(['0050-01-01 00:00:00', '0099-12-31 23:59:59', '0000-01-01 00:00:00'])(
		'%s is refused (Date.UTC would read years below 100 as 19xx)',
		(text) => {
			expect(parseApiDateTime(text, 'UTC')).toBeUndefined();
			expect(parseUserDateTime(text, 'UTC')).toBeUndefined();
			expect(parseUserDateTime(`${text.replace(' ', 'T')}Z`, 'UTC')).toBeUndefined();
		},
	);

	it('year 100 is read as it is', () => {
		expect(new Date(parseApiDateTime('0100-01-01 00:00:00', 'UTC')!).toISOString()).toBe(
			'0100-01-01T00:00:00.000Z',
		);
	});

	it.each([
		'2026-02-29 00:00:00',
		'2026-02-30 10:00:00',
		'2026-04-31 10:00:00',
		'2026-00-10 10:00:00',
		'2026-11-00 10:00:00',
		'2026-11-21 24:00:00',
		'2026-11-21 10:60:00',
		'2026-11-21 10:00:60',
	])('%s is refused, not rolled over', (text) => {
		expect(parseApiDateTime(text, 'UTC')).toBeUndefined();
		expect(parseUserDateTime(`${text.replace(' ', 'T')}+09:00`, 'UTC')).toBeUndefined();
	});

	it('a day is accepted exactly when the month has it (leap years included)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1900, max: 2400 }),
				fc.integer({ min: 1, max: 12 }),
				fc.integer({ min: 28, max: 31 }),
				(year, month, day) => {
					const daysInMonth =
						month === 2
							? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
								? 29
								: 28
							: [4, 6, 9, 11].includes(month)
								? 30
								: 31;
					const text = `${pad(year, 4)}-${pad(month)}-${pad(day)} 12:34:56`;
					expect(parseApiDateTime(text, 'UTC')).toBe(
						day <= daysInMonth ? Date.UTC(year, month - 1, day, 12, 34, 56) : undefined,
					);
				},
			),
			{ numRuns: 200 },
		);
	});
});

describe('wall times around historic offset changes', () => {
	// Samoa moved across the date line: 2011-12-29 23:59:59 (-10:00) was followed by 2011-12-31 00:00:00 (+14:00).
	it('a wall time of the skipped day in Samoa is read with the offset before, not as the same time a day off', () => {
		expect(parseApiDateTime('2011-12-29 23:59:59', 'Pacific/Apia')).toBe(Z('2011-12-30T09:59:59Z'));
		expect(parseApiDateTime('2011-12-30 12:00:00', 'Pacific/Apia')).toBe(Z('2011-12-30T22:00:00Z'));
		expect(parseApiDateTime('2011-12-31 00:00:00', 'Pacific/Apia')).toBe(Z('2011-12-30T10:00:00Z'));
	});

	// Suriname: -3:40:40 until 1911-01-01 03:40:40 UTC, then -3:40:52 (the clock went back 12 seconds).
	it('an offset change of 12 seconds in Paramaribo: the seconds decide which offset applies', () => {
		// Only before the change.
		expect(parseApiDateTime('1910-12-31 23:59:40', 'America/Paramaribo')).toBe(
			Z('1911-01-01T03:40:20Z'),
		);
		// In the repeated 12 seconds: the earlier instant.
		expect(parseApiDateTime('1910-12-31 23:59:50', 'America/Paramaribo')).toBe(
			Z('1911-01-01T03:40:30Z'),
		);
		// Only after the change: the old offset would name 00:00:18, not 00:00:30.
		expect(parseApiDateTime('1911-01-01 00:00:30', 'America/Paramaribo')).toBe(
			Z('1911-01-01T03:41:22Z'),
		);
	});

	it('an overlap takes the earliest instant (Europe/Berlin, America/New_York), exact to the second', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 3599 }), (s) => {
				const clock = `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
				expect(parseApiDateTime(`2026-10-25 02:${clock}`, 'Europe/Berlin')).toBe(
					Z('2026-10-25T00:00:00Z') + s * 1000,
				);
				expect(parseApiDateTime(`2026-11-01 01:${clock}`, 'America/New_York')).toBe(
					Z('2026-11-01T05:00:00Z') + s * 1000,
				);
			}),
			{ numRuns: 100 },
		);
	});
});

describe('calendarDateOfTimestamp: the text and its offset', () => {
	it.each([
		['  2025-03-08T14:27:51+09:00\n', '2025-03-08'],
		['2025-03-08  14:27:51 UTC', '2025-03-08'],
		['2025-03-08 \t 14:27:51', '2025-03-08'],
		['2025-03-08T23:27:51 gmt', '2025-03-09'],
	])('%j is read (whitespace around it or in it) as %s', (text, date) => {
		expect(calendarDateOfTimestamp(text, TOKYO)).toBe(date);
	});

	it.each([
		'x2025-03-08T14:27:51Z',
		'12025-03-08T14:27:51Z',
		'on 2025-03-08 14:27:51 GMT',
		'2025-03-08T14:27:51Z x',
		'2025-03-08T14:27:51 UTC+1',
		'2025-03-08T14:27:51 GMTx',
		'2025-03-08T14:27:51+09:00 (JST)',
	])('%j, with text around it, is refused', (text) => {
		expect(calendarDateOfTimestamp(text, TOKYO)).toBeUndefined();
	});

	it.each([
		['+14:00', '2025-03-08'],
		['+1400', '2025-03-08'],
		['+14', '2025-03-08'],
		['-14:00', '2025-03-09'],
		['+09:59', '2025-03-08'],
		['-00:59', '2025-03-08'],
		['+14:01', undefined],
		['-1401', undefined],
		['+15', undefined],
		['+09:60', undefined],
		['+0960', undefined],
		['-05:99', undefined],
	])('offset %s: %s', (offset, date) => {
		expect(calendarDateOfTimestamp(`2025-03-08T12:00:00${offset}`, TOKYO)).toBe(date);
	});

	it('any offset up to ±14:00 with minutes up to 59 names its instant; others are refused', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 99 }),
				fc.integer({ min: 0, max: 99 }),
				fc.constantFrom('+', '-'),
				fc.constantFrom(':', ''),
				fc.integer({ min: 0, max: 86_399 }),
				(hours, minutes, sign, separator, second) => {
					const clock = `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}`;
					const text = `2025-03-08T${clock}${sign}${pad(hours)}${separator}${pad(minutes)}`;
					const east = (sign === '-' ? -1 : 1) * (hours * 60 + minutes);
					const tokyo = new Date(
						Date.UTC(2025, 2, 8) + second * 1000 - east * 60_000 + 9 * 3_600_000,
					)
						.toISOString()
						.slice(0, 10);
					expect(calendarDateOfTimestamp(text, TOKYO)).toBe(
						minutes <= 59 && hours * 60 + minutes <= 14 * 60 ? tokyo : undefined,
					);
				},
			),
			{ numRuns: 300 },
		);
	});
});

describe('the parse cache of parseApiDateTime', () => {
	afterEach(() => jest.restoreAllMocks());

	it('answers a repeated text without Intl, and holds at most 5000 texts', async () => {
		jest.resetModules();
		const { parseApiDateTime: parse } = await import('../../../../nodes/shared/printio/time');
		const text = (i: number) =>
			`2026-01-01 ${pad(Math.floor(i / 3600))}:${pad(Math.floor(i / 60) % 60)}:${pad(i % 60)}`;
		const instant = (i: number) => Date.UTC(2026, 0, 1) + i * 1000;
		const wrong = Array.from({ length: 5000 }, (_, i) => i).filter(
			(i) => parse(text(i), 'UTC') !== instant(i),
		);
		expect(wrong).toStrictEqual([]);

		// 5000 texts are held: the first one is still known.
		const formatToParts = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
		expect(parse(text(0), 'UTC')).toBe(instant(0));
		expect(formatToParts).not.toHaveBeenCalled();

		// The 5001st starts the cache again: the first one is read anew, with the same answer.
		expect(parse(text(5000), 'UTC')).toBe(instant(5000));
		formatToParts.mockClear();
		expect(parse(text(0), 'UTC')).toBe(instant(0));
		expect(formatToParts).toHaveBeenCalled();
	});
});
