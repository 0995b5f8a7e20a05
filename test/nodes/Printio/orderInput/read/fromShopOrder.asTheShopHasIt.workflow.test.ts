/**
 * Order › Create, Input Mode Shopify Order / WooCommerce Order, with the order as the shop has it now, through
 * n8n-core against the sandbox (issue 34): an `orders/updated` delivery after an edit and a refund places only what
 * is left (and the sandbox never receives a removed or refunded line); an order with nothing left, and a Shopify
 * test order, send nothing at all; a partly refunded WooCommerce order is refused unless Place All Lines; a single
 * variant option is told from the original item's colours and sizes, or refused naming it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { sandboxShopifyOrder, type ShopifySample } from '../../../../fixtures/shop/sandboxOrders';
import wooCreated from '../../../../fixtures/shop/woocommerce-order-created.json';
import {
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

const credentials = () => ({ ...credentialsFor(sandbox()), ...SHOP_SENDER });

const parameters = (inputMode: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'order',
	operation: 'create',
	inputMode,
	options: { multiItemOrder: true },
	...extra,
});

/** The Shopify fixture (orders/create) with catalog-exact colour names and a date the sandbox takes. */
function shopifyOrder(): ShopifySample {
	const order = sandboxShopifyOrder();
	order.created_at = '2025-03-08';
	return order;
}

/** A refund as Shopify's Order resource lists it in `refunds[]`. */
const refund = (lineItemId: number, quantity: number) => ({
	id: 509562969,
	admin_graphql_api_id: 'gid://shopify/Refund/509562969',
	created_at: '2025-03-09T10:00:00+09:00',
	note: 'changed their mind',
	restock: true,
	refund_line_items: [
		{
			id: 104689539,
			quantity,
			line_item_id: lineItemId,
			location_id: 487838322,
			restock_type: 'cancel',
			subtotal: 4800,
			total_tax: 0,
		},
	],
	transactions: [
		{ id: 179259969, kind: 'refund', gateway: 'bogus', status: 'success', amount: '4800.00' },
	],
	order_adjustments: [],
});

const HOODIE_LINE = 13923492266123;

const placements = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);
const lineIds = async () =>
	(await placements()).flatMap((request) =>
		((request.body as IDataObject).order_details as IDataObject[]).map((line) => [
			line.ec_order_detail_no,
			line.quantity,
		]),
	);

describe('Shopify: what is left to fulfil', () => {
	it('orders/updated after an edit (T-shirt 2 → 1) and a refund of the hoodie: the T-shirt ×1 only; the hoodie listed, never sent', async () => {
		const updated = shopifyOrder();
		updated.line_items[0].current_quantity = 1;
		updated.line_items[1].current_quantity = 0;
		updated.refunds = [refund(HOODIE_LINE, 1)];
		const [output] = jsonOf(
			await runPrintio(sandbox(), parameters('shopifyOrder'), {
				input: [updated],
				credentials: credentials(),
			}),
		);
		expect(output).toMatchObject({ ec_order_no: '1001', already_registered: false });
		expect(await lineIds()).toEqual([['13923492233355', 1]]);
		expect(output.left_out_lines).toEqual([
			{
				line: 1,
				line_id: String(HOODIE_LINE),
				name: 'Logo Hoodie',
				code: 'EC-HD-0001',
				reason: 'removedOrRefunded',
			},
			{ line: 2, line_id: '13923492298891', name: 'Gift Card', code: null, reason: 'noCode' },
			{
				line: 3,
				line_id: '13923492331659',
				name: 'Handmade Enamel Pin',
				code: 'PIN-HANDMADE-01',
				reason: 'notAnOriginalItem',
			},
		]);
		// The removed line is not even looked up.
		const lookups = (await receivedRequests(sandbox())).filter((request) =>
			request.path.endsWith('/original-items'),
		);
		expect(lookups.map((request) => request.query.ec_original_item_code)).not.toContain(
			'EC-HD-0001',
		);
	});

	it('an order read from an API version without current_quantity: the refunds say what is left', async () => {
		const order = shopifyOrder();
		for (const line of order.line_items)
			delete (line as { current_quantity?: number }).current_quantity;
		order.refunds = [refund(HOODIE_LINE, 1), { ...refund(13923492233355, 1), id: 509562970 }];
		await runPrintio(sandbox(), parameters('shopifyOrder'), {
			input: [{ order }],
			credentials: credentials(),
		});
		expect(await lineIds()).toEqual([['13923492233355', 1]]);
	});

	it('every print line refunded or fulfilled: nothing sent, the answer says why', async () => {
		const order = shopifyOrder();
		order.line_items[0].current_quantity = 0;
		Object.assign(order.line_items[1], {
			fulfillable_quantity: 0,
			fulfillment_status: 'fulfilled',
		});
		const [output] = jsonOf(
			await runPrintio(sandbox(), parameters('shopifyOrder'), {
				input: [order],
				credentials: credentials(),
			}),
		);
		expect(output).toEqual({
			ec_order_no: '1001',
			sent: false,
			no_print_lines: true,
			left_out_lines: [
				expect.objectContaining({ line: 0, reason: 'removedOrRefunded' }),
				expect.objectContaining({ line: 1, reason: 'fulfilled' }),
				expect.objectContaining({ line: 2, reason: 'noCode' }),
				expect.objectContaining({ line: 3, reason: 'notAnOriginalItem' }),
			],
		});
		expect(await placements()).toEqual([]);
	});
});

describe('Shopify test orders', () => {
	it('not placed by default: sent false, test_order true, and not one request to Printio', async () => {
		const order = { ...shopifyOrder(), test: true, gateway: 'bogus' };
		const result = await runPrintio(sandbox(), parameters('shopifyOrder'), {
			input: [order],
			credentials: credentials(),
		});
		expect(jsonOf(result)).toEqual([
			{ ec_order_no: '1001', sent: false, test_order: true, left_out_lines: [] },
		]);
		expect(result.items[0].pairedItem).toEqual([{ item: 0 }]);
		expect(await receivedRequests(sandbox())).toEqual([]);
	});

	it('Place Test Orders: placed like any other', async () => {
		const order = { ...shopifyOrder(), test: true };
		const [output] = jsonOf(
			await runPrintio(
				sandbox(),
				parameters('shopifyOrder', { shopOrder: { placeTestOrders: true } }),
				{ input: [order], credentials: credentials() },
			),
		);
		expect(output).toMatchObject({ ec_order_no: '1001', already_registered: false });
		expect(await placements()).toHaveLength(1);
	});
});

describe('one variant option', () => {
	it('"Natural" on the tote (two colours, one size): the colour, the size its only one; "M" on the T-shirt refused naming it', async () => {
		const tote = shopifyOrder();
		tote.line_items = [
			{
				...tote.line_items[0],
				sku: 'EC-BG-0001',
				title: 'Shop Logo Tote',
				variant_title: 'Natural',
				quantity: 1,
				current_quantity: 1,
			},
		];
		await runPrintio(sandbox(), parameters('shopifyOrder'), {
			input: [tote],
			credentials: credentials(),
		});
		const [placed] = await placements();
		expect((placed.body as IDataObject).order_details).toEqual([
			expect.objectContaining({
				ec_original_item_code: 'EC-BG-0001',
				color: 'ナチュラル',
				size: 'F',
				quantity: 1,
			}),
		]);

		const tee = shopifyOrder();
		tee.order_number = 1002;
		tee.line_items = [{ ...tee.line_items[0], variant_title: 'M' }];
		const result = await runPrintio(sandbox(), parameters('shopifyOrder'), {
			input: [tee],
			credentials: credentials(),
		});
		expect(result.error?.message).toMatch(/^Order "1002" is invalid: line_items\[0\]/);
		const description = (result.error as { description?: string }).description ?? '';
		expect(description).toContain(
			'has one option, "M": tried as a colour and as a size, it is a size of original item EC-TS-0001',
		);
		expect(description).toMatch(
			/comes in several colours, so which one cannot be told\. The colours of original item EC-TS-0001 \(item OGB-910\): ホワイト.*; its sizes: .*M/,
		);
		expect(await placements()).toHaveLength(1);
	});

	it('WooCommerce: only the colour attribute on the tote: its only size', async () => {
		const order = clone(wooCreated);
		order.line_items = [order.line_items[1]];
		order.line_items[0].meta_data = [order.line_items[0].meta_data[0]];
		await runPrintio(sandbox(), parameters('wooCommerceOrder'), {
			input: [order],
			credentials: credentials(),
		});
		const [placed] = await placements();
		expect((placed.body as IDataObject).order_details).toEqual([
			expect.objectContaining({
				ec_original_item_code: 'EC-BG-0001',
				color: 'ナチュラル',
				size: 'F',
			}),
		]);
	});
});

describe('WooCommerce: a partly refunded order', () => {
	const refunded = () => ({
		...clone(wooCreated),
		refunds: [{ id: 726, reason: 'Ken Tanaka asked', total: '-1800.00' }],
	});

	it('refused by default, naming the order and the refund, nothing sent; Place All Lines places every line', async () => {
		const result = await runPrintio(sandbox(), parameters('wooCommerceOrder'), {
			input: [refunded()],
			credentials: credentials(),
		});
		expect(result.error?.message).toBe('Order "727" is invalid: refunds (nothing was sent)');
		const description = (result.error as { description?: string }).description ?? '';
		expect(description).toContain('refunds: the order is partly refunded (refund 726 (-1800.00))');
		expect(description).not.toContain('Ken');
		expect(await placements()).toEqual([]);

		await runPrintio(
			sandbox(),
			parameters('wooCommerceOrder', { shopOrder: { partlyRefundedOrders: 'placeAll' } }),
			{ input: [refunded()], credentials: credentials() },
		);
		expect(await lineIds()).toEqual([
			['315', 2],
			['316', 1],
		]);
	});
});
