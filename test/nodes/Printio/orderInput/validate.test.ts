import * as contract from '../../../../api/schema/schemas';
import type { OrderOperation } from '../../../../nodes/Printio/orderInput/types';
import {
	MAIL_ADDRESS_PATTERN,
	PHONE_NUMBER_PATTERN,
	URL_PATTERN,
	ZIP_CODE_PATTERN,
	characterLength,
	validateImageUrls,
	validateOrder,
} from '../../../../nodes/Printio/orderInput/validate';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, withImageOrder } from './fixtures';

const OPERATIONS: Array<[OrderOperation, () => OrderDraft]> = [
	['orderByCode', byCodeOrder],
	['orderWithImage', withImageOrder],
];

function fieldsOf(order: OrderDraft, operation: OrderOperation): string[] {
	return validateOrder(order, operation).map((p) => p.field);
}

function withShipping(order: OrderDraft, patch: Record<string, unknown>): OrderDraft {
	return { ...order, shipping_information: { ...order.shipping_information, ...patch } };
}

function withLine(order: OrderDraft, patch: Record<string, unknown>): OrderDraft {
	return { ...order, order_details: [{ ...order.order_details![0], ...patch }] };
}

describe.each(OPERATIONS)('%s', (operation, make) => {
	it('accepts the valid fixture', () => {
		expect(validateOrder(make(), operation)).toEqual([]);
	});

	it.each([
		[49, true],
		[50, true],
		[51, false],
	])('ec_order_no of %d characters: valid=%p', (length, valid) => {
		const problems = validateOrder({ ...make(), ec_order_no: 'A'.repeat(length) }, operation);
		expect(problems.map((p) => p.field)).toEqual(valid ? [] : ['ec_order_no']);
		if (!valid) expect(problems[0].message).toBe('is 51 characters long; at most 50 are allowed');
	});

	it('counts characters, not bytes or UTF-16 units', () => {
		expect(characterLength('𠮷'.repeat(50))).toBe(50);
		expect(fieldsOf({ ...make(), ec_order_no: '注'.repeat(50) }, operation)).toEqual([]);
		expect(fieldsOf({ ...make(), ec_order_no: '𠮷'.repeat(50) }, operation)).toEqual([]);
		expect(fieldsOf({ ...make(), ec_order_no: '𠮷'.repeat(51) }, operation)).toEqual([
			'ec_order_no',
		]);
	});

	it.each([
		[49, true],
		[50, true],
		[51, false],
	])('ec_order_detail_no of %d characters: valid=%p', (length, valid) => {
		const order = withLine(make(), { ec_order_detail_no: 'D'.repeat(length) });
		expect(fieldsOf(order, operation)).toEqual(
			valid ? [] : ['order_details[0].ec_order_detail_no'],
		);
	});

	it.each([
		['1234567', true],
		['123456', false],
		['12345678', false],
		['123-4567', false],
		['', false],
	])('zip_code %p: valid=%p', (zip, valid) => {
		expect(fieldsOf(withShipping(make(), { zip_code: zip }), operation)).toEqual(
			valid ? [] : ['shipping_information.zip_code'],
		);
	});

	it('explains each zip code failure', () => {
		const problem = (zip: string) =>
			validateOrder(withShipping(make(), { zip_code: zip }), operation)[0];
		expect(problem('123456')).toMatchObject({
			message: 'must be 7 digits (has 6)',
			fix: expect.stringContaining('leading'),
		});
		expect(problem('12345678')).toMatchObject({ message: 'must be 7 digits (has 8)' });
		expect(problem('123-4567')).toMatchObject({
			message: 'must contain digits only',
			fix: expect.stringContaining('Remove hyphens'),
		});
		expect(problem('')).toMatchObject({ message: 'is required' });
	});

	it.each([
		['031234567', false],
		['0312345678', true],
		['09012345678', true],
		['123456789012345', true],
		['1234567890123456', false],
		['03-1234-5678', false],
	])('phone_number %p: valid=%p', (phone, valid) => {
		expect(fieldsOf(withShipping(make(), { phone_number: phone }), operation)).toEqual(
			valid ? [] : ['shipping_information.phone_number'],
		);
	});

	it('explains phone failures with the digit count and the leading-zero hint for 9 digits', () => {
		const problem = (phone: string) =>
			validateOrder(withShipping(make(), { phone_number: phone }), operation)[0];
		expect(problem('312345678')).toMatchObject({
			message: 'must have 10 to 15 digits (has 9)',
			fix: expect.stringContaining('start with 0'),
		});
		expect(problem('1234567890123456')).toMatchObject({
			message: 'must have 10 to 15 digits (has 16)',
		});
	});

	it.each([
		[0, false, 'must be at least 1'],
		[1, true, ''],
		[1.5, false, 'must be a whole number, not a fraction'],
		[-1, false, 'must be at least 1'],
		['abc', false, 'must be a whole number'],
		[undefined, false, 'is required'],
		[Number.NaN, false, 'must be a whole number'],
	])('quantity %p: valid=%p', (quantity, valid, message) => {
		const problems = validateOrder(withLine(make(), { quantity }), operation);
		expect(problems.map((p) => [p.field, p.message])).toEqual(
			valid ? [] : [['order_details[0].quantity', message]],
		);
	});

	it.each([
		['taro@example.jp', true],
		['a..b.@docomo.ne.jp', true],
		[null, true],
		[undefined, true],
		['taro@', false],
		['taro example@example.jp', false],
		['taro.example.jp', false],
		['taro@example', false],
	])('mail_address %p: valid=%p', (mail, valid) => {
		expect(fieldsOf(withShipping(make(), { mail_address: mail }), operation)).toEqual(
			valid ? [] : ['shipping_information.mail_address'],
		);
	});

	it.each([
		['zip_code'],
		['prefecture_name'],
		['municipalities'],
		['address1'],
		['full_name'],
		['phone_number'],
	])('shipping %s is required', (field) => {
		const order = withShipping(make(), { [field]: undefined });
		expect(validateOrder(order, operation)).toEqual([
			expect.objectContaining({ field: `shipping_information.${field}`, message: 'is required' }),
		]);
		expect(fieldsOf(withShipping(make(), { [field]: '   ' }), operation)).toEqual([
			`shipping_information.${field}`,
		]);
	});

	it.each([
		['zip_code'],
		['prefecture_name'],
		['municipalities'],
		['address1'],
		['full_name'],
		['phone_number'],
		['item_name'],
	])('sender %s is required', (field) => {
		const order = make();
		order.sender_information = { ...order.sender_information, [field]: undefined };
		expect(fieldsOf(order, operation)).toEqual([`sender_information.${field}`]);
	});

	it('address2 and mail_address are optional', () => {
		expect(
			fieldsOf(withShipping(make(), { address2: undefined, mail_address: undefined }), operation),
		).toEqual([]);
	});

	it('requires both address blocks, ec_order_no, retailer_id and a line', () => {
		expect(fieldsOf({}, operation)).toEqual([
			'retailer_id',
			'ec_order_no',
			'shipping_information',
			'sender_information',
			'order_details',
		]);
		expect(fieldsOf({ ...make(), order_details: [] }, operation)).toEqual(['order_details']);
	});

	it.each([
		[0, false],
		[1, true],
		[1.5, false],
		['1', false],
	])('retailer_id %p: valid=%p', (retailerId, valid) => {
		expect(fieldsOf({ ...make(), retailer_id: retailerId }, operation)).toEqual(
			valid ? [] : ['retailer_id'],
		);
	});

	it.each([
		['東京', 'is not one of the 47 prefectures'],
		['北海', 'is not one of the 47 prefectures'],
		['東京都渋谷区', 'holds more than a prefecture name'],
	])('prefecture %p is rejected: %s', (prefecture, message) => {
		expect(validateOrder(withShipping(make(), { prefecture_name: prefecture }), operation)).toEqual(
			[expect.objectContaining({ field: 'shipping_information.prefecture_name', message })],
		);
	});

	it.each([
		[16, 0, true],
		[16, 1, false],
		[15, 2, true],
		[15, 3, false],
	])('address1 of %d full-width + %d half-width characters: valid=%p', (full, half, valid) => {
		const address1 = 'あ'.repeat(full) + '1'.repeat(half);
		expect(fieldsOf(withShipping(make(), { address1 }), operation)).toEqual(
			valid ? [] : ['shipping_information.address1'],
		);
		expect(fieldsOf(withShipping(make(), { address2: address1 }), operation)).toEqual(
			valid ? [] : ['shipping_information.address2'],
		);
	});

	it('reports text fields given as numbers', () => {
		expect(validateOrder(withShipping(make(), { municipalities: 12 }), operation)).toEqual([
			expect.objectContaining({
				field: 'shipping_information.municipalities',
				message: 'must be text',
			}),
		]);
	});

	it('rejects a line that is not an object', () => {
		expect(fieldsOf({ ...make(), order_details: ['x' as never] }, operation)).toEqual([
			'order_details[0]',
		]);
	});
});

describe('orderByCode specifics', () => {
	it('needs original_item_code or ec_original_item_code', () => {
		const order = withLine(byCodeOrder(), { original_item_code: undefined });
		expect(fieldsOf(order, 'orderByCode')).toEqual(['order_details[0].original_item_code']);
		expect(fieldsOf(withLine(order, { ec_original_item_code: 'my-code' }), 'orderByCode')).toEqual(
			[],
		);
		expect(fieldsOf(withLine(order, { original_item_code: ' ' }), 'orderByCode')).toEqual([
			'order_details[0].original_item_code',
		]);
	});

	it.each([['color'], ['size']])('line %s is required', (field) => {
		expect(fieldsOf(withLine(byCodeOrder(), { [field]: '' }), 'orderByCode')).toEqual([
			`order_details[0].${field}`,
		]);
	});

	it('ec_order_detail_no is optional', () => {
		expect(
			fieldsOf(withLine(byCodeOrder(), { ec_order_detail_no: undefined }), 'orderByCode'),
		).toEqual([]);
	});

	it.each([
		[undefined, true],
		[1, true],
		[2, true],
		[0, false],
		[3, false],
		['1', false],
		[1.5, false],
	])('shipping_method %p: valid=%p', (method, valid) => {
		expect(fieldsOf({ ...byCodeOrder(), shipping_method: method }, 'orderByCode')).toEqual(
			valid ? [] : ['shipping_method'],
		);
	});

	it.each([
		[{ novelty: { sticker: 1 } }, []],
		[{ novelty: { sticker: 0, flyer: 2 } }, []],
		[{ other: 'kept' }, []],
		[{ novelty: { sticker: 1.5 } }, ['action_after_print.novelty.sticker']],
		[{ novelty: { sticker: 'two' } }, ['action_after_print.novelty.sticker']],
		[{ novelty: 3 }, ['action_after_print.novelty']],
		['x', ['action_after_print']],
	])('action_after_print %j', (action, fields) => {
		expect(fieldsOf({ ...byCodeOrder(), action_after_print: action }, 'orderByCode')).toEqual(
			fields,
		);
	});

	it.each([
		['2026-11-21', true],
		['2024-02-29', true],
		['2026-02-29', false],
		['2026-13-01', false],
		['2026/11/21', false],
		['2026-11-21 10:00:00', false],
		[undefined, true],
	])('ec_order_date %p: valid=%p', (date, valid) => {
		expect(fieldsOf({ ...byCodeOrder(), ec_order_date: date }, 'orderByCode')).toEqual(
			valid ? [] : ['ec_order_date'],
		);
	});
});

describe('orderWithImage specifics', () => {
	it.each([
		[49, true],
		[50, true],
		[51, false],
	])('ec_order_date of %d characters: valid=%p', (length, valid) => {
		expect(
			fieldsOf({ ...withImageOrder(), ec_order_date: 'x'.repeat(length) }, 'orderWithImage'),
		).toEqual(valid ? [] : ['ec_order_date']);
	});

	it('accepts a null or missing ec_order_date and a missing ec_order_detail_no (sent as null and "")', () => {
		expect(fieldsOf({ ...withImageOrder(), ec_order_date: undefined }, 'orderWithImage')).toEqual(
			[],
		);
		expect(
			fieldsOf(withLine(withImageOrder(), { ec_order_detail_no: undefined }), 'orderWithImage'),
		).toEqual([]);
	});

	it.each([['item_code'], ['color'], ['size']])('line %s is required', (field) => {
		expect(fieldsOf(withLine(withImageOrder(), { [field]: undefined }), 'orderWithImage')).toEqual([
			`order_details[0].${field}`,
		]);
	});

	const image = (position: unknown, urls: unknown) => ({ values: [{ position, urls }] });
	it.each([
		[
			'all four positions',
			{
				values: ['front', 'back', 'left', 'right'].map((position) => ({
					position,
					urls: [{ type: 'Output', url: 'https://x.example/a.png' }],
				})),
			},
			[],
		],
		['missing', undefined, ['p']],
		['not an object', 'https://x.example/a.png', ['p']],
		['empty values', { values: [] }, ['p.values']],
		[
			'bad position',
			image('top', [{ type: 'Output', url: 'https://x.example/a.png' }]),
			['p.values[0].position'],
		],
		[
			'upper-case position',
			image('Front', [{ type: 'Output', url: 'https://x.example/a.png' }]),
			['p.values[0].position'],
		],
		['no urls', image('front', []), ['p.values[0].urls']],
		[
			'bad type',
			image('front', [{ type: 'output', url: 'https://x.example/a.png' }]),
			['p.values[0].urls[0].type'],
		],
		['Thumbnail type', image('front', [{ type: 'Thumbnail', url: 'https://x.example/a.png' }]), []],
		['missing url', image('front', [{ type: 'Output' }]), ['p.values[0].urls[0].url']],
		[
			'not http',
			image('front', [{ type: 'Output', url: 'ftp://x.example/a.png' }]),
			['p.values[0].urls[0].url'],
		],
		[
			'spaces in url',
			image('front', [{ type: 'Output', url: 'https://x.example/a b.png' }]),
			['p.values[0].urls[0].url'],
		],
		[
			'any file format',
			image('front', [{ type: 'Output', url: 'https://x.example/render?id=1' }]),
			[],
		],
	])('image_urls: %s', (_name, imageUrls, fields) => {
		expect(validateImageUrls(imageUrls, 'p').map((p) => p.field)).toEqual(fields);
	});
});

describe('patterns agree with the contract', () => {
	const samples = [
		'1234567',
		'123456',
		'12345678',
		'0312345678',
		'123456789012345',
		'1234567890123456',
		'a@b.jp',
		'a..b.@docomo.ne.jp',
		'a@b',
		'a b@c.jp',
		'https://x.example/a.png',
		'https://x.example/a.PNG?x=1',
		'https://x.example/a.jpeg#f',
		'https://x.example/a.gif',
		'http://x',
		'ftp://x.example/a.png',
		'https://x.example/a b.png',
		'2026-11-21',
		'2026-1-21',
	];
	it.each([
		['ZIP_CODE_PATTERN', ZIP_CODE_PATTERN],
		['PHONE_NUMBER_PATTERN', PHONE_NUMBER_PATTERN],
		['MAIL_ADDRESS_PATTERN', MAIL_ADDRESS_PATTERN],
		['URL_PATTERN', URL_PATTERN],
	] as const)('%s', (name, pattern) => {
		const theirs = new RegExp(contract[name]);
		for (const sample of samples)
			expect([sample, pattern.test(sample)]).toEqual([sample, theirs.test(sample)]);
	});
});

describe('several original items in one order (spec 9, MultiItemOrder)', () => {
	const lines = (...codes: Array<Record<string, string>>) => ({
		...byCodeOrder(),
		order_details: codes.map((code) => ({ ...code, quantity: 1, color: 'ホワイト', size: 'M' })),
	});

	it('is refused before sending without Multi-Item Orders, naming the option', () => {
		const problems = validateOrder(
			lines({ original_item_code: 't0100001' }, { original_item_code: 't0100002' }),
			'orderByCode',
		);
		expect(problems).toEqual([
			expect.objectContaining({
				field: 'order_details',
				message: expect.stringContaining('2 different original items'),
			}),
		]);
		expect(problems[0].fix).toContain('Multi-Item Orders');
		const byEcCode = lines({ ec_original_item_code: 'EC-A' }, { ec_original_item_code: 'EC-B' });
		expect(validateOrder(byEcCode, 'orderByCode').map((p) => p.field)).toEqual(['order_details']);
	});

	it('is fine with Multi-Item Orders, with one item on several lines, and when the two kinds of code may be one item', () => {
		const two = lines({ original_item_code: 't0100001' }, { original_item_code: 't0100002' });
		expect(validateOrder(two, 'orderByCode', { multiItemOrder: true })).toEqual([]);
		expect(
			validateOrder(
				lines({ original_item_code: 't0100001' }, { original_item_code: 't0100001' }),
				'orderByCode',
			),
		).toEqual([]);
		expect(
			validateOrder(
				lines({ original_item_code: 't0100001' }, { ec_original_item_code: 'EC-A' }),
				'orderByCode',
			),
		).toEqual([]);
	});
});
