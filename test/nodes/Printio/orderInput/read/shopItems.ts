/**
 * The shop input modes as the stages run them, for the tests of the shop reading: the read stage (readOrders) parses
 * each shop item and names its questions, the real look-up stage (lookUpOrders) asks them of a Printio answered by a
 * script, and the prepare stage's shop reading (readShopItem, nodes/Printio/orderInput/read/fromShopOrder.ts) turns
 * each item into its row with the script's answers. The row before normalisation and validation is what these
 * tests pin, and no stage gives it as it is: that is why readShopItem is asked directly.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { Connection } from '../../../../../nodes/shared/printio/transport';
import { type OrderOperation, readOrders } from '../../../../../nodes/Printio/orderInput';
import {
	readShopItem,
	type ShopItemRead,
} from '../../../../../nodes/Printio/orderInput/read/fromShopOrder';
import { lookedUpBy, runOf, type ShopCatalog, shopCatalogApi } from '../../orderRun/fakes';

/** A Shopify order as its webhook gives it: a T-shirt in two variants, a gift card without a SKU, a pin. */
export const SHOPIFY_ORDER = {
	order_number: 1001,
	id: 55,
	created_at: '2025-03-08T14:27:51+09:00',
	email: 'a@example.jp',
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
			id: 1,
			sku: 'EC-TS-0001',
			product_id: 10,
			variant_id: 20,
			title: 'T-Shirt',
			variant_title: 'White / M',
			quantity: 2,
		},
		{ id: 2, sku: null, product_id: 11, variant_id: 21, title: 'Gift Card', quantity: 1 },
		{ id: 3, sku: 'PIN-1', product_id: 12, variant_id: 22, title: 'Pin', quantity: 1 },
		{
			id: 4,
			sku: 'EC-TS-0001',
			product_id: 10,
			variant_id: 23,
			title: 'T-Shirt',
			variant_title: 'Black / L',
			quantity: 1,
		},
	],
};

/** The shop items of `items` read and answered: each one's read, or the error that fails its item. */
export async function readShopItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	operation: OrderOperation,
	connection: Connection,
	catalog: ShopCatalog,
): Promise<Map<number, ShopItemRead | Error>> {
	const run = runOf(operation, {
		connection,
		node: this.getNode(),
		continueOnFail: true,
		options: { validateOnly: true, concurrency: catalog.concurrency },
	});
	const read = readOrders.call(this, run, items);
	const { api, answers } = shopCatalogApi(catalog, read.questions);
	await lookedUpBy(api, run, read, this);
	const reads = new Map<number, ShopItemRead | Error>();
	for (const entry of read.entries) {
		if (!('shop' in entry)) continue;
		try {
			if (entry.shop instanceof Error) throw entry.shop;
			reads.set(entry.itemIndex, readShopItem(run.node, entry.shop, operation, answers));
		} catch (error) {
			reads.set(entry.itemIndex, error as Error);
		}
	}
	return reads;
}
