/**
 * toRequest (nodes/Printio/orderInput/build.ts): the request body sent for an order that validation accepted.
 * Pinned here: every key of both bodies and their order, which optional keys are left out when not given (and kept
 * when given, null included), values of the wrong type narrowed to an empty value rather than sent on, and
 * image_urls / action_after_print sent only when their whole shape is right.
 */
import fc from 'fast-check';

import { toRequest } from '../../../../nodes/Printio/orderInput/build';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, senderBlock, shippingBlock, withImageOrder } from './fixtures';

const EMPTY_ADDRESS = {
	zip_code: '',
	prefecture_name: '',
	municipalities: '',
	address1: '',
	full_name: '',
	phone_number: '',
};

describe('order-by-code body', () => {
	it("a full order: every spec key, in the spec's order, values as given", () => {
		const order: OrderDraft = {
			...byCodeOrder(),
			team_id: 'T1',
			ec_optional_information: 'memo',
			action_after_print: { novelty: { sticker: 2 }, other: true },
			shipping_method: 2,
			order_details: [
				{
					ec_order_detail_no: 'D1',
					original_item_code: 't1',
					ec_original_item_code: 'mine',
					quantity: 3,
					color: 'c',
					size: 's',
				},
			],
		};
		const request = toRequest(order, 'orderByCode');
		expect(request).toStrictEqual({
			retailer_id: 1,
			team_id: 'T1',
			ec_order_no: 'EC-0001',
			ec_order_date: '2026-11-21',
			shipping_information: shippingBlock(),
			sender_information: senderBlock(),
			order_details: [
				{
					ec_order_detail_no: 'D1',
					original_item_code: 't1',
					ec_original_item_code: 'mine',
					quantity: 3,
					color: 'c',
					size: 's',
				},
			],
			ec_optional_information: 'memo',
			action_after_print: { novelty: { sticker: 2 }, other: true },
			shipping_method: 2,
		});
		expect(Object.keys(request)).toStrictEqual([
			'retailer_id',
			'team_id',
			'ec_order_no',
			'ec_order_date',
			'shipping_information',
			'sender_information',
			'order_details',
			'ec_optional_information',
			'action_after_print',
			'shipping_method',
		]);
		expect(Object.keys(request.shipping_information)).toStrictEqual([
			'zip_code',
			'prefecture_name',
			'municipalities',
			'address1',
			'address2',
			'full_name',
			'phone_number',
			'mail_address',
		]);
		expect(Object.keys(request.order_details[0])).toStrictEqual([
			'ec_order_detail_no',
			'original_item_code',
			'ec_original_item_code',
			'quantity',
			'color',
			'size',
		]);
	});

	it('an order with nothing: the required keys with empty values, no optional key', () => {
		const request = toRequest({}, 'orderByCode');
		expect(request).toStrictEqual({
			retailer_id: Number.NaN,
			ec_order_no: '',
			shipping_information: EMPTY_ADDRESS,
			sender_information: { ...EMPTY_ADDRESS, item_name: '' },
			order_details: [],
		});
		expect(Object.keys(request)).toStrictEqual([
			'retailer_id',
			'ec_order_no',
			'shipping_information',
			'sender_information',
			'order_details',
		]);
		expect(
			Object.keys(toRequest({ order_details: [{}] }, 'orderByCode').order_details[0]),
		).toStrictEqual(['quantity', 'color', 'size']);
	});

	it('values of the wrong type are sent as empty values, never as they are', () => {
		const order = {
			retailer_id: '1',
			ec_order_no: 1001,
			ec_order_date: null,
			shipping_information: { ...shippingBlock(), zip_code: 1500002, full_name: { a: 1 } },
			sender_information: { ...senderBlock(), item_name: 5 },
			order_details: [{ original_item_code: 't1', quantity: '2', color: 1, size: null }],
		} as unknown as OrderDraft;
		const request = toRequest(order, 'orderByCode');
		expect(request.retailer_id).toBeNaN();
		expect(request.ec_order_no).toBe('');
		expect(request).not.toHaveProperty('ec_order_date');
		expect(
			toRequest({ ...order, ec_order_date: 20261121 as unknown as string }, 'orderByCode'),
		).not.toHaveProperty('ec_order_date');
		expect(request.shipping_information.zip_code).toBe('');
		expect(request.shipping_information.full_name).toBe('');
		expect(request.sender_information.item_name).toBe('');
		expect(request.order_details[0].quantity).toBeNaN();
		expect(request.order_details[0].color).toBe('');
		expect(request.order_details[0].size).toBe('');
	});

	it('the sender has item_name, the recipient none; a null mail address is sent as null, a missing one not at all', () => {
		const request = toRequest(
			{
				...byCodeOrder(),
				shipping_information: { ...shippingBlock(), mail_address: null, item_name: 'x' },
			},
			'orderByCode',
		);
		expect(request.shipping_information).not.toHaveProperty('item_name');
		expect(request.shipping_information.mail_address).toBeNull();
		expect(request.sender_information).not.toHaveProperty('mail_address');
		expect(request.sender_information).not.toHaveProperty('address2');
		expect(request.sender_information.item_name).toBe('Tシャツ');
	});

	it.each([
		[1, 1],
		[2, 2],
		[0, undefined],
		[3, undefined],
		['1', undefined],
		['2', undefined],
		[null, undefined],
	])('shipping_method %p is sent as %p', (given, sent) => {
		const request = toRequest({ ...byCodeOrder(), shipping_method: given }, 'orderByCode');
		if (sent === undefined) expect(request).not.toHaveProperty('shipping_method');
		else expect(request.shipping_method).toBe(sent);
	});

	it.each([
		['an object without novelty', { other: true }, true],
		['novelty counts', { novelty: { a: 1, b: 0 } }, true],
		['an empty novelty', { novelty: {} }, true],
		['a novelty count as text', { novelty: { a: '1' } }, false],
		['a novelty count among numbers as text', { novelty: { a: 1, b: '2' } }, false],
		['a novelty list', { novelty: [1] }, false],
		['novelty null', { novelty: null }, false],
		['a list', [{ novelty: { a: 1 } }], false],
		['text', '{"novelty":{"a":1}}', false],
		['null', null, false],
	])('action_after_print as %s: sent=%p', (_what, action, sent) => {
		const request = toRequest({ ...byCodeOrder(), action_after_print: action }, 'orderByCode');
		if (sent) expect(request.action_after_print).toStrictEqual(action);
		else expect(request).not.toHaveProperty('action_after_print');
	});

	it('ec_optional_information and team_id are sent when given, even empty; left out when missing', () => {
		const request = toRequest(
			{ ...byCodeOrder(), ec_optional_information: '', team_id: '' },
			'orderByCode',
		);
		expect(request.ec_optional_information).toBe('');
		expect(request.team_id).toBe('');
		const none = toRequest(byCodeOrder(), 'orderByCode');
		expect(none).not.toHaveProperty('ec_optional_information');
		expect(none).not.toHaveProperty('team_id');
		expect(none.order_details[0]).not.toHaveProperty('ec_original_item_code');
	});

	it('image fields are never in an order-by-code line', () => {
		const line = {
			original_item_code: 't1',
			item_code: 'OGB-910',
			quantity: 1,
			color: 'c',
			size: 's',
			image_urls: { values: [] },
		};
		expect(
			toRequest({ ...byCodeOrder(), order_details: [line] }, 'orderByCode').order_details,
		).toStrictEqual([{ original_item_code: 't1', quantity: 1, color: 'c', size: 's' }]);
	});
});

describe('order-with-image body', () => {
	it("a full order: every spec key, in the spec's order; no order-by-code field", () => {
		const order: OrderDraft = {
			...withImageOrder(),
			ec_order_date: '2026-11-21',
			ec_optional_information: 'memo',
			team_id: 'T1',
			shipping_method: 1,
			action_after_print: { novelty: { a: 1 } },
		};
		order.order_details![0].ec_order_detail_no = 'D1';
		order.order_details![0].original_item_code = 't1';
		const request = toRequest(order, 'orderWithImage');
		const source = withImageOrder().order_details![0];
		expect(request).toStrictEqual({
			retailer_id: 1,
			ec_order_no: 'EC-0002',
			ec_order_date: '2026-11-21',
			shipping_information: shippingBlock(),
			sender_information: senderBlock(),
			order_details: [
				{
					ec_order_detail_no: 'D1',
					item_code: 'OGB-910',
					quantity: 2,
					color: 'ブラック',
					size: 'L',
					image_urls: source.image_urls,
				},
			],
			ec_optional_information: 'memo',
		});
		expect(Object.keys(request)).toStrictEqual([
			'retailer_id',
			'ec_order_no',
			'ec_order_date',
			'shipping_information',
			'sender_information',
			'order_details',
			'ec_optional_information',
		]);
		expect(Object.keys(request.order_details[0])).toStrictEqual([
			'ec_order_detail_no',
			'item_code',
			'quantity',
			'color',
			'size',
			'image_urls',
		]);
	});

	it('an order with nothing: required keys with empty values, the date null, the detail number ""', () => {
		expect(toRequest({ order_details: [{}] }, 'orderWithImage')).toStrictEqual({
			retailer_id: Number.NaN,
			ec_order_no: '',
			ec_order_date: null,
			shipping_information: EMPTY_ADDRESS,
			sender_information: { ...EMPTY_ADDRESS, item_name: '' },
			order_details: [
				{
					ec_order_detail_no: '',
					item_code: '',
					quantity: Number.NaN,
					color: '',
					size: '',
					image_urls: { values: [] },
				},
			],
		});
		expect(toRequest({}, 'orderWithImage').order_details).toStrictEqual([]);
	});

	it('an empty date and detail number are sent as given (only missing ones are filled)', () => {
		const order = withImageOrder();
		order.ec_order_date = '';
		const request = toRequest(order, 'orderWithImage');
		expect(request.ec_order_date).toBe('');
		expect(request.order_details[0].ec_order_detail_no).toBe('');
	});

	const good = () => ({
		values: [{ position: 'back', urls: [{ type: 'Thumbnail', url: 'https://x.example/b.png' }] }],
	});
	it.each([
		['not an object', 'https://x.example/a.png'],
		['values missing', {}],
		['values not a list', { values: { position: 'front' } }],
		['an entry not an object', { values: ['front'] }],
		['an entry null', { values: [null] }],
		['an unknown position', { values: [{ position: 'top', urls: [] }] }],
		['a position in another case', { values: [{ position: 'Front', urls: [] }] }],
		['urls not a list', { values: [{ position: 'front', urls: 'https://x.example/a.png' }] }],
		['a url not an object', { values: [{ position: 'front', urls: ['https://x.example/a.png'] }] }],
		['a url null', { values: [{ position: 'front', urls: [null] }] }],
		[
			'an unknown url type',
			{
				values: [{ position: 'front', urls: [{ type: 'output', url: 'https://x.example/a.png' }] }],
			},
		],
		['a url not text', { values: [{ position: 'front', urls: [{ type: 'Output', url: 1 }] }] }],
		[
			'one bad entry after a good one',
			{ values: [...good().values, { position: 'side', urls: [] }] },
		],
		[
			'one bad url after a good one',
			{ values: [{ position: 'front', urls: [...good().values[0].urls, { type: 'Output' }] }] },
		],
	])('image_urls with %s are sent as no images', (_what, imageUrls) => {
		const order = withImageOrder();
		order.order_details![0].image_urls = imageUrls;
		expect(toRequest(order, 'orderWithImage').order_details[0].image_urls).toStrictEqual({
			values: [],
		});
	});

	it('well-formed image_urls are sent as given, for every position and url type (property)', () => {
		const url = fc.record({ type: fc.constantFrom('Output', 'Thumbnail'), url: fc.webUrl() });
		const entry = fc.record({
			position: fc.constantFrom('front', 'back', 'left', 'right'),
			urls: fc.array(url, { maxLength: 3 }),
		});
		fc.assert(
			fc.property(fc.array(entry, { maxLength: 4 }), (values) => {
				const order = withImageOrder();
				order.order_details![0].image_urls = { values };
				expect(toRequest(order, 'orderWithImage').order_details[0].image_urls).toStrictEqual({
					values,
				});
			}),
			{ numRuns: 50 },
		);
	});
});
