/**
 * The print area and size rules (printArea.ts), called directly: the item's dpi (a positive finite number, else
 * 200), pixels computed from millimetres rounded up but exact at a whole pixel, a stated pixel size used only
 * when it is a positive finite number, and the cover rule's verdict and effective dpi (both sides must reach the
 * area; the side that falls shortest sets the dpi), with the limits exactly at and one over.
 */
import fc from 'fast-check';

import {
	DEFAULT_DPI,
	judgeSize,
	printAreaOf,
	type PrintArea,
} from '../../../../../nodes/Printio/checks/design/printArea';

const item = (width: Record<string, unknown>, height: Record<string, unknown>, dpi?: unknown) => ({
	simulator_type: {
		dpi,
		image_size: {
			values: [
				{ value: 'width', ...width },
				{ value: 'height', ...height },
			],
		},
	},
});

describe('printAreaOf: the item dpi', () => {
	it('a positive finite dpi is used; 0, negative, infinite or missing is 200', () => {
		const sides = [{ mm_size: 25.4 }, { mm_size: 50.8 }] as const;
		expect(printAreaOf(item(...sides, 300))).toStrictEqual({
			widthPx: 300,
			heightPx: 600,
			dpi: 300,
			widthMm: 25.4,
			heightMm: 50.8,
		});
		expect(printAreaOf(item(...sides, '0.5'))).toStrictEqual({
			widthPx: 1,
			heightPx: 1,
			dpi: 0.5,
			widthMm: 25.4,
			heightMm: 50.8,
		});
		for (const dpi of [0, -300, '-1', Infinity, 'Infinity', undefined, null, 'abc']) {
			expect(printAreaOf(item(...sides, dpi))).toStrictEqual({
				widthPx: 200,
				heightPx: 400,
				dpi: DEFAULT_DPI,
				widthMm: 25.4,
				heightMm: 50.8,
			});
		}
	});
});

describe('printAreaOf: pixels from millimetres', () => {
	it('a side exactly a whole number of pixels is that number; a hundredth of a pixel more is one pixel more', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 20_000 }),
				fc.constantFrom(72, 150, 200, 254, 300, 600),
				(px, dpi) => {
					const exactMm = (px * 25.4) / dpi;
					const area = printAreaOf(item({ mm_size: exactMm }, { mm_size: exactMm * 1.001 }, dpi))!;
					expect(area.widthPx).toBe(px);
					expect(area.heightPx).toBeGreaterThan(area.widthPx);
					const over = printAreaOf(
						item({ mm_size: ((px + 0.01) * 25.4) / dpi }, { mm_size: exactMm }, dpi),
					)!;
					expect(over.widthPx).toBe(px + 1);
				},
			),
			{ numRuns: 200 },
		);
		// The examples of the catalog: 280 × 350 mm at 200 dpi.
		expect(printAreaOf(item({ mm_size: 280 }, { mm_size: 350 }, 200))).toStrictEqual({
			widthPx: 2205,
			heightPx: 2756,
			dpi: 200,
			widthMm: 280,
			heightMm: 350,
		});
		expect(printAreaOf(item({ mm_size: 25.4 }, { mm_size: 254 }, 200))).toStrictEqual({
			widthPx: 200,
			heightPx: 2000,
			dpi: 200,
			widthMm: 25.4,
			heightMm: 254,
		});
	});

	it('a stated pixel size is used only when it is a positive finite number; else computed from mm', () => {
		for (const px of [0, -10, '0', Infinity, 'n/a', null, '']) {
			expect(
				printAreaOf(item({ mm_size: 25.4, px_size: px }, { mm_size: 25.4, px_size: 300 }, 200)),
			).toStrictEqual({
				widthPx: 200,
				heightPx: 300,
				dpi: 200,
				widthMm: 25.4,
				heightMm: 25.4,
			});
		}
		expect(
			printAreaOf(item({ mm_size: 0, px_size: '1200px' }, { mm_size: -3, px_size: 900.4 }, 200)),
		).toStrictEqual({
			widthPx: 1200,
			heightPx: 900,
			dpi: 200,
			widthMm: undefined,
			heightMm: undefined,
		});
		expect(printAreaOf(item({ mm_size: 0, px_size: 0 }, { mm_size: 25.4 }, 200))).toBeUndefined();
	});
});

describe('judgeSize: cover', () => {
	const area: PrintArea = { widthPx: 2205, heightPx: 2756, dpi: 200 };

	it('ok exactly when both sides reach the area; one pixel short on either side is not', () => {
		fc.assert(
			fc.property(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), (dw, dh) => {
				const verdict = judgeSize({ widthPx: 2205 + dw, heightPx: 2756 + dh }, area, 'cover');
				expect(verdict.ok).toBe(dw >= 0 && dh >= 0);
				expect([verdict.neededWidthPx, verdict.neededHeightPx]).toStrictEqual([2205, 2756]);
			}),
		);
		expect(judgeSize({ widthPx: 2204, heightPx: 9000 }, area, 'cover').ok).toBe(false);
		expect(judgeSize({ widthPx: 9000, heightPx: 2755 }, area, 'cover').ok).toBe(false);
	});

	it('the effective dpi is set by the side that falls shortest, rounded down', () => {
		// 2000 × 2000: width at 2000/2205, height at 2000/2756 of the area; the height sets it: 200 · 2000/2756 = 145.1.
		expect(judgeSize({ widthPx: 2000, heightPx: 2000 }, area, 'cover')).toStrictEqual({
			ok: false,
			widthPx: 2000,
			heightPx: 2000,
			neededWidthPx: 2205,
			neededHeightPx: 2756,
			effectiveDpi: 145,
		});
		// Twice the area: 400 dpi; wider than tall: the height still sets it.
		expect(judgeSize({ widthPx: 4410, heightPx: 5512 }, area, 'cover').effectiveDpi).toBe(400);
		expect(judgeSize({ widthPx: 8820, heightPx: 2756 }, area, 'cover').effectiveDpi).toBe(200);
		expect(judgeSize({ widthPx: 2205, heightPx: 11024 }, area, 'cover').effectiveDpi).toBe(200);
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 20_000 }),
				fc.integer({ min: 1, max: 20_000 }),
				(w, h) => {
					const verdict = judgeSize({ widthPx: w, heightPx: h }, area, 'cover');
					const exact = Math.min((200 * w) / 2205, (200 * h) / 2756);
					// Away from a whole dpi (where floating point may land on either side) it is exactly the floor.
					fc.pre(Math.abs(exact - Math.round(exact)) > 1e-6);
					expect(verdict.effectiveDpi).toBe(Math.floor(exact));
				},
			),
		);
	});
});
