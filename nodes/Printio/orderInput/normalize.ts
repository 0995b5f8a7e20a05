/** What people type into sheets and forms; a change is reported by field and rule, never the value (personal data). */
import { CATALOG_RULE_MESSAGES } from '../helpers/catalogNames';
import { LIMITS } from '../../../api/limits';
import {
	calendarDateOfTimestamp,
	DEFAULT_API_TIME_ZONE,
	type ShopDateZones,
} from '../../shared/printio/time';
import { blockFields, CHECK_ORDER, fieldAt, fieldsOf, orderLevelFields } from './fields';
import type { FieldKind, OrderField } from './fields';
import { PREFECTURES, resolvePrefecture } from './prefectures';
import { isPlainObject } from './values';
import type {
	AddressDraft,
	DraftRow,
	LineDraft,
	NormalizationChange,
	NormalizationRule,
	OrderDraft,
	OrderOperation,
} from './types';

export interface Normalized<T> {
	value: T;
	rules: NormalizationRule[];
}

export const RULE_MESSAGES: Readonly<Record<NormalizationRule, string>> = {
	...CATALOG_RULE_MESSAGES,
	timestampToApiDate: 'took the calendar date of the timestamp in the API time zone',
	trimmed: 'removed spaces at the start or end',
	whitespaceCollapsed: 'collapsed runs of spaces, tabs or line breaks into one space',
	fullWidthToHalfWidth: 'converted full-width digits, letters or spaces to half-width',
	halfWidthKanaToFullWidth: 'converted half-width katakana to full-width',
	hyphenUnified: 'replaced dash-like characters (－ ‐ ― − and ー between digits) with "-"',
	zipCodeDigitsOnly: 'removed 〒, hyphens and spaces from the zip code',
	phoneDigitsOnly: 'removed hyphens, spaces, dots and parentheses from the phone number',
	countryCodeToDomestic: 'replaced the country code +81 with the domestic leading 0',
	internationalPlusRemoved:
		'removed the leading + of an international number (only digits are allowed)',
	prefectureCompleted: 'added the missing prefecture suffix (都, 道, 府 or 県)',
	prefectureSuffixCorrected: 'replaced a wrong prefecture suffix with the right one',
	prefectureRomanized: 'replaced a prefecture written in Latin letters with its Japanese name',
	prefectureFromCode: 'replaced a prefecture number (13, JP-13, JP13) with its Japanese name',
	prefectureMovedFromMunicipalities:
		'took the prefecture from the start of municipalities (prefecture_name was empty)',
	prefectureRemovedFromMunicipalities:
		'removed the prefecture repeated at the start of municipalities',
	municipalitiesMovedFromPrefecture:
		'moved the text after the prefecture name into municipalities (municipalities was empty)',
	dateFormatted: 'rewrote the date in the form YYYY-MM-DD',
	numberParsed: 'read a number written as text',
	emptyOmitted: 'left out an optional field that was empty',
	addressCarriedToAddress2: `moved the part beyond ${LIMITS.addressWidth} half-width units to the front of address2`,
	addressOverflowSentAsIs: `is wider than ${LIMITS.addressWidth} half-width units and is sent as is; the service may cut off the excess`,
};

/** ー is not here: only context tells it from a hyphen (unifyHyphens). */
const DASH_LIKE = /[\u2010-\u2015\u2043\u2212\uFE58\uFE63\uFF0D]/g;
const HALF_WIDTH_KANA_RUN = /[\uFF61-\uFF9F]+/g;
const FULL_WIDTH_ALNUM = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g;
const FULL_WIDTH_ASCII = /[\uFF01-\uFF5E]/g;
const IDEOGRAPHIC_SPACE = /\u3000/g;
const ASCII_ALNUM = /[0-9A-Za-z]/;
const ASCII_DIGIT = /[0-9]/;

function fromFullWidth(ch: string): string {
	return String.fromCharCode(ch.charCodeAt(0) - 0xfee0);
}

export function halfWidthKanaToFullWidth(text: string): string {
	return text.replace(HALF_WIDTH_KANA_RUN, (run) => run.normalize('NFKC'));
}

export function fullWidthAlnumToHalfWidth(text: string): string {
	return text.replace(FULL_WIDTH_ALNUM, fromFullWidth).replace(IDEOGRAPHIC_SPACE, ' ');
}

export function fullWidthAsciiToHalfWidth(text: string): string {
	return text.replace(FULL_WIDTH_ASCII, fromFullWidth).replace(IDEOGRAPHIC_SPACE, ' ');
}

/** `1ー2ー3` has hyphens, but katakana words (コーポ) keep their ー. */
export function unifyHyphens(text: string): string {
	const dashed = text.replace(DASH_LIKE, '-');
	return dashed.replace(/ー/g, (mark, offset: number) => {
		const before = dashed.charAt(offset - 1);
		const after = dashed.charAt(offset + 1);
		const between = ASCII_ALNUM.test(before) && ASCII_ALNUM.test(after);
		return between && (ASCII_DIGIT.test(before) || ASCII_DIGIT.test(after)) ? '-' : mark;
	});
}

/** Zip codes and phone numbers hold no katakana, so ー/ｰ is a hyphen there. */
function unifyAllHyphens(text: string): string {
	return text.replace(DASH_LIKE, '-').replace(/[ーｰ]/g, '-');
}

function collapseWhitespace(text: string): string {
	return text.replace(/\s+/g, ' ');
}

function runStep(
	value: string,
	rules: NormalizationRule[],
	rule: NormalizationRule,
	transform: (text: string) => string,
): string {
	const next = transform(value);
	if (next !== value && !rules.includes(rule)) rules.push(rule);
	return next;
}

export function normalizeText(input: string): Normalized<string> {
	const rules: NormalizationRule[] = [];
	let value = runStep(input, rules, 'halfWidthKanaToFullWidth', halfWidthKanaToFullWidth);
	value = runStep(value, rules, 'fullWidthToHalfWidth', fullWidthAlnumToHalfWidth);
	value = runStep(value, rules, 'hyphenUnified', unifyHyphens);
	value = runStep(value, rules, 'trimmed', (text) => text.trim());
	value = runStep(value, rules, 'whitespaceCollapsed', collapseWhitespace);
	return { value, rules };
}

/** The service issues these codes in ASCII: full-width typing is always a mistake. */
export function normalizeCode(input: string): Normalized<string> {
	const rules: NormalizationRule[] = [];
	let value = runStep(input, rules, 'fullWidthToHalfWidth', fullWidthAsciiToHalfWidth);
	value = runStep(value, rules, 'hyphenUnified', (text) => text.replace(DASH_LIKE, '-'));
	value = runStep(value, rules, 'trimmed', (text) => text.trim());
	return { value, rules };
}

/** Trimmed only: matched against the retailer's systems and the duplicate lookup. */
export function normalizeIdentifier(input: string): Normalized<string> {
	const rules: NormalizationRule[] = [];
	const value = runStep(input, rules, 'trimmed', (text) => text.trim());
	return { value, rules };
}

export function normalizeZipCode(input: string): Normalized<string> {
	const rules: NormalizationRule[] = [];
	// `-〒` or `〒 〒` must not leave a 〒 that a second pass would remove.
	let value = runStep(input, rules, 'fullWidthToHalfWidth', fullWidthAsciiToHalfWidth);
	value = runStep(value, rules, 'hyphenUnified', unifyAllHyphens);
	value = runStep(value, rules, 'trimmed', (text) => text.trim());
	value = runStep(value, rules, 'zipCodeDigitsOnly', (text) =>
		text.replace(/[\s-]/g, '').replace(/^〒+/, ''),
	);
	return { value, rules };
}

/** The slip needs the domestic form: +81 becomes 0; another code loses its `+` (the spec allows digits only). */
export function normalizePhoneNumber(input: string): Normalized<string> {
	const rules: NormalizationRule[] = [];
	let value = runStep(input, rules, 'fullWidthToHalfWidth', fullWidthAsciiToHalfWidth);
	value = runStep(value, rules, 'hyphenUnified', unifyAllHyphens);
	value = runStep(value, rules, 'trimmed', (text) => text.trim());
	const stripSeparators = (text: string) => text.replace(/[\s\-.()]/g, '');
	if (value.startsWith('+81')) {
		const rest = value.slice(3);
		const national = stripSeparators(rest);
		rules.push('countryCodeToDomestic');
		if (national !== rest) rules.push('phoneDigitsOnly');
		return { value: national.startsWith('0') ? national : `0${national}`, rules };
	}
	value = runStep(value, rules, 'phoneDigitsOnly', stripSeparators);
	value = runStep(value, rules, 'internationalPlusRemoved', (text) => text.replace(/^\++/, ''));
	return { value, rules };
}

export function normalizeMailAddress(input: string): Normalized<string> {
	const rules: NormalizationRule[] = [];
	let value = runStep(input, rules, 'fullWidthToHalfWidth', fullWidthAsciiToHalfWidth);
	value = runStep(value, rules, 'trimmed', (text) => text.trim());
	return { value, rules };
}

export function normalizePrefectureName(input: string): Normalized<string> & { known: boolean } {
	const rules: NormalizationRule[] = [];
	let value = runStep(input, rules, 'halfWidthKanaToFullWidth', halfWidthKanaToFullWidth);
	value = runStep(value, rules, 'fullWidthToHalfWidth', fullWidthAsciiToHalfWidth);
	value = runStep(value, rules, 'trimmed', (text) => text.trim());
	// `Tokyo to` must not become `Tokyoto`.
	const spelled = resolvePrefecture(value);
	if (spelled.kind === 'romanized')
		return { value: spelled.name, rules: [...rules, 'prefectureRomanized'], known: true };
	if (spelled.kind === 'code')
		return { value: spelled.name, rules: [...rules, 'prefectureFromCode'], known: true };
	value = runStep(value, rules, 'whitespaceCollapsed', (text) => text.replace(/\s/g, ''));
	const resolution = resolvePrefecture(value);
	switch (resolution.kind) {
		case 'exact':
			return { value, rules, known: true };
		case 'completed':
			return { value: resolution.name, rules: [...rules, 'prefectureCompleted'], known: true };
		case 'suffixCorrected':
			return {
				value: resolution.name,
				rules: [...rules, 'prefectureSuffixCorrected'],
				known: true,
			};
		// `0\t1` is a code only once its whitespace is gone.
		case 'code':
			return { value: resolution.name, rules: [...rules, 'prefectureFromCode'], known: true };
		case 'romanized':
			return { value: resolution.name, rules: [...rules, 'prefectureRomanized'], known: true };
		default:
			return { value, rules, known: false };
	}
}

/** README "Dates as shops send them". */
export function normalizeOrderDate(
	input: string,
	zones: ShopDateZones = DEFAULT_DATE_ZONES,
): Normalized<string> {
	const rules: NormalizationRule[] = [];
	let value = runStep(input, rules, 'fullWidthToHalfWidth', fullWidthAsciiToHalfWidth);
	value = runStep(value, rules, 'trimmed', (text) => text.trim());
	const instantDate = calendarDateOfTimestamp(value, zones);
	if (instantDate !== undefined)
		return { value: instantDate, rules: [...rules, 'timestampToApiDate'] };
	const match = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(value);
	if (match) {
		const formatted = `${match[1]}-${match[2].padStart(2, '0')}-${match[3].padStart(2, '0')}`;
		value = runStep(value, rules, 'dateFormatted', () => formatted);
	}
	return { value, rules };
}

function normalizeFreeTextDate(input: string, zones: ShopDateZones): Normalized<string> {
	const instantDate = calendarDateOfTimestamp(fullWidthAsciiToHalfWidth(input), zones);
	return instantDate !== undefined
		? { value: instantDate, rules: ['timestampToApiDate'] }
		: normalizeIdentifier(input);
}

export const DEFAULT_DATE_ZONES: ShopDateZones = {
	api: DEFAULT_API_TIME_ZONE,
	input: DEFAULT_API_TIME_ZONE,
};

export function normalizeNumber(input: unknown): Normalized<unknown> {
	if (typeof input !== 'string') return { value: input, rules: [] };
	const text = fullWidthAsciiToHalfWidth(input).trim();
	if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return { value: input, rules: [] };
	const rules: NormalizationRule[] = [];
	if (text !== input.trim()) rules.push('fullWidthToHalfWidth');
	rules.push('numberParsed');
	return { value: Number(text), rules };
}

export function change(field: string, rule: NormalizationRule): NormalizationChange {
	return { field, rule, message: `${field}: ${RULE_MESSAGES[rule]}` };
}

type StringNormalizer = (input: string) => Normalized<string>;

const NORMALIZER_OF_KIND: Partial<Record<FieldKind, StringNormalizer>> = {
	identifier: normalizeIdentifier,
	text: normalizeText,
	code: normalizeCode,
	zip: normalizeZipCode,
	phone: normalizePhoneNumber,
	mail: normalizeMailAddress,
	prefecture: normalizePrefectureName,
};

export interface NormalizeOptions {
	enabled?: boolean;
	timeZones?: ShopDateZones;
}

export interface NormalizeResult {
	order: OrderDraft;
	changes: NormalizationChange[];
}

type Recorder = (field: string, rules: NormalizationRule[]) => void;

const isNumber = (field: OrderField) => field.kind === 'integer' || field.kind === 'choice';

/** An empty optional value is left out, so that a line's other code or the service's default counts. */
function normalizeField(
	target: { [key: string]: unknown },
	field: OrderField,
	at: string,
	omitEmpty: boolean,
	record: Recorder,
	toText = NORMALIZER_OF_KIND[field.kind],
): void {
	const value = target[field.key];
	if (field.kind === 'novelties' || field.kind === 'imageUrls') {
		if (isPlainObject(value))
			target[field.key] = (field.kind === 'novelties' ? normalizeNovelties : trimImageUrls)(
				value,
				at,
				record,
			);
		return;
	}
	const number = isNumber(field);
	let result: Normalized<unknown>;
	if (number && value !== undefined) result = normalizeNumber(value);
	else if (!number && toText !== undefined && typeof value === 'string') result = toText(value);
	else return;
	target[field.key] = result.value;
	record(at, result.rules);
	if (!number && result.value === '' && omitEmpty) {
		delete target[field.key];
		record(at, ['emptyOmitted']);
	}
}

const orderPhase = (field: OrderField) =>
	isNumber(field) ? 0 : field.kind === 'date' ? 2 : field.kind === 'novelties' ? 3 : 1;
const linePhase = (field: OrderField) => (isNumber(field) ? 1 : field.kind === 'imageUrls' ? 2 : 0);
const byPhase = (fields: OrderField[], phase: (field: OrderField) => number) =>
	fields.sort((a, b) => phase(a) - phase(b));

/** ec_optional_information and action_after_print stay untouched: returned to the retailer as sent. */
export function normalizeOrder(
	draft: OrderDraft,
	operation: OrderOperation,
	options: NormalizeOptions = {},
): NormalizeResult {
	if (options.enabled === false) return { order: draft, changes: [] };
	const changes: NormalizationChange[] = [];
	const record: Recorder = (field, rules) => {
		for (const rule of rules) changes.push(change(field, rule));
	};
	const order: OrderDraft = { ...draft };
	const zones = options.timeZones ?? DEFAULT_DATE_ZONES;
	const levels = byPhase(orderLevelFields(CHECK_ORDER), orderPhase);
	const normalizeLevel = (field: OrderField) => {
		if (field.kind !== 'date')
			return normalizeField(order, field, field.key, field.required === 'optional', record);
		// Free text on order-with-image: only a shop's timestamp becomes a date.
		const asDate = fieldAt(field.path, operation)?.kind === 'date';
		const toDate = (text: string) =>
			asDate ? normalizeOrderDate(text, zones) : normalizeFreeTextDate(text, zones);
		normalizeField(order, field, field.key, asDate, record, toDate);
	};

	levels.filter((field) => orderPhase(field) < 3).forEach(normalizeLevel);
	for (const key of ['shipping_information', 'sender_information'] as const) {
		const block = order[key];
		if (!isPlainObject(block)) continue;
		const normalized: AddressDraft = { ...block };
		for (const field of blockFields(key))
			normalizeField(normalized, field, field.path, field.required === 'optional', record);
		for (const [field, rule] of splitPrefecture(normalized)) record(`${key}.${field}`, [rule]);
		order[key] = normalized;
	}
	levels.filter((field) => orderPhase(field) === 3).forEach(normalizeLevel);

	// Order-with-image's ec_order_detail_no may be "" (the spec's sample).
	const lineFields = byPhase(
		fieldsOf(operation).filter((field) => field.part === 'line'),
		linePhase,
	);
	if (Array.isArray(order.order_details)) {
		order.order_details = order.order_details.map((line, index) => {
			if (!isPlainObject(line)) return line;
			const normalized: LineDraft = { ...line };
			for (const field of lineFields)
				normalizeField(
					normalized,
					field,
					`order_details[${index}].${field.key}`,
					field.required === 'either' ||
						(field.required === 'optional' && operation === 'orderByCode'),
					record,
				);
			return normalized;
		});
	}
	return { order, changes };
}

function normalizeNovelties(
	action: { [key: string]: unknown },
	path: string,
	record: Recorder,
): unknown {
	if (!isPlainObject(action.novelty)) return action;
	const novelty: { [key: string]: unknown } = {};
	for (const [name, count] of Object.entries(action.novelty)) {
		const result = normalizeNumber(count);
		novelty[name] = result.value;
		record(`${path}.novelty.${name}`, result.rules);
	}
	return { ...action, novelty };
}

function trimImageUrls(
	imageUrls: { [key: string]: unknown },
	path: string,
	record: Recorder,
): unknown {
	if (!Array.isArray(imageUrls.values)) return imageUrls;
	const values = imageUrls.values.map((position: unknown, positionIndex) => {
		if (!isPlainObject(position) || !Array.isArray(position.urls)) return position;
		const urls = position.urls.map((entry: unknown, urlIndex) => {
			if (!isPlainObject(entry) || typeof entry.url !== 'string') return entry;
			const trimmed = entry.url.trim();
			if (trimmed !== entry.url)
				record(`${path}.values[${positionIndex}].urls[${urlIndex}].url`, ['trimmed']);
			return { ...entry, url: trimmed };
		});
		return { ...position, urls };
	});
	return { ...imageUrls, values };
}

/** No prefecture's name prefixes another's. */
export function leadingPrefecture(text: string): string | undefined {
	return PREFECTURES.find((name) => text.startsWith(name));
}

/** Sheets often hold the whole address in one column; only full names match (`京都市` is a city, not 京都府). */
function splitPrefecture(block: AddressDraft): Array<[keyof AddressDraft, NormalizationRule]> {
	const prefecture = block.prefecture_name ?? '';
	const municipalities = block.municipalities ?? '';
	const inMunicipalities = leadingPrefecture(municipalities);
	if (inMunicipalities !== undefined && municipalities.length > inMunicipalities.length) {
		const rest = municipalities.slice(inMunicipalities.length).trim();
		if (prefecture === '') {
			block.prefecture_name = inMunicipalities;
			block.municipalities = rest;
			return [['prefecture_name', 'prefectureMovedFromMunicipalities']];
		}
		if (prefecture === inMunicipalities) {
			block.municipalities = rest;
			return [['municipalities', 'prefectureRemovedFromMunicipalities']];
		}
		return [];
	}
	const inPrefecture = leadingPrefecture(prefecture);
	if (
		inPrefecture !== undefined &&
		prefecture.length > inPrefecture.length &&
		municipalities === ''
	) {
		block.prefecture_name = inPrefecture;
		block.municipalities = prefecture.slice(inPrefecture.length);
		return [['municipalities', 'municipalitiesMovedFromPrefecture']];
	}
	return [];
}

/** Line paths stay relative to the row; combining moves them. */
export function normalizeRow(
	row: DraftRow,
	operation: OrderOperation,
	enabled: boolean,
	timeZones?: ShopDateZones,
): DraftRow & { changes: NormalizationChange[] } {
	const { order, changes } = normalizeOrder(row.order, operation, { enabled, timeZones });
	return {
		...row,
		order,
		changes: changes.map((entry) => ({ ...entry, itemIndex: row.itemIndex })),
	};
}
