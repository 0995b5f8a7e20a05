/**
 * Prefectures as real shop data gives them, for all 47: romanised with and without macrons, with the
 * -to/-fu/-ken/-dō suffix or "Prefecture", in any case; ISO 3166-2 (`JP-13`), platform codes (`JP13`) and bare
 * numbers (`13`, `01`), also full-width. Each becomes the Japanese name, reported by rule, never by value.
 */
import {
	normalizeOrder,
	normalizePrefectureName,
} from '../../../../nodes/Printio/orderInput/normalize';
import {
	PREFECTURES,
	PREFECTURES_ROMANIZED,
	prefectureFromCode,
	prefectureFromRomanized,
} from '../../../../nodes/Printio/orderInput/prefectures';
import { validateOrder } from '../../../../nodes/Printio/orderInput/validate';
import { byCodeOrder } from './fixtures';

/**
 * The test's own oracle (independent of the module's list): JIS X 0401 number, Japanese name, Hepburn name.
 * From the ISO 3166-2:JP subdivision list.
 */
const ISO_3166_2_JP: ReadonlyArray<[number, string, string]> = [
	[1, '北海道', 'Hokkaido'],
	[2, '青森県', 'Aomori'],
	[3, '岩手県', 'Iwate'],
	[4, '宮城県', 'Miyagi'],
	[5, '秋田県', 'Akita'],
	[6, '山形県', 'Yamagata'],
	[7, '福島県', 'Fukushima'],
	[8, '茨城県', 'Ibaraki'],
	[9, '栃木県', 'Tochigi'],
	[10, '群馬県', 'Gunma'],
	[11, '埼玉県', 'Saitama'],
	[12, '千葉県', 'Chiba'],
	[13, '東京都', 'Tokyo'],
	[14, '神奈川県', 'Kanagawa'],
	[15, '新潟県', 'Niigata'],
	[16, '富山県', 'Toyama'],
	[17, '石川県', 'Ishikawa'],
	[18, '福井県', 'Fukui'],
	[19, '山梨県', 'Yamanashi'],
	[20, '長野県', 'Nagano'],
	[21, '岐阜県', 'Gifu'],
	[22, '静岡県', 'Shizuoka'],
	[23, '愛知県', 'Aichi'],
	[24, '三重県', 'Mie'],
	[25, '滋賀県', 'Shiga'],
	[26, '京都府', 'Kyoto'],
	[27, '大阪府', 'Osaka'],
	[28, '兵庫県', 'Hyogo'],
	[29, '奈良県', 'Nara'],
	[30, '和歌山県', 'Wakayama'],
	[31, '鳥取県', 'Tottori'],
	[32, '島根県', 'Shimane'],
	[33, '岡山県', 'Okayama'],
	[34, '広島県', 'Hiroshima'],
	[35, '山口県', 'Yamaguchi'],
	[36, '徳島県', 'Tokushima'],
	[37, '香川県', 'Kagawa'],
	[38, '愛媛県', 'Ehime'],
	[39, '高知県', 'Kochi'],
	[40, '福岡県', 'Fukuoka'],
	[41, '佐賀県', 'Saga'],
	[42, '長崎県', 'Nagasaki'],
	[43, '熊本県', 'Kumamoto'],
	[44, '大分県', 'Oita'],
	[45, '宮崎県', 'Miyazaki'],
	[46, '鹿児島県', 'Kagoshima'],
	[47, '沖縄県', 'Okinawa'],
];

/** Hepburn with macrons where the name has long vowels (what Wikipedia and shop platforms print). */
const WITH_MACRONS: Record<string, string> = {
	Hokkaido: 'Hokkaidō',
	Tokyo: 'Tōkyō',
	Kyoto: 'Kyōto',
	Osaka: 'Ōsaka',
	Hyogo: 'Hyōgo',
	Kochi: 'Kōchi',
	Oita: 'Ōita',
};
/** As typed on a Japanese keyboard (wāpuro): long o as "ou" or "oo". */
const WAPURO: Record<string, string> = {
	Hokkaido: 'Hokkaidou',
	Tokyo: 'Toukyou',
	Kyoto: 'Kyouto',
	Osaka: 'Oosaka',
	Hyogo: 'Hyougo',
	Kochi: 'Kouchi',
	Oita: 'Ooita',
};

function suffixOf(japanese: string): string {
	return { 都: 'to', 道: 'do', 府: 'fu', 県: 'ken' }[japanese.slice(-1)] as string;
}

/** Every Latin and coded form of prefecture number `index` (0-based). */
function formsOf(index: number): string[] {
	const [, japanese, plain] = ISO_3166_2_JP[index];
	const macron = WITH_MACRONS[plain] ?? plain;
	const suffix = suffixOf(japanese);
	const number = String(index + 1);
	const twoDigits = number.padStart(2, '0');
	const names = [plain, macron, WAPURO[plain] ?? plain];
	const forms = new Set<string>();
	for (const name of names) {
		forms.add(name);
		forms.add(name.toLowerCase());
		forms.add(name.toUpperCase());
		forms.add(` ${name} `);
		if (japanese !== '北海道') {
			forms.add(`${name}-${suffix}`);
			forms.add(`${name} ${suffix.toUpperCase()}`);
			forms.add(`${name}-${suffix === 'do' ? 'dō' : suffix}`.toLowerCase());
		}
		forms.add(`${name} Prefecture`);
		forms.add(`${name} pref.`);
	}
	for (const code of [
		number,
		twoDigits,
		`JP-${twoDigits}`,
		`JP${twoDigits}`,
		`jp-${twoDigits}`,
		`JP-${number}`,
	])
		forms.add(code);
	forms.add(
		`ＪＰ－${twoDigits.replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0))}`,
	);
	return [...forms];
}

describe('every form of every prefecture becomes its Japanese name', () => {
	it('the module lists the 47 names of ISO 3166-2:JP in its order', () => {
		expect(PREFECTURES).toEqual(ISO_3166_2_JP.map(([, japanese]) => japanese));
		expect(PREFECTURES_ROMANIZED).toEqual(ISO_3166_2_JP.map(([, , latin]) => latin));
	});

	it.each(ISO_3166_2_JP.map(([number, japanese]) => [japanese, number - 1]))(
		'%s',
		(japanese, index) => {
			const forms = formsOf(index as number);
			expect(forms.length).toBeGreaterThanOrEqual(14);
			for (const form of forms) {
				const result = normalizePrefectureName(form);
				expect([form, result.value, result.known]).toEqual([form, japanese, true]);
				const latin = /[A-Za-zĀ-ž]/.test(form) && !/^\s*(JP|jp|ＪＰ)/.test(form);
				expect([form, result.rules]).toEqual([
					form,
					expect.arrayContaining([latin ? 'prefectureRomanized' : 'prefectureFromCode']),
				]);
			}
		},
	);

	it('Hokkaido written with its 道 as a suffix (Hokkai-do) is Hokkaido too', () => {
		for (const form of ['Hokkai-do', 'hokkai dō', 'HOKKAI-DO'])
			expect(prefectureFromRomanized(form)).toBe('北海道');
	});

	it('the older spelling Gumma is Gunma', () => {
		expect(prefectureFromRomanized('Gumma-ken')).toBe('群馬県');
	});

	it.each([
		['Tokyo City'],
		['Kyo'],
		['Tokyoto'],
		['Shibuya'],
		['Japan'],
		['JP'],
		['48'],
		['JP-0'],
		['JP-134'],
		['13a'],
	])('%s is not a prefecture', (input) => {
		expect(prefectureFromRomanized(input)).toBeUndefined();
		expect(prefectureFromCode(input)).toBeUndefined();
		expect(normalizePrefectureName(input).known).toBe(false);
	});

	it('reports the rule on the field, never the value, and the order then passes validation', () => {
		const order = byCodeOrder();
		order.shipping_information = { ...order.shipping_information, prefecture_name: 'Ōsaka-fu' };
		order.sender_information = { ...order.sender_information, prefecture_name: 'JP-27' };
		const { order: normalized, changes } = normalizeOrder(order, 'orderByCode');
		expect(normalized.shipping_information?.prefecture_name).toBe('大阪府');
		expect(normalized.sender_information?.prefecture_name).toBe('大阪府');
		expect(changes.map((change) => `${change.field}:${change.rule}`)).toEqual([
			'shipping_information.prefecture_name:prefectureRomanized',
			'sender_information.prefecture_name:prefectureFromCode',
		]);
		expect(JSON.stringify(changes)).not.toMatch(/Ōsaka|JP-27/);
		expect(validateOrder(normalized, 'orderByCode')).toEqual([]);
	});

	it('with normalisation off, a romanised prefecture is refused, not sent', () => {
		const order = byCodeOrder();
		order.shipping_information = { ...order.shipping_information, prefecture_name: 'Tokyo' };
		expect(validateOrder(order, 'orderByCode').map((problem) => problem.field)).toEqual([
			'shipping_information.prefecture_name',
		]);
	});
});
