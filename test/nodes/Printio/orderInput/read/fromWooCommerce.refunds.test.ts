/**
 * What a WooCommerce order shows of refunds and single attributes (fromWooCommerce.ts), shaped as the REST API v3
 * documents its order: `refunds[]` gives each refund's `id`, `reason` and `total` only ("Order - Refunds
 * properties"), and `line_items[]` keep the quantity ordered, with no refunded quantity of their own. So the reader
 * keeps the refunds it cannot attribute to lines (id and total; never the reason, the shop's free text), and reads
 * a line with one product attribute that is neither the colour nor the size attribute as one option of unknown role.
 */
import {
	onlyProductAttribute,
	wooCommerceOrder,
} from '../../../../../nodes/Printio/orderInput/read/fromWooCommerce';
import { DEFAULT_SHOP_SETTINGS } from '../../../../../nodes/Printio/orderInput/read/shop';

type Json = Record<string, unknown>;
const read = (order: Json) => wooCommerceOrder({ line_items: [], ...order }, DEFAULT_SHOP_SETTINGS);

const line = (meta: Array<[key: string, value: unknown]>, extra: Json = {}): Json => ({
	id: 315,
	name: 'Cat Illustration T-Shirt',
	product_id: 93,
	variation_id: 101,
	quantity: 2,
	subtotal: '5000',
	total: '5000',
	sku: 'EC-TS-0001',
	price: 2500,
	meta_data: meta.map(([key, value], index) => ({
		id: 2001 + index,
		key,
		value,
		display_key: key.replace(/^pa_/, ''),
		display_value: value,
	})),
	...extra,
});

describe('refunds', () => {
	it('each refund of the order, by id and total, the reason not read; the lines keep their quantity', () => {
		const order = read({
			status: 'processing',
			line_items: [
				line([
					['pa_color', 'white'],
					['pa_size', 'm'],
				]),
			],
			refunds: [
				{ id: 726, reason: 'Yuki Tanaka asked by phone', total: '-2500.00' },
				{ id: 727, reason: '', total: '-500.00' },
			],
		});
		expect(order.unattributedRefunds).toStrictEqual([
			{ id: '726', total: '-2500.00' },
			{ id: '727', total: '-500.00' },
		]);
		expect(JSON.stringify(order)).not.toContain('Yuki');
		expect(order.lines[0].quantity).toBe(2);
		expect(order.lines[0].gone).toBeUndefined();
	});

	it('none: refunds [] (the documented example), absent or not a list; an entry that is no object has neither id nor total', () => {
		for (const refunds of [[], undefined, null, 'x'])
			expect(read({ refunds }).unattributedRefunds).toStrictEqual([]);
		expect(read({ refunds: ['x'] }).unattributedRefunds).toStrictEqual([
			{ id: undefined, total: undefined },
		]);
	});
});

describe('one attribute', () => {
	it("only the size attribute: the size, no colour (the item's colours tell it), no single option", () => {
		const [only] = read({ line_items: [line([['pa_size', 'm']])] }).lines;
		expect(only).toMatchObject({ color: undefined, size: 'm' });
		expect(only.singleOption).toBeUndefined();
	});

	it('neither attribute, one other product attribute (pa_volume): one option of unknown role', () => {
		const [mug] = read({
			line_items: [
				line([
					['pa_volume', '330ml'],
					['_reduced_stock', '1'],
				]),
			],
		}).lines;
		expect(mug).toMatchObject({ color: undefined, size: undefined, singleOption: '330ml' });
	});

	it("a customer's note or two product attributes are no single option", () => {
		expect(
			onlyProductAttribute([{ key: 'Gift message', value: 'Happy birthday' }]),
		).toBeUndefined();
		expect(
			onlyProductAttribute([
				{ key: 'pa_volume', value: '330ml' },
				{ key: 'pa_finish', value: 'matte' },
			]),
		).toBeUndefined();
		expect(
			onlyProductAttribute([{ key: 'pa_volume', value: ' ' }, 'x', { key: 3, value: 'a' }]),
		).toBeUndefined();
		expect(onlyProductAttribute(undefined)).toBeUndefined();
		expect(onlyProductAttribute([{ key: ' PA_Volume', value: ' 330ml ' }])).toBe('330ml');
	});
});
