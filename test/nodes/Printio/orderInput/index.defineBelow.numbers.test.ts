/**
 * Define Below numbers in address fields, as the read stage (readOrders) reads them: an expression can give a
 * number. Only zip codes and phone numbers are digit strings whose leading 0 a number loses; any other address field
 * (a house number, a building name made of digits) takes the number as its text, sign and all.
 */
import fc from 'fast-check';

import { parameterContext, readParameters } from '../orderRun/fakes';

describe('Define Below: numbers in address fields that are plain text', () => {
	it('any number, negative, fractional or 9 to 10 digits long, is that text with no problem', () => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.integer({ min: -99_999, max: -1 }),
					fc.integer({ min: 100_000_000, max: 9_999_999_999 }),
					fc.double({ min: 0.5, max: 999, noNaN: true }).filter((n) => !Number.isInteger(n)),
				),
				(value) => {
					const { order, problems } = readParameters.call(
						parameterContext({ shippingAddress1: value, senderAddress2: value }),
						0,
						'orderByCode',
					);
					expect(problems).toStrictEqual([]);
					expect(order.shipping_information).toStrictEqual({ address1: String(value) });
					expect(order.sender_information).toStrictEqual({ address2: String(value) });
				},
			),
		);
	});

	it('a phone number that lost its leading 0 is still reported, in the same read', () => {
		const { problems } = readParameters.call(
			parameterContext({ shippingAddress1: 312345678, shippingPhoneNumber: 312345678 }),
			0,
			'orderByCode',
		);
		expect(problems?.map((problem) => problem.field)).toStrictEqual([
			'shipping_information.phone_number',
		]);
	});
});
