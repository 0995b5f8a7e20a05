/**
 * The catalog match before sending (docs/orders.md, "Colours and sizes matched to the catalog"), through n8n-core
 * against the sandbox: shop values (WooCommerce slugs, manufacturer names, full-width text) are placed under the
 * catalog's names; an unmatched value refuses its order before anything is sent, naming line, field, value and
 * the valid names; a catalog read that fails never leads to an unchecked placement; one read per item and run.
 * The last test scans the sandbox's request log: no order request carries a colour or size that its item's
 * catalog record does not list.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { catalogByCode } from '../../../../sandbox/catalog';
import wooCreated from '../../../fixtures/shop/woocommerce-order-created.json';
import { orderByCodeParameters, sheetRow } from '../fixtures';
import {
	control,
	credentialsFor,
	jsonOf,
	type LoggedRequest,
	receivedRequests,
	resetSandbox,
	runPrintio,
	SHOP_SENDER,
	useSandbox,
} from '../setup';

const sandbox = useSandbox();

beforeEach(async () => {
	await resetSandbox(sandbox());
	await control(sandbox(), 'DELETE', '/design-requests');
});

const autoMap = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options,
});
const orderPosts = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);
const reads = async (path: string) =>
	(await receivedRequests(sandbox())).filter((request) => request.path === path);
const designUrl = (name: string) => `${sandbox().url}/_sandbox/designs/${name}`;

/** A WooCommerce line as stored: `pa_color` and `pa_size` slugs, mapped to the line columns. */
const wooLine = (color: string, size: string) => ({ line_color: color, line_size: size });

describe("Order › Create: colours and sizes matched to the original item's catalog record", () => {
	it("places WooCommerce slugs (white, m) and manufacturer names under the catalog's names, listing each rewrite", async () => {
		const rows = [
			sheetRow('WOO-1', wooLine('white', 'm')),
			sheetRow('WOO-2', wooLine('Heather Grey', 'xl')),
			sheetRow('WOO-3', wooLine('ﾈｲﾋﾞｰ', 'Ｌ')),
		];
		const out = jsonOf(await runPrintio(sandbox(), autoMap(), { input: rows }));
		expect(out.map((order) => typeof order.order_no)).toEqual(['string', 'string', 'string']);
		const sent = (await orderPosts()).map(
			(request) => (request.body!.order_details as IDataObject[])[0],
		);
		expect(sent.map((line) => [line.color, line.size])).toEqual([
			['ホワイト', 'M'],
			['ヘザーグレー', 'XL'],
			['ネイビー', 'L'],
		]);
		expect(out[0].normalized).toEqual(
			expect.arrayContaining([
				{ field: 'order_details[0].color', rule: 'manufacturerColorName' },
				{ field: 'order_details[0].size', rule: 'catalogNameFolded' },
			]),
		);
	});

	it('without Continue On Fail, one unknown colour on one line of a batch of 5 stops the run before any order is sent', async () => {
		const rows = [
			sheetRow('HALF-1'),
			sheetRow('HALF-2'),
			sheetRow('HALF-3', wooLine('gold', 'm')),
			sheetRow('HALF-4'),
			sheetRow('HALF-5'),
		];
		const result = await runPrintio(sandbox(), autoMap(), { input: rows });
		expect(result.error?.message).toBe(
			'Order "HALF-3" is invalid: order_details[0].color (nothing was sent)',
		);
		expect(result.error?.description).toBe(
			'Lines › Color Name or ID (order_details[0].color): "gold" is not one of the colours of original item t0100001 (item OGB-910). Use one of: ホワイト (White), ブラック (Black), ネイビー (Navy), ヘザーグレー (Heather Grey).',
		);
		expect((result.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(2);
		expect(await orderPosts()).toHaveLength(0);
		// Not even looked up.
		expect(await reads('/orders')).toHaveLength(0);
	});

	it("without Continue On Fail, an order invalid in the input itself stops the run before any order is sent, after the catalog read that checks every order's colours", async () => {
		const rows = [
			sheetRow('EARLY-1'),
			sheetRow('EARLY-2', { shipping_zip_code: '12345' }),
			sheetRow('EARLY-3', { line_original_item_code: 't0100002' }),
		];
		const result = await runPrintio(sandbox(), autoMap(), { input: rows });
		expect(result.error?.message).toBe(
			'Order "EARLY-2" is invalid: shipping_information.zip_code (nothing was sent)',
		);
		expect((result.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(1);
		expect(
			(await receivedRequests(sandbox()))
				.map(
					(request) =>
						`${request.method} ${request.path} ${String(request.query.original_item_code)}`,
				)
				.sort(),
		).toEqual(['GET /original-items t0100001', 'GET /original-items t0100002']);
	});

	it('names the size too when both are wrong, and lists the sizes of that item', async () => {
		const result = await runPrintio(sandbox(), autoMap(), {
			input: [
				sheetRow('BOTH-1', { ...wooLine('gold', 'xs'), line_original_item_code: 't0100003' }),
			],
		});
		expect(result.error?.message).toBe(
			'Order "BOTH-1" is invalid: order_details[0].color, order_details[0].size (nothing was sent)',
		);
		expect(result.error?.description).toContain(
			'"gold" is not one of the colours of original item t0100003 (item MUG-410). Use one of: ホワイト (White).',
		);
		expect(result.error?.description).toContain(
			'"xs" is not one of the sizes of original item t0100003 (item MUG-410). Use one of: 330ml.',
		);
	});

	it('with Continue On Fail, places the others and reports the refused order in its place', async () => {
		const rows = [sheetRow('COF-1'), sheetRow('COF-2', wooLine('white', 'xxs')), sheetRow('COF-3')];
		const out = jsonOf(
			await runPrintio(sandbox(), autoMap(), { input: rows, continueOnFail: true }),
		);
		expect(out.map((order) => typeof order.order_no)).toEqual(['string', 'undefined', 'string']);
		expect(out[1].error).toBe('Order "COF-2" is invalid: order_details[0].size (nothing was sent)');
		expect(out[1].problems).toEqual([
			expect.objectContaining({ field: 'order_details[0].size', itemIndex: 1 }),
		]);
		expect((await orderPosts()).map((request) => request.body!.ec_order_no)).toEqual([
			'COF-1',
			'COF-3',
		]);
	});

	it('Validate Only shows the same refusal and the same rewrites, and reads each item once', async () => {
		const rows = [
			sheetRow('VO-1', wooLine('white', 'm')),
			sheetRow('VO-2', wooLine('gold', 'm')),
			sheetRow('VO-3', {
				line_original_item_code: 't0100002',
				line_color: 'black',
				line_size: 'l',
			}),
		];
		const out = jsonOf(
			await runPrintio(sandbox(), autoMap({ validateOnly: true, checkStock: true }), {
				input: rows,
			}),
		);
		expect(out[0]).toEqual(expect.objectContaining({ would_send: true }));
		expect(((out[0].request as IDataObject).body as IDataObject).order_details).toEqual([
			expect.objectContaining({ color: 'ホワイト', size: 'M' }),
		]);
		expect(out[1]).toEqual(
			expect.objectContaining({
				would_send: false,
				error: 'Order "VO-2" is invalid: order_details[0].color (nothing was sent)',
			}),
		);
		expect(out[1].problems).toEqual([
			expect.objectContaining({
				field: 'order_details[0].color',
				message: expect.stringContaining('"gold" is not one of the colours'),
			}),
		]);
		expect(out[2]).toEqual(expect.objectContaining({ would_send: true, stock_ok: true }));
		// One read per original item (t0100001, t0100002), shared by the match, the quote and the stock.
		expect(
			(await reads('/original-items')).map((request) => request.query.original_item_code).sort(),
		).toEqual(['t0100001', 't0100002']);
		expect(await orderPosts()).toHaveLength(0);
	});

	it('an original item Printio does not know is refused before sending', async () => {
		const result = await runPrintio(sandbox(), autoMap(), {
			input: [sheetRow('UNKNOWN-1', { line_original_item_code: 't9999999' })],
		});
		expect(result.error?.message).toBe(
			'Order "UNKNOWN-1" is invalid: order_details[0].original_item_code (nothing was sent)',
		);
		expect(result.error?.description).toContain(
			'"t9999999" is not an original item of retailer 1 at Printio',
		);
		expect(await orderPosts()).toHaveLength(0);
	});

	it('a catalog read that fails (HTTP 500) sends nothing: the run stops, or with Continue On Fail each order says why', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'GET /original-items',
			kind: 'http500',
			times: 0,
		});
		const stopped = await runPrintio(sandbox(), autoMap(), {
			input: [sheetRow('DOWN-1'), sheetRow('DOWN-2')],
		});
		expect(stopped.error?.message).toMatch(
			/^Catalog check before sending failed for order "DOWN-1": .+ \(1 more order\(s\) like this\)\. Nothing was sent for it\.$/,
		);
		expect(stopped.error?.description).toMatch(/not sent while that record cannot be read/);
		expect(await orderPosts()).toHaveLength(0);

		const out = jsonOf(
			await runPrintio(sandbox(), autoMap(), { input: [sheetRow('DOWN-3')], continueOnFail: true }),
		);
		expect(out[0].error).toMatch(/^Catalog check before sending failed for order "DOWN-3"/);
		expect(await orderPosts()).toHaveLength(0);
	});

	it("with normalisation off only exact names pass (the manufacturer's name too, sent as it is)", async () => {
		// Rows that need no other normalisation.
		const clean = {
			shipping_zip_code: '1500001',
			shipping_prefecture_name: '東京都',
			shipping_phone_number: '0312345678',
		};
		const result = await runPrintio(sandbox(), autoMap({ normalize: false }), {
			input: [sheetRow('EXACT-1', { ...clean, ...wooLine('white', 'M') })],
		});
		expect(result.error?.message).toBe(
			'Order "EXACT-1" is invalid: order_details[0].color (nothing was sent)',
		);
		expect(result.error?.description).toMatch(/Normalisation is off: only exact names pass/);
		const out = jsonOf(
			await runPrintio(sandbox(), autoMap({ normalize: false }), {
				input: [sheetRow('EXACT-2', { ...clean, ...wooLine('White', 'M') })],
			}),
		);
		expect(typeof out[0].order_no).toBe('string');
		expect(((await orderPosts())[0].body!.order_details as IDataObject[])[0].color).toBe('White');
	});

	it('bulk cost: the match adds one request per distinct item and run, so round trips per order stay within 2.05', async () => {
		// The bulk benchmark's shape (bench/cases/bulkOrders.ts): Map Columns rows of one original item, defaults on.
		const rows = Array.from({ length: 120 }, (_, i) => sheetRow(`BULK-${i}`));
		const out = jsonOf(await runPrintio(sandbox(), autoMap({ concurrency: 8 }), { input: rows }));
		expect(out.every((order) => typeof order.order_no === 'string')).toBe(true);
		const requests = await receivedRequests(sandbox());
		expect(requests.filter((request) => request.path === '/original-items')).toHaveLength(1);
		// Per order: one lookup and one placement; per run: the duplicate check's listing (1 page per 30 orders)
		// and one catalog read. 2 + 1/30 + 1/N: 2.042 for these 120, 2.035 for the benchmark's 1,000 rows.
		expect(requests.length).toBe(2 * rows.length + Math.ceil(rows.length / 30) + 1);
		expect(requests.length / rows.length).toBeLessThanOrEqual(2.05);
	});
});

describe("Input Mode WooCommerce Order: the platform's payload as delivered", () => {
	it("places the slugs (pa_color white, pa_size m; Natural) under the catalog's names, dated by date_created_gmt in Japan", async () => {
		const shopSender = SHOP_SENDER;
		const result = await runPrintio(
			sandbox(),
			{
				resource: 'order',
				operation: 'create',
				inputMode: 'wooCommerceOrder',
				options: { multiItemOrder: true },
			},
			{ input: [wooCreated], credentials: { ...credentialsFor(sandbox()), ...shopSender } },
		);
		const [order] = jsonOf(result);
		expect(typeof order.order_no).toBe('string');
		const [post] = await orderPosts();
		expect(
			(post.body!.order_details as IDataObject[]).map((line) => [
				line.ec_original_item_code,
				line.color,
				line.size,
				line.quantity,
			]),
		).toEqual([
			['EC-TS-0001', 'ホワイト', 'M', 2],
			['EC-BG-0001', 'ナチュラル', 'F', 1],
		]);
		// 2025-03-08T14:30:00 UTC is 23:30 on the 8th in Japan.
		expect(post.body!.ec_order_date).toBe('2025-03-08');
	});
});

describe("Order › Create With Images: colours and sizes matched to the item's catalog record", () => {
	function withImages(line: IDataObject): INodeParameters {
		return {
			...orderByCodeParameters('={{ $json.ec }}'),
			operation: 'createWithImages',
			lines: {
				line: [
					{
						itemCode: 'OGB-910',
						color: 'ホワイト',
						size: 'M',
						quantity: 1,
						frontOutputUrl: designUrl('2205x2756.png'),
						...line,
					},
				],
			},
			options: {},
		} as INodeParameters;
	}

	it('matches slugs, and reads the item once for the match and the design check', async () => {
		const out = jsonOf(
			await runPrintio(sandbox(), withImages({ color: 'black', size: 'xl' }), {
				input: [{ ec: 'IMG-1' }, { ec: 'IMG-2' }],
			}),
		);
		expect(out.map((order) => typeof order.order_no)).toEqual(['string', 'string']);
		const lines = (await orderPosts()).map(
			(request) => (request.body!.order_details as IDataObject[])[0],
		);
		expect(lines.map((line) => [line.color, line.size])).toEqual([
			['ブラック', 'XL'],
			['ブラック', 'XL'],
		]);
		expect(await reads('/items')).toHaveLength(1);
	});

	it('refuses a size the item does not offer before any design is read or order sent', async () => {
		const result = await runPrintio(
			sandbox(),
			withImages({ itemCode: 'MUG-410', color: 'white', size: 'XL' }),
			{ input: [{ ec: 'IMG-3' }] },
		);
		expect(result.error?.message).toBe(
			'Order "IMG-3" is invalid: order_details[0].size (nothing was sent)',
		);
		expect(result.error?.description).toContain(
			'"XL" is not one of the sizes of item MUG-410. Use one of: 330ml.',
		);
		expect(await orderPosts()).toHaveLength(0);
		expect(await control(sandbox(), 'GET', '/design-requests')).toEqual([]);
	});
});

describe("the sandbox's request log", () => {
	/** The catalog record of a logged order line's item: the original item's catalog item, or the item itself. */
	function catalogOf(line: IDataObject): { colors: string[]; sizes: string[] } | undefined {
		const code =
			typeof line.item_code === 'string'
				? line.item_code
				: sandbox().store.originalItems.get(1, String(line.original_item_code))?.item_code;
		const entry = code === undefined ? undefined : catalogByCode.get(code);
		if (!entry) return undefined;
		return {
			colors: entry.colors.flatMap((color) => [color.name, color.mfr_color_name]),
			sizes: entry.item.sizes.values.map((size) => size.name),
		};
	}

	it("holds no order request with a colour or size that its item's catalog record does not list", async () => {
		// Shop-shaped values of every kind, both operations, with and without Continue On Fail.
		const values: Array<[string, string]> = [
			['white', 'm'],
			['WHITE', 'S'],
			['Navy', 'xxl'],
			['ﾌﾞﾗｯｸ', 'Ｌ'],
			['heather-grey', 'xl'],
			['gold', 'm'],
			['white', '3xl'],
			['', 'm'],
			['ホワイト', ' M '],
		];
		await runPrintio(sandbox(), autoMap(), {
			input: values.map(([color, size], i) => sheetRow(`SCAN-${i}`, wooLine(color, size))),
			continueOnFail: true,
		});
		await runPrintio(sandbox(), autoMap(), {
			input: values.map(([color, size], i) => sheetRow(`SCAN-B-${i}`, wooLine(color, size))),
		});
		await runPrintio(
			sandbox(),
			{ ...autoMap(), operation: 'createWithImages' },
			{
				input: values.map(([color, size], i) => ({
					...sheetRow(`SCAN-I-${i}`, wooLine(color, size)),
					line_original_item_code: undefined,
					line_item_code: i % 2 ? 'MUG-410' : 'PKB-120',
					line_image_front_output_url: designUrl('2205x2756.png'),
				})),
				continueOnFail: true,
			},
		);
		const posts: LoggedRequest[] = await orderPosts();
		// Some were placed, so the scan has something to look at.
		expect(posts.length).toBeGreaterThanOrEqual(6);
		const offending = posts.flatMap((request) =>
			(request.body!.order_details as IDataObject[]).flatMap((line, index) => {
				const record = catalogOf(line);
				const wrong =
					!record ||
					!record.colors.includes(String(line.color)) ||
					!record.sizes.includes(String(line.size));
				return wrong
					? [
							`${String(request.body!.ec_order_no)} order_details[${index}] ${String(line.color)}/${String(line.size)}`,
						]
					: [];
			}),
		);
		expect(offending).toEqual([]);
	});
});
