/**
 * The carrier table: Printio's Japanese delivery company names (and their variants) read as a stable key, with
 * Shopify's company name and the carrier's tracking page; anything else is no carrier, never a guess.
 */
import fc from 'fast-check';

import { trackingOf } from '../../api/carriers';

const carrierOf = (name: unknown) => trackingOf('1', name).carrier;

describe('the carrier of a delivery company name', () => {
	it.each([
		['ヤマト運輸', 'yamato'],
		['ヤマト運輸株式会社', 'yamato'],
		['クロネコヤマト', 'yamato'],
		['ヤマト（宅急便）', 'yamato'],
		['宅急便コンパクト', 'yamato'],
		['ネコポス', 'yamato'],
		['Yamato Transport', 'yamato'],
		['ｙａｍａｔｏ', 'yamato'],
		['佐川急便', 'sagawa'],
		['佐川急便株式会社', 'sagawa'],
		['飛脚宅配便', 'sagawa'],
		['SAGAWA EXPRESS', 'sagawa'],
		['日本郵便', 'japanPost'],
		['日本郵便株式会社', 'japanPost'],
		['ゆうパック', 'japanPost'],
		['ゆうパケット', 'japanPost'],
		['ゆうメール', 'japanPost'],
		['クリックポスト', 'japanPost'],
		['レターパックライト', 'japanPost'],
		['Japan Post', 'japanPost'],
		['  日本 郵便  ', 'japanPost'],
		['日本郵便（ゆうパック）', 'japanPost'],
	])('reads %s as %s', (name, key) => {
		expect(carrierOf(name)).toBe(key);
	});

	it.each([
		['a carrier the table does not know', '西濃運輸'],
		['a generic parcel service', '宅配便'],
		['two carriers in one name', 'ヤマト運輸 / 佐川急便'],
		['an empty name', ''],
		['blanks and punctuation only', ' ・- '],
		['null', null],
		['undefined', undefined],
		['a number', 2],
	])('reads %s as no carrier', (_label, name) => {
		expect(carrierOf(name)).toBeNull();
	});
});

describe('trackingOf', () => {
	it('gives the number, the company as Printio gave it, the key, Shopify’s name and the tracking page', () => {
		expect(trackingOf('400000000011', 'ヤマト運輸')).toStrictEqual({
			number: '400000000011',
			company: 'ヤマト運輸',
			carrier: 'yamato',
			shopifyCompany: 'Yamato (JA)',
			url: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=400000000011',
		});
		expect(trackingOf('1234-5678-9012', '佐川急便')).toStrictEqual({
			number: '1234-5678-9012',
			company: '佐川急便',
			carrier: 'sagawa',
			shopifyCompany: 'Sagawa (JA)',
			url: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012',
		});
		expect(trackingOf('ＥＡ１２３４５６７８９ＪＰ', '日本郵便')).toStrictEqual({
			number: 'ＥＡ１２３４５６７８９ＪＰ',
			company: '日本郵便',
			carrier: 'japanPost',
			shopifyCompany: 'Japan Post (JA)',
			url: 'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=EA123456789JP&searchKind=S002&locale=ja',
		});
	});

	it('keeps an unknown company as given, with no carrier, Shopify name or URL', () => {
		expect(trackingOf(' 987654 ', ' 西濃運輸 ')).toStrictEqual({
			number: '987654',
			company: '西濃運輸',
			carrier: null,
			shopifyCompany: null,
			url: null,
		});
	});

	it('has no URL without a number, and every field null when nothing is known', () => {
		expect(trackingOf(null, 'ヤマト運輸')).toStrictEqual({
			number: null,
			company: 'ヤマト運輸',
			carrier: 'yamato',
			shopifyCompany: 'Yamato (JA)',
			url: null,
		});
		expect(trackingOf('---', 'ヤマト運輸').url).toBeNull();
		expect(trackingOf(undefined, undefined)).toStrictEqual({
			number: null,
			company: null,
			carrier: null,
			shopifyCompany: null,
			url: null,
		});
		expect(trackingOf('  ', '')).toStrictEqual({
			number: null,
			company: null,
			carrier: null,
			shopifyCompany: null,
			url: null,
		});
	});

	it('puts only letters and digits of any number into the URL, and a URL only with a known carrier', () => {
		fc.assert(
			fc.property(
				fc.string({ maxLength: 40 }),
				fc.constantFrom('ヤマト運輸', '佐川急便', '日本郵便', '西濃運輸'),
				(number, company) => {
					const tracking = trackingOf(number, company);
					const plain = number
						.trim()
						.normalize('NFKC')
						.replace(/[^0-9A-Za-z]/g, '');
					if (tracking.carrier === null || plain === '') {
						expect(tracking.url).toBeNull();
					} else {
						expect(tracking.url).not.toBeNull();
						const url = new URL(tracking.url as string);
						expect(url.protocol).toBe('https:');
						expect([...url.searchParams.values()]).toContain(plain);
					}
				},
			),
		);
	});
});
