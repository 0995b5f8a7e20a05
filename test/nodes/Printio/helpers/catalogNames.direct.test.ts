/**
 * Boundaries of the catalog match (helpers/catalogNames.ts) that catalogNames.test.ts leaves
 * open: percent-encoding in either case or broken, every separator a slug drops, blank keys, ambiguity in the
 * manufacturer tiers, and how names are listed in a refusal.
 */
import fc from 'fast-check';

import {
	CATALOG_RULE_MESSAGES,
	describeCatalogNames,
	foldCatalogName,
	matchCatalogName,
	slugCatalogName,
} from '../../../../nodes/Printio/helpers/catalogNames';

const SEPARATORS = [' ', '\t', '-', '_', '‐', '‑', '‒', '–', '—', '―', '−'];

describe('slugCatalogName', () => {
	it('decodes percent-encoding in upper or lower case, and keeps text that only looks encoded', () => {
		expect(slugCatalogName('%E3%83%8D%E3%82%A4%E3%83%93%E3%83%BC')).toBe('ネイビー');
		expect(slugCatalogName('%e3%83%8d')).toBe('ネ');
		expect(slugCatalogName('caf%C3%A9')).toBe('café');
		expect(slugCatalogName('100%ab')).toBe('100%ab');
		expect(slugCatalogName('50% off')).toBe('50%off');
		expect(slugCatalogName('a%2')).toBe('a%2');
	});

	it('drops runs of spaces, hyphens, dashes and underscores after folding', () => {
		expect(slugCatalogName(' Heather - Grey ')).toBe('heathergrey');
		fc.assert(
			fc.property(
				fc.array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 4 }),
				(run) => {
					expect(slugCatalogName(`iPhone${run.join('')}15`)).toBe('iphone15');
				},
			),
		);
	});

	it('keeps other punctuation', () => {
		expect(slugCatalogName('A/B.C')).toBe('a/b.c');
	});
});

describe('foldCatalogName', () => {
	it('unifies width, trims, makes one space of each run and ignores case', () => {
		expect(foldCatalogName('  Ｈｅａｔｈｅｒ \t  ＧＲＥＹ ')).toBe('heather grey');
		expect(foldCatalogName('ﾎﾜｲﾄ')).toBe('ホワイト');
	});
});

describe('matchCatalogName', () => {
	it('a value that folds or slugs to nothing matches no name, even one that does too', () => {
		expect(matchCatalogName('   ', [{ name: ' ' }])).toStrictEqual({
			kind: 'none',
			ambiguous: false,
		});
		expect(matchCatalogName('--', [{ name: '_' }])).toStrictEqual({
			kind: 'none',
			ambiguous: false,
		});
		expect(matchCatalogName('--', [{ name: 'X', manufacturerName: '_' }])).toStrictEqual({
			kind: 'none',
			ambiguous: false,
		});
	});

	it("a manufacturer's name shared by two catalog names is ambiguous, exact or folded", () => {
		const names = [
			{ name: 'ホワイト', manufacturerName: 'White' },
			{ name: 'オフホワイト', manufacturerName: 'White' },
		];
		expect(matchCatalogName('White', names)).toStrictEqual({ kind: 'none', ambiguous: true });
		expect(matchCatalogName('white', names)).toStrictEqual({ kind: 'none', ambiguous: true });
		expect(matchCatalogName('w-hite', names)).toStrictEqual({ kind: 'none', ambiguous: true });
	});

	it('one catalog name found twice is no ambiguity', () => {
		expect(matchCatalogName('white', [{ name: 'White' }, { name: 'White' }])).toStrictEqual({
			kind: 'matched',
			name: 'White',
			rule: 'catalogNameFolded',
		});
		expect(
			matchCatalogName('Blanc', [
				{ name: 'ホワイト', manufacturerName: 'Blanc' },
				{ name: 'ホワイト', manufacturerName: 'Blanc' },
			]),
		).toStrictEqual({
			kind: 'matched',
			name: 'ホワイト',
			rule: 'manufacturerColorName',
		});
	});

	it("prefers the catalog name over a manufacturer's name in each tier, and the folded tier over the slug tier", () => {
		const names = [
			{ name: 'Grey', manufacturerName: 'Gray' },
			{ name: 'グレー', manufacturerName: 'grey' },
		];
		expect(matchCatalogName('GREY', names)).toStrictEqual({
			kind: 'matched',
			name: 'Grey',
			rule: 'catalogNameFolded',
		});
		expect(matchCatalogName('g-ray', names)).toStrictEqual({
			kind: 'matched',
			name: 'Grey',
			rule: 'manufacturerColorName',
		});
		const tiers = [{ name: 'X L' }, { name: 'XL', manufacturerName: 'x l' }];
		expect(matchCatalogName('x  l', tiers)).toStrictEqual({
			kind: 'matched',
			name: 'X L',
			rule: 'catalogNameFolded',
		});
	});

	it('a name the manufacturer name equals exactly wins over folding', () => {
		expect(
			matchCatalogName('white', [
				{ name: 'White' },
				{ name: 'ホワイト', manufacturerName: 'white' },
			]),
		).toStrictEqual({
			kind: 'matched',
			name: 'ホワイト',
			rule: 'manufacturerColorName',
		});
	});
});

describe('describeCatalogNames', () => {
	it("adds the manufacturer's name only when it differs", () => {
		expect(
			describeCatalogNames([
				{ name: 'ホワイト', manufacturerName: 'White' },
				{ name: 'Black', manufacturerName: 'Black' },
				{ name: 'M' },
				{ name: 'L', manufacturerName: '' },
			]),
		).toBe('ホワイト (White), Black, M, L');
		expect(describeCatalogNames([])).toBe('');
	});

	it('says what each rule did', () => {
		expect(CATALOG_RULE_MESSAGES).toStrictEqual({
			catalogNameFolded:
				"replaced by the name the item's catalog record lists (case, width, spaces or slug form differed)",
			manufacturerColorName:
				"replaced the manufacturer's colour name (or its slug) by the colour name the item's catalog record lists",
		});
	});
});
