/**
 * lookUpShopPrintItems (nodes/Printio/orderInput/read/shopLookup.ts): which lines of each shop order are print
 * items. Pinned here: only items of a shop input mode without Lines (JSON) are looked up; each distinct
 * (retailer, code field, code) is asked once, by the first item that has it, at most `concurrency` at a time; a
 * failed question fails exactly the items that needed its answer, in the words the item shows; an item whose
 * retailer cannot be read fails alone.
 */
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData } from 'n8n-workflow';

import type { OriginalItemQuery, ShopCatalog } from '../../../../../nodes/Printio/orderInput/read/shopLookup';
import { lookUpShopPrintItems } from '../../../../../nodes/Printio/orderInput/read/shopLookup';
import type { Connection } from '../../../../../nodes/shared/printio/transport';

const node: INode = { id: 'n', name: 'Printio', type: 'printio', typeVersion: 1, position: [0, 0], parameters: {} };
const connection: Connection = { baseUrl: 'http://printio.invalid', retailerId: 1, credentials: {} };

/** Parameters per item index (items without an entry use the node's fallbacks). */
function context(perItem: IDataObject[]): IExecuteFunctions {
	const fake: Pick<IExecuteFunctions, 'getNodeParameter' | 'getNode'> = {
		getNode: () => node,
		getNodeParameter: ((name: string, itemIndex: number, fallback?: unknown) => {
			const parameters = perItem[itemIndex] ?? {};
			return name in parameters ? parameters[name] : fallback;
		}) as IExecuteFunctions['getNodeParameter'],
	};
	return fake as IExecuteFunctions;
}

const order = (...skus: Array<string | null>) => ({ json: { line_items: skus.map((sku, index) => ({ id: index + 1, sku })) } });
const shopify: IDataObject = { inputMode: 'shopifyOrder' };

async function lookUp(items: INodeExecutionData[], perItem: IDataObject[], answer: (query: OriginalItemQuery) => boolean | Error, concurrency = 2) {
	const asked: OriginalItemQuery[] = [];
	const lookup = await lookUpShopPrintItems.call(context(perItem), items, connection, async (query) => {
		asked.push(query);
		const result = answer(query);
		if (result instanceof Error) throw result;
		return result;
	}, concurrency);
	return { lookup, asked };
}

describe('lookUpShopPrintItems', () => {
	it('asks each distinct code once, by the first item that has it; each item\'s answer knows its own codes', async () => {
		const items = [order('A', 'B', null), order('B', 'C'), order('A')];
		const { lookup, asked } = await lookUp(items, [shopify, shopify, shopify], (query) => query.code !== 'B');
		expect(asked).toStrictEqual([
			{ retailerId: 1, by: 'ec_original_item_code', code: 'A', itemIndex: 0 },
			{ retailerId: 1, by: 'ec_original_item_code', code: 'B', itemIndex: 0 },
			{ retailerId: 1, by: 'ec_original_item_code', code: 'C', itemIndex: 1 },
		]);
		expect([...lookup.keys()]).toStrictEqual([0, 1, 2]);
		const first = (lookup.get(0) as ShopCatalog).isPrintItem;
		expect(['A', 'B', 'C'].map(first)).toStrictEqual([true, false, false]);
		const second = (lookup.get(1) as ShopCatalog).isPrintItem;
		expect(['A', 'B', 'C'].map(second)).toStrictEqual([false, false, true]);
	});

	it('the same code for another retailer or code field is another question', async () => {
		const items = [order('A'), order('A'), order('A'), order('A')];
		const perItem = [shopify, { ...shopify, options: { retailerId: '7' } }, { ...shopify, lineCodeKind: 'originalItemCode' }, shopify];
		const { asked } = await lookUp(items, perItem, () => true);
		expect(asked.map((query) => [query.retailerId, query.by, query.itemIndex])).toStrictEqual([
			[1, 'ec_original_item_code', 0],
			[7, 'ec_original_item_code', 1],
			[1, 'original_item_code', 2],
		]);
	});

	it('items of other input modes and items with Lines (JSON) are not looked up', async () => {
		const items = [order('A'), order('B'), order('C'), order('D')];
		const perItem = [{ inputMode: 'autoMap' }, { ...shopify, shopOverrides: { linesJson: '[]' } }, { ...shopify, shopOverrides: { linesJson: ' ' } }, {}];
		const { lookup, asked } = await lookUp(items, perItem, () => true);
		expect(asked.map((query) => query.code)).toStrictEqual(['C']);
		expect([...lookup.keys()]).toStrictEqual([2]);
	});

	it('WooCommerce orders by variant id: a simple product\'s product id', async () => {
		const items = [{ json: { line_items: [{ id: 1, product_id: 93, variation_id: 0 }, { id: 2, product_id: 94, variation_id: 101 }] } }];
		const { asked } = await lookUp(items, [{ inputMode: 'wooCommerceOrder', lineIdentifier: 'variantId' }], () => true);
		expect(asked.map((query) => query.code)).toStrictEqual(['93', '101']);
	});

	it('a failed question fails the items that needed it, with the service\'s words; the others get their answer', async () => {
		const items = [order('A'), order('B', 'A'), order('C')];
		const { lookup } = await lookUp(items, [shopify, shopify, shopify], (query) => (query.code === 'A' ? new Error('Printio answered 503') : true));
		for (const itemIndex of [0, 1]) {
			const failed = lookup.get(itemIndex);
			expect(failed).toBeInstanceOf(Error);
			expect(failed).toMatchObject({
				message: 'Could not check which lines of the order are print items: Printio answered 503',
				description:
					'Each line of a shop order is looked up among your original items before the order is sent, so that only print lines are ordered. The look-up failed, so nothing was sent for this order. Run it again when Printio answers.',
				context: expect.objectContaining({ itemIndex }),
			});
		}
		expect((lookup.get(2) as ShopCatalog).isPrintItem('C')).toBe(true);
	});

	it('an item whose retailer is invalid fails alone, asking nothing', async () => {
		const items = [order('A'), order('B')];
		const { lookup, asked } = await lookUp(items, [{ ...shopify, options: { retailerId: '0' } }, shopify], () => true);
		expect(lookup.get(0)).toMatchObject({ message: 'Retailer ID must be a whole number of 1 or more' });
		expect(asked.map((query) => query.code)).toStrictEqual(['B']);
	});

	it('an order without codes is answered with "no print item" without asking', async () => {
		const { lookup, asked } = await lookUp([order(null), { json: { id: 1 } }], [shopify, shopify], () => true);
		expect(asked).toStrictEqual([]);
		expect((lookup.get(0) as ShopCatalog).isPrintItem('A')).toBe(false);
		expect((lookup.get(1) as ShopCatalog).isPrintItem('A')).toBe(false);
	});

	it('at most `concurrency` questions at a time', async () => {
		let running = 0;
		let most = 0;
		const items = [order('A', 'B', 'C', 'D', 'E')];
		await lookUpShopPrintItems.call(context([shopify]), items, connection, async () => {
			running++;
			most = Math.max(most, running);
			await new Promise((resolve) => setTimeout(resolve, 5));
			running--;
			return true;
		}, 2);
		expect(most).toBe(2);
	});
});
