/**
 * Normalisers as properties: each is idempotent (a normalised value stays as it is and reports no rule), and the
 * whole pipeline is too: an order request fed back through readOrderInput comes out unchanged, with no change
 * reported. Inputs mix what people type: full-width and half-width forms, kana, dashes, spaces, 〒, +81.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import {
	connection,
	MAP_COLUMNS,
	parameterContext,
	readAndPrepare as readOrderInput,
} from '../orderRun/fakes';

import {
	normalizeCode,
	normalizeIdentifier,
	normalizeMailAddress,
	normalizeOrderDate,
	normalizePhoneNumber,
	normalizePrefectureName,
	normalizeText,
	normalizeZipCode,
} from '../../../../nodes/Printio/orderInput/normalize';
import { sheetRow } from '../fixtures';

const PIECES = [
	'0',
	'7',
	'１',
	'９',
	'a',
	'Z',
	'ａ',
	'Ｚ',
	'-',
	'－',
	'‐',
	'―',
	'−',
	'ー',
	'ｰ',
	' ',
	'\u3000',
	'\t',
	'\n',
	'〒',
	'+81',
	'+',
	'(',
	')',
	'.',
	'ｶ',
	'ﾞ',
	'ﾟ',
	'ｱ',
	'ア',
	'あ',
	'東京',
	'都',
	'県',
	'＠',
	'@',
	'／',
	'/',
	'年',
	'月',
	'日',
	'Tokyo',
	' to',
	'JP-',
	'13',
	'ﾋﾞﾙ',
];
const typed = fc
	.array(fc.constantFrom(...PIECES), { maxLength: 14 })
	.map((parts) => parts.join(''));

const NORMALIZERS = {
	normalizeText,
	normalizeCode,
	normalizeIdentifier,
	normalizeZipCode,
	normalizePhoneNumber,
	normalizeMailAddress,
	normalizePrefectureName,
	normalizeOrderDate,
};

describe('normalisers', () => {
	it.each(Object.entries(NORMALIZERS))(
		'%s is idempotent: its result normalised again is unchanged, with no rule',
		(_name, normalize) => {
			fc.assert(
				fc.property(fc.oneof(typed, fc.string({ unit: 'binary', maxLength: 12 })), (input) => {
					const once = normalize(input);
					const twice = normalize(once.value);
					expect(twice.value).toBe(once.value);
					expect(twice.rules).toEqual([]);
					// No rule without a change.
					if (once.value === input) expect(once.rules).toEqual([]);
				}),
				// A code split by whitespace (`0\t１`) once became `01`, and 北海道 only on a second pass.
				{ numRuns: 300, examples: [['0\t１'], ['1 3']] },
			);
		},
	);
});

const context = parameterContext(MAP_COLUMNS);
const read = async (json: IDataObject) =>
	(
		await readOrderInput.call(context, [{ json }], 'orderByCode', connection, {
			continueOnFail: true,
			normalize: true,
			addressOverflow: 'carryToAddress2',
		})
	).orders[0];

describe('the pipeline is idempotent', () => {
	it('a valid order request read again is the same request, with no change reported', async () => {
		const digits = (n: number) =>
			fc
				.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n })
				.map((d) => d.join(''));
		const zipArb = digits(7).chain((zip) =>
			fc.constantFrom(
				zip,
				`${zip.slice(0, 3)}-${zip.slice(3)}`,
				`〒${zip.slice(0, 3)}－${zip.slice(3)}`,
				zip.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)),
			),
		);
		const phoneArb = fc
			.integer({ min: 10, max: 11 })
			.chain((n) => fc.tuple(fc.integer({ min: 1, max: 9 }), digits(n - 2)))
			.map(([area, rest]) => `0${area}${rest}`)
			.chain((phone) =>
				fc.constantFrom(
					phone,
					`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`,
					`+81 ${phone.slice(1, 3)}-${phone.slice(3)}`,
				),
			);
		// At most four pieces (32 units at the widest, ガーデン): longer lines can pass what address2 can take.
		const addressArb = fc
			.array(
				fc.constantFrom('神宮前', '1', '-', '2', '－', '３', ' ', 'ｶﾞｰﾃﾞﾝ', 'ビル', 'Bldg', '101'),
				{ minLength: 1, maxLength: 4 },
			)
			.map((parts) => parts.join('').trim() || '神宮前');
		await fc.assert(
			fc.asyncProperty(
				zipArb,
				phoneArb,
				addressArb,
				fc.constantFrom('東京', 'Tokyo', '13', 'JP-13', ' 東京都 '),
				fc.constantFrom('', '2026/11/21', '２０２６年１１月２１日'),
				async (zip, phone, address1, prefecture, date) => {
					const first = await read(
						sheetRow(' IDEM-1 ', {
							shipping_zip_code: zip,
							shipping_phone_number: phone,
							shipping_address1: address1,
							shipping_prefecture_name: prefecture,
							ec_order_date: date,
						}),
					);
					expect(first.problems).toEqual([]);
					// The request as JSON, given as an item by its API names (request-shaped input).
					const again = await read(JSON.parse(JSON.stringify(first.request)));
					expect(again.problems).toEqual([]);
					expect(again.request).toEqual(first.request);
					expect(again.changes).toEqual([]);
				},
			),
			{ numRuns: 150 },
		);
	});
});

describe('what the pipeline sends: normalised text fields', () => {
	/** Pieces of typed text and what each must become; joined by any run of whitespace, sent joined by one space. */
	const PAIRS: Array<[string, string]> = [
		['１２３', '123'],
		['ａｂｃ', 'abc'],
		['ＸＹＺ', 'XYZ'],
		['ｶﾞｰﾃﾞﾝ', 'ガーデン'],
		['ﾊﾟｰｸ', 'パーク'],
		['神宮前', '神宮前'],
		['1－2‐3', '1-2-3'],
		['4―5−6', '4-5-6'],
		['１ー２', '1-2'],
		['7ーA', '7-A'],
		['aーb', 'aーb'],
		['コーポ', 'コーポ'],
		['Bldg', 'Bldg'],
	];
	const SEPARATORS = [' ', '  ', '\u3000', '\t', ' \u3000', '\n'];
	it('municipalities, address lines and names: width, kana and dashes unified, whitespace trimmed and collapsed', async () => {
		await fc.assert(
			fc.asyncProperty(
				// At most three pieces: four of the widest (ガーデン, 8 units) would pass the 32-unit address width.
				fc.array(fc.constantFrom(...PAIRS), { minLength: 1, maxLength: 3 }),
				fc.array(fc.constantFrom(...SEPARATORS), { minLength: 5, maxLength: 5 }),
				fc.constantFrom(
					'shipping_municipalities',
					'shipping_address2',
					'shipping_full_name',
					'sender_address1',
				),
				async (pairs, separators, column) => {
					const given =
						separators[0] +
						pairs
							.map(([typedText], index) => (index ? separators[index] : '') + typedText)
							.join('') +
						separators[4];
					const order = await read(sheetRow('TXT-1', { [column]: given }));
					expect(order.problems).toEqual([]);
					const [block, ...rest] = column.split('_');
					const field = rest.join('_');
					const sent = JSON.parse(JSON.stringify(order.request))[`${block}_information`][field];
					expect(sent).toBe(pairs.map(([, expected]) => expected).join(' '));
				},
			),
			{ numRuns: 300 },
		);
	});

	it("codes typed in full width are sent in ASCII; the shop's own identifiers keep their characters, trimmed", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom(' ', '\u3000', ''),
				fc.constantFrom('ＴＡＧ－１', 'ｔａｇ1', 'A-Ｂ'),
				async (pad, detail) => {
					const order = await read(
						sheetRow(`${pad}ID-Ａ１${pad}`, {
							line_original_item_code: `${pad}ｔ０１００００１${pad}`,
							line_ec_order_detail_no: `${pad}${detail}${pad}`,
						}),
					);
					expect(order.problems).toEqual([]);
					expect(order.request?.ec_order_no).toBe('ID-Ａ１');
					expect(order.request?.order_details[0]).toMatchObject({
						original_item_code: 't0100001',
						ec_order_detail_no: detail,
					});
				},
			),
			{ numRuns: 20 },
		);
	});
});
