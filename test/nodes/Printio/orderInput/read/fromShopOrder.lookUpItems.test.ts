/**
 * readShopItems (nodes/Printio/orderInput/read/fromShopOrder.ts), beyond fromShopOrder.lookUp.test.ts: with the input
 * mode the node's one value (it takes no expression, so every item index answers the same), it answers exactly the
 * items it was given, nothing for an index past the last.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import type {
	OriginalItemQuery,
	ShopItemRead,
} from '../../../../../nodes/Printio/orderInput/read/fromShopOrder';
import { readShopItems } from './shopItems';
import { connection, parameterContext } from '../../orderRun/fakes';

/** The node's parameters, the same for every item index (as n8n answers a parameter without an expression). */
const context = parameterContext({ inputMode: 'shopifyOrder' });

const order = (number: number, sku: string): INodeExecutionData => ({
	json: {
		order_number: number,
		line_items: [
			{ id: number * 10, sku, title: 'T-Shirt', variant_title: 'ホワイト / M', quantity: 1 },
		],
	},
});

describe('readShopItems: the items given', () => {
	it('answers each item given and no index past the last', async () => {
		const asked: OriginalItemQuery[] = [];
		const lookup = await readShopItems.call(
			context,
			[order(1001, 'EC-TS-0001'), order(1002, 'PIN-1')],
			'orderByCode',
			connection,
			{
				exists: async (query) => {
					asked.push(query);
					return query.code.startsWith('EC-');
				},
				concurrency: 1,
			},
		);
		expect([...lookup.keys()]).toStrictEqual([0, 1]);
		expect(
			[...lookup.values()].map(
				(answer) => (answer as ShopItemRead).row.order.order_details?.length,
			),
		).toStrictEqual([1, 0]);
		expect(asked.map((query) => [query.code, query.itemIndex])).toStrictEqual([
			['EC-TS-0001', 0],
			['PIN-1', 1],
		]);
	});
});
