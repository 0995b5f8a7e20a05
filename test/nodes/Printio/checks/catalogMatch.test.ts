/**
 * The catalog match before sending, as a unit (matchCatalog, over the records the real look-up stage reads for the
 * orders): which records are read (once per item and run), how each line's colour and size is matched, what a refusal
 * says (field, label, words, fix, item index), and that an order whose record cannot be read is never passed on as
 * checked.
 */
import type { NodeApiError } from 'n8n-workflow';

import type { PreparedOrder } from '../../../../nodes/Printio/orderInput';
import { toRequest } from '../../../../nodes/Printio/orderInput/build';
import {
	colors,
	item,
	originalItem,
	refused,
	sizes,
	type Row,
	codedLine as line,
	matchedOver as check,
	SHIRT as shirt,
} from '../orderRun/fakes';

/** As the pipeline leaves a valid order: its validated draft, not built yet. */
const prepared = (ec: string, lines: Row[], extra: Partial<PreparedOrder> = {}): PreparedOrder => {
	const draft = {
		retailer_id: 7,
		ec_order_no: ec,
		shipping_information: {},
		sender_information: {},
		order_details: lines,
	};
	return {
		itemIndexes: [0],
		ecOrderNo: ec,
		draft,
		problems: [],
		changes: [],
		ignoredFields: [],
		...extra,
	} as unknown as PreparedOrder;
};

describe('the catalog match: what is read', () => {
	it('reads an original item once per code however many lines and orders use it, and passes exact names on unchanged', async () => {
		const a = prepared('A', [line('OI-1', 'White', 'M'), line('OI-1', 'Black', 'L')]);
		const b = prepared('B', [line('OI-1', 'White', 'L')], { itemIndexes: [1] });
		const { result, routes } = await check({ originalItems: [shirt] }, [a, b]);
		expect(routes()).toEqual(['GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}']);
		expect(result.unchecked).toEqual([]);
		expect(result.orders).toHaveLength(2);
		expect(result.orders[0]).toBe(a);
		expect(result.orders[1]).toBe(b);
	});

	it("reads by the retailer's code for an ec_original_item_code line, and by item code for a Create With Images line", async () => {
		const byEc = prepared('A', [line('EC-OI-1', 'White', 'M', 'ec_original_item_code')]);
		const byItem = prepared('B', [line('IT-2', 'Red', 'S', 'item_code')], { itemIndexes: [1] });
		const catalog = {
			originalItems: [shirt],
			items: [item('IT-2', { colors: colors(['Red']), sizes: sizes('S') })],
		};
		const create = await check(catalog, [byEc]);
		expect(create.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"ec_original_item_code":"EC-OI-1"}',
		]);
		const withImages = await check(catalog, [byItem], { operation: 'orderWithImage' });
		expect(withImages.routes()).toEqual(['GET /items {"retailer_id":7,"item_code":"IT-2"}']);
		expect([...create.result.orders, ...withImages.result.orders]).toEqual([byEc, byItem]);
	});

	it('prefers original_item_code over ec_original_item_code and item_code on one line', async () => {
		const both = prepared('A', [
			{
				original_item_code: 'OI-1',
				ec_original_item_code: 'EC-X',
				item_code: 'IT-X',
				color: 'White',
				size: 'M',
				quantity: 1,
			},
		]);
		const { routes } = await check({ originalItems: [shirt] }, [both]);
		expect(routes()).toEqual(['GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}']);
		const ecAndItem = prepared('A', [
			{
				ec_original_item_code: 'EC-OI-1',
				item_code: 'IT-X',
				color: 'White',
				size: 'M',
				quantity: 1,
			},
		]);
		const second = await check({ originalItems: [shirt] }, [ecAndItem]);
		expect(second.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"ec_original_item_code":"EC-OI-1"}',
		]);
	});

	it('reads the same code once per retailer: two retailers, two reads', async () => {
		const a = prepared('A', [line('OI-1', 'White', 'M')]);
		const b = prepared('B', [line('OI-1', 'White', 'M')]);
		(b.draft as { retailer_id: number }).retailer_id = 8;
		const { routes } = await check({ originalItems: [shirt] }, [a, b]);
		expect(routes().sort()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":8,"original_item_code":"OI-1"}',
		]);
	});

	it('sends nothing for an order without a request or a line without a code, and passes both on as they are', async () => {
		const invalid = {
			...prepared('A', []),
			request: undefined,
			problems: [{ field: 'x', message: 'm', fix: 'f', itemIndex: 0 }],
		} as PreparedOrder;
		const noCode = prepared('B', [
			{ original_item_code: '', color: 'White', size: 'M', quantity: 1 },
		]);
		const { result, routes } = await check({}, [invalid, noCode]);
		expect(routes()).toEqual([]);
		expect(result.orders[0]).toBe(invalid);
		expect(result.orders[1]).toBe(noCode);
	});

	it("takes an original item's colours from its images when it lists none (each colour once, with its manufacturer's name)", async () => {
		const record = originalItem('OI-1', 'IT-1', {
			sizes: sizes('M'),
			image_urls: [
				{ color_name: 'Navy', mfr_color_name: 'NV', url: 'https://x/1' },
				{ color_name: 'Navy', mfr_color_name: 'NV', url: 'https://x/2' },
				{ color_name: '', mfr_color_name: 'none', url: 'https://x/3' },
				{ color_name: 'Sand', mfr_color_name: '', url: 'https://x/4' },
			],
		});
		const { result, routes } = await check({ originalItems: [record] }, [
			prepared('A', [line('OI-1', 'Pink', 'M')]),
		]);
		expect(routes()).toHaveLength(1);
		expect(result.orders[0].problems[0].fix).toBe('Use one of: Navy (NV), Sand.');
		// The manufacturer's name of an image's colour is matched too.
		const mfr = await check({ originalItems: [record] }, [
			prepared('A', [line('OI-1', 'nv', 'M')]),
		]);
		expect(mfr.result.orders[0].problems).toEqual([]);
		expect(
			(mfr.result.orders[0].draft as unknown as { order_details: Row[] }).order_details[0].color,
		).toBe('Navy');
	});

	it('reads the catalog item of an original item that lists no colours or no sizes, and only then', async () => {
		const noColours = originalItem('OI-1', 'IT-1', { sizes: sizes('M') });
		const catalogItem = item('IT-1', { colors: colors(['Red']), sizes: sizes('XL') });
		const first = await check({ originalItems: [noColours], items: [catalogItem] }, [
			prepared('A', [line('OI-1', 'Red', 'M')]),
		]);
		expect(first.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /items {"retailer_id":7,"item_code":"IT-1"}',
		]);
		// Colours from the item, sizes still the original item's own (M, not the item's XL).
		expect(first.result.orders[0].problems).toEqual([]);

		const noSizes = originalItem('OI-1', 'IT-1', { colors: colors(['Red']) });
		// Colours still the original item's own (Red, not the item's Blue).
		const blueItem = item('IT-1', { colors: colors(['Blue']), sizes: sizes('XL') });
		const second = await check({ originalItems: [noSizes], items: [blueItem] }, [
			prepared('A', [line('OI-1', 'Red', 'M')]),
		]);
		expect(second.routes()).toHaveLength(2);
		expect(second.result.orders[0].problems.map((p) => p.message)).toEqual([
			'"M" is not one of the sizes of original item OI-1 (item IT-1)',
		]);
		expect(second.result.orders[0].problems[0].fix).toBe('Use one of: XL.');

		const both = await check({ originalItems: [shirt], items: [catalogItem] }, [
			prepared('A', [line('OI-1', 'White', 'M')]),
		]);
		expect(both.routes()).toHaveLength(1);
	});

	it('an original item record without colours or images, whose catalog item Printio does not know, lists no colours', async () => {
		const bare = {
			original_item_code: 'OI-1',
			retailer_id: 7,
			item_code: 'IT-404',
			sizes: sizes('M'),
		};
		const { result, routes } = await check({ originalItems: [bare] }, [
			prepared('A', [line('OI-1', 'Red', 'M')]),
		]);
		expect(routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /items {"retailer_id":7,"item_code":"IT-404"}',
		]);
		expect(result.orders[0].problems.map((p) => p.message)).toEqual([
			'cannot be checked: the catalog record of original item OI-1 (item IT-404) lists no colours',
		]);
	});

	it('does not read a catalog item for an original item without an item code', async () => {
		const bare = originalItem('OI-1', '', {});
		const { result, routes } = await check({ originalItems: [bare] }, [
			prepared('A', [line('OI-1', 'Red', 'M')]),
		]);
		expect(routes()).toHaveLength(1);
		expect(result.orders[0].problems.map((p) => p.message)).toEqual([
			'cannot be checked: the catalog record of original item OI-1 (item ) lists no colours',
			'cannot be checked: the catalog record of original item OI-1 (item ) lists no sizes',
		]);
	});
});

describe('the catalog match: matching', () => {
	it('normalisation on: a value that stands for a catalog name is replaced by it and reported, the input order untouched', async () => {
		const order = prepared('A', [line('OI-1', 'Black', 'M'), line('OI-1', ' white ', 'l')], {
			lineItemIndexes: [3, 4],
			changes: [
				{ field: 'earlier', rule: 'trim', message: 'earlier', itemIndex: 3 },
			] as unknown as PreparedOrder['changes'],
		});
		const { result } = await check({ originalItems: [shirt] }, [order]);
		const [out] = result.orders;
		expect(out.problems).toEqual([]);
		expect((out.draft as unknown as { order_details: Row[] }).order_details).toEqual([
			line('OI-1', 'Black', 'M'),
			line('OI-1', 'White', 'L'),
		]);
		expect(out.changes).toEqual([
			{ field: 'earlier', rule: 'trim', message: 'earlier', itemIndex: 3 },
			{
				field: 'order_details[1].color',
				rule: 'catalogNameFolded',
				message:
					"order_details[1].color: replaced by the name the item's catalog record lists (case, width, spaces or slug form differed)",
				itemIndex: 4,
			},
			{
				field: 'order_details[1].size',
				rule: 'catalogNameFolded',
				message:
					"order_details[1].size: replaced by the name the item's catalog record lists (case, width, spaces or slug form differed)",
				itemIndex: 4,
			},
		]);
		expect((order.draft as unknown as { order_details: Row[] }).order_details[1]).toEqual(
			line('OI-1', ' white ', 'l'),
		);
		expect(out.itemIndexes).toEqual([0]);
		expect(out.ecOrderNo).toBe('A');
	});

	it("normalisation on: the manufacturer's colour name is replaced by the catalog's, with its own rule", async () => {
		const { result } = await check({ originalItems: [shirt] }, [
			prepared('A', [line('OI-1', 'WH-mfr', 'M')]),
		]);
		const [out] = result.orders;
		expect((out.draft as unknown as { order_details: Row[] }).order_details[0].color).toBe('White');
		expect(out.changes.map((c) => c.rule)).toEqual(['manufacturerColorName']);
	});

	it("normalisation off: only exact names and the manufacturer's colour name as it is pass; anything else is refused, saying normalisation is off", async () => {
		const exact = await check(
			{ originalItems: [shirt] },
			[prepared('A', [line('OI-1', 'WH-mfr', 'M')])],
			{ tolerant: false },
		);
		expect(exact.result.orders[0].problems).toEqual([]);
		expect(exact.result.orders[0].changes).toEqual([]);
		expect(
			(exact.result.orders[0].draft as unknown as { order_details: Row[] }).order_details[0].color,
		).toBe('WH-mfr');

		const order = prepared('A', [line('OI-1', 'white', 'M')], { lineItemIndexes: [5] });
		const { result } = await check({ originalItems: [shirt] }, [order], { tolerant: false });
		const [out] = result.orders;
		expect(out.request).toBeUndefined();
		expect('request' in out).toBe(false);
		expect(out.changes).toEqual([]);
		expect(out.problems).toEqual([
			{
				field: 'order_details[0].color',
				label: 'Lines › Color Name or ID',
				message: '"white" is not one of the colours of original item OI-1 (item IT-1)',
				fix: 'Use one of: White (WH-mfr), Black. (Normalisation is off: only exact names pass.)',
				itemIndex: 5,
			},
		]);
		// The input order keeps its draft.
		expect(order.draft.order_details?.[0]?.color).toBe('white');
	});

	it('refuses a size that is not offered, with the Size label and the item index of the order when lines have none', async () => {
		const order = prepared('A', [line('OI-1', 'White', 'XXL')], {
			itemIndexes: [2, 3],
			problems: [{ field: 'earlier', message: 'm', fix: 'f', itemIndex: 2 }],
		});
		const { result } = await check({ originalItems: [shirt] }, [order]);
		expect(result.orders[0].problems).toEqual([
			{ field: 'earlier', message: 'm', fix: 'f', itemIndex: 2 },
			{
				field: 'order_details[0].size',
				label: 'Lines › Size Name or ID',
				message: '"XXL" is not one of the sizes of original item OI-1 (item IT-1)',
				fix: 'Use one of: M, L.',
				itemIndex: 2,
			},
		]);
	});

	it('refuses an ambiguous value as such', async () => {
		const twins = originalItem('OI-1', 'IT-1', {
			colors: colors(['Grey Heather'], ['GREY HEATHER']),
			sizes: sizes('M'),
		});
		const { result } = await check({ originalItems: [twins] }, [
			prepared('A', [line('OI-1', 'grey heather', 'M')]),
		]);
		expect(result.orders[0].problems.map((p) => p.message)).toEqual([
			'"grey heather" is ambiguous (it matches several) colours of original item OI-1 (item IT-1)',
		]);
	});

	it('names an item of Create With Images as such in a refusal', async () => {
		const { result } = await check(
			{ items: [item('IT-2', { colors: colors(['Red']), sizes: sizes('S') })] },
			[prepared('A', [line('IT-2', 'Blue', 'S', 'item_code')])],
			{
				operation: 'orderWithImage',
			},
		);
		expect(result.orders[0].problems.map((p) => p.message)).toEqual([
			'"Blue" is not one of the colours of item IT-2',
		]);
	});

	it('refuses a line whose record lists no colours or no sizes, whatever the value', async () => {
		const bare = item('IT-2', { colors: { values: [] }, sizes: sizes() });
		const { result } = await check(
			{ items: [bare] },
			[prepared('A', [line('IT-2', 'Red', 'S', 'item_code')], { lineItemIndexes: [6] })],
			{ operation: 'orderWithImage' },
		);
		expect(result.orders[0].problems).toEqual([
			{
				field: 'order_details[0].color',
				label: 'Lines › Color Name or ID',
				message: 'cannot be checked: the catalog record of item IT-2 lists no colours',
				fix: 'Ask Printio which names this item takes; nothing is sent while its catalog record cannot confirm the line.',
				itemIndex: 6,
			},
			{
				field: 'order_details[0].size',
				label: 'Lines › Size Name or ID',
				message: 'cannot be checked: the catalog record of item IT-2 lists no sizes',
				fix: 'Ask Printio which names this item takes; nothing is sent while its catalog record cannot confirm the line.',
				itemIndex: 6,
			},
		]);
		// A record without colour or size blocks at all reads as listing none.
		const empty = await check(
			{ items: [{ code: 'IT-2' }] },
			[prepared('A', [line('IT-2', 'Red', 'S', 'item_code')])],
			{ operation: 'orderWithImage' },
		);
		expect(empty.result.orders[0].problems.map((p) => p.field)).toEqual([
			'order_details[0].color',
			'order_details[0].size',
		]);
	});

	it("refuses a line whose item Printio does not know, naming the code, the retailer and the form's label", async () => {
		const order = prepared(
			'A',
			[line('OI-9', 'White', 'M'), line('EC-9', 'White', 'M', 'ec_original_item_code')],
			{
				lineItemIndexes: [0, 1],
			},
		);
		const withImage = prepared('B', [line('IT-9', 'White', 'M', 'item_code')], {
			lineItemIndexes: [2],
		});
		const { result } = await check({}, [order]);
		const images = await check({}, [withImage], { operation: 'orderWithImage' });
		expect(result.orders[0].problems).toEqual([
			{
				field: 'order_details[0].original_item_code',
				label: 'Lines › Original Item',
				message: '"OI-9" is not an original item of retailer 7 at Printio',
				fix: 'Use a code that Original Item › Get Many lists for this retailer.',
				itemIndex: 0,
			},
			{
				field: 'order_details[1].ec_original_item_code',
				label: 'Lines › Original Item › By EC Code',
				message: '"EC-9" is not an original item of retailer 7 at Printio',
				fix: 'Use a code that Original Item › Get Many lists for this retailer.',
				itemIndex: 1,
			},
		]);
		expect(images.result.orders[0].problems).toEqual([
			{
				field: 'order_details[0].item_code',
				label: 'Lines › Item',
				message: '"IT-9" is not an item of Printio\'s catalog',
				fix: 'Use an item code that Item › Get Many lists.',
				itemIndex: 2,
			},
		]);
	});
});

describe('the catalog match: a record that cannot be read', () => {
	it("leaves the orders that need it unchecked with the read's error, and checks the others", async () => {
		const a = prepared('A', [line('OI-1', 'White', 'M'), line('OI-2', 'White', 'M')], {
			itemIndexes: [4],
		});
		const b = prepared('B', [line('OI-1', 'White', 'M')], { itemIndexes: [5] });
		const c = prepared('C', [line('OI-2', 'White', 'M')], { itemIndexes: [6] });
		const { result } = await check(
			{
				originalItems: [shirt],
				override: ({ qs }) =>
					qs.original_item_code === 'OI-2' ? refused('OI-2 not readable') : undefined,
			},
			[a, b, c],
		);
		expect(result.orders).toEqual([b]);
		expect(result.unchecked.map((entry) => entry.order)).toEqual([a, c]);
		const error = result.unchecked[0].error as NodeApiError;
		expect(error.message).toContain('OI-2 not readable');
		// The read is asked for the first order that needs it.
		expect(error.context.itemIndex).toBe(4);
		expect(result.unchecked[1].error).toBe(error);
	});

	it('a failed read of the catalog item behind an original item leaves its order unchecked too', async () => {
		const noColours = originalItem('OI-1', 'IT-1', { sizes: sizes('M') });
		const order = prepared('A', [line('OI-1', 'Red', 'M')]);
		const { result } = await check(
			{
				originalItems: [noColours],
				override: ({ url }) => (url === '/items' ? refused() : undefined),
			},
			[order],
		);
		expect(result.orders).toEqual([]);
		expect(result.unchecked.map((entry) => entry.order)).toEqual([order]);
	});
});

describe('the catalog match: a line that gives no colour or no size', () => {
	it('is not checked for what it does not give, even against a record that lists none of it (a one-size item)', async () => {
		const oneSize = originalItem('OI-3', 'IT-3', { colors: { values: [] }, sizes: sizes() });
		const order = prepared('A', [{ original_item_code: 'OI-3', quantity: 1 }]);
		const { result } = await check({ originalItems: [oneSize] }, [order]);
		expect(result.orders).toEqual([order]);
		expect(result.unchecked).toEqual([]);
	});
});

describe('the catalog match: an item code read per item, a record without colours, and what a refused order keeps', () => {
	it("Create With Images: two item codes are two reads, each line matched against its own item's names", async () => {
		const red = item('IT-1', { colors: colors(['Red']), sizes: sizes('S') });
		const blue = item('IT-2', { colors: colors(['Blue']), sizes: sizes('L') });
		const a = prepared('A', [{ item_code: 'IT-1', color: 'Red', size: 'S', quantity: 1 }]);
		const b = prepared('B', [{ item_code: 'IT-2', color: 'Blue', size: 'L', quantity: 1 }], {
			itemIndexes: [1],
		});
		const { result, routes } = await check({ items: [red, blue] }, [a, b], {
			operation: 'orderWithImage',
		});
		expect(routes()).toStrictEqual([
			'GET /items {"retailer_id":7,"item_code":"IT-1"}',
			'GET /items {"retailer_id":7,"item_code":"IT-2"}',
		]);
		expect(result.unchecked).toStrictEqual([]);
		expect(result.orders.map((order) => order.problems)).toStrictEqual([[], []]);
	});

	it('an original item without colours whose catalog item record has no colour list: the line cannot be checked, the read did not fail', async () => {
		const noColours = originalItem('OI-1', 'IT-1', { sizes: sizes('M') });
		const bareItem = { code: 'IT-1', price: 1000, sizes: sizes('M') };
		const { result } = await check({ originalItems: [noColours], items: [bareItem] }, [
			prepared('A', [{ original_item_code: 'OI-1', color: 'Red', size: 'M', quantity: 1 }]),
		]);
		expect(result.unchecked).toStrictEqual([]);
		expect(result.orders[0].problems.map((problem) => problem.message)).toStrictEqual([
			'cannot be checked: the catalog record of original item OI-1 (item IT-1) lists no colours',
		]);
	});

	it('a refused order keeps the earlier changes and the names the match replaced', async () => {
		const shirt = originalItem('OI-1', 'IT-1', { colors: colors(['White']), sizes: sizes('M') });
		const earlier = {
			field: 'shipping_information.zip_code',
			rule: 'trim',
			message: 'earlier',
			itemIndex: 0,
		};
		const order = prepared(
			'A',
			[{ original_item_code: 'OI-1', color: 'white', size: 'XXL', quantity: 1 }],
			{ changes: [earlier] as unknown as PreparedOrder['changes'] },
		);
		const { result } = await check({ originalItems: [shirt] }, [order]);
		const [out] = result.orders;
		expect(out.request).toBeUndefined();
		expect(out.problems.map((problem) => problem.field)).toStrictEqual(['order_details[0].size']);
		expect(out.changes.map((change) => [change.field, change.rule])).toStrictEqual([
			['shipping_information.zip_code', 'trim'],
			['order_details[0].color', 'catalogNameFolded'],
		]);
	});
});

describe('the catalog match: the body after a match', () => {
	it("is built from the matched draft (build's body rules), in the request's shape; the input order is left as it was", async () => {
		const order = prepared('A', [
			{
				ec_order_detail_no: 'D1',
				original_item_code: 'OI-1',
				color: ' white ',
				size: 'l',
				quantity: 2,
			},
		]);
		const { result } = await check({ originalItems: [shirt] }, [order]);
		const [out] = result.orders;
		expect('request' in out).toBe(false);
		expect(out.draft.order_details).toStrictEqual([
			{
				ec_order_detail_no: 'D1',
				original_item_code: 'OI-1',
				color: 'White',
				size: 'L',
				quantity: 2,
			},
		]);
		expect(out.problems).toStrictEqual([]);
		const request = toRequest(out.draft, 'orderByCode') as unknown as {
			order_details: Row[];
			shipping_information: Record<string, unknown>;
		};
		const built = {
			ec_order_detail_no: 'D1',
			original_item_code: 'OI-1',
			quantity: 2,
			color: 'White',
			size: 'L',
		};
		expect(request.order_details).toStrictEqual([built]);
		expect(Object.keys(request.order_details[0])).toStrictEqual([
			'ec_order_detail_no',
			'original_item_code',
			'quantity',
			'color',
			'size',
		]);
		// Written by build: an address block with every key the API requires, empty where the draft has none.
		expect(request.shipping_information).toStrictEqual({
			zip_code: '',
			prefecture_name: '',
			municipalities: '',
			address1: '',
			full_name: '',
			phone_number: '',
		});
		expect(order.draft.order_details?.[0]?.color).toBe(' white ');
	});
});
