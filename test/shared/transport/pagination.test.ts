/** listAll at the edges the paging properties (pagination.properties.test.ts) do not reach: odd answers of the service. */
import { listAll } from '../../../nodes/shared/printio/transport/pagination';
import { CONNECTION, ok, scriptedContext } from './fakeContext';

const categories = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ({ category_id: from + i, category_name: `c${from + i}` }));

describe('listAll', () => {
	it('stops at an empty first page, whatever total it claims', async () => {
		const { context, sent } = scriptedContext([ok({ total: 90, list_item_data: [] }), ok({ total: 90, list_item_data: categories(30) })]);
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
		const { context, sent } = scriptedContext([ok({ list_item_data: categories(31) }), ok({ list_item_data: categories(3, 31) })]);
		expect(await listAll(context, CONNECTION, 'getItems', { limit: Infinity })).toEqual(categories(34));
		expect(sent.map((request) => request.options.qs)).toEqual([
			{ limit: 30, page: 1 },
			{ limit: 30, page: 2 },
		]);
		const short = scriptedContext([ok({ list_item_data: categories(4) })]);
		expect(await listAll(short.context, CONNECTION, 'getItems', { limit: Infinity })).toEqual(categories(4));
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
