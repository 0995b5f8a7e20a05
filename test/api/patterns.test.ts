/**
 * The formats the API checks, as the pattern strings the contract's schemas and the node's checks share: each
 * accepts what the spec asks for and refuses the rest (the node compiles them with `new RegExp(pattern)`).
 */
import fc from 'fast-check';

import {
	DATE_PATTERN,
	DATE_TIME_PATTERN,
	HEX_COLOR_PATTERN,
	IMAGE_URL_PATTERN,
	MAIL_ADDRESS_PATTERN,
	PHONE_NUMBER_PATTERN,
	URL_PATTERN,
	ZIP_CODE_PATTERN,
} from '../../api/patterns';

const accepts = (pattern: string, text: string) => new RegExp(pattern).test(text);
const digits = (min: number, max: number) =>
	fc
		.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
		.map((d) => d.join(''));

describe('DATE_TIME_PATTERN: YYYY-MM-DD HH:mm:ss, nothing else', () => {
	it.each(['2026-11-21 10:00:00', '2028-02-29 23:59:59', '0000-00-00 00:00:00'])(
		'accepts %j',
		(text) => {
			expect(accepts(DATE_TIME_PATTERN, text)).toBe(true);
		},
	);

	it.each([
		'',
		'2026-11-21',
		'2026-11-21T10:00:00',
		'2026-11-21 10:00',
		'2026-11-21 10:00:00.000',
		'2026-11-21 10:00:00Z',
		'2026-11-21 10:00:00+09:00',
		' 2026-11-21 10:00:00',
		'2026-11-21 10:00:00 ',
		'2026/11/21 10:00:00',
		'2026-1-21 10:00:00',
		'26-11-21 10:00:00',
		'2026-11-21  10:00:00',
		'x2026-11-21 10:00:00',
	])('refuses %j', (text) => {
		expect(accepts(DATE_TIME_PATTERN, text)).toBe(false);
	});

	it('accepts any digits in the places of the form', () => {
		fc.assert(
			fc.property(
				digits(4, 4),
				digits(2, 2),
				digits(2, 2),
				digits(2, 2),
				digits(2, 2),
				digits(2, 2),
				(y, mo, d, h, mi, s) => {
					expect(accepts(DATE_TIME_PATTERN, `${y}-${mo}-${d} ${h}:${mi}:${s}`)).toBe(true);
				},
			),
			{ numRuns: 50 },
		);
	});
});

describe('DATE_PATTERN: YYYY-MM-DD', () => {
	it('accepts the date and refuses a date-time or another form', () => {
		expect(accepts(DATE_PATTERN, '2026-11-21')).toBe(true);
		for (const text of [
			'',
			'2026-11-21 10:00:00',
			'2026/11/21',
			'2026-1-21',
			'20261121',
			' 2026-11-21',
		])
			expect([text, accepts(DATE_PATTERN, text)]).toStrictEqual([text, false]);
	});
});

describe('ZIP_CODE_PATTERN and PHONE_NUMBER_PATTERN: digits only, 7 and 10 to 15 of them', () => {
	it('zip code: exactly 7 digits', () => {
		fc.assert(
			fc.property(digits(0, 10), (text) => {
				expect(accepts(ZIP_CODE_PATTERN, text)).toBe(text.length === 7);
			}),
			{ numRuns: 100 },
		);
		expect(accepts(ZIP_CODE_PATTERN, '1500001')).toBe(true);
		for (const text of ['150000', '15000012', '150-0001', '１５００００１', '150000a'])
			expect([text, accepts(ZIP_CODE_PATTERN, text)]).toStrictEqual([text, false]);
	});

	it('phone number: 10 to 15 digits', () => {
		fc.assert(
			fc.property(digits(0, 18), (text) => {
				expect(accepts(PHONE_NUMBER_PATTERN, text)).toBe(text.length >= 10 && text.length <= 15);
			}),
			{ numRuns: 100 },
		);
		for (const text of ['03-1234-5678', '+81312345678', '0312345678 '])
			expect([text, accepts(PHONE_NUMBER_PATTERN, text)]).toStrictEqual([text, false]);
		expect(accepts(PHONE_NUMBER_PATTERN, '0312345678')).toBe(true);
		expect(accepts(PHONE_NUMBER_PATTERN, '031234567890123')).toBe(true);
		expect(accepts(PHONE_NUMBER_PATTERN, '031234567')).toBe(false);
		expect(accepts(PHONE_NUMBER_PATTERN, '0312345678901234')).toBe(false);
	});
});

describe('MAIL_ADDRESS_PATTERN: one @, a dot in the domain, no spaces', () => {
	it.each(['a@example.com', 'a..b.@docomo.ne.jp', 'first.last+tag@sub.example.co.jp'])(
		'accepts %j',
		(text) => {
			expect(accepts(MAIL_ADDRESS_PATTERN, text)).toBe(true);
		},
	);

	it.each([
		'',
		'a@example',
		'a@@example.com',
		'a@b@example.com',
		'a b@example.com',
		'@example.com',
		'a@.',
		'a@example.com ',
		'a@example.',
	])('refuses %j', (text) => {
		expect(accepts(MAIL_ADDRESS_PATTERN, text)).toBe(false);
	});
});

describe('URL_PATTERN and IMAGE_URL_PATTERN', () => {
	it('URL: http or https, no spaces', () => {
		for (const text of ['https://example.com', 'http://example.com/a?b=c'])
			expect([text, accepts(URL_PATTERN, text)]).toStrictEqual([text, true]);
		for (const text of [
			'',
			'ftp://example.com',
			'https://',
			'https://exa mple.com',
			'example.com',
			' https://example.com',
		]) {
			expect([text, accepts(URL_PATTERN, text)]).toStrictEqual([text, false]);
		}
	});

	it('image URL: the path ends in png, jpg, jpeg or pdf (any case); a query may follow but not supply it', () => {
		for (const text of [
			'https://x.com/a.png',
			'http://x.com/a/b.JPG',
			'https://x.com/a.jpeg?size=large',
			'https://x.com/a.Pdf#page=2',
			'https://x.com/a.jpg?',
		]) {
			expect([text, accepts(IMAGE_URL_PATTERN, text)]).toStrictEqual([text, true]);
		}
		for (const text of [
			'https://x.com/a?file.png',
			'https://x.com/a.gif',
			'https://x.com/a.png.txt',
			'https://x.com/a png',
			'ftp://x.com/a.png',
			'https://x.com/.jpgx',
		]) {
			expect([text, accepts(IMAGE_URL_PATTERN, text)]).toStrictEqual([text, false]);
		}
	});

	// The design URLs of Original Item › Create (moved here from the original-item validator of orderInput/validate.ts,
	// deleted as dead code: the operation checks the URL with this pattern itself).
	it.each([
		['https://img.example.jp/design.png', true],
		['https://img.example.jp/design.PNG', true],
		['https://img.example.jp/design.jpg', true],
		['https://img.example.jp/design.jpeg', true],
		['http://img.example.jp/design.pdf', true],
		['https://img.example.jp/design.png?token=abc', true],
		['https://img.example.jp/design.gif', false],
		['https://img.example.jp/design.webp', false],
		['https://img.example.jp/design', false],
		['https://img.example.jp/design.png.zip', false],
		['ftp://img.example.jp/design.png', false],
		['img.example.jp/design.png', false],
	])('image URL %s: accepted=%p', (url, valid) => {
		expect(accepts(IMAGE_URL_PATTERN, url)).toBe(valid);
	});
});

describe('HEX_COLOR_PATTERN: six hex digits, # optional', () => {
	const hex = (length: number) =>
		fc
			.array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: length, maxLength: length })
			.map((d) => d.join(''));

	it.each(['#FFFFFF', 'ffffff', '#00aAfF', '123456'])('accepts %j', (text) => {
		expect(accepts(HEX_COLOR_PATTERN, text)).toBe(true);
	});

	it.each([
		'',
		'#',
		'#FFF',
		'FFF',
		'#FFFFF',
		'#FFFFFFF',
		'#GGGGGG',
		'##FFFFFF',
		' #FFFFFF',
		'#FFFFFF ',
		'FFFFFF#',
		'rgb(0,0,0)',
	])('refuses %j', (text) => {
		expect(accepts(HEX_COLOR_PATTERN, text)).toBe(false);
	});

	it('accepts six hex digits with or without #, and refuses any other count', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 9 }), fc.boolean(), (length, hash) => {
				fc.pre(length !== 6);
				expect(accepts(HEX_COLOR_PATTERN, `${hash ? '#' : ''}${'a'.repeat(length)}`)).toBe(false);
			}),
			{ numRuns: 30 },
		);
		fc.assert(
			fc.property(hex(6), fc.boolean(), (digitsText, hash) => {
				expect(accepts(HEX_COLOR_PATTERN, `${hash ? '#' : ''}${digitsText}`)).toBe(true);
			}),
			{ numRuns: 50 },
		);
	});
});
