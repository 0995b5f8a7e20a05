/** One table of both order endpoints' fields, so that validator, normaliser, errors and docs cannot drift apart. */
import { LIMITS } from '../../../api/limits';
import {
	DATE_PATTERN,
	MAIL_ADDRESS_PATTERN,
	PHONE_NUMBER_PATTERN,
	URL_PATTERN,
	ZIP_CODE_PATTERN,
} from '../../../api/patterns';
import { IMAGE_SLOTS } from '../../../api/positions';

export type OrderOperation = 'orderByCode' | 'orderWithImage';

export const ORDER_OPERATIONS: readonly OrderOperation[] = ['orderByCode', 'orderWithImage'];

/** `identifier`: trimmed only, as the retailer's systems match it; `verbatim`: returned to the retailer as sent. */
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
	| 'novelties'
	| 'imageUrls'
	| 'imageUrl';

export type FieldPart = 'order' | 'shipping_information' | 'sender_information' | 'line';

/** `default`: required by the API, filled from the credential when left out. */
export type RequiredRule = 'required' | 'optional' | 'default' | 'either';

export interface FieldLimit {
	maxLength?: number;
	/** A full-width character counts 2. */
	width?: number;
	digits?: { min: number; max: number };
	min?: number;
	pattern?: string;
	values?: ReadonlyArray<string | number>;
}

export interface FieldForm {
	description?: string;
	placeholder?: string;
	choices?: ReadonlyArray<{ name: string; value: number; description?: string }>;
}

/** A choice field always lists its values, so no reader needs a fallback. */
type KindAndLimit =
	| { kind: 'choice'; limit: FieldLimit & { values: ReadonlyArray<string | number> } }
	| { kind: Exclude<FieldKind, 'choice'>; limit?: FieldLimit };

export type OrderField = FieldBase & KindAndLimit;

interface FieldBase {
	path: string;
	key: string;
	part: FieldPart;
	column: string;
	group?: 'Recipient' | 'Sender' | 'Lines' | 'Options';
	name: string;
	/** n8n's lint asks API-loaded lists to say `Name or ID`. */
	formName?: string;
	parameter: string;
	operations: readonly OrderOperation[];
	required: RequiredRule;
	alternative?: string;
	/** A key the API requires but lets be null. */
	whenEmpty?: 'null';
	fix: string;
	description: string;
	form?: FieldForm;
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

function addressForm(key: AddressKey, who: string): FieldForm & { description: string } {
	switch (key) {
		case 'full_name':
			return { description: `Name of the ${who}` };
		case 'zip_code':
			return {
				description: `${LIMITS.zipCodeDigits} digits; hyphens and full-width digits are fixed when Normalize Input is on`,
				placeholder: 'e.g. 1500001',
			};
		case 'prefecture_name':
			return {
				description: 'Prefecture with its suffix (東京都, 大阪府, 北海道, 神奈川県)',
				placeholder: 'e.g. 東京都',
			};
		case 'municipalities':
			return { description: 'City, ward, town or village', placeholder: 'e.g. 渋谷区' };
		case 'address1':
			return { description: `Up to ${fullWidth} full-width or ${halfWidth} half-width characters` };
		case 'address2':
			return { description: 'Building and room; same length rule as line 1' };
		case 'phone_number':
			return {
				description: `${LIMITS.phoneDigitsMin} to ${LIMITS.phoneDigitsMax} digits; hyphens are removed when Normalize Input is on`,
				placeholder: 'e.g. 0312345678',
			};
		case 'mail_address':
			return {
				description: `Mail address of the ${who} (optional)`,
				placeholder: 'name@email.com',
			};
	}
}

/** Spec 2.6, in the order a person fills it in. */
function addressFields(part: 'shipping_information' | 'sender_information'): OrderField[] {
	const group = part === 'shipping_information' ? 'Recipient' : 'Sender';
	const prefix = part === 'shipping_information' ? 'shipping' : 'sender';
	const who = group.toLowerCase();
	const fromCredential =
		part === 'sender_information'
			? ". Leave the whole sender empty to use the credential's Shop Sender"
			: '';
	const field = (
		key: AddressKey,
		name: string,
		parameter: string,
		kind: Exclude<FieldKind, 'choice'>,
		required: RequiredRule,
		fix: string,
		description: string,
		limit?: FieldLimit,
	): OrderField => {
		const form = addressForm(key, who);
		return {
			path: `${part}.${key}`,
			key,
			part,
			column: `${prefix}_${key}`,
			group,
			name,
			parameter: `${prefix}${parameter}`,
			operations: BOTH,
			kind,
			required: part === 'sender_information' && required === 'required' ? 'default' : required,
			...(limit ? { limit } : {}),
			fix,
			description,
			form: { ...form, description: `${form.description}${fromCredential}` },
		};
	};
	return [
		field(
			'full_name',
			'Full Name',
			'FullName',
			'text',
			'required',
			`Give the ${who}'s name.`,
			'name of the person or company',
		),
		field(
			'zip_code',
			'Zip Code',
			'ZipCode',
			'zip',
			'required',
			`Give the ${LIMITS.zipCodeDigits}-digit zip code without a hyphen; 〒, hyphens and full-width digits are removed when normalisation is on.`,
			`${LIMITS.zipCodeDigits} digits (\`123-4567\`, \`〒１２３－４５６７\` are cleaned)`,
			{
				digits: { min: LIMITS.zipCodeDigits, max: LIMITS.zipCodeDigits },
				pattern: ZIP_CODE_PATTERN,
			},
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
			{
				digits: { min: LIMITS.phoneDigitsMin, max: LIMITS.phoneDigitsMax },
				pattern: PHONE_NUMBER_PATTERN,
			},
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

function lineField(
	field: Omit<FieldBase, 'part' | 'path' | 'column' | 'group'> & {
		kind: Exclude<FieldKind, 'choice'>;
		limit?: FieldLimit;
		column?: string;
	},
): OrderField {
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
			form: {
				description: `URL of the ${type === 'Output' ? 'print data' : 'thumbnail'} for the ${position} position (leave empty when not printed there)`,
			},
		}),
	);
}

const EC_ORDER_DATE_FORM: FieldForm = {
	description:
		"Order date on your side: a date (2026-11-21, 2026/11/21, 2026年11月21日) or a shop's timestamp (Shopify created_at 2025-03-08T14:27:51+09:00; WooCommerce date_created, read in the workflow's time zone)",
	placeholder: 'e.g. 2026-11-21',
};

/** In the order a person fills in an order. */
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
		form: {
			description: `Your own order number (at most ${LIMITS.ecOrderNo} characters). It is how the node recognises an order that was already placed.`,
		},
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
		form: {
			description:
				"Description of the goods printed on the delivery slip; when empty, the credential's Shop Sender gives it",
			placeholder: 'e.g. Tシャツ',
		},
	},
	lineField({
		key: 'original_item_code',
		name: 'Original Item Code',
		formName: 'Original Item',
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
		formName: 'Item',
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
		formName: 'Color Name or ID',
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
		formName: 'Size Name or ID',
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
		form: {},
	}),
	lineField({
		key: 'ec_original_item_code',
		name: 'EC Original Item Code',
		formName: 'Original Item › By EC Code',
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
		form: { description: `Your own line number (at most ${LIMITS.ecOrderDetailNo} characters)` },
	}),
	...imageSlotFields(),
	lineField({
		key: 'image_urls',
		name: 'Image URLs',
		parameter: 'imageUrls',
		operations: WITH_IMAGE,
		kind: 'imageUrls',
		required: 'required',
		fix: 'Give at least one print position: { "values": [{ "position": "front", "urls": [{ "type": "Output", "url": "https://…" }] }] }, or the flat columns line_image_<position>_output_url.',
		description: "the API's `image_urls` object (or JSON text); or the image URL columns above",
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
		description:
			"a date `YYYY-MM-DD` (`2026/11/21`, `2026年11月21日` are rewritten); a shop timestamp (`2025-03-08T14:27:51+09:00`, or without offset in the workflow's zone) becomes its date in the API Time Zone",
		form: EC_ORDER_DATE_FORM,
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
		whenEmpty: 'null',
		fix: `Shorten it to at most ${LIMITS.ecOrderDate} characters, or leave it empty (it is then sent as null).`,
		description: `free text, at most ${LIMITS.ecOrderDate} characters (sent as \`null\` when empty); a shop timestamp becomes its date in the API Time Zone, as on order-by-code`,
		form: EC_ORDER_DATE_FORM,
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
		form: { description: 'Free text of yours, returned unchanged by order and status reads' },
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
		form: {
			choices: [
				{ name: 'Default', value: 0, description: "Printio's default" },
				{ name: 'Small Parcel Mail', value: 1 },
				{ name: 'Home Delivery Parcel', value: 2 },
			],
		},
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
		kind: 'novelties',
		required: 'optional',
		fix: 'Give an object like { "novelty": { "<novelty name>": 1 } } with whole numbers as values.',
		description: 'object or JSON text, e.g. `{"novelty":{"sticker":1}}`',
		form: {
			description:
				'Post-print handling: novelty goods added to the parcel (action_after_print.novelty)',
		},
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
		description:
			'one column per novelty: `novelty_sticker = 2` → `action_after_print.novelty.sticker = 2`',
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
		description:
			"usually left out: the credential's retailer ID is the default; a column value wins",
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
		form: {
			description: 'Internal-only field of Printio; leave unset unless Printio asks you to use it',
		},
	},
];

/** Spec 4.4, 4.9. */
export const REQUEST_ORDER: readonly string[] = [
	'retailer_id',
	'team_id',
	'ec_order_no',
	'ec_order_date',
	'shipping_information',
	'sender_information',
	'order_details',
	'ec_optional_information',
	'action_after_print',
	'shipping_method',
];

/** Identifying fields first, so a person reads problems top down. */
export const CHECK_ORDER: readonly string[] = [
	'retailer_id',
	'ec_order_no',
	'ec_order_date',
	'shipping_information',
	'sender_information',
	'order_details',
	'ec_optional_information',
	'team_id',
	'shipping_method',
	'action_after_print',
];

export function orderLevelFields(
	walk: readonly string[],
	operation?: OrderOperation,
): OrderField[] {
	return walk.flatMap((path) => {
		const found = ORDER_FIELDS.find(
			(entry) =>
				entry.part === 'order' &&
				entry.path === path &&
				(operation === undefined || entry.operations.includes(operation)),
		);
		return found === undefined ? [] : [found];
	});
}

export function fieldsOf(operation: OrderOperation): OrderField[] {
	return ORDER_FIELDS.filter((field) => field.operations.includes(operation));
}

export function optionFields(operation: OrderOperation): OrderField[] {
	return fieldsOf(operation).filter(
		(field) => field.group === 'Options' && field.form !== undefined,
	);
}

export type AddressPart = 'shipping_information' | 'sender_information';

export function blockFields(part: AddressPart): OrderField[] {
	return ORDER_FIELDS.filter((field) => field.part === part);
}

export function fieldAt(path: string, operation: OrderOperation): OrderField | undefined {
	const generic = path.replace(/order_details\[\d+\]/, 'order_details[]');
	return ORDER_FIELDS.find(
		(field) => field.path === generic && field.operations.includes(operation),
	);
}

export function field(path: string, operation: OrderOperation): OrderField {
	const found = fieldAt(path, operation);
	if (found === undefined) throw new Error(`No order field ${path} for ${operation}`);
	return found;
}

export function formLabel(field: OrderField): string {
	if (field.group === undefined) return field.name;
	if (field.group === 'Recipient' || field.group === 'Sender')
		return `${field.group} ${field.name}`;
	return `${field.group} › ${field.formName ?? field.name}`;
}

export function flatColumns(operation: OrderOperation): string[] {
	return [...new Set(fieldsOf(operation).map((field) => field.column))];
}
