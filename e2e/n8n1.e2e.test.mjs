// Compatibility on n8n 1.123.81 running on this machine's Node 20: the core flow (n8n CLI executes a workflow
// with the Printio node against the sandbox) and the Printio Trigger in a started server. Skip with E2E_SKIP_N8N1=1.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { createN8n, REPO_ROOT } from '../scripts/n8n/cli.mjs';
import {
	buildPackage,
	checkBuilt,
	sandboxCall,
	startSandboxProcess,
} from '../scripts/n8n/project.mjs';
import {
	categoriesWorkflow,
	itemsOf,
	orderByCodeWorkflow,
	sandboxCredential,
	startSink,
	triggerScenario,
	triggerWorkflow,
} from './helpers.mjs';

const skip = process.env.E2E_SKIP_N8N1 ? 'E2E_SKIP_N8N1 is set' : false;
const timings = {};
let sandbox;
let n8n;
let server;
let sink;
let createdOrderNo;

before(async () => {
	if (skip) return;
	let t0 = Date.now();
	if (!process.env.E2E_SKIP_BUILD) await buildPackage();
	assert.deepEqual(checkBuilt().missing, []);
	timings.build = (Date.now() - t0) / 1000;
	sandbox = await startSandboxProcess({ port: 0, db: ':memory:', stepSeconds: 0 });
	t0 = Date.now();
	n8n = await createN8n({ major: 1 });
	timings['install check'] = (Date.now() - t0) / 1000;
	t0 = Date.now();
	await n8n.importCredentials([sandboxCredential(sandbox.url)]);
	timings['import:credentials (migrations)'] = (Date.now() - t0) / 1000;
});

after(async () => {
	await server?.stop().catch(() => {});
	await sink?.close().catch(() => {});
	await n8n?.cleanup().catch(() => {});
	await sandbox?.stop().catch(() => {});
	if (skip) return;
	fs.mkdirSync(path.join(REPO_ROOT, 'test-artifacts'), { recursive: true });
	fs.writeFileSync(
		path.join(REPO_ROOT, 'test-artifacts', 'e2e-n8n1-timings.json'),
		JSON.stringify(timings, null, 2) + '\n',
	);
	console.log('# n8n 1.x timings (s):', JSON.stringify(timings));
});

function assertSuccess(result) {
	assert.ok(
		result.run,
		`no run JSON in the output of n8n ${n8n.version}:\n${(result.stdout + result.stderr).slice(-3000)}`,
	);
	const error = result.run.data?.resultData?.error;
	assert.equal(error, undefined, `the run failed: ${error?.message} ${error?.description ?? ''}`);
	assert.equal(result.code, 0, `n8n execute exited ${result.code ?? result.signal}`);
}

test('n8n 1.123.81 (Node 20): Category › Get Many through n8n execute', { skip }, async () => {
	assert.equal(n8n.version, '1.123.81');
	await n8n.importWorkflow(categoriesWorkflow());
	await sandboxCall(sandbox.url, 'DELETE', '/_sandbox/requests');
	const t0 = Date.now();
	const result = await n8n.executeWorkflow('e2eCategories001');
	timings['execute categories'] = (Date.now() - t0) / 1000;
	assertSuccess(result);
	const categories = itemsOf(result.run, 'Categories');
	assert.ok(categories.length >= 1);
	assert.ok(
		categories.every(
			(c) => typeof c.category_id === 'number' && typeof c.category_name === 'string',
		),
	);
	const log = await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests');
	assert.equal(log.filter((r) => r.path === '/categories').length, 1);
});

test('n8n 1.123.81 (Node 20): Order › Create by code places the order once', { skip }, async () => {
	const ecOrderNo = `E2E1-${Date.now()}`;
	await n8n.importWorkflow(orderByCodeWorkflow(ecOrderNo));
	await sandboxCall(sandbox.url, 'DELETE', '/_sandbox/requests');
	const result = await n8n.executeWorkflow('e2eOrderByCode01');
	assertSuccess(result);
	const out = itemsOf(result.run, 'Create Order');
	assert.equal(out.length, 1);
	assert.equal(typeof out[0].order_no, 'string', JSON.stringify(out[0]).slice(0, 300));
	createdOrderNo = out[0].order_no;
	const posts = (await sandboxCall(sandbox.url, 'GET', '/_sandbox/requests')).filter(
		(r) => r.method === 'POST' && r.path === '/order-by-code',
	);
	assert.equal(posts.length, 1);
	assert.equal(posts[0].body.ec_order_no, ecOrderNo);
	assert.equal(posts[0].body.order_details[0].original_item_code, 't0100001');
});

describe('n8n 1.123.81 (Node 20): started server', { skip }, () => {
	before(async () => {
		sink = await startSink();
		await n8n.importWorkflow(triggerWorkflow(sink.url));
		await n8n.activateWorkflow('e2eTrigger00001');
		const t0 = Date.now();
		server = await n8n.startServer();
		timings['n8n start (ready)'] = (Date.now() - t0) / 1000;
	});

	test('Printio Trigger: each status change runs the workflow exactly once', async () => {
		assert.ok(createdOrderNo, 'needs the order of the previous test');
		await triggerScenario({ sandboxUrl: sandbox.url, sink, orderNo: createdOrderNo, timings });
	});
});
