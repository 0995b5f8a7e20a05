/**
 * Define Below and the node's defaults, as the read stage (readOrders) reads them: the row holds the
 * order's fields as set on the node (address blocks absent when left empty, lines as fields or as JSON, the line's
 * item by resource locator mode, image URL fields), the defaults the options, the retailer and the credential's
 * Shop Sender. Errors in the words the item shows.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import {
	connectionWith as connection,
	parameterContext,
	readDefaults,
	readParameters,
} from '../orderRun/fakes';

const read = (
	parameters: IDataObject,
	operation: 'orderByCode' | 'orderWithImage' = 'orderByCode',
) => readParameters.call(parameterContext(parameters), 3, operation);

describe('Define Below: the row', () => {
	it('nothing set: an order with no line and no address block', () => {
		expect(read({})).toStrictEqual({ itemIndex: 3, order: { order_details: [] }, problems: [] });
		expect(read({ ecOrderNo: '  ', shippingZipCode: '', senderFullName: ' ' }).order).toStrictEqual(
			{ order_details: [] },
		);
	});

	it("every address field of both blocks by its parameter, the sender's goods description included", () => {
		const parameters: IDataObject = { ecOrderNo: 'EC-1' };
		for (const prefix of ['shipping', 'sender']) {
			Object.assign(parameters, {
				[`${prefix}FullName`]: `${prefix} name`,
				[`${prefix}ZipCode`]: '1500002',
				[`${prefix}Prefecture`]: '東京都',
				[`${prefix}Municipalities`]: '渋谷区',
				[`${prefix}Address1`]: '渋谷2-21-1',
				[`${prefix}Address2`]: '8F',
				[`${prefix}PhoneNumber`]: '0312345678',
				[`${prefix}MailAddress`]: `${prefix}@example.jp`,
			});
		}
		parameters.senderItemName = 'Tシャツ';
		const address = (prefix: string) => ({
			full_name: `${prefix} name`,
			zip_code: '1500002',
			prefecture_name: '東京都',
			municipalities: '渋谷区',
			address1: '渋谷2-21-1',
			address2: '8F',
			phone_number: '0312345678',
			mail_address: `${prefix}@example.jp`,
		});
		expect(read(parameters).order).toStrictEqual({
			ec_order_no: 'EC-1',
			shipping_information: address('shipping'),
			sender_information: { ...address('sender'), item_name: 'Tシャツ' },
			order_details: [],
		});
	});

	it('a number set by an expression is read as its text; a zip code or phone that lost its leading 0 is reported, as for input items', () => {
		const { order, problems } = read({
			shippingZipCode: 600001,
			senderPhoneNumber: 661234567,
			ecOrderNo: 1001,
		});
		expect(order.ec_order_no).toBe('1001');
		expect(order.shipping_information).toStrictEqual({ zip_code: '600001' });
		expect(order.sender_information).toStrictEqual({ phone_number: '661234567' });
		expect(
			problems?.map((problem) => [problem.field, problem.message, problem.itemIndex]),
		).toStrictEqual([
			[
				'shipping_information.zip_code',
				'was given as a number with 6 digits; its leading 0 was probably lost',
				3,
			],
			[
				'sender_information.phone_number',
				'was given as a number with 9 digits; its leading 0 was probably lost',
				3,
			],
		]);
		expect(
			read({ shippingZipCode: 1500002, shippingPhoneNumber: 312345678901 }).problems,
		).toStrictEqual([]);
	});

	it('lines as fields: the item by locator (By EC Code gives ec_original_item_code), text fields, quantity parsed', () => {
		const lines = {
			line: [
				{
					originalItemCode: { mode: 'list', value: ' t0100001 ' },
					color: 'ホワイト',
					size: 'M',
					quantity: '2',
					ecOrderDetailNo: 'D1',
				},
				{
					originalItemCode: { mode: 'ecCode', value: 'EC-TS-0001' },
					color: '',
					size: 'L',
					quantity: 1,
				},
				{ originalItemCode: 't0100002', quantity: '' },
				{ originalItemCode: { mode: 'list', value: '' }, ecOriginalItemCode: 'given' },
			],
		};
		const details = read({ lines }).order.order_details;
		expect(details?.[2]).not.toHaveProperty('quantity');
		expect(details).toStrictEqual([
			{
				original_item_code: 't0100001',
				color: 'ホワイト',
				size: 'M',
				quantity: 2,
				ec_order_detail_no: 'D1',
			},
			{ ec_original_item_code: 'EC-TS-0001', size: 'L', quantity: 1 },
			{ original_item_code: 't0100002' },
			{},
		]);
	});

	it('lines as fields, order-with-image: item code, and image URL fields by position (front, back, left, right; Output first)', () => {
		const lines = {
			line: [
				{
					itemCode: { mode: 'list', value: 'OGB-910' },
					quantity: 1,
					rightThumbnailUrl: 'https://x.example/rt.png',
					frontThumbnailUrl: 'https://x.example/ft.png',
					frontOutputUrl: ' https://x.example/fo.png ',
					backOutputUrl: '  ',
					originalItemCode: 't1',
				},
				{ itemCode: '' },
			],
		};
		expect(read({ lines }, 'orderWithImage').order.order_details).toStrictEqual([
			{
				item_code: 'OGB-910',
				quantity: 1,
				image_urls: {
					values: [
						{
							position: 'front',
							urls: [
								{ type: 'Output', url: 'https://x.example/fo.png' },
								{ type: 'Thumbnail', url: 'https://x.example/ft.png' },
							],
						},
						{ position: 'right', urls: [{ type: 'Thumbnail', url: 'https://x.example/rt.png' }] },
					],
				},
			},
			{ image_urls: { values: [] } },
		]);
	});

	it('lines as JSON, as text or as a list; each line read by API names', () => {
		expect(
			read({ linesInputMode: 'json', linesJson: '[{"original_item_code":"t1","quantity":"3"}]' })
				.order.order_details,
		).toStrictEqual([{ original_item_code: 't1', quantity: 3 }]);
		expect(
			read({ linesInputMode: 'json', linesJson: [{ size: 'M' }] }).order.order_details,
		).toStrictEqual([{ size: 'M' }]);
		expect(read({ linesInputMode: 'json' }).order.order_details).toStrictEqual([]);
		const { problems } = read({ linesInputMode: 'json', linesJson: '[1]' });
		expect(problems?.map((problem) => [problem.field, problem.message])).toStrictEqual([
			['order_details[0]', 'must be an object'],
		]);
	});

	it('lines JSON that is not JSON or not a list fails the item in the words of the form', () => {
		expect(() => read({ linesInputMode: 'json', linesJson: '[{' })).toThrow(
			expect.objectContaining({
				message: 'Lines (JSON) is not valid JSON',
				description:
					'Give an array of line objects, e.g. [{"original_item_code": "t0100001", "color": "ホワイト", "size": "M", "quantity": 1}].',
				context: expect.objectContaining({ itemIndex: 3 }),
			}),
		);
		expect(() => read({ linesInputMode: 'json', linesJson: '{"size":"M"}' })).toThrow(
			'Lines (JSON) must be an array of line objects',
		);
	});
});

describe("the node's defaults", () => {
	const defaults = (
		options: IDataObject,
		credentials: ICredentialDataDecryptedObject = {},
		operation: 'orderByCode' | 'orderWithImage' = 'orderByCode',
	) => readDefaults.call(parameterContext({ options }), 0, operation, connection(credentials));

	it("no options: the credential's retailer only", () => {
		expect(defaults({})).toStrictEqual({ retailer_id: 1 });
	});

	it("every option, and the retailer of the options over the credential's", () => {
		const options = {
			retailerId: '42',
			ecOrderDate: '2026-11-26',
			ecOptionalInformation: 'memo',
			shippingMethod: '2',
			teamId: 'T1',
			novelties: {
				novelty: [
					{ name: 'sticker', count: 2 },
					{ name: 'flyer', count: 1 },
				],
			},
		};
		expect(defaults(options)).toStrictEqual({
			retailer_id: 42,
			ec_order_date: '2026-11-26',
			ec_optional_information: 'memo',
			shipping_method: 2,
			team_id: 'T1',
			action_after_print: { novelty: { sticker: 2, flyer: 1 } },
		});
		expect(defaults(options, {}, 'orderWithImage')).toStrictEqual({
			retailer_id: 42,
			ec_order_date: '2026-11-26',
			ec_optional_information: 'memo',
		});
	});

	it('empty options are none; shipping method 0 or not a number is none; an empty novelty list is none', () => {
		expect(
			defaults({
				retailerId: '',
				ecOrderDate: '',
				ecOptionalInformation: null,
				shippingMethod: 0,
				teamId: '',
				novelties: { novelty: [] },
			}),
		).toStrictEqual({ retailer_id: 1 });
		expect(defaults({ shippingMethod: 'x', novelties: {} })).toStrictEqual({ retailer_id: 1 });
	});

	it('an invalid retailer fails the item', () => {
		expect(() => defaults({ retailerId: '1.5' })).toThrow(
			'Retailer ID must be a whole number of 1 or more',
		);
	});

	it("the credential's Shop Sender when on: its non-empty fields, by the Sender fields' names", () => {
		const credentials = {
			shopSender: true,
			senderFullName: 'Print Shop',
			senderZipCode: '1500001',
			senderPrefecture: '東京都',
			senderAddress2: '  ',
			senderItemName: 'Tシャツ',
			senderPhoneNumber: 312345678,
		};
		expect(defaults({}, credentials).sender_information).toStrictEqual({
			full_name: 'Print Shop',
			zip_code: '1500001',
			prefecture_name: '東京都',
			item_name: 'Tシャツ',
		});
		expect(defaults({}, { ...credentials, shopSender: false })).not.toHaveProperty(
			'sender_information',
		);
		expect(defaults({}, { ...credentials, shopSender: 'true' })).not.toHaveProperty(
			'sender_information',
		);
		expect(defaults({}, { shopSender: true, senderFullName: ' ' })).not.toHaveProperty(
			'sender_information',
		);
	});
});
