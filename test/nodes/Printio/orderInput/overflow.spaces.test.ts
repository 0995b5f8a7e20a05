/**
 * splitAddressLine (nodes/Printio/orderInput/overflow.ts), beyond overflow.test.ts: a break that falls between two
 * spaces leaves no space at the end of address1.
 */
import { splitAddressLine } from '../../../../nodes/Printio/orderInput/overflow';

describe('splitAddressLine', () => {
	it('a break between two spaces: the head keeps no trailing space, the tail no leading one', () => {
		// 31 characters, then two spaces: the width limit (32) falls on the first of them.
		const street = 'Jingumae 1-2-3 Shibuya-ku Tokyo';
		expect(street).toHaveLength(31);
		expect(splitAddressLine(`${street}  Harajuku Bldg 5F`)).toStrictEqual({
			head: street,
			tail: 'Harajuku Bldg 5F',
		});
	});
});
