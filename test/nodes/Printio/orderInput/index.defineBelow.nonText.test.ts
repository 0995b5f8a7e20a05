/**
 * Define Below values that are not text, as the read stage (readOrders) reads them: an expression in an order,
 * address or option field can give a list, an object or true/false. Such a value is reported (a problem on the
 * row, or the item failing for an option), never sent as "[object Object]", "a,b" or "true", and never dropped
 * without a word.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { connection, parameterContext, readDefaults, readParameters } from '../orderRun/fakes';

describe('Define Below: order and address fields', () => {
	it.each([
		['an object', { first: '太郎', last: '山田' }],
		['a list', ['山田', '太郎']],
		['true', true],
		['false', false],
	])(
		'%s in an order or address field is a problem naming the field, and is not sent',
		(_name, value) => {
			const { order, problems } = readParameters.call(
				parameterContext({ ecOrderNo: value, shippingFullName: value, senderPhoneNumber: value }),
				2,
				'orderByCode',
			);
			expect(order).toStrictEqual({ order_details: [] });
			expect(problems).toStrictEqual([
				{
					field: 'ec_order_no',
					message: 'must be text',
					fix: 'Give ec_order_no as text.',
					itemIndex: 2,
				},
				{
					field: 'shipping_information.full_name',
					message: 'must be text',
					fix: 'Give shipping_information.full_name as text.',
					itemIndex: 2,
				},
				{
					field: 'sender_information.phone_number',
					message: 'must be text',
					fix: 'Give sender_information.phone_number as text.',
					itemIndex: 2,
				},
			]);
		},
	);

	it('text beside a value that is not text is read as given', () => {
		const { order, problems } = readParameters.call(
			parameterContext({
				ecOrderNo: 'WEB-1001',
				shippingFullName: { name: 'x' },
				shippingMunicipalities: '渋谷区',
			}),
			0,
			'orderWithImage',
		);
		expect(order).toStrictEqual({
			ec_order_no: 'WEB-1001',
			shipping_information: { municipalities: '渋谷区' },
			order_details: [],
		});
		expect(problems?.map((problem) => problem.field)).toStrictEqual([
			'shipping_information.full_name',
		]);
	});
});

describe("the node's defaults: text options", () => {
	const defaults = (options: IDataObject, itemIndex = 0) =>
		readDefaults.call(parameterContext({ options }), itemIndex, 'orderByCode', connection);

	it.each([
		['ecOrderDate', 'EC Order Date'],
		['ecOptionalInformation', 'EC Optional Information'],
		['teamId', 'Team ID (Internal)'],
	])(
		'%s that is not text fails the item, naming the option as the form shows it',
		(name, label) => {
			for (const value of [{ note: 'gift' }, ['a'], true]) {
				let thrown: unknown;
				try {
					defaults({ [name]: value }, 4);
				} catch (error) {
					thrown = error;
				}
				expect(thrown).toBeInstanceOf(NodeOperationError);
				const error = thrown as NodeOperationError;
				expect(error.message).toBe(`Options › ${label} must be text`);
				expect(error.description).toBe(
					`The expression in ${label} gives a list, an object or true/false: give text.`,
				);
				expect(error.context.itemIndex).toBe(4);
			}
		},
	);

	it('a number is taken as its text; blank, null and absent are left out', () => {
		expect(defaults({ ecOrderDate: 20261121, ecOptionalInformation: 42, teamId: 7 })).toStrictEqual(
			{ retailer_id: 1, ec_order_date: '20261121', ec_optional_information: '42', team_id: '7' },
		);
		expect(defaults({ ecOrderDate: '', ecOptionalInformation: null, teamId: '  ' })).toStrictEqual({
			retailer_id: 1,
		});
		expect(defaults({})).toStrictEqual({ retailer_id: 1 });
	});

	it('Team ID is read for Create only: on Create With Images it is not looked at', () => {
		expect(
			readDefaults.call(
				parameterContext({ options: { teamId: { bad: true }, ecOptionalInformation: 'x' } }),
				0,
				'orderWithImage',
				connection,
			),
		).toStrictEqual({ retailer_id: 1, ec_optional_information: 'x' });
	});
});
