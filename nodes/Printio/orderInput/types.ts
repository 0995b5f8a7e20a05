/**
 * Types of the order-input pipeline. Before the finished request everything is a draft whose fields may be missing
 * or of the wrong type: they come from sheet rows and forms.
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

/** Never carries the value: personal data must not reach logs or error texts (`value?: never` enforces that). */
export interface InputProblem {
	/** Spec path, e.g. `order_details[1].quantity`. */
	field: string;
	/** As the form shows it, when the field table knows it. */
	label?: string;
	message: string;
	fix: string;
	/** When it can be attributed to one item. */
	itemIndex?: number;
	value?: never;
}

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
	message: string;
	itemIndex?: number;
}

/** For address1/address2 over the width limit. */
export type AddressOverflowPolicy = 'fail' | 'carryToAddress2' | 'sendAsIs';

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
 * Keys come from the API layer's types, so only the field table names them. A finished request is assignable to it,
 * so Define Below input goes through the same normalisation and validation.
 */
type Drafted<T> = { [K in keyof T]?: DraftValue<T[K]> };

/** Strings not yet cleaned; the sender's block also holds item_name. */
export type AddressDraft = Drafted<SenderInformation>;

/** Numbers may still be strings; shapes unchecked. */
export type LineDraft = Drafted<OrderByCodeLine & OrderWithImageLine>;

export type OrderDraft = { [K in Exclude<BodyKey, Part>]?: DraftValue<BodyValue<K>> } & {
	shipping_information?: AddressDraft;
	sender_information?: AddressDraft;
	order_details?: LineDraft[];
};

/** From the credential and the options. */
export type OrderDefaults = Omit<OrderDraft, 'ec_order_no' | 'order_details'>;

/** `itemIndex` is set once here and carried by every problem and change from this item. */
export interface DraftRow {
	itemIndex: number;
	order: OrderDraft;
	/** Found while reading (wrong shapes, lost leading zeros, contradicting columns). */
	problems?: InputProblem[];
	/** Fields of the other order operation (names only). */
	ignoredFields?: string[];
	/** Read with the item (options, credential). */
	defaults?: OrderDefaults;
}
