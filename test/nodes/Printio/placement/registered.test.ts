/**
 * What Printio already holds, read in bulk before and after a placement run: the listing's request shape, its
 * request budget, grouping by EC order number, and the window derived from the orders' dates.
 */
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Order } from '../../../../api/schema/types';
import {
	distinctOrderNos,
	listRegisteredSince,
	registeredNotBefore,
} from '../../../../nodes/Printio/placement/registered';
import { formatApiDateTime } from '../../../../nodes/shared/printio/time';
import { printioApi } from '../../../../nodes/shared/printio/transport';
import {
	CONNECTION,
	NODE,
	ok,
	scriptedContext,
	type ScriptedAnswer,
} from '../../shared/printio/transport/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const FROM = Date.parse('2026-11-20T00:00:00Z');
const order = (ec_order_no: string, order_no: string): Partial<Order> => ({
	ec_order_no,
	order_no,
});
const page = (total: number | undefined, orders: Array<Partial<Order>>): ScriptedAnswer =>
	ok({ ...(total === undefined ? {} : { total }), orders });
const options = (
	overrides: Partial<{
		multiItemOrder: boolean;
		itemIndex: number;
		concurrency: number;
		apiTimeZone: string;
	}> = {},
) => ({
	multiItemOrder: false,
	itemIndex: 0,
	concurrency: 4,
	apiTimeZone: 'Asia/Tokyo',
	...overrides,
});

beforeEach(() => jest.mocked(sleep).mockClear());

describe('listRegisteredSince', () => {
	it('reads the orders since the moment, oldest first, 30 a page, grouped by EC order number', async () => {
		const { context, sent } = scriptedContext([
			page(3, [order('A', 'P-1'), order('B', 'P-2'), order('A', 'P-3')]),
		]);
		const found = await listRegisteredSince(printioApi(context, CONNECTION), FROM, 5, options());
		expect(found).toEqual(
			new Map([
				['A', [order('A', 'P-1'), order('A', 'P-3')]],
				['B', [order('B', 'P-2')]],
			]),
		);
		expect(sent).toHaveLength(1);
		expect(sent[0].options.url).toBe('/orders');
		expect(sent[0].options.qs).toEqual({
			date_time_from: formatApiDateTime(FROM),
			sort_value: 'created_at',
			order: 'asc',
			limit: 30,
			page: 1,
		});
		expect(sent[0].options.headers).not.toHaveProperty('X-Feature-Flags');
	});

	it('asks every further page once and keeps all records, with MultiItemOrder when the run uses it', async () => {
		const first = Array.from({ length: 30 }, (_, i) => order(`E${i}`, `P${i}`));
		const { context, sent } = scriptedContext([
			page(61, first),
			page(61, [order('E30', 'P30')]),
			page(61, [order('E31', 'P31')]),
		]);
		const found = await listRegisteredSince(
			printioApi(context, CONNECTION),
			FROM,
			3,
			options({ multiItemOrder: true, itemIndex: 2 }),
		);
		expect(found?.size).toBe(32);
		expect(sent.map((request) => request.options.qs?.page).sort()).toEqual([1, 2, 3]);
		for (const request of sent)
			expect(request.options.headers).toEqual(
				expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
			);
	});

	it('gives up after the first page when the listing would cost more than the budget', async () => {
		const { context, sent } = scriptedContext([page(61, [order('A', 'P-1')]), ok(), ok()]);
		expect(
			await listRegisteredSince(printioApi(context, CONNECTION), FROM, 2, options()),
		).toBeUndefined();
		expect(sent).toHaveLength(1);
	});

	it('spends nothing with no budget, and exactly the budget when the pages fit it', async () => {
		const none = scriptedContext([]);
		expect(
			await listRegisteredSince(printioApi(none.context, CONNECTION), FROM, 0, options()),
		).toBeUndefined();
		expect(none.sent).toHaveLength(0);
		const exact = scriptedContext([page(30, [order('A', 'P-1')])]);
		expect(
			(await listRegisteredSince(printioApi(exact.context, CONNECTION), FROM, 1, options()))?.get(
				'A',
			),
		).toHaveLength(1);
	});

	it('counts the first page when the total is missing, and stops when the first page is empty', async () => {
		const noTotal = scriptedContext([page(undefined, [order('A', 'P-1')])]);
		expect(
			(await listRegisteredSince(printioApi(noTotal.context, CONNECTION), FROM, 1, options()))
				?.size,
		).toBe(1);
		const empty = scriptedContext([page(90, [])]);
		expect(
			await listRegisteredSince(printioApi(empty.context, CONNECTION), FROM, 3, options()),
		).toEqual(new Map());
		expect(empty.sent).toHaveLength(1);
		const noList = scriptedContext([ok({ status_code: 1, total: 0 })]);
		expect(
			await listRegisteredSince(printioApi(noList.context, CONNECTION), FROM, 3, options()),
		).toEqual(new Map());
	});

	it('reads no further page after a first page without a list, whatever total it claims', async () => {
		const { context, sent } = scriptedContext([
			ok({ total: 61 }),
			page(61, [order('A', 'P-1')]),
			page(61, [order('B', 'P-2')]),
		]);
		expect(await listRegisteredSince(printioApi(context, CONNECTION), FROM, 3, options())).toEqual(
			new Map(),
		);
		expect(sent).toHaveLength(1);
	});

	it('without a total, counts the first page: a page longer than 30 records means a second page is read', async () => {
		const first = Array.from({ length: 31 }, (_, i) => order(`E${i}`, `P${i}`));
		const { context, sent } = scriptedContext([
			page(undefined, first),
			page(undefined, [order('E31', 'P31')]),
		]);
		const found = await listRegisteredSince(printioApi(context, CONNECTION), FROM, 2, options());
		expect(found?.size).toBe(32);
		expect(sent.map((request) => request.options.qs?.page)).toEqual([1, 2]);
	});

	it('has at most Concurrency pages in flight, and never more than 8', async () => {
		// A service that answers each page after a turn of the event loop, counting the requests open at once.
		const slowService = (total: number) => {
			let open = 0;
			const seen = { most: 0, pages: [] as unknown[] };
			const context = {
				getNode: () => NODE,
				helpers: {
					httpRequestWithAuthentication: async (
						_credential: string,
						requestOptions: IHttpRequestOptions,
					) => {
						open++;
						seen.most = Math.max(seen.most, open);
						seen.pages.push(requestOptions.qs?.page);
						await new Promise((resolve) => setImmediate(resolve));
						open--;
						const number = Number(requestOptions.qs?.page);
						const count = Math.min(30, total - (number - 1) * 30);
						return {
							statusCode: 200,
							headers: {},
							body: {
								status_code: 0,
								message: 'ok',
								total,
								orders: Array.from({ length: count }, (_, i) =>
									order(`E${number}-${i}`, `P${number}-${i}`),
								),
							},
						};
					},
				},
			} as unknown as IExecuteFunctions;
			return { context, seen };
		};
		const two = slowService(30 * 6);
		expect(
			(
				await listRegisteredSince(
					printioApi(two.context, CONNECTION),
					FROM,
					6,
					options({ concurrency: 2 }),
				)
			)?.size,
		).toBe(180);
		expect(two.seen.pages).toHaveLength(6);
		expect(two.seen.most).toBe(2);
		const one = slowService(30 * 4);
		expect(
			(
				await listRegisteredSince(
					printioApi(one.context, CONNECTION),
					FROM,
					4,
					options({ concurrency: 1 }),
				)
			)?.size,
		).toBe(120);
		expect(one.seen.most).toBe(1);
		const many = slowService(30 * 12);
		expect(
			(
				await listRegisteredSince(
					printioApi(many.context, CONNECTION),
					FROM,
					12,
					options({ concurrency: 20 }),
				)
			)?.size,
		).toBe(360);
		expect(many.seen.pages).toHaveLength(12);
		expect(many.seen.most).toBe(8);
	});

	it('leaves out records without an EC order number', async () => {
		const { context } = scriptedContext([page(2, [order('', 'P-1'), { order_no: 'P-2' }])]);
		expect(await listRegisteredSince(printioApi(context, CONNECTION), FROM, 1, options())).toEqual(
			new Map(),
		);
	});

	it('answers undefined (look each order up) when a page fails', async () => {
		const first = Array.from({ length: 30 }, (_, i) => order(`E${i}`, `P${i}`));
		const { context } = scriptedContext([
			page(31, first),
			{ statusCode: 200, body: { status_code: 11, message: 'no' } },
		]);
		expect(
			await listRegisteredSince(printioApi(context, CONNECTION), FROM, 2, options()),
		).toBeUndefined();
		const firstFails = scriptedContext([{ statusCode: 404, body: '' }]);
		expect(
			await listRegisteredSince(printioApi(firstFails.context, CONNECTION), FROM, 2, options()),
		).toBeUndefined();
	});
});

describe('registeredNotBefore', () => {
	const tokyoMidnight = (date: string) => Date.parse(`${date}T00:00:00+09:00`);
	const DAY = 86_400_000;

	it('is one day before Tokyo midnight of the earliest EC order date', () => {
		expect(registeredNotBefore([{ ec_order_date: '2026-11-20' }], 'Asia/Tokyo')).toBe(
			tokyoMidnight('2026-11-20') - DAY,
		);
		expect(
			registeredNotBefore(
				[
					{ ec_order_date: '2026-11-20 18:00:00' },
					{ ec_order_date: ' 2026-02-03' },
					{ ec_order_date: '2026-12-31' },
				],
				'Asia/Tokyo',
			),
		).toBe(tokyoMidnight('2026-02-03') - DAY);
	});

	it('trusts no window when any body has no readable date, or there are no bodies', () => {
		expect(
			registeredNotBefore([{ ec_order_date: '2026-11-20' }, {}], 'Asia/Tokyo'),
		).toBeUndefined();
		expect(registeredNotBefore([{ ec_order_date: '20.11.2026' }], 'Asia/Tokyo')).toBeUndefined();
		expect(registeredNotBefore([{ ec_order_date: 20261120 }], 'Asia/Tokyo')).toBeUndefined();
		expect(registeredNotBefore([{ ec_order_date: 'x2026-11-20' }], 'Asia/Tokyo')).toBeUndefined();
		expect(registeredNotBefore([], 'Asia/Tokyo')).toBeUndefined();
	});
});

describe('the API Time Zone option', () => {
	it("counts the window from midnight of the EC order date in the API's zone, daylight saving included", () => {
		const DAY = 86_400_000;
		expect(registeredNotBefore([{ ec_order_date: '2026-11-20' }], 'UTC')).toBe(
			Date.parse('2026-11-20T00:00:00Z') - DAY,
		);
		expect(registeredNotBefore([{ ec_order_date: '2026-07-01' }], 'America/New_York')).toBe(
			Date.parse('2026-07-01T00:00:00-04:00') - DAY,
		);
		expect(registeredNotBefore([{ ec_order_date: '2026-01-15' }], 'America/New_York')).toBe(
			Date.parse('2026-01-15T00:00:00-05:00') - DAY,
		);
	});

	it("asks for the listing from the moment written in the API's zone", async () => {
		const { context, sent } = scriptedContext([page(0, [])]);
		await listRegisteredSince(
			printioApi(context, CONNECTION),
			FROM,
			1,
			options({ apiTimeZone: 'UTC' }),
		);
		expect(sent[0].options.qs?.date_time_from).toBe('2026-11-20 00:00:00');
		const tokyo = scriptedContext([page(0, [])]);
		await listRegisteredSince(printioApi(tokyo.context, CONNECTION), FROM, 1, options());
		expect(tokyo.sent[0].options.qs?.date_time_from).toBe('2026-11-20 09:00:00');
	});
});

describe('distinctOrderNos', () => {
	it('lists each order number once, lowest first, numbers compared as numbers', () => {
		const records = [
			order('A', 'P-10'),
			order('A', 'P-2'),
			order('A', 'P-10'),
			order('A', 'P-1'),
		] as Order[];
		expect(distinctOrderNos(records)).toEqual(['P-1', 'P-2', 'P-10']);
		expect(distinctOrderNos([])).toEqual([]);
	});
});
