/**
 * Order › Create and Create With Images in Map Columns mode: the resource mapper's columns come from the order
 * field table through n8n-core (methods.resourceMapping, as the editor asks for them), and orders are placed
 * through it in both of its modes: Map Automatically (items carry the API column names) and Map Each Column
 * Manually (a sheet with Japanese headers and shop-platform values, mapped by expressions).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { flatColumns, fieldsOf } from '../../../../nodes/Printio/orderInput/fields';
import { callNodeMethod } from '../../../harness';
import { PERSONAL_VALUES, sheetRow } from '../fixtures';
import {
	credentialsFor,
	jsonOf,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const placements = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);

async function columnsOf(operation: 'create' | 'createWithImages') {
	return await callNodeMethod({
		node: { type: 'printio', parameters: { resource: 'order', operation, inputMode: 'autoMap' } },
		credentials: { printioApi: credentialsFor(sandbox()) as never },
		kind: 'resourceMapping',
		method: 'getOrderColumns',
	});
}

describe('the column mapper lists the order field table', () => {
	it.each([
		['create', 'orderByCode'],
		['createWithImages', 'orderWithImage'],
	] as const)(
		'%s: every column of the table, in its order, with type and required mark',
		async (operation, api) => {
			const { fields } = await columnsOf(operation);
			// The table's columns, with the recipient's name also as family and given name right after the full name.
			const tableColumns = flatColumns(api).filter((column) => !column.includes('<'));
			const full = tableColumns.indexOf('shipping_full_name');
			expect(fields.map((field) => field.id)).toEqual([
				...tableColumns.slice(0, full + 1),
				'shipping_family_name',
				'shipping_given_name',
				...tableColumns.slice(full + 1),
			]);
			// Not the recipient's full name: family and given name may stand for it (the node reports a missing name).
			const required = fieldsOf(api)
				.filter((field) => field.required === 'required' && field.column !== 'shipping_full_name')
				.map((field) => field.column);
			expect(fields.filter((field) => field.required).map((field) => field.id)).toEqual(required);
			// Text, so that n8n's own type check lets a sheet's "２" through to the node's normalisation.
			expect(fields.find((field) => field.id === 'line_quantity')).toMatchObject({
				type: 'string',
				required: true,
				display: true,
			});
			expect(fields.find((field) => field.id === 'shipping_zip_code')).toMatchObject({
				displayName: 'Recipient Zip Code',
				type: 'string',
			});
			// The form's label alone: with the column name appended, labels were cut off at n8n's default panel width
			// (the browser test checks that none is cut off there).
			expect(fields.filter((field) => field.displayName.includes(field.id))).toEqual([]);
			expect(fields.find((field) => field.id === 'line_ec_order_detail_no')?.displayName).toBe(
				'EC Order Detail Number',
			);
			// Short enough for n8n's default panel width beside the remove button (the browser test measures it).
			expect(Math.max(...fields.map((field) => field.displayName.length))).toBeLessThanOrEqual(24);
			expect(
				fields.every((field) => field.canBeUsedToMatch === false && field.defaultMatch === false),
			).toBe(true);
		},
	);

	it('Create lists original item codes and the shipping method as a choice; Create With Images lists images', async () => {
		const byCode = (await columnsOf('create')).fields.map((field) => field.id);
		const withImages = await columnsOf('createWithImages');
		expect(byCode).toEqual(
			expect.arrayContaining([
				'line_original_item_code',
				'line_ec_original_item_code',
				'shipping_method',
			]),
		);
		expect(byCode).not.toContain('line_item_code');
		expect(withImages.fields.map((field) => field.id)).toEqual(
			expect.arrayContaining([
				'line_item_code',
				'line_image_front_output_url',
				'line_image_right_thumbnail_url',
			]),
		);
		expect(
			(await columnsOf('create')).fields.find((field) => field.id === 'shipping_method'),
		).toMatchObject({
			type: 'options',
			options: [
				{ name: '1', value: '1' },
				{ name: '2', value: '2' },
			],
		});
	});

	it('the column list needs no request to Printio', async () => {
		await columnsOf('create');
		expect(await receivedRequests(sandbox())).toEqual([]);
	});
});

const EXPECTED_BODY = {
	retailer_id: 1,
	ec_order_no: 'MAP-1',
	shipping_information: {
		zip_code: '1500001',
		prefecture_name: '東京都',
		municipalities: '渋谷区',
		address1: '神宮前1-2-3',
		full_name: '山田 太郎',
		phone_number: '0312345678',
	},
	sender_information: {
		zip_code: '1000005',
		prefecture_name: '東京都',
		municipalities: '千代田区',
		address1: '丸の内1-1-1',
		full_name: 'サンプルショップ',
		phone_number: '0398765432',
		item_name: '衣類',
	},
	order_details: [{ original_item_code: 't0100001', quantity: 2, color: 'ホワイト', size: 'M' }],
};

function mapColumns(columns: object): INodeParameters {
	return {
		resource: 'order',
		operation: 'create',
		inputMode: 'autoMap',
		columns,
		options: {},
	} as INodeParameters;
}

describe('orders placed through the column mapper', () => {
	it('Map Automatically: items named by the API columns are read as they are', async () => {
		const result = await runPrintio(
			sandbox(),
			mapColumns({ mappingMode: 'autoMapInputData', value: null }),
			{
				input: [sheetRow('MAP-1', { line_quantity: '２' })],
			},
		);
		expect(jsonOf(result)[0]).toEqual(
			expect.objectContaining({ ec_order_no: 'MAP-1', status_code: 0 }),
		);
		const [placed] = await placements();
		expect(placed.body).toEqual(EXPECTED_BODY);
	});

	it('a workflow saved before the mapper (Input Mode autoMap, no columns) still maps automatically', async () => {
		const parameters = mapColumns({});
		delete parameters.columns;
		await runPrintio(sandbox(), parameters, { input: [sheetRow('MAP-1', { line_quantity: 2 })] });
		expect((await placements())[0].body).toEqual(EXPECTED_BODY);
	});

	it('Map Each Column Manually: a shop sheet with Japanese headers and platform values maps by expressions', async () => {
		const shopRow: IDataObject = {
			注文番号: 'MAP-1',
			お届け先氏名: '山田 太郎',
			郵便番号: '〒150-0001',
			都道府県: 'JP-13',
			市区町村: '渋谷区',
			番地: '神宮前１－２－３',
			電話番号: '+81 3-1234-5678',
			商品: 't0100001',
			カラー: 'ホワイト',
			サイズ: 'M',
			数量: 2,
			メモ: 'not an order field',
		};
		const columns = {
			mappingMode: 'defineBelow',
			value: {
				ec_order_no: '={{ $json["注文番号"] }}',
				shipping_full_name: '={{ $json["お届け先氏名"] }}',
				shipping_zip_code: '={{ $json["郵便番号"] }}',
				shipping_prefecture_name: '={{ $json["都道府県"] }}',
				shipping_municipalities: '={{ $json["市区町村"] }}',
				shipping_address1: '={{ $json["番地"] }}',
				shipping_phone_number: '={{ $json["電話番号"] }}',
				sender_full_name: 'サンプルショップ',
				sender_zip_code: '100-0005',
				sender_prefecture_name: 'Tokyo',
				sender_municipalities: '千代田区',
				sender_address1: '丸の内1-1-1',
				sender_phone_number: '03-9876-5432',
				sender_item_name: '衣類',
				line_original_item_code: '={{ $json["商品"] }}',
				line_color: '={{ $json["カラー"] }}',
				line_size: '={{ $json["サイズ"] }}',
				line_quantity: '={{ $json["数量"] }}',
				shipping_method: '2',
			},
			matchingColumns: [],
			// What the editor stores: the columns as getOrderColumns gave them (n8n checks values against it).
			schema: (await columnsOf('create')).fields,
		};
		const result = await runPrintio(sandbox(), mapColumns(columns), { input: [shopRow] });
		if (result.error) throw result.error;
		const [order] = jsonOf(result);
		expect(order).toEqual(expect.objectContaining({ ec_order_no: 'MAP-1', status_code: 0 }));
		expect(order.normalized).toEqual(
			expect.arrayContaining([
				{ field: 'shipping_information.prefecture_name', rule: 'prefectureFromCode' },
				{ field: 'sender_information.prefecture_name', rule: 'prefectureRomanized' },
				{ field: 'shipping_information.phone_number', rule: 'countryCodeToDomestic' },
			]),
		);
		expect((await placements())[0].body).toEqual({ ...EXPECTED_BODY, shipping_method: 2 });
		expect(JSON.stringify(order.normalized)).not.toMatch(new RegExp(PERSONAL_VALUES.join('|')));
	});

	it("the recipient's name from two columns (family, given) becomes the full name, family name first; a full name wins", async () => {
		const row = (ecOrderNo: string, extra: IDataObject): IDataObject => {
			const fields: IDataObject = { ...sheetRow(ecOrderNo), ...extra };
			if (!('shipping_full_name' in extra)) delete fields.shipping_full_name;
			return fields;
		};
		const result = await runPrintio(
			sandbox(),
			mapColumns({ mappingMode: 'autoMapInputData', value: null }),
			{
				input: [
					row('NAME-1', { shipping_family_name: '佐藤', shipping_given_name: ' 花子 ' }),
					row('NAME-2', { shipping_family_name: '佐藤' }),
					row('NAME-3', {
						shipping_full_name: '山田 太郎',
						shipping_family_name: '佐藤',
						shipping_given_name: '花子',
					}),
				],
			},
		);
		if (result.error) throw result.error;
		const names = Object.fromEntries(
			(await placements()).map((placement) => {
				const body = placement.body as {
					ec_order_no: string;
					shipping_information: { full_name: string };
				};
				return [body.ec_order_no, body.shipping_information.full_name];
			}),
		);
		expect(names).toEqual({ 'NAME-1': '佐藤 花子', 'NAME-2': '佐藤', 'NAME-3': '山田 太郎' });
	});

	it('Map Each Column Manually: a required column left unmapped is refused before anything is sent', async () => {
		const columns = {
			mappingMode: 'defineBelow',
			value: { ec_order_no: 'MAP-2', line_quantity: 1 },
		};
		const result = await runPrintio(sandbox(), mapColumns(columns), { input: [{}] });
		expect(result.error?.message).toMatch(/Order "MAP-2" is invalid/);
		expect(result.error?.message).toMatch(
			/shipping_information, sender_information, order_details\[0\]\.original_item_code/,
		);
		expect(await placements()).toEqual([]);
	});
});
