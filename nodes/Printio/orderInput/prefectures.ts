/** In JIS X 0401 order: index + 1 is the prefecture code. */
export const PREFECTURES: readonly string[] = [
	'北海道',
	'青森県',
	'岩手県',
	'宮城県',
	'秋田県',
	'山形県',
	'福島県',
	'茨城県',
	'栃木県',
	'群馬県',
	'埼玉県',
	'千葉県',
	'東京都',
	'神奈川県',
	'新潟県',
	'富山県',
	'石川県',
	'福井県',
	'山梨県',
	'長野県',
	'岐阜県',
	'静岡県',
	'愛知県',
	'三重県',
	'滋賀県',
	'京都府',
	'大阪府',
	'兵庫県',
	'奈良県',
	'和歌山県',
	'鳥取県',
	'島根県',
	'岡山県',
	'広島県',
	'山口県',
	'徳島県',
	'香川県',
	'愛媛県',
	'高知県',
	'福岡県',
	'佐賀県',
	'長崎県',
	'熊本県',
	'大分県',
	'宮崎県',
	'鹿児島県',
	'沖縄県',
];

const PREFECTURE_SET: ReadonlySet<string> = new Set(PREFECTURES);

/** How shop platforms and foreign customers write them. */
export const PREFECTURES_ROMANIZED: readonly string[] = [
	'Hokkaido',
	'Aomori',
	'Iwate',
	'Miyagi',
	'Akita',
	'Yamagata',
	'Fukushima',
	'Ibaraki',
	'Tochigi',
	'Gunma',
	'Saitama',
	'Chiba',
	'Tokyo',
	'Kanagawa',
	'Niigata',
	'Toyama',
	'Ishikawa',
	'Fukui',
	'Yamanashi',
	'Nagano',
	'Gifu',
	'Shizuoka',
	'Aichi',
	'Mie',
	'Shiga',
	'Kyoto',
	'Osaka',
	'Hyogo',
	'Nara',
	'Wakayama',
	'Tottori',
	'Shimane',
	'Okayama',
	'Hiroshima',
	'Yamaguchi',
	'Tokushima',
	'Kagawa',
	'Ehime',
	'Kochi',
	'Fukuoka',
	'Saga',
	'Nagasaki',
	'Kumamoto',
	'Oita',
	'Miyazaki',
	'Kagoshima',
	'Okinawa',
];

/** `Ōsaka`, `Toukyou`, `Tohkyoh`: as typed on Japanese keyboards. */
function romanizedKey(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z]/g, '')
		.replace(/ou|oo|oh(?![aeiou])/g, 'o')
		.replace(/uu/g, 'u');
}

const PREFECTURE_BY_ROMANIZED: ReadonlyMap<string, string> = new Map([
	...PREFECTURES_ROMANIZED.map((name, index): [string, string] => [
		romanizedKey(name),
		PREFECTURES[index],
	]),
	// The older spelling of Gunma.
	['gumma', '群馬県'],
]);

const ROMANIZED_SUFFIX = /[\s\-_](to|fu|ken|do|dō|dou|prefecture|pref\.?)$/i;

export function prefectureFromRomanized(input: string): string | undefined {
	const text = input.trim();
	if (!/^[\p{Script=Latin}\s\-_.'’]+$/u.test(text)) return undefined;
	const stripped = text.replace(ROMANIZED_SUFFIX, '');
	const found = PREFECTURE_BY_ROMANIZED.get(romanizedKey(stripped));
	if (found !== undefined) return found;
	// Hokkai-do: the suffix 道 is part of the usual name Hokkaido.
	return stripped !== text && romanizedKey(stripped) === 'hokkai' ? PREFECTURES[0] : undefined;
}

/** ISO 3166-2 `JP-13`, platform codes `JP13`. */
export function prefectureFromCode(input: string): string | undefined {
	const match = /^(?:JP[\s\-_]?)?(\d{1,2})$/i.exec(input.trim());
	if (match === null) return undefined;
	const number = Number(match[1]);
	return PREFECTURES[number - 1];
}

/** 北海道 keeps its 道: nobody calls the prefecture 北海, so 北海 is not completed. */
const PREFECTURE_BY_STEM: ReadonlyMap<string, string> = new Map(
	PREFECTURES.map((name): [string, string] => [name === '北海道' ? name : name.slice(0, -1), name]),
);

export function isPrefecture(name: string): boolean {
	return PREFECTURE_SET.has(name);
}

export type PrefectureResolution =
	| { kind: 'exact'; name: string }
	| { kind: 'completed'; name: string }
	| { kind: 'suffixCorrected'; name: string }
	| { kind: 'romanized'; name: string }
	| { kind: 'code'; name: string }
	| { kind: 'unknown' };

/** `京都` → `京都府` whether the city or the prefecture was meant; `京都市` stays unknown. */
export function resolvePrefecture(input: string): PrefectureResolution {
	if (PREFECTURE_SET.has(input)) return { kind: 'exact', name: input };
	const completed = PREFECTURE_BY_STEM.get(input);
	if (completed !== undefined) return { kind: 'completed', name: completed };
	if (/[都道府県]$/.test(input)) {
		const corrected = PREFECTURE_BY_STEM.get(input.slice(0, -1));
		if (corrected !== undefined) return { kind: 'suffixCorrected', name: corrected };
	}
	const romanized = prefectureFromRomanized(input);
	if (romanized !== undefined) return { kind: 'romanized', name: romanized };
	const coded = prefectureFromCode(input);
	if (coded !== undefined) return { kind: 'code', name: coded };
	return { kind: 'unknown' };
}

export function startsWithPrefecture(text: string): boolean {
	return PREFECTURES.some((name) => text.length > name.length && text.startsWith(name));
}
