/** Catalog records per node run (helpers/catalogItem.ts): one read per retailer and code, a failed read not kept. */
import type { NodeApiError } from 'n8n-workflow';

import type { Item } from '../../../../api/schema/types';
import {
	catalogItem,
	itemStocks,
	originalItemRecord,
} from '../../../../nodes/Printio/helpers/catalogItem';
import { printioApi } from '../../../../nodes/shared/printio/transport';
import {
	CONNECTION,
	routedContext,
	type ScriptedAnswer,
} from '../../shared/printio/transport/fakeContext';

const answer = (body: Record<string, unknown>): ScriptedAnswer => ({
	statusCode: 200,
	body: { status_code: 0, message: 'ok', ...body },
});
/** The error a read failed with. */
async function failure(read: Promise<unknown>): Promise<NodeApiError> {
	try {
		await read;
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('expected the read to fail');
}
const denied: ScriptedAnswer = { statusCode: 200, body: { status_code: 11, message: 'denied' } };

function run(handler: Parameters<typeof routedContext>[0]) {
	const ctx = routedContext(handler);
	return {
		api: printioApi(ctx.context, CONNECTION),
		qs: () => ctx.sent.map(({ options }) => [options.url, options.qs]),
	};
}

describe('catalogItem', () => {
	it('reads the item by retailer and code and returns the record with that very code', async () => {
		const { api, qs } = run(() =>
			answer({ list_item_data: [{ code: 'ts-1' }, { code: 'TS-1', item_name: 'T' }] }),
		);
		expect(await catalogItem(api, 7, 'TS-1', 0)).toStrictEqual({ code: 'TS-1', item_name: 'T' });
		expect(qs()).toStrictEqual([['/items', { retailer_id: 7, item_code: 'TS-1' }]]);
	});

	it('is undefined when no record carries the code, or there is no list', async () => {
		expect(
			await catalogItem(
				run(() => answer({ list_item_data: [{ code: 'OTHER' }] })).api,
				7,
				'TS-1',
				0,
			),
		).toBeUndefined();
		expect(await catalogItem(run(() => answer({})).api, 7, 'TS-1', 0)).toBeUndefined();
	});

	it('reads once per run, retailer and code', async () => {
		const { api, qs } = run(({ qs: query }) =>
			answer({ list_item_data: [{ code: query.item_code, retailer: query.retailer_id }] }),
		);
		const reads = await Promise.all([
			catalogItem(api, 7, 'A', 0),
			catalogItem(api, 7, 'A', 1),
			catalogItem(api, 8, 'A', 2),
			catalogItem(api, 7, 'B', 3),
		]);
		expect(reads).toStrictEqual([
			{ code: 'A', retailer: 7 },
			{ code: 'A', retailer: 7 },
			{ code: 'A', retailer: 8 },
			{ code: 'B', retailer: 7 },
		]);
		expect(qs()).toHaveLength(3);
		// Another run reads again.
		const other = run(() => answer({ list_item_data: [] }));
		expect(await catalogItem(other.api, 7, 'A', 0)).toBeUndefined();
		expect(other.qs()).toHaveLength(1);
	});

	it('does not keep a failed read: the next check of the run reads again', async () => {
		const answers = [denied, answer({ list_item_data: [{ code: 'A' }] })];
		const { api, qs } = run(() => answers.shift() as ScriptedAnswer);
		await expect(catalogItem(api, 7, 'A', 2)).rejects.toThrow(
			'No permission (Printio status 11): denied',
		);
		expect(await catalogItem(api, 7, 'A', 2)).toStrictEqual({ code: 'A' } as Item);
		expect(await catalogItem(api, 7, 'A', 2)).toStrictEqual({ code: 'A' });
		expect(qs()).toHaveLength(2);
	});

	it("names the item on the API's error", async () => {
		const { api } = run(() => denied);
		const error = await failure(catalogItem(api, 7, 'A', 5));
		expect(error.context.itemIndex).toBe(5);
	});
});

describe('originalItemRecord', () => {
	it("reads by Printio's code or the shop's and returns the record with that code in that field", async () => {
		const list = [
			{ original_item_code: 'X', ec_original_item_code: 'SKU' },
			{ original_item_code: 'SKU', ec_original_item_code: 'Y' },
		];
		const byCode = run(() => answer({ original_items: list }));
		expect(await originalItemRecord(byCode.api, 7, 'original_item_code', 'SKU', 0)).toStrictEqual(
			list[1],
		);
		expect(byCode.qs()).toStrictEqual([
			['/original-items', { retailer_id: 7, original_item_code: 'SKU' }],
		]);
		const byShop = run(() => answer({ original_items: list }));
		expect(
			await originalItemRecord(byShop.api, 7, 'ec_original_item_code', 'SKU', 0),
		).toStrictEqual(list[0]);
		expect(byShop.qs()).toStrictEqual([
			['/original-items', { retailer_id: 7, ec_original_item_code: 'SKU' }],
		]);
	});

	it('is undefined when no record carries the code, or there is no list', async () => {
		expect(
			await originalItemRecord(
				run(() => answer({ original_items: [{ original_item_code: 'Z' }] })).api,
				7,
				'original_item_code',
				'A',
				0,
			),
		).toBeUndefined();
		expect(
			await originalItemRecord(run(() => answer({})).api, 7, 'original_item_code', 'A', 0),
		).toBeUndefined();
	});

	it('reads once per run, retailer, field and code, and not again for an item of the same code', async () => {
		const { api, qs } = run(({ qs: query }) =>
			answer({
				original_items: [
					{
						original_item_code: query.original_item_code ?? query.ec_original_item_code,
						ec_original_item_code: query.ec_original_item_code ?? query.original_item_code,
					},
				],
			}),
		);
		await originalItemRecord(api, 7, 'original_item_code', 'A', 0);
		await originalItemRecord(api, 7, 'original_item_code', 'A', 1);
		await originalItemRecord(api, 7, 'ec_original_item_code', 'A', 2);
		await originalItemRecord(api, 8, 'original_item_code', 'A', 3);
		// The item cache of the same run is apart.
		expect(await catalogItem(api, 7, 'A', 4)).toBeUndefined();
		expect(qs()).toStrictEqual([
			['/original-items', { retailer_id: 7, original_item_code: 'A' }],
			['/original-items', { retailer_id: 7, ec_original_item_code: 'A' }],
			['/original-items', { retailer_id: 8, original_item_code: 'A' }],
			['/items', { retailer_id: 7, item_code: 'A' }],
		]);
	});

	it('does not keep a failed read', async () => {
		const answers = [denied, answer({ original_items: [{ original_item_code: 'A' }] })];
		const { api, qs } = run(() => answers.shift() as ScriptedAnswer);
		const error = await failure(originalItemRecord(api, 7, 'original_item_code', 'A', 3));
		expect(error.message).toBe('No permission (Printio status 11): denied');
		expect(error.context.itemIndex).toBe(3);
		expect(await originalItemRecord(api, 7, 'original_item_code', 'A', 0)).toStrictEqual({
			original_item_code: 'A',
		});
		expect(qs()).toHaveLength(2);
	});
});

describe('itemStocks', () => {
	it('reads the stock by retailer and item code with POST /item-stocks, once per run, retailer and code; no list is no stock', async () => {
		const ctx = routedContext(({ body }) =>
			answer(
				(body as { item_code: string }).item_code === 'A'
					? { item_stocks: [{ item_stock_code: 'S-1' }] }
					: {},
			),
		);
		const api = printioApi(ctx.context, CONNECTION);
		const reads = await Promise.all([
			itemStocks(api, 7, 'A', 0),
			itemStocks(api, 7, 'A', 1),
			itemStocks(api, 8, 'A', 2),
			itemStocks(api, 7, 'B', 3),
		]);
		expect(reads).toStrictEqual([
			[{ item_stock_code: 'S-1' }],
			[{ item_stock_code: 'S-1' }],
			[{ item_stock_code: 'S-1' }],
			[],
		]);
		expect(
			ctx.sent.map(({ options }) => [options.method, options.url, options.body]),
		).toStrictEqual([
			['POST', '/item-stocks', { retailer_id: 7, item_code: 'A' }],
			['POST', '/item-stocks', { retailer_id: 8, item_code: 'A' }],
			['POST', '/item-stocks', { retailer_id: 7, item_code: 'B' }],
		]);
	});

	it('does not keep a failed read, and names the item on the error', async () => {
		const answers = [denied, answer({ item_stocks: [] })];
		const { api, qs } = run(() => answers.shift() as ScriptedAnswer);
		expect((await failure(itemStocks(api, 7, 'A', 4))).context.itemIndex).toBe(4);
		expect(await itemStocks(api, 7, 'A', 4)).toStrictEqual([]);
		expect(qs()).toHaveLength(2);
	});
});
