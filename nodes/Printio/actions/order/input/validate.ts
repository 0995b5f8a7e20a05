/**
 * Every rule of the spec (2.6, 4.4, 4.9, 8) checked on an order before it is sent. Problems name the field,
 * say what is wrong and how to fix it, and never contain the value: names, addresses, phones and mail
 * addresses are personal data and must not reach logs or error texts. Lengths and counts are fine to give.
 */
import { ADDRESS_WIDTH_LIMIT, addressWidth, isPlainObject, leadingPrefecture } from './normalize';
import { isPrefecture, startsWithPrefecture } from './prefectures';
import type { AddressOverflowPolicy, InputProblem, OrderDraft, OrderOperation } from './types';

/** Limits of the spec, section 8. */
export const LIMITS = {
	ecOrderNo: 50,
	ecOrderDetailNo: 50,
	ecOrderDate: 50,
	ecOriginalItemCode: 50,
	originalItemName: 255,
	addressWidth: ADDRESS_WIDTH_LIMIT,
	zipCodeDigits: 7,
	phoneDigitsMin: 10,
	phoneDigitsMax: 15,
	quantityMin: 1,
} as const;

// Same patterns as contract/schemas.ts (a test asserts they agree); repeated because node code may import
// only types from the contract.
export const ZIP_CODE_PATTERN = /^[0-9]{7}$/;
export const PHONE_NUMBER_PATTERN = /^[0-9]{10,15}$/;
/** Pragmatic on purpose: old Japanese carrier addresses (`a..b.@docomo.ne.jp`) are not RFC-valid but real. */
export const MAIL_ADDRESS_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const URL_PATTERN = /^https?:\/\/[^\s]+$/;
/** http(s) URL of a png, jpg (jpeg) or pdf file; the extension decides, a query string may follow. */
export const ORIGINAL_ITEM_IMAGE_URL_PATTERN = /^https?:\/\/[^\s?#]+\.(png|jpe?g|pdf)([?#][^\s]*)?$/i;
export const DATE_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

export const IMAGE_POSITIONS = ['front', 'back', 'left', 'right'] as const;
export const IMAGE_URL_TYPES = ['Output', 'Thumbnail'] as const;
export const SHIPPING_METHODS = [1, 2] as const;

export interface ValidateOptions {
	/**
	 * With `sendAsIs` address widths are not checked (the spec says the excess may be cut off); with `fail` and
	 * `carryToAddress2` (after the carry was applied) a line over the limit is a problem. Default `fail`.
	 */
	addressOverflow?: AddressOverflowPolicy;
}

/** Number of characters as the spec counts lengths: code points, so an emoji or rare kanji counts once. */
export function characterLength(text: string): number {
	return Array.from(text).length;
}

function problem(field: string, message: string, fix: string): InputProblem {
	return { field, message, fix };
}

function isBlank(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Required text: present, a string, not blank. Returns the string or undefined after recording a problem. */
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

/** An integer within bounds; `what` names the field for the fix. */
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

// ------------------------------------------------------------------ address blocks

const ADDRESS_FIXES = {
	zip_code: 'Give the 7-digit zip code without a hyphen; 〒, hyphens and full-width digits are removed when normalisation is on.',
	prefecture_name:
		'Give one of the 47 prefectures with its suffix (都, 道, 府 or 県); a name without its suffix is completed when normalisation is on.',
	municipalities: 'Give the city, ward, town or village (市区町村).',
	address1: `Give the street address (町名・番地), at most ${ADDRESS_WIDTH_LIMIT} half-width or ${ADDRESS_WIDTH_LIMIT / 2} full-width characters.`,
	phone_number:
		'Give a phone number of 10 to 15 digits; hyphens, spaces and +81 are handled when normalisation is on.',
	item_name: 'Give the goods description printed on the delivery slip.',
} as const;

/**
 * Checks one address block (2.6). `sender` adds the required item_name. Widths follow `addressOverflow`.
 */
export function validateAddressBlock(
	block: unknown,
	path: 'shipping_information' | 'sender_information',
	options: ValidateOptions = {},
): InputProblem[] {
	const problems: InputProblem[] = [];
	const who = path === 'shipping_information' ? 'recipient' : 'sender';
	if (!isPlainObject(block)) {
		problems.push(
			problem(
				path,
				block === undefined || block === null ? 'is required' : 'must be an object',
				`Give the ${who}'s address: zip_code, prefecture_name, municipalities, address1, full_name and phone_number.`,
			),
		);
		return problems;
	}
	const field = (name: string) => `${path}.${name}`;

	const zip = requireText(problems, block.zip_code, field('zip_code'), ADDRESS_FIXES.zip_code);
	if (zip !== undefined && !ZIP_CODE_PATTERN.test(zip)) {
		const digits = zip.replace(/\D/g, '').length;
		if (/\D/.test(zip)) {
			problems.push(
				problem(
					field('zip_code'),
					'must contain digits only',
					'Remove hyphens, spaces and 〒 (or turn normalisation on) so that 7 digits remain.',
				),
			);
		} else {
			problems.push(
				problem(
					field('zip_code'),
					`must be 7 digits (has ${digits})`,
					digits === 6
						? 'Give all 7 digits. If the zip code starts with 0, a spreadsheet may have dropped that leading 0 when it stored the code as a number: format the column as text and enter the code again.'
						: 'Give the 7-digit zip code without a hyphen.',
				),
			);
		}
	}

	const prefecture = requireText(
		problems,
		block.prefecture_name,
		field('prefecture_name'),
		ADDRESS_FIXES.prefecture_name,
	);
	if (prefecture !== undefined && !isPrefecture(prefecture)) {
		problems.push(
			startsWithPrefecture(prefecture)
				? problem(
						field('prefecture_name'),
						'holds more than a prefecture name',
						'Put only the prefecture in prefecture_name and the rest of the address in municipalities and address1.',
					)
				: problem(field('prefecture_name'), 'is not one of the 47 prefectures', ADDRESS_FIXES.prefecture_name),
		);
	}

	const municipalities = requireText(problems, block.municipalities, field('municipalities'), ADDRESS_FIXES.municipalities);
	const repeated = municipalities === undefined ? undefined : leadingPrefecture(municipalities);
	if (repeated !== undefined && prefecture !== undefined && isPrefecture(prefecture) && repeated !== prefecture) {
		problems.push(
			problem(
				field('municipalities'),
				'starts with a prefecture other than prefecture_name',
				'Check which prefecture is right, and give the prefecture only in prefecture_name.',
			),
		);
	}
	const address1 = requireText(problems, block.address1, field('address1'), ADDRESS_FIXES.address1);
	const address2 = optionalText(problems, block.address2, field('address2'));
	const policy = options.addressOverflow ?? 'fail';
	if (policy !== 'sendAsIs') {
		checkWidth(problems, address1, field('address1'), policy);
		checkWidth(problems, address2, field('address2'), policy);
	}

	requireText(problems, block.full_name, field('full_name'), `Give the ${who}'s name.`);

	const phone = requireText(problems, block.phone_number, field('phone_number'), ADDRESS_FIXES.phone_number);
	if (phone !== undefined && !PHONE_NUMBER_PATTERN.test(phone)) {
		if (/\D/.test(phone)) {
			problems.push(
				problem(
					field('phone_number'),
					'must contain digits only',
					'Remove hyphens, spaces, parentheses and extension text (or turn normalisation on); give a country code other than +81 as digits.',
				),
			);
		} else {
			problems.push(
				problem(
					field('phone_number'),
					`must have 10 to 15 digits (has ${phone.length})`,
					phone.length === 9
						? 'Give the whole number. Japanese numbers start with 0: a spreadsheet may have dropped it when it stored the number as a number; format the column as text and enter it again.'
						: 'Give the phone number with its area code, 10 to 15 digits.',
				),
			);
		}
	}

	if (block.mail_address !== undefined && block.mail_address !== null) {
		if (typeof block.mail_address !== 'string') {
			problems.push(problem(field('mail_address'), 'must be text', 'Give the mail address as text, or leave it empty.'));
		} else if (!MAIL_ADDRESS_PATTERN.test(block.mail_address)) {
			problems.push(
				problem(
					field('mail_address'),
					'is not a valid mail address',
					'Give an address of the form local-part@domain without spaces, or leave it empty (it is optional).',
				),
			);
		}
	}

	if (path === 'sender_information') {
		requireText(problems, block.item_name, field('item_name'), ADDRESS_FIXES.item_name);
	}
	return problems;
}

function checkWidth(
	problems: InputProblem[],
	text: string | undefined,
	field: string,
	policy: 'fail' | 'carryToAddress2',
): void {
	if (text === undefined) return;
	const width = addressWidth(text);
	if (width <= ADDRESS_WIDTH_LIMIT) return;
	const message = `is ${width} half-width units wide; at most ${ADDRESS_WIDTH_LIMIT} are allowed (a full-width character counts 2)`;
	let fix: string;
	if (policy === 'fail') {
		fix =
			'Shorten it or move the rest to address2, or set the address overflow option to carry the rest over to address2 or to send it as is.';
	} else if (field.endsWith('address1')) {
		fix = `address1 and address2 together do not fit in 2 × ${ADDRESS_WIDTH_LIMIT} units even with the overflow carried over: shorten the address (for example the building name) or move part of it to municipalities.`;
	} else {
		fix = `Shorten address2 to at most ${ADDRESS_WIDTH_LIMIT} half-width units.`;
	}
	problems.push(problem(field, message, fix));
}

// ------------------------------------------------------------------ order lines

function validateQuantity(problems: InputProblem[], value: unknown, field: string): void {
	if (isBlank(value)) {
		problems.push(problem(field, 'is required', 'Give the number of pieces, a whole number of at least 1.'));
		return;
	}
	checkInteger(problems, value, field, {
		min: LIMITS.quantityMin,
		fix: 'Give the number of pieces as a whole number of at least 1.',
	});
}

function validateByCodeLine(line: Record<string, unknown>, path: string): InputProblem[] {
	const problems: InputProblem[] = [];
	const detailNo = optionalText(problems, line.ec_order_detail_no, `${path}.ec_order_detail_no`);
	if (detailNo !== undefined) checkMaxLength(problems, detailNo, `${path}.ec_order_detail_no`, LIMITS.ecOrderDetailNo);
	const code = optionalText(problems, line.original_item_code, `${path}.original_item_code`)?.trim() || undefined;
	const ecCode = optionalText(problems, line.ec_original_item_code, `${path}.ec_original_item_code`)?.trim() || undefined;
	if (code === undefined && ecCode === undefined && isBlank(line.original_item_code) && isBlank(line.ec_original_item_code)) {
		problems.push(
			problem(
				`${path}.original_item_code`,
				'is required when ec_original_item_code is empty',
				'Give the original item code issued by Printio (original_item_code) or your own code for it (ec_original_item_code).',
			),
		);
	}
	validateQuantity(problems, line.quantity, `${path}.quantity`);
	requireText(problems, line.color, `${path}.color`, 'Give the colour name of the item, as listed for the original item.');
	requireText(problems, line.size, `${path}.size`, 'Give the size of the item, as listed for the original item.');
	return problems;
}

function validateWithImageLine(line: Record<string, unknown>, path: string): InputProblem[] {
	const problems: InputProblem[] = [];
	// Missing is sent as "" (the spec's sample form), so only a wrong type or length is a problem.
	const detailNo = optionalText(problems, line.ec_order_detail_no, `${path}.ec_order_detail_no`);
	if (detailNo !== undefined) checkMaxLength(problems, detailNo, `${path}.ec_order_detail_no`, LIMITS.ecOrderDetailNo);
	requireText(problems, line.item_code, `${path}.item_code`, 'Give the catalog item code (see Item › Get Many).');
	validateQuantity(problems, line.quantity, `${path}.quantity`);
	requireText(problems, line.color, `${path}.color`, 'Give the colour name of the item, as listed for the item.');
	requireText(problems, line.size, `${path}.size`, 'Give the size of the item, as listed for the item.');
	problems.push(...validateImageUrls(line.image_urls, `${path}.image_urls`));
	return problems;
}

/** image_urls of an order-with-image line: `{ values: [{ position, urls: [{ type, url }] }] }`. */
export function validateImageUrls(imageUrls: unknown, path: string): InputProblem[] {
	const problems: InputProblem[] = [];
	const shapeFix = `Give at least one print position: { "values": [{ "position": "front", "urls": [{ "type": "Output", "url": "https://…" }] }] }, or the flat columns line_image_<position>_output_url.`;
	if (!isPlainObject(imageUrls)) {
		problems.push(problem(path, imageUrls === undefined || imageUrls === null ? 'is required' : 'must be an object', shapeFix));
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
		if (!(IMAGE_POSITIONS as readonly unknown[]).includes(entry.position)) {
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
			const text = requireText(problems, url.url, `${urlAt}.url`, 'Give the http(s) URL of the image.');
			if (text !== undefined && !URL_PATTERN.test(text)) {
				problems.push(
					problem(`${urlAt}.url`, 'is not an http(s) URL', 'Give a full URL starting with https:// (or http://), without spaces.'),
				);
			}
		});
	});
	return problems;
}

// ------------------------------------------------------------------ original items (Original Item › Create)

/** True when the URL is an http(s) URL of a png, jpg/jpeg or pdf file (spec 4.6, 8). */
export function isOriginalItemImageUrl(url: string): boolean {
	return ORIGINAL_ITEM_IMAGE_URL_PATTERN.test(url);
}

/** Checks one image URL of POST /original-item. */
export function validateOriginalItemImageUrl(url: unknown, field = 'image_urls[0].url'): InputProblem[] {
	const problems: InputProblem[] = [];
	const text = requireText(problems, url, field, 'Give the http(s) URL of a png, jpg or pdf file.');
	if (text !== undefined && !isOriginalItemImageUrl(text.trim())) {
		problems.push(
			problem(
				field,
				'is not an http(s) URL of a png, jpg or pdf file',
				'Give a full https:// URL whose path ends in .png, .jpg, .jpeg or .pdf (a query string after it is fine); convert other formats first.',
			),
		);
	}
	return problems;
}

/** Checks the image_urls array of POST /original-item: at least one, position front (the only one accepted). */
export function validateOriginalItemImages(imageUrls: unknown, path = 'image_urls'): InputProblem[] {
	if (!Array.isArray(imageUrls) || imageUrls.length === 0) {
		return [problem(path, 'must list at least one image', 'Give one image: { "position": "front", "url": "https://….png" }.')];
	}
	const problems: InputProblem[] = [];
	imageUrls.forEach((entry: unknown, index: number) => {
		const at = `${path}[${index}]`;
		if (!isPlainObject(entry)) {
			problems.push(problem(at, 'must be an object', 'Give { "position": "front", "url": "https://….png" }.'));
			return;
		}
		if (entry.position !== 'front') {
			problems.push(problem(`${at}.position`, 'must be front', 'Only the front position is accepted for original items for now.'));
		}
		problems.push(...validateOriginalItemImageUrl(entry.url, `${at}.url`));
	});
	return problems;
}

// ------------------------------------------------------------------ whole orders

function isRealDate(text: string): boolean {
	const [year, month, day] = text.split('-').map(Number);
	const date = new Date(Date.UTC(year, month - 1, day));
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Checks an order (a draft or a finished request) against every rule of the spec for the operation.
 * Returns an empty list when the order may be sent.
 */
export function validateOrder(
	order: OrderDraft,
	operation: OrderOperation,
	options: ValidateOptions = {},
): InputProblem[] {
	const problems: InputProblem[] = [];

	if (order.retailer_id === undefined || order.retailer_id === null || order.retailer_id === '') {
		problems.push(problem('retailer_id', 'is required', 'Set the retailer ID in the credential or on the node.'));
	} else {
		checkInteger(problems, order.retailer_id, 'retailer_id', {
			min: 1,
			fix: 'Give the retailer ID, a whole number of at least 1 (it comes with your API key).',
		});
	}

	const ecOrderNo = requireText(
		problems,
		order.ec_order_no,
		'ec_order_no',
		`Give your own order number in ec_order_no (at most ${LIMITS.ecOrderNo} characters); it also guards against placing the order twice.`,
	);
	if (ecOrderNo !== undefined) checkMaxLength(problems, ecOrderNo, 'ec_order_no', LIMITS.ecOrderNo);

	if (operation === 'orderByCode') {
		const date = optionalText(problems, order.ec_order_date, 'ec_order_date');
		if (date !== undefined && date !== '' && (!DATE_PATTERN.test(date) || !isRealDate(date))) {
			problems.push(
				problem(
					'ec_order_date',
					'is not a date of the form YYYY-MM-DD',
					'Give the date of the order in your shop as YYYY-MM-DD (2026/11/21 and 2026年11月21日 are rewritten when normalisation is on), or leave it empty.',
				),
			);
		}
	} else {
		const date = optionalText(problems, order.ec_order_date, 'ec_order_date');
		if (date !== undefined) checkMaxLength(problems, date, 'ec_order_date', LIMITS.ecOrderDate);
	}

	problems.push(...validateAddressBlock(order.shipping_information, 'shipping_information', options));
	problems.push(...validateAddressBlock(order.sender_information, 'sender_information', options));

	if (!Array.isArray(order.order_details) || order.order_details.length === 0) {
		problems.push(
			problem(
				'order_details',
				'must hold at least one line',
				operation === 'orderByCode'
					? 'Give at least one line with original_item_code (or ec_original_item_code), quantity, color and size.'
					: 'Give at least one line with item_code, quantity, color, size and image_urls.',
			),
		);
	} else {
		order.order_details.forEach((line: unknown, index: number) => {
			const path = `order_details[${index}]`;
			if (!isPlainObject(line)) {
				problems.push(problem(path, 'must be an object', 'Give each line as an object with the fields of an order line.'));
				return;
			}
			problems.push(...(operation === 'orderByCode' ? validateByCodeLine(line, path) : validateWithImageLine(line, path)));
		});
	}

	optionalText(problems, order.ec_optional_information, 'ec_optional_information');

	if (operation === 'orderByCode') {
		optionalText(problems, order.team_id, 'team_id');
		if (order.shipping_method !== undefined && order.shipping_method !== null && order.shipping_method !== '') {
			if (!(SHIPPING_METHODS as readonly unknown[]).includes(order.shipping_method)) {
				problems.push(
					problem(
						'shipping_method',
						'must be 1 or 2',
						'Use 1 for the small-parcel mail service or 2 for the home-delivery parcel service, or leave it empty.',
					),
				);
			}
		}
		problems.push(...validateActionAfterPrint(order.action_after_print));
	}
	return problems;
}

function validateActionAfterPrint(value: unknown): InputProblem[] {
	if (value === undefined || value === null) return [];
	const fix = 'Give an object like { "novelty": { "<novelty name>": 1 } } with whole numbers as values.';
	if (!isPlainObject(value)) return [problem('action_after_print', 'must be an object', fix)];
	if (value.novelty === undefined) return [];
	if (!isPlainObject(value.novelty)) return [problem('action_after_print.novelty', 'must be an object', fix)];
	const problems: InputProblem[] = [];
	for (const [name, count] of Object.entries(value.novelty)) {
		if (name.trim() === '') {
			problems.push(problem('action_after_print.novelty', 'has an empty novelty name', fix));
			continue;
		}
		checkInteger(problems, count, `action_after_print.novelty.${name}`, { fix });
	}
	return problems;
}
