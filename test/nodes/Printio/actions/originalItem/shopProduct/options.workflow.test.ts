/**
 * Shop Product on Original Item › Create and Get Many, through n8n against the sandbox: each output item carries
 * the shop's payload, the catalog is read once per item code, and a refusal sends nothing.
 */
import type { INodeParameters } from 'n8n-workflow';

import { jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../../../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const getMany = (shopProduct: string, shopProductOptions: INodeParameters = {}) => ({
	resource: 'originalItem',
	operation: 'getMany',
	returnAll: true,
	shopProduct,
	shopProductOptions,
});

// Payloads are read as JSON, field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

describe('Original Item › Get Many with Shop Product', () => {
	it('Shopify: a productSet body per original item, one catalog read per item code', async () => {
		const items = jsonOf(await runPrintio(sandbox(), getMany('shopify', { roundTo: 10 })));
		const tee = items.find((item) => item.ec_original_item_code === 'EC-TS-0001') as Json;
		const product = tee.shop_product;
		expect(product).toEqual(
			expect.objectContaining({
				platform: 'shopify',
				currency: 'JPY',
				sku_code: 'ecOriginalItemCode',
			}),
		);
		expect(product.body.query).toMatch(/productSet\(identifier: \$identifier/);
		const { identifier, input } = product.body.variables;
		expect(identifier.handle).toMatch(/^printio-ec-ts-0001-[0-9a-z]+$/);
		expect(input.handle).toBe(identifier.handle);
		expect(input.status).toBe('DRAFT');
		expect(input.productOptions.map((option: Json) => option.name)).toEqual(['Color', 'Size']);
		const colors = input.productOptions[0].values.map((value: Json) => value.name);
		const sizes = input.productOptions[1].values.map((value: Json) => value.name);
		expect(input.variants).toHaveLength(colors.length * sizes.length);
		for (const variant of input.variants) {
			const [color, size] = variant.optionValues.map((value: Json) => value.name);
			expect(colors).toContain(color);
			expect(variant.sku).toMatch(new RegExp(`^EC-TS-0001~[^~]+~${size.replace(/[/]/g, '\\/')}$`));
			expect(Number(variant.price) % 10).toBe(0);
			expect(input.files.map((file: Json) => file.originalSource)).toContain(
				variant.file.originalSource,
			);
		}
		expect(new Set(input.variants.map((variant: Json) => variant.sku)).size).toBe(
			input.variants.length,
		);
		const itemReads = (await receivedRequests(sandbox())).filter(
			(request) => request.path === '/items',
		);
		const codes = itemReads.map((request) => request.query.item_code);
		expect(codes.length).toBe(new Set(codes).size);
		expect(new Set(codes)).toEqual(new Set(items.map((item) => item.item_code)));
	});

	it("WooCommerce: a variable product and its variations batch; an item without an EC code carries Printio's code", async () => {
		const items = jsonOf(
			await runPrintio(sandbox(), getMany('wooCommerce', { names: 'english', status: 'active' })),
		);
		const tee = items.find((item) => item.ec_original_item_code === 'EC-TS-0001') as Json;
		const { product, variations_batch, find_by } = tee.shop_product;
		expect(find_by).toEqual({ sku: 'EC-TS-0001' });
		expect(product).toEqual(
			expect.objectContaining({ type: 'variable', status: 'publish', sku: 'EC-TS-0001' }),
		);
		expect(product.attributes[0]).toEqual(
			expect.objectContaining({
				name: 'Color',
				variation: true,
				options: expect.arrayContaining(['White']),
			}),
		);
		expect(variations_batch.create[0]).toEqual(
			expect.objectContaining({
				sku: expect.stringMatching(/^EC-TS-0001~/),
				regular_price: expect.stringMatching(/^\d+$/),
				attributes: [
					{ name: 'Color', option: expect.any(String) },
					{ name: 'Size', option: expect.any(String) },
				],
			}),
		);
		const mug = items.find((item) => item.ec_original_item_code === null) as Json;
		expect(mug.shop_product.sku_code).toBe('originalItemCode');
		expect(mug.shop_product.notes.join(' ')).toMatch(/Print Item Code Is to Original Item Code/);
	});

	it('None: the records as before, no shop_product', async () => {
		const items = jsonOf(await runPrintio(sandbox(), getMany('none')));
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) expect(item).not.toHaveProperty('shop_product');
	});

	it('Fixed Price per Size without a price for a size: refused, naming the size', async () => {
		const result = await runPrintio(
			sandbox(),
			getMany('shopify', {
				priceMode: 'fixed',
				fixedPrices: { prices: [{ size: 'M', price: 3000 }] },
			}),
		);
		expect(result.error?.message).toMatch(
			/^Shop Product: Fixed Price per Size gives no price for size "/,
		);
		expect(result.error?.description).toMatch(/\*/);
	});
});

describe('Original Item › Create with Shop Product', () => {
	const create = (shopProductOptions: INodeParameters = {}, shopProduct = 'shopify') => ({
		resource: 'originalItem',
		operation: 'create',
		itemCode: { __rl: true, mode: 'list', value: 'OGB-910' },
		imageUrl: `${sandbox().url}/_sandbox/designs/tshirt-ok.png`,
		options: { ecOriginalItemCode: 'EC-NEW-1', originalItemName: '新しいデザイン' },
		shopProduct,
		shopProductOptions,
	});

	it('creates the original item and gives its product, priced from the catalog with the markup', async () => {
		const [created] = jsonOf(
			await runPrintio(
				sandbox(),
				create({ markupPercent: 50, roundTo: 100, unitCost: true, status: 'active' }),
			),
		);
		expect(created.ec_original_item_code).toBe('EC-NEW-1');
		const { input } = (created as Json).shop_product.body.variables;
		expect(input.title).toBe('新しいデザイン');
		expect(input.status).toBe('ACTIVE');
		for (const variant of input.variants) {
			const cost = Number(variant.inventoryItem.cost);
			expect(Number(variant.price)).toBe(Math.ceil((cost * 1.5) / 100) * 100);
			expect(variant.sku).toMatch(/^EC-NEW-1~/);
		}
		// The catalog item was read once for the design check and the product both.
		const paths = (await receivedRequests(sandbox())).map((request) => request.path);
		expect(paths.filter((path) => path === '/items')).toHaveLength(1);
	});

	it('refuses before anything is sent when the price cannot be known', async () => {
		const result = await runPrintio(
			sandbox(),
			create({ priceMode: 'fixed', fixedPrices: { prices: [{ size: 'XS-none', price: 1 }] } }),
		);
		expect(result.error?.message).toMatch(/^Shop Product: Fixed Price per Size gives no price/);
		const posts = (await receivedRequests(sandbox())).filter(
			(request) => request.method === 'POST',
		);
		expect(posts).toHaveLength(0);
	});
});
