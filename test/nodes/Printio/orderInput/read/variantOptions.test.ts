/**
 * resolveLineOptions (nodes/Printio/orderInput/read/variantOptions.ts): a shop line's colour and size when the shop
 * gives fewer than two options, told from the original item's colours and sizes. Pinned: a single option is the
 * part it matches (catalog rule: exact, folded, slug, manufacturer's name); the item's only colour (only size)
 * fills the part a line lacks; an ambiguous or unknown value is refused naming the value, what it was tried as and
 * the item's colours and sizes; without the item's options the line stays as read.
 */
import fc from 'fast-check';

import type { ItemOptions } from '../../../../../nodes/Printio/orderInput/read/variantOptions';
import {
	needsItemOptions,
	resolveLineOptions,
} from '../../../../../nodes/Printio/orderInput/read/variantOptions';

const tee: ItemOptions = {
	colors: [
		{ name: 'ホワイト', manufacturerName: 'White' },
		{ name: 'ブラック', manufacturerName: 'Black' },
	],
	sizes: [{ name: 'S' }, { name: 'M' }, { name: 'L' }],
	itemLabel: 'original item EC-TS-0001 (item OGB-910)',
};
const oneColourTee: ItemOptions = {
	...tee,
	colors: [{ name: 'ホワイト', manufacturerName: 'White' }],
};
const mug: ItemOptions = {
	colors: [{ name: 'ホワイト', manufacturerName: 'White' }],
	sizes: [{ name: '330ml' }],
	itemLabel: 'original item t0100003 (item MUG-410)',
};
const tote: ItemOptions = {
	colors: [
		{ name: 'ナチュラル', manufacturerName: 'Natural' },
		{ name: 'ブラック', manufacturerName: 'Black' },
	],
	sizes: [{ name: 'F' }],
	itemLabel: 'original item EC-BG-0001 (item BAG-310)',
};

const single = (value: string) => ({ color: value, size: undefined, singleOption: value });

describe('a single option', () => {
	it('"M" on a T-shirt offered in one colour: the size, and the colour is the only one', () => {
		expect(resolveLineOptions(single('M'), oneColourTee, 'variantTitle')).toStrictEqual({
			color: 'ホワイト',
			size: 'M',
		});
	});

	it('"330ml" on a mug: the size; its only colour', () => {
		expect(resolveLineOptions(single('330ml'), mug, 'variantTitle')).toStrictEqual({
			color: 'ホワイト',
			size: '330ml',
		});
	});

	it("a colour by its manufacturer's name or slug stays as the shop gives it (the catalog match names it); the only size fills in", () => {
		expect(resolveLineOptions(single('Natural'), tote, 'variantTitle')).toStrictEqual({
			color: 'Natural',
			size: 'F',
		});
		expect(
			resolveLineOptions(
				{ color: undefined, size: undefined, singleOption: 'natural' },
				tote,
				'attributes',
			),
		).toStrictEqual({ color: 'natural', size: 'F' });
	});

	it('a size of an item with several colours: refused, naming the value, what it was tried as, the colours and sizes', () => {
		const result = resolveLineOptions(single('M'), tee, 'variantTitle');
		expect(result).toStrictEqual({
			color: undefined,
			size: 'M',
			problem: {
				message:
					'has one option, "M": tried as a colour and as a size, it is a size of original item EC-TS-0001 (item OGB-910); original item EC-TS-0001 (item OGB-910) comes in several colours, so which one cannot be told',
				fix: 'The colours of original item EC-TS-0001 (item OGB-910): ホワイト (White), ブラック (Black); its sizes: S, M, L. Give the variant both options ("White / M"), set Shop Order Options › Variant Title: Color Part / Size Part, or give the lines with Overrides › Lines (JSON).',
			},
		});
	});

	it('neither a colour nor a size: refused, the value named, the line as read', () => {
		const result = resolveLineOptions(single('XXL'), tee, 'variantTitle');
		expect(result.problem?.message).toBe(
			'has one option, "XXL": tried as a colour and as a size of original item EC-TS-0001 (item OGB-910), it is neither a colour nor a size',
		);
		expect(result).toMatchObject({ color: 'XXL', size: undefined });
	});

	it('both a colour and a size: ambiguous, refused', () => {
		const odd: ItemOptions = {
			colors: [{ name: 'F' }, { name: 'G' }],
			sizes: [{ name: 'F' }],
			itemLabel: 'original item X (item Y)',
		};
		expect(resolveLineOptions(single('f'), odd, 'attributes').problem).toStrictEqual({
			message:
				'has one option, "f": tried as a colour and as a size of original item X (item Y), it is both a colour and a size',
			fix: 'The colours of original item X (item Y): F, G; its sizes: F. Give the product both attributes (Shop Order Options › Color Attribute / Size Attribute), or give the lines with Overrides › Lines (JSON).',
		});
	});

	it('an item that lists no sizes: "none listed"; a colour of it stays a colour (the catalog match reports the sizes)', () => {
		const noSizes: ItemOptions = { ...tee, sizes: [] };
		expect(resolveLineOptions(single('White'), noSizes, 'variantTitle')).toStrictEqual({
			color: 'White',
			size: undefined,
		});
		expect(resolveLineOptions(single('M'), noSizes, 'variantTitle').problem?.fix).toContain(
			'its sizes: none listed.',
		);
	});
});

describe('a part missing', () => {
	it('WooCommerce with only the size attribute: the only colour fills in; several colours: refused naming the size read', () => {
		expect(
			resolveLineOptions({ color: undefined, size: 'm' }, oneColourTee, 'attributes'),
		).toStrictEqual({ color: 'ホワイト', size: 'm' });
		expect(
			resolveLineOptions({ color: undefined, size: 'm' }, tee, 'attributes').problem?.message,
		).toBe(
			'has the size "m" and no colour; original item EC-TS-0001 (item OGB-910) comes in several colours, so which one cannot be told',
		);
		expect(
			resolveLineOptions({ color: 'white', size: undefined }, tee, 'attributes').problem?.message,
		).toBe(
			'has the colour "white" and no size; original item EC-TS-0001 (item OGB-910) comes in several sizes, so which one cannot be told',
		);
	});

	it('neither part: both filled when the item has one of each; else left for validation to call required', () => {
		expect(
			resolveLineOptions({ color: undefined, size: undefined }, mug, 'variantTitle'),
		).toStrictEqual({ color: 'ホワイト', size: '330ml' });
		expect(
			resolveLineOptions({ color: undefined, size: undefined }, tee, 'variantTitle'),
		).toStrictEqual({ color: undefined, size: undefined });
	});

	it("without the item's options nothing changes; both parts given: nothing changes either", () => {
		expect(resolveLineOptions(single('M'), undefined, 'variantTitle')).toStrictEqual({
			color: 'M',
			size: undefined,
		});
		expect(resolveLineOptions({ color: 'Purple', size: 'XXL' }, tee, 'variantTitle')).toStrictEqual(
			{ color: 'Purple', size: 'XXL' },
		);
		expect(needsItemOptions({ color: 'Purple', size: 'XXL' })).toBe(false);
		expect(needsItemOptions({ color: 'Purple', size: undefined })).toBe(true);
		expect(needsItemOptions({ color: 'M', size: 'M', singleOption: 'M' })).toBe(true);
	});
});

describe('properties', () => {
	const name = fc.constantFrom('ホワイト', 'ブラック', 'ネイビー', 'S', 'M', 'L', 'F', '330ml');
	const names = fc
		.uniqueArray(name, { maxLength: 4 })
		.map((list) => list.map((entry) => ({ name: entry })));

	it("a value is placed only where the catalog lists it; a part filled in is the item's only one; every refusal names the value", () => {
		fc.assert(
			fc.property(names, names, name, (colors, sizes, value) => {
				const options: ItemOptions = { colors, sizes, itemLabel: 'original item X (item Y)' };
				const result = resolveLineOptions(single(value), options, 'variantTitle');
				if (result.problem) {
					expect(result.problem.message).toContain(`"${value}"`);
					expect(result.problem.fix).toContain('The colours of original item X (item Y)');
					return;
				}
				const isColor = colors.some((entry) => entry.name === value);
				const isSize = sizes.some((entry) => entry.name === value);
				expect(isColor !== isSize).toBe(true);
				expect(result.color).toBe(
					isColor ? value : colors.length === 1 ? colors[0].name : undefined,
				);
				expect(result.size).toBe(isSize ? value : sizes.length === 1 ? sizes[0].name : undefined);
			}),
		);
	});
});
