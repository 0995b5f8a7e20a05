/**
 * Item › Get Many as a unit (no n8n engine): the query each filter and option makes, the page size and pages Limit
 * and Return All ask for (a total at an exact multiple of the page size, an empty list), Simplify on and off, the
 * retailer override, the API's refusal with its own words and the item it belongs to, and Continue On Fail.
 */
import fc from 'fast-check';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { execute } from '../../../../../nodes/Printio/actions/item/getMany.operation';
import { answer, operationContext } from '../operationContext';

const record = (n: number) => ({
	code: `IT-${n}`,
	item_name: `Item ${n}`,
	category_id: 3,
	price: 1000 + n,
	display_unit: 'pc',
	main_image_url: `https://img.example/${n}.png`,
	printable_sides: ['front'],
	colors: { values: [{ name: 'White', hex: '#ffffff' }, { label: 'no name' }] },
	sizes: { values: [{ name: 'M' }, null] },
	internal_note: 'raw only',
});

const simplified = (n: number) => ({
	code: `IT-${n}`,
	item_name: `Item ${n}`,
	category_id: 3,
	price: 1000 + n,
	display_unit: 'pc',
	main_image_url: `https://img.example/${n}.png`,
	printable_sides: ['front'],
	colors: ['White'],
	sizes: ['M'],
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
				return { statusCode: 200, body: { status_code: 5, message: 'item_code is unknown' } };
			const limit = Number(qs.limit);
			const page = Number(qs.page);
			return answer({ total, list_item_data: all.slice((page - 1) * limit, page * limit) });
		},
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(count), op.api) };
}

const queries = (op: ReturnType<typeof getMany>) =>
	op.sent.map((s) => [s.options.method, s.options.url, s.options.qs]);

describe('Item › Get Many (direct)', () => {
	it("without filters asks GET /items for the credential's retailer, Limit 50 by default, simplified", async () => {
		const op = getMany(() => ({}));
		const output = await op.run();
		expect(queries(op)).toStrictEqual([['GET', '/items', { retailer_id: 7, limit: 30, page: 1 }]]);
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

	it('each filter and the retailer option go into the query', async () => {
		const op = getMany(() => ({
			limit: 5,
			filters: { categoryId: '12', itemCode: { __rl: true, mode: 'list', value: ' OGB-910 ' } },
			options: { retailerId: 3 },
		}));
		await op.run();
		expect(queries(op)).toStrictEqual([
			[
				'GET',
				'/items',
				{ retailer_id: 3, category_id: 12, item_code: 'OGB-910', limit: 5, page: 1 },
			],
		]);
	});

	it('empty filters send no key for them', async () => {
		const op = getMany(() => ({
			limit: 5,
			filters: { categoryId: '', itemCode: { mode: 'list', value: '' } },
			options: {},
		}));
		await op.run();
		expect(queries(op)).toStrictEqual([['GET', '/items', { retailer_id: 7, limit: 5, page: 1 }]]);
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
			expect(output.map((o) => o.json.code)).toStrictEqual(
				Array.from({ length: total }, (_, n) => `IT-${n}`),
			);
		}
	});

	it('Limit reads only the pages it needs and returns exactly min(Limit, total) records, in order', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 0, max: 95 }),
				fc.integer({ min: 1, max: 95 }),
				async (total, limit) => {
					const op = getMany(() => ({ limit, simplify: false }), { total });
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
					expect(output.map((o) => o.json.code)).toStrictEqual(
						Array.from({ length: Math.min(total, limit) }, (_, n) => `IT-${n}`),
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

	it('a retailer option below 1 is refused before anything is sent, naming the field', async () => {
		const op = getMany(() => ({ options: { retailerId: 0 } }));
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toBe(
			'Retailer ID must be a whole number of 1 or more',
		);
		expect(op.sent).toStrictEqual([]);
	});

	it("the API's refusal stops the run with its message and the failing item's index", async () => {
		const op = getMany(() => ({ limit: 1 }), { count: 2, failOn: 1 });
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toContain('item_code is unknown');
		expect((error as NodeApiError).context.itemIndex).toBe(1);
	});

	it('Continue On Fail: the failing item becomes an error item paired with it, the others go on', async () => {
		const op = getMany((i) => ({ limit: 1, filters: { itemCode: `C-${i}` } }), {
			count: 2,
			failOn: 0,
			continueOnFail: true,
		});
		const output = await op.run();
		expect(op.sent.map((s) => s.options.qs?.item_code)).toStrictEqual(['C-0', 'C-1']);
		expect(output).toHaveLength(2);
		expect(output[0].pairedItem).toStrictEqual([{ item: 0 }]);
		expect(String(output[0].json.error)).toContain('item_code is unknown');
		expect(output[1]).toStrictEqual({ json: simplified(0), pairedItem: { item: 1 } });
	});
});
