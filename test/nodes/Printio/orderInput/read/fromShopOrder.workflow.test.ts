/**
 * Order › Create, Input Mode Shopify Order / WooCommerce Order: a platform's order, as its trigger or webhook
 * delivers it, placed with no mapping, through n8n-core against the sandbox. Non-print lines left out and listed
 * (or the order refused), an order with no print line answered without sending, the sender from the credential's
 * Shop Sender, overrides, Validate Only, never twice (retried delivery, re-delivery), error output, paired items.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { scanForSecrets } from '../../../../harness';
import shopifyCreate from '../../../../fixtures/shop/shopify-orders-create.json';
import wooCreated from '../../../../fixtures/shop/woocommerce-order-created.json';
import { sandboxShopifyOrder, sandboxWooOrder } from '../../../../fixtures/shop/sandboxOrders';
import {
	control,
	credentialsFor,
	jsonOf,
	receivedRequests,
	resetSandbox,
	runPrintio,
	SHOP_SENDER,
	useSandbox,
} from '../../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Personal values of the fixtures: none may reach a message. */
const PERSONAL = [
	'山田',
	'太郎',
	'梅田1-1-1',
	'1234-5678',
	'hanako.sato',
	'Tanaka',
	'栄3-4-5',
	'111-2222',
	'yuki.tanaka',
];

const credentials = () => ({ ...credentialsFor(sandbox()), ...SHOP_SENDER });

const shopifyParameters = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'shopifyOrder',
	options: { multiItemOrder: true },
	...extra,
});

const wooParameters = (extra: INodeParameters = {}): INodeParameters => ({
	...shopifyParameters(),
	inputMode: 'wooCommerceOrder',
	...extra,
});

/** The Shopify fixture with catalog-exact colour names and a date-only created_at. */
function shopifyOrder(): ReturnType<typeof sandboxShopifyOrder> {
	const order = sandboxShopifyOrder();
	order.created_at = '2025-03-08';
	return order;
}

function wooOrder(): ReturnType<typeof sandboxWooOrder> {
	const order = sandboxWooOrder();
	order.date_created_gmt = '';
	order.date_created = '2025-03-08';
	return order;
}

const placements = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);
const lookups = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'GET' && request.path.endsWith('/original-items'),
	);

describe('Order › Create: Input Mode Shopify Order', () => {
	it('places the print lines of a Shopify order, lists the others, sender from the Shop Sender', async () => {
		const result = await runPrintio(sandbox(), shopifyParameters({ orderNumberPrefix: 'SHOP1-' }), {
			input: [shopifyOrder()],
			credentials: credentials(),
		});
		const [output] = jsonOf(result);
		const [placed] = await placements();
		expect(placed.path).toBe('/order-by-code');
		expect(placed.body).toEqual({
			retailer_id: 1,
			ec_order_no: 'SHOP1-1001',
			ec_order_date: '2025-03-08',
			ec_optional_information: 'shop:shopify:5823498213513',
			shipping_information: {
				zip_code: '5300001',
				prefecture_name: '大阪府',
				municipalities: '大阪市北区',
				address1: '梅田1-1-1',
				address2: '梅田ビル 201',
				full_name: '山田 太郎',
				phone_number: '0612345678',
				mail_address: 'hanako.sato@example.jp',
			},
			sender_information: {
				zip_code: '1000005',
				prefecture_name: '東京都',
				municipalities: '千代田区',
				address1: '丸の内1-1-1',
				full_name: 'プリントショップ',
				phone_number: '0398765432',
				item_name: '衣類',
			},
			order_details: [
				{
					ec_original_item_code: 'EC-TS-0001',
					color: 'ホワイト',
					size: 'M',
					quantity: 2,
					ec_order_detail_no: '13923492233355',
				},
				{
					ec_original_item_code: 'EC-HD-0001',
					color: 'ネイビー',
					size: 'L',
					quantity: 1,
					ec_order_detail_no: '13923492266123',
				},
			],
		});
		expect(output).toMatchObject({ ec_order_no: 'SHOP1-1001', already_registered: false });
		expect(output.left_out_lines).toEqual([
			{ line: 2, line_id: '13923492298891', name: 'Gift Card', code: null, reason: 'noCode' },
			{
				line: 3,
				line_id: '13923492331659',
				name: 'Handmade Enamel Pin',
				code: 'PIN-HANDMADE-01',
				reason: 'notAnOriginalItem',
			},
		]);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }]);
		// One look-up per distinct SKU (the gift card has none).
		expect((await lookups()).map((request) => request.query.ec_original_item_code).sort()).toEqual([
			'EC-HD-0001',
			'EC-TS-0001',
			'PIN-HANDMADE-01',
		]);
	});

	it('never twice: a retried delivery in the same run and a re-delivery in a later run', async () => {
		const first = await runPrintio(sandbox(), shopifyParameters(), {
			input: [shopifyOrder(), shopifyOrder()],
			credentials: credentials(),
		});
		const [a, b] = jsonOf(first);
		expect(a.already_registered).toBe(false);
		expect(b).toMatchObject({
			already_registered: true,
			duplicate_of_item: 0,
			order_no: a.order_no,
		});
		expect(first.items.map((item) => item.pairedItem)).toEqual([[{ item: 0 }], [{ item: 1 }]]);
		// orders/updated: the same order number arrives again later.
		const updated = shopifyOrder();
		updated.updated_at = '2025-03-08T15:00:00+09:00';
		const again = jsonOf(
			await runPrintio(sandbox(), shopifyParameters(), {
				input: [updated],
				credentials: credentials(),
			}),
		);
		expect(again[0]).toMatchObject({ already_registered: true, order_no: a.order_no });
		expect(await placements()).toHaveLength(1);
	});

	it('orders/updated with a changed quantity: already registered, the changed path reported, nothing sent', async () => {
		const [placed] = jsonOf(
			await runPrintio(sandbox(), shopifyParameters(), {
				input: [shopifyOrder()],
				credentials: credentials(),
			}),
		);
		const updated = shopifyOrder();
		// The shop's edit as Shopify's REST API shows it (2024-01 and later): current_quantity is what is left.
		updated.line_items[0].quantity = 3;
		updated.line_items[0].current_quantity = 3;
		const [again] = jsonOf(
			await runPrintio(sandbox(), shopifyParameters(), {
				input: [updated],
				credentials: credentials(),
			}),
		);
		expect(again).toMatchObject({
			already_registered: true,
			order_no: placed.order_no,
			changed_fields: ['order_details[0].quantity'],
		});
		// A non-print line that changed is no part of the print order: nothing to report.
		const giftChanged = shopifyOrder();
		giftChanged.line_items[2].quantity = 5;
		const [third] = jsonOf(
			await runPrintio(sandbox(), shopifyParameters(), {
				input: [giftChanged],
				credentials: credentials(),
			}),
		);
		expect(third.already_registered).toBe(true);
		expect(third.changed_fields ?? []).toEqual([]);
		expect(await placements()).toHaveLength(1);
	});

	it('an order with no print line is answered as such; nothing is sent', async () => {
		const order = shopifyOrder();
		order.line_items = order.line_items.slice(2);
		const result = await runPrintio(sandbox(), shopifyParameters(), {
			input: [order, shopifyOrder()],
			credentials: credentials(),
		});
		const [none, placed] = jsonOf(result);
		expect(none).toEqual({
			ec_order_no: '1001',
			sent: false,
			no_print_lines: true,
			left_out_lines: [
				{ line: 0, line_id: '13923492298891', name: 'Gift Card', code: null, reason: 'noCode' },
				{
					line: 1,
					line_id: '13923492331659',
					name: 'Handmade Enamel Pin',
					code: 'PIN-HANDMADE-01',
					reason: 'notAnOriginalItem',
				},
			],
		});
		// The second item is the same order number with print lines: it is its own order, placed.
		expect(placed.already_registered).toBe(false);
		expect(result.items.map((item) => item.pairedItem)).toEqual([[{ item: 0 }], [{ item: 1 }]]);
		expect(await placements()).toHaveLength(1);
	});

	it('a cancelled order is never placed; cancelled after placing, its item names the order to cancel with Printio', async () => {
		const cancelled = { ...shopifyOrder(), cancelled_at: '2025-03-08T15:00:00+09:00' };
		const [first] = jsonOf(
			await runPrintio(sandbox(), shopifyParameters(), {
				input: [cancelled],
				credentials: credentials(),
			}),
		);
		expect(first).toEqual({
			ec_order_no: '1001',
			sent: false,
			cancelled: true,
			placed_before: [],
			left_out_lines: expect.any(Array),
		});
		expect(await placements()).toEqual([]);

		// Placed on orders/create, then orders/updated brings the cancellation.
		const [placed] = jsonOf(
			await runPrintio(sandbox(), shopifyParameters(), {
				input: [shopifyOrder()],
				credentials: credentials(),
			}),
		);
		const failed = await runPrintio(sandbox(), shopifyParameters(), {
			input: [cancelled],
			credentials: credentials(),
		});
		expect(failed.error?.message).toBe(
			`Order "1001" is cancelled in the shop but was placed with Printio before: ask Printio to cancel ${String(placed.order_no)}`,
		);
		const routed = await runPrintio(sandbox(), shopifyParameters(), {
			input: [cancelled],
			credentials: credentials(),
			onError: 'continueErrorOutput',
		});
		expect(routed.outputs[1]?.[0].json.error).toBe(failed.error?.message);
		const kept = await runPrintio(sandbox(), shopifyParameters(), {
			input: [cancelled],
			credentials: credentials(),
			continueOnFail: true,
		});
		expect(jsonOf(kept)[0]).toMatchObject({
			cancelled: true,
			sent: false,
			placed_before: [placed.order_no],
		});
		expect(await placements()).toHaveLength(1);
	});

	it('WooCommerce: an order.updated delivery with status cancelled is not placed', async () => {
		const order = { ...wooOrder(), status: 'cancelled' };
		const [output] = jsonOf(
			await runPrintio(sandbox(), wooParameters(), { input: [order], credentials: credentials() }),
		);
		expect(output).toMatchObject({
			ec_order_no: '727',
			sent: false,
			cancelled: true,
			placed_before: [],
		});
		expect(await placements()).toEqual([]);
	});

	it('Non-Print Lines: Fail the Order refuses it before sending, naming the lines, no personal data', async () => {
		const parameters = shopifyParameters({ shopOrder: { nonPrintLines: 'fail' } });
		const result = await runPrintio(sandbox(), parameters, {
			input: [shopifyOrder()],
			credentials: credentials(),
		});
		expect(result.error?.message).toBe(
			'Order "1001" is invalid: line_items[2], line_items[3] (nothing was sent)',
		);
		expect(await placements()).toEqual([]);
		expect(
			scanForSecrets(
				[result.error?.message, (result.error as { description?: string })?.description],
				PERSONAL,
			),
		).toEqual([]);
		// With the error output, the item goes there.
		const routed = await runPrintio(sandbox(), parameters, {
			input: [shopifyOrder()],
			credentials: credentials(),
			onError: 'continueErrorOutput',
		});
		expect(routed.outputs[0]).toEqual([]);
		expect(routed.outputs[1]?.[0].json.error).toBe(
			'Order "1001" is invalid: line_items[2], line_items[3] (nothing was sent)',
		);
		expect(routed.outputs[1]?.[0].pairedItem).toEqual([{ item: 0 }]);
	});

	it('Validate Only: the request that would be sent, the lines left out; nothing placed', async () => {
		const result = await runPrintio(
			sandbox(),
			shopifyParameters({ options: { multiItemOrder: true, validateOnly: true } }),
			{
				input: [shopifyOrder()],
				credentials: credentials(),
			},
		);
		const [output] = jsonOf(result);
		expect(output).toMatchObject({
			validate_only: true,
			would_send: true,
			left_out_lines: [{ line: 2 }, { line: 3 }],
		});
		expect(await placements()).toEqual([]);
	});

	it('Validate Only with an order without print lines: would_send false, nothing placed', async () => {
		const order = shopifyOrder();
		order.line_items = order.line_items.slice(2);
		const result = await runPrintio(
			sandbox(),
			shopifyParameters({ options: { validateOnly: true } }),
			{ input: [order], credentials: credentials() },
		);
		expect(jsonOf(result)[0]).toMatchObject({
			validate_only: true,
			would_send: false,
			sent: false,
			no_print_lines: true,
		});
		expect(await placements()).toEqual([]);
	});

	it('one item is one whole order even with Combine Rows on: a repeated delivery is not added up', async () => {
		const parameters = shopifyParameters({
			options: { multiItemOrder: true, groupByEcOrderNo: true },
		});
		const result = await runPrintio(sandbox(), parameters, {
			input: [shopifyOrder(), shopifyOrder()],
			credentials: credentials(),
		});
		expect(jsonOf(result)[1]).toMatchObject({ already_registered: true, duplicate_of_item: 0 });
		const posts = await placements();
		expect(posts).toHaveLength(1);
		expect((posts[0].body as IDataObject).order_details).toHaveLength(2);
	});

	it('overrides replace what was read: order number, date, recipient name, lines', async () => {
		const parameters = shopifyParameters({
			shopOverrides: {
				ecOrderNo: 'MANUAL-1',
				ecOrderDate: '2025-04-01',
				shippingFullName: '受取 太郎',
				linesJson:
					'[{"ec_original_item_code": "EC-TS-0001", "color": "ブラック", "size": "S", "quantity": 4}]',
			},
		});
		const output = jsonOf(
			await runPrintio(sandbox(), parameters, {
				input: [shopifyOrder()],
				credentials: credentials(),
			}),
		);
		const [placed] = await placements();
		const body = placed.body as IDataObject;
		expect(body.ec_order_no).toBe('MANUAL-1');
		expect(body.ec_order_date).toBe('2025-04-01');
		expect((body.shipping_information as IDataObject).full_name).toBe('受取 太郎');
		expect(body.order_details).toEqual([
			{ ec_original_item_code: 'EC-TS-0001', color: 'ブラック', size: 'S', quantity: 4 },
		]);
		expect(output[0]).not.toHaveProperty('left_out_lines');
		// No print-line look-up when the lines are given: the one read is the catalog match's, of the line's item.
		expect((await lookups()).map((request) => request.query)).toEqual([
			{ retailer_id: '1', ec_original_item_code: 'EC-TS-0001' },
		]);
	});

	it('a failed look-up of the lines sends nothing for that order and says why', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'GET /original-items',
			kind: 'http500',
			times: 20,
		});
		const result = await runPrintio(sandbox(), shopifyParameters(), {
			input: [shopifyOrder()],
			credentials: credentials(),
			continueOnFail: true,
		});
		const [output] = jsonOf(result);
		expect(String(output.error)).toMatch(
			/^Could not check which lines of the order are print items/,
		);
		expect(await placements()).toEqual([]);
	});

	it('an item that is no order fails alone with Continue On Fail', async () => {
		const result = await runPrintio(sandbox(), shopifyParameters(), {
			input: [{ topic: 'products/create', id: 1 }, shopifyOrder()],
			credentials: credentials(),
			continueOnFail: true,
		});
		const [bad, good] = jsonOf(result);
		expect(bad.error).toBe('The item is not a Shopify order: no line_items found');
		expect(good.already_registered).toBe(false);
	});

	it('Shopify REST shape {"order": ...} and a webhook body read alike', async () => {
		const viaWebhook = {
			headers: { 'x-shopify-topic': 'orders/create' },
			params: {},
			query: {},
			body: shopifyOrder(),
		};
		const result = await runPrintio(sandbox(), shopifyParameters({ orderNumberPrefix: 'W-' }), {
			input: [viaWebhook, { order: { ...shopifyOrder(), order_number: 1003 } }],
			credentials: credentials(),
		});
		expect(jsonOf(result).map((item) => [item.ec_order_no, item.already_registered])).toEqual([
			['W-1001', false],
			['W-1003', false],
		]);
	});
});

describe("the platforms' orders exactly as delivered (colour names, slugs, timestamps), matched by the pipeline", () => {
	it('Shopify: "White / M" and "Navy / L" become the catalog names; created_at (+09:00) the Tokyo date', async () => {
		const result = await runPrintio(sandbox(), shopifyParameters(), {
			input: [clone(shopifyCreate)],
			credentials: credentials(),
		});
		const [output] = jsonOf(result);
		const [placed] = await placements();
		const body = placed.body as IDataObject;
		expect(body.ec_order_date).toBe('2025-03-08');
		expect(body.order_details).toEqual([
			{
				ec_original_item_code: 'EC-TS-0001',
				color: 'ホワイト',
				size: 'M',
				quantity: 2,
				ec_order_detail_no: '13923492233355',
			},
			{
				ec_original_item_code: 'EC-HD-0001',
				color: 'ネイビー',
				size: 'L',
				quantity: 1,
				ec_order_detail_no: '13923492266123',
			},
		]);
		expect(output.already_registered).toBe(false);
	});

	it('WooCommerce: pa_color "white", pa_size "m" become ホワイト / M; date_created_gmt the Tokyo date', async () => {
		const result = await runPrintio(sandbox(), wooParameters(), {
			input: [clone(wooCreated)],
			credentials: credentials(),
		});
		jsonOf(result);
		const [placed] = await placements();
		const body = placed.body as IDataObject;
		expect(body.ec_order_date).toBe('2025-03-08');
		expect(body.order_details).toEqual([
			{
				ec_original_item_code: 'EC-TS-0001',
				color: 'ホワイト',
				size: 'M',
				quantity: 2,
				ec_order_detail_no: '315',
			},
			{
				ec_original_item_code: 'EC-BG-0001',
				color: 'ナチュラル',
				size: 'F',
				quantity: 1,
				ec_order_detail_no: '316',
			},
		]);
	});

	it('a date_created_gmt late in the UTC day is the next day in Tokyo', async () => {
		const order = clone(wooCreated);
		order.date_created_gmt = '2025-03-08T20:30:00';
		await runPrintio(sandbox(), wooParameters(), { input: [order], credentials: credentials() });
		const [placed] = await placements();
		expect((placed.body as IDataObject).ec_order_date).toBe('2025-03-09');
	});

	it('a colour the item does not have refuses the order before sending', async () => {
		const order = clone(shopifyCreate);
		order.line_items[0].variant_title = 'Purple / M';
		const result = await runPrintio(sandbox(), shopifyParameters(), {
			input: [order],
			credentials: credentials(),
		});
		expect(result.error?.message).toMatch(/order_details\[0\]\.color/);
		expect(await placements()).toEqual([]);
	});
});

describe('Order › Create: Input Mode WooCommerce Order', () => {
	it('places a WooCommerce order from a Webhook node item; the wrapping service is left out', async () => {
		const result = await runPrintio(sandbox(), wooParameters({ orderNumberPrefix: 'WC-' }), {
			input: [
				{
					headers: { 'x-wc-webhook-topic': 'order.created' },
					params: {},
					query: {},
					body: wooOrder(),
				},
			],
			credentials: credentials(),
		});
		const [output] = jsonOf(result);
		const [placed] = await placements();
		expect(placed.body).toMatchObject({
			ec_order_no: 'WC-727',
			ec_order_date: '2025-03-08',
			shipping_information: {
				prefecture_name: '愛知県',
				zip_code: '4600008',
				phone_number: '0521112222',
				full_name: 'Tanaka Ken',
			},
			order_details: [
				{
					ec_original_item_code: 'EC-TS-0001',
					color: 'ホワイト',
					size: 'M',
					quantity: 2,
					ec_order_detail_no: '315',
				},
				{
					ec_original_item_code: 'EC-BG-0001',
					color: 'ナチュラル',
					size: 'F',
					quantity: 1,
					ec_order_detail_no: '316',
				},
			],
		});
		expect(output.left_out_lines).toEqual([
			{
				line: 2,
				line_id: '317',
				name: 'Wrapping Service',
				code: 'WRAP',
				reason: 'notAnOriginalItem',
			},
		]);
	});
});
