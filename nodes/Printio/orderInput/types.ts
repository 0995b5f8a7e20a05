/**
 * Types of the order-input pipeline (read → normalise → combine → defaults → overflow → validate → build).
 * The finished request bodies are the API layer's endpoint bodies; everything before that is a draft whose
 * fields may be missing or of the wrong type, because they come from spreadsheet rows and forms.
 */
import type { BodyOf } from '../../../api/endpoints';
import type { OrderOperation } from './fields';

export type { OrderOperation };

export type OrderByCodeRequest = BodyOf<'postOrderByCode'>;
export type OrderWithImageRequest = BodyOf<'postOrderWithImage'>;
export type AddressBlock = OrderByCodeRequest['shipping_information'];
export type SenderInformation = OrderByCodeRequest['sender_information'];
export type OrderByCodeLine = OrderByCodeRequest['order_details'][number];
export type OrderWithImageLine = OrderWithImageRequest['order_details'][number];

export type OrderRequestFor<Op extends OrderOperation> = Op extends 'orderByCode'
	? OrderByCodeRequest
	: OrderWithImageRequest;

/**
 * One thing wrong with an input. Never carries the input's value: names, addresses, phones and mail
 * addresses are personal data and must not reach logs or error texts (`value?: never` enforces that).
 */
export interface InputProblem {
	/** Spec path of the field, e.g. `shipping_information.zip_code` or `order_details[1].quantity`. */
	field: string;
	/** The field as the form shows it (`Recipient Zip Code`, `Lines › Size`), when the field table knows it. */
	label?: string;
	/** What is wrong, without the value. */
	message: string;
	/** How to fix it. */
	fix: string;
	/** Index of the input item the problem comes from, when it can be attributed to one. */
	itemIndex?: number;
	value?: never;
}

/** What normalisation changed in a field (the rule applied, never the values). */
export type NormalizationRule =
	| 'trimmed'
	| 'whitespaceCollapsed'
	| 'fullWidthToHalfWidth'
	| 'halfWidthKanaToFullWidth'
	| 'hyphenUnified'
	| 'zipCodeDigitsOnly'
	| 'phoneDigitsOnly'
	| 'countryCodeToDomestic'
	| 'internationalPlusRemoved'
	| 'prefectureCompleted'
	| 'prefectureSuffixCorrected'
	| 'prefectureRomanized'
	| 'prefectureFromCode'
	| 'prefectureMovedFromMunicipalities'
	| 'prefectureRemovedFromMunicipalities'
	| 'municipalitiesMovedFromPrefecture'
	| 'dateFormatted'
	| 'numberParsed'
	| 'emptyOmitted'
	| 'addressCarriedToAddress2'
	| 'addressOverflowSentAsIs'
	| 'catalogNameFolded'
	| 'manufacturerColorName'
	| 'timestampToApiDate';

export interface NormalizationChange {
	field: string;
	rule: NormalizationRule;
	/** English description of the change, without the values. */
	message: string;
	itemIndex?: number;
}

/** Address overflow policy for address1/address2 (limit 32 half-width units). */
export type AddressOverflowPolicy = 'fail' | 'carryToAddress2' | 'sendAsIs';

/** Address block as it may arrive from an input item: every field optional, strings not yet cleaned. */
export interface AddressDraft {
	zip_code?: string;
	prefecture_name?: string;
	municipalities?: string;
	address1?: string;
	address2?: string;
	full_name?: string;
	phone_number?: string;
	mail_address?: string | null;
	/** Sender only. */
	item_name?: string;
}

/** An order line of either operation as it may arrive. Numbers may still be strings; shapes unchecked. */
export interface LineDraft {
	ec_order_detail_no?: string;
	original_item_code?: string;
	ec_original_item_code?: string;
	item_code?: string;
	quantity?: unknown;
	color?: string;
	size?: string;
	image_urls?: unknown;
}

type Part = 'shipping_information' | 'sender_information' | 'order_details';
type BodyKey = keyof OrderByCodeRequest | keyof OrderWithImageRequest;
type BodyValue<K> =
	| (K extends keyof OrderByCodeRequest ? OrderByCodeRequest[K] : never)
	| (K extends keyof OrderWithImageRequest ? OrderWithImageRequest[K] : never);
/** Text stays text (what the reads give); anything else may be of any type until validation has seen it. */
type DraftValue<V> = [Exclude<V, undefined>] extends [string]
	? string
	: [Exclude<V, undefined>] extends [string | null]
		? string | null
		: unknown;

/**
 * An order of either operation as it may arrive: the order-level keys of both request bodies (from the API layer's
 * types, so the field table is the only place that names them), the address blocks and lines as drafts. A finished
 * `OrderByCodeRequest` or `OrderWithImageRequest` is assignable to it, so "define each field" input can go through
 * the same normalisation and validation.
 */
export type OrderDraft = { [K in Exclude<BodyKey, Part>]?: DraftValue<BodyValue<K>> } & {
	shipping_information?: AddressDraft;
	sender_information?: AddressDraft;
	order_details?: LineDraft[];
};

/** Order-level values the node supplies (retailer id from the credential, options, a fixed sender, …). */
export type OrderDefaults = Omit<OrderDraft, 'ec_order_no' | 'order_details'>;

/**
 * One input item read into an order draft: the first stage's output. `itemIndex` is the node's own item
 * index, set once here and carried by every problem and change that comes from this item.
 */
export interface DraftRow {
	itemIndex: number;
	order: OrderDraft;
	/** Problems found while reading (wrong shapes, lost leading zeros, contradicting columns). */
	problems?: InputProblem[];
	/** Fields of the item that belong to the other order operation and were not used (names only). */
	ignoredFields?: string[];
	/** What the node gives for fields the item leaves empty (options, credential); read with the item. */
	defaults?: OrderDefaults;
}
