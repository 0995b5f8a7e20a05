/**
 * Include Full Order with several shipments of one order: each change gets the record of its own shipment, and a
 * change without a shipment gets the order's record without one, whichever shipment GET /orders lists first.
 */
import type { IDataObject, IHttpRequestOptions, IPollFunctions } from 'n8n-workflow';

import { PrintioTrigger } from '../../../nodes/PrintioTrigger/PrintioTrigger.node';
import { formatApiDateTime } from '../../../nodes/shared/printio/time';
import { CONNECTION, ok } from '../shared/printio/transport/fakeContext';

const NOW = Date.parse('2026-11-25T03:00:00Z');

let triggers = 0;

/**
 * One poll of a new trigger (its own workflow) with Include Full Order and MultiItemOrder: what it emits under
 * "order", in change order.
 */
async function ordersEmitted(changes: IDataObject[], orders: IDataObject[]): Promise<unknown[]> {
	jest.spyOn(Date, 'now').mockImplementation(() => NOW);
	const workflowId = `wf-shipments-${++triggers}`;
	const context = {
		getMode: () => 'trigger',
		getNode: () => ({
			id: 't',
			name: 'Printio Trigger',
			type: 'n8n-nodes-printio.printioTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		}),
		getWorkflow: () => ({ id: workflowId, active: true }),
		getTimezone: () => 'Asia/Tokyo',
		getWorkflowStaticData: () => ({}),
		getCredentials: async () => CONNECTION.credentials,
		getNodeParameter: (name: string, fallback?: unknown) =>
			name === 'options' ? { includeOrder: true, multiItemOrder: true } : fallback,
		helpers: {
			httpRequestWithAuthentication: async (_credential: string, options: IHttpRequestOptions) => ({
				headers: {},
				...(options.url === '/orders'
					? ok({ total: orders.length, orders })
					: ok({ total: changes.length, orders: changes })),
			}),
		},
	};
	const out = await new PrintioTrigger().poll.call(context as unknown as IPollFunctions);
	return (out?.[0] ?? []).map((item) => item.json.order);
}

const change = (shipping: IDataObject, secondsAgo: number): IDataObject => ({
	order_no: 'A',
	status_id: 3,
	updated_at: formatApiDateTime(NOW - secondsAgo * 1000, 'Asia/Tokyo'),
	...shipping,
});

afterEach(() => jest.restoreAllMocks());

describe('Include Full Order: the record of the change’s own shipment', () => {
	const first = { order_no: 'A', shipping_id: 'S1', n: 1 };
	const unshipped = { order_no: 'A', shipping_id: null, n: 2 };
	const absent = { order_no: 'A', n: 3 };

	it('a change with shipping_id null gets the record without a shipment, not the shipment listed first', async () => {
		expect(
			await ordersEmitted(
				[change({ shipping_id: null }, 30), change({ shipping_id: 'S1' }, 20)],
				[first, unshipped],
			),
		).toEqual([unshipped, first]);
	});

	it('null and an absent shipping_id are the same “no shipment”, on either side', async () => {
		expect(await ordersEmitted([change({ shipping_id: null }, 30)], [first, absent])).toEqual([
			absent,
		]);
		expect(await ordersEmitted([change({}, 30)], [first, unshipped])).toEqual([unshipped]);
	});

	it('a shipment not listed falls back to the order number’s first record', async () => {
		expect(
			await ordersEmitted(
				[change({ shipping_id: 'S9' }, 30), change({ shipping_id: null }, 20)],
				[first],
			),
		).toEqual([first, first]);
	});

	it('a numeric shipping_id matches its text', async () => {
		const numbered = { order_no: 'A', shipping_id: 7, n: 4 };
		expect(await ordersEmitted([change({ shipping_id: '7' }, 30)], [first, numbered])).toEqual([
			numbered,
		]);
	});
});
