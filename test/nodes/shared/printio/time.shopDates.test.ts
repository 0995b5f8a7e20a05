/**
 * Dates as shops send them (docs/orders.md, "Dates as shops send them"): a timestamp is sent as the calendar date of its
 * instant in the API's zone; one without an offset is read in the workflow's zone; a date stays that date.
 */
import fc from 'fast-check';

import { normalizeOrder, normalizeOrderDate } from '../../../../nodes/Printio/orderInput/normalize';
import { calendarDateOfTimestamp } from '../../../../nodes/shared/printio/time';

const TOKYO = { api: 'Asia/Tokyo', input: 'Asia/Tokyo' };
const pad = (value: number, size = 2) => String(value).padStart(size, '0');
/** The calendar date in Tokyo (UTC+9 all year) of an instant, computed without the code under test. */
const tokyoDate = (epochMs: number) => new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 10);

describe('calendarDateOfTimestamp: examples', () => {
	it.each([
		// Shopify created_at, with the shop's offset.
		['2025-03-08T14:27:51+09:00', TOKYO, '2025-03-08'],
		// The same instant from a shop in New York: the date in Japan is the next day.
		['2025-03-08T20:27:51-05:00', TOKYO, '2025-03-09'],
		['2025-03-08T23:59:59Z', TOKYO, '2025-03-09'],
		['2025-03-08T14:59:59Z', TOKYO, '2025-03-08'],
		['2025-03-08T15:00:00.000Z', TOKYO, '2025-03-09'],
		['2025-03-08T14:27:51+0900', TOKYO, '2025-03-08'],
		['2025-03-08T00:27:51+09', TOKYO, '2025-03-08'],
		['2025-03-08 05:27:51 UTC', TOKYO, '2025-03-08'],
		['2025/03/08 23:10', TOKYO, '2025-03-08'],
		// WooCommerce date_created (site time, no offset) read in the workflow's zone.
		['2025-03-08T23:30:00', { api: 'Asia/Tokyo', input: 'Asia/Tokyo' }, '2025-03-08'],
		['2025-03-08T23:30:00', { api: 'Asia/Tokyo', input: 'Europe/Berlin' }, '2025-03-09'],
		// WooCommerce date_created_gmt is UTC without a mark: in a workflow set to UTC it is read right.
		['2025-03-08T16:30:00', { api: 'Asia/Tokyo', input: 'UTC' }, '2025-03-09'],
		// The API Time Zone decides which calendar the date is of.
		['2025-03-08T20:00:00Z', { api: 'UTC', input: 'UTC' }, '2025-03-08'],
	])('%s in %j → %s', (text, zones, date) => {
		expect(calendarDateOfTimestamp(text, zones)).toBe(date);
	});

	it.each([
		'2025-03-08',
		'2025-13-01T00:00:00Z',
		'2025-02-30T10:00:00+09:00',
		'2025-03-08T24:00:00Z',
		'2025-03-08T10:00:00+25:00',
		'yesterday',
		'',
		'1741411671',
	])('%j is not a timestamp', (text) => {
		expect(calendarDateOfTimestamp(text, TOKYO)).toBeUndefined();
	});
});

describe('calendarDateOfTimestamp: properties', () => {
	const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2099, 11, 31) });
	const offsetMinutes = fc.integer({ min: -12 * 4, max: 14 * 4 }).map((quarters) => quarters * 15);

	/** An instant written as ISO 8601 with a given offset, as a shop in that zone writes it. */
	function written(epochMs: number, offset: number, style: number): string {
		const local = new Date(epochMs + offset * 60_000);
		const sign = offset < 0 ? '-' : '+';
		const abs = Math.abs(offset);
		const base = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}.${pad(local.getUTCMilliseconds(), 3)}`;
		const suffix = [
			`${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
			`${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`,
		][style];
		return offset === 0 && style === 2
			? `${base}Z`
			: `${base}${suffix ?? `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`}`;
	}

	it("a timestamp with any offset is sent as the Tokyo date of its instant, whatever the workflow's zone", () => {
		fc.assert(
			fc.property(
				instant,
				offsetMinutes,
				fc.integer({ min: 0, max: 2 }),
				fc.constantFrom('UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/Berlin'),
				(epochMs, offset, style, workflowZone) => {
					expect(
						calendarDateOfTimestamp(written(epochMs, offset, style), {
							api: 'Asia/Tokyo',
							input: workflowZone,
						}),
					).toBe(tokyoDate(epochMs));
				},
			),
		);
	});

	it("a timestamp without an offset, in a workflow set to the API's zone, keeps its own date", () => {
		fc.assert(
			fc.property(instant, (epochMs) => {
				const text = new Date(epochMs).toISOString().slice(0, 19);
				expect(calendarDateOfTimestamp(text, { api: 'Asia/Tokyo', input: 'Asia/Tokyo' })).toBe(
					text.slice(0, 10),
				);
				expect(calendarDateOfTimestamp(text, { api: 'UTC', input: 'UTC' })).toBe(text.slice(0, 10));
			}),
		);
	});

	it('a timestamp without an offset read in UTC is the same as one with Z', () => {
		fc.assert(
			fc.property(instant, (epochMs) => {
				const text = new Date(epochMs).toISOString().slice(0, 19);
				expect(calendarDateOfTimestamp(text, { api: 'Asia/Tokyo', input: 'UTC' })).toBe(
					calendarDateOfTimestamp(`${text}Z`, TOKYO),
				);
			}),
		);
	});

	it('the date it answers is a real date, and reading that date again changes nothing', () => {
		fc.assert(
			fc.property(fc.string(), (text) => {
				const date = calendarDateOfTimestamp(text, TOKYO);
				if (date === undefined) return;
				expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
				expect(normalizeOrderDate(date, TOKYO)).toEqual({ value: date, rules: [] });
			}),
		);
	});
});

describe('ec_order_date in the order pipeline', () => {
	it('order-by-code: a Shopify created_at becomes its date, reported as a normalisation; dates keep working', () => {
		expect(normalizeOrderDate('2025-03-08T14:27:51+09:00', TOKYO)).toEqual({
			value: '2025-03-08',
			rules: ['timestampToApiDate'],
		});
		expect(normalizeOrderDate('2026年11月21日', TOKYO)).toEqual({
			value: '2026-11-21',
			rules: ['dateFormatted'],
		});
		expect(
			normalizeOrderDate('２０２５－０３－０８Ｔ１４：２７：５１＋０９：００', TOKYO).value,
		).toBe('2025-03-08');
		const { order, changes } = normalizeOrder(
			{ ec_order_date: '2025-03-08T05:27:51Z' },
			'orderByCode',
			{ timeZones: TOKYO },
		);
		expect(order.ec_order_date).toBe('2025-03-08');
		expect(changes).toEqual([
			expect.objectContaining({ field: 'ec_order_date', rule: 'timestampToApiDate' }),
		]);
	});

	it('order-with-image: a timestamp becomes its date too; other free text stays as it is', () => {
		expect(
			normalizeOrder({ ec_order_date: '2025-03-08T20:27:51-05:00' }, 'orderWithImage', {
				timeZones: TOKYO,
			}).order.ec_order_date,
		).toBe('2025-03-09');
		expect(
			normalizeOrder({ ec_order_date: '令和7年3月8日' }, 'orderWithImage', { timeZones: TOKYO })
				.order.ec_order_date,
		).toBe('令和7年3月8日');
	});

	it('with normalisation off nothing is rewritten (validation then names the accepted forms)', () => {
		expect(
			normalizeOrder({ ec_order_date: '2025-03-08T14:27:51+09:00' }, 'orderByCode', {
				enabled: false,
				timeZones: TOKYO,
			}).order.ec_order_date,
		).toBe('2025-03-08T14:27:51+09:00');
	});
});
