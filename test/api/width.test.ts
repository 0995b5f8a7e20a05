/**
 * The address width rule (api/width.ts): how wide a text counts (half-width 1, everything else 2, per code
 * point) and where splitAtWidth cuts it. The node's checks and overflow policy and the sandbox's cut all use it.
 */
import fc from 'fast-check';

import { LIMITS } from '../../api/limits';
import { addressWidth, splitAtWidth } from '../../api/width';

/** 16 full-width characters: exactly the limit. */
const FULL_LINE = '東京都渋谷区道玄坂一丁目二番三号';

describe('addressWidth', () => {
	it('ASCII counts 1, everything from U+0080 on counts 2 (half-width katakana and forms aside)', () => {
		expect(LIMITS.addressWidth).toBe(32);
		expect(addressWidth('\u007f')).toBe(1);
		expect(addressWidth('\u0080')).toBe(2);
		expect(addressWidth('é')).toBe(2);
		expect(addressWidth('ｱﾞ')).toBe(2);
		expect(addressWidth('￨')).toBe(1);
		expect(addressWidth(FULL_LINE)).toBe(32);
	});

	it.each([
		['', 0],
		['abc', 3],
		['渋谷', 4],
		['渋谷2-21-1', 10],
		['ｱｲｳ', 3],
		['アイウ', 6],
		['ＡＢ', 4],
		['１２', 4],
		['2丁目3番 ビル', 13],
		['𠮷野家', 6],
		['😀', 2],
		['é', 2],
	])('%p is %d wide', (text, width) => {
		expect(addressWidth(text)).toBe(width);
	});

	it.each([
		['U+007F (last of ASCII)', 1, '\u007f'],
		['U+0080', 2, '\u0080'],
		['U+FF60 (full-width right white parenthesis)', 2, '\uff60'],
		['U+FF61 (first half-width katakana form)', 1, '\uff61'],
		['U+FF9F (last half-width katakana form)', 1, '\uff9f'],
		['U+FFA0 (half-width Hangul filler, counted full)', 2, '\uffa0'],
		['U+FFE7', 2, '\uffe7'],
		['U+FFE8 (first half-width form)', 1, '\uffe8'],
		['U+FFEE (last half-width form)', 1, '\uffee'],
		['U+FFEF', 2, '\uffef'],
	])('the edge of a half-width range: %s counts %d', (_name, width, text) => {
		expect(addressWidth(text)).toBe(width);
	});

	it("property: the width of a text is the sum of its characters' widths, ASCII 1 and U+0080..U+07FF 2", () => {
		fc.assert(
			fc.property(
				fc.string({
					unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
				}),
				fc.string({
					unit: fc.integer({ min: 0x80, max: 0x7ff }).map((code) => String.fromCharCode(code)),
				}),
				(ascii, other) => {
					expect(addressWidth(ascii + other)).toBe(ascii.length + 2 * other.length);
				},
			),
		);
	});
});

describe('splitAtWidth', () => {
	it('splits at a code point boundary, never inside a surrogate pair', () => {
		const text = `${'あ'.repeat(15)}𠮷𠮷`;
		const { head, tail } = splitAtWidth(text, LIMITS.addressWidth);
		expect(head).toBe(`${'あ'.repeat(15)}𠮷`);
		expect(tail).toBe('𠮷');
		expect(splitAtWidth(`${'a'.repeat(31)}あ`, 32)).toEqual({ head: 'a'.repeat(31), tail: 'あ' });
		expect(splitAtWidth('😀😀', 3)).toStrictEqual({ head: '😀', tail: '😀' });
	});

	it('property: head + tail is the text, head within the limit and as long as it can be, no surrogate pair split', () => {
		// Code points at the edges of the half-width ranges, pairs and lone surrogates, and any code point at all.
		const unit = fc.oneof(
			fc.constantFrom(
				'a',
				' ',
				'\u007f',
				'\u0080',
				'é',
				'あ',
				'東',
				'ｱ',
				'\uff60',
				'\uff61',
				'\uff9f',
				'\uffa0',
				'\uffe7',
				'\uffe8',
				'\uffee',
				'\uffef',
				'😀',
				'𠮷',
				'\ud800',
				'\udc00',
			),
			fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
		);
		fc.assert(
			fc.property(
				fc.string({ unit, maxLength: 40 }),
				fc.oneof(fc.constant(LIMITS.addressWidth), fc.integer({ min: 0, max: 40 })),
				(text, limit) => {
					const { head, tail } = splitAtWidth(text, limit);
					expect(head + tail).toBe(text);
					expect(addressWidth(head)).toBeLessThanOrEqual(limit);
					const [next] = tail;
					if (next !== undefined) expect(addressWidth(head + next)).toBeGreaterThan(limit);
					expect(/[\ud800-\udbff]$/.test(head) && /^[\udc00-\udfff]/.test(tail)).toBe(false);
				},
			),
			{ numRuns: 500 },
		);
	});
});
