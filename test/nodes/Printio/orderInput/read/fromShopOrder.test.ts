/**
 * A shop item turned into its row with the node's settings (nodes/Printio/orderInput/read/fromShopOrder.ts, through
 * shopItems.ts): Overrides (the order number, date and each recipient field replace what the order gives, a blank
 * override is none; Lines (JSON) replaces every platform line, its errors in the words the item shows).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { readShopItems, SHOPIFY_ORDER as shopify } from './shopItems';
import { connection, parameterContext } from '../../orderRun/fakes';
import type { IsPrintItem, ShopRead } from '../../../../../nodes/Printio/orderInput/read/shop';

/** The node's context with these parameter values (the same for every item). */
const context = (parameters: IDataObject = {}) => parameterContext(parameters);

const items = (json: IDataObject = shopify as IDataObject): INodeExecutionData[] => [
	{ json: {} },
	{ json },
];
const known: IsPrintItem = (code) => code.startsWith('EC-');

/** Item 1 read as a Shopify order; `isPrintItem` answers the look-up. */
async function readItem(parameters: IDataObject, json?: IDataObject, isPrintItem = known) {
	const reads = await readShopItems.call(
		context({ inputMode: 'shopifyOrder', ...parameters }),
		items(json),
		'orderByCode',
		connection,
		{
			exists: async (query) => isPrintItem(query.code),
			concurrency: 1,
		},
	);
	const read = reads.get(1);
	if (read === undefined || read instanceof Error) throw read ?? new Error('item 1 was not read');
	return { read: read as ShopRead };
}

describe('readShopItems', () => {
	it('no overrides: the order as read, its lines looked up', async () => {
		const { read } = await readItem({});
		if (!read.ok) throw new Error(read.message);
		expect(read.row.itemIndex).toBe(1);
		expect(read.row.order.ec_order_no).toBe('1001');
		expect(read.row.order.order_details?.map((line) => line.ec_order_detail_no)).toStrictEqual([
			'1',
			'4',
		]);
		expect(read.leftOut.map((line) => [line.line, line.reason])).toStrictEqual([
			[1, 'noCode'],
			[2, 'notAnOriginalItem'],
		]);
		expect(read.row.problems).toStrictEqual([]);
	});

	it("an item without an order: the platform's answer, nothing overridden", async () => {
		await expect(readItem({ shopOverrides: { linesJson: '[]' } }, { id: 1 })).rejects.toMatchObject(
			{
				message: 'The item is not a Shopify order: no line_items found',
				context: expect.objectContaining({ itemIndex: 1 }),
			},
		);
	});

	it("order number, date and each recipient field given replace the order's; blank ones are none", async () => {
		const shopOverrides = {
			ecOrderNo: 'MANUAL-1',
			ecOrderDate: '2025-04-01',
			shippingFullName: '佐藤 花子',
			shippingZipCode: '150-0001',
			shippingPrefecture: '東京都',
			shippingMunicipalities: '渋谷区',
			shippingAddress1: '神宮前1-2-3',
			shippingAddress2: '4F',
			shippingPhoneNumber: '03-1111-2222',
			shippingMailAddress: 'b@example.jp',
		};
		const { read } = await readItem({ shopOverrides, orderNumberPrefix: 'S-' });
		if (!read.ok) throw new Error(read.message);
		expect(read.row.order.ec_order_no).toBe('MANUAL-1');
		expect(read.row.order.ec_order_date).toBe('2025-04-01');
		expect(read.row.order.shipping_information).toStrictEqual({
			full_name: '佐藤 花子',
			zip_code: '150-0001',
			prefecture_name: '東京都',
			municipalities: '渋谷区',
			address1: '神宮前1-2-3',
			address2: '4F',
			phone_number: '03-1111-2222',
			mail_address: 'b@example.jp',
		});
		const blank = (
			await readItem({
				shopOverrides: {
					ecOrderNo: ' ',
					ecOrderDate: '',
					shippingZipCode: null,
					shippingAddress2: '  ',
				},
				orderNumberPrefix: 'S-',
			})
		).read;
		if (!blank.ok) throw new Error(blank.message);
		expect(blank.row.order.ec_order_no).toBe('S-1001');
		expect(blank.row.order.ec_order_date).toBe('2025-03-08T14:27:51+09:00');
		expect(blank.row.order.shipping_information).toStrictEqual({
			full_name: '山田 太郎',
			zip_code: '530-0001',
			prefecture_name: 'JP-27',
			municipalities: '大阪市北区',
			address1: '梅田1-1-1',
			phone_number: '+81 6-1234-5678',
			mail_address: 'a@example.jp',
		});
	});

	it('a recipient field given for an order without an address makes the block; none given, none made', async () => {
		const noAddress = { ...shopify, shipping_address: null, email: null };
		const given = (await readItem({ shopOverrides: { shippingZipCode: '1500001' } }, noAddress))
			.read;
		if (!given.ok) throw new Error(given.message);
		expect(given.row.order.shipping_information).toStrictEqual({ zip_code: '1500001' });
		const none = (await readItem({}, noAddress)).read;
		if (!none.ok) throw new Error(none.message);
		expect(none.row.order).not.toHaveProperty('shipping_information');
	});

	it('an override given as a number is read like a cell: a zip or phone that lost its 0 is reported on the item', async () => {
		const { read } = await readItem({
			shopOverrides: {
				shippingZipCode: 600001,
				shippingPhoneNumber: 312345678,
				shippingAddress1: 123,
				ecOrderNo: 77,
			},
		});
		if (!read.ok) throw new Error(read.message);
		expect(read.row.order.ec_order_no).toBe('77');
		expect(read.row.order.shipping_information).toMatchObject({
			zip_code: '600001',
			phone_number: '312345678',
			address1: '123',
		});
		expect(read.row.problems?.map((problem) => [problem.field, problem.itemIndex])).toStrictEqual([
			['shipping_information.zip_code', 1],
			['shipping_information.phone_number', 1],
		]);
	});

	it('Lines (JSON) replaces every platform line: nothing left out, never "no print line", the look-up not asked', async () => {
		const asked: string[] = [];
		const { read } = await readItem(
			{
				shopOverrides: {
					linesJson:
						'[{"ec_original_item_code":"EC-X","color":"ホワイト","size":"M","quantity":"2"}, 5]',
				},
			},
			undefined,
			(code) => (asked.push(code), false),
		);
		expect(asked).toStrictEqual([]);
		if (!read.ok) throw new Error(read.message);
		expect(read.row.order.order_details).toStrictEqual([
			{ ec_original_item_code: 'EC-X', color: 'ホワイト', size: 'M', quantity: 2 },
			{},
		]);
		expect(read.leftOut).toStrictEqual([]);
		expect(read.noPrintLine).toBe(false);
		expect(
			read.row.problems?.map((problem) => [problem.field, problem.message, problem.itemIndex]),
		).toStrictEqual([['order_details[1]', 'must be an object', 1]]);
		const asList = (await readItem({ shopOverrides: { linesJson: [{ size: 'L' }] } })).read;
		expect(asList.ok && asList.row.order.order_details).toStrictEqual([{ size: 'L' }]);
	});

	it('Lines (JSON) for an order none of whose lines has a code: still an order to send', async () => {
		const codeless = { ...shopify, line_items: [{ id: 9, sku: '', title: 'Custom' }] };
		expect((await readItem({}, codeless)).read).toMatchObject({ ok: true, noPrintLine: true });
		const { read } = await readItem(
			{ shopOverrides: { linesJson: '[{"ec_original_item_code":"EC-X","quantity":1}]' } },
			codeless,
		);
		expect(read).toMatchObject({ ok: true, noPrintLine: false, leftOut: [] });
	});

	it('Lines (JSON) with Non-Print Lines › Fail: the replaced platform lines (a gift card without a SKU, an item not yours) are no problem', async () => {
		const fail = { shopOrder: { nonPrintLines: 'fail' } };
		expect((await readItem(fail)).read).toMatchObject({
			ok: true,
			row: { problems: [{ field: 'line_items[1]' }, { field: 'line_items[2]' }] },
		});
		const { read } = await readItem({
			...fail,
			shopOverrides: {
				linesJson:
					'[{"ec_original_item_code":"EC-TS-0001","color":"ホワイト","size":"M","quantity":1}]',
			},
		});
		expect(read).toMatchObject({
			ok: true,
			leftOut: [],
			noPrintLine: false,
			row: { problems: [] },
		});
	});

	it('a blank Lines (JSON) is none: the platform lines are used', async () => {
		for (const linesJson of ['', '  ', null]) {
			const { read } = await readItem({ shopOverrides: { linesJson } });
			expect(read.ok && read.leftOut.length).toBe(2);
		}
	});

	it('Lines (JSON) that is not JSON, or not a list: the item fails in the words of the form', async () => {
		await expect(readItem({ shopOverrides: { linesJson: '[{' } })).rejects.toThrow(
			expect.objectContaining({
				message: 'Overrides › Lines (JSON) is not valid JSON',
				description:
					'Give an array of line objects, e.g. [{"ec_original_item_code": "EC-TS-0001", "color": "ホワイト", "size": "M", "quantity": 1}].',
			}),
		);
		await expect(readItem({ shopOverrides: { linesJson: '{"size":"M"}' } })).rejects.toThrow(
			'Overrides › Lines (JSON) must be an array of line objects',
		);
		await expect(readItem({ shopOverrides: { linesJson: 7 } })).rejects.toThrow(
			'Overrides › Lines (JSON) must be an array of line objects',
		);
	});

	it('a cancelled order stays cancelled whatever is overridden', async () => {
		const { read } = await readItem(
			{ shopOverrides: { linesJson: '[]', ecOrderNo: 'X' } },
			{ ...shopify, cancelled_at: '2025-03-09T00:00:00Z' },
		);
		expect(read.ok && read.cancelled).toBe(true);
	});
});
