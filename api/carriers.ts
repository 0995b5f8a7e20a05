// delivery_company_name has no fixed form (spec 2.4): a name naming none or several carriers is null, never a guess.
export type CarrierKey = 'yamato' | 'sagawa' | 'japanPost';

interface Carrier {
	key: CarrierKey;
	words: readonly string[];
	// Shopify's tracking company list is case-sensitive; with these it links the number itself.
	shopifyCompany: string;
	trackingUrl: (number: string) => string;
}

const CARRIERS: readonly Carrier[] = [
	{
		key: 'yamato',
		words: [
			'ヤマト',
			'クロネコ',
			'宅急便',
			'ネコポス',
			'yamato',
			'kuroneko',
			'takkyubin',
			'taqbin',
		],
		shopifyCompany: 'Yamato (JA)',
		trackingUrl: (number) =>
			`https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${number}`,
	},
	{
		key: 'sagawa',
		words: ['佐川', '飛脚', 'sagawa'],
		shopifyCompany: 'Sagawa (JA)',
		trackingUrl: (number) =>
			`https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${number}`,
	},
	{
		key: 'japanPost',
		words: [
			'日本郵便',
			'郵便',
			'ゆうパック',
			'ゆうパケット',
			'ゆうメール',
			'クリックポスト',
			'レターパック',
			'japanpost',
			'jppost',
		],
		shopifyCompany: 'Japan Post (JA)',
		trackingUrl: (number) =>
			`https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${number}&searchKind=S002&locale=ja`,
	},
];

function squeeze(text: string): string {
	return text
		.normalize('NFKC')
		.toLowerCase()
		.replace(/[\s\p{P}\p{S}]/gu, '');
}

function carrierNamed(name: unknown): Carrier | undefined {
	if (typeof name !== 'string') return undefined;
	const text = squeeze(name);
	const named = CARRIERS.filter((carrier) => carrier.words.some((word) => text.includes(word)));
	return named.length === 1 ? named[0] : undefined;
}

export interface Tracking {
	number: string | null;
	company: string | null;
	carrier: CarrierKey | null;
	shopifyCompany: string | null;
	url: string | null;
}

const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function trackingOf(shippingNumber: unknown, companyName: unknown): Tracking {
	const number = text(shippingNumber);
	const company = text(companyName);
	const carrier = carrierNamed(company);
	// Printio may give "1234-5678-9012", full-width too; tracking pages take letters and digits.
	const plain = number === null ? '' : number.normalize('NFKC').replace(/[^0-9A-Za-z]/g, '');
	return {
		number,
		company,
		carrier: carrier?.key ?? null,
		shopifyCompany: carrier?.shopifyCompany ?? null,
		url: carrier !== undefined && plain !== '' ? carrier.trackingUrl(plain) : null,
	};
}
