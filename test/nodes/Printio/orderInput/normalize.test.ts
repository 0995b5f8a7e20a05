import { addressWidth } from '../../../../api/width';
import { applyAddressOverflow } from '../../../../nodes/Printio/orderInput/overflow';
import {
	normalizeCode,
	normalizeIdentifier,
	normalizeMailAddress,
	normalizeNumber,
	normalizeOrder,
	normalizeOrderDate,
	normalizePhoneNumber,
	normalizePrefectureName,
	normalizeText,
	normalizeZipCode,
	unifyHyphens,
} from '../../../../nodes/Printio/orderInput/normalize';
import { PREFECTURES, resolvePrefecture } from '../../../../nodes/Printio/orderInput/prefectures';
import { validateOrder } from '../../../../nodes/Printio/orderInput/validate';
import { byCodeOrder, withImageOrder } from './fixtures';

describe('normalizeText', () => {
	it.each([
		['full-width digits', '渋谷２丁目２１', '渋谷2丁目21', ['fullWidthToHalfWidth']],
		['full-width letters', 'ＡＢＣビル　ｂ棟', 'ABCビル b棟', ['fullWidthToHalfWidth']],
		['full-width hyphen', '２－２１－１', '2-21-1', ['fullWidthToHalfWidth', 'hyphenUnified']],
		[
			'ー used as hyphen between digits',
			'２ー２１ー１',
			'2-21-1',
			['fullWidthToHalfWidth', 'hyphenUnified'],
		],
		['ー in katakana stays', 'コーポ１０１', 'コーポ101', ['fullWidthToHalfWidth']],
		['ー between digit and letter', '101ーB', '101-B', ['hyphenUnified']],
		['ー after katakana before digit stays', 'ビルー1', 'ビルー1', []],
		['‐ hyphen', '1‐2‐3', '1-2-3', ['hyphenUnified']],
		['― horizontal bar', '1―2', '1-2', ['hyphenUnified']],
		['− minus sign', '1−2', '1-2', ['hyphenUnified']],
		['– en dash', '1–2', '1-2', ['hyphenUnified']],
		['ideographic space', '山田　太郎', '山田 太郎', ['fullWidthToHalfWidth']],
		['trim', '  渋谷区 ', '渋谷区', ['trimmed']],
		['collapse', '渋谷区\t\n 神南', '渋谷区 神南', ['whitespaceCollapsed']],
		['half-width kana', 'ｻﾝｼｬｲﾝﾏﾝｼｮﾝ', 'サンシャインマンション', ['halfWidthKanaToFullWidth']],
		['half-width kana with voiced marks', 'ｶﾞｰﾃﾞﾝ', 'ガーデン', ['halfWidthKanaToFullWidth']],
		['unchanged', '渋谷2-21-1', '渋谷2-21-1', []],
		['full-width parentheses stay', '（株）テスト', '（株）テスト', []],
	])('%s', (_name, input, expected, rules) => {
		const result = normalizeText(input);
		expect(result.value).toBe(expected);
		expect(result.rules).toEqual(rules);
	});

	it('is idempotent', () => {
		for (const input of ['　２ー２１ー１　ｶﾞｰﾃﾞﾝ　', 'ＡＢＣ－１０１', '1―2']) {
			const once = normalizeText(input).value;
			expect(normalizeText(once)).toEqual({ value: once, rules: [] });
		}
	});

	it('unifyHyphens needs a digit next to ー', () => {
		expect(unifyHyphens('AーB')).toBe('AーB');
		expect(unifyHyphens('1ー2')).toBe('1-2');
	});
});

describe('normalizeZipCode', () => {
	it.each([
		['123-4567', '1234567'],
		['１２３－４５６７', '1234567'],
		['〒123-4567', '1234567'],
		['〒１２３ー４５６７', '1234567'],
		[' 123 4567 ', '1234567'],
		['123‐4567', '1234567'],
		['123−4567', '1234567'],
		['1234567', '1234567'],
		['12a-4567', '12a4567'],
	])('%s → %s', (input, expected) => {
		expect(normalizeZipCode(input).value).toBe(expected);
	});

	it('reports nothing when nothing changed', () => {
		expect(normalizeZipCode('1234567').rules).toEqual([]);
		expect(normalizeZipCode('１２３－４５６７').rules).toEqual([
			'fullWidthToHalfWidth',
			'zipCodeDigitsOnly',
		]);
		expect(normalizeZipCode('123ー4567').rules).toEqual(['hyphenUnified', 'zipCodeDigitsOnly']);
	});
});

describe('normalizePhoneNumber', () => {
	it.each([
		['03-1234-5678', '0312345678', ['phoneDigitsOnly']],
		['０３－１２３４－５６７８', '0312345678', ['fullWidthToHalfWidth', 'phoneDigitsOnly']],
		['(03) 1234-5678', '0312345678', ['phoneDigitsOnly']],
		['090.1234.5678', '09012345678', ['phoneDigitsOnly']],
		['０３（１２３４）５６７８', '0312345678', ['fullWidthToHalfWidth', 'phoneDigitsOnly']],
		['090ｰ1234ｰ5678', '09012345678', ['hyphenUnified', 'phoneDigitsOnly']],
		['090ー1234ー5678', '09012345678', ['hyphenUnified', 'phoneDigitsOnly']],
		['+81 3-1234-5678', '0312345678', ['countryCodeToDomestic', 'phoneDigitsOnly']],
		['+81 (0)3-1234-5678', '0312345678', ['countryCodeToDomestic', 'phoneDigitsOnly']],
		['+819012345678', '09012345678', ['countryCodeToDomestic']],
		[
			'＋８１　９０－１２３４－５６７８',
			'09012345678',
			['fullWidthToHalfWidth', 'countryCodeToDomestic', 'phoneDigitsOnly'],
		],
		['+1 212 555 0100', '12125550100', ['phoneDigitsOnly', 'internationalPlusRemoved']],
		['0312345678', '0312345678', []],
		['03-1234-5678 内線12', '0312345678内線12', ['phoneDigitsOnly']],
	])('%s → %s', (input, expected, rules) => {
		const result = normalizePhoneNumber(input);
		expect(result.value).toBe(expected);
		expect(result.rules).toEqual(rules);
	});
});

describe('prefectures', () => {
	it('has 47 distinct names, each with its suffix', () => {
		expect(PREFECTURES).toHaveLength(47);
		expect(new Set(PREFECTURES).size).toBe(47);
		for (const name of PREFECTURES) expect(name).toMatch(/[都道府県]$/);
		expect(PREFECTURES.filter((name) => name.endsWith('都'))).toEqual(['東京都']);
		expect(PREFECTURES.filter((name) => name.endsWith('道'))).toEqual(['北海道']);
		expect(PREFECTURES.filter((name) => name.endsWith('府'))).toEqual(['京都府', '大阪府']);
	});

	it.each(PREFECTURES.map((name) => [name]))('%s stays as it is', (name) => {
		expect(normalizePrefectureName(name)).toEqual({ value: name, rules: [], known: true });
	});

	it.each(PREFECTURES.filter((name) => name !== '北海道').map((name) => [name.slice(0, -1), name]))(
		'%s is completed to %s',
		(stem, name) => {
			expect(normalizePrefectureName(stem)).toEqual({
				value: name,
				rules: ['prefectureCompleted'],
				known: true,
			});
		},
	);

	it.each([
		['東京', '東京都', 'prefectureCompleted'],
		['大阪', '大阪府', 'prefectureCompleted'],
		['京都', '京都府', 'prefectureCompleted'],
		['大阪県', '大阪府', 'prefectureSuffixCorrected'],
		['東京府', '東京都', 'prefectureSuffixCorrected'],
		['京都県', '京都府', 'prefectureSuffixCorrected'],
		['神奈川都', '神奈川県', 'prefectureSuffixCorrected'],
	])('%s → %s', (input, expected, rule) => {
		const result = normalizePrefectureName(input);
		expect(result.value).toBe(expected);
		expect(result.rules).toContain(rule);
		expect(result.known).toBe(true);
	});

	it.each([
		['北海'],
		['京都市'],
		['大阪市'],
		['東'],
		['Tokio'],
		['Tokyo-shi'],
		['JP-48'],
		['0'],
		['JP-00'],
		['USA-13'],
		['東京都渋谷区'],
		[''],
	])('%s is not a prefecture', (input) => {
		const result = normalizePrefectureName(input);
		expect(result.known).toBe(false);
		expect(result.value).toBe(input);
		expect(resolvePrefecture(input).kind).toBe('unknown');
	});

	it('removes spaces inside and around the name before resolving', () => {
		expect(normalizePrefectureName(' 東京　都 ')).toMatchObject({ value: '東京都', known: true });
		expect(normalizePrefectureName('神奈川 ')).toMatchObject({ value: '神奈川県', known: true });
	});
});

describe('other field normalisers', () => {
	it.each([
		['2026/11/21', '2026-11-21'],
		['2026/1/5', '2026-01-05'],
		['2026.11.21', '2026-11-21'],
		['2026年11月21日', '2026-11-21'],
		['２０２６－１１－２１', '2026-11-21'],
		['2026-11-21', '2026-11-21'],
		['21/11/2026', '21/11/2026'],
	])('date %s → %s', (input, expected) => {
		expect(normalizeOrderDate(input).value).toBe(expected);
	});

	it.each([
		['２', 2, ['fullWidthToHalfWidth', 'numberParsed']],
		[' 3 ', 3, ['numberParsed']],
		['1.5', 1.5, ['numberParsed']],
		['two', 'two', []],
		[4, 4, []],
	])('number %p → %p', (input, expected, rules) => {
		expect(normalizeNumber(input)).toEqual({ value: expected, rules });
	});

	it('codes are converted to ASCII, identifiers only trimmed', () => {
		expect(normalizeCode(' ＯＧＢ－９１０ ').value).toBe('OGB-910');
		expect(normalizeIdentifier(' ＥＣ－１ ').value).toBe('ＥＣ－１');
	});

	it('mail addresses are converted to ASCII and trimmed, case kept', () => {
		expect(normalizeMailAddress(' Taro＠Example.jp ').value).toBe('Taro@Example.jp');
	});
});

describe('address overflow policies', () => {
	const fits = 'あ'.repeat(16); // 32 units exactly
	const tooWide = `${'あ'.repeat(16)}い`; // 34 units

	it.each([['fail'], ['carryToAddress2'], ['sendAsIs']] as const)(
		'%s leaves an address that fits alone',
		(policy) => {
			const block = { address1: fits, address2: 'b' };
			expect(applyAddressOverflow(block, policy, 'shipping_information')).toEqual({
				block,
				changes: [],
			});
		},
	);

	it('fail leaves an over-wide line for validation to report', () => {
		const block = { address1: tooWide };
		expect(applyAddressOverflow(block, 'fail', 'shipping_information')).toEqual({
			block,
			changes: [],
		});
		const order = byCodeOrder();
		order.shipping_information = { ...order.shipping_information, address1: tooWide };
		const problems = validateOrder(order, 'orderByCode', { addressOverflow: 'fail' });
		expect(problems).toEqual([
			expect.objectContaining({
				field: 'shipping_information.address1',
				message: expect.stringContaining('34'),
			}),
		]);
	});

	it('carryToAddress2 moves the rest to the front of address2', () => {
		const result = applyAddressOverflow(
			{ address1: tooWide, address2: '101号室' },
			'carryToAddress2',
			'shipping_information',
		);
		expect(result.block.address1).toBe(fits);
		expect(result.block.address2).toBe('い101号室');
		expect(result.changes).toEqual([
			expect.objectContaining({
				field: 'shipping_information.address1',
				rule: 'addressCarriedToAddress2',
			}),
		]);
	});

	it('carryToAddress2 creates address2 when there is none', () => {
		const result = applyAddressOverflow(
			{ address1: tooWide },
			'carryToAddress2',
			'sender_information',
		);
		expect(result.block).toEqual({ address1: fits, address2: 'い' });
	});

	it('carryToAddress2 prefers a space so a building name moves whole', () => {
		const address1 = '渋谷二丁目21番1号 サンシャインマンション';
		expect(addressWidth(address1)).toBeGreaterThan(32);
		const result = applyAddressOverflow({ address1 }, 'carryToAddress2', 'shipping_information');
		expect(result.block).toEqual({
			address1: '渋谷二丁目21番1号',
			address2: 'サンシャインマンション',
		});
	});

	it('carryToAddress2 keeps ASCII words apart when joining', () => {
		const address1 = `${'x'.repeat(32)}Bldg`;
		const result = applyAddressOverflow(
			{ address1, address2: '101' },
			'carryToAddress2',
			'shipping_information',
		);
		expect(result.block).toEqual({ address1: 'x'.repeat(32), address2: 'Bldg 101' });
	});

	it('carryToAddress2 fails (validation) when address2 would overflow, and moves nothing', () => {
		const block = { address1: tooWide, address2: 'う'.repeat(16) };
		const result = applyAddressOverflow(block, 'carryToAddress2', 'shipping_information');
		expect(result).toEqual({ block, changes: [] });
		const order = byCodeOrder();
		order.shipping_information = { ...order.shipping_information, ...block };
		const problems = validateOrder(order, 'orderByCode', { addressOverflow: 'carryToAddress2' });
		expect(problems).toEqual([
			expect.objectContaining({
				field: 'shipping_information.address1',
				fix: expect.stringContaining('even with the overflow carried over'),
			}),
		]);
	});

	it('carryToAddress2 still fails an address2 that is too wide on its own', () => {
		const order = byCodeOrder();
		order.sender_information = { ...order.sender_information, address2: 'う'.repeat(17) };
		const problems = validateOrder(order, 'orderByCode', { addressOverflow: 'carryToAddress2' });
		expect(problems.map((p) => p.field)).toEqual(['sender_information.address2']);
	});

	it('sendAsIs changes nothing, notes each over-wide line, and validation lets it through', () => {
		const block = { address1: tooWide, address2: 'う'.repeat(17) };
		const result = applyAddressOverflow(block, 'sendAsIs', 'shipping_information');
		expect(result.block).toBe(block);
		expect(result.changes.map((c) => [c.field, c.rule])).toEqual([
			['shipping_information.address1', 'addressOverflowSentAsIs'],
			['shipping_information.address2', 'addressOverflowSentAsIs'],
		]);
		const order = byCodeOrder();
		order.shipping_information = { ...order.shipping_information, ...block };
		expect(validateOrder(order, 'orderByCode', { addressOverflow: 'sendAsIs' })).toEqual([]);
	});
});

describe('normalizeOrder', () => {
	it('cleans a whole order typed with full-width characters', () => {
		const order = byCodeOrder();
		order.ec_order_date = '２０２６／１１／２１';
		order.retailer_id = '１';
		order.shipping_information = {
			zip_code: '〒１５０－０００２',
			prefecture_name: '東京',
			municipalities: '渋谷区　',
			address1: '渋谷２ー２１ー１',
			address2: '　',
			full_name: '山田　太郎',
			phone_number: '＋８１ ３－１２３４－５６７８',
			mail_address: '',
		};
		order.order_details = [
			{ original_item_code: 'ｔ０１００００１', quantity: '２', color: 'ﾎﾜｲﾄ', size: 'Ｍ' },
		];
		const { order: result, changes } = normalizeOrder(order, 'orderByCode');
		expect(result.retailer_id).toBe(1);
		expect(result.ec_order_date).toBe('2026-11-21');
		expect(result.shipping_information).toEqual({
			zip_code: '1500002',
			prefecture_name: '東京都',
			municipalities: '渋谷区',
			address1: '渋谷2-21-1',
			full_name: '山田 太郎',
			phone_number: '0312345678',
		});
		expect(result.order_details).toEqual([
			{ original_item_code: 't0100001', quantity: 2, color: 'ホワイト', size: 'M' },
		]);
		expect(validateOrder(result, 'orderByCode')).toEqual([]);
		const fields = changes.map((c) => `${c.field}:${c.rule}`);
		expect(fields).toEqual(
			expect.arrayContaining([
				'shipping_information.prefecture_name:prefectureCompleted',
				'shipping_information.zip_code:zipCodeDigitsOnly',
				'shipping_information.phone_number:countryCodeToDomestic',
				'shipping_information.address2:emptyOmitted',
				'shipping_information.mail_address:emptyOmitted',
				'order_details[0].quantity:numberParsed',
				'order_details[0].color:halfWidthKanaToFullWidth',
				'ec_order_date:dateFormatted',
			]),
		);
		for (const entry of changes) {
			expect(entry.message.startsWith(`${entry.field}: `)).toBe(true);
		}
	});

	it('leaves the input untouched (pure)', () => {
		const order = byCodeOrder();
		order.shipping_information = { ...order.shipping_information, zip_code: '150-0002' };
		const copy = JSON.parse(JSON.stringify(order));
		normalizeOrder(order, 'orderByCode');
		expect(order).toEqual(copy);
	});

	it('can be switched off as a whole', () => {
		const order = byCodeOrder();
		order.shipping_information = {
			...order.shipping_information,
			zip_code: '150-0002',
			prefecture_name: '東京',
		};
		const result = normalizeOrder(order, 'orderByCode', { enabled: false });
		expect(result).toEqual({ order, changes: [] });
		expect(validateOrder(result.order, 'orderByCode').map((p) => p.field)).toEqual([
			'shipping_information.zip_code',
			'shipping_information.prefecture_name',
		]);
	});

	it('reports nothing for an order that is already clean', () => {
		expect(normalizeOrder(byCodeOrder(), 'orderByCode').changes).toEqual([]);
		expect(normalizeOrder(withImageOrder(), 'orderWithImage').changes).toEqual([]);
	});

	it('keeps an empty ec_order_detail_no on order-with-image (required there) and leaves its date free-form', () => {
		const order = withImageOrder();
		order.ec_order_date = ' 2026/11/21 ';
		const { order: result } = normalizeOrder(order, 'orderWithImage');
		expect(result.order_details?.[0].ec_order_detail_no).toBe('');
		expect(result.ec_order_date).toBe('2026/11/21');
	});

	it('never touches ec_optional_information (returned to the retailer as sent)', () => {
		const order = byCodeOrder();
		order.ec_optional_information = '  {"memo":"ＡＢＣ"}  ';
		expect(normalizeOrder(order, 'orderByCode').order.ec_optional_information).toBe(
			'  {"memo":"ＡＢＣ"}  ',
		);
	});

	it('parses novelty counts written as text', () => {
		const order = byCodeOrder();
		order.action_after_print = { novelty: { sticker: '２' } };
		expect(normalizeOrder(order, 'orderByCode').order.action_after_print).toEqual({
			novelty: { sticker: 2 },
		});
	});

	it('trims image URLs', () => {
		const order = withImageOrder();
		const line = order.order_details![0];
		line.image_urls = {
			values: [
				{ position: 'front', urls: [{ type: 'Output', url: ' https://img.example.jp/a.png ' }] },
			],
		};
		const { order: result, changes } = normalizeOrder(order, 'orderWithImage');
		expect(result.order_details?.[0].image_urls).toEqual({
			values: [
				{ position: 'front', urls: [{ type: 'Output', url: 'https://img.example.jp/a.png' }] },
			],
		});
		expect(changes.map((c) => c.field)).toEqual([
			'order_details[0].image_urls.values[0].urls[0].url',
		]);
	});
});

describe('prefecture written into municipalities (one address column)', () => {
	function run(prefecture_name: string | undefined, municipalities: string | undefined) {
		const order = byCodeOrder();
		order.shipping_information = { ...order.shipping_information, prefecture_name, municipalities };
		const { order: result, changes } = normalizeOrder(order, 'orderByCode');
		return {
			block: {
				prefecture_name: result.shipping_information?.prefecture_name,
				municipalities: result.shipping_information?.municipalities,
			},
			rules: changes.map((c) => c.rule),
			problems: validateOrder(result, 'orderByCode').map((p) => [p.field, p.message]),
		};
	}

	it.each([
		[undefined, '東京都渋谷区', '東京都', '渋谷区', 'prefectureMovedFromMunicipalities'],
		['', '北海道札幌市中央区', '北海道', '札幌市中央区', 'prefectureMovedFromMunicipalities'],
		['東京都', '東京都渋谷区', '東京都', '渋谷区', 'prefectureRemovedFromMunicipalities'],
		['東京', '東京都 渋谷区', '東京都', '渋谷区', 'prefectureRemovedFromMunicipalities'],
		[
			'京都府京都市中京区',
			undefined,
			'京都府',
			'京都市中京区',
			'municipalitiesMovedFromPrefecture',
		],
	])(
		'%p + %p → %p + %p',
		(prefecture, municipalities, expectedPrefecture, expectedMunicipalities, rule) => {
			const result = run(prefecture, municipalities);
			expect(result.block).toEqual({
				prefecture_name: expectedPrefecture,
				municipalities: expectedMunicipalities,
			});
			expect(result.rules).toContain(rule);
			expect(result.problems).toEqual([]);
		},
	);

	it('does not take a city for a prefecture', () => {
		const result = run('京都府', '京都市中京区');
		expect(result.block).toEqual({ prefecture_name: '京都府', municipalities: '京都市中京区' });
		expect(result.rules).toEqual([]);
		expect(run(undefined, '京都市中京区').problems).toEqual([
			['shipping_information.prefecture_name', 'is required'],
		]);
	});

	it('reports a municipalities value that starts with another prefecture', () => {
		const result = run('大阪府', '東京都渋谷区');
		expect(result.block).toEqual({ prefecture_name: '大阪府', municipalities: '東京都渋谷区' });
		expect(result.problems).toEqual([
			[
				'shipping_information.municipalities',
				'starts with a prefecture other than prefecture_name',
			],
		]);
	});

	it('leaves a whole address in prefecture_name alone when municipalities is given, and validation explains', () => {
		const result = run('東京都渋谷区', '渋谷区');
		expect(result.problems).toEqual([
			['shipping_information.prefecture_name', 'holds more than a prefecture name'],
		]);
	});
});
