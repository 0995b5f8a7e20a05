/**
 * Order › Get Statuses: every filter and option, asserted on the
 * exact query (and feature header) the sandbox received, so that an operation that ignores one fails.
 */
import type { INodeParameters } from 'n8n-workflow';

import { control, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../../setup';

const sandbox = useSandbox();
beforeEach(async () => await resetSandbox(sandbox()));

async function sent(
	operation: 'getMany' | 'getStatuses',
	filters: INodeParameters,
	options: INodeParameters = {},
	extra: INodeParameters = {},
) {
	await control(sandbox(), 'DELETE', '/requests');
	const result = await runPrintio(
		sandbox(),
		{ resource: 'order', operation, returnAll: false, limit: 5, filters, options, ...extra },
		{ timezone: 'Europe/Berlin' },
	);
	expect(result.error).toBeUndefined();
	const [request] = await receivedRequests(sandbox());
	return { query: request.query, multi: request.headers['x-feature-flags'], items: result.items };
}

describe('Order › Get Statuses: each filter and option reaches the request', () => {
	it.each<[string, INodeParameters, INodeParameters, Record<string, string>]>([
		[
			'Status Changed After / Before, from the workflow’s time zone to Tokyo',
			{ dateTimeFrom: '2026-11-21 02:00:00', dateTimeTo: '2026-11-21 03:30:00' },
			{},
			{ date_time_from: '2026-11-21 10:00:00', date_time_to: '2026-11-21 11:30:00' },
		],
		[
			'API Time Zone',
			{ dateTimeFrom: '2026-11-21 02:00:00' },
			{ apiTimeZone: 'UTC' },
			{ date_time_from: '2026-11-21 01:00:00' },
		],
		['EC Order Number', { ecOrderNo: 'SHOP-1' }, {}, { ec_order_no: 'SHOP-1' }],
		[
			'Order Numbers, trimmed and joined',
			{ orderNo: 'PO00000001, PO00000002' },
			{},
			{ order_no: 'PO00000001,PO00000002' },
		],
		[
			'Status ID',
			{ ecOrderNo: 'SHOP-1', statusId: 5 },
			{},
			{ ec_order_no: 'SHOP-1', status_id: '5' },
		],
		['Team ID', { ecOrderNo: 'SHOP-1' }, { teamId: 7 }, { ec_order_no: 'SHOP-1', team_id: '7' }],
	])('%s', async (_name, filters, options, expected) => {
		const { query, multi } = await sent('getStatuses', filters, options);
		expect(query).toEqual(expected);
		expect(multi).toBeUndefined();
	});

	it('Multi-Item Orders: the read carries X-Feature-Flags: MultiItemOrder', async () => {
		expect(
			(await sent('getStatuses', { ecOrderNo: 'SHOP-1' }, { multiItemOrder: true })).multi,
		).toBe('MultiItemOrder');
	});
});
