// Shared pieces of the e2e tests: workflow builders and a local HTTP sink that counts what n8n sends it.
import assert from 'node:assert/strict';
import http from 'node:http';

export const CREDENTIAL_ID = 'printioE2eCred01';
export const CREDENTIAL_NAME = 'Printio e2e sandbox';
export const RETAILER_KEY = 'sandbox-key-retailer-1';

/** The credential for a sandbox at `url` (a random port, so the `custom` environment with its base URL). */
export function sandboxCredential(url) {
	return {
		id: CREDENTIAL_ID,
		name: CREDENTIAL_NAME,
		type: 'printioApi',
		data: { environment: 'custom', baseUrl: url, apiKey: RETAILER_KEY, retailerId: 1 },
	};
}

const credentials = { printioApi: { id: CREDENTIAL_ID, name: CREDENTIAL_NAME } };

function manualWorkflow(id, name, printioNodes) {
	const nodes = [
		{
			id: 'manual',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	const connections = {};
	let previous = 'Start';
	printioNodes.forEach((n, i) => {
		nodes.push({
			id: `printio${i}`,
			name: n.name,
			type: 'n8n-nodes-printio.printio',
			typeVersion: 1,
			position: [220 * (i + 1), 0],
			parameters: n.parameters,
			credentials,
		});
		connections[previous] = { main: [[{ node: n.name, type: 'main', index: 0 }]] };
		previous = n.name;
	});
	return {
		id,
		name,
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
		active: false,
		pinData: {},
	};
}

export function categoriesWorkflow(id = 'e2eCategories001') {
	return manualWorkflow(id, 'e2e: Category › Get Many', [
		{
			name: 'Categories',
			parameters: { resource: 'category', operation: 'getMany', returnAll: true },
		},
	]);
}

/** Order › Create (by original item code), every field set in the node. */
export function orderByCodeWorkflow(ecOrderNo, id = 'e2eOrderByCode01') {
	return manualWorkflow(id, 'e2e: Order › Create by code', [
		{
			name: 'Create Order',
			parameters: {
				resource: 'order',
				operation: 'create',
				inputMode: 'defineBelow',
				ecOrderNo,
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
				linesInputMode: 'fields',
				lines: {
					line: [
						{
							originalItemCode: 't0100001',
							color: 'ホワイト',
							size: 'M',
							quantity: 2,
							ecOrderDetailNo: '1',
						},
					],
				},
				options: {},
			},
		},
	]);
}

/**
 * Printio Trigger → HTTP Request to `sinkUrl` (one POST per emitted item). n8n rejects poll times under a
 * minute, but each poll-time entry is its own schedule: six fixed-second cron entries poll every 10 s.
 */
export function triggerWorkflow(
	sinkUrl,
	{ id = 'e2eTrigger00001', event = 'anyChange', everySeconds = 10 } = {},
) {
	const item = [];
	for (let s = 0; s < 60; s += everySeconds)
		item.push({ mode: 'custom', cronExpression: `${s} * * * * *` });
	return {
		id,
		name: 'e2e: Printio Trigger → sink',
		active: false,
		settings: { executionOrder: 'v1', saveDataSuccessExecution: 'all' },
		pinData: {},
		nodes: [
			{
				id: 'trigger',
				name: 'Printio Trigger',
				type: 'n8n-nodes-printio.printioTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item }, event, options: { lookBackMinutes: 1 } },
				credentials,
			},
			{
				id: 'sink',
				name: 'Report',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [240, 0],
				parameters: {
					method: 'POST',
					url: sinkUrl,
					sendBody: true,
					specifyBody: 'json',
					jsonBody:
						'={{ JSON.stringify({ executionId: $execution.id, order_no: $json.order_no, status_id: $json.status_id, event: $json.event, change_id: $json.change_id, shipping_number: $json.shipping_number ?? null }) }}',
					options: {},
				},
			},
		],
		connections: { 'Printio Trigger': { main: [[{ node: 'Report', type: 'main', index: 0 }]] } },
	};
}

/** A loopback HTTP server that records JSON bodies POSTed to it. */
export async function startSink() {
	const received = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			try {
				received.push({ at: Date.now(), body: JSON.parse(body) });
			} catch {
				received.push({ at: Date.now(), body });
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const { port } = server.address();
	return {
		url: `http://127.0.0.1:${port}/hook`,
		received,
		close: () => new Promise((r) => server.close(r)),
	};
}

export async function waitFor(what, fn, { timeoutMs = 60_000, intervalMs = 500 } = {}) {
	const deadline = Date.now() + timeoutMs;
	let last;
	for (;;) {
		last = await fn();
		if (last) return last;
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
		await new Promise((r) => setTimeout(r, intervalMs));
	}
}

/**
 * Lets the trigger poll `count` more times (counted at the sandbox's /order-statuses) and 2 s beyond: what a
 * poll would wrongly deliver again has then reached the sink.
 */
export async function afterMorePolls(requests, count, { timeoutMs }) {
	const polls = async () => (await requests((r) => r.path === '/order-statuses')).length;
	const start = await polls();
	await waitFor(`${count} more polls`, async () => (await polls()) >= start + count, { timeoutMs });
	await new Promise((r) => setTimeout(r, 2000));
}

export function itemsOf(run, nodeName) {
	const runs = run?.data?.resultData?.runData?.[nodeName];
	if (!runs?.length) return [];
	return (runs[runs.length - 1].data?.main?.[0] ?? []).map((i) => i.json);
}

async function sandboxJson(url, method, p, body) {
	const res = await fetch(`${url}${p}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${await res.text()}`);
	return res.json();
}

/**
 * With the trigger workflow active in a started n8n (polling every 10 s, reporting to `sink`), moves `orderNo`
 * 1 → 2 → 3 (lifecycle steps) → 5 (shipped) through the sandbox's control API and asserts that each change
 * reached the sink exactly once, also over two further polls, each from its own execution.
 */
export async function triggerScenario({ sandboxUrl, sink, orderNo, timings = {} }) {
	const polls = async () =>
		(await sandboxJson(sandboxUrl, 'GET', '/_sandbox/requests')).filter(
			(r) => r.path === '/order-statuses',
		).length;
	const t0 = Date.now();
	// Activation polls once; then the 10-second schedule.
	await waitFor('the first scheduled poll', async () => (await polls()) >= 2, {
		timeoutMs: 60_000,
	});
	timings['first scheduled poll after start'] = Math.round((Date.now() - t0) / 100) / 10;
	// Until its first emission the trigger looks back one poll interval (First Look-Back), so the order
	// created just before activation may be reported as a change to status 1: at most once.
	const p0 = await polls();
	await waitFor('one more poll', async () => (await polls()) >= p0 + 1, { timeoutMs: 30_000 });
	const early = sink.received.map((r) => r.body);
	assert.ok(
		early.every((b) => b.order_no === orderNo && Number(b.status_id) === 1),
		JSON.stringify(early),
	);
	assert.ok(early.length <= 1, `the creation was emitted ${early.length} times`);

	const expectOnce = async (label, expected) => {
		const before = sink.received.length;
		const t1 = Date.now();
		await waitFor(
			label,
			() =>
				expected.every((e) =>
					sink.received.some(
						(r) => r.body.order_no === e.order_no && Number(r.body.status_id) === e.status_id,
					),
				),
			{ timeoutMs: 45_000 },
		);
		timings[`trigger latency: ${label}`] = Math.round((Date.now() - t1) / 100) / 10;
		// Two more polls must not emit the same change again.
		const p = await polls();
		await waitFor('two more polls', async () => (await polls()) >= p + 2, { timeoutMs: 45_000 });
		const fresh = sink.received.slice(before).map((r) => r.body);
		assert.equal(fresh.length, expected.length, `${label}: got ${JSON.stringify(fresh)}`);
		for (const e of expected) {
			const hits = fresh.filter(
				(b) => b.order_no === e.order_no && Number(b.status_id) === e.status_id,
			);
			assert.equal(
				hits.length,
				1,
				`${label}: ${e.order_no} → ${e.status_id} emitted ${hits.length} times`,
			);
		}
		return fresh;
	};

	// One step: received (1) → data check (2).
	await sandboxJson(sandboxUrl, 'POST', '/_sandbox/clock/step', { steps: 1, orderNos: [orderNo] });
	await expectOnce('step to 2', [{ order_no: orderNo, status_id: 2 }]);

	// Another step → in production (3).
	await sandboxJson(sandboxUrl, 'POST', '/_sandbox/clock/step', { steps: 1, orderNos: [orderNo] });
	await expectOnce('step to 3', [{ order_no: orderNo, status_id: 3 }]);

	// Straight to shipped (5): the change carries the shipping number.
	await sandboxJson(sandboxUrl, 'POST', `/_sandbox/orders/${encodeURIComponent(orderNo)}/status`, {
		status_id: 5,
	});
	const shipped = await expectOnce('set to 5', [{ order_no: orderNo, status_id: 5 }]);
	assert.ok(shipped[0].shipping_number, 'a shipped change carries shipping_number');

	// Each emission is its own execution (one per poll that found something).
	const ids = sink.received.map((r) => r.body.executionId);
	assert.equal(new Set(ids).size, ids.length);
}

/**
 * The trigger's exactly-once check over what a sink received: every order's change to `statusId` delivered, nothing
 * else, nothing twice.
 */
export function assertEachChangeOnce(received, orderNumbers, statusId = 2) {
	const counts = new Map();
	for (const r of received) {
		const key = `${r.body.order_no}|${r.body.status_id}`;
		counts.set(key, (counts.get(key) ?? 0) + 1);
	}
	const expected = new Set(orderNumbers.map((n) => `${n}|${statusId}`));
	assert.deepEqual(
		[...expected].filter((k) => !counts.has(k)),
		[],
		'changes never delivered',
	);
	assert.deepEqual(
		[...counts.keys()].filter((k) => !expected.has(k)),
		[],
		'deliveries that are not changes',
	);
	// A repeat names the executions that delivered it and when: what tells a poll run twice from an execution re-run.
	const repeats = [...counts.entries()]
		.filter(([, n]) => n > 1)
		.map(([key]) => [
			key,
			received
				.filter((r) => `${r.body.order_no}|${r.body.status_id}` === key)
				.map((r) => `execution ${r.body.executionId} at ${new Date(r.at).toISOString()}`),
		]);
	assert.deepEqual(repeats, [], 'changes delivered more than once');
}

/** One order placed at the service as a shop would (not through n8n); its order number. */
export async function placeDirectOrder(sandboxUrl, ecOrderNo) {
	const address = {
		zip_code: '1500001',
		prefecture_name: '東京都',
		municipalities: '渋谷区神宮前',
		address1: '1-2-3',
		full_name: '山田 太郎',
		phone_number: '0300000001',
	};
	const res = await fetch(`${sandboxUrl}/order-by-code`, {
		method: 'POST',
		headers: { 'Printio-Api-Subscription-Key': RETAILER_KEY, 'content-type': 'application/json' },
		body: JSON.stringify({
			retailer_id: 1,
			ec_order_no: ecOrderNo,
			shipping_information: address,
			sender_information: { ...address, full_name: 'サンプルショップ', item_name: '衣類' },
			order_details: [
				{
					original_item_code: 't0100001',
					quantity: 1,
					color: 'ホワイト',
					size: 'M',
					ec_order_detail_no: '1',
				},
			],
		}),
	});
	assert.equal(res.status, 200, `POST /order-by-code: HTTP ${res.status}`);
	return (await res.json()).response.order_no;
}

/** `2026-11-22T10:00:01+09:00` for an instant (the trigger's Start From takes an ISO value with an offset). */
export function isoTokyo(date) {
	const t = new Date(date.getTime() + 9 * 3600_000).toISOString().slice(0, 19);
	return `${t}+09:00`;
}
