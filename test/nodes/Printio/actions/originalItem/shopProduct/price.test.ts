/** A variant's price: catalog price + surcharge, marked up, rounded up to whole yen; never zero, never a guess. */
import fc from 'fast-check';

import {
	DEFAULT_PRICE_SETTINGS,
	type PriceSettings,
	printioCost,
	roundUp,
	variantPrice,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/price';
import {
	ShopProductRefusal,
	type ShopVariant,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/variants';
import { refusalFix } from './refusalFix';

const variant = (size?: string, surcharge = 0): ShopVariant => ({
	sku: 'EC-1~~M',
	options: [],
	...(size === undefined ? {} : { size: { name: size, surcharge } }),
});

const price = (
	catalog: number | undefined,
	change: Partial<PriceSettings>,
	of: ShopVariant = variant('M'),
) => variantPrice(catalog, of, { ...DEFAULT_PRICE_SETTINGS, ...change }, 'original item EC-1');

const refusal = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		if (error instanceof ShopProductRefusal) return error.message;
		throw error;
	}
	return undefined;
};

describe('variant price', () => {
	it('equals the exact integer arithmetic of price, surcharge, markup and step (property)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 200_000 }),
				fc.integer({ min: 0, max: 5_000 }),
				fc.integer({ min: 0, max: 300 }),
				fc.integer({ min: 0, max: 10_000 }),
				fc.integer({ min: 1, max: 1_000 }),
				(catalog, surcharge, percent, yen, step) => {
					// In hundredths of a yen, so that no float is involved.
					const hundredths = (catalog + surcharge) * (100 + percent) + 100 * yen;
					const expected = Math.ceil(hundredths / (100 * step)) * step;
					const got = price(
						catalog,
						{ markupPercent: percent, markupYen: yen, roundTo: step },
						variant('M', surcharge),
					);
					expect(got).toBe(expected);
					expect(Number.isInteger(got)).toBe(true);
				},
			),
		);
	});

	it('at the step boundary: a multiple stays, one yen over goes to the next step', () => {
		expect(price(1500, { roundTo: 10 })).toBe(1500);
		expect(price(1501, { roundTo: 10 })).toBe(1510);
		expect(price(1509, { roundTo: 10 })).toBe(1510);
		expect(price(1510, { roundTo: 10 })).toBe(1510);
		// 1500 × 1.3 is 1950.0000000000002 in floats: still 1950.
		expect(price(1500, { markupPercent: 30, roundTo: 10 })).toBe(1950);
		expect(price(1000, { markupPercent: 10 })).toBe(1100);
		expect(roundUp(1950, 1)).toBe(1950);
		expect(roundUp(1950.5, 1)).toBe(1951);
	});

	it('a step below 1, not finite or fractional still gives whole yen', () => {
		for (const step of [0, -10, 0.5, Number.NaN, Number.POSITIVE_INFINITY])
			expect(roundUp(1501.2, step)).toBe(1502);
		expect(roundUp(1501, 2.5)).toBe(1502);
		expect(price(1501, { roundTo: 2.5 })).toBe(1502);
	});

	it('a negative markup that leaves no price is refused, naming the item and size; one that leaves 1 yen is kept', () => {
		expect(refusal(() => price(1500, { markupPercent: -100 }))).toBe(
			'The marked-up price of original item EC-1 in size "M" would be 0 yen',
		);
		expect(refusal(() => price(1500, { markupYen: -2000 }, variant()))).toBe(
			'The marked-up price of original item EC-1 would be -500 yen',
		);
		expect(price(1500, { markupYen: -1499 })).toBe(1);
		expect(refusal(() => price(1500, { markupYen: -1500 }))).toMatch(/would be 0 yen$/);
	});

	it('unknown, zero or not a number: refused naming the item, never zero', () => {
		for (const catalog of [undefined, 0, Number.NaN, -100])
			expect(refusal(() => price(catalog, {}))).toBe(
				'The price of original item EC-1 is unknown: its catalog record could not be read or gives no price',
			);
		expect(printioCost(undefined, variant('M'))).toBeUndefined();
		expect(printioCost(Number.NaN, variant('M'))).toBeUndefined();
		expect(printioCost(1500, variant('M', 200))).toBe(1700);
		expect(printioCost(1500, variant())).toBe(1500);
	});

	it('fixed per size: the size, else *, else refused naming the size; never zero', () => {
		const fixed = { S: 2500, '*': 2800 };
		expect(price(undefined, { mode: 'fixed', fixed }, variant('S'))).toBe(2500);
		expect(price(undefined, { mode: 'fixed', fixed }, variant('XL'))).toBe(2800);
		expect(price(undefined, { mode: 'fixed', fixed: { '*': 999.2 } }, variant())).toBe(1000);
		expect(refusal(() => price(1500, { mode: 'fixed', fixed: { S: 2500 } }, variant('M')))).toBe(
			'Fixed Price per Size gives no price for size "M" of original item EC-1',
		);
		expect(refusal(() => price(1500, { mode: 'fixed', fixed: { S: 2500 } }, variant()))).toBe(
			'Fixed Price per Size gives no price for an item without sizes of original item EC-1',
		);
		for (const bad of [0, -1, Number.NaN])
			expect(refusal(() => price(1500, { mode: 'fixed', fixed: { M: bad } }))).toMatch(
				/^Fixed Price per Size gives no price for size "M"/,
			);
		// A fixed price is the price: no markup on top.
		expect(price(1500, { mode: 'fixed', fixed: { M: 2000 }, markupPercent: 50 })).toBe(2000);
	});
});

describe('variant price refusals: how to fix each', () => {
	it('a size without a fixed price, an unknown catalog price and a markup to zero each name their way out', () => {
		expect(refusalFix(() => price(1500, { mode: 'fixed', fixed: { S: 2500 } }))).toBe(
			'Give a price for every size, or one for * (all other sizes).',
		);
		expect(refusalFix(() => price(undefined, {}))).toBe(
			'Set Shop Product Options › Price to Fixed Price per Size, or try again when Printio answers.',
		);
		expect(refusalFix(() => price(1500, { markupPercent: -100 }))).toBe(
			'Use a markup that leaves a price above zero, or Fixed Price per Size.',
		);
	});
});
