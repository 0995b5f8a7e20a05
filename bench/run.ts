/**
 * `npm run bench`: measures the package against its goals (issue 7), every case side by side in one run,
 * medians over several runs, prints a table and writes bench/results.json. Not part of the test suite.
 *
 *   npm run bench                      # everything (about 6-8 minutes on 2 cores)
 *   npm run bench -- --only returnAll,package --runs 3
 *   npm run bench -- --only queueMode     # n8n queue mode vs regular (PostgreSQL, Redis, 3 n8n processes; merged into results.json)
 *   npm run bench -- --only queueClaim --merge   # the queue-mode claim per order: latency added per order
 *   npm run bench -- --quick           # fewer runs and rows, for trying the runner (results not written)
 *   npm run bench -- --only rerun,bulkOrders --merge   # some cases, replacing only theirs in bench/results.json
 *   npm run bench -- --only alerts --merge   # the trigger's Shipping Late / Stock Changed at 10,000 open orders
 *
 * Exit code 1 when a goal is missed (the table says which and why), 2 when a case could not run.
 */
import './env';

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadPackage } from '../test/harness';
import { benchAlerts, type AlertsResult } from './cases/alerts';
import { benchBulkOrders, type BulkResult } from './cases/bulkOrders';
import { benchPackage, type PackageResult } from './cases/package';
import { benchQueueClaim, type QueueClaimResult } from './cases/queueClaim';
import { benchQueueMode, type QueueModeResult } from './cases/queueMode';
import { benchRerun, type RerunResult } from './cases/rerun';
import { benchReturnAll, type ReturnAllResult } from './cases/returnAll';
import { benchSandbox, type SandboxResult } from './cases/sandbox';
import { benchSandboxScale, type SandboxScaleResult } from './cases/sandboxScale';
import { benchShopLoop, type ShopLoopResult } from './cases/shopLoop';
import { benchShopProduct, type ShopProductResult } from './cases/shopProduct';
import { benchTrigger, type TriggerResult } from './cases/trigger';
import { REPO_ROOT, round } from './util';

const CASES = [
	'returnAll',
	'bulkOrders',
	'rerun',
	'trigger',
	'alerts',
	'shopLoop',
	'shopProduct',
	'package',
	'sandbox',
	'sandboxScale',
	'queueMode',
	'queueClaim',
] as const;
type CaseName = (typeof CASES)[number];
// queueMode starts PostgreSQL, Redis and three n8n processes (installing the first two with apt-get where
// missing): only on request (`--only queueMode`); its figures are merged into bench/results.json.
const DEFAULT_CASES: readonly CaseName[] = CASES.filter(
	(name) => name !== 'queueMode' && name !== 'queueClaim',
);

/** Not the default set of cases (a partial run). */
function isPartial(args: Args): boolean {
	return (
		args.only.size !== DEFAULT_CASES.length || DEFAULT_CASES.some((name) => !args.only.has(name))
	);
}

interface Args {
	only: Set<CaseName>;
	quick: boolean;
	runs?: number;
	write: boolean;
	/** Write the measured cases into the existing results.json, keeping the other cases' figures. */
	merge: boolean;
}

function parseArgs(argv: string[]): Args {
	const args: Args = { only: new Set(DEFAULT_CASES), quick: false, write: true, merge: false };
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split(/=(.*)/s, 2);
		const value = () => inline ?? argv[++i];
		if (flag === '--only') {
			const names = value()
				.split(',')
				.map((s) => s.trim());
			for (const name of names)
				if (!(CASES as readonly string[]).includes(name))
					throw new Error(`unknown case ${name}; cases: ${CASES.join(', ')}`);
			args.only = new Set(names as CaseName[]);
		} else if (flag === '--quick') args.quick = true;
		else if (flag === '--runs') args.runs = Number(value());
		else if (flag === '--no-write') args.write = false;
		else if (flag === '--merge') args.merge = true;
		else throw new Error(`unknown argument ${argv[i]}`);
	}
	// A partial or quick run must not overwrite the figures of a full one.
	if (args.quick || (isPartial(args) && !args.merge)) args.write = false;
	return args;
}

interface Goal {
	name: string;
	measured: string;
	target: string;
	met: boolean;
	note?: string;
}

const LATENCY_MS = 50;
const TARBALL_LIMIT = 150 * 1024;
const STATE_LIMIT = 16 * 1024;
/** Shipping Late keeps the emitted late orders' numbers under their scheduled date: about 13 B each. */
const ALERT_BYTES_PER_LATE_ORDER = 16;

async function main(): Promise<number> {
	const args = parseArgs(process.argv.slice(2));
	const log = (text: string) => process.stdout.write(`${text}\n`);
	const runs = args.runs ?? (args.quick ? 1 : 5);

	if (!existsSync(path.join(REPO_ROOT, 'dist/nodes/Printio/Printio.node.js'))) {
		log('dist/ is missing: running npm run build first');
		execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
	}

	const loadStart = os.loadavg()[0];
	const startedAt = new Date();
	log(
		`bench: node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? '?'}), load average ${loadStart.toFixed(2)}`,
	);

	const results: {
		returnAll?: ReturnAllResult;
		bulkOrders?: BulkResult;
		rerun?: RerunResult;
		trigger?: TriggerResult;
		alerts?: AlertsResult;
		package?: PackageResult;
		sandbox?: SandboxResult;
		queueMode?: QueueModeResult;
		queueClaim?: QueueClaimResult;
		sandboxScale?: SandboxScaleResult;
		shopLoop?: ShopLoopResult;
		shopProduct?: ShopProductResult;
	} = {};
	const durations: Record<string, number> = {};
	const failures: string[] = [];
	const pkg = await loadPackage();

	const timed = async <T>(name: CaseName, fn: () => Promise<T> | T): Promise<T | undefined> => {
		if (!args.only.has(name)) return undefined;
		log(`\n== ${name} ...`);
		const t = performance.now();
		try {
			const value = await fn();
			durations[name] = round((performance.now() - t) / 1000, 1);
			log(`   done in ${durations[name]} s`);
			return value;
		} catch (error) {
			failures.push(`${name}: ${(error as Error).message}`);
			log(`   FAILED: ${(error as Error).stack ?? error}`);
			return undefined;
		}
	};

	results.returnAll = await timed('returnAll', () =>
		benchReturnAll(pkg, {
			pages: 100,
			latencyMs: LATENCY_MS,
			runs: args.runs ?? (args.quick ? 1 : 7),
			whatIf: args.quick ? [] : [5, 6, 8],
		}),
	);
	results.bulkOrders = await timed('bulkOrders', () =>
		benchBulkOrders(pkg, {
			rows: args.quick ? 200 : 1000,
			concurrency: 4,
			latencyMs: LATENCY_MS,
			runs: Math.min(runs, 3),
		}),
	);
	results.rerun = await timed('rerun', () =>
		benchRerun(pkg, { rows: args.quick ? 200 : 1000, newRows: 10, latencyMs: LATENCY_MS }),
	);
	results.trigger = await timed('trigger', () =>
		benchTrigger(pkg, {
			orders: args.quick ? 10_000 : 100_000,
			perSecond: 2,
			pollEverySeconds: 60,
			burst: 300,
		}),
	);
	results.alerts = await timed('alerts', () =>
		benchAlerts(pkg, { orders: args.quick ? 1000 : 10_000 }),
	);
	results.shopLoop = await timed('shopLoop', () =>
		benchShopLoop(pkg, { orders: args.quick ? [1, 30] : [1, 30, 31] }),
	);
	results.shopProduct = await timed('shopProduct', () =>
		benchShopProduct(
			pkg,
			args.quick ? { getMany: [1, 10], create: [1] } : { getMany: [1, 10, 50], create: [1, 10] },
		),
	);
	results.package = await timed('package', () => benchPackage({ runs }));
	results.sandbox = await timed('sandbox', () =>
		benchSandbox({ connections: 10, duration: args.quick ? 2 : 5, runs: Math.min(runs, 3) }),
	);
	results.sandboxScale = await timed('sandboxScale', () =>
		benchSandboxScale({
			sizes: args.quick ? [1_000, 100_000] : [1_000, 100_000, 1_000_000],
			rounds: args.quick ? 3 : 15,
			requestsPerRound: args.quick ? 10 : 40,
		}),
	);
	results.queueMode = await timed('queueMode', () =>
		benchQueueMode({
			rows: args.quick ? 400 : 2000,
			executions: 4,
			latencyMs: LATENCY_MS,
			runs: args.runs ?? (args.quick ? 1 : 2),
		}),
	);

	results.queueClaim = await timed('queueClaim', () =>
		benchQueueClaim({ orders: args.quick ? 10 : 30, latencyMs: LATENCY_MS }),
	);

	const loadEnd = os.loadavg()[0];
	const cpus = os.cpus().length;
	const busy = Math.max(loadStart, loadEnd) > cpus * 0.75;

	// Goals (issue 7), each shown with its verdict; none may fail silently.
	const goals: Goal[] = [];
	const r = results;
	if (r.returnAll) {
		goals.push({
			name: 'Return All: requests at the floor',
			measured: `${r.returnAll.requests} requests`,
			target: `= ceil(${r.returnAll.records}/30) = ${r.returnAll.floorRequests}`,
			met: r.returnAll.requests === r.returnAll.floorRequests,
		});
		goals.push({
			name: 'Return All: the baseline reads one page at a time',
			measured: `at most ${r.returnAll.sequentialMaxInFlight} request in flight, ${r.returnAll.sequentialRequests} requests`,
			target: `1 in flight, ${r.returnAll.floorRequests} requests`,
			met:
				r.returnAll.sequentialMaxInFlight === 1 &&
				r.returnAll.sequentialRequests === r.returnAll.floorRequests,
		});
		goals.push({
			name: 'Return All: faster than sequential paging',
			measured: `${r.returnAll.speedupVsSequential}x (${r.returnAll.wallMs} ms vs ${r.returnAll.sequentialWallMs} ms)`,
			target: '>= 6x (issue 12)',
			met: r.returnAll.speedupVsSequential >= 6,
			note:
				`median of paired runs ${r.returnAll.speedupVsSequentialPaired}x, best runs ${r.returnAll.speedupBestOfRuns}x; page concurrency ${r.returnAll.pageConcurrency}: at most ${r.returnAll.speedupCeiling}x for ${r.returnAll.pages} pages (1 + ceil(99/${r.returnAll.pageConcurrency}) round trips); ` +
				`same run with page concurrency ${
					Object.entries(r.returnAll.whatIfPageConcurrency)
						.map(([c, v]) => `${c}: ${v.speedupVsSequential}x`)
						.join(', ') || '(not measured)'
				}`,
		});
	}
	if (r.bulkOrders) {
		const b = r.bulkOrders;
		goals.push({
			name: 'Bulk orders: throughput vs concurrency/latency',
			measured: `${b.ordersPerSecond}/s = ${b.ratioToIdeal}x of ${b.idealOrdersPerSecond}/s`,
			target: '>= 0.8x',
			met: b.ratioToIdeal >= 0.8,
			note: `Check for Existing Order on (default): ${b.roundTripsPerOrder} round trips per order, ${b.ratioToIdealPerRoundTrip}x of the per-round-trip ideal; check off: ${b.withoutDuplicateCheck.ordersPerSecond}/s = ${b.withoutDuplicateCheck.ratioToIdeal}x`,
		});
		goals.push({
			name: 'Bulk orders: first placement per round trip (Check for Existing Order on)',
			measured: `${b.ratioPerRoundTrip}x of the per-round-trip ideal (${b.roundTripsPerOrder} round trips per order)`,
			target: '>= 0.85x',
			met: b.ratioPerRoundTrip >= 0.85,
		});
		goals.push({
			name: 'Bulk orders: concurrency never above the option and the cap',
			measured: `max ${Math.max(b.maxConcurrentSeen, b.withoutDuplicateCheck.maxConcurrentSeen)} in flight`,
			target: `<= ${b.concurrency} (cap ${b.cap})`,
			met:
				Math.max(b.maxConcurrentSeen, b.withoutDuplicateCheck.maxConcurrentSeen) <=
				Math.min(b.concurrency, b.cap),
		});
		goals.push({
			name: 'Bulk orders: Concurrency option above the cap is capped',
			measured: `option ${b.aboveCap.requested}: max ${b.aboveCap.maxConcurrentSeen} in flight`,
			target: `<= ${b.cap}`,
			met: b.aboveCap.maxConcurrentSeen <= b.cap,
		});
	}
	if (r.rerun) {
		const x = r.rerun;
		goals.push({
			name: `Re-run of ${x.rows} placed rows: requests`,
			measured: `${x.allPlacedRequests} (${x.allPlacedWallMs} ms)`,
			target: '<= 40',
			met: x.allPlacedRequests <= 40 && x.duplicateOrders === 0,
			note: `one lookup per row (rows without ec_order_date): ${x.perRowLookupRequests} requests, ${x.perRowLookupWallMs} ms`,
		});
		goals.push({
			name: `Re-run of ${x.rows} rows with ${x.newRows} new: requests`,
			measured: `${x.tenNewRequests} (${x.tenNewWallMs} ms)`,
			target: '<= 60',
			met: x.tenNewRequests <= 60 && x.duplicateOrders === 0,
		});
	}
	if (r.trigger) {
		goals.push({
			name: 'Trigger: requests per idle poll',
			measured: String(r.trigger.idlePollRequests),
			target: '1',
			met: r.trigger.idlePollRequests === 1,
		});
		goals.push({
			name: 'Trigger: stored state after 100,000 orders',
			measured: `${r.trigger.staticDataBytesAt100kOrders} B (max ${r.trigger.maxStaticDataBytes} B)`,
			target: `<= ${STATE_LIMIT} B`,
			met: r.trigger.maxStaticDataBytes <= STATE_LIMIT,
			note: `${r.trigger.changesPerVirtualSecond} changes/s, a poll every ${r.trigger.pollEveryVirtualSeconds} s; a burst of ${r.trigger.burst.changes} changes in one second: ${r.trigger.burst.staticDataBytes} B`,
		});
	}
	if (r.alerts) {
		const late = r.alerts.shippingLate;
		const stock = r.alerts.stockChanged;
		goals.push({
			name: `Alerts: Shipping Late requests per poll at ${late.openOrders.toLocaleString('en')} open orders`,
			measured: `${late.requestsPerPoll} (idle ${late.idlePollRequests})`,
			target: '1',
			met: late.requestsPerPoll === 1 && late.idlePollRequests === 1,
			note: `the answer is ${late.answerBytesPerPoll} B; first poll ${late.firstPollMs} ms emitting ${late.emittedFirstPoll}, idle poll ${late.idlePollMs} ms emitting ${late.emittedSecondPoll}`,
		});
		goals.push({
			name: 'Alerts: Shipping Late state grows with late orders only',
			measured: `${late.stateBytesAllLate} B for ${late.emittedFirstPoll} late (${late.stateBytesPerLateOrder} B each); ${late.stateBytesTenthLate} B for ${late.lateInTenthCase} late of ${late.openOrders} open`,
			target: `<= ${ALERT_BYTES_PER_LATE_ORDER} B per late order`,
			met:
				late.stateBytesPerLateOrder <= ALERT_BYTES_PER_LATE_ORDER &&
				late.stateBytesTenthLate <= ALERT_BYTES_PER_LATE_ORDER * late.lateInTenthCase,
		});
		goals.push({
			name: `Alerts: Stock Changed, all ${stock.entries} entries sold out`,
			measured: `${stock.requestsPerPollAllItems} request per poll, state ${stock.stateBytesAllShort} B (${stock.stateBytesAfterRecovery} B after every entry came back)`,
			target: `1 request, <= ${STATE_LIMIT} B`,
			met: stock.requestsPerPollAllItems === 1 && stock.stateBytesAllShort <= STATE_LIMIT,
			note: `crossings emitted: ${stock.emittedSoldOut} sold out, ${stock.emittedRecovered} recovered, ${stock.emittedIdle} on the idle poll after`,
		});
	}
	if (r.shopLoop) {
		const [one, ...more] = r.shopLoop.runs;
		const shop = r.shopLoop.shopRequestsPerShipment;
		goals.push({
			name: 'Shop loop: Printio requests per shipment fulfilled (Order Shipped poll)',
			measured: r.shopLoop.runs
				.map((x) => `${x.pollRequestsPerShipment} at ${x.shipments} shipments`)
				.join(', '),
			target: '(1 + ceil(orders/30)) / shipments',
			met: r.shopLoop.runs.every(
				(x) => x.pollRequestsPerShipment === round((1 + Math.ceil(x.orders / 30)) / x.shipments, 3),
			),
			note: `plus ${shop.shopify} Shopify requests (fulfillment orders, fulfillmentCreate) or ${shop.woocommerce} WooCommerce requests (note, completion) per shipment; placing: ${one.placeRequestsPerOrder} Printio requests for 1 order (${JSON.stringify(one.placeRequests)}), ${more.map((x) => `${x.placeRequestsPerOrder} per order at ${x.orders}`).join(', ')}`,
		});
	}
	if (r.shopProduct) {
		const runs = r.shopProduct.runs;
		const list = runs.filter((x) => x.operation === 'getMany');
		// One page of original items per 30, one catalog read per item code: the memo per run.
		const floor = (x: (typeof runs)[number]) =>
			round((Math.ceil(x.products / 30) + x.catalogItems) / x.products, 3);
		const show = (x: (typeof runs)[number]) =>
			`${x.requestsPerProduct} at ${x.products} (${x.catalogItems} catalog items)`;
		for (const platform of ['shopify', 'wooCommerce'] as const) {
			const mine = list.filter((x) => x.platform === platform);
			goals.push({
				name: `Shop product: Printio requests per ${platform === 'shopify' ? 'Shopify' : 'WooCommerce'} product, Get Many`,
				measured: mine.map(show).join(', '),
				target: '(ceil(products/30) + catalog items) / products',
				met: mine.every((x) => x.requestsPerProduct === floor(x)),
				note: `shop requests per product: ${[...new Set(runs.filter((x) => x.platform === platform).map((x) => x.shopRequestsPerProduct))].join(' / ')}; Create: ${runs
					.filter((x) => x.operation === 'create' && x.platform === platform)
					.map((x) => `${show(x)} ${JSON.stringify(x.requests)}`)
					.join(', ')}`,
			});
		}
		const shop = (platform: string) =>
			runs.filter((x) => x.platform === platform).map((x) => x.shopRequestsPerProduct);
		goals.push({
			name: 'Shop product: shop requests per product published',
			measured: `Shopify ${[...new Set(shop('shopify'))].join(' / ')}, WooCommerce ${[...new Set(shop('wooCommerce'))].join(' / ')}`,
			target: 'Shopify 1 (productSet); WooCommerce 3 (find, create or update, variations batch)',
			met: shop('shopify').every((n) => n === 1) && shop('wooCommerce').every((n) => n <= 3),
		});
	}
	if (r.package) {
		goals.push({
			name: 'Package: runtime dependencies',
			measured: String(r.package.runtimeDependencies),
			target: '0',
			met: r.package.runtimeDependencies === 0,
		});
		goals.push({
			name: 'Package: npm pack tarball',
			measured: `${(r.package.tarballBytes / 1024).toFixed(1)} KiB`,
			target: '<= 150 KiB',
			met: r.package.tarballBytes <= TARBALL_LIMIT,
		});
		goals.push({
			name: 'Package: load every node and credential',
			measured: `${r.package.loadMs} ms median, ${r.package.loadMsMin} ms best (cold, with n8n-workflow: ${r.package.loadMsCold} ms)`,
			target: '<= 100 ms',
			met: r.package.loadMs <= 100,
		});
	}
	if (r.sandbox) {
		goals.push({
			name: 'Sandbox vs Prism: GET /items',
			measured: `${r.sandbox.rpsItems} vs ${r.sandbox.prismRpsItems} req/s = ${r.sandbox.ratioVsPrism}x`,
			target: '>= 3x',
			met: r.sandbox.ratioVsPrism >= 3,
			note: `GET /orders: ${r.sandbox.rpsOrders} vs ${r.sandbox.prismRpsOrders} req/s = ${r.sandbox.ratioVsPrismOrders}x; per CPU second of the server: items ${r.sandbox.ratioVsPrismPerCpuSecond}x, orders ${r.sandbox.ratioVsPrismOrdersPerCpuSecond}x; Prism answered HTTP ${r.sandbox.prismStatus.items} (items) and ${r.sandbox.prismStatus.orders} (orders); ${r.sandbox.connections} connections, ${r.sandbox.durationSeconds} s x ${r.sandbox.runs} runs`,
		});
		const bad = Object.entries(r.sandbox.errors).filter(
			([name, n]) => n > 0 && !name.startsWith('prism'),
		);
		goals.push({
			name: 'Sandbox: no error answers under load',
			measured: bad.length ? JSON.stringify(Object.fromEntries(bad)) : '0',
			target: '0',
			met: bad.length === 0,
		});
	}

	if (r.queueMode) {
		const q = r.queueMode;
		const v = (prefix: string) => q.variants.find((x) => x.label.startsWith(prefix))!;
		goals.push({
			name: 'Queue mode: 2 workers vs 1 (2,000 rows, 4 executions)',
			measured: `${q.speedup2vs1}x (${v('queue, 2 workers × 2').wallMs} ms vs ${v('queue, 1 worker × 2').wallMs} ms)`,
			target: '>= 1.5x',
			met: q.speedup2vs1 >= 1.5,
			note:
				`each worker 2 executions at a time; at n8n's default worker concurrency (10) ${q.speedup2vs1DefaultConcurrency}x ` +
				`(${v('queue, 2 workers × 10').wallMs} vs ${v('queue, 1 worker × 10').wallMs} ms; cores busy ${v('queue, 2 workers × 10').coresBusy} vs ${v('queue, 1 worker × 10').coresBusy} of ${q.cpus}); ` +
				`regular mode ${v('regular').wallMs} ms; ideal ${q.idealWallMs} ms; duplicates ${Math.max(...q.variants.map((x) => x.duplicateOrders))}`,
		});
	}

	if (r.queueClaim) {
		const c = r.queueClaim;
		goals.push({
			name: 'Claim per order (queue mode): latency added per order',
			measured: `${c.addedMs} ms (${c.withClaimMs} vs ${c.withoutClaimMs} ms per order, medians of ${c.orders})`,
			target: '<= 100 ms',
			met: c.addedMs <= 100,
			note: `the claim's nodes as n8n timed them: median ${c.claimNodesMedianMs} ms, max ${c.claimNodesMaxMs} ms; ${c.extraNodes} extra nodes`,
		});
	}

	if (r.sandboxScale) {
		const scale = r.sandboxScale;
		const note = (values: Record<string, number>) =>
			Object.entries(values)
				.map(([size, ms]) => `${Number(size).toLocaleString('en')}: ${ms} ms`)
				.join(', ');
		goals.push({
			name: 'Sandbox scale: GET /orders page, 100,000 vs 1,000 orders',
			measured: `${scale.pageLatencyRatio100kVs1k}x`,
			target: '<= 1.5x',
			met: scale.pageLatencyRatio100kVs1k <= 1.5,
			note: `a page of 30 of ${scale.pageTotal[1000]} orders in one hour, median latency ${note(scale.pageLatencyMs)}; every order matching (total counts them): ${note(scale.pageAllLatencyMs)}`,
		});
		if (!Number.isNaN(scale.pageLatencyRatio1mVs1k)) {
			goals.push({
				name: 'Sandbox scale: GET /orders page, 1,000,000 vs 1,000 orders',
				measured: `${scale.pageLatencyRatio1mVs1k}x`,
				target: '<= 1.5x',
				met: scale.pageLatencyRatio1mVs1k <= 1.5,
			});
			goals.push({
				name: 'Sandbox scale: trigger poll (GET /order-statuses), 1,000,000 vs 1,000 orders',
				measured: `${scale.pollLatencyRatio1mVs1k}x`,
				target: '<= 1.5x',
				met: scale.pollLatencyRatio1mVs1k <= 1.5,
				note: `the last minute's ${scale.pollRecords[1000]} changes, median latency ${note(scale.pollLatencyMs)}; seeded and started in ${note(scale.startSeconds).replace(/ ms/g, ' s')}`,
			});
		}
	}

	const output = {
		date: startedAt.toISOString(),
		machine: {
			cpus,
			cpuModel: os.cpus()[0]?.model ?? null,
			memoryGiB: round(os.totalmem() / 2 ** 30, 1),
			node: process.version,
			platform: `${os.platform()} ${os.release()}`,
			loadAverageStart: round(loadStart),
			loadAverageEnd: round(loadEnd),
			busy,
		},
		settings: { latencyMs: LATENCY_MS, runs, quick: args.quick },
		...results,
		goals: goals.map((g) => ({
			name: g.name,
			measured: g.measured,
			target: g.target,
			met: g.met,
			...(g.note ? { note: g.note } : {}),
		})),
		caseSeconds: durations,
		failures,
	};

	log('\n| Goal | Measured | Target | Met |\n|---|---|---|---|');
	for (const goal of goals)
		log(`| ${goal.name} | ${goal.measured} | ${goal.target} | ${goal.met ? 'yes' : '**NO**'} |`);
	for (const goal of goals.filter((g) => g.note)) log(`  - ${goal.name}: ${goal.note}`);
	log(
		`\nmachine: ${cpus} cpus, node ${process.version}, load average ${loadStart.toFixed(2)} → ${loadEnd.toFixed(2)}` +
			(busy ? ' (BUSY: other processes shared the CPUs; timings are pessimistic)' : ''),
	);
	for (const failure of failures) log(`CASE FAILED: ${failure}`);

	const resultsFile = path.join(REPO_ROOT, 'bench/results.json');
	const previous = existsSync(resultsFile)
		? (JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>)
		: {};
	if (args.write) {
		// Keys written by other runs (`--only queueMode`: `queueMode`) are kept; --merge
		// also keeps the figures of the cases not measured now.
		const written = args.merge
			? mergeResults(previous, output, args.only)
			: fullResults(previous, output, args.only);
		writeFileSync(resultsFile, JSON.stringify(written, null, '\t') + '\n');
		log('wrote bench/results.json');
	} else if (r.queueMode && !args.quick) {
		// Queue mode runs on its own: merge its figures (with its goal and machine) and keep every other key.
		const queueMode = {
			date: startedAt.toISOString(),
			machine: output.machine,
			...r.queueMode,
			goal: goals.find((g) => g.name.startsWith('Queue mode')),
		};
		writeFileSync(resultsFile, JSON.stringify({ ...previous, queueMode }, null, '\t') + '\n');
		log('merged queueMode into bench/results.json');
	} else {
		log('(partial or quick run: bench/results.json not written; --merge writes a partial run)');
	}
	const missed = goals.filter((g) => !g.met).length;
	log(
		`bench: ${goals.length - missed} goals met, ${missed} missed${failures.length ? `, ${failures.length} cases failed` : ''}`,
	);
	return failures.length ? 2 : missed ? 1 : 0;
}

/** Goal names start with their case's name (the table above); how a merge knows which old goals to replace. */
const GOAL_PREFIXES: Record<CaseName, string[]> = {
	returnAll: ['Return All'],
	bulkOrders: ['Bulk orders'],
	rerun: ['Re-run'],
	trigger: ['Trigger'],
	alerts: ['Alerts'],
	shopLoop: ['Shop loop'],
	shopProduct: ['Shop product'],
	package: ['Package'],
	sandbox: ['Sandbox vs Prism', 'Sandbox: '],
	sandboxScale: ['Sandbox scale'],
	queueMode: ['Queue'],
	queueClaim: ['Claim per order'],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of results.json
function mergeResults(previous: any, current: any, measured: Set<CaseName>): any {
	const replaced = (name: string) =>
		[...measured].some((c) => GOAL_PREFIXES[c].some((prefix) => name.startsWith(prefix)));
	const merged = { ...previous };
	for (const name of measured) if (current[name] !== undefined) merged[name] = current[name];
	merged.goals = [
		...(previous.goals ?? []).filter((goal: Goal) => !replaced(goal.name)),
		...current.goals,
	];
	merged.caseSeconds = { ...(previous.caseSeconds ?? {}), ...current.caseSeconds };
	merged.caseDates = {
		...(previous.caseDates ?? {}),
		...Object.fromEntries([...measured].map((name) => [name, current.date])),
	};
	// The load a partial run was measured at, by case: the top-level `machine` stays the full run's.
	merged.caseMachines = {
		...(previous.caseMachines ?? {}),
		...Object.fromEntries([...measured].map((name) => [name, current.machine])),
	};
	merged.failures = [...(previous.failures ?? []), ...current.failures];
	return merged;
}

/**
 * A full run: its figures, goals, date and load replace those of the cases it measured, and the per-case dates and
 * loads of earlier partial runs go for them; a case run on its own (queueMode) keeps its figures and goal.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of results.json
function fullResults(previous: any, current: any, measured: Set<CaseName>): any {
	const without = (record: Record<string, unknown> | undefined) =>
		Object.fromEntries(
			Object.entries(record ?? {}).filter(([name]) => !measured.has(name as CaseName)),
		);
	return {
		...mergeResults(previous, current, measured),
		date: current.date,
		machine: current.machine,
		settings: current.settings,
		failures: current.failures,
		caseDates: without(previous.caseDates),
		caseMachines: without(previous.caseMachines),
	};
}

main().then(
	(code) => process.exit(code),
	(error) => {
		process.stderr.write(`bench: ${(error as Error).stack ?? error}\n`);
		process.exit(2);
	},
);
