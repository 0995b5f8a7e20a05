/**
 * Never order twice, inside one n8n process: repeats of an EC order number within one run (Combine Rows off),
 * and several executions given the same orders at once (a webhook delivered twice, a form sent twice).
 * Ground truth is the sandbox's own store.
 */
import type { INodeParameters } from 'n8n-workflow';

// The registry as the node sees it: the harness requires the node's sources through jest's module registry, so
// this import is the same module instance the node uses.
import { placementsInFlightCount } from '../../../../nodes/Printio/placement/inFlight';
import { orderByCodeParameters, sheetRow } from '../fixtures';
import { control, jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

/** Order numbers in the sandbox per EC order number (retailer 1). */
function ordersAtSandbox(prefix: string): Map<string, string[]> {
	const byEc = new Map<string, string[]>();
	for (const order of sandbox().store.orders.ofRetailer(1)) {
		if (!order.ec_order_no.startsWith(prefix)) continue;
		byEc.set(order.ec_order_no, [...(byEc.get(order.ec_order_no) ?? []), order.order_no]);
	}
	return byEc;
}

const placements = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);

const autoMap = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options,
});

/** A seeded shuffle, so that a failing order can be replayed. */
function shuffled<T>(values: T[], seed: number): T[] {
	const out = [...values];
	let state = seed;
	for (let i = out.length - 1; i > 0; i--) {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		const j = state % (i + 1);
		[out[i], out[j]] = [out[j], out[i]];
	}
	return out;
}

describe('one run, one order per EC order number (Combine Rows off)', () => {
	it('places exact repeats once; the others return that order, marked as duplicates of the first item', async () => {
		const rows = [sheetRow('REP-1'), sheetRow('REP-2'), sheetRow('REP-1'), sheetRow('REP-1')];
		const result = await runPrintio(sandbox(), autoMap({ concurrency: 8 }), { input: rows });
		const out = jsonOf(result);
		expect(out).toHaveLength(4);
		const orderNo = out[0].order_no;
		expect(out[0]).toEqual(
			expect.objectContaining({ ec_order_no: 'REP-1', already_registered: false }),
		);
		expect(out[0].duplicate_of_item).toBeUndefined();
		for (const index of [2, 3]) {
			expect(out[index]).toEqual(
				expect.objectContaining({
					order_no: orderNo,
					ec_order_no: 'REP-1',
					already_registered: true,
					duplicate_of_item: 0,
				}),
			);
		}
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			[{ item: 0 }],
			[{ item: 1 }],
			[{ item: 2 }],
			[{ item: 3 }],
		]);
		expect((await placements()).map((request) => request.body!.ec_order_no).sort()).toEqual([
			'REP-1',
			'REP-2',
		]);
		expect([...ordersAtSandbox('REP-').values()].map((orderNos) => orderNos.length)).toEqual([
			1, 1,
		]);
	});

	it('places one order for 12 items that all carry one fixed EC order number', async () => {
		const input = Array.from({ length: 12 }, (_, i) => ({ item_code: `ITEM-${i}` }));
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('FIXED-1', { options: { concurrency: 8 } }),
			{ input },
		);
		const out = jsonOf(result);
		expect(out).toHaveLength(12);
		expect(new Set(out.map((order) => order.order_no)).size).toBe(1);
		expect(out.filter((order) => order.already_registered === false)).toHaveLength(1);
		expect(out.slice(1).every((order) => order.duplicate_of_item === 0)).toBe(true);
		expect(await placements()).toHaveLength(1);
		expect(ordersAtSandbox('FIXED-').get('FIXED-1')).toHaveLength(1);
	});

	it('places one order for repeats also without the duplicate check', async () => {
		const rows = [sheetRow('NOCHK-1'), sheetRow('NOCHK-1')];
		const out = jsonOf(
			await runPrintio(sandbox(), autoMap({ checkDuplicates: false }), { input: rows }),
		);
		expect(out[1]).toEqual(
			expect.objectContaining({ order_no: out[0].order_no, duplicate_of_item: 0 }),
		);
		expect(ordersAtSandbox('NOCHK-').get('NOCHK-1')).toHaveLength(1);
	});

	it('refuses items that share an EC order number but differ, before anything is sent, naming the items and the fix', async () => {
		const rows = [sheetRow('DIFF-1'), sheetRow('DIFF-2'), sheetRow('DIFF-1', { line_size: 'L' })];
		const result = await runPrintio(sandbox(), autoMap(), { input: rows });
		expect(result.error?.message).toMatch(/item index 0, 2 share EC order number "DIFF-1"/);
		expect(result.error?.message).toContain('order_details[0].size');
		expect(result.error?.description).toMatch(/Combine Rows by Order No\./);
		expect(result.error?.description).toMatch(/its own EC order number/);
		expect(await receivedRequests(sandbox())).toHaveLength(0);
	});

	it('with Continue On Fail, reports each conflicting item and places the others', async () => {
		const rows = [
			sheetRow('CDIFF-1'),
			sheetRow('CDIFF-2'),
			sheetRow('CDIFF-1', { line_size: 'L' }),
		];
		const result = await runPrintio(sandbox(), autoMap(), { input: rows, continueOnFail: true });
		const out = jsonOf(result);
		expect(out).toHaveLength(3);
		expect(out[0]).toEqual(
			expect.objectContaining({
				ec_order_no: 'CDIFF-1',
				error: expect.stringMatching(/different orders/),
			}),
		);
		expect(out[1]).toEqual(
			expect.objectContaining({ ec_order_no: 'CDIFF-2', already_registered: false }),
		);
		expect(out[2]).toEqual(
			expect.objectContaining({
				ec_order_no: 'CDIFF-1',
				error: expect.stringMatching(/different orders/),
			}),
		);
		expect((await placements()).map((request) => request.body!.ec_order_no)).toEqual(['CDIFF-2']);
	});

	it('with Combine Rows on, rows of one EC order number are one order', async () => {
		const rows = [sheetRow('COMB-1'), sheetRow('COMB-1', { line_size: 'L' })];
		const out = jsonOf(
			await runPrintio(sandbox(), autoMap({ groupByEcOrderNo: true }), { input: rows }),
		);
		expect(out).toHaveLength(1);
		expect(ordersAtSandbox('COMB-').get('COMB-1')).toHaveLength(1);
	});
});

describe('several executions in one process given the same orders at once', () => {
	it('places each order once: the later execution waits and returns the order the first one placed', async () => {
		// Placement takes 400 ms at the service, so all executions are inside it at the same time.
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'delay',
			delayMs: 400,
			times: 0,
		});
		const runs = await Promise.all(
			Array.from({ length: 5 }, () => runPrintio(sandbox(), orderByCodeParameters('SAME-1'))),
		);
		const orderNos = runs.map((run) => jsonOf(run)[0].order_no);
		expect(new Set(orderNos).size).toBe(1);
		expect(ordersAtSandbox('SAME-').get('SAME-1')).toEqual([orderNos[0]]);
		expect(runs.map((run) => jsonOf(run)[0].already_registered).sort()).toEqual([
			false,
			true,
			true,
			true,
			true,
		]);
		expect(await placements()).toHaveLength(1);
		expect(placementsInFlightCount()).toBe(0);
	});

	it('shuffled rows in concurrent executions: one order per EC order number, every execution reports it', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'delay',
			delayMs: 50,
			times: 0,
		});
		const ecOrderNos = Array.from({ length: 16 }, (_, i) => `SHUF-${i}`);
		const runs = await Promise.all(
			[11, 22, 33].map((seed, run) =>
				runPrintio(sandbox(), autoMap({ concurrency: 2 + run * 3 }), {
					input: shuffled(ecOrderNos, seed).map((ecOrderNo) => sheetRow(ecOrderNo)),
				}),
			),
		);
		const truth = ordersAtSandbox('SHUF-');
		expect(truth.size).toBe(ecOrderNos.length);
		expect([...truth].filter(([, orderNos]) => orderNos.length > 1)).toEqual([]);
		for (const run of runs) {
			for (const order of jsonOf(run))
				expect(truth.get(String(order.ec_order_no))).toEqual([order.order_no]);
		}
		expect(placementsInFlightCount()).toBe(0);
	});

	it('leaves no entry behind, also after failed placements (the registry does not grow)', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'http500',
			times: 0,
		});
		const result = await runPrintio(
			sandbox(),
			autoMap({ concurrency: 4, lateCommitWaitSeconds: 1 }),
			{ input: Array.from({ length: 6 }, (_, i) => sheetRow(`GONE-${i}`)), continueOnFail: true },
		);
		expect(jsonOf(result).every((order) => typeof order.error === 'string')).toBe(true);
		expect(placementsInFlightCount()).toBe(0);
	});
});
