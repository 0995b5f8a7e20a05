/**
 * The shop loop's cost in requests (issue 34): per shop order placed (Order › Create, Input Mode Shopify Order,
 * Multi-Item Orders, as examples/shopify-shipped-fulfil.json places it) and per shipment fulfilled (the Printio
 * Trigger's Order Shipped poll that gives `tracking` and `shop_order`, plus the shop requests of the examples'
 * fulfilment path). Printio requests are counted from the sandbox's request log, by route; the shop requests are
 * the HTTP Request nodes on each example's success path, read from the example files. Every shipment must come
 * out once with its shop order and a known carrier, or the case fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import type { LoadedPackage } from '../../test/harness';
import { createPoller, executeNode } from '../../test/harness';
import shopifyCreate from '../../test/fixtures/shop/shopify-orders-create.json';
import { SHOP_SENDER } from '../../test/nodes/Printio/setup';
import { control, KEY, REPO_ROOT, round, startBenchSandbox, type Json } from '../util';

export interface ShopLoopRun {
	orders: number;
	/** Printio requests of the one run that placed them, by route ("POST /order-by-code"). */
	placeRequests: Record<string, number>;
	placeRequestsPerOrder: number;
	shipments: number;
	/** Printio requests of the one poll that emitted every shipment, by route. */
	pollRequests: Record<string, number>;
	pollRequestsPerShipment: number;
}

export interface ShopLoopResult {
	runs: ShopLoopRun[];
	/** HTTP requests to the shop per shipment on the examples' success path. */
	shopRequestsPerShipment: { shopify: number; woocommerce: number };
	wallMs: number;
}

function byRoute(log: Json[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const request of log) {
		const route = `${request.method} ${request.path}`;
		counts[route] = (counts[route] ?? 0) + 1;
	}
	return counts;
}

const total = (counts: Record<string, number>) =>
	Object.values(counts).reduce((sum, n) => sum + n, 0);

/** The HTTP Request nodes an item passes through on the example's success path (from its trigger). */
function shopRequestsOnSuccessPath(file: string): number {
	const wf = JSON.parse(readFileSync(path.join(REPO_ROOT, 'examples', file), 'utf8')) as {
		nodes: Array<{ name: string; type: string }>;
		connections: Record<string, { main: Array<Array<{ node: string }>> }>;
	};
	let name = wf.nodes.find((n) => n.type === 'n8n-nodes-printio.printioTrigger')?.name;
	let requests = 0;
	const seen = new Set<string>();
	while (name !== undefined && !seen.has(name)) {
		seen.add(name);
		if (wf.nodes.find((n) => n.name === name)?.type === 'n8n-nodes-base.httpRequest') requests++;
		// Output 0 is the success (or "true") branch of every node on the path.
		name = wf.connections[name]?.main?.[0]?.[0]?.node;
	}
	return requests;
}

function shopifyOrder(i: number): IDataObject {
	const order = JSON.parse(JSON.stringify(shopifyCreate)) as typeof shopifyCreate;
	order.line_items[0].variant_title = 'ホワイト / M';
	order.line_items[1].variant_title = 'ネイビー / L';
	return {
		...order,
		id: 9_100_000_000 + i,
		order_number: 5000 + i,
		name: `#${5000 + i}`,
	} as unknown as IDataObject;
}

async function run(
	pkg: LoadedPackage,
	url: string,
	orders: number,
	tag: string,
): Promise<ShopLoopRun> {
	const credentials = {
		printioApi: { environment: 'custom', baseUrl: url, apiKey: KEY, retailerId: 1, ...SHOP_SENDER },
	};
	const from = new Date(Date.now() - 60_000).toISOString();
	await control(url, 'DELETE', '/requests');
	const placed = await executeNode({
		pkg,
		node: {
			type: 'printio',
			parameters: {
				resource: 'order',
				operation: 'create',
				inputMode: 'shopifyOrder',
				orderNumberPrefix: `${tag}-`,
				options: { multiItemOrder: true },
			},
		},
		input: Array.from({ length: orders }, (_, i) => shopifyOrder(i)),
		credentials,
	});
	if (placed.error) throw placed.error;
	const orderNos = placed.items.map((item) => String(item.json.order_no ?? ''));
	if (orderNos.some((no) => !no.startsWith('PO')))
		throw new Error(
			`shop loop: not every order was placed: ${JSON.stringify(placed.items.map((i) => i.json).slice(0, 2))}`,
		);
	const placeRequests = byRoute((await control(url, 'GET', '/requests')) as Json[]);

	for (const orderNo of orderNos)
		await control(url, 'POST', `/orders/${orderNo}/status`, { status_id: 5 });
	const poller = await createPoller({
		pkg,
		node: {
			type: 'printioTrigger',
			parameters: { event: 'shipped', options: { multiItemOrder: true, startFrom: from } },
		},
		credentials,
		staticData: {},
	});
	await control(url, 'DELETE', '/requests');
	const emitted = ((await poller.poll())?.[0] ?? [])
		.map((item) => item.json)
		.filter((json) => orderNos.includes(String(json.order_no)));
	const pollRequests = byRoute((await control(url, 'GET', '/requests')) as Json[]);
	const shipments = emitted.length;
	const complete = emitted.filter((json) => {
		const shop = json.shop_order as IDataObject | undefined;
		const tracking = json.tracking as IDataObject | undefined;
		return (
			shop?.platform === 'shopify' &&
			(shop.lineIds as unknown[]).length === 1 &&
			tracking?.carrier !== null &&
			typeof tracking?.url === 'string'
		);
	});
	if (shipments !== orders * 2 || complete.length !== shipments) {
		throw new Error(
			`shop loop: ${shipments} shipments emitted (expected ${orders * 2}), ${complete.length} with shop order and carrier`,
		);
	}
	return {
		orders,
		placeRequests,
		placeRequestsPerOrder: round(total(placeRequests) / orders, 2),
		shipments,
		pollRequests,
		pollRequestsPerShipment: round(total(pollRequests) / shipments, 3),
	};
}

export async function benchShopLoop(
	pkg: LoadedPackage,
	options: { orders: number[] },
): Promise<ShopLoopResult> {
	const sb = await startBenchSandbox();
	const started = performance.now();
	try {
		const runs: ShopLoopRun[] = [];
		for (const [i, orders] of options.orders.entries()) {
			await control(sb.url, 'POST', '/reset');
			runs.push(await run(pkg, sb.url, orders, `LOOP${i}`));
		}
		return {
			runs,
			shopRequestsPerShipment: {
				shopify: shopRequestsOnSuccessPath('shopify-shipped-fulfil.json'),
				woocommerce: shopRequestsOnSuccessPath('woocommerce-shipped-complete.json'),
			},
			wallMs: round(performance.now() - started, 0),
		};
	} finally {
		await sb.stop();
	}
}
