/**
 * The delivery companies Printio ships with, read from the name an order read gives (`delivery_company_name`,
 * spec 2.4: Japanese, in no fixed form), once for everything that needs them: a stable key, the company name
 * Shopify's `FulfillmentTrackingInfo.company` recognises (its list has Japanese entries "Yamato (JA)",
 * "Sagawa (JA)" and "Japan Post (JA)": with one of them Shopify makes the number clickable itself), and the
 * carrier's public tracking page for a number.
 *
 * A name is matched by the words it contains, after NFKC (full-width letters become half-width) and without
 * blanks, case or punctuation. A name that names no carrier, or more than one, is no carrier: `null`, never a guess.
 */
export type CarrierKey = 'yamato' | 'sagawa' | 'japanPost';

interface Carrier {
	key: CarrierKey;
	/** Words that name this carrier (normalised as `squeeze` does): company names, brands, service names. */
	words: readonly string[];
	/** The name in Shopify's list of supported tracking companies (capitalisation matters there). */
	shopifyCompany: string;
	/** The carrier's public tracking page for one number (letters and digits only). */
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

/** NFKC, lower case, without blanks and punctuation (・, -, dots, brackets): the form the words above are in. */
function squeeze(text: string): string {
	return text
		.normalize('NFKC')
		.toLowerCase()
		.replace(/[\s\p{P}\p{S}]/gu, '');
}

function carrierNamed(name: unknown): Carrier | undefined {
	if (typeof name !== 'string') return undefined;
	// An empty name (or one of blanks and punctuation) contains no carrier's word, so it names none.
	const text = squeeze(name);
	const named = CARRIERS.filter((carrier) => carrier.words.some((word) => text.includes(word)));
	return named.length === 1 ? named[0] : undefined;
}

/** What a fulfilment needs of a shipment's tracking: every field null when it is not known. */
export interface Tracking {
	/** The shipping (slip) number as Printio gives it. */
	number: string | null;
	/** Printio's delivery company name as given. */
	company: string | null;
	carrier: CarrierKey | null;
	/** The company name Shopify recognises for the carrier (FulfillmentTrackingInfo). */
	shopifyCompany: string | null;
	/** The carrier's tracking page for the number. */
	url: string | null;
}

const text = (value: unknown): string | null =>
	typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The tracking of a shipment from its shipping number and Printio's delivery company name. */
export function trackingOf(shippingNumber: unknown, companyName: unknown): Tracking {
	const number = text(shippingNumber);
	const company = text(companyName);
	const carrier = carrierNamed(company);
	// The URL takes the number's letters and digits (Printio may give "1234-5678-9012"; full-width too).
	const plain = number === null ? '' : number.normalize('NFKC').replace(/[^0-9A-Za-z]/g, '');
	return {
		number,
		company,
		carrier: carrier?.key ?? null,
		shopifyCompany: carrier?.shopifyCompany ?? null,
		url: carrier !== undefined && plain !== '' ? carrier.trackingUrl(plain) : null,
	};
}
