/**
 * A re-run costs about as much as its new rows (one listing settles the rows already placed), and a duplicate
 * made where prevention is impossible (another n8n process placing the same EC order number) is reported by
 * the run that finds it, never silent. Ground truth and request counts come from the sandbox.
 */
import type { INodeParameters } from 'n8n-workflow';

import { sheetRow } from '../fixtures';
import {
	control,
	jsonOf,
	placeOrderDirect,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const autoMap = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options,
});

/** Real time in Tokyo, formatted as the sandbox's clock takes it. */
function tokyo(epochMs: number): string {
	return new Date(epochMs + 9 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
}

const ordersAtSandbox = (prefix: string) =>
	sandbox()
		.store.orders.ofRetailer(1)
		.filter((order) => order.ec_order_no.startsWith(prefix));

/** 60 rows of yesterday's shop orders, placed yesterday (the sandbox's clock), then the clock back to now. */
async function placedYesterday(prefix: string, count: number) {
	const yesterday = Date.now() - 86_400_000;
	const date = tokyo(yesterday).slice(0, 10);
	const rows = Array.from({ length: count }, (_, i) =>
		sheetRow(`${prefix}${i}`, { ec_order_date: date }),
	);
	await control(sandbox(), 'POST', '/time', { set: tokyo(yesterday) });
	const first = jsonOf(await runPrintio(sandbox(), autoMap({ concurrency: 8 }), { input: rows }));
	expect(first.filter((order) => order.already_registered === false)).toHaveLength(count);
	await control(sandbox(), 'POST', '/time', { set: tokyo(Date.now()) });
	await control(sandbox(), 'DELETE', '/requests');
	return { rows, date };
}

describe('re-run cost', () => {
	it('settles 70 placed rows with one listing (3 pages of 30) within the Concurrency option, sends nothing', async () => {
		const { rows } = await placedYesterday('RERUN-A-', 70);
		// Concurrency 1 and 50 ms per request: the listing's pages must come one at a time as well.
		await control(sandbox(), 'POST', '/faults', {
			route: '*',
			kind: 'delay',
			delayMs: 50,
			times: 0,
		});
		await control(sandbox(), 'DELETE', '/stats');
		const out = jsonOf(await runPrintio(sandbox(), autoMap({ concurrency: 1 }), { input: rows }));
		expect((await control(sandbox(), 'GET', '/stats')).maxInFlight).toBe(1);
		expect(out.every((order) => order.already_registered === true)).toBe(true);
		const all = await receivedRequests(sandbox());
		// One read of the rows' one original item for the catalog match, then only the listing.
		expect(all.filter((request) => request.path === '/original-items')).toHaveLength(1);
		const requests = all.filter((request) => request.path !== '/original-items');
		expect(
			requests.every((request) => request.method === 'GET' && request.path === '/orders'),
		).toBe(true);
		expect(requests.every((request) => request.query.date_time_from !== undefined)).toBe(true);
		expect(requests.length).toBeLessThanOrEqual(3);
		expect(ordersAtSandbox('RERUN-A-')).toHaveLength(70);
	});

	it('with 3 new rows among them: the listing, a lookup and a placement per new row, one check after', async () => {
		const { rows, date } = await placedYesterday('RERUN-B-', 60);
		const more = [
			...rows,
			...Array.from({ length: 3 }, (_, i) => sheetRow(`RERUN-B-NEW-${i}`, { ec_order_date: date })),
		];
		const out = jsonOf(await runPrintio(sandbox(), autoMap({ concurrency: 8 }), { input: more }));
		expect(
			out.filter((order) => order.already_registered === false).map((order) => order.ec_order_no),
		).toEqual(['RERUN-B-NEW-0', 'RERUN-B-NEW-1', 'RERUN-B-NEW-2']);
		const requests = (await receivedRequests(sandbox())).map(
			(request) => `${request.method} ${request.path}`,
		);
		expect(requests.filter((route) => route === 'POST /order-by-code')).toHaveLength(3);
		// Listing (<= 3 pages) + 3 lookups + 3 placements + the check after (one listing page or 3 lookups).
		expect(requests.length).toBeLessThanOrEqual(3 + 3 + 3 + 3);
		expect(ordersAtSandbox('RERUN-B-')).toHaveLength(63);
	});

	it('never trusts the listing to say an order is missing: a row dated after its registration is looked up', async () => {
		const { rows } = await placedYesterday('RERUN-C-', 10);
		// The shop's date moved a week ahead (a typo, a delivery date): the listing starts after the order.
		const future = tokyo(Date.now() + 7 * 86_400_000).slice(0, 10);
		const rerun = rows.map((row) => ({ ...row, ec_order_date: future }));
		const out = jsonOf(await runPrintio(sandbox(), autoMap({ concurrency: 8 }), { input: rerun }));
		expect(out.every((order) => order.already_registered === true)).toBe(true);
		expect(ordersAtSandbox('RERUN-C-')).toHaveLength(10);
	});
});

describe('duplicates made by another process', () => {
	it('reports an EC order number already registered twice, naming both and the one to cancel', async () => {
		const first = await placeOrderDirect(sandbox(), 'TWICE-1');
		const second = await placeOrderDirect(sandbox(), 'TWICE-1');
		const out = jsonOf(
			await runPrintio(sandbox(), autoMap(), {
				input: [sheetRow('TWICE-1')],
				continueOnFail: true,
			}),
		);
		expect(out[0]).toEqual(
			expect.objectContaining({
				ec_order_no: 'TWICE-1',
				duplicate_detected: true,
				order_nos: [first, second],
			}),
		);
		expect(out[0].error).toMatch(/registered 2 times/);
		expect(out[0].errorDescription).toContain(`Ask Printio to cancel ${second} and keep ${first}`);
		expect(ordersAtSandbox('TWICE-')).toHaveLength(2);
	});

	it('fails the item when another process placed the same order while this run was placing it', async () => {
		// This run's placement takes 3 s at the service; meanwhile "another process" places the same order.
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'delay',
			delayMs: 3000,
			times: 1,
		});
		const rows = ['RACE-0', 'RACE-1', 'RACE-2', 'RACE-3'].map((ecOrderNo) => sheetRow(ecOrderNo));
		const running = runPrintio(sandbox(), autoMap({ concurrency: 1 }), {
			input: rows,
			continueOnFail: true,
		});
		let other = '';
		for (let waited = 0; waited < 20_000 && !other; waited += 50) {
			const log = await receivedRequests(sandbox());
			if (log.some((request) => request.method === 'POST'))
				other = await placeOrderDirect(sandbox(), 'RACE-0');
			else await new Promise((resolve) => setTimeout(resolve, 50));
		}
		const out = jsonOf(await running);
		const truth = ordersAtSandbox('RACE-0').map((order) => order.order_no);
		expect(truth).toHaveLength(2);
		expect(truth).toContain(other);
		const own = truth.find((orderNo) => orderNo !== other)!;
		expect(out[0]).toEqual(
			expect.objectContaining({
				ec_order_no: 'RACE-0',
				order_no: own,
				duplicate_detected: true,
				order_nos: [other, own],
			}),
		);
		expect(out[0].errorDescription).toContain(`Ask Printio to cancel ${own}`);
		expect(out.slice(1).every((order) => order.already_registered === false && !order.error)).toBe(
			true,
		);
		// Four orders placed: one listing page after the run checked them all.
		const checks = (await receivedRequests(sandbox())).filter(
			(request) => request.query.date_time_from !== undefined,
		);
		expect(checks).toHaveLength(1);
	});

	it('without Continue On Fail, the run fails on the duplicate', async () => {
		const first = await placeOrderDirect(sandbox(), 'TWICE-2');
		const second = await placeOrderDirect(sandbox(), 'TWICE-2');
		const result = await runPrintio(sandbox(), autoMap(), { input: [sheetRow('TWICE-2')] });
		expect(result.error?.message).toContain(`${first}, ${second}`);
	});
});
