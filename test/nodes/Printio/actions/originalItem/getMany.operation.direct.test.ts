/**
 * Original Item › Get Many as a unit (no n8n engine; the sandbox runs in getMany.operation.workflow.test.ts go through n8n): the query
 * each filter and option makes, pages of at most 30 for Limit and Return All (a total at an exact multiple of the
 * page size, an empty list), Simplify on and off, the API's refusal with its own words and the item it belongs to,
 * and Continue On Fail.
 */
import fc from 'fast-check';
import { NodeApiError } from 'n8n-workflow';

import { execute } from '../../../../../nodes/Printio/actions/originalItem/getMany.operation';
import { answer, operationContext } from '../operationContext';

const record = (n: number) => ({
	original_item_code: `t${n}`,
	ec_original_item_code: `EC-${n}`,
	original_item_name: `Design ${n}`,
	item_code: 'OGB-910',
	item_name: 'T-shirt',
	category_id: 3,
	category_name: 'Tops',
	image_urls: [
		{ color_name: 'White', url: 'https://img.example/w.png' },
		{ color_name: 'Black', url: 'https://img.example/b.png' },
	],
	sizes: { values: [{ name: 'S' }, { name: 'M' }] },
	created_at: '2026-11-01 10:00:00',
	updated_at: '2026-11-02 10:00:00',
	params: { raw: true },
});

const simplified = (n: number) => ({
	original_item_code: `t${n}`,
	ec_original_item_code: `EC-${n}`,
	original_item_name: `Design ${n}`,
	item_code: 'OGB-910',
	item_name: 'T-shirt',
	category_id: 3,
	category_name: 'Tops',
	colors: ['White', 'Black'],
	sizes: ['S', 'M'],
	created_at: '2026-11-01 10:00:00',
	updated_at: '2026-11-02 10:00:00',
});

function getMany(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	{ total = 2, continueOnFail = false, count = 1, failOn = -1 } = {},
) {
	const all = Array.from({ length: total }, (_, n) => record(n));
	let call = 0;
	const op = operationContext(
		parametersOf,
		({ qs }) => {
			if (call++ === failOn)
				return { statusCode: 200, body: { status_code: 5, message: 'sort_value is invalid' } };
			const limit = Number(qs.limit);
			const page = Number(qs.page);
			return answer({ total, original_items: all.slice((page - 1) * limit, page * limit) });
		},
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(count), op.api) };
}

const queries = (op: ReturnType<typeof getMany>) =>
	op.sent.map((s) => [s.options.method, s.options.url, s.options.qs]);

describe('Original Item › Get Many (direct)', () => {
	it("without filters asks GET /original-items for the credential's retailer, simplified", async () => {
		const op = getMany(() => ({}));
		const output = await op.run();
		expect(queries(op)).toStrictEqual([
			['GET', '/original-items', { retailer_id: 7, limit: 30, page: 1 }],
		]);
		expect(output).toStrictEqual([
			{ json: simplified(0), pairedItem: { item: 0 } },
			{ json: simplified(1), pairedItem: { item: 0 } },
		]);
	});

	it('without Limit set returns 50 records over two pages of 30', async () => {
		const op = getMany(() => ({ simplify: false }), { total: 61 });
		const output = await op.run();
		expect(op.sent.map((s) => s.options.qs)).toStrictEqual([
			{ retailer_id: 7, limit: 30, page: 1 },
			{ retailer_id: 7, limit: 30, page: 2 },
		]);
		expect(output).toHaveLength(50);
	});

	it('each filter and option go into the query', async () => {
		const op = getMany(() => ({
			limit: 5,
			filters: {
				categoryId: '12',
				ecOriginalItemCode: 'EC-1',
				itemCode: { __rl: true, mode: 'code', value: ' OGB-910 ' },
				originalItemCode: { __rl: true, mode: 'list', value: 't1' },
			},
			options: { retailerId: 3, sortValue: 'original_item_name', teamId: 4 },
		}));
		await op.run();
		expect(queries(op)).toStrictEqual([
			[
				'GET',
				'/original-items',
				{
					retailer_id: 3,
					original_item_code: 't1',
					ec_original_item_code: 'EC-1',
					category_id: 12,
					item_code: 'OGB-910',
					sort_value: 'original_item_name',
					team_id: 4,
					limit: 5,
					page: 1,
				},
			],
		]);
	});

	it('empty filters send no key for them', async () => {
		const op = getMany(() => ({
			limit: 5,
			filters: {
				categoryId: '',
				ecOriginalItemCode: '',
				itemCode: { mode: 'list', value: '' },
				originalItemCode: { mode: 'list', value: '' },
			},
			options: { teamId: '' },
		}));
		await op.run();
		expect(queries(op)).toStrictEqual([
			['GET', '/original-items', { retailer_id: 7, limit: 5, page: 1 }],
		]);
	});

	it('Simplify off returns the records as Printio sent them', async () => {
		const op = getMany(() => ({ simplify: false, limit: 1 }));
		expect(await op.run()).toStrictEqual([{ json: record(0), pairedItem: { item: 0 } }]);
	});

	it('Return All reads every page of 30: a total of exactly 60 costs two requests, 61 three', async () => {
		for (const [total, pages] of [
			[60, 2],
			[61, 3],
			[30, 1],
		] as const) {
			const op = getMany(() => ({ returnAll: true, limit: 1, simplify: false }), { total });
			const output = await op.run();
			expect(op.sent.map((s) => s.options.qs)).toStrictEqual(
				Array.from({ length: pages }, (_, n) => ({ retailer_id: 7, limit: 30, page: n + 1 })),
			);
			expect(output.map((o) => o.json.original_item_code)).toStrictEqual(
				Array.from({ length: total }, (_, n) => `t${n}`),
			);
		}
	});

	it('Limit reads only the pages it needs and returns exactly min(Limit, total) records, in order', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 0, max: 95 }),
				fc.integer({ min: 1, max: 95 }),
				async (total, limit) => {
					const op = getMany(() => ({ limit }), { total });
					const output = await op.run();
					const size = Math.min(30, limit);
					const expectedPages =
						total === 0 ? 1 : Math.min(Math.ceil(total / size), Math.ceil(limit / size));
					expect(op.sent.map((s) => s.options.qs)).toStrictEqual(
						Array.from({ length: expectedPages }, (_, n) => ({
							retailer_id: 7,
							limit: size,
							page: n + 1,
						})),
					);
					expect(output.map((o) => o.json)).toStrictEqual(
						Array.from({ length: Math.min(total, limit) }, (_, n) => simplified(n)),
					);
				},
			),
			{ numRuns: 60 },
		);
	});

	it('an empty list gives no item', async () => {
		const op = getMany(() => ({ returnAll: true }), { total: 0 });
		expect(await op.run()).toStrictEqual([]);
	});

	it("the API's refusal stops the run with its message and the failing item's index", async () => {
		const op = getMany(() => ({ limit: 1 }), { count: 2, failOn: 1 });
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toBe(
			'Request parameter error (Printio status 5): sort_value is invalid',
		);
		expect((error as NodeApiError).context.itemIndex).toBe(1);
	});

	it('Continue On Fail: the failing item becomes an error item paired with it, the others go on', async () => {
		const op = getMany((i) => ({ limit: 1, filters: { ecOriginalItemCode: `EC-${i}` } }), {
			count: 2,
			failOn: 0,
			continueOnFail: true,
		});
		const output = await op.run();
		expect(op.sent.map((s) => s.options.qs?.ec_original_item_code)).toStrictEqual(['EC-0', 'EC-1']);
		expect(output).toStrictEqual([
			{
				json: {
					error: 'Request parameter error (Printio status 5): sort_value is invalid',
					errorDescription:
						"Printio rejected a field; its message names the field. Fix the value in the node's parameters or in the input item.",
					httpCode: '200',
				},
				pairedItem: [{ item: 0 }],
			},
			{ json: simplified(0), pairedItem: { item: 1 } },
		]);
	});

	it('Shop Product: each record carries its own product; the catalog item is read once for the run', async () => {
		const op = operationContext(
			() => ({ shopProduct: 'wooCommerce', returnAll: true }),
			({ url }) =>
				url === '/items'
					? answer({ total: 1, list_item_data: [{ code: 'OGB-910', price: 1500 }] })
					: answer({ total: 2, original_items: [record(0), record(1)] }),
		);
		const output = await execute.call(op.context, op.items(1), op.api);
		expect(output.map((item) => (item.json.shop_product as { find_by: unknown }).find_by)).toEqual([
			{ sku: 'EC-0' },
			{ sku: 'EC-1' },
		]);
		expect(output[0].json).toMatchObject(simplified(0));
		expect(op.sent.filter((s) => s.options.url === '/items')).toHaveLength(1);
	});
});
