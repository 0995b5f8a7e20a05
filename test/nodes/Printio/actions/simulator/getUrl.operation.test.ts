/**
 * Simulator › Get URL as a unit (no n8n engine): the body of POST /simulator-url (URLs trimmed, item by code or by
 * the deprecated ID, team and user only when set, a user ID of 0 left out), the simulator's answer as the output,
 * the check that an item is chosen before anything is sent, the API's refusal with its own words and the item it
 * belongs to, and Continue On Fail.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { execute } from '../../../../../nodes/Printio/actions/simulator/getUrl.operation';
import { operationContext } from '../operationContext';

const URLS = {
	previousUrl: ' https://shop.example/products ',
	nextUrl: '\thttps://shop.example/thanks ',
};
const SIMULATOR = {
	status_code: 0,
	message: 'ok',
	simulator_url: 'https://simulator.example/s/abc',
};

function getUrl(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	{ continueOnFail = false, count = 1, failOn = -1 } = {},
) {
	let call = 0;
	const op = operationContext(
		parametersOf,
		() =>
			call++ === failOn
				? {
						statusCode: 200,
						body: { response: { status_code: 5, message: 'item_code is unknown' } },
					}
				: { statusCode: 200, body: { response: SIMULATOR } },
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(count), op.api) };
}

const refusal = async (promise: Promise<unknown>) =>
	await promise.then(
		() => undefined,
		(e: unknown) => e as NodeOperationError,
	);

describe('Simulator › Get URL (direct)', () => {
	it("posts the item code and the trimmed URLs for the credential's retailer and returns the simulator's answer", async () => {
		const op = getUrl(() => ({ itemCode: 'OGB-910', ...URLS }));
		const output = await op.run();
		expect(op.sent.map((s) => [s.options.method, s.options.url, s.options.body])).toStrictEqual([
			[
				'POST',
				'/simulator-url',
				{
					retailer_id: 7,
					previous_url: 'https://shop.example/products',
					next_url: 'https://shop.example/thanks',
					item_code: 'OGB-910',
				},
			],
		]);
		expect(output).toStrictEqual([{ json: SIMULATOR, pairedItem: { item: 0 } }]);
	});

	it('every option goes into the body', async () => {
		const op = getUrl(() => ({
			itemCode: 'OGB-910',
			...URLS,
			options: { itemId: 12, retailerId: 3, teamId: 4, userId: 5 },
		}));
		await op.run();
		expect(op.sent[0].options.body).toStrictEqual({
			retailer_id: 3,
			previous_url: 'https://shop.example/products',
			next_url: 'https://shop.example/thanks',
			item_code: 'OGB-910',
			item_id: 12,
			team_id: 4,
			user_id: 5,
		});
	});

	it('the deprecated Item ID alone is enough: no item_code is sent', async () => {
		const op = getUrl(() => ({ itemCode: '', ...URLS, options: { itemId: 12 } }));
		await op.run();
		expect(op.sent[0].options.body).toStrictEqual({
			retailer_id: 7,
			previous_url: 'https://shop.example/products',
			next_url: 'https://shop.example/thanks',
			item_id: 12,
		});
	});

	it("Item ID and User ID of 0 (the fields' defaults) are left out; Team ID 0 is sent", async () => {
		const op = getUrl(() => ({
			itemCode: 'OGB-910',
			...URLS,
			options: { itemId: 0, userId: 0, teamId: 0 },
		}));
		await op.run();
		expect(op.sent[0].options.body).toStrictEqual({
			retailer_id: 7,
			previous_url: 'https://shop.example/products',
			next_url: 'https://shop.example/thanks',
			item_code: 'OGB-910',
			team_id: 0,
		});
	});

	it('unset URLs are left out', async () => {
		const op = getUrl(() => ({ itemCode: 'OGB-910' }));
		await op.run();
		expect(op.sent[0].options.body).toStrictEqual({ retailer_id: 7, item_code: 'OGB-910' });
	});

	it.each([
		['no item code and no options', {}],
		['an empty item code and Item ID 0', { itemCode: '', options: { itemId: 0 } }],
		[
			'an empty item code and an Item ID that is not a number',
			{ itemCode: '', options: { itemId: 'abc' } },
		],
	])(
		'%s: refused before anything is sent, naming the field and the item',
		async (_, parameters) => {
			const op = getUrl(
				(i) => (i === 1 ? { ...URLS, ...parameters } : { itemCode: 'OGB-910', ...URLS }),
				{ count: 2 },
			);
			const error = await refusal(op.run());
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toBe('Item is empty');
			expect(error?.description).toBe('Choose the catalog item, or type its code.');
			expect(error?.context.itemIndex).toBe(1);
			expect(op.sent).toHaveLength(1);
		},
	);

	it("the API's refusal stops the run with its message and the failing item's index", async () => {
		const op = getUrl(() => ({ itemCode: 'OGB-910', ...URLS }), { count: 2, failOn: 1 });
		const error = await refusal(op.run());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toContain('item_code is unknown');
		expect(error?.context.itemIndex).toBe(1);
	});

	it('Continue On Fail: a refused item becomes an error item paired with it, the others go on', async () => {
		const op = getUrl((i) => (i === 0 ? { ...URLS } : { itemCode: 'OGB-910', ...URLS }), {
			count: 3,
			failOn: 0,
			continueOnFail: true,
		});
		const output = await op.run();
		expect(op.sent).toHaveLength(2);
		expect(output).toStrictEqual([
			{
				json: {
					error: 'Item is empty',
					errorDescription: 'Choose the catalog item, or type its code.',
				},
				pairedItem: [{ item: 0 }],
			},
			{
				json: {
					error: 'Request parameter error (Printio status 5): item_code is unknown',
					errorDescription:
						"Printio rejected a field; its message names the field. Fix the value in the node's parameters or in the input item.",
					httpCode: '200',
				},
				pairedItem: [{ item: 1 }],
			},
			{ json: SIMULATOR, pairedItem: { item: 2 } },
		]);
	});
});
