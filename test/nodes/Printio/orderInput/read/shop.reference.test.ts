/**
 * The shop reference an order from a shop input mode carries (`ec_optional_information` =
 * `shop:<platform>:<order id>`): the platform's own order id, written only when the user set no EC Optional
 * Information of their own, and returned by Printio's order reads for the trigger. Through n8n-core against the
 * sandbox, and shopReferenceOf directly.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { shopReferenceOf } from '../../../../../nodes/Printio/orderInput/read/shop';
import { parseShopReference } from '../../../../../nodes/shared/printio/shopReference';
import { sandboxShopifyOrder, sandboxWooOrder } from '../../../../fixtures/shop/sandboxOrders';
import {
	credentialsFor,
	receivedRequests,
	resetSandbox,
	runPrintio,
	SHOP_SENDER,
	useSandbox,
} from '../../setup';

const sandbox = useSandbox();
beforeEach(async () => await resetSandbox(sandbox()));

const shopifyOrder = sandboxShopifyOrder;
const wooOrder = sandboxWooOrder;

async function placedBody(
	inputMode: string,
	input: unknown,
	extra: INodeParameters = {},
): Promise<Record<string, unknown>> {
	await runPrintio(
		sandbox(),
		{
			resource: 'order',
			operation: 'create',
			inputMode,
			options: { multiItemOrder: true },
			...extra,
		},
		{
			input: [input as IDataObject],
			credentials: { ...credentialsFor(sandbox()), ...SHOP_SENDER },
		},
	);
	const placed = (await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && request.path === '/order-by-code',
	);
	expect(placed).toHaveLength(1);
	return placed[0].body as Record<string, unknown>;
}

describe('the shop reference on orders placed from a shop', () => {
	it('Shopify: the order’s own id (not the number shown), with the line ids as ec_order_detail_no', async () => {
		const body = await placedBody('shopifyOrder', shopifyOrder());
		expect(body.ec_order_no).toBe('1001');
		expect(body.ec_optional_information).toBe('shop:shopify:5823498213513');
		expect(
			(body.order_details as Array<Record<string, unknown>>).map((line) => line.ec_order_detail_no),
		).toEqual(['13923492233355', '13923492266123']);
	});

	it('WooCommerce: the order’s id', async () => {
		const order = wooOrder();
		order.number = 'A-9';
		const body = await placedBody('wooCommerceOrder', order);
		expect(body.ec_order_no).toBe('A-9');
		expect(body.ec_optional_information).toBe('shop:woocommerce:727');
	});

	it('the user’s own EC Optional Information is sent instead', async () => {
		const body = await placedBody('shopifyOrder', shopifyOrder(), {
			options: { multiItemOrder: true, ecOptionalInformation: 'gift wrap' },
		});
		expect(body.ec_optional_information).toBe('gift wrap');
	});

	it('Printio gives it back on the order read', async () => {
		await placedBody('shopifyOrder', shopifyOrder());
		const res = await fetch(`${sandbox().url}/orders?ec_order_no=1001`, {
			headers: { 'Printio-Api-Subscription-Key': credentialsFor(sandbox()).apiKey as string },
		});
		const { orders } = (await res.json()) as { orders: Array<{ ec_optional_information: string }> };
		expect(parseShopReference(orders[0].ec_optional_information)).toEqual({
			platform: 'shopify',
			orderId: '5823498213513',
		});
	});
});

describe('shopReferenceOf', () => {
	it('takes the numeric id, text ids, and a Shopify GraphQL id as its number', () => {
		expect(shopReferenceOf({ id: 5823498213513 }, 'shopify')).toEqual({
			platform: 'shopify',
			orderId: '5823498213513',
		});
		expect(shopReferenceOf({ id: 'gid://shopify/Order/5823498213513' }, 'shopify')).toEqual({
			platform: 'shopify',
			orderId: '5823498213513',
		});
		expect(shopReferenceOf({ id: '727' }, 'wooCommerce')).toEqual({
			platform: 'woocommerce',
			orderId: '727',
		});
	});

	it.each([
		['no id', {}],
		['id 0', { id: 0 }],
		['a blank id', { id: ' ' }],
		['an id with a space', { id: '12 34' }],
		['an id longer than 64 characters', { id: '1'.repeat(65) }],
		['an object id', { id: { value: 1 } }],
	])('gives none for %s', (_label, order) => {
		expect(shopReferenceOf(order, 'shopify')).toBeUndefined();
	});

	it('what it gives reads back as the same shop order', () => {
		fc.assert(
			fc.property(
				fc.oneof(fc.integer({ min: 1 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/)),
				fc.constantFrom('shopify' as const, 'wooCommerce' as const),
				(id, platform) => {
					const reference = shopReferenceOf({ id }, platform);
					if (id === '0') return expect(reference).toBeUndefined();
					expect(reference).toEqual({
						platform: platform === 'shopify' ? 'shopify' : 'woocommerce',
						orderId: String(id),
					});
				},
			),
		);
	});
});
