/**
 * Map Columns as the read stage reads an item (nodes/Printio/orderInput/read/fromItem.ts, with kinds.ts), and
 * readLineList, beyond fromItem.mapping.test.ts: sheet rows and form items read by their column names. Pinned here:
 * the exact words of every reading problem and its field path, which cells count as empty, which numbers are reported as
 * having lost a leading 0 (zip codes and phones only), names given as two columns, a block or list given both
 * nested and flat, novelty columns, and the other operation's fields listed as ignored.
 */
import fc from 'fast-check';

import {
	ADDRESS_FIELDS,
	IMAGE_COLUMN_POSITIONS,
	LINE_FIELDS,
	readLineList,
} from '../../../../../nodes/Printio/orderInput/read/fromItem';
import { mapItemToOrder, readItem } from '../../orderRun/fakes';
import { ItemReader } from '../../../../../nodes/Printio/orderInput/kinds';
import { byCodeRow } from '../fixtures';

const problemsOf = (
	item: Record<string, unknown>,
	operation: 'orderByCode' | 'orderWithImage' = 'orderByCode',
) => mapItemToOrder(item, operation, 5).problems.map((p) => [p.field, p.message, p.fix]);

describe('order-level fields', () => {
	it('reads each by its API name; an empty item gives an empty order, no problem', () => {
		expect(mapItemToOrder({}, 'orderByCode')).toStrictEqual({
			order: {},
			problems: [],
			ignoredFields: [],
		});
		const blank = {
			ec_order_no: ' ',
			ec_order_date: '',
			ec_optional_information: null,
			retailer_id: '  ',
			team_id: null,
			shipping_method: ' ',
			action_after_print: ' ',
		};
		expect(mapItemToOrder(blank, 'orderByCode')).toStrictEqual({
			order: {},
			problems: [],
			ignoredFields: [],
		});
		const nulls = {
			ec_order_no: null,
			retailer_id: null,
			shipping_method: null,
			action_after_print: null,
			line_quantity: null,
		};
		expect(mapItemToOrder(nulls, 'orderByCode')).toStrictEqual({
			order: {},
			problems: [],
			ignoredFields: [],
		});
	});

	it('order-with-image reads no team_id, shipping_method or action_after_print', () => {
		const { order } = mapItemToOrder(
			{
				ec_order_no: 'A',
				ec_optional_information: 'memo',
				retailer_id: 3,
				team_id: 'T',
				shipping_method: 1,
				action_after_print: { novelty: { a: 1 } },
			},
			'orderWithImage',
		);
		expect(order).toStrictEqual({
			ec_order_no: 'A',
			ec_optional_information: 'memo',
			retailer_id: 3,
		});
	});

	it.each([
		['2', 2],
		[' 12 ', 12],
		['+3', 3],
		['-1', -1],
		['2.5', 2.5],
		['1e3', '1e3'],
		['2.', '2.'],
		['.5', '.5'],
		['12abc', '12abc'],
		['abc12', 'abc12'],
		[' 12abc ', ' 12abc '],
		['２', '２'],
		[7, 7],
		[true, true],
	])(
		'an integer field given as %p is read as %p (other text is left for validation)',
		(given, read) => {
			const { order, problems } = mapItemToOrder(
				{ retailer_id: given, shipping_method: given, line_quantity: given },
				'orderByCode',
			);
			expect(problems).toStrictEqual([]);
			expect(order.retailer_id).toBe(read);
			expect(order.shipping_method).toBe(read);
			expect(order.order_details?.[0].quantity).toBe(read);
		},
	);

	it("text fields: a number becomes its text, other values are reported with the field's name", () => {
		const { order, problems } = mapItemToOrder(
			{
				ec_order_no: 1.5,
				team_id: 0,
				ec_order_date: true,
				ec_optional_information: Number.POSITIVE_INFINITY,
			},
			'orderByCode',
			4,
		);
		expect(order).toStrictEqual({ ec_order_no: '1.5', team_id: '0' });
		expect(problems).toStrictEqual([
			{
				field: 'ec_order_date',
				message: 'must be text',
				fix: 'Give ec_order_date as text.',
				itemIndex: 4,
			},
			{
				field: 'ec_optional_information',
				message: 'must be text',
				fix: 'Give ec_optional_information as text.',
				itemIndex: 4,
			},
		]);
	});

	it('the item index defaults to 0 and readItem carries its own', () => {
		expect(mapItemToOrder({ ec_order_no: {} }, 'orderByCode').problems[0].itemIndex).toBe(0);
		const row = readItem({ ec_order_no: {}, line_item_code: 'x' }, 'orderByCode', 9);
		expect(row).toStrictEqual({
			itemIndex: 9,
			order: {},
			problems: [
				{
					field: 'ec_order_no',
					message: 'must be text',
					fix: 'Give ec_order_no as text.',
					itemIndex: 9,
				},
			],
			ignoredFields: ['line_item_code'],
		});
	});
});

describe('numbers in zip and phone cells (a sheet drops the leading 0)', () => {
	const lost = (digits: number) =>
		`was given as a number with ${digits} digits; its leading 0 was probably lost`;
	const ZIP_FIX =
		'Format the zip code column as text (or start the cell with an apostrophe) and enter the code again with all 7 digits.';
	const PHONE_FIX =
		'Japanese phone numbers start with 0: format the phone column as text (or start the cell with an apostrophe) and enter the number again.';

	it('zip codes with fewer than 7 digits are reported, 7 and more are not (property)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 99_999_999 }), (zip) => {
				const { order, problems } = mapItemToOrder({ sender_zip_code: zip }, 'orderByCode', 1);
				const digits = String(zip).length;
				expect(order.sender_information?.zip_code).toBe(String(zip));
				expect(problems).toStrictEqual(
					digits < 7
						? [
								{
									field: 'sender_information.zip_code',
									message: lost(digits),
									fix: ZIP_FIX,
									itemIndex: 1,
								},
							]
						: [],
				);
			}),
		);
	});

	it('phones with 9 or 10 digits are reported, other lengths are not (property)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (phone) => {
				const { order, problems } = mapItemToOrder(
					{ shipping_phone_number: phone },
					'orderByCode',
					1,
				);
				const digits = String(phone).length;
				expect(order.shipping_information?.phone_number).toBe(String(phone));
				expect(problems).toStrictEqual(
					digits === 9 || digits === 10
						? [
								{
									field: 'shipping_information.phone_number',
									message: lost(digits),
									fix: PHONE_FIX,
									itemIndex: 1,
								},
							]
						: [],
				);
			}),
		);
	});

	it('exactly at the edges: zip 6 and 7 digits, phone 8, 9, 10, 11 digits', () => {
		expect(problemsOf({ shipping_zip_code: 100000 })).toStrictEqual([
			['shipping_information.zip_code', lost(6), ZIP_FIX],
		]);
		expect(problemsOf({ shipping_zip_code: 1000000 })).toStrictEqual([]);
		expect(problemsOf({ sender_phone_number: 12345678 })).toStrictEqual([]);
		expect(problemsOf({ sender_phone_number: 312345678 })).toStrictEqual([
			['sender_information.phone_number', lost(9), PHONE_FIX],
		]);
		expect(problemsOf({ sender_phone_number: 9012345678 })).toStrictEqual([
			['sender_information.phone_number', lost(10), PHONE_FIX],
		]);
		expect(problemsOf({ sender_phone_number: 90123456789 })).toStrictEqual([]);
	});

	it('other address fields given as numbers are text, never reported', () => {
		const { order, problems } = mapItemToOrder(
			{
				shipping_address1: 123456,
				shipping_municipalities: 600000,
				sender_item_name: 12345,
				sender_address2: 3.5,
				shipping_mail_address: -1,
			},
			'orderByCode',
		);
		expect(problems).toStrictEqual([]);
		expect(order.shipping_information).toStrictEqual({
			address1: '123456',
			municipalities: '600000',
			mail_address: '-1',
		});
		expect(order.sender_information).toStrictEqual({ item_name: '12345', address2: '3.5' });
	});

	it.each([
		['a negative zip', { shipping_zip_code: -1500002 }, 'shipping_information.zip_code'],
		[
			'a fractional phone',
			{ shipping_phone_number: 312345678.5 },
			'shipping_information.phone_number',
		],
		['a negative phone', { sender_phone_number: -312345678 }, 'sender_information.phone_number'],
	])('%s is reported as not a whole number and not read', (_what, item, field) => {
		const { order, problems } = mapItemToOrder(item, 'orderByCode');
		expect(problems.map((p) => [p.field, p.message, p.fix])).toStrictEqual([
			[field, 'is a number that is not a whole number', 'Give it as text made of digits.'],
		]);
		const [block, key] = field.split('.');
		expect((order as Record<string, Record<string, unknown>>)[block]).toStrictEqual({});
		expect((order as Record<string, Record<string, unknown>>)[block]).not.toHaveProperty(key);
	});

	it('a zip of 0 is read as "0" and reported with its 1 digit', () => {
		const { order, problems } = mapItemToOrder({ shipping_zip_code: 0 }, 'orderByCode');
		expect(order.shipping_information).toStrictEqual({ zip_code: '0' });
		expect(problems.map((p) => p.message)).toStrictEqual([lost(1)]);
	});
});

describe('address blocks', () => {
	it('a block whose only cell cannot be read is still there (empty), so defaults do not replace it', () => {
		const { order, problems } = mapItemToOrder({ shipping_full_name: true }, 'orderByCode');
		expect(order.shipping_information).toStrictEqual({});
		expect(order).not.toHaveProperty('sender_information');
		expect(problems.map((p) => p.field)).toStrictEqual(['shipping_information.full_name']);
	});

	it('item_name is read for the sender only', () => {
		const { order } = mapItemToOrder(
			{ shipping_item_name: 'x', shipping_information: undefined, sender_item_name: 'Tシャツ' },
			'orderByCode',
		);
		expect(order).not.toHaveProperty('shipping_information');
		expect(order.sender_information).toStrictEqual({ item_name: 'Tシャツ' });
		const nested = mapItemToOrder(
			{
				shipping_information: { item_name: 'x', zip_code: '1' },
				sender_information: { item_name: 'y' },
			},
			'orderByCode',
		).order;
		expect(nested.shipping_information).toStrictEqual({ zip_code: '1' });
		expect(nested.sender_information).toStrictEqual({ item_name: 'y' });
	});

	it('a name in two columns: family name first, trimmed, joined with one space', () => {
		const { order, problems } = mapItemToOrder(
			{
				shipping_family_name: ' 山田 ',
				shipping_given_name: '太郎  ',
				sender_given_name: 'Shop',
				sender_family_name: '  ',
			},
			'orderByCode',
		);
		expect(problems).toStrictEqual([]);
		expect(order.shipping_information).toStrictEqual({ full_name: '山田 太郎' });
		expect(order.sender_information).toStrictEqual({ full_name: 'Shop' });
	});

	it('a full_name column wins over the name parts; parts nested in a block are read too', () => {
		expect(
			mapItemToOrder(
				{
					shipping_full_name: '佐藤 花子',
					shipping_family_name: '山田',
					shipping_given_name: '太郎',
				},
				'orderByCode',
			).order.shipping_information,
		).toStrictEqual({ full_name: '佐藤 花子' });
		expect(
			mapItemToOrder(
				{ sender_information: { family_name: 'Print', given_name: 'Shop' } },
				'orderByCode',
			).order.sender_information,
		).toStrictEqual({ full_name: 'Print Shop' });
	});

	it("a name part that is not text is reported under full_name with the column's name; a number part is its text", () => {
		const { order, problems } = mapItemToOrder(
			{ shipping_family_name: { a: 1 }, shipping_given_name: 42 },
			'orderByCode',
			2,
		);
		expect(problems).toStrictEqual([
			{
				field: 'shipping_information.full_name (shipping_family_name)',
				message: 'must be text',
				fix: 'Give shipping_information.full_name (shipping_family_name) as text.',
				itemIndex: 2,
			},
		]);
		expect(order.shipping_information).toStrictEqual({ full_name: '42' });
		const nested = mapItemToOrder(
			{ sender_information: { family_name: [1] } },
			'orderByCode',
		).problems;
		expect(nested.map((p) => p.field)).toStrictEqual([
			'sender_information.full_name (family_name)',
		]);
	});

	it('a block given both nested and as flat columns is reported with both names; the nested block is read', () => {
		expect(
			problemsOf({ shipping_information: { zip_code: '1500002' }, shipping_given_name: 'x' }),
		).toStrictEqual([
			[
				'shipping_information',
				'is given both as an object and as flat columns',
				'Use either shipping_information or the shipping_… columns, not both.',
			],
		]);
		expect(
			problemsOf({ sender_information: { zip_code: '1' }, sender_item_name: 'x' }),
		).toStrictEqual([
			[
				'sender_information',
				'is given both as an object and as flat columns',
				'Use either sender_information or the sender_… columns, not both.',
			],
		]);
		// Blank flat cells are no second source; shipping has no item_name column.
		expect(
			problemsOf({
				shipping_information: { zip_code: '1' },
				shipping_zip_code: ' ',
				shipping_item_name: 'x',
			}),
		).toStrictEqual([]);
		const { order } = mapItemToOrder(
			{ shipping_information: { zip_code: '1500002' }, shipping_zip_code: '9999999' },
			'orderByCode',
		);
		expect(order.shipping_information).toStrictEqual({ zip_code: '1500002' });
	});

	it('an empty nested block is an empty block; a nested block that is not an object is none', () => {
		expect(
			mapItemToOrder({ shipping_information: {} }, 'orderByCode').order.shipping_information,
		).toStrictEqual({});
		expect(
			mapItemToOrder({ shipping_information: '{}' }, 'orderByCode').order.shipping_information,
		).toStrictEqual({});
		const wrong = mapItemToOrder(
			{ shipping_information: [], sender_information: ' ' },
			'orderByCode',
		);
		expect(wrong.order).toStrictEqual({});
		expect(wrong.problems.map((p) => [p.field, p.message, p.fix])).toStrictEqual([
			[
				'shipping_information',
				'must be an object',
				'Give shipping_information as an object (or as JSON text).',
			],
		]);
		expect(problemsOf({ sender_information: '{"zip_code": 1' })).toStrictEqual([
			[
				'sender_information',
				'is text that is not valid JSON',
				'Give sender_information as a JSON object.',
			],
		]);
	});
});

describe('lines', () => {
	it('a line field in line_<name> and in <name> with different values is reported and left out; equal values are read', () => {
		const { order, problems } = mapItemToOrder(
			{
				line_color: 'white',
				color: 'black',
				line_size: 'M',
				size: 'M',
				line_quantity: 2,
				quantity: 2,
			},
			'orderByCode',
			3,
		);
		expect(problems.map((p) => [p.field, p.message, p.fix])).toStrictEqual([
			[
				'order_details[0].color',
				'is given in two columns (line_color and color) with different values',
				'Keep only one of the columns line_color and color.',
			],
		]);
		expect(order.order_details).toStrictEqual([{ size: 'M', quantity: 2 }]);
	});

	it('no line cell: no order_details; a line whose only cell cannot be read is an empty line', () => {
		expect(
			mapItemToOrder({ ec_order_no: 'A', line_color: ' ' }, 'orderByCode').order,
		).not.toHaveProperty('order_details');
		expect(
			mapItemToOrder({ line_color: { a: 1 } }, 'orderByCode').order.order_details,
		).toStrictEqual([{}]);
	});

	it('every line field of order-by-code is read from line_<name>', () => {
		const { order } = mapItemToOrder(
			{
				line_original_item_code: 'o',
				line_ec_original_item_code: 'e',
				line_ec_order_detail_no: 'd',
				line_color: 'c',
				line_size: 's',
				line_quantity: 2,
				line_item_code: 'i',
			},
			'orderByCode',
		);
		expect(order.order_details).toStrictEqual([
			{
				original_item_code: 'o',
				ec_original_item_code: 'e',
				ec_order_detail_no: 'd',
				color: 'c',
				size: 's',
				quantity: 2,
			},
		]);
	});

	it('order_details given both as a list and as flat line or image columns is reported; the list is read', () => {
		const both = [
			'order_details',
			'is given both as a list and as flat line_… columns',
			'Use either order_details or the line_… columns, not both.',
		];
		expect(problemsOf({ order_details: [{ size: 'M' }], line_size: 'L' })).toStrictEqual([both]);
		expect(
			problemsOf(
				{ order_details: [{ size: 'M' }], line_image_back_output_url: 'https://x.example/b.png' },
				'orderWithImage',
			),
		).toStrictEqual([both]);
		expect(
			problemsOf(
				{ order_details: [{ size: 'M' }], line_image_back_output_url: 'https://x.example/b.png' },
				'orderByCode',
			),
		).toStrictEqual([]);
		expect(
			mapItemToOrder({ order_details: [{ size: 'M' }], line_size: 'L' }, 'orderByCode').order
				.order_details,
		).toStrictEqual([{ size: 'M' }]);
	});

	it('order_details that is not a list gives no lines; JSON text of a list is read', () => {
		const wrong = mapItemToOrder({ order_details: { size: 'M' } }, 'orderByCode');
		expect(wrong.order).not.toHaveProperty('order_details');
		expect(wrong.problems.map((p) => [p.field, p.message, p.fix])).toStrictEqual([
			['order_details', 'must be an array', 'Give order_details as a list (or as JSON text).'],
		]);
		expect(problemsOf({ order_details: '[{' })).toStrictEqual([
			['order_details', 'is text that is not valid JSON', 'Give order_details as a JSON array.'],
		]);
		expect(
			mapItemToOrder({ order_details: '[{"size":"M","quantity":"2"}]' }, 'orderByCode').order
				.order_details,
		).toStrictEqual([{ size: 'M', quantity: 2 }]);
	});

	it('a nested line reads bare names only (line_<name> inside a line is not a field)', () => {
		const { order } = mapItemToOrder(
			{ order_details: [{ line_size: 'L', size: 'M' }, {}] },
			'orderByCode',
		);
		expect(order.order_details).toStrictEqual([{ size: 'M' }, {}]);
	});

	it('readLineList: each entry by its place, a non-object reported with the words of the form', () => {
		const reader = new ItemReader(6);
		expect(
			readLineList(
				reader,
				[null, { item_code: 'i', image_urls: '{"values":[]}' }, 3],
				'orderWithImage',
			),
		).toStrictEqual([{}, { item_code: 'i', image_urls: { values: [] } }, {}]);
		expect(reader.problems).toStrictEqual([
			{
				field: 'order_details[0]',
				message: 'must be an object',
				fix: 'Give each line as an object with the fields of an order line.',
				itemIndex: 6,
			},
			{
				field: 'order_details[2]',
				message: 'must be an object',
				fix: 'Give each line as an object with the fields of an order line.',
				itemIndex: 6,
			},
		]);
	});

	it("a nested line's image_urls that is not an object is reported by its line's path", () => {
		expect(
			problemsOf({ order_details: [{}, { image_urls: '[]' }] }, 'orderWithImage'),
		).toStrictEqual([
			[
				'order_details[1].image_urls',
				'must be an object',
				'Give order_details[1].image_urls as an object (or as JSON text).',
			],
		]);
	});
});

describe('image URL columns (order-with-image)', () => {
	it('right and left come after front and back; a position with only a thumbnail is kept', () => {
		const { order } = mapItemToOrder(
			{
				line_image_right_thumbnail_url: 'r',
				line_image_left_output_url: 'l',
				line_image_back_thumbnail_url: 'bt',
				line_image_back_output_url: 'bo',
			},
			'orderWithImage',
		);
		expect(order.order_details).toStrictEqual([
			{
				image_urls: {
					values: [
						{
							position: 'back',
							urls: [
								{ type: 'Output', url: 'bo' },
								{ type: 'Thumbnail', url: 'bt' },
							],
						},
						{ position: 'left', urls: [{ type: 'Output', url: 'l' }] },
						{ position: 'right', urls: [{ type: 'Thumbnail', url: 'r' }] },
					],
				},
			},
		]);
	});

	it('an image cell that is not text is reported with its column and left out', () => {
		const { order, problems } = mapItemToOrder(
			{
				line_item_code: 'i',
				line_image_front_output_url: 12,
				line_image_front_thumbnail_url: { u: 1 },
			},
			'orderWithImage',
			1,
		);
		expect(problems).toStrictEqual([
			{
				field: 'order_details[0].image_urls (line_image_front_thumbnail_url)',
				message: 'must be text',
				fix: 'Give order_details[0].image_urls (line_image_front_thumbnail_url) as text.',
				itemIndex: 1,
			},
		]);
		expect(order.order_details).toStrictEqual([
			{
				item_code: 'i',
				image_urls: { values: [{ position: 'front', urls: [{ type: 'Output', url: '12' }] }] },
			},
		]);
	});

	it('image columns and image_urls together: reported in the words of the form, the columns are used', () => {
		const { order, problems } = mapItemToOrder(
			{ line_image_front_output_url: 'f', image_urls: { values: [] } },
			'orderWithImage',
		);
		expect(problems.map((p) => [p.field, p.message, p.fix])).toStrictEqual([
			[
				'order_details[0].image_urls',
				'is given both as line_image_…_url columns and as image_urls',
				'Use either the line_image_<position>_<output|thumbnail>_url columns or image_urls, not both.',
			],
		]);
		expect(order.order_details).toStrictEqual([
			{ image_urls: { values: [{ position: 'front', urls: [{ type: 'Output', url: 'f' }] }] } },
		]);
	});

	it('blank image cells are no image and no line', () => {
		expect(
			mapItemToOrder(
				{ line_image_front_output_url: ' ', line_image_back_output_url: '' },
				'orderWithImage',
			).order,
		).toStrictEqual({});
	});
});

describe('novelty columns (order-by-code)', () => {
	it('novelty_<name> with a count becomes action_after_print.novelty[<name>]; a bare novelty_ and blank cells are none', () => {
		const { order } = mapItemToOrder(
			{ novelty_: 3, novelty_flyer: '', novelty_card: ' 2 ', novelty_pin: 0, Novelty_x: 1 },
			'orderByCode',
		);
		expect(order.action_after_print).toStrictEqual({ novelty: { card: 2, pin: 0 } });
	});

	it('no novelty column: action_after_print as given (JSON text read), or none', () => {
		expect(
			mapItemToOrder({ action_after_print: '{"other":1}' }, 'orderByCode').order.action_after_print,
		).toStrictEqual({ other: 1 });
		expect(mapItemToOrder({ novelty_a: ' ' }, 'orderByCode').order).not.toHaveProperty(
			'action_after_print',
		);
	});

	it('novelty columns with an action_after_print that is not an object, or whose novelty is not one: the columns make the novelty', () => {
		const wrong = mapItemToOrder({ action_after_print: '[1]', novelty_a: 1 }, 'orderByCode');
		expect(wrong.order.action_after_print).toStrictEqual({ novelty: { a: 1 } });
		expect(wrong.problems.map((p) => p.field)).toStrictEqual(['action_after_print']);
		expect(
			mapItemToOrder(
				{ action_after_print: { novelty: 5, keep: true }, novelty_a: 1 },
				'orderByCode',
			).order.action_after_print,
		).toStrictEqual({ novelty: { a: 1 }, keep: true });
	});

	it("a novelty in both places is reported in the words of the form; the action's count is kept", () => {
		const { order, problems } = mapItemToOrder(
			{ action_after_print: { novelty: { a: 1 } }, novelty_a: 2, novelty_b: 3 },
			'orderByCode',
			8,
		);
		expect(problems).toStrictEqual([
			{
				field: 'action_after_print.novelty.a',
				message: 'is given both in action_after_print and in the column novelty_a',
				fix: 'Keep only one of them.',
				itemIndex: 8,
			},
		]);
		expect(order.action_after_print).toStrictEqual({ novelty: { a: 1, b: 3 } });
	});

	it('the given action is not changed', () => {
		const given = { novelty: { a: 1 } };
		mapItemToOrder({ action_after_print: given, novelty_b: 2 }, 'orderByCode');
		expect(given).toStrictEqual({ novelty: { a: 1 } });
	});
});

describe('fields of the other operation', () => {
	it('order-with-image lists order-by-code columns and novelty columns once each, never its own', () => {
		const { ignoredFields } = mapItemToOrder(
			{
				line_original_item_code: 'o',
				original_item_code: 'o',
				ec_original_item_code: 'e',
				line_ec_original_item_code: 'e',
				action_after_print: {},
				'novelty_<name>': 1,
				novelty_a: ' ',
				line_color: 'c',
				color: 'c',
				line_item_code: 'i',
				item_code: 'i',
			},
			'orderWithImage',
		);
		expect([...ignoredFields].sort()).toStrictEqual([
			'action_after_print',
			'ec_original_item_code',
			'line_ec_original_item_code',
			'line_original_item_code',
			'novelty_<name>',
			'original_item_code',
		]);
	});

	it('order-by-code lists image columns and item_code, never its own or blank ones', () => {
		const { ignoredFields } = mapItemToOrder(
			{
				item_code: 'i',
				line_image_urls: '{}',
				line_image_right_thumbnail_url: 'r',
				line_image_left_output_url: '',
				line_size: 'M',
				size: 'M',
				ec_order_detail_no: 'd',
			},
			'orderByCode',
		);
		expect([...ignoredFields].sort()).toStrictEqual([
			'item_code',
			'line_image_right_thumbnail_url',
			'line_image_urls',
		]);
		// Asked again (the list is kept between items): the same answer.
		expect(mapItemToOrder({ item_code: 'i' }, 'orderByCode').ignoredFields).toStrictEqual([
			'item_code',
		]);
		expect(mapItemToOrder({ team_id: 'x' }, 'orderWithImage').ignoredFields).toStrictEqual([
			'team_id',
		]);
	});

	it('a full by-code row has nothing to ignore', () => {
		expect(
			mapItemToOrder(byCodeRow({ team_id: 'T', novelty_a: 1, shipping_method: 1 }), 'orderByCode')
				.ignoredFields,
		).toStrictEqual([]);
	});
});

describe('the names read', () => {
	it('line and address fields per operation, and image positions', () => {
		expect(LINE_FIELDS).toStrictEqual({
			orderByCode: [
				'original_item_code',
				'color',
				'size',
				'quantity',
				'ec_original_item_code',
				'ec_order_detail_no',
			],
			orderWithImage: [
				'item_code',
				'color',
				'size',
				'quantity',
				'ec_order_detail_no',
				'image_urls',
			],
		});
		expect(ADDRESS_FIELDS).toStrictEqual([
			'full_name',
			'zip_code',
			'prefecture_name',
			'municipalities',
			'address1',
			'address2',
			'phone_number',
			'mail_address',
		]);
		expect(IMAGE_COLUMN_POSITIONS).toStrictEqual(['front', 'back', 'left', 'right']);
	});

	it("a nested block's keys other than address fields are not read", () => {
		const { order } = mapItemToOrder(
			{ shipping_information: { zip_code: '1', country: 'JP', ec_order_no: 'x', color: 'c' } },
			'orderByCode',
		);
		expect(order).toStrictEqual({ shipping_information: { zip_code: '1' } });
	});
});
