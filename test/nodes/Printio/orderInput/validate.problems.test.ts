/**
 * The exact problems (field path, message, fix) users see from the order checks of
 * nodes/Printio/orderInput/validate.ts, for the cases the broader tests in validate.test.ts only
 * check by field or by part of a text: missing or mistyped address blocks (recipient vs sender wording, the
 * shop-sender hint), phone boundaries, address widths under each overflow policy, image URL shapes, calendar
 * dates, empty codes and novelties.
 */
import fc from 'fast-check';

import type {
	InputProblem,
	OrderDraft,
	OrderOperation,
} from '../../../../nodes/Printio/orderInput/types';
import {
	SHOP_SENDER_HINT,
	validateAddressBlock,
	validateImageUrls,
	validateOrder,
} from '../../../../nodes/Printio/orderInput/validate';
import { byCodeOrder, senderBlock, shippingBlock, withImageOrder } from './fixtures';

const OPERATIONS: Array<[OrderOperation, () => OrderDraft]> = [
	['orderByCode', byCodeOrder],
	['orderWithImage', withImageOrder],
];

const IMAGE_SHAPE_FIX =
	'Give at least one print position: { "values": [{ "position": "front", "urls": [{ "type": "Output", "url": "https://…" }] }] }, or the flat columns line_image_<position>_output_url.';
const PHONE_DIGITS_FIX =
	'Remove hyphens, spaces, parentheses and extension text (or turn normalisation on); give a country code other than +81 as digits.';
const PHONE_LEADING_ZERO_FIX =
	'Give the whole number. Japanese numbers start with 0: a spreadsheet may have dropped it when it stored the number as a number; format the column as text and enter it again.';
const PHONE_LENGTH_FIX = 'Give the phone number with its area code, 10 to 15 digits.';
const ORIGINAL_ITEM_CODE_FIX =
	'Give the original item code issued by Printio (original_item_code) or your own code for it (ec_original_item_code).';
const NOVELTY_FIX =
	'Give an object like { "novelty": { "<novelty name>": 1 } } with whole numbers as values.';

function withShipping(order: OrderDraft, patch: Record<string, unknown>): OrderDraft {
	return { ...order, shipping_information: { ...order.shipping_information, ...patch } };
}

function withLine(order: OrderDraft, patch: Record<string, unknown>): OrderDraft {
	return { ...order, order_details: [{ ...order.order_details![0], ...patch }] };
}

function byCodeLine(patch: Record<string, unknown>): OrderDraft {
	const line: Record<string, unknown> = { quantity: 1, color: 'ホワイト', size: 'M', ...patch };
	for (const key of Object.keys(line)) if (line[key] === undefined) delete line[key];
	return { ...byCodeOrder(), order_details: [line] };
}

describe('address blocks: missing or not an object', () => {
	const recipientFix =
		"Give the recipient's address: zip_code, prefecture_name, municipalities, address1, full_name and phone_number.";
	const senderFix = `Give the sender's address: zip_code, prefecture_name, municipalities, address1, full_name and phone_number. ${SHOP_SENDER_HINT}`;

	it('the shop-sender hint names the credential field', () => {
		expect(SHOP_SENDER_HINT).toBe(
			"Or give your shop's sender once in the Printio credential (Shop Sender): it is used for every order that gives no sender.",
		);
	});

	it.each([
		['undefined', undefined, 'is required'],
		['null', null, 'is required'],
		['text', 'Tokyo', 'must be an object'],
		['an array', [shippingBlock()], 'must be an object'],
		['a number', 0, 'must be an object'],
	])(
		'a recipient block that is %s: %s, recipient wording, no sender hint',
		(_name, block, message) => {
			expect(validateAddressBlock(block, 'shipping_information')).toStrictEqual([
				{ field: 'shipping_information', message, fix: recipientFix },
			]);
		},
	);

	it.each([
		['undefined', undefined, 'is required'],
		['null', null, 'is required'],
		['text', 'Osaka', 'must be an object'],
		['an array', [senderBlock()], 'must be an object'],
	])(
		'a sender block that is %s: %s, sender wording and the shop-sender hint',
		(_name, block, message) => {
			expect(validateAddressBlock(block, 'sender_information')).toStrictEqual([
				{ field: 'sender_information', message, fix: senderFix },
			]);
		},
	);

	it.each(OPERATIONS)(
		'%s: an order without sender and recipient reports both, each in its own words',
		(operation, make) => {
			const order = {
				...make(),
				shipping_information: null,
				sender_information: undefined,
			} as unknown as OrderDraft;
			expect(validateOrder(order, operation)).toStrictEqual([
				{ field: 'shipping_information', message: 'is required', fix: recipientFix },
				{ field: 'sender_information', message: 'is required', fix: senderFix },
			]);
		},
	);
});

describe('address block fields: exact problems', () => {
	it.each(OPERATIONS)(
		'%s: a required field given as a number must be text, the fix names the field and its own fix',
		(operation, make) => {
			expect(validateOrder(withShipping(make(), { municipalities: 12 }), operation)).toStrictEqual([
				{
					field: 'shipping_information.municipalities',
					message: 'must be text',
					fix: 'Give shipping_information.municipalities as text. Give the city, ward, town or village (市区町村).',
				},
			]);
		},
	);

	it.each(OPERATIONS)(
		'%s: an optional field given as a number must be text, or be left empty',
		(operation, make) => {
			expect(validateOrder(withShipping(make(), { address2: 12 }), operation)).toStrictEqual([
				{
					field: 'shipping_information.address2',
					message: 'must be text',
					fix: 'Give shipping_information.address2 as text, or leave it empty.',
				},
			]);
		},
	);

	it('a prefecture followed by the rest of the address', () => {
		expect(
			validateAddressBlock(
				{ ...shippingBlock(), prefecture_name: '東京都渋谷区' },
				'shipping_information',
			),
		).toStrictEqual([
			{
				field: 'shipping_information.prefecture_name',
				message: 'holds more than a prefecture name',
				fix: 'Put only the prefecture in prefecture_name and the rest of the address in municipalities and address1.',
			},
		]);
	});

	it('municipalities repeating the same prefecture as prefecture_name is fine; another prefecture is reported', () => {
		expect(
			validateAddressBlock(
				{ ...shippingBlock(), municipalities: '東京都渋谷区' },
				'shipping_information',
			),
		).toStrictEqual([]);
		expect(
			validateAddressBlock(
				{ ...senderBlock(), municipalities: '大阪府大阪市北区' },
				'sender_information',
			),
		).toStrictEqual([]);
		expect(
			validateAddressBlock(
				{ ...shippingBlock(), municipalities: '大阪府大阪市北区' },
				'shipping_information',
			),
		).toStrictEqual([
			{
				field: 'shipping_information.municipalities',
				message: 'starts with a prefecture other than prefecture_name',
				fix: 'Check which prefecture is right, and give the prefecture only in prefecture_name.',
			},
		]);
	});

	it('a mail address without a domain', () => {
		expect(
			validateAddressBlock({ ...shippingBlock(), mail_address: 'taro@' }, 'shipping_information'),
		).toStrictEqual([
			{
				field: 'shipping_information.mail_address',
				message: 'is not a valid mail address',
				fix: 'Give an address of the form local-part@domain without spaces, or leave it empty (it is optional).',
			},
		]);
	});
});

describe('phone numbers', () => {
	const phoneProblems = (phone: string) =>
		validateAddressBlock({ ...shippingBlock(), phone_number: phone }, 'shipping_information');

	it.each([
		['03-1234-5678'],
		['(03)12345678'],
		['+81312345678'],
		['0312345678 ext. 2'],
		['03 1234 5678'],
	])('%s: digits only, whatever its length', (phone) => {
		expect(phoneProblems(phone)).toStrictEqual([
			{
				field: 'shipping_information.phone_number',
				message: 'must contain digits only',
				fix: PHONE_DIGITS_FIX,
			},
		]);
	});

	it('any number of digits: 10 to 15 pass; 9 without a leading 0 gets the leading-zero hint, every other count the area-code fix', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 25 }),
				fc.integer({ min: 0, max: 9 }),
				(length, digit) => {
					const phone = String(digit).repeat(length);
					const expected: InputProblem[] =
						length >= 10 && length <= 15
							? []
							: [
									{
										field: 'shipping_information.phone_number',
										message: `must have 10 to 15 digits (has ${length})`,
										fix: length === 9 && digit !== 0 ? PHONE_LEADING_ZERO_FIX : PHONE_LENGTH_FIX,
									},
								];
					expect(phoneProblems(phone)).toStrictEqual(expected);
				},
			),
		);
	});

	it.each([
		[8, PHONE_LENGTH_FIX],
		[9, PHONE_LEADING_ZERO_FIX],
		[16, PHONE_LENGTH_FIX],
	])('%d digits: exact fix', (length, fix) => {
		expect(phoneProblems('1'.repeat(length))).toStrictEqual([
			{
				field: 'shipping_information.phone_number',
				message: `must have 10 to 15 digits (has ${length})`,
				fix,
			},
		]);
	});

	it('9 digits that already start with 0 lost another digit: the area-code fix, not the leading-zero hint', () => {
		expect(phoneProblems('031234567')).toStrictEqual([
			{
				field: 'shipping_information.phone_number',
				message: 'must have 10 to 15 digits (has 9)',
				fix: PHONE_LENGTH_FIX,
			},
		]);
	});

	it('a hyphenated number with a digit in each place is still refused as not digits only (not by its length)', () => {
		fc.assert(
			fc.property(fc.stringMatching(/^[0-9]{2,5}-[0-9]{2,5}-[0-9]{2,5}$/), (phone) => {
				expect(phoneProblems(phone)).toStrictEqual([
					{
						field: 'shipping_information.phone_number',
						message: 'must contain digits only',
						fix: PHONE_DIGITS_FIX,
					},
				]);
			}),
		);
	});
});

describe('address widths by overflow policy', () => {
	const over = 'a'.repeat(33);
	const message =
		'is 33 half-width units wide; at most 32 are allowed (a full-width character counts 2)';

	it('fail (the default): both lines get the fix that names the overflow option', () => {
		const fix =
			'Shorten it or move the rest to address2, or set the address overflow option to carry the rest over to address2 or to send it as is.';
		const block = { ...shippingBlock(), address1: over, address2: over };
		expect(validateAddressBlock(block, 'shipping_information')).toStrictEqual([
			{ field: 'shipping_information.address1', message, fix },
			{ field: 'shipping_information.address2', message, fix },
		]);
		expect(
			validateAddressBlock(block, 'shipping_information', { addressOverflow: 'fail' }),
		).toStrictEqual([
			{ field: 'shipping_information.address1', message, fix },
			{ field: 'shipping_information.address2', message, fix },
		]);
	});

	it('carryToAddress2: address1 still too wide says the carry did not help; address2 too wide says shorten it', () => {
		const block = { ...shippingBlock(), address1: over, address2: over };
		expect(
			validateAddressBlock(block, 'shipping_information', { addressOverflow: 'carryToAddress2' }),
		).toStrictEqual([
			{
				field: 'shipping_information.address1',
				message,
				fix: 'address1 and address2 together do not fit in 2 × 32 units even with the overflow carried over: shorten the address (for example the building name) or move part of it to municipalities.',
			},
			{
				field: 'shipping_information.address2',
				message,
				fix: 'Shorten address2 to at most 32 half-width units.',
			},
		]);
	});

	it('sendAsIs: no width problems', () => {
		const block = { ...shippingBlock(), address1: over, address2: over };
		expect(
			validateAddressBlock(block, 'shipping_information', { addressOverflow: 'sendAsIs' }),
		).toStrictEqual([]);
	});
});

describe('order-level fields', () => {
	it.each(OPERATIONS)(
		'%s: ec_order_no too long names the field and the limit',
		(operation, make) => {
			expect(validateOrder({ ...make(), ec_order_no: 'A'.repeat(51) }, operation)).toStrictEqual([
				{
					field: 'ec_order_no',
					message: 'is 51 characters long; at most 50 are allowed',
					fix: 'Shorten ec_order_no to at most 50 characters.',
				},
			]);
		},
	);

	it.each(OPERATIONS)('%s: ec_optional_information given as a number', (operation, make) => {
		expect(
			validateOrder({ ...make(), ec_optional_information: 5 as never }, operation),
		).toStrictEqual([
			{
				field: 'ec_optional_information',
				message: 'must be text',
				fix: 'Give ec_optional_information as text, or leave it empty.',
			},
		]);
	});

	it('orderByCode: no lines asks for lines by original item code', () => {
		expect(validateOrder({ ...byCodeOrder(), order_details: [] }, 'orderByCode')).toStrictEqual([
			{
				field: 'order_details',
				message: 'must hold at least one line',
				fix: 'Give at least one line with original_item_code (or ec_original_item_code), quantity, color and size.',
			},
		]);
	});

	it('orderWithImage: no lines asks for lines with item_code and image_urls', () => {
		expect(
			validateOrder({ ...withImageOrder(), order_details: undefined }, 'orderWithImage'),
		).toStrictEqual([
			{
				field: 'order_details',
				message: 'must hold at least one line',
				fix: 'Give at least one line with item_code, quantity, color, size and image_urls.',
			},
		]);
	});

	it.each(OPERATIONS)('%s: a line that is not an object', (operation, make) => {
		expect(validateOrder({ ...make(), order_details: ['x' as never] }, operation)).toStrictEqual([
			{
				field: 'order_details[0]',
				message: 'must be an object',
				fix: 'Give each line as an object with the fields of an order line.',
			},
		]);
	});

	it.each([[0], [3], ['1'], [1.5]])('orderByCode: shipping_method %p must be 1 or 2', (method) => {
		expect(
			validateOrder({ ...byCodeOrder(), shipping_method: method }, 'orderByCode'),
		).toStrictEqual([
			{
				field: 'shipping_method',
				message: 'must be 1 or 2',
				fix: 'Use 1 for the small-parcel mail service or 2 for the home-delivery parcel service, or leave it empty.',
			},
		]);
	});
});

describe('orderByCode: ec_order_date as a calendar date', () => {
	const dateFix = (): string =>
		"Give the date of the order in your shop as YYYY-MM-DD, or leave it empty. With normalisation on these are read too: 2026/11/21, 2026年11月21日, and shop timestamps such as 2025-03-08T14:27:51+09:00 (Shopify created_at), 2025-03-08T05:27:51Z, 2025-03-08T14:27:51 (WooCommerce date_created, read in the workflow's time zone); a timestamp is sent as its date in the API Time Zone.";
	const problemsFor = (date: string | null | undefined) =>
		validateOrder({ ...byCodeOrder(), ec_order_date: date }, 'orderByCode');
	const refused = [
		{ field: 'ec_order_date', message: 'is not a date of the form YYYY-MM-DD', fix: dateFix() },
	];

	const daysIn = (year: number, month: number): number =>
		[
			31,
			year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
			31,
			30,
			31,
			30,
			31,
			31,
			30,
			31,
			30,
			31,
		][month - 1];
	const pad = (n: number, width: number) => String(n).padStart(width, '0');

	it('an empty or absent date is fine (it is optional)', () => {
		expect(problemsFor('')).toStrictEqual([]);
		expect(problemsFor(undefined)).toStrictEqual([]);
		expect(problemsFor(null)).toStrictEqual([]);
	});

	it('any YYYY-MM-DD from year 0100 on is accepted exactly when the day exists in that month (leap years included)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 100, max: 9999 }),
				fc.integer({ min: 0, max: 99 }),
				fc.integer({ min: 0, max: 99 }),
				(year, month, day) => {
					const valid = month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
					expect(problemsFor(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`)).toStrictEqual(
						valid ? [] : refused,
					);
				},
			),
		);
	});

	it.each([
		['2024-02-29', true],
		['2000-02-29', true],
		['2026-02-28', true],
		['2026-02-29', false],
		['1900-02-29', false],
		['2026-13-01', false],
		['2026-12-01', true],
		['2026-00-10', false],
		['2026-01-00', false],
		['2026-12-31', true],
		['2026-12-32', false],
		['2026-04-31', false],
	])('%s: valid=%p', (date, valid) => {
		expect(problemsFor(date)).toStrictEqual(valid ? [] : refused);
	});

	// Date.UTC reads the years 0-99 as 1900-1999, so a date whose year is 0000-0099 never matches itself and is
	// refused: a shop order dated in the first century is a typo for the current one.
	it.each([['0050-01-01'], ['0099-12-31'], ['0024-02-29'], ['0000-01-01']])(
		'%s (a year before 0100) is refused',
		(date) => {
			expect(problemsFor(date)).toStrictEqual(refused);
		},
	);
});

describe('orderByCode lines: original item codes', () => {
	it('original_item_code given as a number must be text (no "is required" on top)', () => {
		expect(validateOrder(byCodeLine({ original_item_code: 5 }), 'orderByCode')).toStrictEqual([
			{
				field: 'order_details[0].original_item_code',
				message: 'must be text',
				fix: 'Give order_details[0].original_item_code as text, or leave it empty.',
			},
		]);
	});

	it('ec_original_item_code given as a number must be text (no "is required" on top)', () => {
		expect(validateOrder(byCodeLine({ ec_original_item_code: 5 }), 'orderByCode')).toStrictEqual([
			{
				field: 'order_details[0].ec_original_item_code',
				message: 'must be text',
				fix: 'Give order_details[0].ec_original_item_code as text, or leave it empty.',
			},
		]);
	});

	it.each([
		['both absent', {}],
		['original blank', { original_item_code: '  ' }],
		['EC code blank', { ec_original_item_code: '  ' }],
		['both blank', { original_item_code: '', ec_original_item_code: ' \t ' }],
	])('%s: one of the two is required', (_name, codes) => {
		expect(validateOrder(byCodeLine(codes), 'orderByCode')).toStrictEqual([
			{
				field: 'order_details[0].original_item_code',
				message: 'is required when ec_original_item_code is empty',
				fix: ORIGINAL_ITEM_CODE_FIX,
			},
		]);
	});

	it('either code alone is enough', () => {
		expect(
			validateOrder(byCodeLine({ original_item_code: 't0100001' }), 'orderByCode'),
		).toStrictEqual([]);
		expect(
			validateOrder(byCodeLine({ ec_original_item_code: 'EC-A' }), 'orderByCode'),
		).toStrictEqual([]);
		expect(
			validateOrder(
				byCodeLine({ original_item_code: '', ec_original_item_code: 'EC-A' }),
				'orderByCode',
			),
		).toStrictEqual([]);
	});

	it('an empty original_item_code on one line and an EC code on another are not two different items', () => {
		const order = {
			...byCodeOrder(),
			order_details: [
				{ original_item_code: 't0100001', quantity: 1, color: 'ホワイト', size: 'M' },
				{
					original_item_code: '',
					ec_original_item_code: 'EC-A',
					quantity: 1,
					color: 'ホワイト',
					size: 'M',
				},
			],
		};
		expect(validateOrder(order, 'orderByCode')).toStrictEqual([]);
	});
});

describe('orderByCode: action_after_print', () => {
	const problemsFor = (action: unknown) =>
		validateOrder({ ...byCodeOrder(), action_after_print: action }, 'orderByCode');

	it('null or absent is fine', () => {
		expect(problemsFor(null)).toStrictEqual([]);
		expect(problemsFor(undefined)).toStrictEqual([]);
	});

	it('not an object, or a novelty that is not an object', () => {
		expect(problemsFor('sticker')).toStrictEqual([
			{ field: 'action_after_print', message: 'must be an object', fix: NOVELTY_FIX },
		]);
		expect(problemsFor({ novelty: ['sticker'] })).toStrictEqual([
			{ field: 'action_after_print.novelty', message: 'must be an object', fix: NOVELTY_FIX },
		]);
	});

	it.each([[''], [' '], ['\t ']])(
		'a novelty named %j is reported once, its count not checked',
		(name) => {
			expect(problemsFor({ novelty: { [name]: 1, sticker: 2 } })).toStrictEqual([
				{
					field: 'action_after_print.novelty',
					message: 'has an empty novelty name',
					fix: NOVELTY_FIX,
				},
			]);
			expect(problemsFor({ novelty: { [name]: 'x' } })).toStrictEqual([
				{
					field: 'action_after_print.novelty',
					message: 'has an empty novelty name',
					fix: NOVELTY_FIX,
				},
			]);
		},
	);

	it('a named novelty with a fraction', () => {
		expect(problemsFor({ novelty: { sticker: 1.5 } })).toStrictEqual([
			{
				field: 'action_after_print.novelty.sticker',
				message: 'must be a whole number, not a fraction',
				fix: NOVELTY_FIX,
			},
		]);
	});
});

describe('orderWithImage: image_urls', () => {
	const url = 'https://img.example.jp/front.png';

	it.each([
		['undefined', undefined, 'is required'],
		['null', null, 'is required'],
		['a URL', url, 'must be an object'],
		['an array', [{ position: 'front' }], 'must be an object'],
	])('image_urls that is %s: %s', (_name, imageUrls, message) => {
		expect(validateImageUrls(imageUrls, 'order_details[0].image_urls')).toStrictEqual([
			{ field: 'order_details[0].image_urls', message, fix: IMAGE_SHAPE_FIX },
		]);
	});

	it('through the order: a line without image_urls', () => {
		expect(
			validateOrder(withLine(withImageOrder(), { image_urls: undefined }), 'orderWithImage'),
		).toStrictEqual([
			{ field: 'order_details[0].image_urls', message: 'is required', fix: IMAGE_SHAPE_FIX },
		]);
	});

	it.each([[{}], [{ values: [] }], [{ values: 'front' }]])(
		'no print positions in %j',
		(imageUrls) => {
			expect(validateImageUrls(imageUrls, 'p')).toStrictEqual([
				{
					field: 'p.values',
					message: 'must list at least one print position',
					fix: IMAGE_SHAPE_FIX,
				},
			]);
		},
	);

	it('a print position that is not an object', () => {
		expect(validateImageUrls({ values: ['front', null] }, 'p')).toStrictEqual([
			{ field: 'p.values[0]', message: 'must be an object', fix: IMAGE_SHAPE_FIX },
			{ field: 'p.values[1]', message: 'must be an object', fix: IMAGE_SHAPE_FIX },
		]);
	});

	const positionFix =
		'Use front, back, left or right (lower case); which ones an item accepts depends on the item.';
	it.each([
		[undefined, 'is required'],
		['  ', 'is required'],
		['top', 'is not a print position'],
		['Front', 'is not a print position'],
	])('position %p: %s', (position, message) => {
		expect(
			validateImageUrls({ values: [{ position, urls: [{ type: 'Output', url }] }] }, 'p'),
		).toStrictEqual([{ field: 'p.values[0].position', message, fix: positionFix }]);
	});

	it.each([[undefined], [[]], ['https://x.example/a.png']])(
		'urls %p: must list at least one image URL',
		(urls) => {
			expect(validateImageUrls({ values: [{ position: 'back', urls }] }, 'p')).toStrictEqual([
				{
					field: 'p.values[0].urls',
					message: 'must list at least one image URL',
					fix: IMAGE_SHAPE_FIX,
				},
			]);
		},
	);

	it('an image URL entry that is not an object', () => {
		expect(
			validateImageUrls(
				{ values: [{ position: 'left', urls: [url, { type: 'Output', url }] }] },
				'p',
			),
		).toStrictEqual([
			{ field: 'p.values[0].urls[0]', message: 'must be an object', fix: IMAGE_SHAPE_FIX },
		]);
	});

	const typeFix =
		'Use Output (the print image) or Thumbnail (the preview), with that capitalisation.';
	it.each([
		[undefined, 'is required'],
		['', 'is required'],
		['output', 'is not an image type'],
		['Preview', 'is not an image type'],
	])('type %p: %s', (type, message) => {
		expect(
			validateImageUrls({ values: [{ position: 'right', urls: [{ type, url }] }] }, 'p'),
		).toStrictEqual([{ field: 'p.values[0].urls[0].type', message, fix: typeFix }]);
	});

	it('a missing URL, a URL given as a number, a URL that is not http(s)', () => {
		const urls = [
			{ type: 'Output' },
			{ type: 'Thumbnail', url: 7 },
			{ type: 'Output', url: 'ftp://img.example.jp/a.png' },
		];
		expect(validateImageUrls({ values: [{ position: 'front', urls }] }, 'p')).toStrictEqual([
			{
				field: 'p.values[0].urls[0].url',
				message: 'is required',
				fix: 'Give the http(s) URL of the image.',
			},
			{
				field: 'p.values[0].urls[1].url',
				message: 'must be text',
				fix: 'Give p.values[0].urls[1].url as text. Give the http(s) URL of the image.',
			},
			{
				field: 'p.values[0].urls[2].url',
				message: 'is not an http(s) URL',
				fix: 'Give a full URL starting with https:// (or http://), without spaces.',
			},
		]);
	});
});
