/**
 * Guided order lines in Define Below (Order › Create and Create With Images): the line's item as a resource
 * locator, its colour and size listed from that item's catalog record, fields in the order a person fills them;
 * through n8n-core against the sandbox's catalog.
 */
import type { INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { Printio } from '../../../../../nodes/Printio/Printio.node';
import { callNodeMethod } from '../../../../harness';
import { orderByCodeParameters } from '../../fixtures';
import {
	credentialsFor,
	jsonOf,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const locator = (mode: 'list' | 'code' | 'ecCode', value: string) => ({ __rl: true, mode, value });

function linesOf(operation: 'create' | 'createWithImages'): INodeProperties[] {
	const lines = new Printio().description.properties.find(
		(property) =>
			property.name === 'lines' &&
			(property.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
	);
	return (lines?.options?.[0] as INodePropertyCollection).values;
}

/** The editor's call of a method for a field of the first line, made while that line is edited. */
function lineCall(operation: 'create' | 'createWithImages', line: INodeParameters, field: string) {
	return {
		node: {
			type: 'printio',
			parameters: { resource: 'order', operation, lines: { line: [line] } },
		},
		credentials: { printioApi: credentialsFor(sandbox()) as never },
		path: `parameters.lines.line[0].${field}`,
	};
}

async function lineOptions(
	method: string,
	operation: 'create' | 'createWithImages',
	line: INodeParameters,
	field: string,
) {
	return await callNodeMethod({ ...lineCall(operation, line, field), kind: 'loadOptions', method });
}

async function lineSearch(
	method: string,
	operation: 'create' | 'createWithImages',
	field: string,
	filter?: string,
) {
	return await callNodeMethod({
		...lineCall(operation, {}, field),
		kind: 'listSearch',
		method,
		filter,
	});
}

describe('Lines in Define Below: the form', () => {
	it('asks for a line in the order a person fills it: item, colour, size, quantity, then the optional fields', () => {
		expect(linesOf('create').map((field) => field.name)).toEqual([
			'originalItemCode',
			'color',
			'size',
			'quantity',
			'ecOrderDetailNo',
		]);
		const withImages = linesOf('createWithImages').map((field) => field.name);
		expect(withImages.slice(0, 4)).toEqual(['itemCode', 'color', 'size', 'quantity']);
		expect(withImages.slice(4, 6)).toEqual(['frontOutputUrl', 'frontThumbnailUrl']);
		expect(withImages.at(-1)).toBe('ecOrderDetailNo');
	});

	it("offers the line's item as a locator (from list, by code, by EC code) and colour and size as options of that item", () => {
		const [originalItem, color, size] = linesOf('create');
		expect(originalItem.type).toBe('resourceLocator');
		expect(
			originalItem.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod]),
		).toEqual([
			['list', 'searchOriginalItems'],
			['code', undefined],
			['ecCode', undefined],
		]);
		expect([color, size].map((field) => [field.type, field.typeOptions])).toEqual([
			[
				'options',
				{
					loadOptionsMethod: 'getOriginalItemColors',
					loadOptionsDependsOn: ['&originalItemCode.value'],
				},
			],
			[
				'options',
				{
					loadOptionsMethod: 'getOriginalItemSizes',
					loadOptionsDependsOn: ['&originalItemCode.value'],
				},
			],
		]);
		const [item, itemColor, itemSize] = linesOf('createWithImages');
		expect(item.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchItems'],
			['code', undefined],
		]);
		expect([itemColor, itemSize].map((field) => field.typeOptions?.loadOptionsMethod)).toEqual([
			'getItemColors',
			'getItemSizes',
		]);
	});
});

describe("Lines in Define Below: the line's item, colours and sizes from the catalog", () => {
	it('lists and searches your original items for the locator of a line', async () => {
		const all = await lineSearch('searchOriginalItems', 'create', 'originalItemCode');
		expect(all.results.map((result) => result.value)).toEqual([
			't0100001',
			't0100002',
			't0100003',
			't0100004',
			't0100005',
		]);
		expect(all.results[0].name).toBe('猫のイラストTシャツ (t0100001)');
		// By name, by Printio's code, by your own EC code.
		for (const [filter, expected] of [
			['トート', ['t0100004']],
			['T0100002', ['t0100002']],
			['ec-bg', ['t0100004', 't0100005']],
		] as const) {
			const found = await lineSearch('searchOriginalItems', 'create', 'originalItemCode', filter);
			expect(found.results.map((result) => result.value)).toEqual(expected);
		}
		const items = await lineSearch('searchItems', 'createWithImages', 'itemCode', 'OGB-92');
		expect(items.results.map((result) => result.value)).toEqual(['OGB-920']);
	});

	it('lists the colours and sizes of the original item chosen in each locator mode', async () => {
		const choices = async (originalItemCode: unknown) => ({
			colors: (
				await lineOptions(
					'getOriginalItemColors',
					'create',
					{ originalItemCode } as INodeParameters,
					'color',
				)
			).map((option) => option.value),
			sizes: (
				await lineOptions(
					'getOriginalItemSizes',
					'create',
					{ originalItemCode } as INodeParameters,
					'size',
				)
			).map((option) => option.value),
		});
		expect(await choices(locator('list', 't0100001'))).toEqual({
			colors: ['ホワイト', 'ブラック', 'ネイビー', 'ヘザーグレー'],
			sizes: ['S', 'M', 'L', 'XL', 'XXL'],
		});
		expect(await choices(locator('code', 't0100003'))).toEqual({
			colors: expect.any(Array),
			sizes: ['330ml'],
		});
		expect(await choices(locator('ecCode', 'EC-BG-0001'))).toEqual({
			colors: ['ナチュラル', 'ブラック'],
			sizes: ['F'],
		});
		// A plain string (workflows built before the locator) is Printio's code.
		expect((await choices('t0100004')).sizes).toEqual(['F']);
		const lookups = (await receivedRequests(sandbox())).map((request) => request.query);
		expect(lookups).toContainEqual({ retailer_id: '1', ec_original_item_code: 'EC-BG-0001' });
		expect(lookups).toContainEqual({ retailer_id: '1', original_item_code: 't0100003' });
	});

	it("shows each size's measurements and the price it adds", async () => {
		const sizes = await lineOptions(
			'getOriginalItemSizes',
			'create',
			{ originalItemCode: locator('list', 't0100001') },
			'size',
		);
		expect(sizes.find((size) => size.value === 'M')).toEqual({
			name: 'M',
			value: 'M',
			description: '着丈 69cm · 身幅 52cm · 袖丈 20cm',
		});
		expect(sizes.find((size) => size.value === 'XL')?.description).toMatch(/ · \+¥200 per piece$/);
	});

	it('lists the colours and sizes of the catalog item chosen on a Create With Images line', async () => {
		const line = { itemCode: locator('list', 'OGB-920') };
		const colors = await lineOptions('getItemColors', 'createWithImages', line, 'color');
		const sizes = await lineOptions('getItemSizes', 'createWithImages', line, 'size');
		expect(colors.map((option) => option.value)).toEqual(['ホワイト', 'ブラック', 'オリーブ']);
		expect(sizes.map((option) => option.value)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
	});

	it('watches the value of the same line\'s item: the editor compares watched values as text, and a locator object reads "[object Object]" whatever is chosen', () => {
		const [, color, size] = linesOf('create');
		const [, itemColor, itemSize] = linesOf('createWithImages');
		expect([color, size].map((field) => field.typeOptions?.loadOptionsDependsOn)).toEqual([
			['&originalItemCode.value'],
			['&originalItemCode.value'],
		]);
		expect([itemColor, itemSize].map((field) => field.typeOptions?.loadOptionsDependsOn)).toEqual([
			['&itemCode.value'],
			['&itemCode.value'],
		]);
	});

	it('never fails while a line is edited: before its item is chosen, for an unresolved expression or an unknown code, the list holds one disabled entry that says what to do', async () => {
		const disabledHint = (name: string | RegExp) => [
			{ name: expect.stringMatching(name), value: '__printioHint', disabled: true },
		];
		for (const originalItemCode of [
			locator('list', ''),
			locator('code', '={{ $json.sku }}'),
			undefined,
		]) {
			for (const method of ['getOriginalItemColors', 'getOriginalItemSizes']) {
				expect(
					await lineOptions(method, 'create', { originalItemCode } as INodeParameters, 'size'),
				).toEqual(disabledHint(/^Choose this line's Original Item first$/));
			}
		}
		for (const method of ['getItemColors', 'getItemSizes']) {
			expect(
				await lineOptions(method, 'createWithImages', { itemCode: locator('code', '') }, 'size'),
			).toEqual(disabledHint(/^Choose this line's Item first$/));
			expect(
				await lineOptions(
					method,
					'createWithImages',
					{ itemCode: locator('code', 'OGB-9') },
					'size',
				),
			).toEqual(disabledHint(/^No catalog item with code OGB-9/));
		}
		expect(
			await lineOptions(
				'getOriginalItemSizes',
				'create',
				{ originalItemCode: locator('ecCode', 'EC-NOPE') },
				'size',
			),
		).toEqual(disabledHint(/^No original item with code EC-NOPE/));
		// Nothing is asked of Printio before an item is chosen.
		expect((await receivedRequests(sandbox())).map((request) => request.query)).toEqual([
			{ retailer_id: '1', item_code: 'OGB-9' },
			{ retailer_id: '1', item_code: 'OGB-9' },
			{ retailer_id: '1', ec_original_item_code: 'EC-NOPE' },
		]);
	});
});

describe('Lines in Define Below: orders placed with the locator in every mode', () => {
	it.each([
		['list', 't0100001', { original_item_code: 't0100001' }, 'OGB-910'],
		['code', 't0100002', { original_item_code: 't0100002' }, 'PKB-110'],
		['ecCode', 'EC-BG-0001', { ec_original_item_code: 'EC-BG-0001' }, 'BAG-310'],
	] as const)(
		'From the mode %s (%s): the line names the original item as the API expects',
		async (mode, value, sent, itemCode) => {
			const ecOrderNo = `LOC-${mode}`;
			const size = mode === 'ecCode' ? 'F' : 'M';
			const result = await runPrintio(
				sandbox(),
				orderByCodeParameters(ecOrderNo, {
					lines: {
						line: [
							{ originalItemCode: locator(mode, value), color: 'ブラック', size, quantity: 1 },
						],
					},
				}),
			);
			const [placed] = jsonOf(result);
			expect(placed).toEqual(
				expect.objectContaining({
					ec_order_no: ecOrderNo,
					status_code: 0,
					order_no: expect.any(String),
				}),
			);
			const post = (await receivedRequests(sandbox())).find((request) => request.method === 'POST');
			expect(post?.body?.order_details).toEqual([
				{ ...sent, color: 'ブラック', size, quantity: 1 },
			]);
			const [order] = jsonOf(
				await runPrintio(sandbox(), {
					resource: 'order',
					operation: 'getMany',
					returnAll: true,
					simplify: false,
					filters: { ecOrderNo },
				}),
			);
			expect(order.order_no).toBe(placed.order_no);
			// The order holds the catalog item of that original item.
			expect(
				(order.order_details as Array<{ item_code: string; size: string }>).map((line) => [
					line.item_code,
					line.size,
				]),
			).toEqual([[itemCode, size]]);
		},
	);

	it('Create With Images: the line names the catalog item picked from the list', async () => {
		const result = await runPrintio(sandbox(), {
			...orderByCodeParameters('LOC-IMG'),
			operation: 'createWithImages',
			lines: {
				line: [
					{
						itemCode: locator('list', 'OGB-910'),
						color: 'ホワイト',
						size: 'L',
						quantity: 1,
						// A design the sandbox serves: the design check (on by default) reads it before the order.
						frontOutputUrl: `${sandbox().url}/_sandbox/designs/2205x2756.png`,
					},
				],
			},
		});
		expect(jsonOf(result)[0]).toEqual(
			expect.objectContaining({ ec_order_no: 'LOC-IMG', status_code: 0 }),
		);
		const post = (await receivedRequests(sandbox())).find((request) => request.method === 'POST');
		expect((post?.body?.order_details as Array<{ item_code: string }>)[0].item_code).toBe(
			'OGB-910',
		);
	});
});
