/**
 * The prefecture readers' edges: which Latin spellings are read (separators inside a name, long vowels, suffixes
 * with or without their dot, the suffix only at the end), what is not a romanised name at all, surrounding spaces,
 * and when a text counts as a whole address starting with a prefecture.
 */
import fc from 'fast-check';

import {
	PREFECTURES,
	prefectureFromCode,
	prefectureFromRomanized,
	resolvePrefecture,
	startsWithPrefecture,
} from '../../../../nodes/Printio/orderInput/prefectures';

describe('prefectureFromRomanized', () => {
	it('separators inside a name do not matter', () => {
		expect(prefectureFromRomanized('Kana gawa')).toBe('神奈川県');
		expect(prefectureFromRomanized("Wa'kayama")).toBe('和歌山県');
		expect(prefectureFromRomanized('Kago-shima-ken')).toBe('鹿児島県');
	});

	it('long vowels typed with h or a doubled u are folded', () => {
		expect(prefectureFromRomanized('Tohkyoh')).toBe('東京都');
		expect(prefectureFromRomanized('Ohsaka')).toBe('大阪府');
		expect(prefectureFromRomanized('Kohchi')).toBe('高知県');
		expect(prefectureFromRomanized('Fukuushima')).toBe('福島県');
		expect(prefectureFromRomanized('Guunma')).toBe('群馬県');
		expect(prefectureFromRomanized('Gumma-ken')).toBe('群馬県');
	});

	it('the suffix is stripped only at the end, with or without the dot of "Pref."', () => {
		expect(prefectureFromRomanized('Kyo-to Fu')).toBe('京都府');
		expect(prefectureFromRomanized('Tot-tori Ken')).toBe('鳥取県');
		expect(prefectureFromRomanized('Aichi Pref')).toBe('愛知県');
		expect(prefectureFromRomanized('Aichi pref.')).toBe('愛知県');
		expect(prefectureFromRomanized('Tokyo-to ')).toBe('東京都');
	});

	it('Hokkai-do is Hokkaido; another unknown name with a suffix is no prefecture', () => {
		expect(prefectureFromRomanized('Hokkai-do')).toBe('北海道');
		expect(prefectureFromRomanized('Hokkai')).toBeUndefined();
		for (const text of ['Foo-ken', 'Edo', 'Kanto-to', 'Yamato fu', 'Springfield', 'Tokyo-to-ken']) {
			expect(prefectureFromRomanized(text)).toBeUndefined();
		}
	});

	it("only Latin letters, spaces and -_.'’ make a romanised name: digits or kana anywhere make it none", () => {
		for (const text of [
			'Tokyo1',
			'1Tokyo',
			'To1kyo',
			'Tokyo東京',
			'東京Tokyo',
			'Tokyo!',
			'@Osaka',
			'Osaka 13',
		]) {
			expect(prefectureFromRomanized(text)).toBeUndefined();
		}
		expect(resolvePrefecture('Tokyo1')).toStrictEqual({ kind: 'unknown' });
	});

	it('property: a non-Latin character before or after a readable name makes it unreadable', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('Tokyo', 'Osaka-fu', 'Hokkai-do', 'Gunma ken'),
				fc.constantFrom('0', '9', '東', 'あ', '!', '#', '+'),
				fc.boolean(),
				(name, extra, before) => {
					expect(prefectureFromRomanized(name)).toBeDefined();
					expect(
						prefectureFromRomanized(before ? `${extra}${name}` : `${name}${extra}`),
					).toBeUndefined();
				},
			),
		);
	});
});

describe('prefectureFromCode', () => {
	it('spaces around a code are ignored', () => {
		expect(prefectureFromCode(' 13 ')).toBe('東京都');
		expect(prefectureFromCode('\tJP-01\n')).toBe('北海道');
	});

	it('numbers outside 1..47 are no prefecture', () => {
		for (const text of ['0', '00', '48', '99', 'JP-0', 'JP48'])
			expect(prefectureFromCode(text)).toBeUndefined();
		expect(prefectureFromCode('47')).toBe('沖縄県');
		expect(prefectureFromCode('1')).toBe('北海道');
	});
});

describe('startsWithPrefecture', () => {
	it('is true only when a full prefecture name is followed by more text', () => {
		expect(startsWithPrefecture('東京都渋谷区')).toBe(true);
		expect(startsWithPrefecture('神奈川県横浜市')).toBe(true);
		expect(startsWithPrefecture('東京都')).toBe(false);
		expect(startsWithPrefecture('渋谷区神南1-2')).toBe(false);
		expect(startsWithPrefecture('京都市中京区')).toBe(false);
		expect(startsWithPrefecture('')).toBe(false);
	});

	it('property: a prefecture name alone is not a whole address, the name and any more text is', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...PREFECTURES),
				fc.string({ minLength: 1, maxLength: 6 }),
				(name, rest) => {
					expect(startsWithPrefecture(name)).toBe(false);
					expect(startsWithPrefecture(`${name}${rest}`)).toBe(true);
					// Latin text never starts with a (kanji) prefecture name, however long.
					expect(startsWithPrefecture(`x${rest}${name}`)).toBe(false);
				},
			),
		);
	});
});
