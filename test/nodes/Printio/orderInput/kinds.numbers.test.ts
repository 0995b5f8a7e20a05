/**
 * ItemReader (nodes/Printio/orderInput/kinds.ts): which numbers given for a zip code are reported as having
 * lost a leading 0 (only fewer than 7 digits: a zip code of 9 or 10 digits is not a phone number that lost its 0),
 * and integer fields given as text with more than one decimal digit.
 */
import { ItemReader } from '../../../../nodes/Printio/orderInput/kinds';

describe('ItemReader.text', () => {
	it.each([123456789, 1234567890, 1500002])('a zip code given as the number %p is read as its digits with no lost-0 report', (value) => {
		const reader = new ItemReader(1);
		expect(reader.text(value, 'shipping_information.zip_code', 'zip')).toBe(String(value));
		expect(reader.problems).toStrictEqual([]);
	});

	it('a phone number of 10 digits given as a number is reported, as the zip code of 10 digits is not', () => {
		const reader = new ItemReader(1);
		expect(reader.text(1234567890, 'sender_information.zip_code', 'zip')).toBe('1234567890');
		expect(reader.text(3123456789, 'sender_information.phone_number', 'phone')).toBe('3123456789');
		expect(reader.problems.map((problem) => [problem.field, problem.message])).toStrictEqual([
			['sender_information.phone_number', 'was given as a number with 10 digits; its leading 0 was probably lost'],
		]);
	});
});

describe('ItemReader.number', () => {
	it.each([
		['2.25', 2.25],
		[' -0.125 ', -0.125],
		['+10.50', 10.5],
	])('numeric text %p with several decimal digits is read as the number %p (validation then reports a fraction, not text)', (text, value) => {
		const reader = new ItemReader(0);
		expect(reader.number(text)).toBe(value);
		expect(reader.problems).toStrictEqual([]);
	});
});
