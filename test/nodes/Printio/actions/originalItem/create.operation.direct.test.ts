/**
 * Original Item › Create as a unit (no n8n engine; the sandbox runs in create.operation.workflow.test.ts go through n8n):
 * the body of POST /original-item (front image, optional fields only when set, Parameters (JSON) as text or object),
 * every check before sending with the field named as the form shows it (Item, Design Image URL, EC Original Item
 * Code and Original Item Name at their limits in characters), the design check run first unless turned off, the
 * API's refusal with its own words and the item it belongs to, and Continue On Fail.
 */
import fc from 'fast-check';
import type { IHttpRequestOptions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { execute } from '../../../../../nodes/Printio/actions/originalItem/create.operation';
import {
	EC_ORIGINAL_ITEM_CODE_MAX_LENGTH,
	ORIGINAL_ITEM_NAME_MAX_LENGTH,
} from '../../../../../api/limits';
import { HTML_NOT_FOUND, png } from '../../../../../sandbox/designs';
import { answer, operationContext } from '../operationContext';

const CREATED = { status_code: 0, message: 'ok', original_item_code: 't0100001' };
const BASE = { itemCode: 'OGB-910', imageUrl: 'https://example.com/design.png' };

function create(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	{
		continueOnFail = false,
		count = 1,
		failOn = -1,
		design = png(10, 10),
		catalog = { code: 'OGB-910', item_name: 'T-shirt' } as Record<string, unknown>,
	} = {},
) {
	let posts = 0;
	const op = operationContext(
		parametersOf,
		({ url }) => {
			if (url === '/items') return answer({ total: 1, list_item_data: [catalog] });
			return posts++ === failOn
				? {
						statusCode: 200,
						body: {
							response: { status_code: 15, message: 'ec_original_item_code is already used' },
						},
					}
				: { statusCode: 200, body: { response: CREATED } };
		},
		{ continueOnFail },
	);
	const fetched: string[] = [];
	const httpRequest = async (request: IHttpRequestOptions) => {
		fetched.push(String(request.url));
		return { statusCode: 200, headers: { 'content-length': String(design.length) }, body: design };
	};
	Object.assign(op.context.helpers, { httpRequest });
	return {
		...op,
		fetched,
		run: async () => await execute.call(op.context, op.items(count), op.api),
	};
}

const withoutCheck = (parameters: Record<string, unknown>) => () => ({
	...BASE,
	...parameters,
	options: { preflight: false, ...(parameters.options as object) },
});
const refusal = async (promise: Promise<unknown>) =>
	await promise.then(
		() => undefined,
		(e: unknown) => e as NodeOperationError,
	);
const posted = (op: ReturnType<typeof create>) =>
	op.sent.filter((s) => s.options.url === '/original-item').map((s) => s.options.body);

const CHARS = ['a', 'Z', '9', '-', 'あ', '漢', 'Ｂ', '𠮷', '😀'];
const textOf = (length: number) =>
	fc
		.array(fc.constantFrom(...CHARS), { minLength: length, maxLength: length })
		.map((parts) => parts.join(''));

describe('Original Item › Create (direct)', () => {
	it("posts the item, the trimmed front image and the credential's retailer, and returns Printio's answer", async () => {
		const op = create(withoutCheck({ imageUrl: '  https://example.com/design.png ' }));
		const output = await op.run();
		expect(op.sent.map((s) => [s.options.method, s.options.url, s.options.body])).toStrictEqual([
			[
				'POST',
				'/original-item',
				{
					retailer_id: 7,
					item_code: 'OGB-910',
					image_urls: [{ position: 'front', url: 'https://example.com/design.png' }],
				},
			],
		]);
		expect(output).toStrictEqual([{ json: CREATED, pairedItem: { item: 0 } }]);
		expect(op.fetched).toStrictEqual([]);
	});

	it('every option goes into the body; Parameters (JSON) as text is parsed', async () => {
		const op = create(
			withoutCheck({
				options: {
					ecOriginalItemCode: 'EC-1',
					originalItemName: 'My design',
					params: '{"scale":2}',
					retailerId: 3,
					teamId: '4',
					userId: 5,
				},
			}),
		);
		await op.run();
		expect(posted(op)).toStrictEqual([
			{
				retailer_id: 3,
				item_code: 'OGB-910',
				ec_original_item_code: 'EC-1',
				original_item_name: 'My design',
				image_urls: [{ position: 'front', url: 'https://example.com/design.png' }],
				params: { scale: 2 },
				team_id: 4,
				user_id: 5,
			},
		]);
	});

	it.each([
		['an object', { scale: 2 }, { scale: 2 }],
		['empty text', '', undefined],
		['an empty object as text', '{}', undefined],
		['an empty object', {}, undefined],
	])('Parameters (JSON) as %s', async (_, params, sent) => {
		const op = create(withoutCheck({ options: { params } }));
		await op.run();
		const expected: Record<string, unknown> = {
			retailer_id: 7,
			item_code: 'OGB-910',
			image_urls: [{ position: 'front', url: 'https://example.com/design.png' }],
		};
		if (sent) expected.params = sent;
		expect(posted(op)).toStrictEqual([expected]);
	});

	it('Parameters (JSON) that is not JSON is refused before anything is sent', async () => {
		const op = create(withoutCheck({ options: { params: '{scale' } }));
		const error = await refusal(op.run());
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.context.itemIndex).toBe(0);
		expect(op.sent).toStrictEqual([]);
	});

	it.each([
		['an unset item', { itemCode: undefined }],
		['an empty item', { itemCode: '' }],
	])('%s is refused before anything is sent: "Item is empty"', async (_, parameters) => {
		const op = create(
			(i) => (i === 1 ? { ...withoutCheck({})(), ...parameters } : withoutCheck({})()),
			{ count: 2 },
		);
		const error = await refusal(op.run());
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('Item is empty');
		expect(error?.description).toBe('Choose the catalog item to print on, or type its code.');
		expect(error?.context.itemIndex).toBe(1);
		expect(op.sent).toHaveLength(1);
	});

	it.each([
		[''],
		['example.com/design.png'],
		['ftp://example.com/design.png'],
		['https://example.com/design.gif'],
		['https://example.com/design'],
		['https://exa mple.com/design.png'],
	])(
		'Design Image URL %j is refused before anything is sent, naming the field',
		async (imageUrl) => {
			const op = create(withoutCheck({ imageUrl }));
			const error = await refusal(op.run());
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toBe(
				'Design Image URL must be an http(s) URL of a PNG, JPG or PDF file',
			);
			expect(error?.description).toBe(
				'Printio accepts png, jpg and pdf designs. Check that the URL ends with one of these extensions.',
			);
			expect(error?.context.itemIndex).toBe(0);
			expect(op.sent).toStrictEqual([]);
		},
	);

	it.each([
		['https://example.com/a.PNG'],
		['http://example.com/a.jpeg'],
		['https://example.com/a.jpg?v=2'],
		['https://example.com/a.pdf#page=1'],
	])('Design Image URL %s is accepted', async (imageUrl) => {
		const op = create(withoutCheck({ imageUrl }));
		await op.run();
		expect(posted(op)).toHaveLength(1);
	});

	it.each([
		[
			'ecOriginalItemCode',
			'ec_original_item_code',
			EC_ORIGINAL_ITEM_CODE_MAX_LENGTH,
			'EC Original Item Code is longer than 50 characters',
		],
		[
			'originalItemName',
			'original_item_name',
			ORIGINAL_ITEM_NAME_MAX_LENGTH,
			'Original Item Name is longer than 255 characters',
		],
	])(
		'%s (%s): exactly %i characters (code points) sent, one more refused unsent',
		async (option, field, max, message) => {
			expect(message).toContain(String(max));
			await fc.assert(
				fc.asyncProperty(textOf(max), fc.constantFrom(...CHARS), async (text, extra) => {
					const atLimit = create(withoutCheck({ options: { [option]: text } }));
					await atLimit.run();
					expect(
						posted(atLimit).map((body) => (body as Record<string, unknown>)[field]),
					).toStrictEqual([text]);

					const over = create(withoutCheck({ options: { [option]: text + extra } }));
					const error = await refusal(over.run());
					expect(error).toBeInstanceOf(NodeOperationError);
					expect(error?.message).toBe(message);
					expect(error?.context.itemIndex).toBe(0);
					expect(over.sent).toStrictEqual([]);
				}),
				{ numRuns: 10 },
			);
		},
	);

	it("with the design check on (the default) the item's record and the design's head are read first, and the report is added", async () => {
		const op = create(() => ({ ...BASE, options: { retailerId: 2 } }));
		const output = await op.run();
		expect(op.sent.map((s) => [s.options.method, s.options.url, s.options.qs])).toStrictEqual([
			['GET', '/items', { retailer_id: 2, item_code: 'OGB-910' }],
			['POST', '/original-item', undefined],
		]);
		expect(op.fetched).toStrictEqual(['https://example.com/design.png']);
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toStrictEqual({ item: 0 });
		expect(output[0].json).toStrictEqual({
			...CREATED,
			preflight: expect.objectContaining({ format: 'png' }),
		});
	});

	it('a design that is not an image stops the item before the create is sent', async () => {
		const op = create(() => BASE, { design: Buffer.from(HTML_NOT_FOUND) });
		const error = await refusal(op.run());
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/^Design preflight: /);
		expect(error?.context.itemIndex).toBe(0);
		expect(posted(op)).toStrictEqual([]);
	});

	it("a design too small for the item's print area stops the item, naming the item; with Too Small › Warn it is sent", async () => {
		const catalog = {
			code: 'OGB-910',
			simulator_type: {
				dpi: 200,
				image_size: {
					values: [
						{ value: 'width', px_size: 100 },
						{ value: 'height', px_size: 100 },
					],
				},
			},
		};
		const stopped = create((i) => ({ ...BASE, options: { retailerId: i + 1 } }), {
			catalog,
			count: 2,
		});
		const error = await refusal(stopped.run());
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/^Design preflight: design too small for OGB-910: /);
		expect(error?.context.itemIndex).toBe(0);
		expect(posted(stopped)).toStrictEqual([]);

		const warned = create(() => ({ ...BASE, options: { preflightTooSmall: 'warn' } }), { catalog });
		const output = await warned.run();
		expect(posted(warned)).toHaveLength(1);
		expect(String((output[0].json.preflight as Record<string, unknown>).warning)).toContain(
			'design too small for OGB-910',
		);
	});

	it("the API's refusal stops the run with its message and the failing item's index", async () => {
		const op = create(withoutCheck({}), { count: 2, failOn: 1 });
		const error = await refusal(op.run());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toContain('ec_original_item_code is already used');
		expect(error?.context.itemIndex).toBe(1);
	});

	describe('Shop Product', () => {
		const CATALOG = {
			code: 'OGB-910',
			item_name: 'Tシャツ',
			price: 1500,
			colors: { values: [{ name: 'ホワイト', mfr_color_name: 'White', hex: '#fff' }] },
			sizes: { values: [{ name: 'M', details: [] }] },
		};
		/** The record read after the create fails, so the product is planned from the design and the catalog. */
		async function publishedWithoutRecord(options: Record<string, unknown>) {
			const op = operationContext(
				() => ({ ...BASE, shopProduct: 'shopify', options: { preflight: false, ...options } }),
				({ url }) => {
					if (url === '/items') return answer({ total: 1, list_item_data: [CATALOG] });
					if (url === '/original-items') return { statusCode: 404, body: { message: 'not found' } };
					return { statusCode: 200, body: { response: CREATED } };
				},
			);
			const [output] = await execute.call(op.context, op.items(1), op.api);
			const product = output.json.shop_product as {
				body: { variables: { input: { title: string; variants: Array<{ sku: string }> } } };
			};
			return product.body.variables.input;
		}

		it('a record unread after the create: every SKU carries the EC code without its spaces, the title is the name given', async () => {
			const input = await publishedWithoutRecord({
				ecOriginalItemCode: '  EC-NEW-1 ',
				originalItemName: '猫のデザイン',
			});
			expect(input.title).toBe('猫のデザイン');
			expect(input.variants.map((variant) => variant.sku)).toEqual(['EC-NEW-1~White~M']);
		});

		it('a product refused before the create (no catalog price, no fixed price): nothing is sent, the error names the item', async () => {
			const op = operationContext(
				() => ({ ...BASE, shopProduct: 'shopify', options: { preflight: false } }),
				({ url }) => {
					if (url === '/items')
						return answer({ total: 1, list_item_data: [{ ...CATALOG, price: undefined }] });
					return { statusCode: 200, body: { response: CREATED } };
				},
			);
			const error = await execute.call(op.context, op.items(1), op.api).then(
				() => undefined,
				(e: unknown) => e as NodeOperationError,
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toMatch(/^Shop Product: .*OGB-910/);
			expect(error?.context.itemIndex).toBe(0);
			expect(op.sent.filter((s) => s.options.url === '/original-item')).toEqual([]);
		});

		it('a product that cannot be shaped once the item exists keeps the created item, with the reason beside it', async () => {
			// The record as read after the create lists two colours the order modes would read as one.
			const twins = {
				original_item_code: CREATED.original_item_code,
				ec_original_item_code: 'EC-NEW-3',
				item_code: 'OGB-910',
				colors: { values: [{ name: 'ﾈｲﾋﾞｰ' }, { name: 'ネイビー' }] },
				sizes: { values: [{ name: 'M', details: [] }] },
			};
			const op = operationContext(
				() => ({
					...BASE,
					shopProduct: 'shopify',
					options: { preflight: false, ecOriginalItemCode: 'EC-NEW-3' },
				}),
				({ url }) => {
					if (url === '/items') return answer({ total: 1, list_item_data: [CATALOG] });
					if (url === '/original-items') return answer({ total: 1, original_items: [twins] });
					return { statusCode: 200, body: { response: CREATED } };
				},
			);
			const [output] = await execute.call(op.context, op.items(1), op.api);
			expect(output.json).toEqual({
				...CREATED,
				shop_product: null,
				shop_product_error: expect.stringMatching(
					/^Shop Product: The value "ﾈｲﾋﾞｰ" would not be matched back/,
				),
			});
		});

		it('a record unread after the create and no name given: the title is the catalog item name', async () => {
			const input = await publishedWithoutRecord({ ecOriginalItemCode: 'EC-NEW-2' });
			expect(input.title).toBe('Tシャツ');
		});

		it('a record unread after the create and an EC code of spaces: the SKUs carry the original item code', async () => {
			const input = await publishedWithoutRecord({ ecOriginalItemCode: '   ' });
			expect(input.variants.map((variant) => variant.sku)).toEqual(['t0100001~White~M']);
		});
	});

	it('Continue On Fail: refused items become error items paired with them, the others go on', async () => {
		const op = create(
			(i) => (i === 0 ? withoutCheck({ imageUrl: 'nope' })() : withoutCheck({})()),
			{ count: 3, failOn: 0, continueOnFail: true },
		);
		const output = await op.run();
		expect(posted(op)).toHaveLength(2);
		expect(output).toHaveLength(3);
		expect(output[0]).toStrictEqual({
			json: {
				error: 'Design Image URL must be an http(s) URL of a PNG, JPG or PDF file',
				errorDescription:
					'Printio accepts png, jpg and pdf designs. Check that the URL ends with one of these extensions.',
			},
			pairedItem: [{ item: 0 }],
		});
		expect(output[1].pairedItem).toStrictEqual([{ item: 1 }]);
		expect(String(output[1].json.error)).toContain('ec_original_item_code is already used');
		expect(output[2]).toStrictEqual({ json: CREATED, pairedItem: { item: 2 } });
	});
});
