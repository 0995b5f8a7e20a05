/**
 * The order normaliser's observable details that the broader tests leave open: the exact rule texts users read in
 * the changes, the field each change names, which empty fields are left out of the request on which operation,
 * the boundaries of the number and date forms, and where the prefecture is split off a whole address.
 */
import fc from 'fast-check';

import {
	change,
	fullWidthAsciiToHalfWidth,
	normalizeCode,
	normalizeNumber,
	normalizeOrder,
	normalizeOrderDate,
	normalizePhoneNumber,
	normalizePrefectureName,
	normalizeText,
	normalizeZipCode,
	RULE_MESSAGES,
	unifyHyphens,
} from '../../../../nodes/Printio/orderInput/normalize';
import type {
	NormalizationChange,
	NormalizationRule,
	OrderDraft,
} from '../../../../nodes/Printio/orderInput/types';

/** The change records normalizeOrder reports: field, rule and the text users read. */
const changes = (...entries: Array<[string, NormalizationRule]>): NormalizationChange[] =>
	entries.map(([field, rule]) => ({ field, rule, message: `${field}: ${RULE_MESSAGES[rule]}` }));

describe('the rule texts users read in the changes', () => {
	it('every rule has its own sentence', () => {
		expect(RULE_MESSAGES).toStrictEqual({
			catalogNameFolded:
				"replaced by the name the item's catalog record lists (case, width, spaces or slug form differed)",
			manufacturerColorName:
				"replaced the manufacturer's colour name (or its slug) by the colour name the item's catalog record lists",
			timestampToApiDate: 'took the calendar date of the timestamp in the API time zone',
			trimmed: 'removed spaces at the start or end',
			whitespaceCollapsed: 'collapsed runs of spaces, tabs or line breaks into one space',
			fullWidthToHalfWidth: 'converted full-width digits, letters or spaces to half-width',
			halfWidthKanaToFullWidth: 'converted half-width katakana to full-width',
			hyphenUnified: 'replaced dash-like characters (－ ‐ ― − and ー between digits) with "-"',
			zipCodeDigitsOnly: 'removed 〒, hyphens and spaces from the zip code',
			phoneDigitsOnly: 'removed hyphens, spaces, dots and parentheses from the phone number',
			countryCodeToDomestic: 'replaced the country code +81 with the domestic leading 0',
			internationalPlusRemoved:
				'removed the leading + of an international number (only digits are allowed)',
			prefectureCompleted: 'added the missing prefecture suffix (都, 道, 府 or 県)',
			prefectureSuffixCorrected: 'replaced a wrong prefecture suffix with the right one',
			prefectureRomanized: 'replaced a prefecture written in Latin letters with its Japanese name',
			prefectureFromCode: 'replaced a prefecture number (13, JP-13, JP13) with its Japanese name',
			prefectureMovedFromMunicipalities:
				'took the prefecture from the start of municipalities (prefecture_name was empty)',
			prefectureRemovedFromMunicipalities:
				'removed the prefecture repeated at the start of municipalities',
			municipalitiesMovedFromPrefecture:
				'moved the text after the prefecture name into municipalities (municipalities was empty)',
			dateFormatted: 'rewrote the date in the form YYYY-MM-DD',
			numberParsed: 'read a number written as text',
			emptyOmitted: 'left out an optional field that was empty',
			addressCarriedToAddress2:
				'moved the part beyond 32 half-width units to the front of address2',
			addressOverflowSentAsIs:
				'is wider than 32 half-width units and is sent as is; the service may cut off the excess',
		});
	});

	it('a change names its field before the rule text', () => {
		expect(change('shipping_information.zip_code', 'zipCodeDigitsOnly')).toStrictEqual({
			field: 'shipping_information.zip_code',
			rule: 'zipCodeDigitsOnly',
			message: 'shipping_information.zip_code: removed 〒, hyphens and spaces from the zip code',
		});
		expect(change('team_id', 'emptyOmitted')).toStrictEqual({
			field: 'team_id',
			rule: 'emptyOmitted',
			message: 'team_id: left out an optional field that was empty',
		});
	});
});

describe('character steps', () => {
	it('ー becomes "-" only with an ASCII letter or digit on both sides, one of them a digit', () => {
		expect(unifyHyphens('1ー2')).toBe('1-2');
		expect(unifyHyphens('7ーA')).toBe('7-A');
		// A digit before, none after: the mark stays (the character after decides, not the one before twice).
		expect(unifyHyphens('3ーホ')).toBe('3ーホ');
		expect(unifyHyphens('12ー')).toBe('12ー');
		expect(unifyHyphens('ホー3')).toBe('ホー3');
		expect(normalizeText('101ーB棟')).toStrictEqual({ value: '101-B棟', rules: ['hyphenUnified'] });
		expect(normalizeText('5ーメゾン')).toStrictEqual({ value: '5ーメゾン', rules: [] });
	});

	it('the ideographic space becomes an ASCII space, not nothing', () => {
		expect(fullWidthAsciiToHalfWidth('ＡＢ\u3000ＣＤ')).toBe('AB CD');
		expect(normalizeCode('t01\u3000x')).toStrictEqual({
			value: 't01 x',
			rules: ['fullWidthToHalfWidth'],
		});
	});

	it('codes: a dash-like character becomes "-", it is not dropped', () => {
		expect(normalizeCode('T‐0100001')).toStrictEqual({
			value: 'T-0100001',
			rules: ['hyphenUnified'],
		});
		expect(normalizeCode('A―B')).toStrictEqual({ value: 'A-B', rules: ['hyphenUnified'] });
	});
});

describe('zip codes and phone numbers', () => {
	it('ー in a zip code is a hyphen, which the digits-only step then removes', () => {
		expect(normalizeZipCode('150ー0001')).toStrictEqual({
			value: '1500001',
			rules: ['hyphenUnified', 'zipCodeDigitsOnly'],
		});
		expect(normalizeZipCode('150ｰ0001')).toStrictEqual({
			value: '1500001',
			rules: ['hyphenUnified', 'zipCodeDigitsOnly'],
		});
		expect(normalizePhoneNumber('03ー1234ー5678')).toStrictEqual({
			value: '0312345678',
			rules: ['hyphenUnified', 'phoneDigitsOnly'],
		});
	});

	it('a dash-like character in a zip code or phone number becomes a hyphen first, then goes with the separators', () => {
		for (const dash of ['‐', '―', '−', '\uFE63']) {
			expect(normalizeZipCode(`150${dash}0001`)).toStrictEqual({
				value: '1500001',
				rules: ['hyphenUnified', 'zipCodeDigitsOnly'],
			});
			expect(normalizePhoneNumber(`03${dash}1234${dash}5678`)).toStrictEqual({
				value: '0312345678',
				rules: ['hyphenUnified', 'phoneDigitsOnly'],
			});
		}
	});

	it('spaces around a zip code are reported as trimmed, inner ones as the digits-only step', () => {
		expect(normalizeZipCode(' 1500001 ')).toStrictEqual({ value: '1500001', rules: ['trimmed'] });
		expect(normalizeZipCode('\t150 0001\n')).toStrictEqual({
			value: '1500001',
			rules: ['trimmed', 'zipCodeDigitsOnly'],
		});
	});

	it('every leading 〒 goes, however many', () => {
		expect(normalizeZipCode('〒〒1500001')).toStrictEqual({
			value: '1500001',
			rules: ['zipCodeDigitsOnly'],
		});
		expect(normalizeZipCode('〒 〒150-0001')).toStrictEqual({
			value: '1500001',
			rules: ['zipCodeDigitsOnly'],
		});
	});
});

describe('prefecture names', () => {
	it('surrounding spaces are reported as trimmed, also before a romanised name or a code is read', () => {
		expect(normalizePrefectureName(' 東京都 ')).toStrictEqual({
			value: '東京都',
			rules: ['trimmed'],
			known: true,
		});
		expect(normalizePrefectureName(' Tokyo ')).toStrictEqual({
			value: '東京都',
			rules: ['trimmed', 'prefectureRomanized'],
			known: true,
		});
		expect(normalizePrefectureName('\t13 ')).toStrictEqual({
			value: '東京都',
			rules: ['trimmed', 'prefectureFromCode'],
			known: true,
		});
		expect(normalizePrefectureName('東京 都')).toStrictEqual({
			value: '東京都',
			rules: ['whitespaceCollapsed'],
			known: true,
		});
	});

	it('a code or a Latin name split by whitespace is read once the whitespace is gone: 1 3 is Tokyo, Kyo to is Kyoto', () => {
		// `Kyo to` is first read as the stem `Kyo` with the suffix `to`, which names no prefecture.
		for (const [input, value, rule] of [
			['1 3', '東京都', 'prefectureFromCode'],
			['0\t1', '北海道', 'prefectureFromCode'],
			['Kyo to', '京都府', 'prefectureRomanized'],
		])
			expect([input, normalizePrefectureName(input)]).toStrictEqual([
				input,
				{ value, rules: ['whitespaceCollapsed', rule], known: true },
			]);
	});
});

describe('order dates (order-by-code)', () => {
	it('spaces around a date are trimmed before the date form is read', () => {
		expect(normalizeOrderDate(' 2026/11/21 ')).toStrictEqual({
			value: '2026-11-21',
			rules: ['trimmed', 'dateFormatted'],
		});
	});

	it('spaces between the parts are allowed; the date must fill the whole text', () => {
		expect(normalizeOrderDate('2026 / 11 / 21 日')).toStrictEqual({
			value: '2026-11-21',
			rules: ['dateFormatted'],
		});
		expect(normalizeOrderDate('2026 年 1 月 5 日')).toStrictEqual({
			value: '2026-01-05',
			rules: ['dateFormatted'],
		});
		for (const text of [
			'x2026/11/21',
			'2026/11/21x',
			'12026/11/21',
			'2026/11/213',
			'on 2026/11/21',
			'2026/11/21 at noon',
		]) {
			expect(normalizeOrderDate(text)).toStrictEqual({ value: text, rules: [] });
		}
	});

	it('property: any whitespace between the parts is read, any other text before or after the date is not', () => {
		const space = fc
			.array(fc.constantFrom(' ', '\t', '\u3000'), { maxLength: 2 })
			.map((parts) => parts.join(''));
		// After the day a digit would be read as part of the day; before the year it is noise too.
		const before = fc.constantFrom('x', 'T', '#', '0', '9');
		const after = fc.constantFrom('x', 'T', '#', '年', '.', '/');
		fc.assert(
			fc.property(space, space, space, space, before, after, (a, b, c, d, head, tail) => {
				const date = `2026${a}/${b}3${c}/${d}9`;
				expect(normalizeOrderDate(date).value).toBe('2026-03-09');
				const plain = fullWidthAsciiToHalfWidth(date);
				expect(normalizeOrderDate(`${head}${plain}`)).toStrictEqual({
					value: `${head}${plain}`,
					rules: [],
				});
				expect(normalizeOrderDate(`${plain}${tail}`)).toStrictEqual({
					value: `${plain}${tail}`,
					rules: [],
				});
			}),
			{ numRuns: 200 },
		);
	});
});

describe('numbers written as text', () => {
	it('a sign and a decimal fraction of any length are read', () => {
		expect(normalizeNumber('+5')).toStrictEqual({ value: 5, rules: ['numberParsed'] });
		expect(normalizeNumber('-3')).toStrictEqual({ value: -3, rules: ['numberParsed'] });
		expect(normalizeNumber('1.25')).toStrictEqual({ value: 1.25, rules: ['numberParsed'] });
		expect(normalizeNumber(' ２ ')).toStrictEqual({
			value: 2,
			rules: ['fullWidthToHalfWidth', 'numberParsed'],
		});
	});

	it('text that only starts or ends like a number stays as it is', () => {
		for (const text of ['x12', '12x', '1 2', '1.', '.5', '++1', '1.2.3', 'No. 3', '3 pcs']) {
			expect(normalizeNumber(text)).toStrictEqual({ value: text, rules: [] });
		}
	});
});

describe('normalizeOrder: which fields are touched and reported', () => {
	it('absent numbers stay absent (no key with undefined)', () => {
		const { order, changes: reported } = normalizeOrder({ ec_order_no: 'A-1' }, 'orderByCode');
		expect(order).toStrictEqual({ ec_order_no: 'A-1' });
		expect(reported).toStrictEqual([]);
		expect('retailer_id' in order).toBe(false);
		expect('shipping_method' in order).toBe(false);
	});

	it('an empty team_id is left out and reported; a given one is kept', () => {
		expect(normalizeOrder({ team_id: '  ' }, 'orderByCode')).toStrictEqual({
			order: {},
			changes: changes(['team_id', 'trimmed'], ['team_id', 'emptyOmitted']),
		});
		expect(normalizeOrder({ team_id: '' }, 'orderByCode')).toStrictEqual({
			order: {},
			changes: changes(['team_id', 'emptyOmitted']),
		});
		expect(normalizeOrder({ team_id: 'T1' }, 'orderByCode')).toStrictEqual({
			order: { team_id: 'T1' },
			changes: [],
		});
	});

	it('order-by-code leaves an empty date out; order-with-image keeps it (sent as null there)', () => {
		expect(normalizeOrder({ ec_order_date: ' ' }, 'orderByCode')).toStrictEqual({
			order: {},
			changes: changes(['ec_order_date', 'trimmed'], ['ec_order_date', 'emptyOmitted']),
		});
		expect(normalizeOrder({ ec_order_date: '' }, 'orderWithImage')).toStrictEqual({
			order: { ec_order_date: '' },
			changes: [],
		});
		expect(normalizeOrder({ ec_order_date: ' ' }, 'orderWithImage')).toStrictEqual({
			order: { ec_order_date: '' },
			changes: changes(['ec_order_date', 'trimmed']),
		});
	});

	it('order-with-image: a shop timestamp becomes its date, reported as such', () => {
		expect(
			normalizeOrder({ ec_order_date: '2025-03-08T05:27:51Z' }, 'orderWithImage'),
		).toStrictEqual({
			order: { ec_order_date: '2025-03-08' },
			changes: changes(['ec_order_date', 'timestampToApiDate']),
		});
		expect(
			normalizeOrder({ ec_order_date: '2025-03-08T20:00:00Z' }, 'orderWithImage', {
				timeZones: { api: 'Asia/Tokyo', input: 'UTC' },
			}),
		).toStrictEqual({
			order: { ec_order_date: '2025-03-09' },
			changes: changes(['ec_order_date', 'timestampToApiDate']),
		});
	});

	it('an address block that is not an object is passed on as it is', () => {
		for (const value of [null, 'Tokyo', ['東京都'], 42]) {
			const draft = { shipping_information: value } as unknown as OrderDraft;
			expect(normalizeOrder(draft, 'orderByCode')).toStrictEqual({
				order: { shipping_information: value },
				changes: [],
			});
		}
	});

	it('only address2 and mail_address are left out when empty; required address fields stay, empty', () => {
		const draft: OrderDraft = {
			shipping_information: {
				full_name: ' ',
				zip_code: '',
				prefecture_name: '',
				municipalities: '',
				address1: '',
				phone_number: '',
				address2: ' ',
				mail_address: '',
			},
			sender_information: { full_name: '', item_name: '' },
		};
		expect(normalizeOrder(draft, 'orderByCode')).toStrictEqual({
			order: {
				shipping_information: {
					full_name: '',
					zip_code: '',
					prefecture_name: '',
					municipalities: '',
					address1: '',
					phone_number: '',
				},
				sender_information: { full_name: '', item_name: '' },
			},
			changes: changes(
				['shipping_information.full_name', 'trimmed'],
				['shipping_information.address2', 'trimmed'],
				['shipping_information.address2', 'emptyOmitted'],
				['shipping_information.mail_address', 'emptyOmitted'],
			),
		});
	});

	it('novelty counts given as text are read, each change named by its novelty', () => {
		expect(
			normalizeOrder(
				{ action_after_print: { novelty: { sticker: '２', card: 1 } } },
				'orderByCode',
			),
		).toStrictEqual({
			order: { action_after_print: { novelty: { sticker: 2, card: 1 } } },
			changes: changes(
				['action_after_print.novelty.sticker', 'fullWidthToHalfWidth'],
				['action_after_print.novelty.sticker', 'numberParsed'],
			),
		});
	});
});

describe('normalizeOrder: order lines', () => {
	it('order-by-code: an empty item code of either kind and an empty detail number are left out; colour and size stay', () => {
		const draft: OrderDraft = {
			order_details: [
				{
					original_item_code: ' ',
					ec_original_item_code: 'MY-1',
					ec_order_detail_no: '',
					color: ' ',
					size: '',
					quantity: '1',
				},
			],
		};
		expect(normalizeOrder(draft, 'orderByCode')).toStrictEqual({
			order: {
				order_details: [{ ec_original_item_code: 'MY-1', color: '', size: '', quantity: 1 }],
			},
			changes: changes(
				['order_details[0].original_item_code', 'trimmed'],
				['order_details[0].original_item_code', 'emptyOmitted'],
				['order_details[0].color', 'trimmed'],
				['order_details[0].ec_order_detail_no', 'emptyOmitted'],
				['order_details[0].quantity', 'numberParsed'],
			),
		});
		expect(
			normalizeOrder(
				{ order_details: [{ original_item_code: 'T1', ec_original_item_code: '' }] },
				'orderByCode',
			),
		).toStrictEqual({
			order: { order_details: [{ original_item_code: 'T1' }] },
			changes: changes(['order_details[0].ec_original_item_code', 'emptyOmitted']),
		});
	});

	it('order-with-image: an empty detail number and an empty item code stay (sent as the spec shows)', () => {
		const draft: OrderDraft = {
			order_details: [{ item_code: '', ec_order_detail_no: ' ', color: 'ＲＥＤ', size: 'M' }],
		};
		expect(normalizeOrder(draft, 'orderWithImage')).toStrictEqual({
			order: {
				order_details: [{ item_code: '', ec_order_detail_no: '', color: 'RED', size: 'M' }],
			},
			changes: changes(
				['order_details[0].color', 'fullWidthToHalfWidth'],
				['order_details[0].ec_order_detail_no', 'trimmed'],
			),
		});
	});

	it('order-level and address keys found in a line are not normalised there (only line fields are)', () => {
		const line = {
			original_item_code: 'T1',
			ec_order_no: ' A-1 ',
			team_id: '',
			full_name: ' ＡＢ ',
			zip_code: '〒150-0001',
			item_name: ' ',
		};
		const draft = { order_details: [line] } as unknown as OrderDraft;
		for (const operation of ['orderByCode', 'orderWithImage'] as const) {
			expect(normalizeOrder(draft, operation)).toStrictEqual({
				order: { order_details: [{ ...line }] },
				changes: [],
			});
		}
	});

	it('a line without quantity gets none', () => {
		const { order } = normalizeOrder(
			{ order_details: [{ original_item_code: 'T1', color: 'Red', size: 'M' }] },
			'orderByCode',
		);
		expect(order).toStrictEqual({
			order_details: [{ original_item_code: 'T1', color: 'Red', size: 'M' }],
		});
		expect('quantity' in (order.order_details?.[0] ?? {})).toBe(false);
	});
});

describe('normalizeOrder: the prefecture split off a whole address', () => {
	const split = (block: OrderDraft['shipping_information']) =>
		normalizeOrder({ shipping_information: block }, 'orderByCode');

	it('prefecture in municipalities, prefecture_name empty: moved, the change named by the block and field', () => {
		expect(split({ prefecture_name: '', municipalities: '東京都渋谷区' })).toStrictEqual({
			order: { shipping_information: { prefecture_name: '東京都', municipalities: '渋谷区' } },
			changes: changes([
				'shipping_information.prefecture_name',
				'prefectureMovedFromMunicipalities',
			]),
		});
		expect(
			normalizeOrder(
				{ sender_information: { prefecture_name: '東京都', municipalities: '東京都 渋谷区' } },
				'orderByCode',
			),
		).toStrictEqual({
			order: { sender_information: { prefecture_name: '東京都', municipalities: '渋谷区' } },
			changes: changes([
				'sender_information.municipalities',
				'prefectureRemovedFromMunicipalities',
			]),
		});
	});

	it('municipalities that are just a prefecture name are not split', () => {
		expect(split({ prefecture_name: '', municipalities: '東京都' })).toStrictEqual({
			order: { shipping_information: { prefecture_name: '', municipalities: '東京都' } },
			changes: [],
		});
		expect(split({ municipalities: '大阪府' })).toStrictEqual({
			order: { shipping_information: { municipalities: '大阪府' } },
			changes: [],
		});
	});

	it('a prefecture_name that is just the prefecture gets no municipalities from it', () => {
		expect(split({ prefecture_name: '東京都', municipalities: '' })).toStrictEqual({
			order: { shipping_information: { prefecture_name: '東京都', municipalities: '' } },
			changes: [],
		});
		expect(split({ prefecture_name: '北海道' })).toStrictEqual({
			order: { shipping_information: { prefecture_name: '北海道' } },
			changes: [],
		});
		expect(split({ prefecture_name: '東京都渋谷区', municipalities: '' })).toStrictEqual({
			order: { shipping_information: { prefecture_name: '東京都', municipalities: '渋谷区' } },
			changes: changes([
				'shipping_information.municipalities',
				'municipalitiesMovedFromPrefecture',
			]),
		});
	});
});

describe('normalizeOrder: the order of the change list across parts', () => {
	it('address blocks are reported after the order-level numbers, identifiers and date, and before the novelties', () => {
		const draft: OrderDraft = {
			retailer_id: '7',
			ec_order_no: ' A ',
			ec_order_date: '2026/11/21',
			shipping_information: { full_name: ' Taro ' },
			action_after_print: { novelty: { sticker: '2' } },
		};
		expect(normalizeOrder(draft, 'orderByCode').changes).toStrictEqual(
			changes(
				['retailer_id', 'numberParsed'],
				['ec_order_no', 'trimmed'],
				['ec_order_date', 'dateFormatted'],
				['shipping_information.full_name', 'trimmed'],
				['action_after_print.novelty.sticker', 'numberParsed'],
			),
		);
	});

	it('a line reports its text, then its quantity, then its image URLs', () => {
		const draft: OrderDraft = {
			order_details: [
				{
					image_urls: {
						values: [
							{ position: 'front', urls: [{ type: 'Output', url: ' https://x.example/a.png ' }] },
						],
					},
					quantity: '2',
					item_code: ' I1 ',
				},
			],
		};
		expect(normalizeOrder(draft, 'orderWithImage').changes).toStrictEqual(
			changes(
				['order_details[0].item_code', 'trimmed'],
				['order_details[0].quantity', 'numberParsed'],
				['order_details[0].image_urls.values[0].urls[0].url', 'trimmed'],
			),
		);
	});

	it('a line that is not an object is passed on as it is, for validation to report', () => {
		const lines = ['t1', null, 3, ['x']];
		const { order, changes: reported } = normalizeOrder(
			{ order_details: lines as never },
			'orderByCode',
		);
		expect(order.order_details).toStrictEqual(['t1', null, 3, ['x']]);
		expect(reported).toStrictEqual([]);
	});
});
