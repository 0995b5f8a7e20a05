/**
 * Order › Get Many: every filter and option, asserted on the
 * exact query (and feature header) the sandbox received, so that an operation that ignores one fails.
 */
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';

import { ALL_ORDERS_FROM } from '../../../../../nodes/Printio/actions/order/getMany.operation';
import {
	control,
	jsonOf,
	placeOrderDirect,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../../setup';

const sandbox = useSandbox();

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

describe('Order › Get Many: each filter and option reaches the request', () => {
	beforeEach(async () => await resetSandbox(sandbox()));
	const base = { limit: '5', page: '1' };
	it.each<[string, INodeParameters, INodeParameters, Record<string, string>]>([
		['no filter: every order since the default start', {}, {}, { date_time_from: ALL_ORDERS_FROM }],
		// Berlin is 8 hours behind Tokyo in November.
		[
			'Created After / Before, from the workflow’s time zone to Tokyo',
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
		['EC Order Number (no default start)', { ecOrderNo: 'SHOP-1' }, {}, { ec_order_no: 'SHOP-1' }],
		[
			'Order Numbers, trimmed and joined',
			{ orderNo: ' PO00000001 , PO00000002,' },
			{},
			{ order_no: 'PO00000001,PO00000002' },
		],
		['Status ID', { statusId: 5 }, {}, { status_id: '5', date_time_from: ALL_ORDERS_FROM }],
		[
			'Sort By and Sort Order',
			{},
			{ sortValue: 'status_id', order: 'desc' },
			{ sort_value: 'status_id', order: 'desc', date_time_from: ALL_ORDERS_FROM },
		],
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

describe('Order › Get Many: Return All and Limit over any number of orders (property, through n8n against the sandbox)', () => {
	// 125 orders one second apart; a Created After/Before window selects any contiguous run of them (0 to 125).
	const COUNT = 125;
	const placed: string[] = [];
	const at = (second: number) =>
		`2030-01-01 10:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
	beforeAll(async () => {
		await resetSandbox(sandbox());
		await control(sandbox(), 'POST', '/time', { set: at(0), freeze: true });
		for (let n = 0; n < COUNT; n++) {
			placed.push(await placeOrderDirect(sandbox(), `PAGE-${n}`));
			await control(sandbox(), 'POST', '/time', { advanceSeconds: 1 });
		}
	});

	it('every order of the window once and in order, each page asked for exactly once; Limit gives the first ones', async () => {
		const windowArb = fc.oneof(
			// Windows of exactly 0, 1, 29, 30, 31, 60, 61, 90, 120 orders, and any other.
			fc
				.constantFrom(0, 1, 29, 30, 31, 60, 61, 90, 120, COUNT)
				.chain((size) =>
					fc.integer({ min: 0, max: COUNT - size }).map((first) => [first, size] as const),
				),
			fc
				.integer({ min: 0, max: COUNT })
				.chain((first) =>
					fc.integer({ min: 0, max: COUNT - first }).map((size) => [first, size] as const),
				),
		);
		const limitArb = fc.option(
			fc.oneof(fc.constantFrom(1, 29, 30, 31, 60, 61), fc.integer({ min: 1, max: 140 })),
			{ nil: undefined },
		);
		await fc.assert(
			fc.asyncProperty(windowArb, limitArb, async ([first, size], limit) => {
				await control(sandbox(), 'DELETE', '/requests');
				// An empty window: seconds after the last order.
				const filters =
					size === 0
						? { dateTimeFrom: at(COUNT + 10), dateTimeTo: at(COUNT + 20) }
						: { dateTimeFrom: at(first), dateTimeTo: at(first + size - 1) };
				const listing = limit === undefined ? { returnAll: true } : { returnAll: false, limit };
				const result = await runPrintio(
					sandbox(),
					{ resource: 'order', operation: 'getMany', filters, ...listing },
					{ timezone: 'Asia/Tokyo' },
				);
				const wanted = placed.slice(first, first + size).slice(0, limit ?? Infinity);
				expect(jsonOf(result).map((order) => order.order_no)).toEqual(wanted);
				const pageSize = Math.min(limit ?? 30, 30);
				const pages = Math.max(
					1,
					Math.min(Math.ceil(size / pageSize), Math.ceil((limit ?? Infinity) / pageSize)),
				);
				const requests = await receivedRequests(sandbox());
				expect(requests.map((request) => Number(request.query.page)).sort((a, b) => a - b)).toEqual(
					Array.from({ length: pages }, (_, i) => i + 1),
				);
				expect(requests.every((request) => request.query.limit === String(pageSize))).toBe(true);
			}),
			{ numRuns: 25 },
		);
	});
});
