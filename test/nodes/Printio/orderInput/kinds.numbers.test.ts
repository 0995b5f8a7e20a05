/**
 * ItemReader (nodes/Printio/orderInput/kinds.ts): which numbers given for a zip code are reported as having
 * lost a leading 0 (only fewer than 7 digits: a zip code of 9 or 10 digits is not a phone number that lost its 0),
 * and integer fields given as text with more than one decimal digit.
 */
import { ItemReader } from '../../../../nodes/Printio/orderInput/kinds';

describe('ItemReader.text', () => {
	it.each([123456789, 1234567890, 1500002])(
		'a zip code given as the number %p is read as its digits with no lost-0 report',
		(value) => {
			const reader = new ItemReader(1);
			expect(reader.text(value, 'shipping_information.zip_code', 'zip')).toBe(String(value));
			expect(reader.problems).toStrictEqual([]);
		},
	);

	it('a phone number of 10 digits given as a number is reported, as the zip code of 10 digits is not', () => {
		const reader = new ItemReader(1);
		expect(reader.text(1234567890, 'sender_information.zip_code', 'zip')).toBe('1234567890');
		expect(reader.text(3123456789, 'sender_information.phone_number', 'phone')).toBe('3123456789');
		expect(reader.problems.map((problem) => [problem.field, problem.message])).toStrictEqual([
			[
				'sender_information.phone_number',
				'was given as a number with 10 digits; its leading 0 was probably lost',
			],
		]);
	});
});

describe('ItemReader.number', () => {
	it.each([
		['2.25', 2.25],
		[' -0.125 ', -0.125],
		['+10.50', 10.5],
	])(
		'numeric text %p with several decimal digits is read as the number %p (validation then reports a fraction, not text)',
		(text, value) => {
			const reader = new ItemReader(0);
			expect(reader.number(text)).toBe(value);
			expect(reader.problems).toStrictEqual([]);
		},
	);
});

describe('ItemReader.read', () => {
	it('reads a value by its field kind: integers and choices as numbers, novelties and image URLs as objects, any other kind as text', () => {
		const reader = new ItemReader(2);
		expect(reader.read(' 3 ', 'order_details[0].quantity', 'integer')).toBe(3);
		expect(reader.read('2', 'shipping_method', 'choice')).toBe(2);
		expect(
			reader.read('{"novelty":{"sticker":1}}', 'action_after_print', 'novelties'),
		).toStrictEqual({ novelty: { sticker: 1 } });
		expect(reader.read('{"values":[]}', 'order_details[0].image_urls', 'imageUrls')).toStrictEqual({
			values: [],
		});
		expect(reader.read(1.5, 'order_details[0].item_code', 'code')).toBe('1.5');
		expect(reader.read(612345, 'shipping_information.zip_code', 'zip')).toBe('612345');
		expect(reader.problems.map((problem) => [problem.field, problem.itemIndex])).toStrictEqual([
			['shipping_information.zip_code', 2],
		]);
	});

	it('a phone number given as a number is reported only with 9 or 10 digits: a landline or a mobile number without its 0', () => {
		const reader = new ItemReader(0);
		for (const value of [12345678, 312345678, 9012345678, 81312345678])
			reader.read(value, 'shipping_information.phone_number', 'phone');
		expect(reader.problems.map((problem) => problem.message)).toStrictEqual([
			'was given as a number with 9 digits; its leading 0 was probably lost',
			'was given as a number with 10 digits; its leading 0 was probably lost',
		]);
	});
});
