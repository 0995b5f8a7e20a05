/**
 * Publish, then sell: the variants Get Many's Shop Product gives, ordered in the shop as the shop would send them,
 * are placed by Order › Create (Shopify Order / WooCommerce Order) with no mapping and no refusal.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import shopifyCreate from '../../../../../fixtures/shop/shopify-orders-create.json';
import wooCreated from '../../../../../fixtures/shop/woocommerce-order-created.json';
import {
	credentialsFor,
	jsonOf,
	receivedRequests,
	resetSandbox,
	runPrintio,
	SHOP_SENDER,
	useSandbox,
} from '../../../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

// Payloads are read as JSON, field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function published(shopProduct: string, shopProductOptions: INodeParameters) {
	const items = jsonOf(
		await runPrintio(sandbox(), {
			resource: 'originalItem',
			operation: 'getMany',
			returnAll: true,
			shopProduct,
			shopProductOptions,
		}),
	) as Json[];
	await resetSandbox(sandbox());
	return items;
}

async function placedLines(inputMode: string, order: unknown, extra: INodeParameters = {}) {
	const result = await runPrintio(
		sandbox(),
		{
			resource: 'order',
			operation: 'create',
			inputMode,
			options: { multiItemOrder: true },
			...extra,
		},
		{
			input: [order as IDataObject],
			credentials: { ...credentialsFor(sandbox()), ...SHOP_SENDER },
		},
	);
	expect(result.error).toBeUndefined();
	const [placed] = (await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);
	return (placed.body as IDataObject).order_details;
}

describe('a published product sells through the order modes', () => {
	it.each(['japanese', 'english'])(
		'Shopify, %s names: one variant of each of two products',
		async (names) => {
			const items = await published('shopify', { names });
			const variantOf = (code: string, index: number) =>
				items.find((item) => item.ec_original_item_code === code)!.shop_product.body.variables.input
					.variants[index];
			const lines = [variantOf('EC-TS-0001', 6), variantOf('EC-BG-0001', 1)];
			const order = clone(shopifyCreate) as Json;
			order.line_items = lines.map((variant, index) => ({
				...order.line_items[0],
				id: 9000 + index,
				sku: variant.sku,
				variant_title: variant.optionValues.map((value: Json) => value.name).join(' / '),
				quantity: index + 1,
				current_quantity: index + 1,
				fulfillable_quantity: index + 1,
			}));
			expect(await placedLines('shopifyOrder', order)).toEqual([
				{
					ec_original_item_code: 'EC-TS-0001',
					color: 'ブラック',
					size: 'M',
					quantity: 1,
					ec_order_detail_no: '9000',
				},
				{
					ec_original_item_code: 'EC-BG-0001',
					color: 'ブラック',
					size: 'F',
					quantity: 2,
					ec_order_detail_no: '9001',
				},
			]);
		},
	);

	it("WooCommerce, the maker's names; an item without an EC code by Printio's code", async () => {
		const items = await published('wooCommerce', { names: 'english' });
		const mug = items.find((item) => item.item_code === 'MUG-410')!.shop_product;
		const [variation] = mug.variations_batch.create;
		const order = clone(wooCreated) as Json;
		order.line_items = [
			{
				...order.line_items[0],
				id: 77,
				sku: variation.sku,
				quantity: 3,
				meta_data: variation.attributes.map((attribute: Json) => ({
					id: 1,
					key: attribute.name.toLowerCase(),
					value: attribute.option,
					display_key: attribute.name,
					display_value: attribute.option,
				})),
			},
		];
		expect(
			await placedLines('wooCommerceOrder', order, { lineCodeKind: 'originalItemCode' }),
		).toEqual([
			{
				original_item_code: 't0100003',
				color: 'ホワイト',
				size: '330ml',
				quantity: 3,
				ec_order_detail_no: '77',
			},
		]);
	});
});
