/**
 * The duplicate-order guard under fire: hundreds of spreadsheet rows through Order › Create (Map Input Fields,
 * Continue On Fail, random concurrency) while faults hit placements at random, above all "connection closed after
 * commit" (the order is registered, the client never hears of it), and lookups fail now and then. Ground truth is
 * the sandbox's own store: zero duplicate orders, and every row accounted for (its order is there under the
 * number the node reported, or the node reported an error). Running the failed rows again (a user re-running the
 * workflow) then leaves exactly one order per row.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import type { IDataObject } from 'n8n-workflow';

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

const SEED = 6060;
const BATCHES = 4;
const ROWS_PER_BATCH = 100;

let sb: Sandbox;
let pkg: LoadedPackage;
/** Every output item, error and run data of the node under test, for the secrets scan at the end. */
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

/** A random queue of faults for a route: most entries are no-ops (a 0-20 ms delay), so faults land at random requests. */
async function queueFaults(
	random: () => number,
	route: string,
	count: number,
	kinds: Array<[string, number, IDataObject?]>,
): Promise<number> {
	let faults = 0;
	for (let i = 0; i < count; i++) {
		let r = random();
		let chosen: [string, IDataObject] = ['delay', { delayMs: Math.floor(random() * 20) }];
		for (const [kind, weight, extra] of kinds) {
			if (r < weight) {
				chosen = [kind, extra ?? {}];
				break;
			}
			r -= weight;
		}
		if (chosen[0] !== 'delay') faults++;
		await control('POST', '/faults', { route, kind: chosen[0], times: 1, ...chosen[1] });
	}
	return faults;
}

function ordersOf(prefix: string) {
	const byEc = new Map<string, string[]>();
	for (const order of sb.store.orders.ofRetailer(1)) {
		if (!order.ec_order_no.startsWith(prefix)) continue;
		byEc.set(order.ec_order_no, [...(byEc.get(order.ec_order_no) ?? []), order.order_no]);
	}
	return byEc;
}

async function place(rows: IDataObject[], concurrency: number) {
	const result = await executeNode({
		pkg,
		node: {
			type: 'printio',
			// These faults commit before the connection drops (or never): 1 s of waiting for a late registration is
			// enough here; the late ones are late-commit.test.ts's.
			parameters: {
				resource: 'order',
				operation: 'create',
				inputMode: 'autoMap',
				options: { concurrency, lateCommitWaitSeconds: 1 },
			},
			continueOnFail: true,
		},
		input: rows,
		credentials: {
			printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
		},
	});
	produced.push(result.items, result.error, result.runData[DEFAULT_NODE_NAME]);
	return result;
}

test(
	'orders placed under random closeAfterCommit faults: zero duplicates, every row accounted for',
	{ timeout: 300_000 },
	async () => {
		const random = prng(SEED);
		const tally = {
			rows: 0,
			placed: 0,
			alreadyRegistered: 0,
			recovered: 0,
			retried: 0,
			errors: 0,
			faultsHit: 0,
		};
		for (let batch = 0; batch < BATCHES; batch++) {
			await control('DELETE', '/faults');
			const prefix = `FLT-${batch}-`;
			const rows = Array.from({ length: ROWS_PER_BATCH }, (_, i) => sheetRow(`${prefix}${i}`));
			// A few rows already registered before the run (a workflow run twice): they must not be placed again.
			const preexisting = rows.filter(() => random() < 0.05);
			if (preexisting.length) {
				const first = await place(preexisting, 4);
				assert.equal(first.items.filter((item) => item.json.error).length, 0);
			}
			let queued = await queueFaults(random, 'POST /order-by-code', ROWS_PER_BATCH * 2, [
				['closeAfterCommit', 0.14],
				['closeBeforeCommit', 0.06],
				['http500', 0.05],
				['malformedJson', 0.03],
				['timeout', 0.03, { delayMs: 50 }],
				['http429', 0.02, { retryAfterSeconds: 0 }],
			]);
			queued += await queueFaults(random, 'GET /orders', ROWS_PER_BATCH, [
				['http500', 0.06],
				['closeBeforeCommit', 0.04],
				['http429', 0.03, { retryAfterSeconds: 0 }],
			]);
			const concurrency = 2 + Math.floor(random() * 7);
			const result = await place(rows, concurrency);
			const faults = (await control('GET', '/faults')).faults as Array<{ kind: string }>;
			tally.faultsHit += queued - faults.filter((f) => f.kind !== 'delay').length;
			await control('DELETE', '/faults');

			// Every row has its output item, in input order, and the sandbox agrees with it.
			assert.equal(result.error, undefined);
			assert.equal(result.items.length, rows.length);
			const truth = ordersOf(prefix);
			const duplicates = [...truth].filter(([, orderNos]) => orderNos.length > 1);
			assert.deepEqual(duplicates, [], `batch ${batch}: duplicate orders`);
			const failedRows: IDataObject[] = [];
			result.items.forEach((item, index) => {
				const ecOrderNo = String(rows[index].ec_order_no);
				assert.equal(item.json.ec_order_no, ecOrderNo, `output ${index} is not row ${index}`);
				assert.deepEqual(item.pairedItem, [{ item: index }]);
				tally.rows++;
				if (item.json.error) {
					tally.errors++;
					failedRows.push(rows[index]);
					return;
				}
				assert.deepEqual(
					truth.get(ecOrderNo),
					[item.json.order_no],
					`row ${index}: reported ${item.json.order_no}`,
				);
				if (item.json.already_registered) tally.alreadyRegistered++;
				else tally.placed++;
				if (item.json.recovered_after_error) tally.recovered++;
				if (item.json.retried) tally.retried++;
			});
			for (const row of preexisting) {
				const index = rows.indexOf(row);
				if (!result.items[index].json.error)
					assert.equal(result.items[index].json.already_registered, true);
			}

			// The user runs the failed rows again, no faults now: each ends with exactly one order.
			if (failedRows.length) {
				const again = await place(failedRows, 4);
				assert.equal(again.items.filter((item) => item.json.error).length, 0);
			}
			const final = ordersOf(prefix);
			assert.equal(final.size, rows.length, `batch ${batch}: rows without an order`);
			assert.deepEqual(
				[...final].filter(([, orderNos]) => orderNos.length > 1),
				[],
				`batch ${batch}: duplicates after re-run`,
			);
		}
		process.stdout.write(`# duplicate guard: ${JSON.stringify(tally)}\n`);
		// The run must really have gone through the guard's recovery path.
		assert.ok(
			tally.recovered >= 20,
			`only ${tally.recovered} orders recovered after an unknown outcome`,
		);
		assert.ok(
			tally.retried >= 5,
			`only ${tally.retried} orders sent again after a failure before commit`,
		);
	},
);

test('no subscription key or personal data in any output, error or run data of the node', () => {
	assert.ok(produced.length >= BATCHES * 3);
	assert.deepEqual(scanForSecrets(produced, [...SECRETS.keys, ...SECRETS.personal]), []);
});
