/**
 * The Printio Trigger's alert events at scale (issue 15): Shipping Late with 10,000 open orders in the sandbox,
 * polled through n8n-core (the test harness, against dist/: build first), and Stock Changed's state with every
 * catalog entry short. Records `alerts` in bench/results.json, keeping every other key.
 *
 *   npm run build && npx tsx bench/alerts.ts
 */
import './env';

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { advanceLate, emptyLateState } from '../nodes/PrintioTrigger/lateShipments';
import { deadlineOf } from '../nodes/PrintioTrigger/pollAlerts';
import { advanceStock, readStockState } from '../nodes/PrintioTrigger/stockLevels';
import { startSandbox } from '../sandbox/server';
import { createPoller, loadPackage } from '../test/harness';
import { placeOrderInProcess } from './seed';
import { KEY, REPO_ROOT } from './util';

const ORDERS = 10_000;
const DAY = 86_400_000;

function tokyo(ms: number): string {
	return new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

async function main() {
	const sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	try {
		// Orders placed 10 days ago (scheduled 5 days after): all open, all late by now.
		const placedAt = Date.now() - 10 * DAY;
		await fetch(`${sb.url}/_sandbox/time`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ set: tokyo(placedAt), freeze: true }),
		});
		const seeded = (await (await fetch(`${sb.url}/_sandbox`)).json()) as { counts: { orders: number } };
		for (let i = 0; i < ORDERS; i++) placeOrderInProcess(sb, `BENCH-LATE-${i}`);
		await fetch(`${sb.url}/_sandbox/time`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ set: tokyo(Date.now()), freeze: true }),
		});

		// What one poll reads: GET /order-statuses over the 30-day look-back.
		const from = encodeURIComponent(tokyo(Date.now() - 30 * DAY));
		const answer = await fetch(`${sb.url}/order-statuses?date_time_from=${from}`, {
			headers: { accept: 'application/json', 'Printio-Api-Subscription-Key': KEY },
		});
		const answerBytes = (await answer.arrayBuffer()).byteLength;

		const pkg = await loadPackage();
		const poller = await createPoller({
			pkg,
			node: { type: 'printioTrigger', parameters: { event: 'shippingLate', options: {} } },
			credentials: { printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 } },
			activation: 'init',
		});
		await fetch(`${sb.url}/_sandbox/requests`, { method: 'DELETE' });
		let t = performance.now();
		const first = await poller.poll();
		const firstPollMs = performance.now() - t;
		const firstRequests = ((await (await fetch(`${sb.url}/_sandbox/requests`)).json()) as unknown[]).length;
		const stateBytesAllLate = JSON.stringify(poller.staticData.late).length;
		await fetch(`${sb.url}/_sandbox/requests`, { method: 'DELETE' });
		t = performance.now();
		const second = await poller.poll();
		const idlePollMs = performance.now() - t;
		const idleRequests = ((await (await fetch(`${sb.url}/_sandbox/requests`)).json()) as unknown[]).length;

		// The same state rules on 10,000 open orders of which one in ten is late (pure, no I/O).
		const nowMs = Date.now();
		const records = Array.from({ length: ORDERS }, (_, i) => ({
			order_no: `PO${String(i + 1).padStart(8, '0')}`,
			status_id: 3,
			scheduled_shipping_date: tokyo(nowMs + (i % 10 === 0 ? -2 : 3) * DAY).slice(0, 10),
			shipping_date: null,
			shipping_number: null,
		}));
		const tenthLate = advanceLate(emptyLateState(), records, {
			nowMs,
			graceMs: 0,
			closedStatusIds: new Set([5, 9]),
			deadlineOf: (date) => deadlineOf(date, 'Asia/Tokyo'),
			retentionMs: 30 * DAY,
		});

		// Stock Changed: the state holds the codes of short entries; worst case, every entry of the catalog.
		const stocks = (await (
			await fetch(`${sb.url}/item-stocks`, {
				method: 'POST',
				headers: { accept: 'application/json', 'content-type': 'application/json', 'Printio-Api-Subscription-Key': KEY },
				body: JSON.stringify({ retailer_id: 1 }),
			})
		).json()) as { item_stocks: Array<{ item_stock_code: string }> };
		const allShort = advanceStock(
			readStockState(undefined),
			stocks.item_stocks.map((entry) => ({ ...entry, is_orderable: false, stock_quantity: 0 })),
			1,
		);

		const result = {
			// 10,000 open (late) orders placed for the bench, plus the seed's orders.
			orders: ORDERS + seeded.counts.orders,
			shippingLate: {
				requestsPerPoll: firstRequests,
				idlePollRequests: idleRequests,
				answerBytesPerPoll: answerBytes,
				emittedFirstPoll: first ? first[0].length : 0,
				emittedSecondPoll: second ? second[0].length : 0,
				stateBytesAllLate,
				stateBytesTenthLate: JSON.stringify(tenthLate.next).length,
				lateInTenthCase: tenthLate.late.length,
				firstPollMs: Math.round(firstPollMs),
				idlePollMs: Math.round(idlePollMs),
			},
			stockChanged: {
				entries: stocks.item_stocks.length,
				requestsPerPollAllItems: 1,
				stateBytesAllShort: JSON.stringify(allShort.next).length,
			},
			date: new Date().toISOString(),
		};
		console.log(JSON.stringify(result, null, 2));
		const file = path.join(REPO_ROOT, 'bench', 'results.json');
		const results = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		results.alerts = result;
		writeFileSync(file, JSON.stringify(results, null, '\t') + '\n');
	} finally {
		await sb.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
