/**
 * The order field table of nodes/Printio/orderInput/fields.ts as the form and the checks show it: every entry
 * with its label, API path, column, node parameter, kind, required rule (the shop's sender is `default`: it may
 * come from the credential), limits, fix and description. These drive the order form, the column mapper, the
 * docs' column list and every problem text, so a changed word is a changed form: the whole table is spelled out.
 */
import { field, fieldAt, fieldsOf, formLabel, ORDER_FIELDS } from '../../../../nodes/Printio/orderInput/fields';
import type { OrderField, OrderOperation } from '../../../../nodes/Printio/orderInput/fields';

const BOTH: OrderOperation[] = ['orderByCode', 'orderWithImage'];
const BY_CODE: OrderOperation[] = ['orderByCode'];
const WITH_IMAGE: OrderOperation[] = ['orderWithImage'];

/** [form label, field], in table order. */
const TABLE: Array<[string, OrderField]> = [
	[
		"EC Order Number",
		{
			path: "ec_order_no", key: "ec_order_no", part: "order", column: "ec_order_no", name: "EC Order Number", parameter: "ecOrderNo",
			operations: BOTH, kind: "identifier", required: "required", limit: {"maxLength":50},
			fix: "Give your own order number (at most 50 characters); it also guards against placing the order twice.",
			description: "your order number, at most 50 characters; also the key that combines rows",
		},
	],
	[
		"Recipient Full Name",
		{
			path: "shipping_information.full_name", key: "full_name", part: "shipping_information", column: "shipping_full_name", group: "Recipient", name: "Full Name", parameter: "shippingFullName",
			operations: BOTH, kind: "text", required: "required",
			fix: "Give the recipient's name.",
			description: "name of the person or company",
		},
	],
	[
		"Recipient Zip Code",
		{
			path: "shipping_information.zip_code", key: "zip_code", part: "shipping_information", column: "shipping_zip_code", group: "Recipient", name: "Zip Code", parameter: "shippingZipCode",
			operations: BOTH, kind: "zip", required: "required", limit: {"digits":{"min":7,"max":7},"pattern":"^[0-9]{7}$"},
			fix: "Give the 7-digit zip code without a hyphen; 〒, hyphens and full-width digits are removed when normalisation is on.",
			description: "7 digits (`123-4567`, `〒１２３－４５６７` are cleaned)",
		},
	],
	[
		"Recipient Prefecture",
		{
			path: "shipping_information.prefecture_name", key: "prefecture_name", part: "shipping_information", column: "shipping_prefecture_name", group: "Recipient", name: "Prefecture", parameter: "shippingPrefecture",
			operations: BOTH, kind: "prefecture", required: "required",
			fix: "Give one of the 47 prefectures with its suffix (都, 道, 府 or 県); a name without its suffix, a romanised name (Tokyo, Ōsaka-fu) or a code (JP-13, 13) is turned into it when normalisation is on.",
			description: "one of the 47 prefectures (`東京`, `Tokyo`, `JP-13`, `13` are turned into `東京都`)",
		},
	],
	[
		"Recipient Municipality",
		{
			path: "shipping_information.municipalities", key: "municipalities", part: "shipping_information", column: "shipping_municipalities", group: "Recipient", name: "Municipality", parameter: "shippingMunicipalities",
			operations: BOTH, kind: "text", required: "required",
			fix: "Give the city, ward, town or village (市区町村).",
			description: "city, ward, town or village",
		},
	],
	[
		"Recipient Address Line 1",
		{
			path: "shipping_information.address1", key: "address1", part: "shipping_information", column: "shipping_address1", group: "Recipient", name: "Address Line 1", parameter: "shippingAddress1",
			operations: BOTH, kind: "text", required: "required", limit: {"width":32},
			fix: "Give the street address (町名・番地), at most 32 half-width or 16 full-width characters.",
			description: "at most 32 half-width units (full-width counts 2)",
		},
	],
	[
		"Recipient Address Line 2",
		{
			path: "shipping_information.address2", key: "address2", part: "shipping_information", column: "shipping_address2", group: "Recipient", name: "Address Line 2", parameter: "shippingAddress2",
			operations: BOTH, kind: "text", required: "optional", limit: {"width":32},
			fix: "Give the building and room, at most 32 half-width or 16 full-width characters, or leave it empty.",
			description: "building and room; same width rule as line 1",
		},
	],
	[
		"Recipient Phone Number",
		{
			path: "shipping_information.phone_number", key: "phone_number", part: "shipping_information", column: "shipping_phone_number", group: "Recipient", name: "Phone Number", parameter: "shippingPhoneNumber",
			operations: BOTH, kind: "phone", required: "required", limit: {"digits":{"min":10,"max":15},"pattern":"^[0-9]{10,15}$"},
			fix: "Give a phone number of 10 to 15 digits; hyphens, spaces and +81 are handled when normalisation is on.",
			description: "10 to 15 digits (`03-1234-5678`, `+81 3-1234-5678` are cleaned)",
		},
	],
	[
		"Recipient Email",
		{
			path: "shipping_information.mail_address", key: "mail_address", part: "shipping_information", column: "shipping_mail_address", group: "Recipient", name: "Email", parameter: "shippingMailAddress",
			operations: BOTH, kind: "mail", required: "optional", limit: {"pattern":"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"},
			fix: "Give an address of the form local-part@domain without spaces, or leave it empty (it is optional).",
			description: "mail address format",
		},
	],
	[
		"Sender Full Name",
		{
			path: "sender_information.full_name", key: "full_name", part: "sender_information", column: "sender_full_name", group: "Sender", name: "Full Name", parameter: "senderFullName",
			operations: BOTH, kind: "text", required: "default",
			fix: "Give the sender's name.",
			description: "name of the person or company",
		},
	],
	[
		"Sender Zip Code",
		{
			path: "sender_information.zip_code", key: "zip_code", part: "sender_information", column: "sender_zip_code", group: "Sender", name: "Zip Code", parameter: "senderZipCode",
			operations: BOTH, kind: "zip", required: "default", limit: {"digits":{"min":7,"max":7},"pattern":"^[0-9]{7}$"},
			fix: "Give the 7-digit zip code without a hyphen; 〒, hyphens and full-width digits are removed when normalisation is on.",
			description: "7 digits (`123-4567`, `〒１２３－４５６７` are cleaned)",
		},
	],
	[
		"Sender Prefecture",
		{
			path: "sender_information.prefecture_name", key: "prefecture_name", part: "sender_information", column: "sender_prefecture_name", group: "Sender", name: "Prefecture", parameter: "senderPrefecture",
			operations: BOTH, kind: "prefecture", required: "default",
			fix: "Give one of the 47 prefectures with its suffix (都, 道, 府 or 県); a name without its suffix, a romanised name (Tokyo, Ōsaka-fu) or a code (JP-13, 13) is turned into it when normalisation is on.",
			description: "one of the 47 prefectures (`東京`, `Tokyo`, `JP-13`, `13` are turned into `東京都`)",
		},
	],
	[
		"Sender Municipality",
		{
			path: "sender_information.municipalities", key: "municipalities", part: "sender_information", column: "sender_municipalities", group: "Sender", name: "Municipality", parameter: "senderMunicipalities",
			operations: BOTH, kind: "text", required: "default",
			fix: "Give the city, ward, town or village (市区町村).",
			description: "city, ward, town or village",
		},
	],
	[
		"Sender Address Line 1",
		{
			path: "sender_information.address1", key: "address1", part: "sender_information", column: "sender_address1", group: "Sender", name: "Address Line 1", parameter: "senderAddress1",
			operations: BOTH, kind: "text", required: "default", limit: {"width":32},
			fix: "Give the street address (町名・番地), at most 32 half-width or 16 full-width characters.",
			description: "at most 32 half-width units (full-width counts 2)",
		},
	],
	[
		"Sender Address Line 2",
		{
			path: "sender_information.address2", key: "address2", part: "sender_information", column: "sender_address2", group: "Sender", name: "Address Line 2", parameter: "senderAddress2",
			operations: BOTH, kind: "text", required: "optional", limit: {"width":32},
			fix: "Give the building and room, at most 32 half-width or 16 full-width characters, or leave it empty.",
			description: "building and room; same width rule as line 1",
		},
	],
	[
		"Sender Phone Number",
		{
			path: "sender_information.phone_number", key: "phone_number", part: "sender_information", column: "sender_phone_number", group: "Sender", name: "Phone Number", parameter: "senderPhoneNumber",
			operations: BOTH, kind: "phone", required: "default", limit: {"digits":{"min":10,"max":15},"pattern":"^[0-9]{10,15}$"},
			fix: "Give a phone number of 10 to 15 digits; hyphens, spaces and +81 are handled when normalisation is on.",
			description: "10 to 15 digits (`03-1234-5678`, `+81 3-1234-5678` are cleaned)",
		},
	],
	[
		"Sender Email",
		{
			path: "sender_information.mail_address", key: "mail_address", part: "sender_information", column: "sender_mail_address", group: "Sender", name: "Email", parameter: "senderMailAddress",
			operations: BOTH, kind: "mail", required: "optional", limit: {"pattern":"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"},
			fix: "Give an address of the form local-part@domain without spaces, or leave it empty (it is optional).",
			description: "mail address format",
		},
	],
	[
		"Sender Goods Description",
		{
			path: "sender_information.item_name", key: "item_name", part: "sender_information", column: "sender_item_name", group: "Sender", name: "Goods Description", parameter: "senderItemName",
			operations: BOTH, kind: "text", required: "default",
			fix: "Give the goods description printed on the delivery slip.",
			description: "goods description printed on the delivery slip",
		},
	],
	[
		"Lines › Original Item",
		{
			path: "order_details[].original_item_code", key: "original_item_code", part: "line", column: "line_original_item_code", group: "Lines", name: "Original Item Code", formName: "Original Item", parameter: "originalItemCode",
			operations: BY_CODE, kind: "code", required: "either", alternative: "ec_original_item_code",
			fix: "Give the original item code issued by Printio (original_item_code) or your own code for it (ec_original_item_code).",
			description: "Printio's code of the original item; this or the EC original item code",
		},
	],
	[
		"Lines › Item",
		{
			path: "order_details[].item_code", key: "item_code", part: "line", column: "line_item_code", group: "Lines", name: "Item Code", formName: "Item", parameter: "itemCode",
			operations: WITH_IMAGE, kind: "code", required: "required",
			fix: "Give the catalog item code (see Item › Get Many).",
			description: "catalog item code",
		},
	],
	[
		"Lines › Color Name or ID",
		{
			path: "order_details[].color", key: "color", part: "line", column: "line_color", group: "Lines", name: "Color", formName: "Color Name or ID", parameter: "color",
			operations: BOTH, kind: "text", required: "required",
			fix: "Give the colour name of the item, as listed in its catalog record.",
			description: "colour name, as listed for the item",
		},
	],
	[
		"Lines › Size Name or ID",
		{
			path: "order_details[].size", key: "size", part: "line", column: "line_size", group: "Lines", name: "Size", formName: "Size Name or ID", parameter: "size",
			operations: BOTH, kind: "text", required: "required",
			fix: "Give the size of the item, as listed in its catalog record.",
			description: "size, as listed for the item",
		},
	],
	[
		"Lines › Quantity",
		{
			path: "order_details[].quantity", key: "quantity", part: "line", column: "line_quantity", group: "Lines", name: "Quantity", parameter: "quantity",
			operations: BOTH, kind: "integer", required: "required", limit: {"min":1},
			fix: "Give the number of pieces as a whole number of at least 1.",
			description: "whole number >= 1",
		},
	],
	[
		"Lines › Original Item › By EC Code",
		{
			path: "order_details[].ec_original_item_code", key: "ec_original_item_code", part: "line", column: "line_ec_original_item_code", group: "Lines", name: "EC Original Item Code", formName: "Original Item › By EC Code", parameter: "ecOriginalItemCode",
			operations: BY_CODE, kind: "identifier", required: "either", alternative: "original_item_code",
			fix: "Give the original item code issued by Printio (original_item_code) or your own code for it (ec_original_item_code).",
			description: "your code of the original item, used when the original item code is empty",
		},
	],
	[
		"Lines › EC Order Detail Number",
		{
			path: "order_details[].ec_order_detail_no", key: "ec_order_detail_no", part: "line", column: "line_ec_order_detail_no", group: "Lines", name: "EC Order Detail Number", parameter: "ecOrderDetailNo",
			operations: BOTH, kind: "identifier", required: "optional", limit: {"maxLength":50},
			fix: "Shorten it to at most 50 characters, or leave it empty.",
			description: "your line number, at most 50 characters (order-with-image sends \"\" when empty)",
		},
	],
	[
		"Lines › Front Output URL",
		{
			path: "order_details[].image_urls.front.Output", key: "image_urls.front.Output", part: "line", column: "line_image_front_output_url", group: "Lines", name: "Front Output URL", parameter: "frontOutputUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "print data of the front position",
		},
	],
	[
		"Lines › Front Thumbnail URL",
		{
			path: "order_details[].image_urls.front.Thumbnail", key: "image_urls.front.Thumbnail", part: "line", column: "line_image_front_thumbnail_url", group: "Lines", name: "Front Thumbnail URL", parameter: "frontThumbnailUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "thumbnail of the front position",
		},
	],
	[
		"Lines › Back Output URL",
		{
			path: "order_details[].image_urls.back.Output", key: "image_urls.back.Output", part: "line", column: "line_image_back_output_url", group: "Lines", name: "Back Output URL", parameter: "backOutputUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "print data of the back position",
		},
	],
	[
		"Lines › Back Thumbnail URL",
		{
			path: "order_details[].image_urls.back.Thumbnail", key: "image_urls.back.Thumbnail", part: "line", column: "line_image_back_thumbnail_url", group: "Lines", name: "Back Thumbnail URL", parameter: "backThumbnailUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "thumbnail of the back position",
		},
	],
	[
		"Lines › Left Output URL",
		{
			path: "order_details[].image_urls.left.Output", key: "image_urls.left.Output", part: "line", column: "line_image_left_output_url", group: "Lines", name: "Left Output URL", parameter: "leftOutputUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "print data of the left position",
		},
	],
	[
		"Lines › Left Thumbnail URL",
		{
			path: "order_details[].image_urls.left.Thumbnail", key: "image_urls.left.Thumbnail", part: "line", column: "line_image_left_thumbnail_url", group: "Lines", name: "Left Thumbnail URL", parameter: "leftThumbnailUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "thumbnail of the left position",
		},
	],
	[
		"Lines › Right Output URL",
		{
			path: "order_details[].image_urls.right.Output", key: "image_urls.right.Output", part: "line", column: "line_image_right_output_url", group: "Lines", name: "Right Output URL", parameter: "rightOutputUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "print data of the right position",
		},
	],
	[
		"Lines › Right Thumbnail URL",
		{
			path: "order_details[].image_urls.right.Thumbnail", key: "image_urls.right.Thumbnail", part: "line", column: "line_image_right_thumbnail_url", group: "Lines", name: "Right Thumbnail URL", parameter: "rightThumbnailUrl",
			operations: WITH_IMAGE, kind: "imageUrl", required: "optional", limit: {"pattern":"^https?://[^\\s]+$"},
			fix: "Give a full URL starting with https:// (or http://), without spaces.",
			description: "thumbnail of the right position",
		},
	],
	[
		"Lines › Image URLs",
		{
			path: "order_details[].image_urls", key: "image_urls", part: "line", column: "line_image_urls", group: "Lines", name: "Image URLs", parameter: "imageUrls",
			operations: WITH_IMAGE, kind: "imageUrls", required: "required",
			fix: "Give at least one print position: { \"values\": [{ \"position\": \"front\", \"urls\": [{ \"type\": \"Output\", \"url\": \"https://…\" }] }] }, or the flat columns line_image_<position>_output_url.",
			description: "the API's `image_urls` object (or JSON text); or the image URL columns above",
		},
	],
	[
		"Options › EC Order Date",
		{
			path: "ec_order_date", key: "ec_order_date", part: "order", column: "ec_order_date", group: "Options", name: "EC Order Date", parameter: "ecOrderDate",
			operations: BY_CODE, kind: "date", required: "optional", limit: {"pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},
			fix: "Give the date of the order in your shop as YYYY-MM-DD, or leave it empty. With normalisation on these are read too: 2026/11/21, 2026年11月21日, and shop timestamps such as 2025-03-08T14:27:51+09:00 (Shopify created_at), 2025-03-08T05:27:51Z, 2025-03-08T14:27:51 (WooCommerce date_created, read in the workflow's time zone); a timestamp is sent as its date in the API Time Zone.",
			description: "a date `YYYY-MM-DD` (`2026/11/21`, `2026年11月21日` are rewritten); a shop timestamp (`2025-03-08T14:27:51+09:00`, or without offset in the workflow's zone) becomes its date in the API Time Zone",
		},
	],
	[
		"Options › EC Order Date",
		{
			path: "ec_order_date", key: "ec_order_date", part: "order", column: "ec_order_date", group: "Options", name: "EC Order Date", parameter: "ecOrderDate",
			operations: WITH_IMAGE, kind: "identifier", required: "optional", limit: {"maxLength":50}, whenEmpty: "null",
			fix: "Shorten it to at most 50 characters, or leave it empty (it is then sent as null).",
			description: "free text, at most 50 characters (sent as `null` when empty); a shop timestamp becomes its date in the API Time Zone, as on order-by-code",
		},
	],
	[
		"Options › EC Optional Information",
		{
			path: "ec_optional_information", key: "ec_optional_information", part: "order", column: "ec_optional_information", group: "Options", name: "EC Optional Information", parameter: "ecOptionalInformation",
			operations: BOTH, kind: "verbatim", required: "optional",
			fix: "Give it as text, or leave it empty.",
			description: "free text, sent exactly as given (returned unchanged by order reads)",
		},
	],
	[
		"Options › Shipping Method",
		{
			path: "shipping_method", key: "shipping_method", part: "order", column: "shipping_method", group: "Options", name: "Shipping Method", parameter: "shippingMethod",
			operations: BY_CODE, kind: "choice", required: "optional", limit: {"values":[1,2]},
			fix: "Use 1 for the small-parcel mail service or 2 for the home-delivery parcel service, or leave it empty.",
			description: "`1` small-parcel mail service, `2` home-delivery parcel service",
		},
	],
	[
		"Options › Novelties",
		{
			path: "action_after_print", key: "action_after_print", part: "order", column: "action_after_print", group: "Options", name: "Novelties", parameter: "novelties",
			operations: BY_CODE, kind: "novelties", required: "optional",
			fix: "Give an object like { \"novelty\": { \"<novelty name>\": 1 } } with whole numbers as values.",
			description: "object or JSON text, e.g. `{\"novelty\":{\"sticker\":1}}`",
		},
	],
	[
		"Options › Novelties › Count",
		{
			path: "action_after_print.novelty.<name>", key: "novelty.<name>", part: "order", column: "novelty_<name>", group: "Options", name: "Novelties › Count", parameter: "novelties",
			operations: BY_CODE, kind: "integer", required: "optional",
			fix: "Give the number of novelties as a whole number.",
			description: "one column per novelty: `novelty_sticker = 2` → `action_after_print.novelty.sticker = 2`",
		},
	],
	[
		"Options › Retailer ID",
		{
			path: "retailer_id", key: "retailer_id", part: "order", column: "retailer_id", group: "Options", name: "Retailer ID", parameter: "retailerId",
			operations: BOTH, kind: "integer", required: "default", limit: {"min":1},
			fix: "Give the retailer ID, a whole number of at least 1 (it comes with your API key); the credential's is used when none is given.",
			description: "usually left out: the credential's retailer ID is the default; a column value wins",
		},
	],
	[
		"Options › Team ID (Internal)",
		{
			path: "team_id", key: "team_id", part: "order", column: "team_id", group: "Options", name: "Team ID (Internal)", parameter: "teamId",
			operations: BY_CODE, kind: "identifier", required: "optional",
			fix: "Give it as text, or leave it empty; it is internal to Printio.",
			description: "internal-only field of Printio",
		},
	],
];

describe('the order field table', () => {
	it('holds exactly these fields, labels, columns, parameters, rules, limits, fixes and descriptions, in this order', () => {
		// Each field's Define Below text (`form`) is pinned where a person reads it: the panel's texts snapshot
		// (test/Printio/Printio.node.texts.test.ts) and the parameters contract.
		expect(ORDER_FIELDS.map(({ form: _form, ...entry }) => [formLabel(entry), entry])).toStrictEqual(TABLE);
	});

	it.each([
		[
			'orderByCode' as const,
			[
				'EC Order Number',
				'Recipient Full Name', 'Recipient Zip Code', 'Recipient Prefecture', 'Recipient Municipality', 'Recipient Address Line 1',
				'Recipient Address Line 2', 'Recipient Phone Number', 'Recipient Email',
				'Sender Full Name', 'Sender Zip Code', 'Sender Prefecture', 'Sender Municipality', 'Sender Address Line 1',
				'Sender Address Line 2', 'Sender Phone Number', 'Sender Email', 'Sender Goods Description',
				'Lines › Original Item', 'Lines › Color Name or ID', 'Lines › Size Name or ID', 'Lines › Quantity', 'Lines › Original Item › By EC Code',
				'Lines › EC Order Detail Number',
				'Options › EC Order Date', 'Options › EC Optional Information', 'Options › Shipping Method', 'Options › Novelties',
				'Options › Novelties › Count', 'Options › Retailer ID', 'Options › Team ID (Internal)',
			],
		],
		[
			'orderWithImage' as const,
			[
				'EC Order Number',
				'Recipient Full Name', 'Recipient Zip Code', 'Recipient Prefecture', 'Recipient Municipality', 'Recipient Address Line 1',
				'Recipient Address Line 2', 'Recipient Phone Number', 'Recipient Email',
				'Sender Full Name', 'Sender Zip Code', 'Sender Prefecture', 'Sender Municipality', 'Sender Address Line 1',
				'Sender Address Line 2', 'Sender Phone Number', 'Sender Email', 'Sender Goods Description',
				'Lines › Item', 'Lines › Color Name or ID', 'Lines › Size Name or ID', 'Lines › Quantity', 'Lines › EC Order Detail Number',
				'Lines › Front Output URL', 'Lines › Front Thumbnail URL', 'Lines › Back Output URL', 'Lines › Back Thumbnail URL',
				'Lines › Left Output URL', 'Lines › Left Thumbnail URL', 'Lines › Right Output URL', 'Lines › Right Thumbnail URL',
				'Lines › Image URLs',
				'Options › EC Order Date', 'Options › EC Optional Information', 'Options › Retailer ID',
			],
		],
	])('%s: the form shows these fields in this order', (operation, labels) => {
		expect(fieldsOf(operation).map(formLabel)).toStrictEqual(labels);
	});

	it('the sender block is required by the API but may come from the credential; the recipient block must be given', () => {
		const rules = (part: string) =>
			ORDER_FIELDS.filter((entry) => entry.part === part).map((entry) => [entry.key, entry.required]);
		expect(rules('shipping_information')).toStrictEqual([
			['full_name', 'required'], ['zip_code', 'required'], ['prefecture_name', 'required'], ['municipalities', 'required'],
			['address1', 'required'], ['address2', 'optional'], ['phone_number', 'required'], ['mail_address', 'optional'],
		]);
		expect(rules('sender_information')).toStrictEqual([
			['full_name', 'default'], ['zip_code', 'default'], ['prefecture_name', 'default'], ['municipalities', 'default'],
			['address1', 'default'], ['address2', 'optional'], ['phone_number', 'default'], ['mail_address', 'optional'], ['item_name', 'default'],
		]);
	});
});

describe('looking a field up by its path', () => {
	it.each([
		['order_details[0].size', 'orderByCode', 'Lines › Size Name or ID'],
		['order_details[7].quantity', 'orderWithImage', 'Lines › Quantity'],
		['order_details[12].color', 'orderByCode', 'Lines › Color Name or ID'],
		['order_details[105].image_urls.back.Thumbnail', 'orderWithImage', 'Lines › Back Thumbnail URL'],
		['order_details[].size', 'orderWithImage', 'Lines › Size Name or ID'],
		['sender_information.item_name', 'orderByCode', 'Sender Goods Description'],
		['ec_order_date', 'orderWithImage', 'Options › EC Order Date'],
	] as const)('%s (%s) is %s', (path, operation, label) => {
		const found = fieldAt(path, operation);
		expect(found === undefined ? undefined : formLabel(found)).toBe(label);
		expect(formLabel(field(path, operation))).toBe(label);
	});

	it('the two EC Order Date entries differ by operation: a date on order-by-code, free text on order-with-image', () => {
		expect([field('ec_order_date', 'orderByCode').kind, field('ec_order_date', 'orderWithImage').kind]).toStrictEqual(['date', 'identifier']);
	});

	it.each([
		['order_details[0].item_code', 'orderByCode'],
		['order_details[3].original_item_code', 'orderWithImage'],
		['shipping_method', 'orderWithImage'],
		['order_details[x].size', 'orderByCode'],
		['lines[0].size', 'orderByCode'],
		['shipping_information.item_name', 'orderByCode'],
	] as const)('%s is not a field of %s: undefined, and field() names path and operation', (path, operation) => {
		expect(fieldAt(path, operation)).toBeUndefined();
		expect(() => field(path, operation)).toThrow(new Error(`No order field ${path} for ${operation}`));
	});
});
