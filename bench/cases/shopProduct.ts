/**
 * Publishing's cost in requests (issue 47): Printio requests per product shaped by *Original Item › Get Many* and
 * *Create* with *Shop Product* (the catalog item read once per item code and run), counted from the sandbox's
 * request log by route; and the shop requests per product, read from the shape of each `shop_product` the node
 * gave (Shopify: one productSet; WooCommerce: find by SKU, create or update, and the variations batch when there
 * are variations). The original items share a few catalog items; every output must carry a shop product.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ORIGINAL_ITEMS } from '../../sandbox/seed';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import type { LoadedPackage } from '../../test/harness';
import { executeNode } from '../../test/harness';
import { control, KEY, round, type Json } from '../util';

export interface ShopProductRun {
	operation: 'getMany' | 'create';
	platform: 'shopify' | 'wooCommerce';
	products: number;
	/** Catalog items the products are made on. */
	catalogItems: number;
	/** Printio requests of the one run, by route ("GET /items"). */
	requests: Record<string, number>;
	requestsPerProduct: number;
	/** HTTP requests to the shop to publish the run's products, from their shape. */
	shopRequestsPerProduct: number;
	variants: number;
}

export interface ShopProductResult {
	runs: ShopProductRun[];
	wallMs: number;
}

/** The catalog items the bench's original items are made on, in turn. */
const CATALOG = ['OGB-910', 'PKB-110', 'MUG-410'];

const credentials = (sb: Sandbox) => ({
	printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
});

function byRoute(log: Json[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const request of log) {
		if (String(request.path).startsWith('/_sandbox')) continue;
		const route = `${request.method} ${request.path}`;
		counts[route] = (counts[route] ?? 0) + 1;
	}
	return counts;
}

const total = (counts: Record<string, number>) =>
	Object.values(counts).reduce((sum, n) => sum + n, 0);

/** Shopify: productSet. WooCommerce: GET /products?sku=, POST or PUT the product, the variations batch. */
export function shopRequestsOf(product: IDataObject): number {
	if (product.platform === 'shopify') return product.body ? 1 : 0;
	const batch = (product.variations_batch as { create?: unknown[] } | undefined)?.create ?? [];
	return (product.find_by ? 1 : 0) + (product.product ? 1 : 0) + (batch.length ? 1 : 0);
}

function variantsOf(product: IDataObject): number {
	if (product.platform === 'shopify')
		return (product.body as Json).variables.input.variants.length as number;
	const batch = (product.variations_batch as { create: unknown[] }).create.length;
	return batch || 1;
}

async function measure(
	pkg: LoadedPackage,
	sb: Sandbox,
	operation: ShopProductRun['operation'],
	platform: ShopProductRun['platform'],
	products: number,
): Promise<ShopProductRun> {
	await control(sb.url, 'POST', '/reset');
	const seeded = ORIGINAL_ITEMS.filter((item) => item.retailer_id === 1).length;
	const codes = new Set<string>();
	let input: IDataObject[] = [{}];
	let parameters: INodeParameters;
	if (operation === 'getMany') {
		// The seed's original items of retailer 1 count among the products (5 of them, on 5 catalog items).
		for (let i = seeded; i < products; i++)
			sb.store.createOriginalItem(
				1,
				CATALOG[i % CATALOG.length],
				`EC-BENCH-${i}`,
				`Design ${i}`,
				`${sb.url}/_sandbox/designs/tshirt-ok.png`,
			);
		parameters =
			products < seeded ? { returnAll: false, limit: products } : { returnAll: true, filters: {} };
		parameters = {
			resource: 'originalItem',
			operation: 'getMany',
			...parameters,
			shopProduct: platform,
		};
	} else {
		input = Array.from({ length: products }, (_, i) => ({
			itemCode: CATALOG[i % CATALOG.length],
			ec: `EC-NEW-${i}`,
		}));
		parameters = {
			resource: 'originalItem',
			operation: 'create',
			itemCode: { __rl: true, mode: 'code', value: '={{ $json.itemCode }}' },
			imageUrl: `${sb.url}/_sandbox/designs/tshirt-ok.png`,
			options: { ecOriginalItemCode: '={{ $json.ec }}', originalItemName: 'Design' },
			shopProduct: platform,
		};
	}
	await control(sb.url, 'DELETE', '/requests');
	const run = await executeNode({
		pkg,
		node: { type: 'printio', parameters },
		input,
		credentials: credentials(sb) as never,
	});
	if (run.error) throw run.error;
	const requests = byRoute((await control(sb.url, 'GET', '/requests')) as Json[]);
	const shopProducts = run.items.map((item) => item.json.shop_product as IDataObject | undefined);
	if (shopProducts.length !== products || shopProducts.some((p) => p?.platform !== platform))
		throw new Error(
			`shop product: ${shopProducts.filter(Boolean).length} of ${run.items.length} outputs carry a ${platform} product (expected ${products})`,
		);
	for (const item of run.items) {
		const code = item.json.item_code;
		codes.add(typeof code === 'string' ? code : '');
	}
	const shop = shopProducts.reduce((sum, p) => sum + shopRequestsOf(p as IDataObject), 0);
	return {
		operation,
		platform,
		products,
		catalogItems: operation === 'create' ? Math.min(products, CATALOG.length) : codes.size,
		requests,
		requestsPerProduct: round(total(requests) / products, 3),
		shopRequestsPerProduct: round(shop / products, 2),
		variants: shopProducts.reduce((sum, p) => sum + variantsOf(p as IDataObject), 0),
	};
}

export async function benchShopProduct(
	pkg: LoadedPackage,
	options: { getMany: number[]; create: number[] },
): Promise<ShopProductResult> {
	const sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	const started = performance.now();
	try {
		const runs: ShopProductRun[] = [];
		for (const platform of ['shopify', 'wooCommerce'] as const) {
			for (const products of options.getMany)
				runs.push(await measure(pkg, sb, 'getMany', platform, products));
			for (const products of options.create)
				runs.push(await measure(pkg, sb, 'create', platform, products));
		}
		return { runs, wallMs: round(performance.now() - started, 0) };
	} finally {
		await sb.close();
	}
}
