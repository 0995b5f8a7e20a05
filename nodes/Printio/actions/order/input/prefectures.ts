/** The 47 prefectures of Japan with their suffix (都, 道, 府 or 県), in JIS X 0401 order (codes 01..47). */
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

/**
 * Name without its suffix → full name. 北海道 keeps its 道: its stem would be 北海, which is not a name anyone
 * uses for the prefecture, so 北海 is deliberately not completed.
 */
const PREFECTURE_BY_STEM: ReadonlyMap<string, string> = new Map(
	PREFECTURES.map((name): [string, string] => [name === '北海道' ? name : name.slice(0, -1), name]),
);

export function isPrefecture(name: string): boolean {
	return PREFECTURE_SET.has(name);
}

export type PrefectureResolution =
	| { kind: 'exact'; name: string }
	/** The suffix was missing (東京 → 東京都). */
	| { kind: 'completed'; name: string }
	/** A suffix of the wrong type was given (大阪県 → 大阪府). */
	| { kind: 'suffixCorrected'; name: string }
	| { kind: 'unknown' };

/**
 * Resolves a prefecture name. `京都` → `京都府`: the field holds a prefecture, and whether the writer meant the
 * prefecture or the city of Kyoto, its prefecture is 京都府 (the same holds for 大阪 and every other stem that
 * is also a city name). A city with its suffix (`京都市`) is not a prefecture and stays unknown.
 */
export function resolvePrefecture(input: string): PrefectureResolution {
	if (PREFECTURE_SET.has(input)) return { kind: 'exact', name: input };
	const completed = PREFECTURE_BY_STEM.get(input);
	if (completed !== undefined) return { kind: 'completed', name: completed };
	if (/[都道府県]$/.test(input)) {
		const corrected = PREFECTURE_BY_STEM.get(input.slice(0, -1));
		if (corrected !== undefined) return { kind: 'suffixCorrected', name: corrected };
	}
	return { kind: 'unknown' };
}

/** True when the text starts with a full prefecture name and goes on (a whole address in the prefecture field). */
export function startsWithPrefecture(text: string): boolean {
	return PREFECTURES.some((name) => text.length > name.length && text.startsWith(name));
}
