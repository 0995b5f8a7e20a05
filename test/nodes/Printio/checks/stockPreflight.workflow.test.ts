/**
 * Options › Check Stock First on Order › Create: lines out of stock are refused before anything is sent, with
 * the stock figures. A refused order is never sent; without Continue On Fail nothing is placed at all, with it
 * the other orders go. A stock read that fails sends nothing. Stock is set through the sandbox's control API;
 * what was sent is read from its request log.
 */
import type { IDataObject } from 'n8n-workflow';

import { orderByCodeParameters, sheetRow } from '../fixtures';
import {
	control,
	jsonOf,
	KEY_1,
	placeOrderDirect,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

async function setStock(
	itemCode: string,
	colorName: string,
	size: string,
	entry: { stock_quantity?: number | null; is_orderable?: boolean },
) {
	const response = await fetch(`${sandbox().url}/item-stocks`, {
		method: 'POST',
		headers: {
			accept: 'application/json',
			'content-type': 'application/json',
			'Printio-Api-Subscription-Key': KEY_1,
		},
		body: JSON.stringify({ retailer_id: 1, item_code: itemCode }),
	});
	const { item_stocks } = (await response.json()) as { item_stocks: IDataObject[] };
	const found = item_stocks.find((stock) => stock.color_name === colorName && stock.size === size);
	if (!found) throw new Error(`no stock entry ${itemCode} ${colorName} ${size}`);
	await control(sandbox(), 'POST', `/stock/${String(found.item_stock_code)}`, entry);
}

/** EC order numbers of the placement requests the sandbox received. */
const sent = async () =>
	(await receivedRequests(sandbox()))
		.filter((request) => request.method === 'POST' && request.path.startsWith('/order'))
		.map((request) => request.body?.ec_order_no);

const create = (options: IDataObject = {}) => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options: { checkStock: true, concurrency: 1, ...options },
});

// OGB-910 (t0100001): ネイビー XXL set to 3 in stock; order 5.
const shortRow = (ecOrderNo: string) =>
	sheetRow(ecOrderNo, { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 5 });

describe('Order › Create with Check Stock First', () => {
	beforeEach(async () => {
		await setStock('OGB-910', 'ネイビー', 'XXL', { stock_quantity: 3 });
		await control(sandbox(), 'DELETE', '/requests');
	});

	it('without Continue On Fail, refuses before anything is sent, naming the order and the stock figures', async () => {
		const result = await runPrintio(sandbox(), create(), {
			input: [sheetRow('PRE-1'), shortRow('PRE-2'), sheetRow('PRE-3')],
		});
		expect(result.error?.message).toBe(
			'Order "PRE-2" is out of stock: order_details[0] OGB-910 ネイビー XXL: 3 in stock, 5 ordered (nothing was sent)',
		);
		expect(result.error?.description).toMatch(/status 13/);
		expect((result.error?.context as IDataObject)?.itemIndex).toBe(1);
		expect(await sent()).toEqual([]);
		// One stock request for the one catalog item of the run (t0100001 → OGB-910).
		const reads = (await receivedRequests(sandbox())).map(
			(request) => `${request.method} ${request.path}`,
		);
		expect(reads.filter((path) => path === 'POST /item-stocks')).toHaveLength(1);
	});

	it('with Continue On Fail, places the others and returns the refused order as an error item with its stock', async () => {
		const result = await runPrintio(sandbox(), create(), {
			input: [sheetRow('GO-1'), shortRow('GO-2'), sheetRow('GO-3')],
			continueOnFail: true,
		});
		const out = jsonOf(result);
		expect(out.map((order) => order.ec_order_no)).toEqual(['GO-1', 'GO-2', 'GO-3']);
		expect(out[0].order_no).toEqual(expect.any(String));
		expect(out[2].order_no).toEqual(expect.any(String));
		expect(out[1].error).toMatch(/^Order "GO-2" is out of stock: .*3 in stock, 5 ordered/);
		expect(out[1].stock).toEqual([
			expect.objectContaining({
				line: 0,
				item_code: 'OGB-910',
				color: 'ネイビー',
				size: 'XXL',
				ordered: 5,
				stock_quantity: 3,
				flag: 'short',
			}),
		]);
		expect(result.items[1].pairedItem).toEqual([{ item: 1 }]);
		expect((await sent()).sort()).toEqual(['GO-1', 'GO-3']);
	});

	it('refuses a line that is not orderable, and adds up lines of the same colour and size', async () => {
		await setStock('OGB-910', 'ブラック', 'L', { is_orderable: false });
		const rows = [
			sheetRow('SUM-1', { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 2 }),
			sheetRow('SUM-1', { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 2 }),
			sheetRow('NO-1', { line_color: 'ブラック', line_size: 'L', line_quantity: 1 }),
			sheetRow('OK-1', { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 3 }),
		];
		const out = jsonOf(
			await runPrintio(sandbox(), create({ groupByEcOrderNo: true }), {
				input: rows,
				continueOnFail: true,
			}),
		);
		expect(out[0].error).toMatch(/3 in stock, 4 ordered/);
		expect(out[1].error).toMatch(
			/^Order "NO-1" is out of stock: order_details\[0\] OGB-910 ブラック L: not orderable now/,
		);
		expect(out[2].order_no).toEqual(expect.any(String));
		expect(await sent()).toEqual(['OK-1']);
	});

	it('returns an order placed by an earlier run as already registered, even when its stock is gone now', async () => {
		const orderNo = await placeOrderDirect(sandbox(), 'EARLIER-1');
		await setStock('OGB-910', 'ホワイト', 'M', { stock_quantity: 0 });
		await control(sandbox(), 'DELETE', '/requests');
		const [order] = jsonOf(
			await runPrintio(sandbox(), create(), { input: [sheetRow('EARLIER-1')] }),
		);
		expect(order).toEqual(expect.objectContaining({ order_no: orderNo, already_registered: true }));
		expect(await sent()).toEqual([]);
	});

	it('sends nothing when the stock cannot be read, with or without Continue On Fail', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /item-stocks',
			kind: 'http500',
			times: 0,
		});
		const failed = await runPrintio(sandbox(), create(), {
			input: [sheetRow('DOWN-1'), sheetRow('DOWN-2')],
		});
		expect(failed.error?.message).toMatch(/^Stock check before sending failed: /);
		const items = jsonOf(
			await runPrintio(sandbox(), create(), {
				input: [sheetRow('DOWN-1'), sheetRow('DOWN-2')],
				continueOnFail: true,
			}),
		);
		expect(items.map((item) => String(item.error))).toEqual([
			expect.stringMatching(/^Stock check before sending failed: /),
			expect.stringMatching(/^Stock check before sending failed: /),
		]);
		expect(await sent()).toEqual([]);
	});

	it('is off by default: the order is sent and Printio refuses it with status 13', async () => {
		const result = await runPrintio(
			sandbox(),
			{ ...create(), options: {} },
			{ input: [shortRow('DEFAULT-1')] },
		);
		expect(result.error?.message).toMatch(/out of stock|在庫/i);
		expect(await sent()).toEqual(['DEFAULT-1']);
	});
});

describe('Order › Create With Images with Check Stock First', () => {
	it('checks catalog items by their item code and refuses a short order before anything is sent', async () => {
		await setStock('MUG-420', 'シルバー', '350ml', { stock_quantity: 1 });
		await control(sandbox(), 'DELETE', '/requests');
		const line = (color: string, quantity: number) => ({
			itemCode: 'MUG-420',
			color,
			size: '350ml',
			quantity,
			frontOutputUrl: 'https://example.com/front.png',
		});
		const parameters = (ecOrderNo: string, quantity: number) => ({
			...orderByCodeParameters(ecOrderNo),
			operation: 'createWithImages',
			lines: { line: [line('シルバー', quantity)] },
			// The design URL is not served: the design check (test/nodes/orderPreflight.test.ts) is off here.
			options: { checkStock: true, preflight: false },
		});
		const refused = await runPrintio(sandbox(), parameters('IMG-SHORT', 2));
		expect(refused.error?.message).toBe(
			'Order "IMG-SHORT" is out of stock: order_details[0] MUG-420 シルバー 350ml: 1 in stock, 2 ordered (nothing was sent)',
		);
		const [placed] = jsonOf(await runPrintio(sandbox(), parameters('IMG-OK', 1)));
		expect(placed.order_no).toEqual(expect.any(String));
		expect(await sent()).toEqual(['IMG-OK']);
		// No original items to look up: the stock of the line's item, once per run.
		const paths = (await receivedRequests(sandbox())).map(
			(request) => `${request.method} ${request.path}`,
		);
		expect(paths.filter((path) => path === 'GET /original-items')).toEqual([]);
		expect(paths.filter((path) => path === 'POST /item-stocks')).toHaveLength(2);
	});
});
