// End-to-end in a started n8n 2.41.1: a Webhook → Order › Create workflow given the same order 2 and 5 times at
// once (a shop platform redelivering a webhook, a form sent twice) while the service takes 400 ms to register an
// order (the sandbox's delay fault). Regular mode runs every execution in one process, so the node's in-process
// registry must make them one order: exactly one at the sandbox, and every webhook response names it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { createN8n } from '../scripts/n8n/cli.mjs';
import {
	buildPackage,
	checkBuilt,
	sandboxCall,
	startSandboxProcess,
} from '../scripts/n8n/project.mjs';
import { orderByCodeWorkflow, RETAILER_KEY, sandboxCredential } from './helpers.mjs';

const OWNER = { email: 'e2e-dup@printio.local', password: 'E2e-local-only-1' };
const WORKFLOW_ID = 'e2eDupWebhook001';
const WEBHOOK_PATH = 'printio-e2e-duplicates';
let sandbox;
let n8n;
let server;

/** Webhook (POST, answers with the last node's first item) → Order › Create with the EC order number of the body. */
function webhookOrderWorkflow() {
	const create = orderByCodeWorkflow('={{ $json.body.ec_order_no }}').nodes.find(
		(node) => node.name === 'Create Order',
	);
	return {
		id: WORKFLOW_ID,
		name: 'e2e: Webhook → Order › Create (duplicates)',
		nodes: [
			{
				id: 'webhook',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '6b0c1f0e-5d1a-4c55-9a57-2f5e3c2d9a11',
				parameters: {
					httpMethod: 'POST',
					path: WEBHOOK_PATH,
					responseMode: 'lastNode',
					options: {},
				},
			},
			{ ...create, position: [220, 0] },
		],
		connections: { Webhook: { main: [[{ node: 'Create Order', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
		active: false,
		pinData: {},
	};
}

async function ordersAtSandbox(ecOrderNo) {
	const response = await fetch(
		`${sandbox.url}/orders?ec_order_no=${encodeURIComponent(ecOrderNo)}`,
		{
			headers: { 'Printio-Api-Subscription-Key': RETAILER_KEY },
		},
	);
	const body = await response.json();
	return [...new Set((body.orders ?? []).map((order) => order.order_no))];
}

async function deliverAtOnce(ecOrderNo, times) {
	const responses = await Promise.all(
		Array.from({ length: times }, () =>
			fetch(`${server.url}/webhook/${WEBHOOK_PATH}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ ec_order_no: ecOrderNo }),
			}).then(async (response) => ({ status: response.status, text: await response.text() })),
		),
	);
	return responses;
}

before(async () => {
	if (!process.env.E2E_SKIP_BUILD) await buildPackage();
	assert.deepEqual(
		checkBuilt().missing,
		[],
		'npm run build did not produce every file package.json declares',
	);
	sandbox = await startSandboxProcess({ port: 0, db: ':memory:', stepSeconds: 0 });
	n8n = await createN8n({ major: 2, owner: OWNER });
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	await n8n.importWorkflow(webhookOrderWorkflow());
	await n8n.activateWorkflow(WORKFLOW_ID);
	server = await n8n.startServer({ timeoutMs: 420_000 });
	// Readiness comes before every active workflow's webhook is registered: wait for ours (one warm-up order).
	const deadline = Date.now() + 300_000;
	for (let status = 404; status === 404; ) {
		assert.ok(
			Date.now() < deadline,
			'the webhook was not registered within 5 minutes of readiness',
		);
		status = (await deliverAtOnce('E2E-DUP-WARMUP', 1))[0].status;
		if (status === 404) await new Promise((resolve) => setTimeout(resolve, 2000));
	}
	await sandboxCall(sandbox.url, 'POST', '/_sandbox/faults', {
		route: 'POST /order-by-code',
		kind: 'delay',
		delayMs: 400,
		times: 0,
	});
});

after(async () => {
	await server?.stop().catch(() => {});
	await n8n?.cleanup().catch(() => {});
	await sandbox?.stop().catch(() => {});
});

for (const times of [2, 5]) {
	test(`the same order delivered ${times} times at once: one order at the sandbox, every response names it`, async () => {
		const ecOrderNo = `E2E-DUP-${times}`;
		const responses = await deliverAtOnce(ecOrderNo, times);
		for (const response of responses)
			assert.equal(response.status, 200, response.text.slice(0, 500));
		const bodies = responses.map((response) => JSON.parse(response.text));
		const orderNos = await ordersAtSandbox(ecOrderNo);
		assert.equal(orderNos.length, 1, `orders at the sandbox: ${orderNos.join(', ')}`);
		for (const body of bodies) {
			assert.equal(body.ec_order_no, ecOrderNo);
			assert.equal(body.order_no, orderNos[0]);
		}
		assert.equal(bodies.filter((body) => body.already_registered === false).length, 1);
		const log = await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests');
		const placements = (Array.isArray(log) ? log : (log.requests ?? [])).filter(
			(request) =>
				request.method === 'POST' &&
				request.path === '/order-by-code' &&
				request.body?.ec_order_no === ecOrderNo,
		);
		assert.equal(placements.length, 1);
	});
}
