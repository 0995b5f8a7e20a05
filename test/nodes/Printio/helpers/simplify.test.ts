/** Simplified records (helpers/simplify.ts): the fields a workflow usually needs, no address blocks for orders. */
import type { Item, Order, OriginalItem } from '../../../../api/schema/types';
import {
	simplifyItem,
	simplifyOrder,
	simplifyOriginalItem,
} from '../../../../nodes/Printio/helpers/simplify';

describe('simplifyItem', () => {
	it("keeps codes, names, price, images, sides and the colours' and sizes' names, skipping values without one", () => {
		const item = {
			code: 'TS-1',
			item_name: 'T-Shirt',
			category_id: 4,
			price: 1200,
			display_unit: '枚',
			main_image_url: 'https://img.test/ts.png',
			printable_sides: ['front', 'back'],
			colors: {
				values: [{ name: 'White' }, null, 'Black', { code: 'x' }, { name: 3 }, { name: 'Navy' }],
			},
			sizes: { values: [{ name: 'S' }, { name: 'M', details: [] }] },
			stock: 99,
			description: 'left out',
		} as unknown as Item;
		expect(simplifyItem(item)).toStrictEqual({
			code: 'TS-1',
			item_name: 'T-Shirt',
			category_id: 4,
			price: 1200,
			display_unit: '枚',
			main_image_url: 'https://img.test/ts.png',
			printable_sides: ['front', 'back'],
			colors: ['White', 'Navy'],
			sizes: ['S', 'M'],
		});
	});

	it('leaves colours and sizes undefined when the record has no list', () => {
		const item = { code: 'TS-1', colors: { values: 'White' } } as unknown as Item;
		expect(simplifyItem(item)).toStrictEqual({
			code: 'TS-1',
			item_name: undefined,
			category_id: undefined,
			price: undefined,
			display_unit: undefined,
			main_image_url: undefined,
			printable_sides: undefined,
			colors: undefined,
			sizes: undefined,
		});
		const bare = simplifyItem({ code: 'TS-2' } as unknown as Item);
		expect([bare.colors, bare.sizes]).toStrictEqual([undefined, undefined]);
	});
});

describe('simplifyOriginalItem', () => {
	it("keeps codes, names, category, the images' colour names, size names and dates", () => {
		const record = {
			original_item_code: 'OI-1',
			ec_original_item_code: 'SHOP-1',
			original_item_name: 'Cat Shirt',
			item_code: 'TS-1',
			item_name: 'T-Shirt',
			category_id: 4,
			category_name: 'Tops',
			image_urls: [
				{ color_name: 'White', url: 'a' },
				{ color_name: 'Black', url: 'b' },
			],
			sizes: { values: [{ name: 'M' }, {}, { name: 'L' }] },
			created_at: '2026-01-01',
			updated_at: '2026-02-01',
			design: 'left out',
		} as unknown as OriginalItem;
		expect(simplifyOriginalItem(record)).toStrictEqual({
			original_item_code: 'OI-1',
			ec_original_item_code: 'SHOP-1',
			original_item_name: 'Cat Shirt',
			item_code: 'TS-1',
			item_name: 'T-Shirt',
			category_id: 4,
			category_name: 'Tops',
			colors: ['White', 'Black'],
			sizes: ['M', 'L'],
			created_at: '2026-01-01',
			updated_at: '2026-02-01',
		});
	});

	it('leaves colours and sizes undefined without images or sizes', () => {
		const simplified = simplifyOriginalItem({
			original_item_code: 'OI-1',
		} as unknown as OriginalItem);
		expect(simplified.colors).toBeUndefined();
		expect(simplified.sizes).toBeUndefined();
		expect(Object.keys(simplified)).toHaveLength(11);
	});
});

describe('simplifyOrder', () => {
	const order = {
		order_no: 'P-1',
		ec_order_no: 'EC-1',
		order_status_id: 3,
		order_status_name: '発送済み',
		scheduled_shipping_date: '2026-03-01',
		shipping_date: '2026-03-02',
		scheduled_delivery_date: '2026-03-04',
		delivery_company_name: 'Yamato',
		shipping_number: '1234',
		shipping_full_name: 'left out',
		shipping_address1: 'left out',
		order_details: [
			{
				item_code: 'TS-1',
				item_name: 'T-Shirt',
				color: 'White',
				size: 'M',
				quantity: 2,
				order_detail_status_name: '発送済み',
				price: 9,
			},
		],
		ec_optional_information: 'note',
	};
	const simplified = {
		order_no: 'P-1',
		ec_order_no: 'EC-1',
		order_status_id: 3,
		order_status_name: '発送済み',
		scheduled_shipping_date: '2026-03-01',
		shipping_date: '2026-03-02',
		scheduled_delivery_date: '2026-03-04',
		delivery_company_name: 'Yamato',
		shipping_number: '1234',
		lines: [
			{
				item_code: 'TS-1',
				item_name: 'T-Shirt',
				color: 'White',
				size: 'M',
				quantity: 2,
				status_name: '発送済み',
			},
		],
		ec_optional_information: 'note',
	};

	it('keeps numbers, states, dates, tracking and the lines, without the addresses', () => {
		expect(simplifyOrder(order as unknown as Order)).toStrictEqual(simplified);
	});

	it('adds the shipping id only when the order has one', () => {
		expect(simplifyOrder({ ...order, shipping_id: 0 } as unknown as Order)).toStrictEqual({
			...simplified,
			shipping_id: 0,
		});
		expect(simplifyOrder({ ...order, shipping_id: null } as unknown as Order)).toStrictEqual({
			...simplified,
			shipping_id: null,
		});
	});

	it('leaves the lines undefined when the order has none', () => {
		expect(simplifyOrder({ order_no: 'P-2' } as unknown as Order).lines).toBeUndefined();
	});
});
