/**
 * The catalog behind an order's lines, as a unit: each line's item code, and each record (original item, item,
 * stock) read once per retailer and code however many lines and calls want it; reads only.
 */
import type { NodeApiError } from 'n8n-workflow';

import { type CatalogOrder, LineCatalog } from '../../../../nodes/Printio/checks/lineCatalog';
import { catalogService, item, originalItem, refused, stockEntry, type Row } from './catalogFake';

const order = (lines: Row[], itemIndex = 0, retailerId = 7): CatalogOrder =>
	({ body: { retailer_id: retailerId, ec_order_no: 'E', order_details: lines }, itemIndex }) as unknown as CatalogOrder;

describe('LineCatalog.linesOf', () => {
	it('gives each line its catalog item: an original item\'s item_code (by either code), a Create With Images line\'s own, undefined when unknown', async () => {
		const service = catalogService({ originalItems: [originalItem('OI-1', 'IT-1'), originalItem('OI-2', 'IT-2')] });
		const catalog = new LineCatalog(service.api, 2);
		const lines = await catalog.linesOf([
			order([
				{ original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 2 },
				{ ec_original_item_code: 'EC-OI-2', color: 'Black', size: 'L', quantity: 3 },
				{ original_item_code: 'OI-9', color: 'Red', size: 'S', quantity: 1 },
			]),
			order([{ item_code: 'IT-5', color: 'Blue', size: 'XL', quantity: 4 }, { color: 'Blue', size: 'XL', quantity: 1 }], 1),
		]);
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
		const catalog = new LineCatalog(service.api, 4);
		const line = { original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 1 };
		await catalog.linesOf([order([line, line]), order([line], 1), order([line], 2, 8)]);
		await catalog.linesOf([order([line])]);
		expect(service.routes().sort()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":8,"original_item_code":"OI-1"}',
		]);
	});

	it('prefers original_item_code to ec_original_item_code, and an empty code counts as none', async () => {
		const service = catalogService({ originalItems: [originalItem('OI-1', 'IT-1'), originalItem('OI-2', 'IT-2')] });
		const lines = await new LineCatalog(service.api, 2).linesOf([
			order([
				{ original_item_code: 'OI-1', ec_original_item_code: 'EC-OI-2', color: 'W', size: 'M', quantity: 1 },
				{ original_item_code: '', ec_original_item_code: 'EC-OI-2', color: 'W', size: 'M', quantity: 1 },
				{ original_item_code: '', ec_original_item_code: '', color: 'W', size: 'M', quantity: 1 },
			]),
		]);
		expect(lines[0].map((line) => line.itemCode)).toEqual(['IT-1', 'IT-2', undefined]);
		expect(service.routes()).toHaveLength(2);
	});

	it('fails with the read\'s error, naming the first item that asked', async () => {
		const service = catalogService({ override: () => refused('no original items') });
		const line = { original_item_code: 'OI-1', color: 'W', size: 'M', quantity: 1 };
		const failure = (await new LineCatalog(service.api, 1).linesOf([order([line], 3), order([line], 4)]).catch((error: unknown) => error)) as NodeApiError;
		expect(failure.message).toContain('no original items');
		expect(failure.context.itemIndex).toBe(3);
	});
});

describe('LineCatalog.loadItems and loadStock', () => {
	it('reads each item\'s record once per retailer and code, and answers from it', async () => {
		const shirt = item('IT-1');
		const service = catalogService({ items: [shirt, item('IT-1-XL')] });
		const catalog = new LineCatalog(service.api, 2);
		await catalog.loadItems([
			{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 },
			{ retailerId: 7, itemCode: 'IT-1', itemIndex: 1 },
			{ retailerId: 7, itemCode: 'IT-9', itemIndex: 2 },
		]);
		expect(service.routes()).toEqual(['GET /items {"retailer_id":7,"item_code":"IT-1"}', 'GET /items {"retailer_id":7,"item_code":"IT-9"}']);
		expect(await catalog.item(7, 'IT-1')).toEqual(shirt);
		expect(await catalog.colors(7, 'IT-1')).toEqual([{ name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' }]);
		// Unknown to Printio, or never loaded (another retailer): undefined.
		expect(await catalog.item(7, 'IT-9')).toBeUndefined();
		expect(await catalog.colors(7, 'IT-9')).toBeUndefined();
		expect(await catalog.item(8, 'IT-1')).toBeUndefined();
		expect(await catalog.colors(7, 'IT-1-XL')).toBeUndefined();
	});

	it('reads the stock of each item once per retailer with POST /item-stocks, and an answer without a list as no stock', async () => {
		const entries = [stockEntry('S-1', 'White', 'M', 5)];
		const service = catalogService({ stocks: { 'IT-1': entries } });
		const catalog = new LineCatalog(service.api, 2);
		await catalog.loadStock([
			{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 },
			{ retailerId: 7, itemCode: 'IT-1', itemIndex: 1 },
			{ retailerId: 7, itemCode: 'IT-2', itemIndex: 1 },
			{ retailerId: 8, itemCode: 'IT-1', itemIndex: 2 },
		]);
		await catalog.loadStock([{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 }]);
		expect(service.routes()).toEqual([
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-2"}',
			'POST /item-stocks {"retailer_id":8,"item_code":"IT-1"}',
		]);
		expect(await catalog.stock(7, 'IT-1')).toEqual(entries);
		expect(await catalog.stock(7, 'IT-2')).toEqual([]);
		expect(await catalog.stock(7, 'IT-3')).toBeUndefined();
	});

	it('a failed read names the first input item that wanted the record', async () => {
		const service = catalogService({ override: () => refused('stock unreadable') });
		const failure = (await new LineCatalog(service.api, 1)
			.loadStock([
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 5 },
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 6 },
			])
			.catch((error: unknown) => error)) as NodeApiError;
		expect(failure.message).toContain('stock unreadable');
		expect(failure.context.itemIndex).toBe(5);
		const items = catalogService({ override: () => refused('items unreadable') });
		const itemFailure = (await new LineCatalog(items.api, 1)
			.loadItems([
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 8 },
				{ retailerId: 7, itemCode: 'IT-1', itemIndex: 9 },
			])
			.catch((error: unknown) => error)) as NodeApiError;
		expect(itemFailure.context.itemIndex).toBe(8);
		expect(items.sent).toHaveLength(1);
	});
});

describe('LineCatalog.colors', () => {
	it('an item record without a colour list has no colours (undefined), and no error', async () => {
		const bare = item('IT-1');
		delete bare.colors;
		const service = catalogService({ items: [bare] });
		const catalog = new LineCatalog(service.api, 1);
		await catalog.loadItems([{ retailerId: 7, itemCode: 'IT-1', itemIndex: 0 }]);
		await expect(catalog.colors(7, 'IT-1')).resolves.toBeUndefined();
	});
});
