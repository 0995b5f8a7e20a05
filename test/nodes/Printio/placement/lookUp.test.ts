/**
 * The look-up stage (lookUpOrders, lookUpCancelled), the only reader before sending: what it reads for a run, in
 * which order and how often (each record once per run and retailer, invalid orders matched too, the stock only of
 * the orders the match passes, Validate Only's catalog reads and no order endpoint), what it keeps of a read that
 * failed, and the cancelled shop orders' Printio orders (one read per EC order number, none under Validate Only).
 */
import type { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { UnsentShopOrder } from '../../../../nodes/Printio/orderInput';
import { lookUpCancelled } from '../../../../nodes/Printio/placement/lookUp';
import {
	catalogService,
	checkedLookUp,
	colors,
	item,
	lookedUpBy,
	orderRow,
	originalItem,
	readOf,
	refused,
	runOf,
	sizes,
	stockEntry,
	type CatalogScript,
} from '../orderRun/fakes';

/** An original item that lists the lines' colour and size, so that the catalog match passes its orders. */
const shirt = (code: string, itemCode: string) =>
	originalItem(code, itemCode, { colors: colors(['White']), sizes: sizes('M') });

const line = (code: string, quantity = 1) => ({
	original_item_code: code,
	color: 'White',
	size: 'M',
	quantity,
});

/** A valid order but for its recipient's zip code. */
const invalidRow = (itemIndex: number, ec: string, lines: Array<Record<string, unknown>>) => {
	const row = orderRow(itemIndex, ec, lines);
	return {
		...row,
		order: {
			...row.order,
			shipping_information: { ...row.order.shipping_information, zip_code: '12' },
		},
	};
};

describe('lookUpOrders: the catalog records of the orders', () => {
	it("reads each line's record once per run for the match, the invalid orders' too, and keeps each one read", async () => {
		const service = catalogService({ originalItems: [shirt('OI-1', 'IT-1')] });
		const read = readOf([
			orderRow(0, 'A', [line('OI-1'), line('OI-1', 2)]),
			invalidRow(1, 'B', [line('OI-1'), line('OI-2')]),
		]);
		const lookedUp = await lookedUpBy(
			service.api,
			runOf('orderByCode', { continueOnFail: true }),
			read,
		);
		expect(service.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-2"}',
		]);
		expect(
			[...lookedUp.names.values()].map((entry) => (entry.ok ? entry.names?.itemCode : 'failed')),
		).toEqual(['IT-1', undefined]);
		expect(lookedUp.stock).toBeUndefined();
		expect(lookedUp.dryRun).toBeUndefined();
		expect(lookedUp.cancelled).toEqual(new Map());
	});

	it('reads an original item once per retailer however many lines, orders and runs of the stage name it', async () => {
		const service = catalogService({
			originalItems: [shirt('OI-1', 'IT-1'), { ...shirt('OI-1', 'IT-1'), retailer_id: 8 }],
		});
		const run = runOf('orderByCode');
		const read = readOf([
			orderRow(0, 'A', [line('OI-1'), line('OI-1', 2)]),
			orderRow(1, 'B', [line('OI-1')]),
			orderRow(2, 'C', [line('OI-1')], 8),
		]);
		await lookedUpBy(service.api, run, read);
		await lookedUpBy(service.api, run, readOf([orderRow(0, 'D', [line('OI-1')])]));
		expect(service.routes().sort()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":8,"original_item_code":"OI-1"}',
		]);
	});

	it('a record that cannot be read is kept as failed with Continue On Fail; without it, the run stops naming the first item that asked', async () => {
		const script: CatalogScript = { override: () => refused('no original items') };
		const read = readOf([orderRow(3, 'A', [line('OI-1')]), orderRow(4, 'B', [line('OI-1')])]);
		const kept = await lookedUpBy(
			catalogService(script).api,
			runOf('orderByCode', { continueOnFail: true }),
			read,
		);
		const [entry] = [...kept.names.values()];
		expect(entry.ok).toBe(false);
		expect(!entry.ok && entry.error.message).toContain('no original items');
		expect(!entry.ok && (entry.error as NodeApiError).context.itemIndex).toBe(3);

		const failure = (await lookedUpBy(catalogService(script).api, runOf('orderByCode'), read).catch(
			(error: unknown) => error,
		)) as NodeOperationError;
		expect(failure.message).toContain('no original items');
		expect(failure.context.itemIndex).toBe(3);
	});
});

describe('lookUpOrders: Check Stock First and Validate Only', () => {
	const catalog: CatalogScript = {
		originalItems: [shirt('OI-1', 'IT-1'), shirt('OI-2', 'IT-2')],
		items: [item('IT-1'), item('IT-2')],
		stocks: { 'IT-1': [stockEntry('S-1', 'White', 'M', 5)] },
	};

	it('Check Stock First: the stock of the orders the match passes, after their records; never an order endpoint while nothing is short', async () => {
		const service = catalogService(catalog);
		const lookedUp = await lookedUpBy(
			service.api,
			runOf('orderByCode', { continueOnFail: true, options: { checkStock: true } }),
			readOf([orderRow(0, 'A', [line('OI-1', 2)]), invalidRow(1, 'B', [line('OI-2')])]),
		);
		expect(service.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-2"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}',
		]);
		expect(lookedUp.stock).toEqual({
			lines: [[expect.objectContaining({ item_code: 'IT-1', ordered: 2, flag: 'inStock' })]],
			registered: new Set(),
		});
	});

	it("reads each order's stock for its own retailer", async () => {
		const service = catalogService({
			originalItems: [{ ...shirt('OI-1', 'IT-1'), retailer_id: 9 }],
			stocks: catalog.stocks,
		});
		const { routes } = await checkedLookUp(
			service,
			runOf('orderByCode', { options: { checkStock: true } }),
			readOf([orderRow(0, 'A', [line('OI-1')], 9)]),
		);
		expect(routes()).toEqual(['POST /item-stocks {"retailer_id":9,"item_code":"IT-1"}']);
	});

	it('Validate Only: a quote and the stock of each order the match passes, from catalog reads only', async () => {
		const service = catalogService(catalog);
		const lookedUp = await lookedUpBy(
			service.api,
			runOf('orderByCode', { options: { validateOnly: true, checkStock: true } }),
			readOf([orderRow(0, 'A', [line('OI-1', 2)])]),
		);
		expect(service.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /items {"retailer_id":7,"item_code":"IT-1"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}',
		]);
		expect(lookedUp.stock).toBeUndefined();
		expect(lookedUp.dryRun).toEqual({
			reports: [
				{
					quote: expect.objectContaining({ total: 2000 }),
					stock: [expect.objectContaining({ item_code: 'IT-1', flag: 'inStock' })],
				},
			],
		});
	});
});

describe('lookUpCancelled', () => {
	const unsent = (
		itemIndex: number,
		ecOrderNo: string | undefined,
		reason: UnsentShopOrder['reason'],
	): UnsentShopOrder => ({ itemIndex, ecOrderNo, reason, leftOut: [] });

	it('reads the Printio orders of each cancelled shop order once per EC order number, each number once in the answer; nothing for the others', async () => {
		const service = catalogService({
			orders: { 'S-1': [{ order_no: 'P-1' }, { order_no: 'P-2' }, { order_no: 'P-1' }] },
		});
		const cancelled = await lookUpCancelled(
			service.api,
			[
				unsent(0, 'S-1', 'cancelled'),
				unsent(1, 'S-1', 'cancelled'),
				unsent(2, 'S-2', 'cancelled'),
				unsent(3, 'S-3', 'noPrintLine'),
				unsent(4, 'S-4', 'testOrder'),
				unsent(5, undefined, 'cancelled'),
			],
			{ multiItemOrder: false, validateOnly: false },
		);
		expect(service.routes()).toEqual([
			'GET /orders {"ec_order_no":"S-1"}',
			'GET /orders {"ec_order_no":"S-2"}',
		]);
		expect(cancelled).toEqual(
			new Map([
				['S-1', ['P-1', 'P-2']],
				['S-2', []],
			]),
		);
	});

	it('a read that fails is kept as unknown; Validate Only reads nothing', async () => {
		const down = catalogService({ override: () => refused('down') });
		expect(
			await lookUpCancelled(down.api, [unsent(0, 'S-1', 'cancelled')], {
				multiItemOrder: false,
				validateOnly: false,
			}),
		).toEqual(new Map([['S-1', undefined]]));
		const validateOnly = catalogService({ orders: { 'S-1': [{ order_no: 'P-1' }] } });
		expect(
			await lookUpCancelled(validateOnly.api, [unsent(0, 'S-1', 'cancelled')], {
				multiItemOrder: false,
				validateOnly: true,
			}),
		).toEqual(new Map());
		expect(validateOnly.sent).toHaveLength(0);
	});
});
