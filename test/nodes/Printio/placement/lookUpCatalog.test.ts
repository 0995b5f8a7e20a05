/**
 * The look-up stage's catalog reads, as a unit: each line's item code, and each record (original item, item,
 * stock) read once per retailer and code however many lines and calls want it, at most `concurrency` at a time;
 * the stock of each line, with a catalog record only where a colour needs its names; reads only.
 */
import type { NodeApiError } from 'n8n-workflow';

import {
	type CatalogOrder,
	itemKey,
	type OrderBody,
} from '../../../../nodes/Printio/checks/lineCatalog';
import {
	catalogLines,
	readEach,
	readStock,
} from '../../../../nodes/Printio/placement/lookUpCatalog';
import { catalogItem, itemStocks } from '../../../../nodes/Printio/helpers/catalogItem';
import {
	catalogService,
	item,
	originalItem,
	refused,
	stockEntry,
	type Row,
} from '../orderRun/fakes';

const order = (lines: Row[], itemIndex = 0, retailerId = 7): CatalogOrder =>
	({
		body: { retailer_id: retailerId, ec_order_no: 'E', order_details: lines },
		itemIndex,
	}) as unknown as CatalogOrder;

describe('catalogLines', () => {
	it("gives each line its catalog item: an original item's item_code (by either code), a Create With Images line's own, undefined when unknown", async () => {
		const service = catalogService({
			originalItems: [originalItem('OI-1', 'IT-1'), originalItem('OI-2', 'IT-2')],
		});
		const lines = await catalogLines(
			service.api,
			[
				order([
					{ original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 2 },
					{ ec_original_item_code: 'EC-OI-2', color: 'Black', size: 'L', quantity: 3 },
					{ original_item_code: 'OI-9', color: 'Red', size: 'S', quantity: 1 },
				]),
				order(
					[
						{ item_code: 'IT-5', color: 'Blue', size: 'XL', quantity: 4 },
						{ color: 'Blue', size: 'XL', quantity: 1 },
					],
					1,
				),
			],
			2,
		);
		expect(lines).toEqual([
			[
				{ line: 0, itemCode: 'IT-1', color: 'White', size: 'M', quantity: 2 },
				{ line: 1, itemCode: 'IT-2', color: 'Black', size: 'L', quantity: 3 },
				{ line: 2, itemCode: undefined, color: 'Red', size: 'S', quantity: 1 },
			],
			[
				{ line: 0, itemCode: 'IT-5', color: 'Blue', size: 'XL', quantity: 4 },
				{ line: 1, itemCode: undefined, color: 'Blue', size: 'XL', quantity: 1 },
			],
		]);
		expect(service.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":7,"ec_original_item_code":"EC-OI-2"}',
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-9"}',
		]);
	});

	it('reads an original item once per retailer however many lines, orders and calls name it', async () => {
		const service = catalogService({ originalItems: [originalItem('OI-1', 'IT-1')] });
		const line = { original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 1 };
		await catalogLines(
			service.api,
			[order([line, line]), order([line], 1), order([line], 2, 8)],
			4,
		);
		await catalogLines(service.api, [order([line])], 4);
		expect(service.routes().sort()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":8,"original_item_code":"OI-1"}',
		]);
	});

	it('prefers original_item_code to ec_original_item_code, and an empty code counts as none', async () => {
		const service = catalogService({
			originalItems: [originalItem('OI-1', 'IT-1'), originalItem('OI-2', 'IT-2')],
		});
		const lines = await catalogLines(
			service.api,
			[
				order([
					{
						original_item_code: 'OI-1',
						ec_original_item_code: 'EC-OI-2',
						color: 'W',
						size: 'M',
						quantity: 1,
					},
					{
						original_item_code: '',
						ec_original_item_code: 'EC-OI-2',
						color: 'W',
						size: 'M',
						quantity: 1,
					},
					{ original_item_code: '', ec_original_item_code: '', color: 'W', size: 'M', quantity: 1 },
				]),
			],
			2,
		);
		expect(lines[0].map((line) => line.itemCode)).toEqual(['IT-1', 'IT-2', undefined]);
		expect(service.routes()).toHaveLength(2);
	});

	it("fails with the read's error, naming the first item that asked", async () => {
		const service = catalogService({ override: () => refused('no original items') });
		const line = { original_item_code: 'OI-1', color: 'W', size: 'M', quantity: 1 };
		const failure = (await catalogLines(service.api, [order([line], 3), order([line], 4)], 1).catch(
			(error: unknown) => error,
		)) as NodeApiError;
		expect(failure.message).toContain('no original items');
		expect(failure.context.itemIndex).toBe(3);
	});
});

describe('readEach with the item and stock records', () => {
	it("reads each item's record once per retailer and code, and answers from it", async () => {
		const shirt = item('IT-1');
		const service = catalogService({ items: [shirt, item('IT-1-XL')] });
		const items = await readEach(
			[
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 },
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 1 },
				{ retailerId: 7, itemCode: 'IT-9', itemIndex: 2 },
			],
			itemKey,
			2,
			async (entry) =>
				await catalogItem(service.api, entry.retailerId, entry.itemCode, entry.itemIndex),
		);
		expect(service.routes()).toEqual([
			'GET /items {"retailer_id":7,"item_code":"IT-1"}',
			'GET /items {"retailer_id":7,"item_code":"IT-9"}',
		]);
		expect(items({ retailerId: 7, itemCode: 'IT-1' })).toEqual(shirt);
		// Unknown to Printio, or never read (another retailer): undefined.
		expect(items({ retailerId: 7, itemCode: 'IT-9' })).toBeUndefined();
		expect(items({ retailerId: 8, itemCode: 'IT-1' })).toBeUndefined();
		expect(items({ retailerId: 7, itemCode: 'IT-1-XL' })).toBeUndefined();
	});

	it('reads the stock of each item once per retailer with POST /item-stocks, and an answer without a list as no stock', async () => {
		const entries = [stockEntry('S-1', 'White', 'M', 5)];
		const service = catalogService({ stocks: { 'IT-1': entries } });
		const read = async (
			wanted: Array<{ retailerId: number; itemCode: string; itemIndex: number }>,
		) =>
			await readEach(
				wanted,
				itemKey,
				2,
				async (entry) =>
					await itemStocks(service.api, entry.retailerId, entry.itemCode, entry.itemIndex),
			);
		const stock = await read([
			{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 },
			{ retailerId: 7, itemCode: 'IT-1', itemIndex: 1 },
			{ retailerId: 7, itemCode: 'IT-2', itemIndex: 1 },
			{ retailerId: 8, itemCode: 'IT-1', itemIndex: 2 },
		]);
		await read([{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 }]);
		expect(service.routes()).toEqual([
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-2"}',
			'POST /item-stocks {"retailer_id":8,"item_code":"IT-1"}',
		]);
		expect(stock({ retailerId: 7, itemCode: 'IT-1' })).toEqual(entries);
		expect(stock({ retailerId: 7, itemCode: 'IT-2' })).toEqual([]);
		expect(stock({ retailerId: 7, itemCode: 'IT-3' })).toBeUndefined();
	});

	it('a failed read names the first input item that wanted the record', async () => {
		const service = catalogService({ override: () => refused('stock unreadable') });
		const failure = (await readEach(
			[
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 5 },
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 6 },
			],
			itemKey,
			1,
			async (entry) =>
				await itemStocks(service.api, entry.retailerId, entry.itemCode, entry.itemIndex),
		).catch((error: unknown) => error)) as NodeApiError;
		expect(failure.message).toContain('stock unreadable');
		expect(failure.context.itemIndex).toBe(5);
		expect(service.sent).toHaveLength(1);
	});

	it('at most `concurrency` reads at a time', async () => {
		let running = 0;
		let most = 0;
		await readEach(
			['A', 'B', 'C', 'D', 'E'].map((itemCode, itemIndex) => ({
				retailerId: 7,
				itemCode,
				itemIndex,
			})),
			itemKey,
			2,
			async () => {
				running++;
				most = Math.max(most, running);
				await new Promise((resolve) => setTimeout(resolve, 5));
				running--;
			},
		);
		expect(most).toBe(2);
	});
});

describe('readStock', () => {
	const body = (lines: Array<Record<string, unknown>>, retailerId = 7) =>
		({ retailer_id: retailerId, ec_order_no: 'E', order_details: lines }) as unknown as OrderBody;

	it("reads each item's stock once, and a catalog record only for an item whose line names a colour the stock lacks", async () => {
		const service = catalogService({
			originalItems: [originalItem('OI-1', 'IT-1')],
			items: [item('IT-2')],
			stocks: {
				'IT-1': [stockEntry('S-1', 'White', 'M', 5)],
				'IT-2': [stockEntry('S-2', 'ホワイト', 'M', 1)],
			},
		});
		const result = await readStock(
			service.api,
			[
				{
					body: body([
						{ original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 2 },
						{ original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 1 },
					]),
					itemIndex: 0,
				},
				{
					body: body([
						{ item_code: 'IT-2', color: 'White', size: 'M', quantity: 2 },
						{ original_item_code: 'OI-404', color: 'White', size: 'M', quantity: 1 },
					]),
					itemIndex: 1,
				},
			],
			2,
		);
		expect(service.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-404"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-2"}',
			'GET /items {"retailer_id":7,"item_code":"IT-2"}',
		]);
		expect(result.map((lines) => lines.map((l) => [l.item_code, l.ordered, l.flag]))).toEqual([
			[
				['IT-1', 3, 'inStock'],
				['IT-1', 3, 'inStock'],
			],
			[
				['IT-2', 2, 'short'],
				[null, 1, 'unknown'],
			],
		]);
	});

	it('reads no catalog record the run has read already, and uses it; an item record without colours leaves the line unknown', async () => {
		const service = catalogService({
			items: [item('IT-2')],
			stocks: { 'IT-2': [stockEntry('S-2', 'ホワイト', 'M', 1)] },
		});
		await catalogItem(service.api, 7, 'IT-2', 0);
		const result = await readStock(
			service.api,
			[
				{
					body: body([{ item_code: 'IT-2', color: 'White', size: 'M', quantity: 1 }]),
					itemIndex: 0,
				},
			],
			2,
		);
		expect(service.routes()).toEqual([
			'GET /items {"retailer_id":7,"item_code":"IT-2"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-2"}',
		]);
		expect(result[0][0]).toEqual(
			expect.objectContaining({ item_stock_code: 'S-2', flag: 'inStock' }),
		);

		const bare = item('IT-2');
		delete bare.colors;
		const noColours = catalogService({
			items: [bare],
			stocks: { 'IT-2': [stockEntry('S-2', 'ホワイト', 'M', 1)] },
		});
		const blind = await readStock(
			noColours.api,
			[
				{
					body: body([{ item_code: 'IT-2', color: 'White', size: 'M', quantity: 1 }]),
					itemIndex: 0,
				},
			],
			2,
		);
		expect(noColours.routes()).toEqual([
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-2"}',
			'GET /items {"retailer_id":7,"item_code":"IT-2"}',
		]);
		expect(blind[0][0].flag).toBe('unknown');
	});

	it("reads each order's stock for its own retailer", async () => {
		const service = catalogService({ stocks: { 'IT-1': [stockEntry('S-1', 'White', 'M', 5)] } });
		await readStock(
			service.api,
			[
				{
					body: body([{ item_code: 'IT-1', color: 'White', size: 'M', quantity: 1 }], 9),
					itemIndex: 0,
				},
			],
			2,
		);
		expect(service.routes()).toEqual(['POST /item-stocks {"retailer_id":9,"item_code":"IT-1"}']);
	});
});
