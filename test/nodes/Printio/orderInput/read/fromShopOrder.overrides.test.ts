/**
 * readShopItems (nodes/Printio/orderInput/read/fromShopOrder.ts), beyond fromShopOrder.test.ts: an override of the
 * order number or date that is no text (an expression that gave a boolean or an object) is reported under the
 * order's field; a recipient text field given as a number is read as text (the leading-0 check is for the zip code
 * and the phone only); and Lines (JSON) that is no list fails on the item it was read for.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { readShopItems } from './shopItems';
import { connection, parameterContext } from '../../orderRun/fakes';
import type { IsPrintItem, ShopRead } from '../../../../../nodes/Printio/orderInput/read/shop';

const context = (parameters: IDataObject) => parameterContext(parameters);

/** An `orders/create` webhook body as Shopify sends it (the fields the reader uses). */
const shopifyOrder: IDataObject = {
	id: 5523904970915,
	order_number: 1042,
	name: '#1042',
	created_at: '2025-03-08T14:27:51+09:00',
	email: 'hanako@example.jp',
	cancelled_at: null,
	shipping_address: {
		first_name: '花子',
		last_name: '佐藤',
		company: null,
		zip: '150-0001',
		province: 'Tokyo',
		province_code: 'JP-13',
		city: '渋谷区',
		address1: '神宮前1-2-3',
		address2: '',
		phone: '03-1111-2222',
		country_code: 'JP',
	},
	line_items: [
		{
			id: 13851775828131,
			sku: 'EC-TS-0001',
			product_id: 7390021894307,
			variant_id: 42108465381539,
			title: 'T-Shirt',
			variant_title: 'ホワイト / M',
			quantity: 1,
		},
	],
};

const items = (): INodeExecutionData[] => [{ json: {} }, { json: shopifyOrder }];
const known: IsPrintItem = (code) => code.startsWith('EC-');

async function readItem(shopOverrides: IDataObject) {
	const reads = await readShopItems.call(
		context({ inputMode: 'shopifyOrder', shopOverrides }),
		items(),
		'orderByCode',
		connection,
		{
			exists: async (query) => known(query.code),
			concurrency: 1,
		},
	);
	const read = reads.get(1);
	if (read === undefined || read instanceof Error) throw read ?? new Error('item 1 was not read');
	return { read: read as ShopRead };
}

describe('readShopItems: overrides that are no text', () => {
	it('an order number override that is no text is reported under ec_order_no, on the item, and the order keeps its own', async () => {
		const { read } = await readItem({ ecOrderNo: true });
		if (!read.ok) throw new Error(read.message);
		expect(read.row.order.ec_order_no).toBe('1042');
		expect(read.row.problems).toStrictEqual([
			{
				field: 'ec_order_no',
				message: 'must be text',
				fix: 'Give ec_order_no as text.',
				itemIndex: 1,
			},
		]);
	});

	it('an order date override that is no text is reported under ec_order_date, on the item, and the order keeps its own', async () => {
		const { read } = await readItem({ ecOrderDate: { year: 2025 } });
		if (!read.ok) throw new Error(read.message);
		expect(read.row.order.ec_order_date).toBe('2025-03-08T14:27:51+09:00');
		expect(read.row.problems).toStrictEqual([
			{
				field: 'ec_order_date',
				message: 'must be text',
				fix: 'Give ec_order_date as text.',
				itemIndex: 1,
			},
		]);
	});

	it('a recipient text field given as a number is text: no leading-0 report (that is for zip code and phone only)', async () => {
		// A room number or a building number from a sheet: 10 digits would be a phone that lost its 0, not an address.
		const { read } = await readItem({ shippingAddress2: 1203456789, shippingAddress1: 2.5 });
		if (!read.ok) throw new Error(read.message);
		expect(read.row.order.shipping_information).toMatchObject({
			address1: '2.5',
			address2: '1203456789',
		});
		expect(read.row.problems).toStrictEqual([]);
	});
});

describe('readShopItems: Lines (JSON) that is no list', () => {
	it('fails on the item it was read for', async () => {
		let thrown: unknown;
		try {
			await readItem({ linesJson: '{"ec_original_item_code":"EC-TS-0001","quantity":1}' });
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toMatchObject({
			message: 'Overrides › Lines (JSON) must be an array of line objects',
			context: { itemIndex: 1 },
		});
	});
});
