/**
 * Order › Get Many: every filter and option, asserted on the
 * exact query (and feature header) the sandbox received, so that an operation that ignores one fails.
 */
import type { INodeParameters } from 'n8n-workflow';

import { ALL_ORDERS_FROM } from '../../../../nodes/Printio/actions/order/getMany.operation';
import { control, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../../../nodes/setup';

const sandbox = useSandbox();
beforeEach(async () => await resetSandbox(sandbox()));

async function sent(operation: 'getMany' | 'getStatuses', filters: INodeParameters, options: INodeParameters = {}, extra: INodeParameters = {}) {
	await control(sandbox(), 'DELETE', '/requests');
	const result = await runPrintio(sandbox(), { resource: 'order', operation, returnAll: false, limit: 5, filters, options, ...extra }, { timezone: 'Europe/Berlin' });
	expect(result.error).toBeUndefined();
	const [request] = await receivedRequests(sandbox());
	return { query: request.query, multi: request.headers['x-feature-flags'], items: result.items };
}

describe('Order › Get Many: each filter and option reaches the request', () => {
	const base = { limit: '5', page: '1' };
	it.each<[string, INodeParameters, INodeParameters, Record<string, string>]>([
		['no filter: every order since the default start', {}, {}, { date_time_from: ALL_ORDERS_FROM }],
		// Berlin is 8 hours behind Tokyo in November.
		['Created After / Before, from the workflow’s time zone to Tokyo', { dateTimeFrom: '2026-11-21 02:00:00', dateTimeTo: '2026-11-21 03:30:00' }, {}, { date_time_from: '2026-11-21 10:00:00', date_time_to: '2026-11-21 11:30:00' }],
		['API Time Zone', { dateTimeFrom: '2026-11-21 02:00:00' }, { apiTimeZone: 'UTC' }, { date_time_from: '2026-11-21 01:00:00' }],
		['EC Order Number (no default start)', { ecOrderNo: 'SHOP-1' }, {}, { ec_order_no: 'SHOP-1' }],
		['Order Numbers, trimmed and joined', { orderNo: ' PO00000001 , PO00000002,' }, {}, { order_no: 'PO00000001,PO00000002' }],
		['Status ID', { statusId: 5 }, {}, { status_id: '5', date_time_from: ALL_ORDERS_FROM }],
		['Sort By and Sort Order', {}, { sortValue: 'status_id', order: 'desc' }, { sort_value: 'status_id', order: 'desc', date_time_from: ALL_ORDERS_FROM }],
		['Team ID', {}, { teamId: 7 }, { team_id: '7', date_time_from: ALL_ORDERS_FROM }],
	])('%s', async (_name, filters, options, expected) => {
		const { query, multi } = await sent('getMany', filters, options);
		expect(query).toEqual({ ...base, ...expected });
		expect(multi).toBeUndefined();
	});

	it('Multi-Item Orders: the read carries X-Feature-Flags: MultiItemOrder', async () => {
		expect((await sent('getMany', {}, { multiItemOrder: true })).multi).toBe('MultiItemOrder');
	});

	it('Simplify: on by default leaves out the address blocks; off keeps them', async () => {
		const [simple] = (await sent('getMany', {})).items;
		const [raw] = (await sent('getMany', {}, {}, { simplify: false })).items;
		expect(simple.json.shipping_information).toBeUndefined();
		expect(raw.json.shipping_information).toBeDefined();
	});
});
