/**
 * Define Below numbers in address fields (nodes/Printio/orderInput/read/fromParameters.ts): an expression can give a
 * number. Only zip codes and phone numbers are digit strings whose leading 0 a number loses; any other address field
 * (a house number, a building name made of digits) takes the number as its text, sign and all.
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import fc from 'fast-check';

import { readParameters } from '../../../../../nodes/Printio/orderInput/read/fromParameters';

const node: INode = {
	id: 'n',
	name: 'Printio',
	type: 'printio',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function context(parameters: IDataObject): IExecuteFunctions {
	const fake: Pick<IExecuteFunctions, 'getNodeParameter' | 'getNode'> = {
		getNode: () => node,
		getNodeParameter: ((name: string, _itemIndex: number, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback) as IExecuteFunctions['getNodeParameter'],
	};
	return fake as IExecuteFunctions;
}

describe('readParameters: numbers in address fields that are plain text', () => {
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
						context({ shippingAddress1: value, senderAddress2: value }),
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
			context({ shippingAddress1: 312345678, shippingPhoneNumber: 312345678 }),
			0,
			'orderByCode',
		);
		expect(problems?.map((problem) => problem.field)).toStrictEqual([
			'shipping_information.phone_number',
		]);
	});
});
