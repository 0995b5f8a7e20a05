/**
 * Order › createWithImages as a unit (createWithImages.operation.ts; the sandbox runs in createWithImages.operation.workflow.test.ts go through n8n): shown
 * for its own operation only, and runs the order creation as orderWithImage. The input reading and the placement are
 * scripted: createOrders.test.ts tests what lies between.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	description,
	execute,
} from '../../../../../nodes/Printio/actions/order/createWithImages.operation';
import { placeOrders } from '../../../../../nodes/Printio/placement/placement';
import { readOrders } from '../../../../../nodes/Printio/orderInput';
import { NODE } from '../../../shared/printio/transport/fakeContext';
import { catalogService } from '../../orderRun/fakes';

jest.mock('../../../../../nodes/Printio/orderInput', () => ({
	...jest.requireActual('../../../../../nodes/Printio/orderInput'),
	readOrders: jest.fn(),
}));
jest.mock('../../../../../nodes/Printio/placement/placement', () => ({
	...jest.requireActual('../../../../../nodes/Printio/placement/placement'),
	placeOrders: jest.fn(),
}));

describe('Order › createWithImages (direct)', () => {
	it('is shown for Order › createWithImages only, with its own form', () => {
		expect(description.length).toBeGreaterThan(10);
		for (const property of description)
			expect(property.displayOptions?.show).toEqual(
				expect.objectContaining({ resource: ['order'], operation: ['createWithImages'] }),
			);
		const lines = description.find((property) => property.name === 'lines');
		const values = (lines?.options as Array<{ values: Array<{ name: string }> }>)[0].values.map(
			(value) => value.name,
		);
		expect(values[0]).toBe('itemCode');
	});

	it('runs the order creation as orderWithImage', async () => {
		jest.mocked(readOrders).mockReturnValue({ entries: [], questions: [] });
		jest.mocked(placeOrders).mockResolvedValue([]);
		const service = catalogService({}, {
			getNode: () => NODE,
			getNodeParameter: (() => ({})) as unknown as IExecuteFunctions['getNodeParameter'],
			continueOnFail: () => false,
			getTimezone: () => 'Asia/Tokyo',
		} as Partial<IExecuteFunctions>);
		const items = [{ json: { a: 1 } }];
		expect(await execute.call(service.context, items, service.api)).toEqual([]);
		expect(jest.mocked(readOrders).mock.calls[0][1]).toBe(items);
		expect(jest.mocked(readOrders).mock.calls[0][0].operation).toBe('orderWithImage');
		expect(jest.mocked(placeOrders).mock.calls[0][2].endpoint).toBe('postOrderWithImage');
	});
});
