/**
 * Options › Validate Only on both create operations: everything but placing. Proved at the sandbox: its
 * request log holds no request to an order endpoint (reads included), quotes equal catalog prices computed here
 * from the sandbox's own GET /items, and stock flags follow stock set through the sandbox's control API.
 */
import type { IDataObject } from 'n8n-workflow';

import { orderByCodeParameters, sheetRow } from '../fixtures';
import {
	control,
	jsonOf,
	KEY_1,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

async function api(method: 'GET' | 'POST', path: string, body?: IDataObject): Promise<IDataObject> {
	const response = await fetch(`${sandbox().url}${path}`, {
		method,
		headers: {
			accept: 'application/json',
			'content-type': 'application/json',
			'Printio-Api-Subscription-Key': KEY_1,
		},
		body: body ? JSON.stringify(body) : undefined,
	});
	return (await response.json()) as IDataObject;
}

/** Sets a stock entry through the control API, found by item, colour name and size. */
async function setStock(
	itemCode: string,
	colorName: string,
	size: string,
	entry: { stock_quantity?: number | null; is_orderable?: boolean },
) {
	const { item_stocks } = await api('POST', '/item-stocks', {
		retailer_id: 1,
		item_code: itemCode,
	});
	const found = (item_stocks as IDataObject[]).find(
		(stock) => stock.color_name === colorName && stock.size === size,
	);
	if (!found) throw new Error(`no stock entry ${itemCode} ${colorName} ${size}`);
	await control(sandbox(), 'POST', `/stock/${String(found.item_stock_code)}`, entry);
}

/** (price + the size's additional price) × quantity, straight from the sandbox's catalog. */
async function catalogAmount(itemCode: string, size: string, quantity: number): Promise<number> {
	const { list_item_data } = await api(
		'GET',
		`/items?retailer_id=1&item_code=${encodeURIComponent(itemCode)}`,
	);
	const item = (list_item_data as IDataObject[]).find((candidate) => candidate.code === itemCode)!;
	const sizeEntry = ((item.sizes as IDataObject).values as IDataObject[]).find(
		(value) => value.name === size,
	)!;
	return ((item.price as number) + Number(sizeEntry.additional_price ?? 0)) * quantity;
}

const orderRequests = async () =>
	(await receivedRequests(sandbox())).filter((request) => request.path.startsWith('/order'));
const create = (options: IDataObject = {}) => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options: { validateOnly: true, groupByEcOrderNo: true, ...options },
});

describe('Order › Create with Validate Only', () => {
	it('outputs per order the request, problems, quote and stock, and sends nothing to an order endpoint', async () => {
		await setStock('OGB-910', 'ネイビー', 'XXL', { stock_quantity: 1 });
		await setStock('PKB-110', 'ホワイト', 'L', { is_orderable: false });
		await setStock('BAG-320', 'ナチュラル', 'F', { stock_quantity: 4 });
		await control(sandbox(), 'DELETE', '/requests');
		const rows = [
			sheetRow('VO-1', { line_quantity: 2 }),
			sheetRow('VO-2', { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 2 }),
			sheetRow('VO-2', { line_color: 'ブラック', line_size: 'XL', line_quantity: 1 }),
			sheetRow('VO-3', { shipping_zip_code: '12' }),
			// By the manufacturer's colour name, which Printio accepts too.
			sheetRow('VO-4', {
				line_original_item_code: 't0100002',
				line_color: 'White',
				line_size: 'L',
			}),
			sheetRow('VO-5', {
				line_original_item_code: '',
				line_ec_original_item_code: 'EC-BG-0002',
				line_color: 'ナチュラル',
				line_size: 'F',
				line_quantity: 5,
			}),
		];
		const result = await runPrintio(sandbox(), create(), { input: rows });
		const out = jsonOf(result);

		// Nothing reached an order endpoint: no placement, and not even a lookup.
		expect(await orderRequests()).toEqual([]);
		// The catalog reads: one per original item, and one GET /items and one POST /item-stocks per catalog item.
		const paths = (await receivedRequests(sandbox()))
			.map((request) => `${request.method} ${request.path}`)
			.sort();
		expect(paths).toEqual([
			...Array(3).fill('GET /items'),
			...Array(3).fill('GET /original-items'),
			...Array(3).fill('POST /item-stocks'),
		]);

		expect(out.map((order) => order.ec_order_no)).toEqual(['VO-1', 'VO-2', 'VO-3', 'VO-4', 'VO-5']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }],
			[{ item: 1 }, { item: 2 }],
			[{ item: 3 }],
			[{ item: 4 }],
			[{ item: 5 }],
		]);
		expect(out.every((order) => order.validate_only === true)).toBe(true);
		expect(out.map((order) => order.would_send)).toEqual([true, true, false, true, true]);

		// The request: what placing would send.
		const [first, second, invalid, notOrderable, byEcCode] = out;
		expect(first.request).toEqual(
			expect.objectContaining({
				method: 'POST',
				path: '/order-by-code',
				body: expect.objectContaining({ ec_order_no: 'VO-1', retailer_id: 1 }),
			}),
		);
		expect((first.request as IDataObject).headers).toBeUndefined();
		expect(first.normalized).toEqual(
			expect.arrayContaining([
				{ field: 'shipping_information.zip_code', rule: 'zipCodeDigitsOnly' },
			]),
		);

		// Quotes: catalog price × quantity + the size's additional price, per line.
		const quote = (order: IDataObject) =>
			order.quote as { lines: IDataObject[]; total: number | null; not_included: string };
		expect(quote(first).total).toBe(await catalogAmount('OGB-910', 'M', 2));
		expect(quote(second).lines.map((line) => line.amount)).toEqual([
			await catalogAmount('OGB-910', 'XXL', 2),
			await catalogAmount('OGB-910', 'XL', 1),
		]);
		expect(quote(second).total).toBe(
			(await catalogAmount('OGB-910', 'XXL', 2)) + (await catalogAmount('OGB-910', 'XL', 1)),
		);
		expect(quote(second).lines[1].additional_price).toBeGreaterThan(0);
		expect(quote(notOrderable).total).toBe(await catalogAmount('PKB-110', 'L', 1));
		expect(quote(byEcCode).total).toBe(await catalogAmount('BAG-320', 'F', 5));
		expect(quote(first).not_included).toMatch(/shipping, tax/);

		// Stock, as set through the control API.
		const flags = (order: IDataObject) => (order.stock as IDataObject[]).map((line) => line.flag);
		expect(flags(first)).toEqual(['inStock']);
		expect(first.stock_ok).toBe(true);
		expect(flags(second)).toEqual(['short', 'inStock']);
		expect((second.stock as IDataObject[])[0]).toEqual(
			expect.objectContaining({
				line: 0,
				item_code: 'OGB-910',
				color: 'ネイビー',
				size: 'XXL',
				ordered: 2,
				stock_quantity: 1,
				is_orderable: true,
			}),
		);
		expect(second.stock_ok).toBe(false);
		expect(flags(notOrderable)).toEqual(['notOrderable']);
		// The manufacturer's name White was matched to the catalog's ホワイト before the stock was read.
		expect((notOrderable.stock as IDataObject[])[0]).toEqual(
			expect.objectContaining({ color: 'ホワイト', is_orderable: false }),
		);
		expect(notOrderable.normalized).toEqual(
			expect.arrayContaining([{ field: 'order_details[0].color', rule: 'manufacturerColorName' }]),
		);
		expect(flags(byEcCode)).toEqual(['short']);
		expect((byEcCode.stock as IDataObject[])[0]).toEqual(
			expect.objectContaining({ item_code: 'BAG-320', stock_quantity: 4, ordered: 5 }),
		);

		// Problems: the texts a real run gives, field and fix, no values.
		expect(invalid.request).toBeUndefined();
		expect(invalid.error).toMatch(/^Order "VO-3" is invalid: shipping_information\.zip_code/);
		expect(invalid.problems).toEqual([
			expect.objectContaining({ field: 'shipping_information.zip_code', itemIndex: 3 }),
		]);
		expect(JSON.stringify(invalid.problems)).not.toContain('"12"');
	});

	it('gives the exact body that placing then sends', async () => {
		const rows = [
			sheetRow('EXACT-1'),
			sheetRow('EXACT-1', { line_color: 'ブラック', line_size: 'L', line_quantity: 3 }),
		];
		const [dry] = jsonOf(
			await runPrintio(sandbox(), create({ multiItemOrder: true }), { input: rows }),
		);
		expect(await orderRequests()).toEqual([]);
		expect((dry.request as IDataObject).headers).toEqual({ 'X-Feature-Flags': 'MultiItemOrder' });

		const [placed] = jsonOf(
			await runPrintio(sandbox(), create({ validateOnly: false, multiItemOrder: true }), {
				input: rows,
			}),
		);
		expect(placed.order_no).toEqual(expect.any(String));
		const [post] = (await orderRequests()).filter((request) => request.method === 'POST');
		expect(post.body).toEqual((dry.request as IDataObject).body);
		expect(post.headers['x-feature-flags']).toBe('MultiItemOrder');
	});

	it('reports repeats and conflicting EC order numbers without failing the run', async () => {
		const rows = [
			sheetRow('REP-1'),
			sheetRow('REP-1'),
			sheetRow('CON-1'),
			sheetRow('CON-1', { line_size: 'L' }),
		];
		const result = await runPrintio(
			sandbox(),
			{ ...create(), options: { validateOnly: true } },
			{ input: rows },
		);
		const out = jsonOf(result);
		expect(await orderRequests()).toEqual([]);
		expect(out.map((order) => [order.ec_order_no, order.would_send])).toEqual([
			['REP-1', true],
			['REP-1', false],
			['CON-1', false],
			['CON-1', false],
		]);
		expect(out[1].duplicate_of_item).toBe(0);
		expect(out[2].error).toMatch(/share EC order number "CON-1" but are different orders/);
	});
});

describe('Order › Create With Images with Validate Only', () => {
	it('quotes and checks catalog items by their item code, and sends nothing to an order endpoint', async () => {
		await setStock('MUG-420', 'ブラック', '350ml', { stock_quantity: 0 });
		await control(sandbox(), 'DELETE', '/requests');
		const line = (itemCode: string, color: string, size: string, quantity: number) => ({
			itemCode,
			color,
			size,
			quantity,
			frontOutputUrl: 'https://example.com/front.png',
		});
		const result = await runPrintio(sandbox(), {
			...orderByCodeParameters('VOI-1'),
			operation: 'createWithImages',
			lines: {
				line: [line('OGB-910', 'ホワイト', 'XXL', 3), line('MUG-420', 'ブラック', '350ml', 1)],
			},
			options: { validateOnly: true },
		});
		const [order] = jsonOf(result);
		expect(await orderRequests()).toEqual([]);
		expect(order.request).toEqual(
			expect.objectContaining({ method: 'POST', path: '/orders/order-with-image' }),
		);
		const quote = order.quote as { lines: IDataObject[]; total: number };
		expect(quote.total).toBe(
			(await catalogAmount('OGB-910', 'XXL', 3)) + (await catalogAmount('MUG-420', '350ml', 1)),
		);
		expect((order.stock as IDataObject[]).map((entry) => entry.flag)).toEqual(['inStock', 'short']);
		expect(
			(await receivedRequests(sandbox())).filter((request) => request.path === '/item-stocks'),
		).toHaveLength(2);
	});
});
