import { scanForSecrets } from '../../../harness';
import { orderByCodeParameters, PERSONAL_VALUES, sheetRow } from '../fixtures';
import { control, jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const placements = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);

describe('Order › Create (by original item code)', () => {
	it('looks the EC order number up, places the order and returns its number', async () => {
		const result = await runPrintio(sandbox(), orderByCodeParameters('SHOP-1001'));
		const [order] = jsonOf(result);
		expect(order).toEqual(
			expect.objectContaining({
				order_no: expect.any(String),
				ec_order_no: 'SHOP-1001',
				status_code: 0,
				already_registered: false,
			}),
		);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }]);
		const [catalogRead, ...requests] = await receivedRequests(sandbox());
		// The original item's catalog record (the colour and size match), the lookup, the placement, and the check
		// that nobody else placed it at the same time.
		expect(`${catalogRead.method} ${catalogRead.path}`).toBe('GET /original-items');
		expect(catalogRead.query).toEqual({ retailer_id: '1', original_item_code: 't0100001' });
		expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /orders',
			'POST /order-by-code',
			'GET /orders',
		]);
		expect(requests[0].query).toEqual({ ec_order_no: 'SHOP-1001' });
		expect(requests[2].query).toEqual({ ec_order_no: 'SHOP-1001' });
		expect(requests[1].body).toEqual({
			retailer_id: 1,
			ec_order_no: 'SHOP-1001',
			shipping_information: {
				zip_code: '1500001',
				prefecture_name: '東京都',
				municipalities: '渋谷区',
				address1: '神宮前1-2-3',
				address2: 'テストビル101',
				full_name: '山田 太郎',
				phone_number: '0312345678',
				mail_address: 'taro.yamada@example.com',
			},
			sender_information: {
				zip_code: '1000005',
				prefecture_name: '東京都',
				municipalities: '千代田区',
				address1: '丸の内1-1-1',
				full_name: 'サンプルショップ',
				phone_number: '0398765432',
				item_name: '衣類',
			},
			order_details: [
				{
					ec_order_detail_no: '1',
					original_item_code: 't0100001',
					quantity: 2,
					color: 'ホワイト',
					size: 'M',
				},
			],
		});
		// The order is really there.
		const found = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: true,
				filters: { ecOrderNo: 'SHOP-1001' },
			}),
		);
		expect(found.map((o) => o.order_no)).toEqual([order.order_no]);
	});

	it('returns the existing order instead of ordering twice when run again', async () => {
		const first = jsonOf(await runPrintio(sandbox(), orderByCodeParameters('SHOP-1002')))[0];
		const second = jsonOf(await runPrintio(sandbox(), orderByCodeParameters('SHOP-1002')))[0];
		expect(second).toEqual(
			expect.objectContaining({ order_no: first.order_no, already_registered: true }),
		);
		expect(await placements()).toHaveLength(1);
	});

	it('takes lines as JSON, and sends options (date, optional text, shipping method, novelty, MultiItemOrder)', async () => {
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('SHOP-1003', {
				linesInputMode: 'json',
				linesJson: JSON.stringify([
					{ original_item_code: 't0100001', color: 'ブラック', size: 'L', quantity: 1 },
					{
						ec_original_item_code: 'EC-BG-0001',
						color: 'ナチュラル',
						size: 'F',
						quantity: 2,
						ec_order_detail_no: '2',
					},
				]),
				options: {
					ecOrderDate: '2026-11-21',
					ecOptionalInformation: 'gift wrap',
					shippingMethod: 2,
					novelties: { novelty: [{ name: 'sticker', count: 2 }] },
					multiItemOrder: true,
				},
			}),
		);
		expect(jsonOf(result)[0].status_code).toBe(0);
		const [post] = await placements();
		expect(post.headers['x-feature-flags']).toBe('MultiItemOrder');
		expect(post.body).toEqual(
			expect.objectContaining({
				ec_order_date: '2026-11-21',
				ec_optional_information: 'gift wrap',
				shipping_method: 2,
				action_after_print: { novelty: { sticker: 2 } },
			}),
		);
		expect((post.body!.order_details as unknown[]).length).toBe(2);
	});

	it('reports out of stock (13) with the available items in MultiItemOrder mode', async () => {
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('SHOP-1004', {
				lines: {
					line: [{ originalItemCode: 't0100001', color: 'ネイビー', size: 'XXL', quantity: 5 }],
				},
				options: { multiItemOrder: true },
			}),
		);
		expect(result.error?.message).toMatch(/^Out of stock \(Printio status 13\)/);
		expect(result.error?.description).toMatch(/available|stock/i);
		expect(result.error?.description).toContain('t0100001');
		expect((result.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
	});

	it('reports a payment error (14) and orders nothing', async () => {
		await control(sandbox(), 'POST', '/retailers/1', { unpaid: true });
		const result = await runPrintio(sandbox(), orderByCodeParameters('SHOP-1005'));
		expect(result.error?.message).toMatch(/^Payment error \(Printio status 14\)/);
		const found = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: true,
				filters: { ecOrderNo: 'SHOP-1005' },
			}),
		);
		expect(found).toHaveLength(0);
	});

	it("refuses a colour the item's catalog record does not list before sending (Printio would answer status 5), naming line, field, value and the valid names", async () => {
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('SHOP-1006', {
				lines: {
					line: [{ originalItemCode: 't0100001', color: 'ゴールド', size: 'M', quantity: 1 }],
				},
			}),
		);
		expect(result.error?.message).toBe(
			'Order "SHOP-1006" is invalid: order_details[0].color (nothing was sent)',
		);
		expect(result.error?.description).toContain(
			'"ゴールド" is not one of the colours of original item t0100001 (item OGB-910)',
		);
		expect(result.error?.description).toContain(
			'Use one of: ホワイト (White), ブラック (Black), ネイビー (Navy), ヘザーグレー (Heather Grey).',
		);
		expect(await placements()).toHaveLength(0);
	});

	it('validates before sending: an invalid order is refused with every field and its fix, and nothing is sent', async () => {
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('SHOP-1007', {
				shippingZipCode: '12345',
				shippingPhoneNumber: '12',
				lines: {
					line: [{ originalItemCode: 't0100001', color: 'ホワイト', size: 'M', quantity: 0 }],
				},
			}),
		);
		expect(result.error?.message).toMatch(/Order "SHOP-1007" is invalid/);
		expect(result.error?.message).toContain('shipping_information.zip_code');
		expect(result.error?.message).toContain('shipping_information.phone_number');
		expect(result.error?.message).toContain('order_details[0].quantity');
		// The line's original item was read (its colour and size are checked in the same run); nothing was sent.
		expect(
			(await receivedRequests(sandbox())).map((request) => `${request.method} ${request.path}`),
		).toEqual(['GET /original-items']);
		expect(scanForSecrets(result.error, ['12345', ...PERSONAL_VALUES])).toEqual([]);
	});

	it('names each invalid field as the form shows it and by its API path', async () => {
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('SHOP-1008', {
				shippingZipCode: '12345',
				lines: {
					line: [{ originalItemCode: 't0100001', color: 'ホワイト', size: '', quantity: 1 }],
				},
			}),
		);
		expect(result.error?.description).toContain(
			'Recipient Zip Code (shipping_information.zip_code): must be 7 digits (has 5)',
		);
		expect(result.error?.description).toContain(
			'Lines › Size Name or ID (order_details[0].size): is required',
		);
		expect(await placements()).toHaveLength(0);
	});

	it('refuses several original items in one order without Multi-Item Orders before sending, naming the option', async () => {
		const refused = await runPrintio(
			sandbox(),
			orderByCodeParameters('SHOP-1009', {
				lines: {
					line: [
						{ originalItemCode: 't0100001', color: 'ホワイト', size: 'M', quantity: 1 },
						{ originalItemCode: 't0100002', color: 'ホワイト', size: 'M', quantity: 1 },
					],
				},
			}),
		);
		expect(refused.error?.message).toMatch(/Order "SHOP-1009" is invalid: order_details/);
		expect(refused.error?.description).toContain('Options › Multi-Item Orders');
		expect(
			(await receivedRequests(sandbox()))
				.map(
					(request) =>
						`${request.method} ${request.path} ${String(request.query.original_item_code)}`,
				)
				.sort(),
		).toEqual(['GET /original-items t0100001', 'GET /original-items t0100002']);
	});

	it('with Continue On Fail, places the valid orders and reports the invalid ones per item, in input order', async () => {
		const result = await runPrintio(
			sandbox(),
			{ resource: 'order', operation: 'create', inputMode: 'autoMap', options: {} },
			{
				continueOnFail: true,
				input: [
					sheetRow('ROW-1'),
					sheetRow('ROW-2', { shipping_zip_code: '123' }),
					sheetRow('ROW-3'),
				],
			},
		);
		const out = jsonOf(result);
		expect(out).toHaveLength(3);
		expect(out[0]).toEqual(expect.objectContaining({ ec_order_no: 'ROW-1', status_code: 0 }));
		expect(out[1]).toEqual(
			expect.objectContaining({ ec_order_no: 'ROW-2', error: expect.stringContaining('zip_code') }),
		);
		expect(out[2]).toEqual(expect.objectContaining({ ec_order_no: 'ROW-3', status_code: 0 }));
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }],
			[{ item: 1 }],
			[{ item: 2 }],
		]);
		expect((await placements()).map((request) => request.body!.ec_order_no)).toEqual([
			'ROW-1',
			'ROW-3',
		]);
		expect(
			scanForSecrets(
				out,
				PERSONAL_VALUES.filter((value) => value !== '山田 太郎'),
			),
		).toEqual([]);
	});

	it('maps sheet rows by API names, normalises them, and combines rows of one order', async () => {
		const rows = [
			sheetRow('GRP-1', { line_color: 'ホワイト', line_size: 'M' }),
			sheetRow('GRP-2'),
			sheetRow('GRP-1', { line_color: 'ブラック', line_size: 'L', line_quantity: '２' }),
		];
		const result = await runPrintio(
			sandbox(),
			{
				resource: 'order',
				operation: 'create',
				inputMode: 'autoMap',
				options: { groupByEcOrderNo: true },
			},
			{ input: rows },
		);
		const out = jsonOf(result);
		expect(out.map((order) => order.ec_order_no)).toEqual(['GRP-1', 'GRP-2']);
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }, { item: 2 }],
			[{ item: 1 }],
		]);
		const posts = await placements();
		const grp1 = posts.find((request) => request.body!.ec_order_no === 'GRP-1')!.body!;
		expect(grp1.order_details).toEqual([
			expect.objectContaining({ color: 'ホワイト', size: 'M', quantity: 1 }),
			expect.objectContaining({ color: 'ブラック', size: 'L', quantity: 2 }),
		]);
		expect(grp1.shipping_information).toEqual(
			expect.objectContaining({
				zip_code: '1500001',
				prefecture_name: '東京都',
				phone_number: '0312345678',
			}),
		);
		const normalized = out[0].normalized as Array<{ field: string; rule: string }>;
		expect(normalized).toEqual(
			expect.arrayContaining([expect.objectContaining({ field: 'shipping_information.zip_code' })]),
		);
		const keys = normalized.map((change) => `${change.field}|${change.rule}`);
		expect(new Set(keys).size).toBe(keys.length);
	});

	it('never orders twice when the connection drops after the order was committed', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'closeAfterCommit',
			times: 1,
		});
		const result = await runPrintio(sandbox(), orderByCodeParameters('SHOP-1008'));
		const [order] = jsonOf(result);
		expect(order).toEqual(
			expect.objectContaining({
				ec_order_no: 'SHOP-1008',
				already_registered: true,
				recovered_after_error: true,
			}),
		);
		expect(await placements()).toHaveLength(1);
		const found = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: true,
				filters: { ecOrderNo: 'SHOP-1008' },
			}),
		);
		expect(found).toHaveLength(1);
	});

	it('sends an order once more after a failure that happened before the commit', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'http500',
			times: 1,
		});
		const [order] = jsonOf(
			await runPrintio(
				sandbox(),
				orderByCodeParameters('SHOP-1009', { options: { lateCommitWaitSeconds: 1 } }),
			),
		);
		expect(order).toEqual(
			expect.objectContaining({ ec_order_no: 'SHOP-1009', status_code: 0, retried: true }),
		);
		expect(await placements()).toHaveLength(2);
	});

	it('without the duplicate check, does not repeat an order whose outcome is unknown', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'http500',
			times: 1,
		});
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('SHOP-1010', { options: { checkDuplicates: false } }),
		);
		expect(result.error?.message).toMatch(/server error/i);
		expect(result.error?.description).toMatch(/not known whether Printio registered this order/);
		expect(await placements()).toHaveLength(1);
	});
});

describe('Order › Create With Images', () => {
	it('sends image URLs per position from the line fields', async () => {
		const result = await runPrintio(sandbox(), {
			...orderByCodeParameters('IMG-1'),
			operation: 'createWithImages',
			// The URLs are not served anywhere: the design check (test/nodes/orderPreflight.test.ts) is off here.
			options: { preflight: false },
			lines: {
				line: [
					{
						itemCode: 'OGB-910',
						color: 'ホワイト',
						size: 'M',
						quantity: 1,
						frontOutputUrl: 'https://example.com/front.png',
						frontThumbnailUrl: 'https://example.com/front-thumb.png',
						backOutputUrl: 'https://example.com/back.png',
					},
				],
			},
		});
		expect(jsonOf(result)[0]).toEqual(
			expect.objectContaining({ ec_order_no: 'IMG-1', status_code: 0 }),
		);
		const [post] = await placements();
		expect(post.path).toBe('/orders/order-with-image');
		expect(post.body!.ec_order_date).toBeNull();
		expect(post.body!.order_details).toEqual([
			{
				ec_order_detail_no: '',
				item_code: 'OGB-910',
				quantity: 1,
				color: 'ホワイト',
				size: 'M',
				image_urls: {
					values: [
						{
							position: 'front',
							urls: [
								{ type: 'Output', url: 'https://example.com/front.png' },
								{ type: 'Thumbnail', url: 'https://example.com/front-thumb.png' },
							],
						},
						{ position: 'back', urls: [{ type: 'Output', url: 'https://example.com/back.png' }] },
					],
				},
			},
		]);
	});
});
