/**
 * readShopItems (nodes/Printio/orderInput/read/fromShopOrder.ts) with the items' options: asked only for print
 * items whose lines need them (one variant option, a part missing), once per code, by the first item that needs
 * them; a failed read fails the items that needed it; lines with nothing left and test orders ask nothing at all.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type {
	OriginalItemQuery,
	ShopItemRead,
} from '../../../../../nodes/Printio/orderInput/read/fromShopOrder';
import { readShopItems } from './shopItems';
import { connection, parameterContext } from '../../orderRun/fakes';
import type { ItemOptions } from '../../../../../nodes/Printio/orderInput/read/variantOptions';

const context = (perItem: IDataObject[]) =>
	parameterContext((itemIndex) => ({ inputMode: 'shopifyOrder', ...(perItem[itemIndex] ?? {}) }));

const line = (id: number, sku: string, variant_title: string, extra: IDataObject = {}) => ({
	id,
	sku,
	variant_title,
	quantity: 1,
	...extra,
});
const order = (lines: IDataObject[], extra: IDataObject = {}): INodeExecutionData => ({
	json: { order_number: 1001, line_items: lines, ...extra },
});
const mug: ItemOptions = {
	colors: [{ name: 'ホワイト' }],
	sizes: [{ name: '330ml' }],
	itemLabel: 'original item MUG (item MUG-410)',
};

async function lookUp(
	items: INodeExecutionData[],
	options: (query: OriginalItemQuery) => ItemOptions | Error,
	perItem: IDataObject[] = [],
) {
	const exists: OriginalItemQuery[] = [];
	const asked: OriginalItemQuery[] = [];
	const lookup = await readShopItems.call(context(perItem), items, 'orderByCode', connection, {
		exists: async (query) => (exists.push(query), query.code !== 'PIN'),
		options: async (query) => {
			asked.push(query);
			const answer = options(query);
			if (answer instanceof Error) throw answer;
			return answer;
		},
		concurrency: 2,
	});
	return { lookup, exists, asked };
}

describe("readShopItems: the items' options", () => {
	it('asked for print items whose line gives one option or lacks a part, once per code, by the first item that needs it', async () => {
		const items = [
			order([line(1, 'TEE', 'White / M'), line(2, 'MUG', '330ml'), line(3, 'PIN', 'Gold')]),
			order([line(4, 'TEE', 'M'), line(5, 'MUG', '330ml')]),
		];
		const { lookup, asked } = await lookUp(items, () => mug);
		expect(asked.map((query) => [query.code, query.itemIndex])).toStrictEqual([
			['MUG', 0],
			['TEE', 1],
		]);
		// The mug's one colour fills in its line's; the T-shirt line that gives both options keeps them.
		expect((lookup.get(0) as ShopItemRead).row).toMatchObject({
			order: {
				order_details: [
					{ ec_original_item_code: 'TEE', color: 'White', size: 'M' },
					{ ec_original_item_code: 'MUG', color: 'ホワイト', size: '330ml' },
				],
			},
			problems: [],
		});
		// Item 1's "M" is judged against the options read for it: neither a colour nor a size of them.
		expect(
			(lookup.get(1) as ShopItemRead).row.problems?.map((problem) => [
				problem.field,
				problem.message,
			]),
		).toStrictEqual([
			[
				'line_items[0]',
				'has one option, "M": tried as a colour and as a size of original item MUG (item MUG-410), it is neither a colour nor a size',
			],
		]);
	});

	it('a failed read fails exactly the items that needed it, in the words the item shows', async () => {
		const items = [order([line(1, 'MUG', '330ml')]), order([line(2, 'MUG', 'White / 330ml')])];
		const { lookup } = await lookUp(items, () => new Error('Printio answered 503'));
		expect(lookup.get(0)).toMatchObject({
			message:
				"Could not read the colours and sizes of the order's print items: Printio answered 503",
			context: expect.objectContaining({ itemIndex: 0 }),
		});
		expect((lookup.get(1) as ShopItemRead).row.order.order_details).toMatchObject([
			{ ec_original_item_code: 'MUG', color: 'White', size: '330ml' },
		]);
	});

	it('lines with nothing left and a test order ask nothing; Place Test Orders asks as usual', async () => {
		const gone = order([
			line(1, 'TEE', 'M', { current_quantity: 0 }),
			line(2, 'MUG', '330ml', { fulfillable_quantity: 0 }),
		]);
		const test = order([line(3, 'HOODIE', 'L')], { test: true });
		const { exists, asked } = await lookUp([gone, test], () => mug);
		expect(exists).toStrictEqual([]);
		expect(asked).toStrictEqual([]);
		const placed = await lookUp([test], () => mug, [{ shopOrder: { placeTestOrders: true } }]);
		expect(placed.exists.map((query) => query.code)).toStrictEqual(['HOODIE']);
		expect(placed.asked.map((query) => query.code)).toStrictEqual(['HOODIE']);
	});

	it('a code whose first line needs the options and whose later line does not still asks for them', async () => {
		const { lookup, asked } = await lookUp(
			[order([line(1, 'MUG', '330ml'), line(2, 'MUG', 'White / 330ml')])],
			() => mug,
		);
		expect(asked.map((query) => query.code)).toStrictEqual(['MUG']);
		expect((lookup.get(0) as ShopItemRead).row.order.order_details).toMatchObject([
			{ ec_order_detail_no: '1', color: 'ホワイト', size: '330ml' },
			{ ec_order_detail_no: '2', color: 'White', size: '330ml' },
		]);
	});

	it("each line is judged by its own item's options", async () => {
		const tee: ItemOptions = {
			colors: [{ name: 'ホワイト' }],
			sizes: [{ name: 'M' }, { name: 'L' }],
			itemLabel: 'original item TEE (item TS-1)',
		};
		const { lookup } = await lookUp(
			[order([line(1, 'MUG', '330ml'), line(2, 'TEE', 'L')])],
			(query) => (query.code === 'TEE' ? tee : mug),
		);
		expect((lookup.get(0) as ShopItemRead).row).toMatchObject({
			order: {
				order_details: [
					{ ec_original_item_code: 'MUG', color: 'ホワイト', size: '330ml' },
					{ ec_original_item_code: 'TEE', color: 'ホワイト', size: 'L' },
				],
			},
			problems: [],
		});
	});
});
