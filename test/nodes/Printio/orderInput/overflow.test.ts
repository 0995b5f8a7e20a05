/**
 * Address lines over the spec's width (32 half-width units; how wide a text counts: test/api/width.test.ts): where
 * an over-wide address1 is broken (at the width, or at a space that keeps at least half the line), and what
 * address2 becomes when the rest is carried there (a space only between ASCII letters or digits).
 */
import fc from 'fast-check';

import { LIMITS } from '../../../../api/limits';
import { addressWidth } from '../../../../api/width';
import {
	applyAddressOverflow,
	applyOrderAddressOverflow,
	splitAddressLine,
} from '../../../../nodes/Printio/orderInput/overflow';

/** 16 full-width characters: exactly the limit. */
const FULL_LINE = '東京都渋谷区道玄坂一丁目二番三号';

describe('splitAddressLine', () => {
	it('a line within the limit is not broken, whatever spaces it holds', () => {
		expect(splitAddressLine('Shibuya-ku Dogenzaka 1-2-3')).toStrictEqual({
			head: 'Shibuya-ku Dogenzaka 1-2-3',
			tail: '',
		});
		expect(splitAddressLine(`${'A'.repeat(20)} ${'B'.repeat(11)}`)).toStrictEqual({
			head: `${'A'.repeat(20)} ${'B'.repeat(11)}`,
			tail: '',
		});
		expect(splitAddressLine('')).toStrictEqual({ head: '', tail: '' });
	});

	it('a break that falls on a space drops the space, nothing more moves', () => {
		const head = `${'A'.repeat(20)} ${'B'.repeat(11)}`;
		expect(splitAddressLine(`${head} CCC`)).toStrictEqual({ head, tail: 'CCC' });
		expect(splitAddressLine(`${'a'.repeat(32)}   XYZ`)).toStrictEqual({
			head: 'a'.repeat(32),
			tail: 'XYZ',
		});
		expect(splitAddressLine(`${FULL_LINE} メゾン101`)).toStrictEqual({
			head: FULL_LINE,
			tail: 'メゾン101',
		});
	});

	it('otherwise the break moves back to the last space that keeps half the line, the spaces there dropped', () => {
		expect(splitAddressLine(`${'A'.repeat(18)}  ${'B'.repeat(20)}`)).toStrictEqual({
			head: 'A'.repeat(18),
			tail: 'B'.repeat(20),
		});
		expect(splitAddressLine('Dogenzaka 1-2-3 Shibuya Mark City West 12F')).toStrictEqual({
			head: 'Dogenzaka 1-2-3 Shibuya Mark',
			tail: 'City West 12F',
		});
		// A space too early (less than half the line before it): broken at the width.
		expect(splitAddressLine(`AB ${'C'.repeat(40)}`)).toStrictEqual({
			head: `AB ${'C'.repeat(29)}`,
			tail: 'C'.repeat(11),
		});
	});

	it('property: head within the limit, nothing but spaces lost, no space at the break, a fitting line unbroken', () => {
		const piece = fc.constantFrom('A', 'b', '1', '-', ' ', '  ', '東', 'ビル', 'ｱ', '号');
		fc.assert(
			fc.property(
				fc.array(piece, { maxLength: 40 }).map((parts) => parts.join('').replace(/^ +/, '')),
				(text) => {
					const { head, tail } = splitAddressLine(text);
					expect(addressWidth(head)).toBeLessThanOrEqual(LIMITS.addressWidth);
					expect((head + tail).replace(/ /g, '')).toBe(text.replace(/ /g, ''));
					if (addressWidth(text) <= LIMITS.addressWidth) {
						expect({ head, tail }).toStrictEqual({ head: text, tail: '' });
					} else {
						expect(head.endsWith(' ')).toBe(false);
						expect(tail.startsWith(' ')).toBe(false);
						expect(head).toBe(text.slice(0, head.length));
					}
				},
			),
			{ numRuns: 500 },
		);
	});
});

describe('applyAddressOverflow: carryToAddress2', () => {
	const carry = (address1: string, address2?: string) =>
		applyAddressOverflow(
			{ full_name: 'N', address1, ...(address2 === undefined ? {} : { address2 }) },
			'carryToAddress2',
			'shipping_information',
		);
	const carried = (address1: string, address2: string) => ({
		block: { full_name: 'N', address1, address2 },
		changes: [
			{
				field: 'shipping_information.address1',
				rule: 'addressCarriedToAddress2',
				message:
					'shipping_information.address1: moved the part beyond 32 half-width units to the front of address2',
			},
		],
	});

	it('the rest joins address2 directly, with a space only between an ASCII letter or digit on both sides', () => {
		expect(carry(`${FULL_LINE}A棟`, '101')).toStrictEqual(carried(FULL_LINE, 'A棟101'));
		expect(carry(`${FULL_LINE}Bldg`, '棟101')).toStrictEqual(carried(FULL_LINE, 'Bldg棟101'));
		expect(carry(`${FULL_LINE}Bldg`, '1F棟')).toStrictEqual(carried(FULL_LINE, 'Bldg 1F棟'));
		expect(carry(`${FULL_LINE}ビル`, '101')).toStrictEqual(carried(FULL_LINE, 'ビル101'));
		expect(carry(`${FULL_LINE}ビル`, '')).toStrictEqual(carried(FULL_LINE, 'ビル'));
		expect(carry(`${FULL_LINE}5`)).toStrictEqual(carried(FULL_LINE, '5'));
	});

	it('property: the first line keeps at most 32 units, address2 gets the rest in front of what it had', () => {
		const word = fc.constantFrom('Bldg', '101', 'ハイツ', '棟', 'A', '2F');
		fc.assert(
			fc.property(word, word, (rest, address2) => {
				const result = carry(`${FULL_LINE}${rest}`, address2);
				const join = /[0-9A-Za-z]$/.test(rest) && /^[0-9A-Za-z]/.test(address2) ? ' ' : '';
				expect(result).toStrictEqual(carried(FULL_LINE, `${rest}${join}${address2}`));
			}),
		);
	});

	it('no address1 or a fitting one: nothing changes', () => {
		const block = { full_name: 'N', address2: 'ビル' };
		expect(applyAddressOverflow(block, 'carryToAddress2', 'sender_information')).toStrictEqual({
			block,
			changes: [],
		});
		expect(applyAddressOverflow(block, 'sendAsIs', 'sender_information')).toStrictEqual({
			block,
			changes: [],
		});
	});
});

describe('applyOrderAddressOverflow: sendAsIs', () => {
	it('reports each over-wide line of both blocks with the text users read, and changes nothing', () => {
		const order = {
			shipping_information: { address1: `${FULL_LINE}A`, address2: 'ok' },
			sender_information: { address1: 'ok', address2: `${FULL_LINE}号` },
		};
		expect(applyOrderAddressOverflow(order, 'sendAsIs')).toStrictEqual({
			order,
			changes: [
				{
					field: 'shipping_information.address1',
					rule: 'addressOverflowSentAsIs',
					message:
						'shipping_information.address1: is wider than 32 half-width units and is sent as is; the service may cut off the excess',
				},
				{
					field: 'sender_information.address2',
					rule: 'addressOverflowSentAsIs',
					message:
						'sender_information.address2: is wider than 32 half-width units and is sent as is; the service may cut off the excess',
				},
			],
		});
	});
});
