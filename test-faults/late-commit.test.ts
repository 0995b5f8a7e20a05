/**
 * Registrations that become visible late: 240 sheet rows through Order › Create (Concurrency 8, the default
 * wait for a late registration) while placements meet the sandbox's closeThenCommitLater fault (the connection
 * drops at once, the order is registered 2, 5 or 9 s later). Ground truth is the sandbox's store: zero duplicate
 * orders, every row's output names its one order.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import {
	DEFAULT_NODE_NAME,
	executeNode,
	loadPackage,
	scanForSecrets,
	type LoadedPackage,
} from '../test/harness';
import { sheetRow } from '../test/nodes/Printio/fixtures';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { KEY, prng, SECRETS, type Json } from './helpers';

const SEED = 1029;
const BATCHES = 2;
const ROWS_PER_BATCH = 120;
const LATE_MS = [2000, 5000, 9000];

let sb: Sandbox;
let pkg: LoadedPackage;
const produced: unknown[] = [];

before(async () => {
	sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	pkg = await loadPackage();
});
after(async () => {
	await sb?.close();
});

async function control(method: string, route: string, body?: unknown): Promise<Json> {
	const response = await fetch(`${sb.url}/_sandbox${route}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (response.status >= 400)
		throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
	return await response.json();
}

test(
	'orders registered 2, 5 and 9 s after the dropped connection: zero duplicates',
	{ timeout: 300_000 },
	async () => {
		const random = prng(SEED);
		const tally = {
			rows: 0,
			placed: 0,
			recovered: 0,
			retried: 0,
			errors: 0,
			lateFaults: 0,
			byDelay: {} as Record<number, number>,
		};
		for (let batch = 0; batch < BATCHES; batch++) {
			await control('DELETE', '/faults');
			const prefix = `LATE-${batch}-`;
			const rows = Array.from({ length: ROWS_PER_BATCH }, (_, i) => sheetRow(`${prefix}${i}`));
			// One fault entry per placement: about one in eight is a late registration, the rest a short delay.
			for (let i = 0; i < ROWS_PER_BATCH; i++) {
				const late = random() < 0.125;
				const delayMs = late
					? LATE_MS[tally.lateFaults % LATE_MS.length]
					: Math.floor(random() * 20);
				if (late) {
					tally.lateFaults++;
					tally.byDelay[delayMs] = (tally.byDelay[delayMs] ?? 0) + 1;
				}
				await control('POST', '/faults', {
					route: 'POST /order-by-code',
					kind: late ? 'closeThenCommitLater' : 'delay',
					delayMs,
					times: 1,
				});
			}
			const result = await executeNode({
				pkg,
				node: {
					type: 'printio',
					parameters: {
						resource: 'order',
						operation: 'create',
						inputMode: 'autoMap',
						options: { concurrency: 8 },
					},
					continueOnFail: true,
				},
				input: rows,
				credentials: {
					printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
				},
			});
			produced.push(result.items, result.error, result.runData[DEFAULT_NODE_NAME]);
			assert.equal(result.error, undefined);
			assert.equal(result.items.length, rows.length);

			// Let every late registration land, then compare with the store.
			await new Promise((resolve) => setTimeout(resolve, Math.max(...LATE_MS) + 500));
			const truth = new Map<string, string[]>();
			for (const order of sb.store.orders.ofRetailer(1)) {
				if (order.ec_order_no.startsWith(prefix))
					truth.set(order.ec_order_no, [...(truth.get(order.ec_order_no) ?? []), order.order_no]);
			}
			assert.deepEqual(
				[...truth].filter(([, orderNos]) => orderNos.length > 1),
				[],
				`batch ${batch}: duplicate orders`,
			);
			result.items.forEach((item, index) => {
				const ecOrderNo = String(rows[index].ec_order_no);
				tally.rows++;
				if (item.json.error) {
					tally.errors++;
					return;
				}
				assert.deepEqual(
					truth.get(ecOrderNo),
					[item.json.order_no],
					`row ${index}: reported ${item.json.order_no}`,
				);
				if (item.json.recovered_after_error) tally.recovered++;
				else tally.placed++;
				if (item.json.retried) tally.retried++;
			});
		}
		process.stdout.write(`# late commits: ${JSON.stringify(tally)}\n`);
		assert.equal(tally.errors, 0);
		// Every late registration was found by the wait, none sent again.
		assert.equal(tally.recovered, tally.lateFaults);
		assert.equal(tally.retried, 0);
		for (const delayMs of LATE_MS)
			assert.ok(
				(tally.byDelay[delayMs] ?? 0) >= 8,
				`too few late registrations after ${delayMs} ms`,
			);
	},
);

test('no subscription key or personal data in any output, error or run data', () => {
	assert.ok(produced.length >= BATCHES * 3);
	assert.deepEqual(scanForSecrets(produced, [...SECRETS.keys, ...SECRETS.personal]), []);
});
