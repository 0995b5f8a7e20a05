/**
 * The Printio Trigger's alert events at scale (issue 15), polled through n8n-core (the test harness, against
 * dist/) with the sandbox in-process:
 *   - Shipping Late with 10,000 open orders, all late: requests per poll, the answer's size, what the first and an
 *     idle poll emit, and the stored state (JSON bytes of static data `late`); plus the same state rules on 10,000
 *     open orders of which one in ten is late (pure, no I/O);
 *   - Stock Changed watching every item with every catalog entry sold out, then every entry back: requests per
 *     poll, crossings emitted, and the stored state (static data `stock`) at its largest.
 * Every late order and every crossing must be emitted exactly once, or the case fails.
 */
import { advanceLate, emptyLateState } from '../../nodes/PrintioTrigger/lateShipments';
import { deadlineOf } from '../../nodes/PrintioTrigger/pollAlerts';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import type { LoadedPackage } from '../../test/harness';
import { createPoller } from '../../test/harness';
import { placeOrderInProcess } from '../seed';
import { control, KEY, round } from '../util';

export interface AlertsResult {
	/** Orders in the sandbox during the Shipping Late polls (the bench's open orders plus the seed's). */
	orders: number;
	shippingLate: {
		openOrders: number;
		requestsPerPoll: number;
		idlePollRequests: number;
		answerBytesPerPoll: number;
		emittedFirstPoll: number;
		emittedSecondPoll: number;
		stateBytesAllLate: number;
		stateBytesPerLateOrder: number;
		stateBytesTenthLate: number;
		lateInTenthCase: number;
		firstPollMs: number;
		idlePollMs: number;
	};
	stockChanged: {
		entries: number;
		requestsPerPollAllItems: number;
		emittedSoldOut: number;
		emittedRecovered: number;
		emittedIdle: number;
		stateBytesAllShort: number;
		stateBytesAfterRecovery: number;
	};
}

const DAY = 86_400_000;

/** `YYYY-MM-DD HH:mm:ss` Tokyo wall time. */
function tokyo(ms: number): string {
	return new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const credentials = (sb: Sandbox) => ({
	printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
});
const requestCount = async (sb: Sandbox) =>
	((await control(sb.url, 'GET', '/requests')) as unknown[]).length;
const emitted = (output: unknown[][] | null) => (output ? output[0].length : 0);

export async function benchAlerts(
	pkg: LoadedPackage,
	options: { orders: number },
): Promise<AlertsResult> {
	const sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	try {
		// Orders placed 10 days ago (scheduled 5 days after): all open, all late by now.
		await control(sb.url, 'POST', '/time', { set: tokyo(Date.now() - 10 * DAY), freeze: true });
		const seeded = (await control(sb.url, 'GET', '')) as { counts: { orders: number } };
		for (let i = 0; i < options.orders; i++) placeOrderInProcess(sb, `BENCH-LATE-${i}`);
		await control(sb.url, 'POST', '/time', { set: tokyo(Date.now()), freeze: true });

		const late = await createPoller({
			pkg,
			node: { type: 'printioTrigger', parameters: { event: 'shippingLate', options: {} } },
			credentials: credentials(sb) as never,
			activation: 'init',
		});
		await control(sb.url, 'DELETE', '/requests');
		let t = performance.now();
		const first = await late.poll();
		const firstPollMs = performance.now() - t;
		const firstRequests = await requestCount(sb);
		const stateBytesAllLate = JSON.stringify(late.staticData.late).length;
		// The answer the poll read: GET /order-statuses over the default 30-day look-back.
		const from = encodeURIComponent(tokyo(Date.now() - 30 * DAY));
		const answer = await fetch(`${sb.url}/order-statuses?date_time_from=${from}`, {
			headers: { accept: 'application/json', 'Printio-Api-Subscription-Key': KEY },
		});
		const answerBytes = (await answer.arrayBuffer()).byteLength;
		await control(sb.url, 'DELETE', '/requests');
		t = performance.now();
		const second = await late.poll();
		const idlePollMs = performance.now() - t;
		const idleRequests = await requestCount(sb);
		const lateOrders = options.orders + seeded.counts.orders;
		if (emitted(first) < options.orders || emitted(second) !== 0) {
			throw new Error(
				`Shipping Late: first poll emitted ${emitted(first)} (≥ ${options.orders} expected), the next ${emitted(second)} (0 expected)`,
			);
		}

		// The same state rules on 10,000 open orders of which one in ten is late (pure, no I/O).
		const nowMs = Date.now();
		const records = Array.from({ length: options.orders }, (_, i) => ({
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

		// Stock Changed, every item watched (one request per poll): every entry sold out, then every entry back.
		const stock = await createPoller({
			pkg,
			node: {
				type: 'printioTrigger',
				parameters: { event: 'stockChanged', stockItemCodes: '', stockThreshold: 1, options: {} },
			},
			credentials: credentials(sb) as never,
			activation: 'init',
		});
		const stocks = (await (
			await fetch(`${sb.url}/item-stocks`, {
				method: 'POST',
				headers: {
					accept: 'application/json',
					'content-type': 'application/json',
					'Printio-Api-Subscription-Key': KEY,
				},
				body: JSON.stringify({ retailer_id: 1 }),
			})
		).json()) as {
			item_stocks: Array<{
				item_stock_code: string;
				stock_quantity: number | null;
				is_orderable: boolean;
			}>;
		};
		const entries = stocks.item_stocks;
		await stock.poll(); // the starting point
		for (const entry of entries)
			await control(sb.url, 'POST', `/stock/${encodeURIComponent(entry.item_stock_code)}`, {
				stock_quantity: 0,
				is_orderable: false,
			});
		await control(sb.url, 'DELETE', '/requests');
		const soldOut = await stock.poll();
		const stockRequests = await requestCount(sb);
		const stateBytesAllShort = JSON.stringify(stock.staticData.stock).length;
		for (const entry of entries) {
			await control(sb.url, 'POST', `/stock/${encodeURIComponent(entry.item_stock_code)}`, {
				stock_quantity: entry.stock_quantity,
				is_orderable: entry.is_orderable,
			});
		}
		const recovered = await stock.poll();
		const idle = await stock.poll();
		const stateBytesAfterRecovery = JSON.stringify(stock.staticData.stock ?? {}).length;
		const wereLow = entries.filter(
			(entry) => !entry.is_orderable || (entry.stock_quantity !== null && entry.stock_quantity < 1),
		).length;
		if (
			emitted(soldOut) !== entries.length - wereLow ||
			emitted(recovered) !== entries.length - wereLow ||
			emitted(idle) !== 0
		) {
			throw new Error(
				`Stock Changed: ${emitted(soldOut)} sold-out and ${emitted(recovered)} recovered crossings for ${entries.length - wereLow} entries, ${emitted(idle)} on an idle poll`,
			);
		}

		return {
			orders: lateOrders,
			shippingLate: {
				openOrders: options.orders,
				requestsPerPoll: firstRequests,
				idlePollRequests: idleRequests,
				answerBytesPerPoll: answerBytes,
				emittedFirstPoll: emitted(first),
				emittedSecondPoll: emitted(second),
				stateBytesAllLate,
				stateBytesPerLateOrder: round(stateBytesAllLate / emitted(first), 1),
				stateBytesTenthLate: JSON.stringify(tenthLate.next).length,
				lateInTenthCase: tenthLate.late.length,
				firstPollMs: Math.round(firstPollMs),
				idlePollMs: Math.round(idlePollMs),
			},
			stockChanged: {
				entries: entries.length,
				requestsPerPollAllItems: stockRequests,
				emittedSoldOut: emitted(soldOut),
				emittedRecovered: emitted(recovered),
				emittedIdle: emitted(idle),
				stateBytesAllShort,
				stateBytesAfterRecovery,
			},
		};
	} finally {
		await sb.close();
	}
}
