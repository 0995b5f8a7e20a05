/**
 * Limits of a placement run, counted at the sandbox: without Continue On Fail no new order starts after a
 * failed one, and never more than 8 requests are in flight, whatever the Concurrency option says.
 */
import { sheetRow } from '../fixtures';
import { control, jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const placedEcOrderNos = (prefix: string) =>
	sandbox()
		.store.orders.ofRetailer(1)
		.map((order) => order.ec_order_no)
		.filter((ec) => ec.startsWith(prefix));

describe('placement run limits', () => {
	it('without Continue On Fail, starts no new order after a failure and says which orders were placed', async () => {
		const rows = [
			sheetRow('STOP-0'),
			// Navy XXL: 3 in stock (sandbox seed), 5 pass every check before sending and are refused by the API (13).
			sheetRow('STOP-1', { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 5 }),
			...Array.from({ length: 4 }, (_, i) => sheetRow(`STOP-${i + 2}`)),
		];
		const result = await runPrintio(
			sandbox(),
			{ resource: 'order', operation: 'create', inputMode: 'autoMap', options: { concurrency: 1 } },
			{ input: rows },
		);
		expect(result.error).toBeDefined();
		expect(
			result.error?.itemIndex ?? (result.error?.context as { itemIndex?: number })?.itemIndex,
		).toBe(1);
		expect(result.error?.description).toMatch(/1 other order\(s\) of this run were placed/);
		expect(placedEcOrderNos('STOP-')).toEqual(['STOP-0']);
		// Not even looked up: the later orders were never started.
		const asked = (await receivedRequests(sandbox())).map((request) =>
			String(request.query?.ec_order_no ?? request.body?.ec_order_no),
		);
		expect(asked.filter((ec) => /STOP-[2-5]/.test(ec))).toEqual([]);
	});

	it('with Continue On Fail, tries every order and reports the failed one in its place', async () => {
		const rows = [
			sheetRow('GOON-0'),
			sheetRow('GOON-1', { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 5 }),
			sheetRow('GOON-2'),
		];
		const out = jsonOf(
			await runPrintio(
				sandbox(),
				{
					resource: 'order',
					operation: 'create',
					inputMode: 'autoMap',
					options: { concurrency: 1 },
				},
				{ input: rows, continueOnFail: true },
			),
		);
		expect(out.map((order) => typeof order.error === 'string')).toEqual([false, true, false]);
		expect(placedEcOrderNos('GOON-').sort()).toEqual(['GOON-0', 'GOON-2']);
	});

	it('never has more than 8 requests in flight, even when an expression asks for more', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: '*',
			kind: 'delay',
			delayMs: 100,
			times: 0,
		});
		await control(sandbox(), 'DELETE', '/stats');
		const rows = Array.from({ length: 40 }, (_, i) => sheetRow(`CAP-${i}`));
		const out = jsonOf(
			await runPrintio(
				sandbox(),
				{
					resource: 'order',
					operation: 'create',
					inputMode: 'autoMap',
					options: { concurrency: '={{ 5 * 4 }}' },
				},
				{ input: rows },
			),
		);
		expect(out.every((order) => typeof order.order_no === 'string')).toBe(true);
		const stats = await control(sandbox(), 'GET', '/stats');
		expect(stats.maxInFlight).toBeLessThanOrEqual(8);
		expect(stats.maxInFlight).toBeGreaterThan(1);
	});
});
