/** Drafts may miss fields or hold the wrong types: they come from sheet rows and forms. */
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

/** Never the value: personal data must not reach logs or error texts. */
export interface InputProblem {
	field: string;
	label?: string;
	message: string;
	fix: string;
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

export type AddressOverflowPolicy = 'fail' | 'carryToAddress2' | 'sendAsIs';

type Part = 'shipping_information' | 'sender_information' | 'order_details';
type BodyKey = keyof OrderByCodeRequest | keyof OrderWithImageRequest;
type BodyValue<K> =
	| (K extends keyof OrderByCodeRequest ? OrderByCodeRequest[K] : never)
	| (K extends keyof OrderWithImageRequest ? OrderWithImageRequest[K] : never);
/** Anything but text may be of any type until validation has seen it. */
type DraftValue<V> = [Exclude<V, undefined>] extends [string]
	? string
	: [Exclude<V, undefined>] extends [string | null]
		? string | null
		: unknown;

/** A finished request is assignable to it, so Define Below input takes the same normalisation and validation. */
type Drafted<T> = { [K in keyof T]?: DraftValue<T[K]> };

export type AddressDraft = Drafted<SenderInformation>;

export type LineDraft = Drafted<OrderByCodeLine & OrderWithImageLine>;

export type OrderDraft = { [K in Exclude<BodyKey, Part>]?: DraftValue<BodyValue<K>> } & {
	shipping_information?: AddressDraft;
	sender_information?: AddressDraft;
	order_details?: LineDraft[];
};

export type OrderDefaults = Omit<OrderDraft, 'ec_order_no' | 'order_details'>;

export interface DraftRow {
	itemIndex: number;
	order: OrderDraft;
	problems?: InputProblem[];
	ignoredFields?: string[];
	defaults?: OrderDefaults;
}
