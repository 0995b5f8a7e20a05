import type { INodeParameters } from 'n8n-workflow';

import { callNodeMethod } from '../../harness';
import {
	credentialsFor,
	jsonOf,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from './setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

describe('Category › Get Many', () => {
	it('returns one item per category, paired with the input item', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'category',
			operation: 'getMany',
			returnAll: true,
		});
		const categories = jsonOf(result);
		expect(categories.length).toBeGreaterThanOrEqual(5);
		expect(categories[0]).toEqual(
			expect.objectContaining({
				category_id: expect.any(Number),
				category_name: expect.any(String),
			}),
		);
		expect(result.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(
			true,
		);
		const requests = await receivedRequests(sandbox());
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /categories']);
		expect(requests[0].headers['printio-api-subscription-key']).toBe('sandbox-key-retailer-1');
		expect(requests[0].headers.accept).toBe('application/json');
	});

	it('applies Limit', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'category',
			operation: 'getMany',
			returnAll: false,
			limit: 2,
		});
		expect(jsonOf(result)).toHaveLength(2);
	});

	it('runs once per input item, pairing each output with its input', async () => {
		const result = await runPrintio(
			sandbox(),
			{ resource: 'category', operation: 'getMany', returnAll: false, limit: 1 },
			{ input: [{ a: 1 }, { a: 2 }, { a: 3 }] },
		);
		expect(result.items.map((item) => (item.pairedItem as { item: number }).item)).toEqual([
			0, 1, 2,
		]);
		expect(await receivedRequests(sandbox())).toHaveLength(3);
	});
});

describe('Item › Get Many', () => {
	it('sends the credential retailer and the limit, simplified output by default', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'item',
			operation: 'getMany',
			returnAll: false,
			limit: 3,
		});
		const items = jsonOf(result);
		expect(items).toHaveLength(3);
		expect(Object.keys(items[0]).sort()).toEqual(
			[
				'category_id',
				'code',
				'colors',
				'display_unit',
				'item_name',
				'main_image_url',
				'price',
				'printable_sides',
				'sizes',
			].sort(),
		);
		const [request] = await receivedRequests(sandbox());
		expect(request.query).toEqual(
			expect.objectContaining({ retailer_id: '1', limit: '3', page: '1' }),
		);
	});

	it('Return All reads every item in ceil(total/30) requests', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'item',
			operation: 'getMany',
			returnAll: true,
			simplify: false,
		});
		const items = jsonOf(result);
		const requests = await receivedRequests(sandbox());
		expect(requests).toHaveLength(1);
		expect(requests[0].query.limit).toBe('30');
		expect(items.length).toBeGreaterThanOrEqual(10);
		expect(items[0]).toHaveProperty('simulator_type');
		expect(new Set(items.map((item) => item.code)).size).toBe(items.length);
	});

	it('filters by category and item code', async () => {
		const byCode = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'item',
				operation: 'getMany',
				returnAll: true,
				filters: { itemCode: 'OGB-910' },
			}),
		);
		expect(byCode.map((item) => item.code)).toEqual(['OGB-910']);
		const byCategory = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'item',
				operation: 'getMany',
				returnAll: true,
				filters: { categoryId: 3 },
			}),
		);
		expect(byCategory.length).toBeGreaterThan(0);
		expect(byCategory.every((item) => item.category_id === 3)).toBe(true);
	});

	it('returns no items (not an error) when nothing matches (status 1)', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'item',
			operation: 'getMany',
			returnAll: true,
			filters: { itemCode: 'NO-SUCH-ITEM' },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(0);
	});

	it('uses the retailer override of the options, and the sandbox refuses a foreign retailer (status 11)', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'item',
			operation: 'getMany',
			returnAll: true,
			options: { retailerId: 2 },
		});
		expect(result.error?.message).toMatch(/No permission \(Printio status 11\)/);
		expect(result.error?.description).toMatch(/Retailer ID/);
		const [request] = await receivedRequests(sandbox());
		expect(request.query.retailer_id).toBe('2');
	});
});

describe('Item › Get Stock', () => {
	it('posts the filters and returns one item per stock entry', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'item',
			operation: 'getStock',
			filters: { itemCode: 'OGB-910' },
		});
		const stocks = jsonOf(result);
		expect(stocks.length).toBeGreaterThan(1);
		expect(stocks.every((stock) => typeof stock.is_orderable === 'boolean')).toBe(true);
		expect(
			stocks.some(
				(stock) => stock.stock_quantity === null || typeof stock.stock_quantity === 'number',
			),
		).toBe(true);
		const [request] = await receivedRequests(sandbox());
		expect(request.method).toBe('POST');
		expect(request.body).toEqual({ retailer_id: 1, item_code: 'OGB-910' });
		expect(request.headers['content-type']).toMatch(/application\/json/);
	});

	it('sends stock codes as an array', async () => {
		const all = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'item',
				operation: 'getStock',
				filters: { itemCode: 'OGB-910' },
			}),
		);
		const codes = all.slice(0, 2).map((stock) => stock.item_stock_code as string);
		await resetSandbox(sandbox());
		const some = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'item',
				operation: 'getStock',
				filters: { itemStockCodes: codes.join(' , ') },
			}),
		);
		expect(some.map((stock) => stock.item_stock_code).sort()).toEqual([...codes].sort());
		const [request] = await receivedRequests(sandbox());
		expect(request.body).toEqual({ retailer_id: 1, item_stock_codes: codes });
	});
});

describe('editor methods', () => {
	const lineColors = async (
		method: string,
		operation: string,
		lines: INodeParameters[],
		index: number,
	) =>
		await callNodeMethod({
			node: {
				type: 'printio',
				parameters: { resource: 'order', operation, lines: { line: lines } },
			},
			credentials: { printioApi: credentialsFor(sandbox()) as never },
			kind: 'loadOptions',
			method,
			path: `parameters.lines.line[${index}].color`,
		});

	it("lists a line's colours from the catalog record of the original item chosen on that same line", async () => {
		const lines = [
			{ originalItemCode: 't0100001' },
			{ originalItemCode: { __rl: true, mode: 'ecCode', value: 'EC-BG-0001' } },
		];
		const first = await lineColors('getOriginalItemColors', 'create', lines, 0);
		expect(first).toEqual(
			['ホワイト', 'ブラック', 'ネイビー', 'ヘザーグレー'].map((name) => ({ name, value: name })),
		);
		const second = await lineColors('getOriginalItemColors', 'create', lines, 1);
		expect(second.map((option) => option.value)).toEqual(['ナチュラル', 'ブラック']);
		const requests = await receivedRequests(sandbox());
		expect(requests.map((r) => [r.path, r.query])).toEqual([
			['/original-items', { retailer_id: '1', original_item_code: 't0100001' }],
			['/original-items', { retailer_id: '1', ec_original_item_code: 'EC-BG-0001' }],
		]);
	});

	it("lists a line's colours from the catalog item chosen on that line (Create With Images)", async () => {
		const options = await lineColors(
			'getItemColors',
			'createWithImages',
			[{ itemCode: 'OGB-920' }],
			0,
		);
		expect(options.map((option) => option.value)).toEqual(['ホワイト', 'ブラック', 'オリーブ']);
	});

	it('answers with a disabled hint, not an error, before the item is chosen and for an unknown code', async () => {
		expect(
			await lineColors('getOriginalItemColors', 'create', [{ originalItemCode: '' }], 0),
		).toEqual([
			{ name: "Choose this line's Original Item first", value: '__printioHint', disabled: true },
		]);
		expect(
			await lineColors('getItemColors', 'createWithImages', [{ itemCode: '={{ $json.code }}' }], 0),
		).toEqual([{ name: "Choose this line's Item first", value: '__printioHint', disabled: true }]);
		const unknown = await lineColors(
			'getOriginalItemColors',
			'create',
			[{ originalItemCode: 'nope-404' }],
			0,
		);
		expect(unknown).toEqual([
			{ name: expect.stringMatching(/nope-404/), value: '__printioHint', disabled: true },
		]);
	});

	it('loads categories as options', async () => {
		const options = await callNodeMethod({
			node: { type: 'printio', parameters: { resource: 'item', operation: 'getMany' } },
			credentials: { printioApi: credentialsFor(sandbox()) as never },
			kind: 'loadOptions',
			method: 'getCategories',
		});
		expect(options.length).toBeGreaterThanOrEqual(5);
		expect(options[0]).toEqual({ name: expect.any(String), value: expect.any(Number) });
	});

	it('searches items by name or code for the item locator', async () => {
		const all = await callNodeMethod({
			node: { type: 'printio', parameters: { resource: 'originalItem', operation: 'create' } },
			credentials: { printioApi: credentialsFor(sandbox()) as never },
			kind: 'listSearch',
			method: 'searchItems',
		});
		expect(all.results.length).toBeGreaterThanOrEqual(10);
		const filtered = await callNodeMethod({
			node: { type: 'printio', parameters: { resource: 'originalItem', operation: 'create' } },
			credentials: { printioApi: credentialsFor(sandbox()) as never },
			kind: 'listSearch',
			method: 'searchItems',
			filter: 'ogb-91',
		});
		expect(filtered.results.map((result) => result.value)).toEqual(['OGB-910']);
	});
});
