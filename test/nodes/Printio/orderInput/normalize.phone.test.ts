/**
 * Phone numbers pasted with spaces around them (nodes/Printio/orderInput/normalize.ts): the +81 form is recognised
 * after trimming, so a sheet cell " +81 3-1234-5678" becomes the domestic 0312345678, not 81312345678.
 */
import fc from 'fast-check';

import { normalizePhoneNumber } from '../../../../nodes/Printio/orderInput/normalize';

describe('normalizePhoneNumber: surrounding spaces', () => {
	it('+81 numbers with any spaces (half- or full-width) around them become domestic', () => {
		const space = fc.constantFrom(' ', '\t', '\u3000', '  ');
		fc.assert(
			fc.property(
				fc.array(space, { maxLength: 3 }),
				fc.array(space, { maxLength: 3 }),
				(before, after) => {
					const { value, rules } = normalizePhoneNumber(
						`${before.join('')}+81 3-1234-5678${after.join('')}`,
					);
					expect(value).toBe('0312345678');
					expect(rules).toContain('countryCodeToDomestic');
				},
			),
		);
	});
});
