/**
 * The catalog match of colours and sizes (helpers/catalogNames.ts): the shop's value → the catalog's name,
 * exact first, then the documented tolerant forms; never a name the catalog does not list.
 */
import fc from 'fast-check';

import {
	type CatalogName,
	describeCatalogNames,
	foldCatalogName,
	matchCatalogName,
} from '../../../../nodes/Printio/helpers/catalogNames';
import { catalog } from '../../../../sandbox/catalog';

const colorsOf = (code: string): CatalogName[] =>
	catalog
		.find((entry) => entry.item.code === code)!
		.item.colors!.values!.map((value) => ({
			name: value.name,
			manufacturerName: value.mfr_color_name,
		}));
const sizesOf = (code: string): CatalogName[] =>
	catalog
		.find((entry) => entry.item.code === code)!
		.item.sizes.values.map((value) => ({ name: value.name }));

const TEE_COLORS = colorsOf('OGB-910');
const TEE_SIZES = sizesOf('OGB-910');

describe('matchCatalogName: examples', () => {
	it.each([
		['ホワイト', TEE_COLORS, { kind: 'exact', name: 'ホワイト' }],
		['White', TEE_COLORS, { kind: 'matched', name: 'ホワイト', rule: 'manufacturerColorName' }],
		// WooCommerce `pa_color` slugs.
		['white', TEE_COLORS, { kind: 'matched', name: 'ホワイト', rule: 'manufacturerColorName' }],
		[
			'heather-grey',
			TEE_COLORS,
			{ kind: 'matched', name: 'ヘザーグレー', rule: 'manufacturerColorName' },
		],
		[
			'HEATHER_GREY',
			TEE_COLORS,
			{ kind: 'matched', name: 'ヘザーグレー', rule: 'manufacturerColorName' },
		],
		// Half-width katakana, full-width letters, spaces around.
		['ﾎﾜｲﾄ', TEE_COLORS, { kind: 'matched', name: 'ホワイト', rule: 'catalogNameFolded' }],
		[' ホワイト ', TEE_COLORS, { kind: 'matched', name: 'ホワイト', rule: 'catalogNameFolded' }],
		[
			'Ｂｌａｃｋ',
			TEE_COLORS,
			{ kind: 'matched', name: 'ブラック', rule: 'manufacturerColorName' },
		],
		// A WooCommerce slug of a Japanese term is stored percent-encoded.
		[
			encodeURIComponent('ネイビー').toLowerCase(),
			TEE_COLORS,
			{ kind: 'matched', name: 'ネイビー', rule: 'catalogNameFolded' },
		],
		// Size slugs.
		['m', TEE_SIZES, { kind: 'matched', name: 'M', rule: 'catalogNameFolded' }],
		['xl', TEE_SIZES, { kind: 'matched', name: 'XL', rule: 'catalogNameFolded' }],
		['ＸＸＬ', TEE_SIZES, { kind: 'matched', name: 'XXL', rule: 'catalogNameFolded' }],
		[
			'iphone-15-pro',
			sizesOf('PHC-510'),
			{ kind: 'matched', name: 'iPhone 15 Pro', rule: 'catalogNameFolded' },
		],
		['330ML', sizesOf('MUG-410'), { kind: 'matched', name: '330ml', rule: 'catalogNameFolded' }],
	])('%s', (value, names, expected) => {
		expect(matchCatalogName(value, names)).toEqual(expected);
	});

	it.each([
		['Gold', TEE_COLORS],
		['', TEE_COLORS],
		['   ', TEE_COLORS],
		['XS', TEE_SIZES],
		// `2XL` is not `XXL`: sizes are not guessed beyond their spelling.
		['2XL', TEE_SIZES],
		['x-large', TEE_SIZES],
		['ホワイト', colorsOf('MUG-420')],
	])('%j has no match', (value, names) => {
		expect(matchCatalogName(value, names)).toEqual({ kind: 'none', ambiguous: false });
	});

	it('two catalog names that fold alike make the value ambiguous, not a guess', () => {
		expect(matchCatalogName('xl', [{ name: 'XL' }, { name: 'xL' }])).toEqual({
			kind: 'none',
			ambiguous: true,
		});
		expect(matchCatalogName('x-l', [{ name: 'X L' }, { name: 'XL' }])).toEqual({
			kind: 'none',
			ambiguous: true,
		});
		// The exact name still wins.
		expect(matchCatalogName('XL', [{ name: 'XL' }, { name: 'xL' }])).toEqual({
			kind: 'exact',
			name: 'XL',
		});
	});

	it('the valid names are listed with their manufacturer names', () => {
		expect(describeCatalogNames(colorsOf('MUG-410'))).toBe('ホワイト (White)');
		expect(describeCatalogNames(TEE_SIZES)).toBe('S, M, L, XL, XXL');
	});
});

/** Names as catalogs write them: Latin words, katakana, digits, spaces between words. */
const nameArbitrary = fc
	.array(
		fc.constantFrom(
			'White',
			'grey',
			'XL',
			'M',
			'ホワイト',
			'ネイビー',
			'ブラック',
			'15',
			'Pro',
			'iPhone',
			'ml',
			'330',
		),
		{ minLength: 1, maxLength: 3 },
	)
	.map((words) => words.join(' '));
const catalogArbitrary = fc.uniqueArray(
	fc.record({
		name: nameArbitrary,
		manufacturerName: fc.option(nameArbitrary, { nil: undefined }),
	}),
	{ minLength: 1, maxLength: 6, selector: (entry) => entry.name },
);

/** What shops do to a name: case, width, spaces around, slug separators. */
const variantOf = (name: string, how: number): string => {
	switch (how) {
		case 0:
			return name.toLowerCase();
		case 1:
			return name.toUpperCase();
		case 2:
			return `  ${name}\t`;
		case 3:
			// Full-width ASCII, as a Japanese keyboard writes it.
			return name.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
		default:
			return name.toLowerCase().replace(/ /g, '-');
	}
};

describe('matchCatalogName: properties', () => {
	it('never answers a name the catalog does not list', () => {
		fc.assert(
			fc.property(catalogArbitrary, fc.string(), (names, value) => {
				const match = matchCatalogName(value, names);
				if (match.kind !== 'none') expect(names.map((entry) => entry.name)).toContain(match.name);
			}),
		);
	});

	it('a catalog name is always an exact match of itself', () => {
		fc.assert(
			fc.property(catalogArbitrary, fc.nat(), (names, pick) => {
				const { name } = names[pick % names.length];
				expect(matchCatalogName(name, names)).toEqual({ kind: 'exact', name });
			}),
		);
	});

	it('a variant of a name that folds to no other name finds that name', () => {
		fc.assert(
			fc.property(
				catalogArbitrary,
				fc.nat(),
				fc.integer({ min: 0, max: 4 }),
				(names, pick, how) => {
					const { name } = names[pick % names.length];
					const value = variantOf(name, how);
					const rivals = names.filter(
						(entry) =>
							entry.name !== name &&
							[entry.name, entry.manufacturerName].some(
								(other) =>
									other !== undefined &&
									(foldCatalogName(other) === foldCatalogName(name) ||
										foldCatalogName(other).replace(/[\s\-_]/g, '') ===
											foldCatalogName(name).replace(/[\s\-_]/g, '')),
							),
					);
					fc.pre(
						rivals.length === 0 &&
							names.every((entry) => entry.name === name || entry.manufacturerName !== value),
					);
					const match = matchCatalogName(value, names);
					expect(match.kind === 'none' ? undefined : match.name).toBe(name);
				},
			),
		);
	});

	it('matching is idempotent: the name a value matched matches exactly', () => {
		fc.assert(
			fc.property(catalogArbitrary, fc.string(), (names, value) => {
				const match = matchCatalogName(value, names);
				if (match.kind !== 'none')
					expect(matchCatalogName(match.name, names)).toEqual({ kind: 'exact', name: match.name });
			}),
		);
	});
});
