/**
 * readShopItems (nodes/Printio/orderInput/read/fromShopOrder.ts): which lines of each shop order are print
 * items. Pinned here: only items of a shop input mode without Lines (JSON) are looked up; each distinct
 * (retailer, code field, code) is asked once, by the first item that has it, at most `concurrency` at a time; a
 * failed question fails exactly the items that needed its answer, in the words the item shows; an item whose
 * retailer cannot be read fails alone.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type {
	OriginalItemQuery,
	ShopItemRead,
} from '../../../../../nodes/Printio/orderInput/read/fromShopOrder';
import { readShopItems } from './shopItems';
import { connection, parameterContext } from '../../orderRun/fakes';

/** Parameters per item index (items without an entry use the node's fallbacks). */
const context = (perItem: IDataObject[]) =>
	parameterContext((itemIndex) => perItem[itemIndex] ?? {});

const order = (...skus: Array<string | null>) => ({
	json: { line_items: skus.map((sku, index) => ({ id: index + 1, sku })) },
});
const shopify: IDataObject = { inputMode: 'shopifyOrder' };

async function lookUp(
	items: INodeExecutionData[],
	perItem: IDataObject[],
	answer: (query: OriginalItemQuery) => boolean | Error,
	concurrency = 2,
) {
	const asked: OriginalItemQuery[] = [];
	const lookup = await readShopItems.call(context(perItem), items, 'orderByCode', connection, {
		exists: async (query) => {
			asked.push(query);
			const result = answer(query);
			if (result instanceof Error) throw result;
			return result;
		},
		concurrency,
	});
	return { lookup, asked };
}

/** The codes of the lines read as print lines. */
const printed = (read: ShopItemRead | Error | undefined) =>
	(read as ShopItemRead).row.order.order_details?.map((line) => line.ec_original_item_code);

describe('readShopItems: the look-up', () => {
	it("asks each distinct code once, by the first item that has it; each item's answer knows its own codes", async () => {
		const items = [order('A', 'B', null), order('B', 'C'), order('A')];
		const { lookup, asked } = await lookUp(
			items,
			[shopify, shopify, shopify],
			(query) => query.code !== 'B',
		);
		expect(asked).toStrictEqual([
			{ retailerId: 1, by: 'ec_original_item_code', code: 'A', itemIndex: 0 },
			{ retailerId: 1, by: 'ec_original_item_code', code: 'B', itemIndex: 0 },
			{ retailerId: 1, by: 'ec_original_item_code', code: 'C', itemIndex: 1 },
		]);
		expect([...lookup.keys()]).toStrictEqual([0, 1, 2]);
		expect([0, 1, 2].map((itemIndex) => printed(lookup.get(itemIndex)))).toStrictEqual([
			['A'],
			['C'],
			['A'],
		]);
		expect(
			(lookup.get(0) as ShopItemRead).leftOut.map((line) => [line.code, line.reason]),
		).toStrictEqual([
			['B', 'notAnOriginalItem'],
			[null, 'noCode'],
		]);
	});

	it('the same code for another retailer or code field is another question', async () => {
		const items = [order('A'), order('A'), order('A'), order('A')];
		const perItem = [
			shopify,
			{ ...shopify, options: { retailerId: '7' } },
			{ ...shopify, lineCodeKind: 'originalItemCode' },
			shopify,
		];
		const { asked } = await lookUp(items, perItem, () => true);
		expect(asked.map((query) => [query.retailerId, query.by, query.itemIndex])).toStrictEqual([
			[1, 'ec_original_item_code', 0],
			[7, 'ec_original_item_code', 1],
			[1, 'original_item_code', 2],
		]);
	});

	it('items of other input modes are not read; items with Lines (JSON) are not looked up', async () => {
		const items = [order('A'), order('B'), order('C'), order('D')];
		const perItem = [
			{ inputMode: 'autoMap' },
			{ ...shopify, shopOverrides: { linesJson: '[]' } },
			{ ...shopify, shopOverrides: { linesJson: ' ' } },
			{},
		];
		const { lookup, asked } = await lookUp(items, perItem, () => true);
		expect(asked.map((query) => query.code)).toStrictEqual(['C']);
		expect([...lookup.keys()]).toStrictEqual([1, 2]);
		expect(printed(lookup.get(1))).toStrictEqual([]);
	});

	it("WooCommerce orders by variant id: a simple product's product id", async () => {
		const items = [
			{
				json: {
					line_items: [
						{ id: 1, product_id: 93, variation_id: 0 },
						{ id: 2, product_id: 94, variation_id: 101 },
					],
				},
			},
		];
		const { asked } = await lookUp(
			items,
			[{ inputMode: 'wooCommerceOrder', lineIdentifier: 'variantId' }],
			() => true,
		);
		expect(asked.map((query) => query.code)).toStrictEqual(['93', '101']);
	});

	it("a failed question fails the items that needed it, with the service's words; the others get their answer", async () => {
		const items = [order('A'), order('B', 'A'), order('C')];
		const { lookup } = await lookUp(items, [shopify, shopify, shopify], (query) =>
			query.code === 'A' ? new Error('Printio answered 503') : true,
		);
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
		expect(printed(lookup.get(2))).toStrictEqual(['C']);
	});

	it('an item whose retailer is invalid fails alone, asking nothing', async () => {
		const items = [order('A'), order('B')];
		const { lookup, asked } = await lookUp(
			items,
			[{ ...shopify, options: { retailerId: '0' } }, shopify],
			() => true,
		);
		expect(lookup.get(0)).toMatchObject({
			message: 'Retailer ID must be a whole number of 1 or more',
		});
		expect(asked.map((query) => query.code)).toStrictEqual(['B']);
	});

	it('an order without codes has no print line, and an item without an order fails, without asking', async () => {
		const { lookup, asked } = await lookUp(
			[order(null), { json: { id: 1 } }],
			[shopify, shopify],
			() => true,
		);
		expect(asked).toStrictEqual([]);
		expect(lookup.get(0)).toMatchObject({
			noPrintLine: true,
			leftOut: [{ code: null, reason: 'noCode' }],
		});
		expect(lookup.get(1)).toMatchObject({
			message: 'The item is not a Shopify order: no line_items found',
			context: expect.objectContaining({ itemIndex: 1 }),
		});
	});

	it('at most `concurrency` questions at a time', async () => {
		let running = 0;
		let most = 0;
		const items = [order('A', 'B', 'C', 'D', 'E')];
		await readShopItems.call(context([shopify]), items, 'orderByCode', connection, {
			exists: async () => {
				running++;
				most = Math.max(most, running);
				await new Promise((resolve) => setTimeout(resolve, 5));
				running--;
				return true;
			},
			concurrency: 2,
		});
		expect(most).toBe(2);
	});
});
