/** The spec's rules (2.6, 4.4, 4.9, 8); a problem never holds the value (personal data), only lengths and counts. */
import { LIMITS } from '../../../api/limits';
import * as patterns from '../../../api/patterns';
import { IMAGE_URL_TYPES, PRINT_POSITIONS } from '../../../api/positions';
import { addressWidth } from '../../../api/width';
import { blockFields, CHECK_ORDER, fieldAt, field as fieldOf, fieldsOf } from './fields';
import type { AddressPart, FieldKind, OrderField } from './fields';
import { leadingPrefecture } from './normalize';
import { isPrefecture, startsWithPrefecture } from './prefectures';
import { isBlank, isPlainObject } from './values';
import type { AddressOverflowPolicy, InputProblem, OrderDraft, OrderOperation } from './types';

export { LIMITS };

export const ZIP_CODE_PATTERN = new RegExp(patterns.ZIP_CODE_PATTERN);
export const PHONE_NUMBER_PATTERN = new RegExp(patterns.PHONE_NUMBER_PATTERN);
export const MAIL_ADDRESS_PATTERN = new RegExp(patterns.MAIL_ADDRESS_PATTERN);
export const URL_PATTERN = new RegExp(patterns.URL_PATTERN);

export const SHOP_SENDER_HINT =
	"Or give your shop's sender once in the Printio credential (Shop Sender): it is used for every order that gives no sender.";

export interface ValidateOptions {
	/** `sendAsIs` skips the width check: the spec lets the service cut off the excess. */
	addressOverflow?: AddressOverflowPolicy;
	/** Spec 9: without it an order-by-code may name one original item only. */
	multiItemOrder?: boolean;
}

/** The spec counts code points: an emoji or rare kanji counts once. */
export function characterLength(text: string): number {
	return Array.from(text).length;
}

function problem(field: string, message: string, fix: string): InputProblem {
	return { field, message, fix };
}

function requireText(
	problems: InputProblem[],
	value: unknown,
	field: string,
	fix: string,
): string | undefined {
	if (isBlank(value)) {
		problems.push(problem(field, 'is required', fix));
		return undefined;
	}
	if (typeof value !== 'string') {
		problems.push(problem(field, 'must be text', `Give ${field} as text. ${fix}`));
		return undefined;
	}
	return value;
}

function optionalText(problems: InputProblem[], value: unknown, field: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') {
		problems.push(problem(field, 'must be text', `Give ${field} as text, or leave it empty.`));
		return undefined;
	}
	return value;
}

function checkMaxLength(problems: InputProblem[], value: string, field: string, max: number): void {
	const length = characterLength(value);
	if (length > max) {
		problems.push(
			problem(
				field,
				`is ${length} characters long; at most ${max} are allowed`,
				`Shorten ${field} to at most ${max} characters.`,
			),
		);
	}
}

function checkInteger(
	problems: InputProblem[],
	value: unknown,
	field: string,
	options: { min?: number; fix: string },
): void {
	if (typeof value !== 'number' || !Number.isFinite(value)) {
		problems.push(problem(field, 'must be a whole number', options.fix));
		return;
	}
	if (!Number.isInteger(value)) {
		problems.push(problem(field, 'must be a whole number, not a fraction', options.fix));
		return;
	}
	if (options.min !== undefined && value < options.min) {
		problems.push(problem(field, `must be at least ${options.min}`, options.fix));
	}
}

function checkField(
	problems: InputProblem[],
	field: OrderField,
	value: unknown,
	at: string,
	options: ValidateOptions,
): string | undefined {
	switch (field.kind) {
		case 'integer':
			if (!isBlank(value))
				checkInteger(problems, value, at, { min: field.limit?.min, fix: field.fix });
			else if (field.required === 'required' || field.required === 'default')
				problems.push(problem(at, 'is required', field.fix));
			return undefined;
		case 'choice': {
			const values = field.limit.values;
			if (!isBlank(value) && !values.includes(value as string | number))
				problems.push(problem(at, `must be ${values.join(' or ')}`, field.fix));
			return undefined;
		}
		case 'novelties':
			problems.push(...validateNovelties(value, at, field.fix));
			return undefined;
		case 'imageUrls':
			problems.push(...validateImageUrls(value, at));
			return undefined;
	}
	const text =
		field.required === 'required' || field.required === 'default'
			? requireText(problems, value, at, field.fix)
			: optionalText(problems, value, at);
	if (text === undefined) return undefined;
	if (field.limit?.maxLength !== undefined)
		checkMaxLength(problems, text, at, field.limit.maxLength);
	const policy = options.addressOverflow ?? 'fail';
	if (field.limit?.width !== undefined && policy !== 'sendAsIs')
		checkWidth(problems, text, at, policy, field.limit.width);
	TEXT_RULES[field.kind]?.(problems, text, at, field);
	return text;
}

type TextRule = (problems: InputProblem[], text: string, at: string, field: OrderField) => void;

function checkZipCode(problems: InputProblem[], zip: string, at: string, spec: OrderField): void {
	if (ZIP_CODE_PATTERN.test(zip)) return;
	const expected = spec.limit?.digits?.min ?? LIMITS.zipCodeDigits;
	if (/\D/.test(zip)) {
		problems.push(
			problem(
				at,
				'must contain digits only',
				`Remove hyphens, spaces and 〒 (or turn normalisation on) so that ${expected} digits remain.`,
			),
		);
		return;
	}
	problems.push(
		problem(
			at,
			`must be ${expected} digits (has ${zip.length})`,
			zip.length === expected - 1
				? `Give all ${expected} digits. If the zip code starts with 0, a spreadsheet may have dropped that leading 0 when it stored the code as a number: format the column as text and enter the code again.`
				: `Give the ${expected}-digit zip code without a hyphen.`,
		),
	);
}

function checkPhoneNumber(
	problems: InputProblem[],
	phone: string,
	at: string,
	spec: OrderField,
): void {
	if (PHONE_NUMBER_PATTERN.test(phone)) return;
	const { min, max } = spec.limit?.digits ?? {
		min: LIMITS.phoneDigitsMin,
		max: LIMITS.phoneDigitsMax,
	};
	if (/\D/.test(phone)) {
		problems.push(
			problem(
				at,
				'must contain digits only',
				'Remove hyphens, spaces, parentheses and extension text (or turn normalisation on); give a country code other than +81 as digits.',
			),
		);
		return;
	}
	problems.push(
		problem(
			at,
			`must have ${min} to ${max} digits (has ${phone.length})`,
			phone.length === min - 1 && !phone.startsWith('0')
				? 'Give the whole number. Japanese numbers start with 0: a spreadsheet may have dropped it when it stored the number as a number; format the column as text and enter it again.'
				: `Give the phone number with its area code, ${min} to ${max} digits.`,
		),
	);
}

function checkPrefecture(
	problems: InputProblem[],
	text: string,
	at: string,
	field: OrderField,
): void {
	if (isPrefecture(text)) return;
	problems.push(
		startsWithPrefecture(text)
			? problem(
					at,
					'holds more than a prefecture name',
					'Put only the prefecture in prefecture_name and the rest of the address in municipalities and address1.',
				)
			: problem(at, 'is not one of the 47 prefectures', field.fix),
	);
}

function checkMailAddress(
	problems: InputProblem[],
	text: string,
	at: string,
	field: OrderField,
): void {
	if (!MAIL_ADDRESS_PATTERN.test(text))
		problems.push(problem(at, 'is not a valid mail address', field.fix));
}

function checkDate(problems: InputProblem[], text: string, at: string, field: OrderField): void {
	const pattern = field.limit?.pattern;
	if (
		text !== '' &&
		pattern !== undefined &&
		(!new RegExp(pattern).test(text) || !isRealDate(text))
	)
		problems.push(problem(at, 'is not a date of the form YYYY-MM-DD', field.fix));
}

const TEXT_RULES: Partial<Record<FieldKind, TextRule>> = {
	zip: checkZipCode,
	phone: checkPhoneNumber,
	mail: checkMailAddress,
	prefecture: checkPrefecture,
	date: checkDate,
};

/** Spec 2.6. */
export function validateAddressBlock(
	block: unknown,
	path: AddressPart,
	options: ValidateOptions = {},
): InputProblem[] {
	if (!isPlainObject(block)) {
		const who = path === 'shipping_information' ? 'recipient' : 'sender';
		return [
			problem(
				path,
				block === undefined || block === null ? 'is required' : 'must be an object',
				`Give the ${who}'s address: zip_code, prefecture_name, municipalities, address1, full_name and phone_number.${
					path === 'sender_information' ? ` ${SHOP_SENDER_HINT}` : ''
				}`,
			),
		];
	}
	const problems: InputProblem[] = [];
	const texts = new Map<string, string | undefined>();
	for (const field of blockFields(path))
		texts.set(field.key, checkField(problems, field, block[field.key], field.path, options));
	const prefecture = texts.get('prefecture_name');
	const municipalities = texts.get('municipalities');
	const repeated = municipalities === undefined ? undefined : leadingPrefecture(municipalities);
	if (
		repeated !== undefined &&
		prefecture !== undefined &&
		isPrefecture(prefecture) &&
		repeated !== prefecture
	)
		problems.push(
			problem(
				`${path}.municipalities`,
				'starts with a prefecture other than prefecture_name',
				'Check which prefecture is right, and give the prefecture only in prefecture_name.',
			),
		);
	return problems;
}

function checkWidth(
	problems: InputProblem[],
	text: string | undefined,
	field: string,
	policy: 'fail' | 'carryToAddress2',
	limit: number,
): void {
	if (text === undefined) return;
	const width = addressWidth(text);
	if (width <= limit) return;
	const message = `is ${width} half-width units wide; at most ${limit} are allowed (a full-width character counts 2)`;
	let fix: string;
	if (policy === 'fail') {
		fix =
			'Shorten it or move the rest to address2, or set the address overflow option to carry the rest over to address2 or to send it as is.';
	} else if (field.endsWith('address1')) {
		fix = `address1 and address2 together do not fit in 2 × ${limit} units even with the overflow carried over: shorten the address (for example the building name) or move part of it to municipalities.`;
	} else {
		fix = `Shorten address2 to at most ${limit} half-width units.`;
	}
	problems.push(problem(field, message, fix));
}

/** Slots are read into image_urls, so a line never holds a slot's key. */
function validateLine(
	line: Record<string, unknown>,
	path: string,
	operation: OrderOperation,
): InputProblem[] {
	const problems: InputProblem[] = [];
	const walked = new Set<string>();
	for (const field of fieldsOf(operation)) {
		if (field.part !== 'line') continue;
		const at = `${path}.${field.key}`;
		// Order-with-image sends a missing ec_order_detail_no as "" (the spec's sample).
		checkField(problems, field, line[field.key], at, {});
		walked.add(field.key);
		if (
			field.alternative !== undefined &&
			!walked.has(field.alternative) &&
			isBlank(line[field.key]) &&
			isBlank(line[field.alternative])
		)
			problems.push(problem(at, `is required when ${field.alternative} is empty`, field.fix));
	}
	return problems;
}

export function validateImageUrls(imageUrls: unknown, path: string): InputProblem[] {
	const problems: InputProblem[] = [];
	const shapeFix = fieldOf('order_details[].image_urls', 'orderWithImage').fix;
	if (!isPlainObject(imageUrls)) {
		problems.push(
			problem(
				path,
				imageUrls === undefined || imageUrls === null ? 'is required' : 'must be an object',
				shapeFix,
			),
		);
		return problems;
	}
	if (!Array.isArray(imageUrls.values) || imageUrls.values.length === 0) {
		problems.push(problem(`${path}.values`, 'must list at least one print position', shapeFix));
		return problems;
	}
	imageUrls.values.forEach((entry: unknown, index: number) => {
		const at = `${path}.values[${index}]`;
		if (!isPlainObject(entry)) {
			problems.push(problem(at, 'must be an object', shapeFix));
			return;
		}
		if (!(PRINT_POSITIONS as readonly unknown[]).includes(entry.position)) {
			problems.push(
				problem(
					`${at}.position`,
					isBlank(entry.position) ? 'is required' : 'is not a print position',
					'Use front, back, left or right (lower case); which ones an item accepts depends on the item.',
				),
			);
		}
		if (!Array.isArray(entry.urls) || entry.urls.length === 0) {
			problems.push(problem(`${at}.urls`, 'must list at least one image URL', shapeFix));
			return;
		}
		entry.urls.forEach((url: unknown, urlIndex: number) => {
			const urlAt = `${at}.urls[${urlIndex}]`;
			if (!isPlainObject(url)) {
				problems.push(problem(urlAt, 'must be an object', shapeFix));
				return;
			}
			if (!(IMAGE_URL_TYPES as readonly unknown[]).includes(url.type)) {
				problems.push(
					problem(
						`${urlAt}.type`,
						isBlank(url.type) ? 'is required' : 'is not an image type',
						'Use Output (the print image) or Thumbnail (the preview), with that capitalisation.',
					),
				);
			}
			const text = requireText(
				problems,
				url.url,
				`${urlAt}.url`,
				'Give the http(s) URL of the image.',
			);
			if (text !== undefined && !URL_PATTERN.test(text)) {
				problems.push(
					problem(
						`${urlAt}.url`,
						'is not an http(s) URL',
						fieldOf('order_details[].image_urls.front.Output', 'orderWithImage').fix,
					),
				);
			}
		});
	});
	return problems;
}

function isRealDate(text: string): boolean {
	const [year, month, day] = text.split('-').map(Number);
	// An out-of-range day rolls over; Date.UTC reads years 0-99 as 1900-1999.
	return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === text;
}

function validateLines(lines: unknown, operation: OrderOperation): InputProblem[] {
	if (!Array.isArray(lines) || lines.length === 0) {
		return [
			problem(
				'order_details',
				'must hold at least one line',
				operation === 'orderByCode'
					? 'Give at least one line with original_item_code (or ec_original_item_code), quantity, color and size.'
					: 'Give at least one line with item_code, quantity, color, size and image_urls.',
			),
		];
	}
	return lines.flatMap((line: unknown, index: number) => {
		const path = `order_details[${index}]`;
		if (!isPlainObject(line))
			return [
				problem(
					path,
					'must be an object',
					'Give each line as an object with the fields of an order line.',
				),
			];
		return validateLine(line, path, operation);
	});
}

export function validateOrder(
	order: OrderDraft,
	operation: OrderOperation,
	options: ValidateOptions = {},
): InputProblem[] {
	const problems: InputProblem[] = [];
	const values = order as Record<string, unknown>;
	for (const key of CHECK_ORDER) {
		if (key === 'shipping_information' || key === 'sender_information') {
			problems.push(...validateAddressBlock(order[key], key, options));
		} else if (key === 'order_details') {
			problems.push(...validateLines(order.order_details, operation));
		} else {
			const field = fieldAt(key, operation);
			if (field !== undefined) checkField(problems, field, values[key], key, options);
		}
	}
	if (operation === 'orderByCode' && options.multiItemOrder !== true)
		problems.push(...checkOneOriginalItem(order.order_details));
	return problems;
}

/** Spec 9: only the certain case is refused; lines by the two kinds of code may be one item, the service decides. */
function checkOneOriginalItem(lines: unknown): InputProblem[] {
	if (!Array.isArray(lines)) return [];
	const distinct = (key: 'original_item_code' | 'ec_original_item_code') =>
		new Set(
			lines
				.map((line) => (isPlainObject(line) ? line[key] : undefined))
				.filter((code) => typeof code === 'string' && code !== ''),
		).size;
	const count = Math.max(distinct('original_item_code'), distinct('ec_original_item_code'));
	if (count <= 1) return [];
	return [
		problem(
			'order_details',
			`names ${count} different original items; without Multi-Item Orders Printio accepts one original item per order`,
			'Turn on Options › Multi-Item Orders (it sends X-Feature-Flags: MultiItemOrder; each item then ships on its own), or place one order per original item.',
		),
	];
}

function validateNovelties(value: unknown, at: string, fix: string): InputProblem[] {
	if (value === undefined || value === null) return [];
	if (!isPlainObject(value)) return [problem(at, 'must be an object', fix)];
	if (value.novelty === undefined) return [];
	if (!isPlainObject(value.novelty)) return [problem(`${at}.novelty`, 'must be an object', fix)];
	const problems: InputProblem[] = [];
	for (const [name, count] of Object.entries(value.novelty)) {
		if (name.trim() === '') {
			problems.push(problem(`${at}.novelty`, 'has an empty novelty name', fix));
			continue;
		}
		checkInteger(problems, count, `${at}.novelty.${name}`, { fix });
	}
	return problems;
}
