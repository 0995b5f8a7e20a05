/** listAll at the edges the paging properties (pagination.properties.test.ts) do not reach: odd answers of the service. */
import { listAll } from '../../../../../nodes/shared/printio/transport/pagination';
import { CONNECTION, ok, scriptedContext } from './fakeContext';

const categories = (count: number, from = 0) =>
	Array.from({ length: count }, (_, i) => ({
		category_id: from + i,
		category_name: `c${from + i}`,
	}));

describe('listAll', () => {
	it('stops at an empty first page, whatever total it claims', async () => {
		const { context, sent } = scriptedContext([
			ok({ total: 90, list_item_data: [] }),
			ok({ total: 90, list_item_data: categories(30) }),
		]);
		expect(await listAll(context, CONNECTION, 'getItems', { limit: Infinity })).toEqual([]);
		expect(sent).toHaveLength(1);
	});

	it('never returns more than the limit, even when a page holds more than was asked for', async () => {
		const { context, sent } = scriptedContext([ok({ total: 100, list_item_data: categories(7) })]);
		expect(await listAll(context, CONNECTION, 'getItems', { limit: 5 })).toEqual(categories(5));
		expect(sent).toHaveLength(1);
		expect(sent[0].options.qs).toEqual({ limit: 5, page: 1 });
	});

	it('counts the records of the first page when the answer has no total', async () => {
		const { context, sent } = scriptedContext([
			ok({ list_item_data: categories(31) }),
			ok({ list_item_data: categories(3, 31) }),
		]);
		expect(await listAll(context, CONNECTION, 'getItems', { limit: Infinity })).toEqual(
			categories(34),
		);
		expect(sent.map((request) => request.options.qs)).toEqual([
			{ limit: 30, page: 1 },
			{ limit: 30, page: 2 },
		]);
		const short = scriptedContext([ok({ list_item_data: categories(4) })]);
		expect(await listAll(short.context, CONNECTION, 'getItems', { limit: Infinity })).toEqual(
			categories(4),
		);
		expect(short.sent).toHaveLength(1);
	});

	it('asks nothing for a limit of 0 or below, and reads a missing list as empty', async () => {
		const none = scriptedContext([]);
		expect(await listAll(none.context, CONNECTION, 'getItems', { limit: 0 })).toEqual([]);
		expect(await listAll(none.context, CONNECTION, 'getItems', { limit: -3 })).toEqual([]);
		expect(none.sent).toHaveLength(0);
		const missing = scriptedContext([ok({ total: 3 })]);
		expect(await listAll(missing.context, CONNECTION, 'getItems', { limit: 10 })).toEqual([]);
	});
});

describe('listAll with shortPageEnds', () => {
	const orders = (count: number, from = 0) =>
		Array.from({ length: count }, (_, i) => ({ order_no: `O${from + i}` }));
	const pagesOf = (sent: Array<{ options: { qs?: unknown } }>) =>
		sent.map((request) => request.options.qs);

	it('asks page after page, the query first, and stops at the first page shorter than asked, whatever total says', async () => {
		const { context, sent } = scriptedContext([
			ok({ total: 90, orders: orders(30) }),
			ok({ total: 90, orders: orders(5, 30) }),
			ok({ total: 90, orders: orders(30, 35) }),
		]);
		const read = listAll(context, CONNECTION, 'getOrders', {
			qs: { order_no: 'A,B' },
			limit: Infinity,
			shortPageEnds: true,
		});
		expect(await read).toEqual(orders(35));
		expect(pagesOf(sent)).toEqual([
			{ order_no: 'A,B', limit: 30, page: 1 },
			{ order_no: 'A,B', limit: 30, page: 2 },
		]);
		// Without the option the same answers are read by total: page 3 too.
		const byTotal = scriptedContext([
			ok({ total: 90, orders: orders(30) }),
			ok({ total: 90, orders: orders(5, 30) }),
			ok({ total: 90, orders: orders(30, 35) }),
		]);
		expect(
			await listAll(byTotal.context, CONNECTION, 'getOrders', {
				qs: { order_no: 'A,B' },
				limit: Infinity,
			}),
		).toEqual(orders(65));
		expect(byTotal.sent).toHaveLength(3);
	});

	it('one request when the first page is empty, holds the total, or has no total', async () => {
		for (const body of [
			{ total: 90, orders: [] },
			{ status_code: 1, message: 'no data', total: 90 },
			{ total: 30, orders: orders(30) },
			{ orders: orders(30) },
			{ total: 12, orders: orders(40) },
		]) {
			const { context, sent } = scriptedContext([
				ok(body),
				ok({ total: 90, orders: orders(30, 100) }),
			]);
			const records = await listAll(context, CONNECTION, 'getOrders', {
				limit: Infinity,
				shortPageEnds: true,
			});
			expect(records).toEqual(Array.isArray(body.orders) ? body.orders : []);
			expect(sent).toHaveLength(1);
		}
	});

	it('each page decides by its own total; a page of more than asked is full', async () => {
		const { context, sent } = scriptedContext([
			ok({ total: 120, orders: orders(31) }),
			ok({ total: 61, orders: orders(30, 31) }),
			ok({ total: 90, orders: orders(30, 61) }),
		]);
		expect(
			await listAll(context, CONNECTION, 'getOrders', { limit: Infinity, shortPageEnds: true }),
		).toEqual(orders(61));
		expect(pagesOf(sent)).toEqual([
			{ limit: 30, page: 1 },
			{ limit: 30, page: 2 },
		]);
		// A total that is not a count (text, NaN): the records so far for text; NaN never ends the read, a short page does.
		const text = scriptedContext([
			ok({ total: '90', orders: orders(30) }),
			ok({ orders: orders(30, 30) }),
		]);
		expect(
			await listAll(text.context, CONNECTION, 'getOrders', {
				limit: Infinity,
				shortPageEnds: true,
			}),
		).toHaveLength(30);
		const nan = scriptedContext([
			ok({ total: NaN, orders: orders(30) }),
			ok({ total: NaN, orders: orders(2, 30) }),
		]);
		expect(
			await listAll(nan.context, CONNECTION, 'getOrders', { limit: Infinity, shortPageEnds: true }),
		).toEqual(orders(32));
	});

	it('a limit: pages of at most the limit, no page after it is reached, never more records than it', async () => {
		const { context, sent } = scriptedContext([
			ok({ total: 100, orders: orders(30) }),
			ok({ total: 100, orders: orders(30, 30) }),
			ok({ total: 100, orders: orders(30, 60) }),
		]);
		expect(
			await listAll(context, CONNECTION, 'getOrders', { limit: 45, shortPageEnds: true }),
		).toEqual(orders(45));
		expect(pagesOf(sent)).toEqual([
			{ limit: 30, page: 1 },
			{ limit: 30, page: 2 },
		]);
		const small = scriptedContext([ok({ total: 100, orders: orders(7) })]);
		expect(
			await listAll(small.context, CONNECTION, 'getOrders', { limit: 5, shortPageEnds: true }),
		).toEqual(orders(5));
		expect(pagesOf(small.sent)).toEqual([{ limit: 5, page: 1 }]);
		const none = scriptedContext([]);
		expect(
			await listAll(none.context, CONNECTION, 'getOrders', { limit: 0, shortPageEnds: true }),
		).toEqual([]);
		expect(none.sent).toHaveLength(0);
	});

	it('a failed page fails the read with its error and asks nothing more', async () => {
		const { context, sent } = scriptedContext([
			ok({ total: 90, orders: orders(30) }),
			{ statusCode: 400, body: { status_code: 2, message: 'bad' } },
			ok({ total: 90, orders: orders(30, 60) }),
		]);
		await expect(
			listAll(context, CONNECTION, 'getOrders', { limit: Infinity, shortPageEnds: true }),
		).rejects.toThrow();
		expect(sent).toHaveLength(2);
	});
});
