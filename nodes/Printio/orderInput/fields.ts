/**
 * Every field of the two order endpoints (POST /order-by-code and POST /orders/order-with-image) in one table:
 * its API path, its column (input mode "map by API names"), its name as the form shows it, its kind (which
 * decides how it is normalised and checked), when it is required, its limit (read from the API layer's
 * LIMITS and patterns, which the contract reads too) and the fix a problem with it suggests.
 *
 * The validator, the normaliser, the error texts and the column list in the docs are driven by this table
 * (test/order-input/fields.test.ts generates its cases from it and checks the docs against it).
 */
import { LIMITS } from '../../../api/limits';
import {
	DATE_PATTERN,
	MAIL_ADDRESS_PATTERN,
	PHONE_NUMBER_PATTERN,
	URL_PATTERN,
	ZIP_CODE_PATTERN,
} from '../../../api/patterns';
import { IMAGE_SLOTS } from '../../../api/positions';

/** The two order-placing operations: POST /order-by-code and POST /orders/order-with-image. */
export type OrderOperation = 'orderByCode' | 'orderWithImage';

export const ORDER_OPERATIONS: readonly OrderOperation[] = ['orderByCode', 'orderWithImage'];

/**
 * How a field is read, normalised and checked:
 * - `identifier`: the retailer's own identifiers, trimmed only (matched against its systems and the lookup);
 * - `text`: typed text (addresses, names, colour, size): kana and width unified, hyphens, whitespace;
 * - `verbatim`: returned to the retailer exactly as sent, never changed;
 * - `code`: codes Printio issues in ASCII: full-width typing converted;
 * - `zip`, `phone`, `mail`, `prefecture`: their own normalisers and patterns;
 * - `date`: ec_order_date of order-by-code, rewritten to YYYY-MM-DD;
 * - `integer`: whole numbers, also given as text;
 * - `choice`: one of `limit.values`;
 * - `object`: an object (or JSON text) checked by its own rules;
 * - `imageUrl`: one http(s) URL of an order-with-image line.
 */
export type FieldKind =
	| 'identifier'
	| 'text'
	| 'verbatim'
	| 'code'
	| 'zip'
	| 'phone'
	| 'mail'
	| 'prefecture'
	| 'date'
	| 'integer'
	| 'choice'
	| 'object'
	| 'imageUrl';

/** Which part of an order a field belongs to. */
export type FieldPart = 'order' | 'shipping_information' | 'sender_information' | 'line';

/**
 * - `required`: must be given;
 * - `optional`: may be left out;
 * - `default`: required by the API, filled by the node when left out (the retailer and the shop's sender from the
 *   credential);
 * - `either`: this or `alternative` must be given.
 */
export type RequiredRule = 'required' | 'optional' | 'default' | 'either';

export interface FieldLimit {
	/** At most this many characters (code points). */
	maxLength?: number;
	/** At most this many half-width units (a full-width character counts 2). */
	width?: number;
	/** Digits only, this many (inclusive range). */
	digits?: { min: number; max: number };
	/** A whole number of at least this. */
	min?: number;
	/** The value must match this (JSON-schema pattern string of the API layer). */
	pattern?: string;
	/** One of these values. */
	values?: ReadonlyArray<string | number>;
}

export interface OrderField {
	/** API path; lines as `order_details[].quantity`, image slots as `order_details[].image_urls.front.Output`. */
	path: string;
	/** The key inside its part (`zip_code`, `quantity`, …). */
	key: string;
	part: FieldPart;
	/** Column of a flat input item (a sheet row); `<name>` stands for any name. */
	column: string;
	/** Where the form shows the field (`Recipient`, `Lines`, `Options`) or undefined for top-level fields. */
	group?: 'Recipient' | 'Sender' | 'Lines' | 'Options';
	/** The field's own name on the form (`Zip Code`, `Size`). */
	name: string;
	/** Name of the node parameter in Define Below (inside the Lines or Options collections where grouped). */
	parameter: string;
	operations: readonly OrderOperation[];
	kind: FieldKind;
	required: RequiredRule;
	/** For `either`: the key of the other field. */
	alternative?: string;
	limit?: FieldLimit;
	/** What to do when a value is missing or wrong. */
	fix: string;
	/** One line for the docs and the column mapper. */
	description: string;
}

const BOTH = ORDER_OPERATIONS;
const BY_CODE: readonly OrderOperation[] = ['orderByCode'];
const WITH_IMAGE: readonly OrderOperation[] = ['orderWithImage'];

const halfWidth = LIMITS.addressWidth;
const fullWidth = LIMITS.addressWidth / 2;

type AddressKey =
	| 'zip_code'
	| 'prefecture_name'
	| 'municipalities'
	| 'address1'
	| 'address2'
	| 'full_name'
	| 'phone_number'
	| 'mail_address';

/** The address block (spec 2.6), in the order a person fills it in. */
function addressFields(part: 'shipping_information' | 'sender_information'): OrderField[] {
	const group = part === 'shipping_information' ? 'Recipient' : 'Sender';
	const prefix = part === 'shipping_information' ? 'shipping' : 'sender';
	const who = group.toLowerCase();
	const field = (
		key: AddressKey,
		name: string,
		parameter: string,
		kind: FieldKind,
		required: RequiredRule,
		fix: string,
		description: string,
		limit?: FieldLimit,
	): OrderField => ({
		path: `${part}.${key}`,
		key,
		part,
		column: `${prefix}_${key}`,
		group,
		name,
		parameter: `${prefix}${parameter}`,
		operations: BOTH,
		kind,
		// The shop's sender may come from the credential: required by the API, not of every order.
		required: part === 'sender_information' && required === 'required' ? 'default' : required,
		...(limit ? { limit } : {}),
		fix,
		description,
	});
	return [
		field('full_name', 'Full Name', 'FullName', 'text', 'required', `Give the ${who}'s name.`, 'name of the person or company'),
		field(
			'zip_code',
			'Zip Code',
			'ZipCode',
			'zip',
			'required',
			`Give the ${LIMITS.zipCodeDigits}-digit zip code without a hyphen; 〒, hyphens and full-width digits are removed when normalisation is on.`,
			`${LIMITS.zipCodeDigits} digits (\`123-4567\`, \`〒１２３－４５６７\` are cleaned)`,
			{ digits: { min: LIMITS.zipCodeDigits, max: LIMITS.zipCodeDigits }, pattern: ZIP_CODE_PATTERN },
		),
		field(
			'prefecture_name',
			'Prefecture',
			'Prefecture',
			'prefecture',
			'required',
			'Give one of the 47 prefectures with its suffix (都, 道, 府 or 県); a name without its suffix, a romanised name (Tokyo, Ōsaka-fu) or a code (JP-13, 13) is turned into it when normalisation is on.',
			'one of the 47 prefectures (`東京`, `Tokyo`, `JP-13`, `13` are turned into `東京都`)',
		),
		field(
			'municipalities',
			'Municipality',
			'Municipalities',
			'text',
			'required',
			'Give the city, ward, town or village (市区町村).',
			'city, ward, town or village',
		),
		field(
			'address1',
			'Address Line 1',
			'Address1',
			'text',
			'required',
			`Give the street address (町名・番地), at most ${halfWidth} half-width or ${fullWidth} full-width characters.`,
			`at most ${halfWidth} half-width units (full-width counts 2)`,
			{ width: halfWidth },
		),
		field(
			'address2',
			'Address Line 2',
			'Address2',
			'text',
			'optional',
			`Give the building and room, at most ${halfWidth} half-width or ${fullWidth} full-width characters, or leave it empty.`,
			'building and room; same width rule as line 1',
			{ width: halfWidth },
		),
		field(
			'phone_number',
			'Phone Number',
			'PhoneNumber',
			'phone',
			'required',
			`Give a phone number of ${LIMITS.phoneDigitsMin} to ${LIMITS.phoneDigitsMax} digits; hyphens, spaces and +81 are handled when normalisation is on.`,
			`${LIMITS.phoneDigitsMin} to ${LIMITS.phoneDigitsMax} digits (\`03-1234-5678\`, \`+81 3-1234-5678\` are cleaned)`,
			{ digits: { min: LIMITS.phoneDigitsMin, max: LIMITS.phoneDigitsMax }, pattern: PHONE_NUMBER_PATTERN },
		),
		field(
			'mail_address',
			'Email',
			'MailAddress',
			'mail',
			'optional',
			'Give an address of the form local-part@domain without spaces, or leave it empty (it is optional).',
			'mail address format',
			{ pattern: MAIL_ADDRESS_PATTERN },
		),
	];
}

function lineField(field: Omit<OrderField, 'part' | 'path' | 'column' | 'group'> & { column?: string }): OrderField {
	return {
		...field,
		path: `order_details[].${field.key}`,
		part: 'line',
		column: field.column ?? `line_${field.key}`,
		group: 'Lines',
	};
}

function capitalized(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One image URL column per print position and type (`line_image_front_output_url`). */
function imageSlotFields(): OrderField[] {
	return IMAGE_SLOTS.map(({ position, type }) =>
		lineField({
			key: `image_urls.${position}.${type}`,
			column: `line_image_${position}_${type.toLowerCase()}_url`,
			name: `${capitalized(position)} ${type} URL`,
			parameter: `${position}${type}Url`,
			operations: WITH_IMAGE,
			kind: 'imageUrl',
			required: 'optional',
			limit: { pattern: URL_PATTERN },
			fix: 'Give a full URL starting with https:// (or http://), without spaces.',
			description: `${type === 'Output' ? 'print data' : 'thumbnail'} of the ${position} position`,
		}),
	);
}

/** Every field, in the order a person fills in an order. */
export const ORDER_FIELDS: readonly OrderField[] = [
	{
		path: 'ec_order_no',
		key: 'ec_order_no',
		part: 'order',
		column: 'ec_order_no',
		name: 'EC Order Number',
		parameter: 'ecOrderNo',
		operations: BOTH,
		kind: 'identifier',
		required: 'required',
		limit: { maxLength: LIMITS.ecOrderNo },
		fix: `Give your own order number (at most ${LIMITS.ecOrderNo} characters); it also guards against placing the order twice.`,
		description: `your order number, at most ${LIMITS.ecOrderNo} characters; also the key that combines rows`,
	},
	...addressFields('shipping_information'),
	...addressFields('sender_information'),
	{
		path: 'sender_information.item_name',
		key: 'item_name',
		part: 'sender_information',
		column: 'sender_item_name',
		group: 'Sender',
		name: 'Goods Description',
		parameter: 'senderItemName',
		operations: BOTH,
		kind: 'text',
		required: 'default',
		fix: 'Give the goods description printed on the delivery slip.',
		description: 'goods description printed on the delivery slip',
	},
	lineField({
		key: 'original_item_code',
		name: 'Original Item Code',
		parameter: 'originalItemCode',
		operations: BY_CODE,
		kind: 'code',
		required: 'either',
		alternative: 'ec_original_item_code',
		fix: 'Give the original item code issued by Printio (original_item_code) or your own code for it (ec_original_item_code).',
		description: "Printio's code of the original item; this or the EC original item code",
	}),
	lineField({
		key: 'item_code',
		name: 'Item Code',
		parameter: 'itemCode',
		operations: WITH_IMAGE,
		kind: 'code',
		required: 'required',
		fix: 'Give the catalog item code (see Item › Get Many).',
		description: 'catalog item code',
	}),
	lineField({
		key: 'color',
		name: 'Color',
		parameter: 'color',
		operations: BOTH,
		kind: 'text',
		required: 'required',
		fix: 'Give the colour name of the item, as listed in its catalog record.',
		description: 'colour name, as listed for the item',
	}),
	lineField({
		key: 'size',
		name: 'Size',
		parameter: 'size',
		operations: BOTH,
		kind: 'text',
		required: 'required',
		fix: 'Give the size of the item, as listed in its catalog record.',
		description: 'size, as listed for the item',
	}),
	lineField({
		key: 'quantity',
		name: 'Quantity',
		parameter: 'quantity',
		operations: BOTH,
		kind: 'integer',
		required: 'required',
		limit: { min: LIMITS.quantityMin },
		fix: `Give the number of pieces as a whole number of at least ${LIMITS.quantityMin}.`,
		description: `whole number >= ${LIMITS.quantityMin}`,
	}),
	lineField({
		key: 'ec_original_item_code',
		name: 'EC Original Item Code',
		parameter: 'ecOriginalItemCode',
		operations: BY_CODE,
		kind: 'identifier',
		required: 'either',
		alternative: 'original_item_code',
		fix: 'Give the original item code issued by Printio (original_item_code) or your own code for it (ec_original_item_code).',
		description: 'your code of the original item, used when the original item code is empty',
	}),
	lineField({
		key: 'ec_order_detail_no',
		name: 'EC Order Detail Number',
		parameter: 'ecOrderDetailNo',
		operations: BOTH,
		kind: 'identifier',
		required: 'optional',
		limit: { maxLength: LIMITS.ecOrderDetailNo },
		fix: `Shorten it to at most ${LIMITS.ecOrderDetailNo} characters, or leave it empty.`,
		description: `your line number, at most ${LIMITS.ecOrderDetailNo} characters (order-with-image sends "" when empty)`,
	}),
	...imageSlotFields(),
	lineField({
		key: 'image_urls',
		name: 'Image URLs',
		parameter: 'imageUrls',
		operations: WITH_IMAGE,
		kind: 'object',
		required: 'required',
		fix: 'Give at least one print position: { "values": [{ "position": "front", "urls": [{ "type": "Output", "url": "https://…" }] }] }, or the flat columns line_image_<position>_output_url.',
		description: 'the API\'s `image_urls` object (or JSON text); or the image URL columns above',
	}),
	{
		path: 'ec_order_date',
		key: 'ec_order_date',
		part: 'order',
		column: 'ec_order_date',
		group: 'Options',
		name: 'EC Order Date',
		parameter: 'ecOrderDate',
		operations: BY_CODE,
		kind: 'date',
		required: 'optional',
		limit: { pattern: DATE_PATTERN },
		fix: "Give the date of the order in your shop as YYYY-MM-DD, or leave it empty. With normalisation on these are read too: 2026/11/21, 2026年11月21日, and shop timestamps such as 2025-03-08T14:27:51+09:00 (Shopify created_at), 2025-03-08T05:27:51Z, 2025-03-08T14:27:51 (WooCommerce date_created, read in the workflow's time zone); a timestamp is sent as its date in the API Time Zone.",
		description: 'a date `YYYY-MM-DD` (`2026/11/21`, `2026年11月21日` are rewritten); a shop timestamp (`2025-03-08T14:27:51+09:00`, or without offset in the workflow\'s zone) becomes its date in the API Time Zone',
	},
	{
		path: 'ec_order_date',
		key: 'ec_order_date',
		part: 'order',
		column: 'ec_order_date',
		group: 'Options',
		name: 'EC Order Date',
		parameter: 'ecOrderDate',
		operations: WITH_IMAGE,
		kind: 'identifier',
		required: 'optional',
		limit: { maxLength: LIMITS.ecOrderDate },
		fix: `Shorten it to at most ${LIMITS.ecOrderDate} characters, or leave it empty (it is then sent as null).`,
		description: `free text, at most ${LIMITS.ecOrderDate} characters (sent as \`null\` when empty); a shop timestamp becomes its date in the API Time Zone, as on order-by-code`,
	},
	{
		path: 'ec_optional_information',
		key: 'ec_optional_information',
		part: 'order',
		column: 'ec_optional_information',
		group: 'Options',
		name: 'EC Optional Information',
		parameter: 'ecOptionalInformation',
		operations: BOTH,
		kind: 'verbatim',
		required: 'optional',
		fix: 'Give it as text, or leave it empty.',
		description: 'free text, sent exactly as given (returned unchanged by order reads)',
	},
	{
		path: 'shipping_method',
		key: 'shipping_method',
		part: 'order',
		column: 'shipping_method',
		group: 'Options',
		name: 'Shipping Method',
		parameter: 'shippingMethod',
		operations: BY_CODE,
		kind: 'choice',
		required: 'optional',
		limit: { values: [1, 2] },
		fix: 'Use 1 for the small-parcel mail service or 2 for the home-delivery parcel service, or leave it empty.',
		description: '`1` small-parcel mail service, `2` home-delivery parcel service',
	},
	{
		path: 'action_after_print',
		key: 'action_after_print',
		part: 'order',
		column: 'action_after_print',
		group: 'Options',
		name: 'Novelties',
		parameter: 'novelties',
		operations: BY_CODE,
		kind: 'object',
		required: 'optional',
		fix: 'Give an object like { "novelty": { "<novelty name>": 1 } } with whole numbers as values.',
		description: 'object or JSON text, e.g. `{"novelty":{"sticker":1}}`',
	},
	{
		path: 'action_after_print.novelty.<name>',
		key: 'novelty.<name>',
		part: 'order',
		column: 'novelty_<name>',
		group: 'Options',
		name: 'Novelties › Count',
		parameter: 'novelties',
		operations: BY_CODE,
		kind: 'integer',
		required: 'optional',
		fix: 'Give the number of novelties as a whole number.',
		description: 'one column per novelty: `novelty_sticker = 2` → `action_after_print.novelty.sticker = 2`',
	},
	{
		path: 'retailer_id',
		key: 'retailer_id',
		part: 'order',
		column: 'retailer_id',
		group: 'Options',
		name: 'Retailer ID',
		parameter: 'retailerId',
		operations: BOTH,
		kind: 'integer',
		required: 'default',
		limit: { min: LIMITS.retailerIdMin },
		fix: `Give the retailer ID, a whole number of at least ${LIMITS.retailerIdMin} (it comes with your API key); the credential's is used when none is given.`,
		description: "usually left out: the credential's retailer ID is the default; a column value wins",
	},
	{
		path: 'team_id',
		key: 'team_id',
		part: 'order',
		column: 'team_id',
		group: 'Options',
		name: 'Team ID (Internal)',
		parameter: 'teamId',
		operations: BY_CODE,
		kind: 'identifier',
		required: 'optional',
		fix: 'Give it as text, or leave it empty; it is internal to Printio.',
		description: 'internal-only field of Printio',
	},
];

/** The fields of one operation, in table order. */
export function fieldsOf(operation: OrderOperation): OrderField[] {
	return ORDER_FIELDS.filter((field) => field.operations.includes(operation));
}

/** The field of an API path for the operation; line paths may carry an index (`order_details[3].size`). */
export function fieldAt(path: string, operation: OrderOperation): OrderField | undefined {
	const generic = path.replace(/order_details\[\d+\]/, 'order_details[]');
	return ORDER_FIELDS.find((field) => field.path === generic && field.operations.includes(operation));
}

/** The field of an API path for the operation; throws for a path the table does not know (a programming error). */
export function field(path: string, operation: OrderOperation): OrderField {
	const found = fieldAt(path, operation);
	if (found === undefined) throw new Error(`No order field ${path} for ${operation}`);
	return found;
}

/** The field as the form shows it: `Recipient Zip Code`, `Lines › Size`, `Options › Shipping Method`. */
export function formLabel(field: OrderField): string {
	if (field.group === undefined) return field.name;
	if (field.group === 'Recipient' || field.group === 'Sender') return `${field.group} ${field.name}`;
	return `${field.group} › ${field.name}`;
}

/** The flat columns of the operation, in table order (`novelty_<name>` stands for one column per novelty). */
export function flatColumns(operation: OrderOperation): string[] {
	return [...new Set(fieldsOf(operation).map((field) => field.column))];
}
