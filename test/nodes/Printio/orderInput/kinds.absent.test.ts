/** A blank value reads as absent (undefined), whatever the source gave: null from a sheet cell, '' from a form. */
import fc from 'fast-check';

import { ItemReader } from '../../../../nodes/Printio/orderInput/kinds';

describe('ItemReader: absent values', () => {
	it.each([null, undefined, '', '   '])('number(%p) is undefined, not null or text', (value) => {
		expect(new ItemReader(0).number(value)).toBeUndefined();
	});

	it('object(null) is undefined for either shape', () => {
		const reader = new ItemReader(0);
		expect(reader.object(null, 'order_details', 'array')).toBeUndefined();
		expect(reader.object(null, 'novelty', 'object')).toBeUndefined();
		expect(reader.problems).toEqual([]);
	});

	it('numeric text becomes its number; anything else is kept for validation', () => {
		fc.assert(
			fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (n) => {
				expect(new ItemReader(0).number(` ${n} `)).toBe(n);
				expect(new ItemReader(0).number(n)).toBe(n);
			}),
		);
		expect(new ItemReader(0).number('12 pcs')).toBe('12 pcs');
	});
});
