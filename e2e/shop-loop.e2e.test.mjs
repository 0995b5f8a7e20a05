// The shop loop in a real n8n 2.41.1, end to end: a shop's order webhook → Printio order (Input Mode Shopify
// Order / WooCommerce Order, which writes the shop reference) → a shipment (the sandbox's control API) → the
// Printio Trigger (Order Shipped, MultiItemOrder) → the fulfilment in the shop. The shops are test doubles
// (e2e/shop-loop-fakes.mjs): a Shopify Admin GraphQL API and a WooCommerce REST API on loopback.
//
// The workflows are the examples (examples/shopify-shipped-fulfil.json, examples/woocommerce-shipped-complete.json)
// as shipped, with two changes only: the shops' addresses point at the doubles, and the trigger polls every 10 s
// (six cron entries; n8n refuses poll times under a minute).
//
// Asserted: the fake shops receive the right order id, line ids, quantities, tracking number, company, URL and
// notify flag, exactly once per shipment, also across an n8n restart between two shipments of one order; a
// shipment of part of the lines fulfils only those lines; WooCommerce gets a note per shipment and is completed
// once, with the last; an order without a shop reference goes to "Needs a person" and reaches no shop; the other
// platform's shipments pass over quietly; in one poll, a refused fulfilment, a closed order, an order with no shop
// reference and the other platform each reach their own end once, the execution succeeding. Last, in the
// editor (headless Chromium): Fetch Test Event on the trigger shows the shipped item's `tracking` and
// `shop_order` in the output panel (screenshot in test-artifacts/e2e-shop-loop/).
//
// In the same n8n, the publish and stock examples (examples/design-to-*.json, examples/stock-to-*.json, the shops'
// addresses pointed at the doubles, the stock triggers polling every 10 s): a design posted to the form becomes
// one original item and one Shopify product (productSet), posted again the same product; the same design becomes
// one WooCommerce product with its variations, posted again updated by id; an order of two of each shop's stored
// variants goes through the loop examples above (placed with no mapping, fulfilled or completed); a stock
// crossing in the sandbox makes the variant unavailable in both shops once, its recovery available once. The
// editor's output panel shows `shop_product` after Execute step on the example's Shape for Shopify.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { createN8n, REPO_ROOT } from '../scripts/n8n/cli.mjs';
import {
	DEV_CREDENTIAL_ID,
	DEV_CREDENTIAL_NAME,
	DEV_SHOP_SENDER,
} from '../scripts/n8n/dev-constants.mjs';
import {
	buildPackage,
	checkBuilt,
	sandboxCall,
	startSandboxProcess,
} from '../scripts/n8n/project.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './editor.mjs';
import { RETAILER_KEY, waitFor } from './helpers.mjs';
import { startFakeShopify, startFakeWooCommerce } from './shop-loop-fakes.mjs';

const OWNER = {
	email: 'shop-loop@printio.local',
	password: 'Shop-loop-local-1',
	firstName: 'Shop',
	lastName: 'Loop',
};
const SHOPIFY_TOKEN = 'shpat_e2e_not_a_token';
const WOO_KEYS = { consumerKey: 'ck_e2e_not_a_key', consumerSecret: 'cs_e2e_not_a_secret' };
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'e2e-shop-loop');
const SHOPIFY_ORIGIN = 'https://your-shop.myshopify.com';
const WOO_ORIGIN = 'https://your-shop.example';
/** The editor's workflow for the output panel check: Manual Trigger → Get Many with Shop Product. */
const SHOP_PRODUCT_WF_ID = 'printioE2eShopPr1';
/** The EC original item code the publish tests give their design. */
const PUBLISHED_CODE = 'EC-PUB-0001';
/** Printio's carrier names (sandbox/domain/lifecycle.ts) and the company Shopify's list spells for each. */
const SHOPIFY_COMPANY = { ヤマト運輸: 'Yamato (JA)', 日本郵便: 'Japan Post (JA)' };

const timings = {};
let sandbox;
let shopify;
let woo;
let n8n;
let server;
let shopifyWf;
let wooWf;
/** The publish and stock examples, as run here. */
let publishWfs;

function timed(label, t0) {
	timings[label] = Math.round((Date.now() - t0) / 100) / 10;
}

function readExample(file) {
	return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'examples', file), 'utf8'));
}

/** The example with its shop's address replaced and its trigger polling every 10 s. */
function forTest(wf, from, to) {
	const copy = JSON.parse(JSON.stringify(wf).replaceAll(from, to));
	const trigger = copy.nodes.find((n) => n.type === 'n8n-nodes-printio.printioTrigger');
	trigger.parameters.pollTimes = {
		item: [0, 10, 20, 30, 40, 50].map((s) => ({
			mode: 'custom',
			cronExpression: `${s} * * * * *`,
		})),
	};
	// Until its first emission the trigger looks back one poll interval; a minute is plenty here.
	trigger.parameters.options = { ...trigger.parameters.options, lookBackMinutes: 1 };
	copy.settings = {
		...copy.settings,
		saveDataSuccessExecution: 'all',
		saveDataErrorExecution: 'all',
	};
	return copy;
}

/** A publish or stock example with its shop's address replaced; a Printio Trigger polls every 10 s. */
function forShop(wf, from, to) {
	const copy = JSON.parse(JSON.stringify(wf).replaceAll(from, to));
	const trigger = copy.nodes.find((n) => n.type === 'n8n-nodes-printio.printioTrigger');
	if (trigger)
		trigger.parameters.pollTimes = {
			item: [0, 10, 20, 30, 40, 50].map((s) => ({
				mode: 'custom',
				cronExpression: `${s + 5} * * * * *`,
			})),
		};
	copy.settings = {
		...copy.settings,
		saveDataSuccessExecution: 'all',
		saveDataErrorExecution: 'all',
	};
	return copy;
}

/** Not an example: a Manual Trigger and the Shopify example's Shape for Shopify, for the editor check. */
function shopProductWorkflow() {
	const shape = readExample('design-to-shopify-product.json').nodes.find(
		(n) => n.name === 'Shape for Shopify',
	);
	return {
		id: SHOP_PRODUCT_WF_ID,
		name: 'Shop Product in the output panel (e2e)',
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'e2eShopPr1n1',
				name: 'Run',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				...shape,
				id: 'e2eShopPr1n2',
				position: [260, 0],
				parameters: { ...shape.parameters, filters: { ecOriginalItemCode: PUBLISHED_CODE } },
			},
		],
		connections: { Run: { main: [[{ node: shape.name, type: 'main', index: 0 }]] } },
	};
}

async function api(p) {
	const res = await fetch(`${sandbox.url}${p}`, {
		headers: { 'Printio-Api-Subscription-Key': RETAILER_KEY, 'X-Feature-Flags': 'MultiItemOrder' },
	});
	assert.equal(res.status, 200, `GET ${p}: HTTP ${res.status}`);
	return res.json();
}

/** The order's shipment records (GET /orders with MultiItemOrder), by ec_order_no. */
async function shipmentsOf(ecOrderNo) {
	const body = await api(`/orders?ec_order_no=${encodeURIComponent(ecOrderNo)}`);
	return body.orders ?? [];
}

async function postWebhook(p, body) {
	const res = await fetch(`${server.url}/webhook/${p}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	assert.equal(res.status, 200, `POST /webhook/${p}: HTTP ${res.status} ${await res.text()}`);
}

async function ship(orderNo, shippingId) {
	await sandboxCall(sandbox.url, 'POST', `/_sandbox/orders/${encodeURIComponent(orderNo)}/status`, {
		status_id: 5,
		...(shippingId ? { shipping_id: shippingId } : {}),
	});
}

async function statusPolls() {
	const log = await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests');
	return (Array.isArray(log) ? log : (log.requests ?? [])).filter(
		(r) => r.path === '/order-statuses',
	).length;
}

/** Two more polls of each of the two triggers (each polls every 10 s). */
async function twoMorePolls() {
	const p = await statusPolls();
	await waitFor('two more polls of both triggers', async () => (await statusPolls()) >= p + 4, {
		timeoutMs: 45_000,
	});
}

let rest;
async function executionsOf(workflowId) {
	rest ??= await n8n.login(OWNER);
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const res = await rest(`/rest/executions?filter=${filter}&limit=100`);
	assert.equal(res.status, 200, `GET /rest/executions: HTTP ${res.status}`);
	const { data } = await res.json();
	return data.results ?? data;
}

async function executionDetail(id) {
	rest ??= await n8n.login(OWNER);
	const res = await rest(`/rest/executions/${id}`);
	assert.equal(res.status, 200, `GET /rest/executions/${id}: HTTP ${res.status}`);
	const { data } = await res.json();
	const flatted = createRequire(n8n.bin)('flatted');
	return { ...data, data: typeof data.data === 'string' ? flatted.parse(data.data) : data.data };
}

function outputOf(detail, nodeName) {
	const runs = detail.data?.resultData?.runData?.[nodeName];
	return (runs?.[runs.length - 1]?.data?.main?.[0] ?? []).map((i) => i.json);
}

/** A Shopify order as its orders/create webhook sends it: the example's pinned sample with a new id and number. */
function shopifyOrder(id, number) {
	const pinned = readExample('shopify-order-to-print-order.json').pinData['Shopify Trigger'][0]
		.json;
	return {
		...structuredClone(pinned),
		id,
		admin_graphql_api_id: `gid://shopify/Order/${id}`,
		order_number: number,
		name: `#${number}`,
	};
}

before(async () => {
	fs.rmSync(ARTIFACTS, { recursive: true, force: true });
	let t0 = Date.now();
	if (!process.env.E2E_SKIP_BUILD) await buildPackage();
	assert.deepEqual(
		checkBuilt().missing,
		[],
		'npm run build did not produce every file package.json declares',
	);
	timed('build', t0);

	t0 = Date.now();
	sandbox = await startSandboxProcess({ port: 0, db: ':memory:', stepSeconds: 0 });
	shopify = await startFakeShopify({ token: SHOPIFY_TOKEN });
	woo = await startFakeWooCommerce(WOO_KEYS);
	n8n = await createN8n({ owner: OWNER });
	await n8n.importCredentials([
		{
			id: DEV_CREDENTIAL_ID,
			name: DEV_CREDENTIAL_NAME,
			type: 'printioApi',
			data: {
				environment: 'custom',
				baseUrl: sandbox.url,
				apiKey: RETAILER_KEY,
				retailerId: 1,
				...DEV_SHOP_SENDER,
			},
		},
		{
			id: 'shopifyAdmin0001',
			name: 'Shopify Admin API',
			type: 'shopifyAccessTokenApi',
			data: {
				shopSubdomain: 'your-shop',
				accessToken: SHOPIFY_TOKEN,
				appSecretKey: 'not-a-secret',
			},
		},
		{
			id: 'wooCommerceApi01',
			name: 'WooCommerce account',
			type: 'wooCommerceApi',
			data: { ...WOO_KEYS, url: woo.origin, includeCredentialsInQuery: false },
		},
	]);
	shopifyWf = forTest(readExample('shopify-shipped-fulfil.json'), SHOPIFY_ORIGIN, shopify.origin);
	wooWf = forTest(readExample('woocommerce-shipped-complete.json'), WOO_ORIGIN, woo.origin);
	publishWfs = {
		shopify: forShop(readExample('design-to-shopify-product.json'), SHOPIFY_ORIGIN, shopify.origin),
		woo: forShop(readExample('design-to-woocommerce-product.json'), WOO_ORIGIN, woo.origin),
		shopifyStock: forShop(
			readExample('stock-to-shopify-availability.json'),
			SHOPIFY_ORIGIN,
			shopify.origin,
		),
		wooStock: forShop(readExample('stock-to-woocommerce-status.json'), WOO_ORIGIN, woo.origin),
	};
	await n8n.importWorkflow(
		[shopifyWf, wooWf, ...Object.values(publishWfs), shopProductWorkflow()].map((wf) => ({
			...wf,
			active: false,
		})),
	);
	for (const wf of [shopifyWf, wooWf, ...Object.values(publishWfs)])
		await n8n.activateWorkflow(wf.id);
	timed('sandbox, fake shops, n8n user folder, imports', t0);

	t0 = Date.now();
	server = await n8n.startServer();
	await activated(0);
	timed('n8n start (both workflows active)', t0);
});

/**
 * n8n answers its readiness check before it has activated the published workflows: wait until both triggers
 * made their activation poll (a workflow's webhooks are registered before its trigger starts).
 */
async function activated(before) {
	await waitFor(
		'both workflows active (an activation poll each)',
		async () => (await statusPolls()) >= before + 2,
		{ timeoutMs: 60_000 },
	);
}

after(async () => {
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	if (server) fs.writeFileSync(path.join(ARTIFACTS, 'n8n.log'), server.logs());
	fs.writeFileSync(
		path.join(ARTIFACTS, 'received.json'),
		JSON.stringify(
			{ fulfilments: shopify?.fulfilments, notes: woo?.notes, updates: woo?.updates },
			null,
			2,
		),
	);
	await server?.stop().catch(() => {});
	await n8n?.cleanup().catch(() => {});
	await Promise.all(
		[sandbox?.stop(), shopify?.close(), woo?.close()].map((p) => p?.catch?.(() => {})),
	);
	fs.writeFileSync(path.join(ARTIFACTS, 'timings.json'), JSON.stringify(timings, null, 2) + '\n');
	console.log('# timings (s):', JSON.stringify(timings));
});

/** What a node of a workflow put out, over all its executions (each item with its execution's id and status). */
async function outputsOf(wf, nodeName) {
	const out = [];
	for (const e of await executionsOf(wf.id))
		for (const json of outputOf(await executionDetail(e.id), nodeName))
			out.push({ ...json, executionId: e.id, executionStatus: e.status });
	return out;
}

/** Waits for the next poll of both triggers, so that what is shipped right after falls into one poll of each. */
async function justAfterAPoll() {
	const p = await statusPolls();
	await waitFor('the next poll of both triggers', async () => (await statusPolls()) >= p + 2, {
		timeoutMs: 30_000,
		intervalMs: 100,
	});
}

function wooOrder(id) {
	const order = JSON.parse(
		fs.readFileSync(
			path.join(REPO_ROOT, 'test/fixtures/shop/woocommerce-order-created.json'),
			'utf8',
		),
	);
	return { ...order, id, number: String(id) };
}

describe('shop loop: shop webhook → print order → shipment → Printio Trigger → fulfilment in the shop', () => {
	const SHOPIFY_ID = 7100000000001;
	const REFUSED_ID = 7100000000002;
	const CLOSED_ID = 7100000000003;
	const shopifyOrderNo = 'MYSHOP-3001';
	const refusedOrderNo = 'MYSHOP-3002';
	const closedOrderNo = 'MYSHOP-3003';
	const wooOrderNo = 'WOO-727';
	const laterWooOrderNo = 'WOO-728';
	const tshirtLine = '13923492233355';
	const hoodieLine = '13923492266123';
	let shipments;

	test('the shop orders are placed with the shop reference and their line ids', async () => {
		const t0 = Date.now();
		for (const id of [SHOPIFY_ID, REFUSED_ID, CLOSED_ID])
			shopify.addOrder(id, [
				{ id: tshirtLine, quantity: 2 },
				{ id: hoodieLine, quantity: 1 },
			]);
		await postWebhook('printio-shopify-order-loop', shopifyOrder(SHOPIFY_ID, 3001));
		await postWebhook('printio-shopify-order-loop', shopifyOrder(REFUSED_ID, 3002));
		await postWebhook('printio-shopify-order-loop', shopifyOrder(CLOSED_ID, 3003));
		await postWebhook('printio-woocommerce-order-loop', wooOrder(727));
		await postWebhook('printio-woocommerce-order-loop', wooOrder(728));
		// Orders placed without a shop (Define Below, the API): no reference.
		for (const ecOrderNo of ['DIRECT-1', 'DIRECT-2']) {
			const direct = await fetch(`${sandbox.url}/order-by-code`, {
				method: 'POST',
				headers: {
					'Printio-Api-Subscription-Key': RETAILER_KEY,
					'content-type': 'application/json',
				},
				body: JSON.stringify({
					ec_order_no: ecOrderNo,
					retailer_id: 1,
					shipping_information: {
						zip_code: '1500001',
						prefecture_name: '東京都',
						municipalities: '渋谷区',
						address1: '神宮前1-2-3',
						full_name: '山田 太郎',
						phone_number: '0312345678',
					},
					sender_information: {
						zip_code: '1500002',
						prefecture_name: '東京都',
						municipalities: '渋谷区',
						address1: '渋谷2-1-1',
						full_name: 'サンプルショップ',
						phone_number: '0398765432',
						item_name: 'Tシャツ',
					},
					order_details: [
						{
							ec_order_detail_no: '',
							original_item_code: 't0100001',
							quantity: 1,
							color: 'ホワイト',
							size: 'M',
						},
					],
				}),
			});
			assert.equal((await direct.json()).response?.status_code, 0);
		}

		shipments = {};
		for (const ecOrderNo of [
			shopifyOrderNo,
			refusedOrderNo,
			closedOrderNo,
			wooOrderNo,
			laterWooOrderNo,
			'DIRECT-1',
			'DIRECT-2',
		]) {
			shipments[ecOrderNo] = await waitFor(`${ecOrderNo} placed`, async () => {
				const records = await shipmentsOf(ecOrderNo);
				return records.length ? records : undefined;
			});
		}
		timed('seven orders placed (webhooks answered at once)', t0);
		const [first] = shipments[shopifyOrderNo];
		assert.equal(first.ec_optional_information, `shop:shopify:${SHOPIFY_ID}`);
		assert.equal(shipments[wooOrderNo][0].ec_optional_information, 'shop:woocommerce:727');
		assert.equal(shipments['DIRECT-1'][0].ec_optional_information ?? null, null);
		// MultiItemOrder: the T-shirt and the hoodie are two shipments; WooCommerce's T-shirt and tote too.
		const lineIds = shipments[shopifyOrderNo].map((s) =>
			s.order_details.map((l) => l.ec_order_detail_no),
		);
		assert.deepEqual(lineIds.flat().sort(), [tshirtLine, hoodieLine].sort());
		assert.equal(shipments[shopifyOrderNo].length, 2, JSON.stringify(lineIds));
		assert.equal(shipments[wooOrderNo].length, 2);
	});

	test('a shipment fulfils only its lines, once; WooCommerce gets a note per shipment and is completed once, at the last; other platforms pass quietly', async () => {
		const t0 = Date.now();
		const tshirt = shipments[shopifyOrderNo].find((s) =>
			s.order_details.some((l) => l.ec_order_detail_no === tshirtLine),
		);
		const [wooFirst, wooLast] = shipments[wooOrderNo];
		await ship(tshirt.order_no, tshirt.shipping_id);
		await ship(wooFirst.order_no, wooFirst.shipping_id);
		await ship(shipments['DIRECT-1'][0].order_no);
		await waitFor(
			'the Shopify fulfilment and the first WooCommerce note',
			() => shopify.fulfilments.length >= 1 && woo.notes.length >= 1,
			{ timeoutMs: 60_000 },
		);
		timed('shipped → fulfilled (first shipment)', t0);
		await twoMorePolls();
		// One of two WooCommerce shipments: a note, and the order is not completed yet.
		assert.equal(woo.notes.length, 1, JSON.stringify(woo.notes));
		assert.deepEqual(woo.updates, []);

		await ship(wooLast.order_no, wooLast.shipping_id);
		await waitFor('the WooCommerce completion', () => woo.updates.length >= 1, {
			timeoutMs: 60_000,
		});
		await twoMorePolls();

		const [shipped] = await api(`/orders?order_no=${tshirt.order_no}`).then((b) =>
			b.orders.filter((o) => o.shipping_id === tshirt.shipping_id),
		);
		assert.equal(shopify.fulfilments.length, 1, JSON.stringify(shopify.fulfilments));
		assert.deepEqual(shopify.fulfilments[0], {
			orderId: String(SHOPIFY_ID),
			lines: [{ lineId: tshirtLine, quantity: 2 }],
			trackingInfo: {
				company: SHOPIFY_COMPANY[shipped.delivery_company_name],
				number: shipped.shipping_number,
				url: shopify.fulfilments[0].trackingInfo.url,
			},
			notifyCustomer: true,
			refused: false,
		});
		// The carrier's own tracking page for this number.
		const url = new URL(shopify.fulfilments[0].trackingInfo.url);
		assert.equal(url.protocol, 'https:');
		assert.ok([...url.searchParams.values()].includes(shipped.shipping_number), url.href);

		// WooCommerce: one note per shipment with the tracking link, to order 727 only; completed once, after both.
		const wooShipped = (await api(`/orders?order_no=${wooFirst.order_no}`)).orders;
		assert.equal(woo.notes.length, 2);
		for (const s of wooShipped) {
			const hits = woo.notes.filter((n) => n.note.includes(s.shipping_number));
			assert.equal(hits.length, 1, `${s.shipping_id}: ${JSON.stringify(woo.notes)}`);
			assert.equal(hits[0].orderId, '727');
			assert.equal(hits[0].customerNote, true);
			assert.match(hits[0].note, /https:\/\//);
		}
		assert.deepEqual(
			woo.updates.map((u) => [u.orderId, u.status]),
			[['727', 'completed']],
		);
		assert.deepEqual(woo.refusedAuth, []);

		// The order without a shop went to "Needs a person" in both workflows, and to no shop.
		const direct = shipments['DIRECT-1'][0].order_no;
		for (const wf of [shopifyWf, wooWf]) {
			const texts = (await outputsOf(wf, 'Needs a person')).map((j) => j.text);
			assert.equal(
				texts.filter((t) => t.includes(direct)).length,
				1,
				`${wf.id}: ${JSON.stringify(texts)}`,
			);
		}
		// Each workflow passed the other platform's shipments over quietly: no message, no request.
		const passedByShopify = (await outputsOf(shopifyWf, 'Another platform')).map(
			(j) => j.shipping_id,
		);
		assert.deepEqual(passedByShopify.sort(), [wooFirst.shipping_id, wooLast.shipping_id].sort());
		const passedByWoo = (await outputsOf(wooWf, 'Another platform')).map((j) => j.shipping_id);
		assert.deepEqual(passedByWoo, [tshirt.shipping_id]);
		assert.ok(shopify.requests.every((r) => r.kind !== 'unauthorised'));
		assert.deepEqual(
			shopify.requests.filter((r) => r.kind === 'fulfillmentCreate').map((r) => r.orderId),
			[String(SHOPIFY_ID)],
		);
	});

	test('across an n8n restart, one poll with a refusal, a closed order, no shop reference and the other platform: each item reaches its own end once', async () => {
		let t0 = Date.now();
		await server.stop();
		const polled = await statusPolls();
		server = await n8n.startServer();
		await activated(polled);
		timed('n8n restart', t0);
		await twoMorePolls();
		assert.equal(shopify.fulfilments.length, 1, 'a restart fulfilled again');
		assert.equal(woo.notes.length, 2, 'a restart added a note again');

		const hoodie = shipments[shopifyOrderNo].find((s) =>
			s.order_details.some((l) => l.ec_order_detail_no === hoodieLine),
		);
		const refused = shipments[refusedOrderNo].find((s) =>
			s.order_details.some((l) => l.ec_order_detail_no === tshirtLine),
		);
		const closed = shipments[closedOrderNo][0];
		// By hand in Shopify: one T-shirt of order 3002 fulfilled (the shipment carries 2), order 3003 all of it.
		shopify.fulfilPart(REFUSED_ID, tshirtLine, 1);
		shopify.fulfil(CLOSED_ID);
		const direct = shipments['DIRECT-2'][0];
		const later = shipments[laterWooOrderNo];
		await justAfterAPoll();
		t0 = Date.now();
		for (const s of [refused, closed, hoodie, ...later]) await ship(s.order_no, s.shipping_id);
		await ship(direct.order_no);
		await waitFor(
			'the second fulfilment, the refusal and the later WooCommerce order',
			() => shopify.fulfilments.length >= 3 && woo.updates.length >= 2,
			{ timeoutMs: 60_000 },
		);
		timed('one poll of every kind → its branches (after the restart)', t0);
		await twoMorePolls();

		// One execution of the Shopify workflow took all of them, and it succeeded.
		const executions = (await executionsOf(shopifyWf.id)).filter((e) => e.mode === 'trigger');
		let mixed;
		for (const e of executions) {
			const detail = await executionDetail(e.id);
			if (outputOf(detail, 'Print shipped').some((j) => j.order_no === refused.order_no))
				mixed = { e, detail };
		}
		assert.ok(mixed, 'no execution emitted the refused shipment');
		assert.equal(mixed.e.status, 'success');
		const emitted = outputOf(mixed.detail, 'Print shipped').map((j) => j.shipping_id);
		assert.deepEqual(
			emitted.sort(),
			[refused, closed, hoodie, ...later, direct].map((s) => s.shipping_id).sort(),
			'not one poll',
		);
		const ends = Object.fromEntries(
			[
				'Done',
				'Refused by Shopify',
				'Not open in Shopify',
				'Needs a person',
				'Another platform',
			].map((node) => [node, outputOf(mixed.detail, node)]),
		);
		assert.equal(ends['Done'].length, 1);
		assert.equal(ends['Refused by Shopify'].length, 1);
		assert.match(
			ends['Refused by Shopify'][0].text,
			new RegExp(
				`^Shopify did not fulfil order ${REFUSED_ID} \\(Printio ${refused.order_no}, shipment ${refused.shipping_id}\\): Invalid fulfillment order line item quantity requested`,
			),
		);
		assert.equal(ends['Not open in Shopify'].length, 1);
		assert.match(
			ends['Not open in Shopify'][0].text,
			new RegExp(
				`^Shopify order ${CLOSED_ID} \\(Printio ${closed.order_no}.*CLOSED.*nothing was sent`,
			),
		);
		assert.equal(ends['Needs a person'].length, 1);
		assert.match(ends['Needs a person'][0].text, new RegExp(direct.order_no));
		assert.deepEqual(
			ends['Another platform'].map((j) => j.shipping_id).sort(),
			later.map((s) => s.shipping_id).sort(),
		);

		// At the shop: the hoodie fulfilled, the refusal sent once and not retried, nothing sent for the closed order.
		assert.equal(shopify.fulfilments.length, 3, JSON.stringify(shopify.fulfilments));
		const second = shopify.fulfilments.find(
			(f) => f.orderId === String(SHOPIFY_ID) && f !== shopify.fulfilments[0],
		);
		assert.deepEqual(second.lines, [{ lineId: hoodieLine, quantity: 1 }]);
		assert.equal(second.refused, false);
		assert.equal(second.notifyCustomer, true);
		const [hoodieShipped] = (await api(`/orders?order_no=${hoodie.order_no}`)).orders.filter(
			(o) => o.shipping_id === hoodie.shipping_id,
		);
		assert.equal(second.trackingInfo.number, hoodieShipped.shipping_number);
		const refusal = shopify.fulfilments.filter((f) => f.orderId === String(REFUSED_ID));
		assert.equal(refusal.length, 1, 'the refused fulfilment was retried');
		assert.equal(refusal[0].refused, true);
		assert.deepEqual(
			shopify.requests.filter(
				(r) => r.kind === 'fulfillmentCreate' && r.orderId === String(CLOSED_ID),
			),
			[],
		);
		// WooCommerce took the later order's two shipments from the same poll: two notes, completed once.
		assert.deepEqual(
			woo.updates.map((u) => [u.orderId, u.status]),
			[
				['727', 'completed'],
				['728', 'completed'],
			],
		);
		assert.equal(woo.notes.filter((n) => n.orderId === '728').length, 2);
		for (const wf of [shopifyWf, wooWf])
			assert.deepEqual(
				(await executionsOf(wf.id)).filter((e) => e.status === 'error').map((e) => e.id),
				[],
				`${wf.id}: a failed execution`,
			);
	});
});

/** Posts a design to a publish example's form, the way a browser does (multipart, one `field-<index>` each). */
async function submitDesign(wf, answers) {
	const form = wf.nodes.find((n) => n.type === 'n8n-nodes-base.formTrigger');
	const body = new FormData();
	form.parameters.formFields.values.forEach((field, i) => {
		assert.ok(field.fieldLabel in answers, `no answer for ${field.fieldLabel}`);
		body.append(`field-${i}`, answers[field.fieldLabel]);
	});
	const res = await fetch(`${server.url}/form/${form.parameters.options.path}`, {
		method: 'POST',
		body,
	});
	assert.equal(res.status, 200, `POST the ${wf.name} form: HTTP ${res.status} ${await res.text()}`);
}

/** The sandbox's requests after `seq` (a mark taken with requestMark). */
async function sandboxRequestsSince(seq) {
	const log = await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests');
	return (Array.isArray(log) ? log : (log.requests ?? [])).filter((r) => r.seq > seq);
}

async function requestMark() {
	const log = await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests');
	const entries = Array.isArray(log) ? log : (log.requests ?? []);
	return entries.length ? entries[entries.length - 1].seq : 0;
}

/** The lines Order › Create sent for an order (its one placement after the mark): what the shop's order became. */
async function placedLines(mark, ecOrderNo) {
	const posts = (await sandboxRequestsSince(mark)).filter(
		(r) => r.method === 'POST' && r.path === '/order-by-code' && r.body?.ec_order_no === ecOrderNo,
	);
	assert.equal(posts.length, 1, `${ecOrderNo}: placed once`);
	return posts[0].body.order_details;
}

/** Printio requests of a publish: the original item's and catalog reads and writes (the triggers' polls left out). */
const publishReads = (requests) =>
	requests
		.filter((r) => ['/original-items', '/original-item', '/items'].includes(r.path))
		.map((r) => `${r.method} ${r.path}`);

/** Polls of the stock triggers (two item codes each, two workflows). */
async function stockPolls() {
	const log = await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests');
	return (Array.isArray(log) ? log : (log.requests ?? [])).filter((r) => r.path === '/item-stocks')
		.length;
}

/**
 * The next poll of both stock triggers (two item codes each). Called once both shops changed, so the poll that
 * emitted the crossing has read its stock already: the next four reads are the next poll, and a crossing emitted
 * twice would reach the shops in it.
 */
async function nextStockPoll() {
	const p = await stockPolls();
	await waitFor('the next poll of both stock triggers', async () => (await stockPolls()) >= p + 4, {
		timeoutMs: 30_000,
	});
	// What that poll emitted reaches the shops within a second (two local requests); then nothing more can come.
	await new Promise((resolve) => setTimeout(resolve, 3000));
}

const numericId = (gidText) => Number(String(gidText).split('/').pop());

describe('publish: a design → Printio original item → shop product → shop order → print → fulfilment', () => {
	const design = () => ({
		'Item code': 'OGB-910',
		'Design image URL': `${sandbox.url}/_sandbox/designs/tshirt-ok.png`,
		'Product name': 'Sunrise T-shirt',
		'Product code': PUBLISHED_CODE,
	});
	const perPublish = {};
	let product;

	test('Shopify: the design becomes an original item and an active product; published again, the same product is updated', async () => {
		let t0 = Date.now();
		let mark = await requestMark();
		await submitDesign(publishWfs.shopify, design());
		const productSets = () => shopify.requests.filter((r) => r.kind === 'productSet');
		await waitFor('the productSet', () => productSets().length >= 1, { timeoutMs: 60_000 });
		timed('publish to Shopify (form → productSet)', t0);
		const first = publishReads(await sandboxRequestsSince(mark));
		assert.deepEqual(productSets(), [
			{ kind: 'productSet', handle: productSets()[0].handle, created: true },
		]);
		const created = (
			await api(`/original-items?retailer_id=1&ec_original_item_code=${PUBLISHED_CODE}`)
		).original_items;
		assert.equal(created.length, 1, 'one original item');
		assert.equal(created[0].item_code, 'OGB-910');

		assert.equal(shopify.products.size, 1);
		product = [...shopify.products.values()][0];
		assert.equal(product.title, 'Sunrise T-shirt');
		assert.equal(product.status, 'ACTIVE');
		assert.deepEqual(
			product.options.map((o) => o.name),
			['Color', 'Size'],
		);
		const [colors, sizes] = product.options.map((o) => o.values);
		assert.ok(colors.includes('White') && colors.includes('Navy'), colors.join());
		assert.equal(product.variants.length, colors.length * sizes.length);
		for (const variant of product.variants) {
			const [color, size] = variant.optionValues.map((v) => v.name);
			assert.equal(variant.sku, `${PUBLISHED_CODE}~${color.replace(/ /g, '-')}~${size}`);
			assert.match(variant.price, /^\d+0$/, 'marked up and rounded to ¥10');
			assert.equal(variant.tracked, false);
			assert.ok(variant.file?.originalSource, `${variant.sku} has its design image`);
		}
		assert.equal(new Set(product.variants.map((v) => v.sku)).size, product.variants.length);
		const ids = product.variants.map((v) => v.id);

		t0 = Date.now();
		mark = await requestMark();
		await submitDesign(publishWfs.shopify, design());
		await waitFor('the second productSet', () => productSets().length >= 2, { timeoutMs: 60_000 });
		timed('publish to Shopify again', t0);
		const again = publishReads(await sandboxRequestsSince(mark));
		assert.equal(productSets()[1].created, false, 'published again: updated');
		assert.equal(productSets()[1].handle, productSets()[0].handle);
		assert.equal(shopify.products.size, 1, 'one product');
		assert.deepEqual(
			[...shopify.products.values()][0].variants.map((v) => v.id),
			ids,
			'the same variants',
		);
		assert.equal(
			(await api(`/original-items?retailer_id=1&ec_original_item_code=${PUBLISHED_CODE}`))
				.original_items.length,
			1,
			'no second original item',
		);
		assert.ok(!again.includes('POST /original-item'), again.join());
		perPublish.shopify = {
			printioFirst: first,
			printioAgain: again,
			shopRequests: shopify.requests.filter((r) => r.kind === 'productSet').length / 2,
		};
	});

	test('WooCommerce: the same design, found in Printio, becomes one variable product; published again, its variations are updated by id', async () => {
		let t0 = Date.now();
		let mark = await requestMark();
		const before = woo.productRequests.length;
		await submitDesign(publishWfs.woo, design());
		const batches = () => woo.productRequests.filter((r) => r.path.endsWith('/variations/batch'));
		await waitFor('the variations batch', () => batches().length >= 1, { timeoutMs: 60_000 });
		timed('publish to WooCommerce (form → product and variations)', t0);
		const firstShop = woo.productRequests.slice(before).map((r) => `${r.method} ${r.status}`);
		const first = publishReads(await sandboxRequestsSince(mark));
		assert.ok(!first.includes('POST /original-item'), 'found in Printio, not created again');
		let [stored] = woo.products();
		assert.equal(woo.products().length, 1);
		assert.equal(stored.type, 'variable');
		assert.equal(stored.sku, PUBLISHED_CODE);
		assert.deepEqual(
			stored.variations.map((v) => v.sku).sort(),
			product.variants.map((v) => v.sku).sort(),
			'the same SKUs as in Shopify',
		);
		for (const variation of stored.variations) assert.equal(variation.attributes.length, 2);
		const ids = stored.variations.map((v) => v.id);

		t0 = Date.now();
		mark = await requestMark();
		const middle = woo.productRequests.length;
		await submitDesign(publishWfs.woo, design());
		await waitFor('the second variations batch', () => batches().length >= 2, {
			timeoutMs: 60_000,
		});
		timed('publish to WooCommerce again', t0);
		const again = woo.productRequests.slice(middle);
		assert.deepEqual(
			again.map((r) => `${r.method} ${r.path.replace(/\d+/g, '<id>')} ${r.status}`),
			[
				'GET /products 200',
				'PUT /products/<id> 200',
				'GET /products/<id>/variations 200',
				'POST /products/<id>/variations/batch 200',
			],
		);
		[stored] = woo.products();
		assert.equal(woo.products().length, 1, 'one product');
		assert.deepEqual(
			stored.variations.map((v) => v.id),
			ids,
			'the same variations',
		);
		perPublish.woo = {
			printioFirst: first,
			printioAgain: publishReads(await sandboxRequestsSince(mark)),
			shopFirst: firstShop,
			shopAgain: again.length,
		};
		fs.mkdirSync(ARTIFACTS, { recursive: true });
		fs.writeFileSync(
			path.join(ARTIFACTS, 'requests-per-publish.json'),
			JSON.stringify(perPublish, null, 2) + '\n',
		);
		console.log('# requests per publish:', JSON.stringify(perPublish));
	});

	test('Shopify: an order for two of its variants, built from what the shop stored, is placed with no mapping and fulfilled', async () => {
		const t0 = Date.now();
		const ORDER_ID = 7100000000091;
		const pick = [
			product.variants.find((v) => v.sku === `${PUBLISHED_CODE}~White~M`),
			product.variants.find((v) => v.sku === `${PUBLISHED_CODE}~Navy~L`),
		];
		assert.ok(pick.every(Boolean), 'White M and Navy L were published');
		const order = shopifyOrder(ORDER_ID, 3091);
		const sample = order.line_items[0];
		order.line_items = pick.map((variant, index) => {
			const title = variant.optionValues.map((v) => v.name).join(' / ');
			return {
				...sample,
				id: 13900000000100 + index,
				admin_graphql_api_id: `gid://shopify/LineItem/${13900000000100 + index}`,
				product_id: numericId(product.id),
				variant_id: numericId(variant.id),
				title: product.title,
				variant_title: title,
				name: `${product.title} - ${title}`,
				sku: variant.sku,
				price: variant.price,
				quantity: index + 1,
				current_quantity: index + 1,
				fulfillable_quantity: index + 1,
			};
		});
		shopify.addOrder(
			ORDER_ID,
			order.line_items.map((l) => ({ id: l.id, quantity: l.quantity })),
		);
		const fulfilled = shopify.fulfilments.length;
		const mark = await requestMark();
		await postWebhook('printio-shopify-order-loop', order);
		const placed = await waitFor('MYSHOP-3091 placed', async () => {
			const records = await shipmentsOf('MYSHOP-3091');
			return records.length ? records : undefined;
		});
		assert.equal(placed[0].ec_optional_information, `shop:shopify:${ORDER_ID}`);
		assert.deepEqual(
			(await placedLines(mark, 'MYSHOP-3091'))
				.map((l) => [l.ec_original_item_code, l.color, l.size, l.quantity, l.ec_order_detail_no])
				.sort(),
			[
				[PUBLISHED_CODE, 'ネイビー', 'L', 2, String(order.line_items[1].id)],
				[PUBLISHED_CODE, 'ホワイト', 'M', 1, String(order.line_items[0].id)],
			],
		);
		for (const s of placed) await ship(s.order_no, s.shipping_id);
		await waitFor(
			'both lines fulfilled',
			() =>
				shopify.fulfilments
					.slice(fulfilled)
					.filter((f) => f.orderId === String(ORDER_ID) && !f.refused)
					.flatMap((f) => f.lines).length >= 2,
			{ timeoutMs: 60_000 },
		);
		timed('Shopify order of published variants → placed → fulfilled', t0);
		const mine = shopify.fulfilments.filter((f) => f.orderId === String(ORDER_ID));
		assert.ok(mine.every((f) => !f.refused && f.notifyCustomer === true));
		assert.deepEqual(
			mine.flatMap((f) => f.lines).sort((a, b) => a.quantity - b.quantity),
			order.line_items.map((l) => ({ lineId: String(l.id), quantity: l.quantity })),
		);
	});

	test('WooCommerce: an order for two of its variations is placed with no mapping and completed with the last shipment', async () => {
		const t0 = Date.now();
		const [stored] = woo.products();
		const pick = [`${PUBLISHED_CODE}~Black~S`, `${PUBLISHED_CODE}~Heather-Grey~XL`].map((sku) =>
			stored.variations.find((v) => v.sku === sku),
		);
		assert.ok(pick.every(Boolean), 'Black S and Heather Grey XL were published');
		const order = wooOrder(791);
		order.line_items = pick.map((variation, index) => ({
			...order.line_items[0],
			id: 9100 + index,
			name: `${stored.name} - ${variation.attributes.map((a) => a.option).join(', ')}`,
			product_id: stored.id,
			variation_id: variation.id,
			quantity: index + 1,
			sku: variation.sku,
			price: Number(variation.regular_price),
			meta_data: variation.attributes.map((a, i) => ({
				id: 3000 + i,
				key: a.name.toLowerCase(),
				value: a.option,
				display_key: a.name,
				display_value: a.option,
			})),
			parent_name: stored.name,
		}));
		const mark = await requestMark();
		await postWebhook('printio-woocommerce-order-loop', order);
		const placed = await waitFor('WOO-791 placed', async () => {
			const records = await shipmentsOf('WOO-791');
			return records.length ? records : undefined;
		});
		assert.equal(placed[0].ec_optional_information, 'shop:woocommerce:791');
		assert.deepEqual(
			(await placedLines(mark, 'WOO-791'))
				.map((l) => [l.ec_original_item_code, l.color, l.size, l.quantity])
				.sort(),
			[
				[PUBLISHED_CODE, 'ブラック', 'S', 1],
				[PUBLISHED_CODE, 'ヘザーグレー', 'XL', 2],
			],
		);
		for (const s of placed) await ship(s.order_no, s.shipping_id);
		await waitFor(
			'WOO-791 completed',
			() => woo.updates.some((u) => u.orderId === '791' && u.status === 'completed'),
			{ timeoutMs: 60_000 },
		);
		timed('WooCommerce order of published variations → placed → completed', t0);
		assert.equal(woo.notes.filter((n) => n.orderId === '791').length, placed.length);
	});

	test('stock: a crossing makes the variant unavailable in both shops once, and available again when it recovers', async () => {
		let t0 = Date.now();
		const stocks = await fetch(`${sandbox.url}/item-stocks`, {
			method: 'POST',
			headers: { 'Printio-Api-Subscription-Key': RETAILER_KEY, 'content-type': 'application/json' },
			body: JSON.stringify({ retailer_id: 1, item_code: 'OGB-910' }),
		}).then((r) => r.json());
		const entry = stocks.item_stocks.find((s) => s.color_name === 'ネイビー' && s.size === 'XXL');
		const sku = `${PUBLISHED_CODE}~Navy~XXL`;
		const variant = () => [...shopify.products.values()][0].variants.find((v) => v.sku === sku);
		const variation = () => woo.products()[0].variations.find((v) => v.sku === sku);
		const shopifyChanges = () =>
			shopify.variantUpdates.filter((u) => u.variants.some((v) => v.sku === sku));
		const wooChanges = () =>
			woo.productRequests.filter((r) => r.method === 'PUT' && r.path.includes('/variations/'));
		assert.ok(shopify.available(variant()));
		assert.equal(variation().stock_status, 'instock');

		await sandboxCall(sandbox.url, 'POST', `/_sandbox/stock/${entry.item_stock_code}`, {
			stock_quantity: 0,
		});
		await waitFor(
			'Navy XXL sold out in both shops',
			() => !shopify.available(variant()) && variation().stock_status === 'outofstock',
			{ timeoutMs: 60_000 },
		);
		timed('stock short → unavailable in both shops', t0);
		await nextStockPoll();
		assert.equal(shopifyChanges().length, 1, 'Shopify changed once');
		assert.equal(wooChanges().length, 1, 'WooCommerce changed once');
		assert.deepEqual(shopifyChanges()[0].variants, [
			{ id: variant().id, sku, inventoryPolicy: 'DENY', tracked: true },
		]);
		// The seeded T-shirt on the same catalog item was never published: looked up, left alone.
		assert.ok(
			shopify.requests.some(
				(r) => r.kind === 'productVariants' && r.query === 'sku:"EC-TS-0001~Navy~XXL"',
			),
		);

		t0 = Date.now();
		await sandboxCall(sandbox.url, 'POST', `/_sandbox/stock/${entry.item_stock_code}`, {
			stock_quantity: 3,
		});
		await waitFor(
			'Navy XXL sells again in both shops',
			() => shopify.available(variant()) && variation().stock_status === 'instock',
			{ timeoutMs: 60_000 },
		);
		timed('stock recovered → available in both shops', t0);
		await nextStockPoll();
		assert.equal(shopifyChanges().length, 2);
		assert.equal(wooChanges().length, 2);
		for (const wf of Object.values(publishWfs))
			assert.deepEqual(
				(await executionsOf(wf.id)).filter((e) => e.status === 'error').map((e) => e.id),
				[],
				`${wf.id}: a failed execution`,
			);
	});
});

describe('the editor shows what the trigger gives', () => {
	test('Fetch Test Event on "Print shipped": the shipped item with tracking and shop_order in the output panel', async () => {
		const { chromium } = await import('playwright-core');
		const userDataDir = fs.mkdtempSync(
			path.join(process.env.TMPDIR ?? '/tmp', 'printio-chromium-'),
		);
		const context = await chromium.launchPersistentContext(userDataDir, {
			executablePath: chromiumPath(),
			headless: true,
			args: CHROMIUM_ARGS,
			viewport: { width: 1400, height: 1050 },
		});
		try {
			const t0 = Date.now();
			const page = context.pages()[0] ?? (await context.newPage());
			page.setDefaultTimeout(60_000);
			await page.goto(`${server.url}/signin`);
			await page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
			await page.fill('input[name=password]', OWNER.password);
			await page.click('[data-test-id=form-submit-button]');
			await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
			await page.goto(`${server.url}/workflow/${shopifyWf.id}`);
			const node = page.locator('[data-test-id=canvas-node][data-node-name="Print shipped"]');
			await node.waitFor();
			await node.dblclick();
			await page.click('[data-test-id=node-execute-button]');
			const output = page.locator('[data-test-id=output-panel]');
			await output.getByText('shop_order').first().waitFor();
			// The JSON view shows the nested fields by name.
			const json = page
				.locator('[data-test-id=ndv-run-data-display-mode]')
				.getByText('JSON', { exact: true });
			if (await json.count()) await json.first().click();
			await output.getByText('shopifyCompany').first().waitFor();
			const text = await output.innerText();
			for (const field of [
				'tracking',
				'shopifyCompany',
				'carrier',
				'shop_order',
				'orderId',
				'lineIds',
			])
				assert.ok(text.includes(field), `${field} not in the output panel`);
			fs.mkdirSync(ARTIFACTS, { recursive: true });
			await page.screenshot({ path: path.join(ARTIFACTS, 'editor-print-shipped-output.png') });
			timed('editor: Fetch Test Event and the output panel', t0);
		} finally {
			await context.close();
			fs.rmSync(userDataDir, { recursive: true, force: true });
		}
	});
});

describe('the editor shows the shop product', () => {
	test('Execute step on "Shape for Shopify": shop_product with the productSet body in the output panel', async () => {
		const { chromium } = await import('playwright-core');
		const userDataDir = fs.mkdtempSync(
			path.join(process.env.TMPDIR ?? '/tmp', 'printio-chromium-'),
		);
		const context = await chromium.launchPersistentContext(userDataDir, {
			executablePath: chromiumPath(),
			headless: true,
			args: CHROMIUM_ARGS,
			viewport: { width: 1400, height: 1050 },
		});
		try {
			const t0 = Date.now();
			const page = context.pages()[0] ?? (await context.newPage());
			page.setDefaultTimeout(60_000);
			await page.goto(`${server.url}/signin`);
			await page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
			await page.fill('input[name=password]', OWNER.password);
			await page.click('[data-test-id=form-submit-button]');
			await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
			await page.goto(`${server.url}/workflow/${SHOP_PRODUCT_WF_ID}`);
			const node = page.locator('[data-test-id=canvas-node][data-node-name="Shape for Shopify"]');
			await node.waitFor();
			await node.dblclick();
			await page.click('[data-test-id=node-execute-button]');
			const output = page.locator('[data-test-id=output-panel]');
			await output.getByText('shop_product').first().waitFor();
			// The output panel's own display switch (the input panel has one too).
			await output
				.locator('[data-test-id=ndv-run-data-display-mode]')
				.getByText('JSON', { exact: true })
				.click();
			await output.getByText('productSet').first().waitFor();
			const text = await output.innerText();
			for (const field of [
				'shop_product',
				'platform',
				'shopify',
				'productSet',
				'identifier',
				PUBLISHED_CODE,
			])
				assert.ok(text.includes(field), `${field} not in the output panel`);
			fs.mkdirSync(ARTIFACTS, { recursive: true });
			await page.screenshot({ path: path.join(ARTIFACTS, 'editor-shop-product-output.png') });
			timed('editor: Execute step and shop_product in the output panel', t0);
		} finally {
			await context.close();
			fs.rmSync(userDataDir, { recursive: true, force: true });
		}
	});
});
