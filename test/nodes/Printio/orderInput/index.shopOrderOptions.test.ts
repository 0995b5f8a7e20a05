/**
 * readOrderInput (nodes/Printio/orderInput/index.ts), beyond index.more.test.ts: shop orders are never combined,
 * yet the node's other options still apply to them (Multi-Item Order: one shop order with two different print
 * items is one order of two lines).
 */
import type { IDataObject } from 'n8n-workflow';
import {
	connectionWith,
	parameterContext,
	readAndPrepare as readOrderInput,
	SHOP_SENDER,
} from '../orderRun/fakes';

import type { OriginalItemQuery } from '../../../../nodes/Printio/orderInput';

const connection = connectionWith(SHOP_SENDER);

const parameters: IDataObject = { inputMode: 'shopifyOrder' };
const context = parameterContext(parameters);

/** An `orders/create` webhook body as Shopify sends it: a T-shirt and a hoodie, both print items. */
const order: IDataObject = {
	id: 5523904970915,
	order_number: 1042,
	created_at: '2025-03-08T14:27:51+09:00',
	email: 'taro@example.jp',
	shipping_address: {
		first_name: '太郎',
		last_name: '山田',
		zip: '530-0001',
		province_code: 'JP-27',
		city: '大阪市北区',
		address1: '梅田1-1-1',
		phone: '+81 6-1234-5678',
	},
	line_items: [
		{
			id: 13851775828131,
			sku: 'EC-TS-0001',
			title: 'T-Shirt',
			variant_title: 'ホワイト / M',
			quantity: 1,
		},
		{
			id: 13851775828132,
			sku: 'EC-HD-0002',
			title: 'Hoodie',
			variant_title: 'ブラック / L',
			quantity: 1,
		},
	],
};

describe("shop orders with the node's options", () => {
	it('Multi-Item Order applies to a shop order: two different print items make one order of two lines', async () => {
		const exists = async (query: OriginalItemQuery) => query.code.startsWith('EC-');
		const input = await readOrderInput.call(context, [{ json: order }], 'orderByCode', connection, {
			continueOnFail: false,
			shopLookUps: { exists, concurrency: 1 },
			multiItemOrder: true,
			groupByEcOrderNo: true,
		});
		expect(input.orders).toHaveLength(1);
		const [prepared] = input.orders;
		expect(prepared.problems).toStrictEqual([]);
		// toMatchObject holds an array to its length: exactly these two lines.
		expect(prepared.request).toMatchObject({
			order_details: [
				{ ec_original_item_code: 'EC-TS-0001' },
				{ ec_original_item_code: 'EC-HD-0002' },
			],
		});
	});
});
