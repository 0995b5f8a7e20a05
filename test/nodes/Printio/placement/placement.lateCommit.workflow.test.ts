/**
 * After a placement whose outcome is unknown, the node looks the order up on a backoff (1, 2, 4, 8 s) before
 * the one resend, so that a registration that becomes visible seconds after the dropped connection is found,
 * not ordered twice. The sandbox's closeThenCommitLater fault is exactly that service.
 */
import type { INodeProperties } from 'n8n-workflow';

import { orderCreateFields } from '../../../../nodes/Printio/actions/order/create.fields';
import {
	LATE_COMMIT_WAIT_MS,
	lateCommitPauses,
} from '../../../../nodes/Printio/placement/placement';
import { orderByCodeParameters } from '../fixtures';
import { control, jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const ordersAtSandbox = (ecOrderNo: string) =>
	sandbox()
		.store.orders.ofRetailer(1)
		.filter((order) => order.ec_order_no === ecOrderNo);

const routes = async () =>
	(await receivedRequests(sandbox())).map((request) => `${request.method} ${request.path}`);

describe('a registration that becomes visible late', () => {
	it('waits 1, 2, 4, 8 s (15 s) by default, the node option says the same', () => {
		expect(lateCommitPauses(LATE_COMMIT_WAIT_MS)).toEqual([1000, 2000, 4000, 8000]);
		expect(lateCommitPauses(10_000)).toEqual([1000, 2000, 4000, 3000]);
		const options = orderCreateFields('orderByCode').find((field) => field.name === 'options')!;
		const wait = (options.options as INodeProperties[]).find(
			(option) => option.name === 'lateCommitWaitSeconds',
		)!;
		expect(wait.default).toBe(LATE_COMMIT_WAIT_MS / 1000);
	});

	it('finds an order registered 2 s after the connection dropped, and does not send it again', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'closeThenCommitLater',
			delayMs: 2000,
		});
		const [order] = jsonOf(await runPrintio(sandbox(), orderByCodeParameters('LATE-2S')));
		expect(order).toEqual(
			expect.objectContaining({
				ec_order_no: 'LATE-2S',
				already_registered: true,
				recovered_after_error: true,
			}),
		);
		expect(ordersAtSandbox('LATE-2S')).toHaveLength(1);
		expect(ordersAtSandbox('LATE-2S')[0].order_no).toBe(order.order_no);
		const sent = await routes();
		expect(sent.filter((route) => route === 'POST /order-by-code')).toHaveLength(1);
		// The lookup before placing, then the backoff's lookups until the order appeared.
		expect(sent.filter((route) => route === 'GET /orders').length).toBeGreaterThanOrEqual(3);
	});

	it('sends once more only after every lookup of the wait found nothing', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'closeBeforeCommit',
			times: 1,
		});
		const [order] = jsonOf(
			await runPrintio(
				sandbox(),
				orderByCodeParameters('LATE-NEVER', { options: { lateCommitWaitSeconds: 3 } }),
			),
		);
		expect(order).toEqual(
			expect.objectContaining({
				ec_order_no: 'LATE-NEVER',
				already_registered: false,
				retried: true,
			}),
		);
		// The catalog record for the colour and size match, lookup, placement (dropped), lookups after 1 s and 2 s more, the resend, the duplicate check.
		expect(await routes()).toEqual([
			'GET /original-items',
			'GET /orders',
			'POST /order-by-code',
			'GET /orders',
			'GET /orders',
			'POST /order-by-code',
			'GET /orders',
		]);
		expect(ordersAtSandbox('LATE-NEVER')).toHaveLength(1);
		// The lookups wait 1 s, then 2 s more, before the resend: lower bounds, which a loaded machine only lengthens.
		const at = (await receivedRequests(sandbox())).map((request) => Date.parse(request.startedAt));
		const TIMER_SLACK_MS = 50;
		expect(at[3] - at[2]).toBeGreaterThanOrEqual(1000 - TIMER_SLACK_MS);
		expect(at[4] - at[3]).toBeGreaterThanOrEqual(2000 - TIMER_SLACK_MS);
		expect(at[5] - at[2]).toBeGreaterThanOrEqual(3000 - TIMER_SLACK_MS);
	});

	it('reports "outcome unknown" with what to check when the resend fails too', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /order-by-code',
			kind: 'closeBeforeCommit',
			times: 2,
		});
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('LATE-UNKNOWN', { options: { lateCommitWaitSeconds: 1 } }),
		);
		expect(result.error?.message).toMatch(/connection to Printio was closed/);
		expect(result.error?.description).toMatch(/not known whether Printio registered this order/);
		expect(result.error?.description).toMatch(/Order › Get Many \(by EC order number\)/);
		expect((await routes()).filter((route) => route === 'POST /order-by-code')).toHaveLength(2);
	});
});
