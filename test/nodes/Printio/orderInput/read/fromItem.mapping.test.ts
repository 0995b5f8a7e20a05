import * as fs from 'fs';
import * as path from 'path';
import { toRequest } from '../../../../../nodes/Printio/orderInput/build';
import { fillOrderDefaults } from '../../../../../nodes/Printio/orderInput/defaults';
import { flatColumns } from '../../../../../nodes/Printio/orderInput/fields';
import { mapItemToOrder } from '../../orderRun/fakes';
import type { OrderDraft } from '../../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, byCodeRow, senderBlock, withImageOrder } from '../fixtures';

describe('flat columns, order-by-code', () => {
	it('reads every column into the spec structure, values as given', () => {
		const { order, problems, ignoredFields } = mapItemToOrder(
			byCodeRow({
				retailer_id: '1',
				shipping_method: 2,
				team_id: 'T1',
				ec_optional_information: 'memo',
				line_ec_order_detail_no: 'D1',
				line_ec_original_item_code: 'mine-1',
			}),
			'orderByCode',
			4,
		);
		expect(problems).toEqual([]);
		expect(ignoredFields).toEqual([]);
		expect(order).toEqual({
			retailer_id: 1,
			ec_order_no: 'EC-0001',
			ec_order_date: '2026-11-21',
			ec_optional_information: 'memo',
			team_id: 'T1',
			shipping_method: 2,
			shipping_information: {
				zip_code: '150-0002',
				prefecture_name: '東京',
				municipalities: '渋谷区',
				address1: '渋谷２－２１－１',
				full_name: '山田　太郎',
				phone_number: '03-1234-5678',
				mail_address: 'taro.yamada@example.jp',
			},
			sender_information: {
				zip_code: '530-0001',
				prefecture_name: '大阪府',
				municipalities: '大阪市北区',
				address1: '梅田1-1-1',
				full_name: 'サンプル商店',
				phone_number: '06-6123-4567',
				item_name: 'Tシャツ',
			},
			order_details: [
				{
					ec_order_detail_no: 'D1',
					original_item_code: 't0100001',
					ec_original_item_code: 'mine-1',
					quantity: 1,
					color: 'ホワイト',
					size: 'M',
				},
			],
		});
	});

	it('treats empty and whitespace-only cells as absent', () => {
		const { order } = mapItemToOrder(
			byCodeRow({ ec_order_date: ' ', shipping_mail_address: '', line_size: null }),
			'orderByCode',
		);
		expect(order.ec_order_date).toBeUndefined();
		expect(order.shipping_information).not.toHaveProperty('mail_address');
		expect(order.order_details?.[0]).not.toHaveProperty('size');
	});

	it('accepts the bare spec names for line fields', () => {
		const row = byCodeRow({
			line_original_item_code: undefined,
			line_quantity: undefined,
			original_item_code: 't0100002',
			quantity: 3,
		});
		const { order, problems } = mapItemToOrder(row, 'orderByCode');
		expect(problems).toEqual([]);
		expect(order.order_details).toEqual([
			{ original_item_code: 't0100002', quantity: 3, color: 'ホワイト', size: 'M' },
		]);
	});

	it('reports a line field given in two columns with different values, and accepts equal ones', () => {
		expect(mapItemToOrder(byCodeRow({ quantity: '1' }), 'orderByCode').problems).toEqual([]);
		const { problems } = mapItemToOrder(byCodeRow({ quantity: 5 }), 'orderByCode', 2);
		expect(problems).toEqual([
			expect.objectContaining({
				field: 'order_details[0].quantity',
				itemIndex: 2,
				message: expect.stringContaining('line_quantity and quantity'),
			}),
		]);
	});

	it('maps novelty_<name> columns into action_after_print.novelty and merges with a JSON action_after_print', () => {
		const { order, problems } = mapItemToOrder(
			byCodeRow({
				novelty_sticker: '2',
				novelty_ステッカー: 1,
				action_after_print: '{"novelty":{"flyer":1},"other":true}',
			}),
			'orderByCode',
		);
		expect(problems).toEqual([]);
		expect(order.action_after_print).toEqual({
			novelty: { flyer: 1, sticker: 2, ステッカー: 1 },
			other: true,
		});
		const clash = mapItemToOrder(
			byCodeRow({ novelty_flyer: 2, action_after_print: { novelty: { flyer: 1 } } }),
			'orderByCode',
		);
		expect(clash.problems.map((p) => p.field)).toEqual(['action_after_print.novelty.flyer']);
	});

	it('lists fields of the other operation as ignored (names only)', () => {
		const { ignoredFields, order } = mapItemToOrder(
			byCodeRow({
				line_item_code: 'OGB-910',
				line_image_front_output_url: 'https://x.example/a.png',
				image_urls: '{}',
			}),
			'orderByCode',
		);
		expect(ignoredFields.sort()).toEqual([
			'image_urls',
			'line_image_front_output_url',
			'line_item_code',
		]);
		expect(order.order_details?.[0]).not.toHaveProperty('item_code');
	});

	it('reports non-text values in text fields', () => {
		const { problems } = mapItemToOrder(
			byCodeRow({ shipping_full_name: true, line_color: { a: 1 } }),
			'orderByCode',
		);
		expect(problems.map((p) => [p.field, p.message])).toEqual([
			['shipping_information.full_name', 'must be text'],
			['order_details[0].color', 'must be text'],
		]);
	});

	it('turns numbers in text fields into text', () => {
		const { order, problems } = mapItemToOrder(
			byCodeRow({ line_size: 110, ec_order_no: 10001, shipping_zip_code: 1500002 }),
			'orderByCode',
		);
		expect(problems).toEqual([]);
		expect(order.ec_order_no).toBe('10001');
		expect(order.order_details?.[0].size).toBe('110');
		expect(order.shipping_information?.zip_code).toBe('1500002');
	});
});

describe('numbers that lost their leading zero', () => {
	it.each([
		[600000, 'was given as a number with 6 digits; its leading 0 was probably lost'],
		[40001, 'was given as a number with 5 digits; its leading 0 was probably lost'],
	])('zip %p is reported, not padded', (zip, message) => {
		const { order, problems } = mapItemToOrder(
			byCodeRow({ shipping_zip_code: zip }),
			'orderByCode',
			7,
		);
		expect(problems).toEqual([
			{
				field: 'shipping_information.zip_code',
				message,
				fix: expect.stringContaining('as text'),
				itemIndex: 7,
			},
		]);
		expect(order.shipping_information?.zip_code).toBe(String(zip));
	});

	it.each([
		[312345678, true],
		[9012345678, true],
		[81312345678, false],
	])('phone %p reported=%p', (phone, reported) => {
		const { problems } = mapItemToOrder(byCodeRow({ sender_phone_number: phone }), 'orderByCode');
		expect(problems.map((p) => p.field)).toEqual(
			reported ? ['sender_information.phone_number'] : [],
		);
	});

	it('a zip or phone given as a fraction is reported', () => {
		const { problems } = mapItemToOrder(byCodeRow({ shipping_zip_code: 1500002.5 }), 'orderByCode');
		expect(problems.map((p) => p.field)).toEqual(['shipping_information.zip_code']);
	});
});

describe('nested objects', () => {
	it('reads shipping_information, sender_information and order_details by spec names', () => {
		const expected = byCodeOrder();
		const item = { ...expected, retailer_id: '1' };
		const { order, problems } = mapItemToOrder(item as Record<string, unknown>, 'orderByCode');
		expect(problems).toEqual([]);
		expect(order).toEqual(expected);
	});

	it('accepts JSON text for the objects (sheets cannot hold objects)', () => {
		const source = withImageOrder();
		const item = {
			ec_order_no: source.ec_order_no,
			retailer_id: 1,
			shipping_information: JSON.stringify(source.shipping_information),
			sender_information: JSON.stringify(source.sender_information),
			order_details: JSON.stringify(source.order_details),
		};
		const { order, problems } = mapItemToOrder(item, 'orderWithImage');
		expect(problems).toEqual([]);
		expect(order).toEqual({
			...source,
			ec_order_date: undefined,
			order_details: source.order_details!.map(({ ec_order_detail_no: _drop, ...rest }) => rest),
		});
	});

	it('reports invalid JSON and wrong shapes by field name', () => {
		const { problems } = mapItemToOrder(
			{
				ec_order_no: 'A',
				shipping_information: '{"zip_code":',
				sender_information: '[1]',
				order_details: '{"a":1}',
			},
			'orderByCode',
		);
		expect(problems.map((p) => [p.field, p.message])).toEqual([
			['shipping_information', 'is text that is not valid JSON'],
			['sender_information', 'must be an object'],
			['order_details', 'must be an array'],
		]);
	});

	it('reports an address given both nested and flat, and lines given both ways', () => {
		const item = {
			...byCodeRow(),
			shipping_information: { zip_code: '1500002' },
			order_details: [{ quantity: 1 }],
		};
		const { problems } = mapItemToOrder(item, 'orderByCode');
		expect(problems.map((p) => p.field)).toEqual(['shipping_information', 'order_details']);
	});

	it('keeps a nested line that is not an object as an empty line and reports it', () => {
		const { order, problems } = mapItemToOrder(
			{
				ec_order_no: 'A',
				order_details: [{ quantity: '2', color: 'c', size: 's', original_item_code: 'x' }, 'oops'],
			},
			'orderByCode',
		);
		expect(order.order_details).toEqual([
			{ quantity: 2, color: 'c', size: 's', original_item_code: 'x' },
			{},
		]);
		expect(problems.map((p) => p.field)).toEqual(['order_details[1]']);
	});
});

describe('flat columns, order-with-image', () => {
	const row = {
		ec_order_no: 'EC-0002',
		shipping_zip_code: '1500002',
		line_item_code: 'OGB-910',
		line_quantity: 2,
		line_color: 'ブラック',
		line_size: 'L',
		line_image_back_output_url: 'https://img.example.jp/back.png',
		line_image_front_thumbnail_url: 'https://img.example.jp/front-thumb.png',
		line_image_front_output_url: 'https://img.example.jp/front.png',
		line_image_left_output_url: '',
	};

	it('builds image_urls from line_image_<position>_<type>_url: positions front, back, left, right; Output before Thumbnail', () => {
		const { order, problems } = mapItemToOrder(row, 'orderWithImage');
		expect(problems).toEqual([]);
		expect(order.order_details).toEqual([
			{
				item_code: 'OGB-910',
				quantity: 2,
				color: 'ブラック',
				size: 'L',
				image_urls: {
					values: [
						{
							position: 'front',
							urls: [
								{ type: 'Output', url: 'https://img.example.jp/front.png' },
								{ type: 'Thumbnail', url: 'https://img.example.jp/front-thumb.png' },
							],
						},
						{
							position: 'back',
							urls: [{ type: 'Output', url: 'https://img.example.jp/back.png' }],
						},
					],
				},
			},
		]);
	});

	it('reports image columns together with image_urls', () => {
		const { problems } = mapItemToOrder(
			{ ...row, line_image_urls: { values: [] } },
			'orderWithImage',
		);
		expect(problems.map((p) => p.field)).toEqual(['order_details[0].image_urls']);
	});

	it('ignores by-code-only fields and lists them', () => {
		const { order, ignoredFields } = mapItemToOrder(
			{
				...row,
				shipping_method: 1,
				novelty_sticker: 1,
				team_id: 'x',
				line_original_item_code: 't1',
			},
			'orderWithImage',
		);
		expect(ignoredFields.sort()).toEqual([
			'line_original_item_code',
			'novelty_sticker',
			'shipping_method',
			'team_id',
		]);
		expect(order).not.toHaveProperty('shipping_method');
		expect(order).not.toHaveProperty('action_after_print');
	});
});

describe('defaults and the request body', () => {
	it('fills empty order fields and whole missing address blocks, never mixing blocks', () => {
		const defaults = {
			retailer_id: 1,
			sender_information: senderBlock(),
			shipping_method: 1 as const,
		};
		// The defaults stage with normalisation off: the values as they are.
		const applyOrderDefaults = (order: OrderDraft) =>
			fillOrderDefaults(order, defaults, 'orderByCode', { normalize: false, itemIndex: 0 }).order;
		const withoutSender = applyOrderDefaults({ ec_order_no: 'A', retailer_id: '' });
		expect(withoutSender).toEqual({
			ec_order_no: 'A',
			retailer_id: 1,
			sender_information: senderBlock(),
			shipping_method: 1,
		});
		const ownSender = applyOrderDefaults({
			sender_information: { full_name: 'x' },
			shipping_method: 2,
		});
		expect(ownSender.sender_information).toEqual({ full_name: 'x' });
		expect(ownSender.shipping_method).toBe(2);
		const copy = applyOrderDefaults({});
		expect(copy.sender_information).not.toBe(defaults.sender_information);
	});

	it('builds an order-by-code body with only the spec fields', () => {
		const order = {
			...byCodeOrder(),
			unknown_field: 1,
			shipping_method: 2,
			action_after_print: { novelty: { a: 1 } },
		};
		const request = toRequest(order, 'orderByCode');
		expect(Object.keys(request)).toEqual([
			'retailer_id',
			'ec_order_no',
			'ec_order_date',
			'shipping_information',
			'sender_information',
			'order_details',
			'action_after_print',
			'shipping_method',
		]);
		expect(Object.keys(request.sender_information)).toEqual([
			'zip_code',
			'prefecture_name',
			'municipalities',
			'address1',
			'full_name',
			'phone_number',
			'item_name',
		]);
		expect(request.shipping_information).not.toHaveProperty('item_name');
	});

	it('sends null for a missing ec_order_date and "" for a missing ec_order_detail_no on order-with-image', () => {
		const order = withImageOrder();
		delete order.ec_order_date;
		delete order.order_details![0].ec_order_detail_no;
		const request = toRequest(order, 'orderWithImage');
		expect(request.ec_order_date).toBeNull();
		expect(request.order_details[0].ec_order_detail_no).toBe('');
		expect(request).not.toHaveProperty('shipping_method');
	});
});

describe('documentation', () => {
	it('the README in the input folder names every flat column', () => {
		const readme = fs.readFileSync(
			path.join(__dirname, '../../../../../docs/order-input.md'),
			'utf8',
		);
		for (const operation of ['orderByCode', 'orderWithImage'] as const) {
			for (const column of flatColumns(operation))
				expect([column, readme.includes(`\`${column}\``)]).toEqual([column, true]);
		}
	});
});
