/**
 * The node's defaults, as the read stage (readOrders) reads them, take from Options the retailer and the options the
 * form shows, nothing else: a value under another field's parameter name, or a number where Novelties expects
 * entries, adds no key to the order's defaults.
 */
import type { IDataObject } from 'n8n-workflow';

import { fieldsOf } from '../../../../nodes/Printio/orderInput/fields';
import { connection, parameterContext, readDefaults } from '../orderRun/fakes';

const context = (options: IDataObject) => parameterContext({ options });

describe("the node's defaults", () => {
	it.each([
		[
			'orderByCode',
			{
				retailer_id: 7,
				ec_order_date: '7',
				ec_optional_information: '7',
				team_id: '7',
				shipping_method: 7,
			},
		],
		['orderWithImage', { retailer_id: 7, ec_order_date: '7', ec_optional_information: '7' }],
	] as const)(
		'on %s reads the retailer and the Options fields only, whatever else Options carries',
		(operation, expected) => {
			// Every parameter name of the table's fields, the address and line fields' included, given "7".
			const options = Object.fromEntries(
				fieldsOf(operation).map((field) => [field.parameter, '7']),
			);
			expect(readDefaults.call(context(options), 0, operation, connection)).toStrictEqual(expected);
		},
	);
});
