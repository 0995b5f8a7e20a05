// Workflows of the queue-mode e2e (e2e/queue-mode.e2e.mjs) and benchmark (bench/cases/queueMode.ts): production
// webhooks, because in queue mode the main enqueues every production execution and a worker runs it (the CLI's
// `n8n execute` always runs in its own process, so it cannot show this).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { REPO_ROOT } from '../scripts/n8n/cli.mjs';
import { CREDENTIAL_ID, CREDENTIAL_NAME } from './helpers.mjs';

const require = createRequire(import.meta.url);
const credentials = { printioApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

export const SHEET_WORKFLOW_ID = 'queueSheet000001';
export const SHEET_PATH = 'queue-sheet';

const shipping = {
	shippingFullName: '山田 太郎',
	shippingZipCode: '150-0001',
	shippingPrefecture: '東京都',
	shippingMunicipalities: '渋谷区',
	shippingAddress1: '神宮前1-2-3',
	shippingAddress2: '',
	shippingPhoneNumber: '03-1234-5678',
	senderFullName: 'サンプルショップ',
	senderZipCode: '1500002',
	senderPrefecture: '東京都',
	senderMunicipalities: '渋谷区',
	senderAddress1: '渋谷2-1-1',
	senderPhoneNumber: '0398765432',
	senderItemName: 'Tシャツ',
};

const has = (key, type) => (items) => {
	for (const item of items)
		assert.equal(typeof item[key], type, `${key} in ${JSON.stringify(item).slice(0, 300)}`);
};

/**
 * One entry per operation of the Printio node, with parameters that succeed against the sandbox and a check of
 * the output. The list is compared with the node's own description, so a new operation fails the test until it
 * is added here.
 */
export function printioOperations({ sandboxUrl }) {
	// Design URLs the sandbox serves: Original Item › Create reads the design's header first (preflight).
	const design = `${sandboxUrl}/_sandbox/designs/tshirt-ok.png`;
	const ops = [
		{
			resource: 'category',
			operation: 'getMany',
			parameters: { returnAll: true },
			check: has('category_id', 'number'),
		},
		{
			resource: 'item',
			operation: 'getMany',
			parameters: { returnAll: false, limit: 3 },
			check: has('code', 'string'),
		},
		{
			resource: 'item',
			operation: 'getStock',
			parameters: { filters: { itemCode: 'OGB-910' } },
			check: has('is_orderable', 'boolean'),
		},
		{
			resource: 'originalItem',
			operation: 'create',
			parameters: {
				itemCode: { __rl: true, mode: 'list', value: 'OGB-910' },
				imageUrl: design,
				options: { ecOriginalItemCode: 'EC-QUEUE-1', originalItemName: 'queue mode' },
			},
			check: has('original_item_code', 'string'),
		},
		{
			resource: 'originalItem',
			operation: 'getMany',
			parameters: { returnAll: true },
			check: has('original_item_code', 'string'),
		},
		{
			resource: 'simulator',
			operation: 'getUrl',
			parameters: {
				itemCode: { __rl: true, mode: 'code', value: 'OGB-910' },
				previousUrl: 'https://shop.example.com/back',
				nextUrl: 'https://shop.example.com/done',
			},
			check: has('simulator_url', 'string'),
		},
		{
			resource: 'order',
			operation: 'create',
			parameters: {
				inputMode: 'defineBelow',
				ecOrderNo: 'QUEUE-OP-CREATE',
				...shipping,
				linesInputMode: 'fields',
				lines: {
					line: [
						{
							originalItemCode: 't0100001',
							color: 'ホワイト',
							size: 'M',
							quantity: 1,
							ecOrderDetailNo: '1',
						},
					],
				},
				options: {},
			},
			check: has('order_no', 'string'),
		},
		{
			resource: 'order',
			operation: 'createWithImages',
			parameters: {
				inputMode: 'defineBelow',
				ecOrderNo: 'QUEUE-OP-IMAGES',
				...shipping,
				linesInputMode: 'fields',
				lines: {
					line: [
						{
							itemCode: 'OGB-910',
							color: 'ホワイト',
							size: 'M',
							quantity: 1,
							frontOutputUrl: design,
						},
					],
				},
				options: {},
			},
			check: has('order_no', 'string'),
		},
		{
			resource: 'order',
			operation: 'getMany',
			parameters: { returnAll: false, limit: 5 },
			check: has('order_no', 'string'),
		},
		{
			resource: 'order',
			operation: 'getStatuses',
			parameters: { filters: { dateTimeFrom: '2000-01-01 00:00:00' } },
			check: has('status_id', 'number'),
		},
		{
			resource: 'user',
			operation: 'checkExists',
			parameters: { mailAddress: 'taro.yamada@example.com' },
			check: (items) => assert.equal(items[0].is_user_exists, true),
		},
	];
	const described = describedOperations();
	assert.deepEqual(
		ops.map((o) => `${o.resource}.${o.operation}`).sort(),
		described.sort(),
		'e2e/queue-workflows.mjs must cover every operation of the node',
	);
	return ops.map((o, i) => {
		const n = String(i + 1).padStart(2, '0');
		return {
			...o,
			label: `${o.resource} › ${o.operation}`,
			path: `queue-op-${o.resource}-${o.operation}`.toLowerCase(),
			workflowId: `queueOp${n}0000000`,
			webhookId: `7a1c0f00-0000-4000-8000-0000000000${n}`,
		};
	});
}

/** `resource.operation` for every operation the built node describes. */
function describedOperations() {
	const mod = require(path.join(REPO_ROOT, 'dist', 'nodes', 'Printio', 'Printio.node.js'));
	const { properties } = new mod.Printio().description;
	const resources = properties.find((p) => p.name === 'resource').options.map((o) => o.value);
	const out = [];
	for (const resource of resources) {
		const op = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
		);
		for (const o of op.options) out.push(`${resource}.${o.value}`);
	}
	return out;
}

function webhookNode(id, webhookPath, webhookId) {
	return {
		id,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0],
		webhookId,
		// Answer with every item of the last node once the worker finished (the main waits for the job).
		parameters: {
			httpMethod: 'POST',
			path: webhookPath,
			responseMode: 'lastNode',
			responseData: 'allEntries',
			options: {},
		},
	};
}

/** Webhook → Printio (one operation). */
export function webhookWorkflow(op) {
	return {
		id: op.workflowId,
		name: `queue: ${op.label}`,
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
		nodes: [
			webhookNode('hook', op.path, op.webhookId),
			{
				id: 'printio',
				name: 'Printio',
				type: 'n8n-nodes-printio.printio',
				typeVersion: 1,
				position: [240, 0],
				parameters: { resource: op.resource, operation: op.operation, ...op.parameters },
				credentials,
			},
		],
		connections: { Webhook: { main: [[{ node: 'Printio', type: 'main', index: 0 }]] } },
	};
}

/**
 * A sheet posted to a webhook (`{ rows: [...] }`) → Split Out → Order › Create in Map Input Fields mode (one row
 * per order, the API's column names), Concurrency 4. Answers with one output per row.
 */
export function sheetWorkflow({
	id = SHEET_WORKFLOW_ID,
	webhookPath = SHEET_PATH,
	concurrency = 4,
} = {}) {
	return {
		id,
		name: 'queue: sheet → Order › Create',
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
		nodes: [
			webhookNode('hook', webhookPath, '7a1c0f00-0000-4000-8000-000000000100'),
			{
				id: 'split',
				name: 'Rows',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [240, 0],
				parameters: { fieldToSplitOut: 'body.rows', include: 'noOtherFields', options: {} },
			},
			{
				id: 'printio',
				name: 'Create Orders',
				type: 'n8n-nodes-printio.printio',
				typeVersion: 1,
				position: [480, 0],
				parameters: {
					resource: 'order',
					operation: 'create',
					inputMode: 'autoMap',
					options: { concurrency },
				},
				credentials,
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: 'Create Orders', type: 'main', index: 0 }]] },
		},
	};
}

/** `count` sheet rows in the API's flat column names, EC order numbers `<prefix>-0` … (one line each). */
export function sheetRows(prefix, count) {
	return Array.from({ length: count }, (_, i) => ({
		ec_order_no: `${prefix}-${i}`,
		shipping_full_name: '山田 太郎',
		shipping_zip_code: '150-0001',
		shipping_prefecture_name: '東京',
		shipping_municipalities: '渋谷区',
		shipping_address1: '神宮前1-2-3',
		shipping_phone_number: '03-1234-5678',
		sender_full_name: 'サンプルショップ',
		sender_zip_code: '1000005',
		sender_prefecture_name: '東京都',
		sender_municipalities: '千代田区',
		sender_address1: '丸の内1-1-1',
		sender_phone_number: '0398765432',
		sender_item_name: '衣類',
		line_original_item_code: 't0100001',
		line_color: 'ホワイト',
		line_size: 'M',
		line_quantity: 1,
	}));
}

/**
 * A shop's order webhook: `{ "ec_order_no": "…" }` → (optionally n8n's Remove Duplicates, "Remove Items Processed
 * in Previous Executions" keyed by the EC order number, its history in the shared database) → Order › Create.
 */
export function orderWebhookWorkflow({ id, webhookPath, webhookId, removeDuplicates }) {
	const printio = {
		id: 'printio',
		name: 'Create Order',
		type: 'n8n-nodes-printio.printio',
		typeVersion: 1,
		position: [480, 0],
		parameters: {
			resource: 'order',
			operation: 'create',
			inputMode: 'defineBelow',
			ecOrderNo: '={{ $json.body.ec_order_no }}',
			...shipping,
			linesInputMode: 'fields',
			lines: {
				line: [
					{
						originalItemCode: 't0100001',
						color: 'ホワイト',
						size: 'M',
						quantity: 1,
						ecOrderDetailNo: '1',
					},
				],
			},
			options: {},
		},
		credentials,
	};
	const dedupe = {
		id: 'dedupe',
		name: 'Remove Duplicates',
		type: 'n8n-nodes-base.removeDuplicates',
		typeVersion: 2,
		position: [240, 0],
		parameters: {
			operation: 'removeItemsSeenInPreviousExecutions',
			logic: 'removeItemsWithAlreadySeenKeyValues',
			dedupeValue: '={{ $json.body.ec_order_no }}',
			options: {},
		},
	};
	return {
		id,
		name: `queue: order webhook${removeDuplicates ? ' (Remove Duplicates first)' : ''}`,
		active: false,
		settings: { executionOrder: 'v1' },
		pinData: {},
		nodes: [
			webhookNode('hook', webhookPath, webhookId),
			...(removeDuplicates ? [dedupe] : []),
			printio,
		],
		connections: removeDuplicates
			? {
					Webhook: { main: [[{ node: 'Remove Duplicates', type: 'main', index: 0 }]] },
					'Remove Duplicates': { main: [[{ node: 'Create Order', type: 'main', index: 0 }]] },
				}
			: { Webhook: { main: [[{ node: 'Create Order', type: 'main', index: 0 }]] } },
	};
}

export const ORDER_WEBHOOKS = [
	{
		variant: 'without Remove Duplicates',
		id: 'queueOrderPlain1',
		webhookPath: 'queue-order',
		webhookId: '7a1c0f00-0000-4000-8000-000000000200',
		removeDuplicates: false,
	},
	{
		variant: 'with Remove Duplicates before the Printio node',
		id: 'queueOrderDedup1',
		webhookPath: 'queue-order-deduplicated',
		webhookId: '7a1c0f00-0000-4000-8000-000000000201',
		removeDuplicates: true,
	},
];

/** The Redis credential the e2e gives the example's Claim node (the example leaves it to the user to choose). */
export const CLAIM_EXAMPLE = path.join(REPO_ROOT, 'examples', 'queue-claim-order.json');
export const CLAIM_REDIS_CREDENTIAL = { id: 'queueRedisClaim1', name: 'Redis (order claims)' };

/**
 * The recommended set-up, from the shipped example itself (examples/queue-claim-order.json): Webhook → Redis
 * Increment `printio:claim:<ec_order_no>` → IF first claim → the holder sets the lease → Order › Create → Respond;
 * every later delivery of the order answers 200 already claimed. Re-identified for a test: its own id, webhook
 * path and id, the e2e's Printio and Redis credentials, and optionally another lease (`ttl` seconds).
 */
export function claimWorkflow({ id, webhookPath, webhookId, ttl }) {
	const wf = JSON.parse(fs.readFileSync(CLAIM_EXAMPLE, 'utf8'));
	wf.id = id;
	wf.name = `queue: ${wf.name}${ttl ? ` (lease ${ttl} s)` : ''}`;
	delete wf.pinData;
	for (const node of wf.nodes) {
		if (node.type === 'n8n-nodes-base.webhook') {
			node.parameters.path = webhookPath;
			node.webhookId = webhookId;
		}
		if (node.type === 'n8n-nodes-printio.printio') node.credentials = credentials;
		if (node.type === 'n8n-nodes-base.redis') {
			node.credentials = { redis: CLAIM_REDIS_CREDENTIAL };
			if (ttl && node.parameters.expire) node.parameters.ttl = ttl;
		}
	}
	return wf;
}

/** The example's shop payload for one EC order number (the shape its Printio node maps). */
export function claimPayload(ecOrderNo) {
	return {
		ec_order_no: ecOrderNo,
		shipping: {
			full_name: '山田 太郎',
			zip_code: '150-0001',
			prefecture: '東京都',
			municipalities: '渋谷区',
			address1: '神宮前1-2-3',
			address2: '',
			phone_number: '03-1234-5678',
		},
		order_details: [
			{
				original_item_code: 't0100001',
				color: 'ホワイト',
				size: 'M',
				quantity: 1,
				ec_order_detail_no: '1',
			},
		],
	};
}

export const CLAIM_WEBHOOKS = {
	/** The example as shipped (lease 300 s): the concurrent rounds, the latency, Redis unreachable. */
	main: {
		id: 'queueClaimOrder1',
		webhookPath: 'queue-claim-order',
		webhookId: '7a1c0f00-0000-4000-8000-000000000300',
	},
	/** The same with a short lease, so that the killed-holder recovery fits in a test run. */
	shortLease: {
		id: 'queueClaimLease1',
		webhookPath: 'queue-claim-order-short-lease',
		webhookId: '7a1c0f00-0000-4000-8000-000000000301',
		ttl: 15,
	},
};
