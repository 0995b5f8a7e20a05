/**
 * Category › Get Many as a unit (no n8n engine): one GET /categories per input item, Limit applied to the list the
 * API returns at once, Return All, a body without categories, the API's refusal with its own words and the item it
 * belongs to, and Continue On Fail pairing the error item with its input.
 */
import fc from 'fast-check';
import { NodeApiError } from 'n8n-workflow';

import { execute } from '../../../../../nodes/Printio/actions/category/getMany.operation';
import { answer, operationContext } from '../operationContext';

const categories = (count: number) =>
	Array.from({ length: count }, (_, n) => ({ id: n + 1, name: `Category ${n + 1}` }));

function getMany(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	body: (call: number) => Record<string, unknown>,
	{ continueOnFail = false, count = 1 } = {},
) {
	let call = 0;
	const op = operationContext(
		parametersOf,
		() => {
			const next = body(call++);
			return 'fail' in next
				? { statusCode: 200, body: { status_code: 5, message: String(next.fail) } }
				: answer(next);
		},
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(count), op.api) };
}

describe('Category › Get Many (direct)', () => {
	it('asks GET /categories without a query and returns at most Limit, each paired with its input', async () => {
		const op = getMany(
			() => ({ returnAll: false, limit: 2 }),
			() => ({ categories: categories(3) }),
		);
		const output = await op.run();
		expect(op.sent.map((s) => [s.options.method, s.options.url, s.options.qs])).toStrictEqual([
			['GET', '/categories', undefined],
		]);
		expect(output).toStrictEqual([
			{ json: { id: 1, name: 'Category 1' }, pairedItem: { item: 0 } },
			{ json: { id: 2, name: 'Category 2' }, pairedItem: { item: 0 } },
		]);
	});

	it('Limit keeps exactly min(Limit, categories) of them, in order', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 0, max: 12 }),
				fc.integer({ min: 1, max: 14 }),
				async (total, limit) => {
					const op = getMany(
						() => ({ returnAll: false, limit }),
						() => ({ categories: categories(total) }),
					);
					const output = await op.run();
					expect(output.map((o) => o.json)).toStrictEqual(categories(Math.min(total, limit)));
				},
			),
			{ numRuns: 40 },
		);
	});

	it('without Limit set uses 50; Return All keeps every category', async () => {
		const byDefault = getMany(
			() => ({}),
			() => ({ categories: categories(51) }),
		);
		expect(await byDefault.run()).toHaveLength(50);
		const all = getMany(
			() => ({ returnAll: true, limit: 1 }),
			() => ({ categories: categories(51) }),
		);
		expect((await all.run()).map((o) => o.json)).toStrictEqual(categories(51));
	});

	it('a body without categories gives no item', async () => {
		const op = getMany(
			() => ({ returnAll: true }),
			() => ({}),
		);
		expect(await op.run()).toStrictEqual([]);
		expect(op.sent).toHaveLength(1);
	});

	it("runs once per input item with that item's parameters", async () => {
		const op = getMany(
			(i) => ({ limit: i + 1 }),
			() => ({ categories: categories(3) }),
			{ count: 2 },
		);
		const output = await op.run();
		expect(op.sent).toHaveLength(2);
		expect(output.map((o) => [o.json.id, o.pairedItem])).toStrictEqual([
			[1, { item: 0 }],
			[1, { item: 1 }],
			[2, { item: 1 }],
		]);
	});

	it("the API's refusal stops the run with its message and the failing item's index", async () => {
		const op = getMany(
			() => ({ limit: 5 }),
			(call) =>
				call === 1 ? { fail: 'categories are unavailable' } : { categories: categories(1) },
			{ count: 2 },
		);
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toContain('categories are unavailable');
		expect((error as NodeApiError).context.itemIndex).toBe(1);
	});

	it('Continue On Fail: the failing item becomes an error item paired with it, the others go on', async () => {
		const op = getMany(
			() => ({ limit: 5 }),
			(call) =>
				call === 0 ? { fail: 'categories are unavailable' } : { categories: categories(1) },
			{
				continueOnFail: true,
				count: 2,
			},
		);
		const output = await op.run();
		expect(output).toHaveLength(2);
		expect(output[0].pairedItem).toStrictEqual([{ item: 0 }]);
		expect(String(output[0].json.error)).toContain('categories are unavailable');
		expect(output[1]).toStrictEqual({
			json: { id: 1, name: 'Category 1' },
			pairedItem: { item: 1 },
		});
	});
});
