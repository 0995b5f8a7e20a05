/**
 * Every accepted form of all 47 prefectures, through the order input's entry point (readOrderInput, as Order ›
 * Create calls it), for the recipient and the sender: the request carries the kanji name and the order passes.
 * The test's own table (ISO 3166-2:JP order), independent of the module's list.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import {
	connection,
	MAP_COLUMNS,
	parameterContext,
	readAndPrepare as readOrderInput,
} from '../orderRun/fakes';

import { sheetRow } from '../fixtures';

const JAPANESE =
	'北海道 青森県 岩手県 宮城県 秋田県 山形県 福島県 茨城県 栃木県 群馬県 埼玉県 千葉県 東京都 神奈川県 新潟県 富山県 石川県 福井県 山梨県 長野県 岐阜県 静岡県 愛知県 三重県 滋賀県 京都府 大阪府 兵庫県 奈良県 和歌山県 鳥取県 島根県 岡山県 広島県 山口県 徳島県 香川県 愛媛県 高知県 福岡県 佐賀県 長崎県 熊本県 大分県 宮崎県 鹿児島県 沖縄県'.split(
		' ',
	);
const LATIN =
	'Hokkaido Aomori Iwate Miyagi Akita Yamagata Fukushima Ibaraki Tochigi Gunma Saitama Chiba Tokyo Kanagawa Niigata Toyama Ishikawa Fukui Yamanashi Nagano Gifu Shizuoka Aichi Mie Shiga Kyoto Osaka Hyogo Nara Wakayama Tottori Shimane Okayama Hiroshima Yamaguchi Tokushima Kagawa Ehime Kochi Fukuoka Saga Nagasaki Kumamoto Oita Miyazaki Kagoshima Okinawa'.split(
		' ',
	);
const MACRONS: Record<string, string> = {
	Hokkaido: 'Hokkaidō',
	Tokyo: 'Tōkyō',
	Kyoto: 'Kyōto',
	Osaka: 'Ōsaka',
	Hyogo: 'Hyōgo',
	Kochi: 'Kōchi',
	Oita: 'Ōita',
};
const WAPURO: Record<string, string> = {
	Hokkaido: 'Hokkaidou',
	Tokyo: 'Toukyou',
	Kyoto: 'Kyouto',
	Osaka: 'Oosaka',
	Hyogo: 'Hyougo',
	Kochi: 'Kouchi',
	Oita: 'Ooita',
};
const LATIN_SUFFIX: Record<string, string> = { 都: 'to', 道: 'do', 府: 'fu', 県: 'ken' };
const fullWidth = (text: string) =>
	text.replace(/[0-9A-Za-z\-]/g, (ch) =>
		ch === '-' ? '－' : String.fromCharCode(ch.charCodeAt(0) + 0xfee0),
	);

const context = parameterContext(MAP_COLUMNS);

/** A form of prefecture `index` (0-based) as shops and people write it. */
const formArb = (index: number): fc.Arbitrary<string> => {
	const japanese = JAPANESE[index];
	const stem = japanese === '北海道' ? japanese : japanese.slice(0, -1);
	const latin = LATIN[index];
	const number = String(index + 1);
	const two = number.padStart(2, '0');
	const names = [latin, MACRONS[latin] ?? latin, WAPURO[latin] ?? latin].flatMap((name) => [
		name,
		name.toLowerCase(),
		name.toUpperCase(),
	]);
	const suffix = LATIN_SUFFIX[japanese.slice(-1)];
	const wrongSuffixes =
		japanese === '北海道'
			? []
			: ['都', '道', '府', '県'].filter((s) => s !== japanese.slice(-1)).map((s) => stem + s);
	return fc
		.oneof(
			fc.constantFrom(
				japanese,
				stem,
				...wrongSuffixes,
				[...japanese].join(' '),
				[...stem].join('\u3000'),
			),
			fc
				.constantFrom(...names)
				.chain((name) =>
					fc.constantFrom(
						name,
						...(japanese === '北海道'
							? []
							: [`${name}-${suffix}`, `${name} ${suffix.toUpperCase()}`]),
						`${name} Prefecture`,
						`${name} pref.`,
					),
				),
			fc.constantFrom(
				number,
				two,
				`JP-${two}`,
				`JP${two}`,
				`jp-${two}`,
				fullWidth(number),
				fullWidth(`JP-${two}`),
			),
		)
		.chain((form) => fc.constantFrom(form, ` ${form}`, `${form} `, `\u3000${form}\u3000`));
};

describe('prefectures through readOrderInput', () => {
	it('every accepted form of each of the 47 becomes its kanji name, for recipient and sender; the order passes', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc
					.integer({ min: 0, max: 46 })
					.chain((index) => fc.tuple(fc.constant(index), formArb(index), formArb(index))),
				async ([index, shippingForm, senderForm]) => {
					const json: IDataObject = sheetRow('PF-1', {
						shipping_prefecture_name: shippingForm,
						sender_prefecture_name: senderForm,
					});
					const { orders } = await readOrderInput.call(
						context,
						[{ json }],
						'orderByCode',
						connection,
						{ continueOnFail: true, normalize: true, addressOverflow: 'fail' },
					);
					expect(orders[0].problems).toEqual([]);
					expect([
						orders[0].request?.shipping_information.prefecture_name,
						orders[0].request?.sender_information.prefecture_name,
					]).toEqual([JAPANESE[index], JAPANESE[index]]);
				},
			),
			{ numRuns: 800 },
		);
	});

	it('each of the 47 at the start of municipalities, the prefecture left empty, is moved to the prefecture', async () => {
		for (const japanese of JAPANESE) {
			const json = sheetRow('PF-2', {
				shipping_prefecture_name: '',
				shipping_municipalities: `${japanese}渋谷区`,
			});
			const { orders } = await readOrderInput.call(context, [{ json }], 'orderByCode', connection, {
				continueOnFail: true,
				normalize: true,
			});
			expect([japanese, orders[0].problems]).toEqual([japanese, []]);
			expect(orders[0].request?.shipping_information).toMatchObject({
				prefecture_name: japanese,
				municipalities: '渋谷区',
			});
		}
	});

	it('numbers outside 1..47 and a city with its suffix stay unknown and are refused', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.constantFrom('0', '00', '48', 'JP-48', 'JP-00', '99', '京都市', '北海', 'Tokio'),
				async (form) => {
					const json = sheetRow('PF-3', { shipping_prefecture_name: form });
					const { orders } = await readOrderInput.call(
						context,
						[{ json }],
						'orderByCode',
						connection,
						{ continueOnFail: true, normalize: true },
					);
					expect(orders[0].problems.map((problem) => problem.field)).toContain(
						'shipping_information.prefecture_name',
					);
				},
			),
			{ numRuns: 20 },
		);
	});
});
