/**
 * What the per-order claim of the recommended queue-mode set-up (examples/queue-claim-order.json: n8n's Redis
 * node increments `printio:claim:<ec_order_no>` with a TTL, an IF node lets the first claim through) costs per
 * order: n8n 2.41.1 in queue mode with 1 worker, the claims in the queue's own Redis (as a shop would keep them),
 * 50 ms latency on every API request. `orders` deliveries of distinct orders, one at a time, alternating between
 *   - the example (Webhook → Claim order → First claim? → Order › Create → Respond to Webhook), and
 *   - the same order workflow without the claim (Webhook → Order › Create, answering with the last node);
 * the difference of the medians of the webhook round trips is the latency the claim adds, and n8n's own timing of
 * the two claim nodes (their `executionTime` in the stored run data) is what they took on the worker.
 * Every order is checked at the sandbox: placed once.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import {
	control,
	KEY,
	median,
	REPO_ROOT,
	round,
	setLatency,
	startBenchSandbox,
	type Json,
} from '../util';

export interface QueueClaimResult {
	orders: number;
	latencyMs: number;
	/** Median webhook round trip per order (ms), with and without the claim, and each delivery's. */
	withClaimMs: number;
	withoutClaimMs: number;
	addedMs: number;
	withClaimRunsMs: number[];
	withoutClaimRunsMs: number[];
	/** n8n's timing of Claim order + First claim? on the worker (ms): median and maximum. */
	claimNodesMedianMs: number;
	claimNodesMaxMs: number;
	/** Extra nodes in the workflow for the claim (Redis, IF, and the "already claimed" answer). */
	extraNodes: number;
	loadAverage: number[];
}

interface Rig {
	n8n: { bin: string; importCredentials(c: unknown[]): Promise<unknown> };
	url: string;
	redis: { host: string; port: number };
	importWorkflows(list: unknown[]): Promise<unknown>;
	start(): Promise<unknown>;
	activate(ids: string[]): Promise<void>;
	rest(): Promise<(p: string, init?: RequestInit) => Promise<Response>>;
	stop(): Promise<void>;
}

const importMjs = async (relative: string): Promise<Json> =>
	await import(pathToFileURL(path.join(REPO_ROOT, relative)).href);

export async function benchQueueClaim(options: {
	orders: number;
	latencyMs: number;
}): Promise<QueueClaimResult> {
	const { createQueueRig } = await importMjs('scripts/n8n/queue.mjs');
	const { sandboxCredential } = await importMjs('e2e/helpers.mjs');
	const {
		CLAIM_REDIS_CREDENTIAL,
		CLAIM_WEBHOOKS,
		claimPayload,
		claimWorkflow,
		ORDER_WEBHOOKS,
		orderWebhookWorkflow,
	} = await importMjs('e2e/queue-workflows.mjs');
	const claimHook = CLAIM_WEBHOOKS.main;
	const plainHook = ORDER_WEBHOOKS.find((h: Json) => !h.removeDuplicates);

	const sb = await startBenchSandbox();
	const rig: Rig = await createQueueRig({
		workers: 1,
		owner: { email: 'bench@printio.local', password: 'Bench-local-only-1' },
		logDir: path.join(REPO_ROOT, 'test-artifacts', 'bench-queue-claim'),
	});
	try {
		await rig.n8n.importCredentials([
			sandboxCredential(sb.url),
			{
				...CLAIM_REDIS_CREDENTIAL,
				type: 'redis',
				data: { host: rig.redis.host, port: rig.redis.port, database: 0, password: '' },
			},
		]);
		const claim = claimWorkflow(claimHook);
		await rig.importWorkflows([claim, orderWebhookWorkflow(plainHook)]);
		await rig.start();
		await rig.activate([claimHook.id, plainHook.id]);
		await control(sb.url, 'POST', '/reset');
		await setLatency(sb.url, options.latencyMs);

		const post = async (
			webhookPath: string,
			body: unknown,
		): Promise<{ ms: number; status: number; json: Json }> => {
			const t = performance.now();
			const res = await fetch(`${rig.url}/webhook/${webhookPath}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			const json = await res.json();
			return { ms: performance.now() - t, status: res.status, json };
		};
		// Warm-up: the workflows' first runs on the worker (JIT, connections).
		for (let i = 0; i < 3; i++) {
			await post(claimHook.webhookPath, claimPayload(`QCB-WARM-${i}`));
			await post(plainHook.webhookPath, { ec_order_no: `QPB-WARM-${i}` });
		}
		const withClaim: number[] = [];
		const withoutClaim: number[] = [];
		for (let i = 0; i < options.orders; i++) {
			const a = await post(claimHook.webhookPath, claimPayload(`QCB-${i}`));
			if (a.status !== 200 || a.json.status !== 'placed')
				throw new Error(`claim workflow: HTTP ${a.status} ${JSON.stringify(a.json)}`);
			withClaim.push(a.ms);
			const b = await post(plainHook.webhookPath, { ec_order_no: `QPB-${i}` });
			if (b.status !== 200)
				throw new Error(`plain workflow: HTTP ${b.status} ${JSON.stringify(b.json)}`);
			withoutClaim.push(b.ms);
		}
		await setLatency(sb.url, 0);

		// Each order placed once.
		const statuses = await fetch(
			`${sb.url}/order-statuses?date_time_from=${encodeURIComponent('2000-01-01 00:00:00')}`,
			{
				headers: { 'Printio-Api-Subscription-Key': KEY },
			},
		).then(async (r) => (await r.json()) as Json);
		const ecNos = ((statuses.orders ?? []) as Array<{ ec_order_no: string }>)
			.map((o) => o.ec_order_no)
			.filter((no) => /^Q[CP]B-\d+$/.test(no));
		if (ecNos.length !== 2 * options.orders || new Set(ecNos).size !== ecNos.length) {
			throw new Error(
				`${ecNos.length} orders (${new Set(ecNos).size} distinct) for ${2 * options.orders} deliveries`,
			);
		}

		// n8n's timing of the claim's nodes, from the stored executions of the claim workflow.
		const rest = await rig.rest();
		const filter = encodeURIComponent(JSON.stringify({ workflowId: claimHook.id }));
		const listed = await rest(`/rest/executions?filter=${filter}&limit=100`);
		if (!listed.ok)
			throw new Error(
				`GET /rest/executions: HTTP ${listed.status} ${(await listed.text()).slice(0, 300)}`,
			);
		// Newest first: the measured deliveries, not the warm-up.
		const list = ((await listed.json()) as Json).data;
		// The REST API sends run data serialised with n8n's `flatted`.
		const { parse } = createRequire(rig.n8n.bin)('flatted') as { parse: (text: string) => Json };
		const nodeMs: number[] = [];
		for (const e of (list.results ?? list).slice(0, options.orders)) {
			const { data } = (await (await rest(`/rest/executions/${e.id}`)).json()) as Json;
			const run = typeof data.data === 'string' ? parse(data.data) : data.data;
			const runData = run?.resultData?.runData ?? {};
			const ms =
				(runData['Claim order']?.[0]?.executionTime ?? NaN) +
				(runData['First claim?']?.[0]?.executionTime ?? NaN);
			if (Number.isFinite(ms)) nodeMs.push(ms);
		}
		const w = median(withClaim);
		const wo = median(withoutClaim);
		return {
			orders: options.orders,
			latencyMs: options.latencyMs,
			withClaimMs: round(w, 0),
			withoutClaimMs: round(wo, 0),
			addedMs: round(w - wo, 0),
			withClaimRunsMs: withClaim.map((x) => round(x, 0)),
			withoutClaimRunsMs: withoutClaim.map((x) => round(x, 0)),
			claimNodesMedianMs: nodeMs.length ? round(median(nodeMs), 0) : NaN,
			claimNodesMaxMs: nodeMs.length ? Math.max(...nodeMs) : NaN,
			extraNodes: claim.nodes.filter(
				(n: Json) =>
					['n8n-nodes-base.redis', 'n8n-nodes-base.if'].includes(n.type) ||
					n.name === 'Answer: already claimed',
			).length,
			loadAverage: os.loadavg().map((x) => round(x, 2)),
		};
	} finally {
		await rig.stop().catch(() => undefined);
		await sb.stop();
	}
}
