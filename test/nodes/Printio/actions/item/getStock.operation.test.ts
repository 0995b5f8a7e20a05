/**
 * Item › Get Stock as a unit (no n8n engine): the body of POST /item-stocks each filter makes (stock codes split,
 * trimmed and left out when none), one output item per stock entry, an answer without entries, the retailer
 * override, the API's refusal with its own words and the item it belongs to, and Continue On Fail.
 */
import fc from 'fast-check';
import { NodeApiError } from 'n8n-workflow';

import { execute } from '../../../../../nodes/Printio/actions/item/getStock.operation';
import { answer, operationContext } from '../operationContext';

const stock = (code: string, quantity: number | null) => ({
	item_code: 'OGB-910',
	item_stock_code: code,
	quantity,
});

function getStock(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	{
		body = { item_stocks: [stock('OGB-910-WHT-M', 4), stock('OGB-910-BLK-L', null)] } as Record<
			string,
			unknown
		>,
		continueOnFail = false,
		count = 1,
		failOn = -1,
	} = {},
) {
	let call = 0;
	const op = operationContext(
		parametersOf,
		() =>
			call++ === failOn
				? { statusCode: 200, body: { status_code: 5, message: 'item_stock_codes is invalid' } }
				: answer(body),
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(count), op.api) };
}

const requests = (op: ReturnType<typeof getStock>) =>
	op.sent.map((s) => [s.options.method, s.options.url, s.options.body]);

describe('Item › Get Stock (direct)', () => {
	it("without filters posts only the credential's retailer and returns each stock entry as an item", async () => {
		const op = getStock(() => ({}));
		const output = await op.run();
		expect(requests(op)).toStrictEqual([['POST', '/item-stocks', { retailer_id: 7 }]]);
		expect(output).toStrictEqual([
			{ json: stock('OGB-910-WHT-M', 4), pairedItem: { item: 0 } },
			{ json: stock('OGB-910-BLK-L', null), pairedItem: { item: 0 } },
		]);
	});

	it('each filter and the retailer option go into the body; stock codes split and trimmed', async () => {
		const op = getStock(() => ({
			filters: {
				categoryId: 4,
				itemCode: { __rl: true, mode: 'code', value: 'OGB-910' },
				itemStockCodes: ' OGB-910-WHT-M ,, OGB-910-BLK-L,',
			},
			options: { retailerId: '2' },
		}));
		await op.run();
		expect(requests(op)).toStrictEqual([
			[
				'POST',
				'/item-stocks',
				{
					retailer_id: 2,
					category_id: 4,
					item_code: 'OGB-910',
					item_stock_codes: ['OGB-910-WHT-M', 'OGB-910-BLK-L'],
				},
			],
		]);
	});

	it('stock codes that are only commas and blanks send no item_stock_codes', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.constantFrom(',', ' ', '\t'), { maxLength: 8 }).map((parts) => parts.join('')),
				async (codes) => {
					const op = getStock(() => ({
						filters: { itemStockCodes: codes, categoryId: '', itemCode: '' },
					}));
					await op.run();
					expect(op.sent.map((s) => s.options.body)).toStrictEqual([{ retailer_id: 7 }]);
				},
			),
			{ numRuns: 25 },
		);
	});

	it('one stock code is sent as a list of one', async () => {
		const op = getStock(() => ({ filters: { itemStockCodes: 'OGB-910-WHT-M' } }));
		await op.run();
		expect(op.sent[0].options.body).toStrictEqual({
			retailer_id: 7,
			item_stock_codes: ['OGB-910-WHT-M'],
		});
	});

	it('an answer without stock entries gives no item', async () => {
		const op = getStock(() => ({}), { body: {} });
		expect(await op.run()).toStrictEqual([]);
	});

	it("the API's refusal stops the run with its message and the failing item's index", async () => {
		const op = getStock(() => ({}), { count: 2, failOn: 1 });
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).message).toContain('item_stock_codes is invalid');
		expect((error as NodeApiError).context.itemIndex).toBe(1);
	});

	it('Continue On Fail: the failing item becomes an error item paired with it, the others go on', async () => {
		const op = getStock((i) => ({ filters: { itemStockCodes: `S-${i}` } }), {
			count: 2,
			failOn: 0,
			continueOnFail: true,
		});
		const output = await op.run();
		expect(op.sent.map((s) => s.options.body)).toStrictEqual([
			{ retailer_id: 7, item_stock_codes: ['S-0'] },
			{ retailer_id: 7, item_stock_codes: ['S-1'] },
		]);
		expect(output).toHaveLength(3);
		expect(output[0].pairedItem).toStrictEqual([{ item: 0 }]);
		expect(String(output[0].json.error)).toContain('item_stock_codes is invalid');
		expect(output.slice(1).map((o) => o.pairedItem)).toStrictEqual([{ item: 1 }, { item: 1 }]);
	});
});
