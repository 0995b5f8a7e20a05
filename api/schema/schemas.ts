// Where the spec says "not shown", shapes are the sandbox's decisions (its README), open to extra fields.
import { Type, type TSchema } from '@sinclair/typebox';

import {
	DATE_PATTERN,
	DATE_TIME_PATTERN,
	HEX_COLOR_PATTERN,
	IMAGE_URL_PATTERN,
	MAIL_ADDRESS_PATTERN,
	PHONE_NUMBER_PATTERN,
	URL_PATTERN,
	ZIP_CODE_PATTERN,
} from '../patterns';
import {
	EC_ORDER_DATE_MAX_LENGTH,
	EC_ORDER_DETAIL_NO_MAX_LENGTH,
	EC_ORDER_NO_MAX_LENGTH,
	EC_ORIGINAL_ITEM_CODE_MAX_LENGTH,
	ORIGINAL_ITEM_NAME_MAX_LENGTH,
	PAGE_SIZE_DEFAULT,
	PAGE_SIZE_MAX,
	PAGE_SIZE_MIN,
	QUANTITY_MIN,
	RETAILER_ID_MIN,
} from '../limits';
import { IMAGE_URL_TYPES, PRINT_POSITIONS } from '../positions';

export {
	DATE_PATTERN,
	DATE_TIME_PATTERN,
	HEX_COLOR_PATTERN,
	IMAGE_URL_PATTERN,
	MAIL_ADDRESS_PATTERN,
	PAGE_SIZE_DEFAULT,
	PAGE_SIZE_MAX,
	PAGE_SIZE_MIN,
	PHONE_NUMBER_PATTERN,
	URL_PATTERN,
	ZIP_CODE_PATTERN,
};

export const DateTimeSchema = Type.String({
	pattern: DATE_TIME_PATTERN,
	description: 'Asia/Tokyo wall time without zone, YYYY-MM-DD HH:mm:ss',
	examples: ['2026-11-21 10:00:00'],
});
const NullableString = (options: Record<string, unknown> = {}) =>
	Type.Union([Type.String(options), Type.Null()]);
const RetailerId = Type.Integer({
	minimum: RETAILER_ID_MIN,
	description: 'Retailer id (integer >= 1)',
	examples: [1],
});
const StatusCode = Type.Integer({
	minimum: 0,
	examples: [0],
	description:
		'0 success, 1 no data, 5 request parameter error, 11 no permission, 13 out of stock, 14 payment error, 15 duplicate, any other: system error',
});
const Message = Type.String({
	description: 'Supplementary text for the status code (Japanese)',
	examples: ['成功しました。'],
});
const Limit = Type.Integer({
	minimum: PAGE_SIZE_MIN,
	maximum: PAGE_SIZE_MAX,
	default: PAGE_SIZE_DEFAULT,
	description: 'Page size 1..30, default 25',
});
const Page = Type.Integer({ minimum: 1, default: 1, description: 'Page number, >= 1, default 1' });

// Sandbox decision (not shown in the spec).
export const ColorValueSchema = Type.Object(
	{
		name: Type.String({
			description: 'Colour name as used in orders (e.g. ホワイト)',
			examples: ['ホワイト'],
		}),
		mfr_color_name: Type.String({
			description: "Manufacturer's colour name (e.g. White)",
			examples: ['White'],
		}),
		hex: Type.String({
			pattern: HEX_COLOR_PATTERN,
			description: 'Colour hex value, e.g. #FFFFFF',
			examples: ['#FFFFFF'],
		}),
	},
	{ description: 'Sandbox decision (shape not shown in the spec)' },
);

export const ColorsSchema = Type.Object({
	values: Type.Optional(Type.Array(ColorValueSchema)),
	description: Type.Optional(Type.String()),
});

export const SizeDetailSchema = Type.Object({
	name: Type.String(),
	value: Type.String(),
});

export const SizeValueSchema = Type.Object({
	name: Type.String(),
	details: Type.Array(SizeDetailSchema),
	additional_price: Type.Optional(
		Type.String({ description: 'Additional price per piece for this size' }),
	),
});

export const SizesSchema = Type.Object({
	values: Type.Array(SizeValueSchema),
	description: Type.Optional(Type.String()),
});

export const DefaultColorSchema = Type.Object({
	hex: Type.String({ description: 'Colour hex value', examples: ['#FFFFFF'] }),
	name: Type.String(),
});

export const OriginalItemImageUrlSchema = Type.Object({
	color_name: Type.String(),
	mfr_color_name: Type.String(),
	url: Type.String({ description: 'URL of the design image' }),
});

export const ImageSizeValueSchema = Type.Object({
	name: Type.String(),
	value: Type.Union([Type.Literal('width'), Type.Literal('height')]),
	mm_size: Type.String(),
	px_size: Type.String(),
});

export const SimulatorTypeSchema = Type.Object({
	image_size: Type.Object({ values: Type.Array(ImageSizeValueSchema) }),
	dpi: Type.Optional(Type.Integer({ description: 'Resolution at print time, default 200' })),
});

// Only `novelty` is known.
export const ActionAfterPrintSchema = Type.Object(
	{
		novelty: Type.Optional(
			Type.Record(Type.String(), Type.Integer(), {
				description: 'Novelty name → integer (meaning of the values not shown in the spec)',
			}),
		),
	},
	{ description: 'Keys other than novelty and the meaning of the values: not shown in the spec' },
);

// 2.6
const addressFields = {
	zip_code: Type.String({
		pattern: ZIP_CODE_PATTERN,
		description: 'Seven digits, no hyphen',
		examples: ['1500001'],
	}),
	prefecture_name: Type.String({
		minLength: 1,
		description: 'Includes the suffix character of the prefecture type (e.g. 東京都)',
	}),
	municipalities: Type.String({ minLength: 1 }),
	address1: Type.String({
		minLength: 1,
		description: 'Up to 16 full-width or 32 half-width characters; excess may be cut off',
	}),
	address2: Type.Optional(
		Type.String({
			description: 'Up to 16 full-width or 32 half-width characters; excess may be cut off',
		}),
	),
	full_name: Type.String({ minLength: 1 }),
	phone_number: Type.String({
		pattern: PHONE_NUMBER_PATTERN,
		description: '10 to 15 digits, no hyphen',
		examples: ['0300000001'],
	}),
	mail_address: Type.Optional(
		Type.Union([
			Type.String({
				pattern: MAIL_ADDRESS_PATTERN,
				description: 'Valid mail address',
				examples: ['taro@example.com'],
			}),
			Type.Null(),
		]),
	),
};

export const AddressBlockSchema = Type.Object(addressFields);

export const SenderInformationSchema = Type.Object({
	...addressFields,
	item_name: Type.String({
		minLength: 1,
		description: 'Goods description printed on the delivery slip',
	}),
});

// 2.1: category_id is a string here (spec).
export const OriginalItemSchema = Type.Object({
	original_item_code: Type.String(),
	ec_original_item_code: NullableString(),
	retailer_id: RetailerId,
	category_id: Type.String({ description: 'Category id as a string (the spec types it so here)' }),
	category_name: Type.String(),
	item_code: Type.String({ description: 'Code of the underlying catalog item' }),
	image_urls: Type.Array(OriginalItemImageUrlSchema),
	original_item_name: Type.String(),
	item_name: Type.String(),
	sizes: SizesSchema,
	colors: ColorsSchema,
	default_color: DefaultColorSchema,
	created_at: DateTimeSchema,
	updated_at: DateTimeSchema,
});

// 2.2
export const ItemSchema = Type.Object({
	code: Type.String({ description: 'Item code, e.g. OGB-910', examples: ['OGB-910'] }),
	item_name: Type.String(),
	category_id: Type.Integer(),
	image_urls: Type.Array(Type.String()),
	main_image_url: Type.String(),
	sizes: SizesSchema,
	colors: ColorsSchema,
	price: Type.Number({ description: 'Price per piece' }),
	description: Type.String(),
	detail_description: Type.String(),
	cautions: Type.String(),
	display_unit: Type.String(),
	simulator_type: SimulatorTypeSchema,
	printable_sides: Type.Array(Type.String(), { description: 'Print positions, e.g. front, back' }),
});

// 2.5
export const OrderLineSchema = Type.Object({
	order_detail_no: Type.String(),
	ec_order_detail_no: NullableString(),
	item_code: Type.String(),
	item_name: Type.String(),
	quantity: Type.Integer({ minimum: 1 }),
	color: Type.String(),
	hex: Type.String({ description: 'Colour hex value', examples: ['#FFFFFF'] }),
	size: Type.String(),
	order_detail_status_id: Type.Integer(),
	order_detail_status_name: Type.String(),
	item_id: Type.Optional(Type.String({ deprecated: true, description: 'Deprecated' })),
});

// 2.4; with MultiItemOrder one record per shipment.
export const OrderSchema = Type.Object({
	order_no: Type.String(),
	ec_order_no: NullableString(),
	ec_order_date: NullableString(),
	shipping_id: Type.Optional(
		Type.String({ description: 'Only with X-Feature-Flags: MultiItemOrder' }),
	),
	shipping_information: AddressBlockSchema,
	sender_information: SenderInformationSchema,
	order_status_id: Type.Integer({ minimum: 0 }),
	order_status_name: Type.String(),
	scheduled_shipping_date: Type.String(),
	shipping_date: NullableString(),
	scheduled_delivery_date: NullableString(),
	delivery_company_name: Type.Optional(Type.String()),
	shipping_method_name: Type.Optional(Type.String()),
	shipping_number: NullableString({ description: 'Delivery slip number' }),
	order_details: Type.Array(OrderLineSchema),
	ec_optional_information: NullableString({ description: 'Returned exactly as submitted' }),
	action_after_print: Type.Union([ActionAfterPrintSchema, Type.Null()]),
});

// 2.7
export const OrderStatusRecordSchema = Type.Object({
	order_no: Type.String(),
	ec_order_no: NullableString(),
	shipping_id: Type.Optional(
		Type.String({ description: 'Only with X-Feature-Flags: MultiItemOrder' }),
	),
	status_id: Type.Integer(),
	status_name: Type.String(),
	scheduled_shipping_date: Type.String(),
	shipping_date: NullableString(),
	scheduled_delivery_date: NullableString(),
	shipping_number: NullableString(),
	updated_at: DateTimeSchema,
	ec_optional_information: NullableString(),
});

// 2.8
export const ItemStockSchema = Type.Object({
	category_id: Type.Integer(),
	item_stock_code: Type.String({ description: 'Code identifying the stock entry' }),
	color_name: Type.String(),
	size: Type.String(),
	is_orderable: Type.Boolean(),
	stock_quantity: Type.Union([Type.Integer(), Type.Null()], {
		description: 'null means unlimited stock',
	}),
});

// Sandbox decision (not shown in the spec).
export const CategorySchema = Type.Object(
	{
		category_id: Type.Integer(),
		category_name: Type.String(),
	},
	{ description: 'Sandbox decision (shape not shown in the spec)' },
);

// Sandbox decision (not shown in the spec): every requested line with what is available.
export const AvailableItemSchema = Type.Object(
	{
		original_item_code: Type.String(),
		ec_original_item_code: NullableString(),
		item_code: Type.String(),
		item_stock_code: Type.String(),
		color: Type.String(),
		size: Type.String(),
		requested_quantity: Type.Integer({ minimum: 1 }),
		stock_quantity: Type.Union([Type.Integer(), Type.Null()], {
			description: 'null means unlimited',
		}),
		is_orderable: Type.Boolean(),
		is_available: Type.Boolean({ description: 'true when this line alone could be fulfilled' }),
	},
	{ description: 'Sandbox decision (shape not shown in the spec)' },
);

// Sandbox decision (not shown in the spec).
export const UserInfoSchema = Type.Object(
	{
		user_id: Type.Integer(),
		team_id: Type.Integer(),
		team_name: Type.String(),
	},
	{ description: 'Sandbox decision (shape not shown in the spec)' },
);

export const OriginalItemsQuerySchema = Type.Object({
	retailer_id: RetailerId,
	original_item_code: Type.Optional(Type.String()),
	ec_original_item_code: Type.Optional(Type.String()),
	category_id: Type.Optional(Type.Integer()),
	item_code: Type.Optional(Type.String()),
	sort_value: Type.Optional(
		Type.Union([Type.Literal('original_item_name'), Type.Literal('created_at')], {
			default: 'created_at',
			description: 'Ascending sort on the named field',
		}),
	),
	limit: Type.Optional(Limit),
	page: Type.Optional(Page),
	team_id: Type.Optional(Type.Integer({ description: 'Internal-only' })),
});

export const ItemsQuerySchema = Type.Object({
	retailer_id: RetailerId,
	category_id: Type.Optional(Type.Integer()),
	item_code: Type.Optional(Type.String()),
	limit: Type.Optional(Limit),
	page: Type.Optional(Page),
});

export const UserQuerySchema = Type.Object({
	retailer_id: RetailerId,
});

const OrderNoParam = Type.String({
	minLength: 1,
	description:
		'Service order numbers, comma-separated for several; when given, other parameters are ignored',
});
const EcOrderNoParam = Type.String({
	minLength: 1,
	description: 'Retailer order number; when given without order_no, other parameters are ignored',
});

export const OrdersQuerySchema = Type.Object({
	order_no: Type.Optional(OrderNoParam),
	ec_order_no: Type.Optional(EcOrderNoParam),
	status_id: Type.Optional(Type.Integer({ description: 'Status at the time of the call' })),
	date_time_from: Type.Optional(
		Type.String({
			pattern: DATE_TIME_PATTERN,
			description:
				'Start of the registration date-time range (inclusive); required unless order_no or ec_order_no is given',
		}),
	),
	date_time_to: Type.Optional(
		Type.String({
			pattern: DATE_TIME_PATTERN,
			description: 'End of the registration date-time range (inclusive)',
		}),
	),
	sort_value: Type.Optional(Type.Union([Type.Literal('status_id'), Type.Literal('created_at')])),
	order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' })),
	team_id: Type.Optional(Type.Integer({ description: 'Internal-only' })),
	limit: Type.Optional(Limit),
	page: Type.Optional(Page),
	// Not in the spec's table of GET /orders, but every read is scoped by retailer.
	retailer_id: Type.Optional(
		Type.Integer({
			description:
				'Not listed by the spec for this endpoint; when given it must be the key’s retailer',
		}),
	),
});

export const OrderStatusesQuerySchema = Type.Object({
	order_no: Type.Optional(OrderNoParam),
	ec_order_no: Type.Optional(EcOrderNoParam),
	status_id: Type.Optional(Type.Integer({ description: 'Status at the time of the call' })),
	date_time_from: Type.Optional(
		Type.String({
			pattern: DATE_TIME_PATTERN,
			description:
				'Start of the status-change date-time range (inclusive); required unless order_no or ec_order_no is given',
		}),
	),
	date_time_to: Type.Optional(
		Type.String({
			pattern: DATE_TIME_PATTERN,
			description: 'End of the status-change date-time range (inclusive)',
		}),
	),
	team_id: Type.Optional(Type.Integer({ description: 'Internal-only' })),
	retailer_id: Type.Optional(
		Type.Integer({
			description:
				'Not listed by the spec for this endpoint; when given it must be the key’s retailer',
		}),
	),
});

const EcOrderNo = Type.String({
	minLength: 1,
	maxLength: EC_ORDER_NO_MAX_LENGTH,
	description: `At most ${EC_ORDER_NO_MAX_LENGTH} characters`,
});
const EcOrderDetailNo = Type.String({
	maxLength: EC_ORDER_DETAIL_NO_MAX_LENGTH,
	description: `At most ${EC_ORDER_DETAIL_NO_MAX_LENGTH} characters`,
});
const Quantity = Type.Integer({
	minimum: QUANTITY_MIN,
	description: `Quantity, >= ${QUANTITY_MIN}`,
});

export const OrderByCodeLineSchema = Type.Object({
	ec_order_detail_no: Type.Optional(EcOrderDetailNo),
	original_item_code: Type.Optional(
		Type.String({ minLength: 1, description: 'Required when ec_original_item_code is absent' }),
	),
	ec_original_item_code: Type.Optional(
		Type.String({ minLength: 1, description: 'Required when original_item_code is absent' }),
	),
	quantity: Quantity,
	color: Type.String({ minLength: 1, description: 'Colour name' }),
	size: Type.String({ minLength: 1 }),
});

export const OrderByCodeRequestSchema = Type.Object({
	retailer_id: RetailerId,
	team_id: Type.Optional(Type.String({ description: 'Internal-only' })),
	ec_order_no: EcOrderNo,
	ec_order_date: Type.Optional(
		Type.String({ pattern: DATE_PATTERN, description: 'Date-only form YYYY-MM-DD' }),
	),
	shipping_information: AddressBlockSchema,
	sender_information: SenderInformationSchema,
	order_details: Type.Array(OrderByCodeLineSchema, { minItems: 1 }),
	ec_optional_information: Type.Optional(
		Type.String({ description: 'Free retailer-side text; returned unchanged by the order reads' }),
	),
	action_after_print: Type.Optional(ActionAfterPrintSchema),
	shipping_method: Type.Optional(
		Type.Union([Type.Literal(1), Type.Literal(2)], {
			description: '1: small-parcel mail service, 2: home-delivery parcel service',
		}),
	),
});

export const OrderWithImageUrlSchema = Type.Object({
	type: Type.Union(IMAGE_URL_TYPES.map((type) => Type.Literal(type))),
	url: Type.String({ pattern: URL_PATTERN }),
});

export const OrderWithImagePositionSchema = Type.Object({
	position: Type.Union(
		PRINT_POSITIONS.map((position) => Type.Literal(position)),
		{
			description: 'Print position; the permitted ones differ per item',
		},
	),
	urls: Type.Array(OrderWithImageUrlSchema, { minItems: 1 }),
});

export const OrderWithImageLineSchema = Type.Object({
	ec_order_detail_no: EcOrderDetailNo,
	item_code: Type.String({ minLength: 1 }),
	quantity: Quantity,
	color: Type.String({ minLength: 1 }),
	size: Type.String({ minLength: 1 }),
	image_urls: Type.Object({
		values: Type.Array(OrderWithImagePositionSchema, { minItems: 1 }),
	}),
});

export const OrderWithImageRequestSchema = Type.Object({
	retailer_id: Type.Integer(),
	ec_order_no: EcOrderNo,
	ec_order_date: Type.Union([Type.String({ maxLength: EC_ORDER_DATE_MAX_LENGTH }), Type.Null()], {
		description: `At most ${EC_ORDER_DATE_MAX_LENGTH} characters`,
	}),
	shipping_information: AddressBlockSchema,
	sender_information: SenderInformationSchema,
	order_details: Type.Array(OrderWithImageLineSchema, { minItems: 1 }),
	ec_optional_information: Type.Optional(
		Type.String({ description: 'Free retailer-side text; returned unchanged by the order reads' }),
	),
});

export const OriginalItemCreateImageSchema = Type.Object({
	position: Type.Literal('front', { description: 'Only front is accepted for now' }),
	url: Type.String({
		pattern: IMAGE_URL_PATTERN,
		description: 'http(s) URL of a png, jpg or pdf file',
	}),
});

export const OriginalItemCreateRequestSchema = Type.Object({
	retailer_id: RetailerId,
	item_code: Type.String({ minLength: 1 }),
	ec_original_item_code: Type.Optional(
		Type.String({ minLength: 1, maxLength: EC_ORIGINAL_ITEM_CODE_MAX_LENGTH }),
	),
	original_item_name: Type.Optional(Type.String({ maxLength: ORIGINAL_ITEM_NAME_MAX_LENGTH })),
	image_urls: Type.Array(OriginalItemCreateImageSchema, { minItems: 1 }),
	params: Type.Optional(
		Type.Object({}, { description: 'Editing and placement parameters; ignored for now' }),
	),
	team_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Internal-only' })),
	user_id: Type.Optional(Type.Integer({ minimum: 1, description: 'Internal-only' })),
});

export const SimulatorUrlRequestSchema = Type.Object({
	retailer_id: RetailerId,
	previous_url: Type.String({
		pattern: URL_PATTERN,
		description: 'Destination of the back button',
	}),
	next_url: Type.String({
		pattern: URL_PATTERN,
		description: 'Destination of the design-complete button',
	}),
	item_code: Type.Optional(
		Type.String({ minLength: 1, description: 'Required when item_id is not given' }),
	),
	team_id: Type.Optional(Type.Integer({ description: 'Internal-only' })),
	user_id: Type.Optional(Type.Integer({ description: 'Available to some retailers only' })),
	item_id: Type.Optional(Type.Integer({ deprecated: true, description: 'Deprecated' })),
});

export const ItemStocksRequestSchema = Type.Object({
	retailer_id: RetailerId,
	category_id: Type.Optional(Type.Integer()),
	item_code: Type.Optional(Type.String()),
	item_stock_codes: Type.Optional(Type.Array(Type.String())),
});

export const OriginalItemsResponseSchema = Type.Object({
	original_items: Type.Array(OriginalItemSchema),
	total: Type.Integer({ minimum: 0 }),
	status_code: StatusCode,
	message: Type.Optional(Message),
});

export const ItemsResponseSchema = Type.Object({
	list_item_data: Type.Array(ItemSchema),
	total: Type.Integer({ minimum: 0 }),
	status_code: StatusCode,
	message: Message,
});

export const UserResponseSchema = Type.Object({
	response: Type.Object({
		is_user_exists: Type.Boolean(),
		user_info: Type.Union([UserInfoSchema, Type.Null()]),
		status_code: StatusCode,
		message: Message,
	}),
});

export const OrderByCodeResponseSchema = Type.Object({
	response: Type.Object({
		order_no: Type.Optional(Type.String({ description: 'Set only when registration succeeded' })),
		ec_order_no: Type.String({ description: 'Always set' }),
		status_code: StatusCode,
		message: Message,
		available_items: Type.Optional(
			Type.Array(AvailableItemSchema, {
				description: 'Only in MultiItemOrder mode on a stock error',
			}),
		),
	}),
});

export const SimulatorUrlResponseSchema = Type.Object({
	response: Type.Object({
		simulator_url: Type.Optional(Type.String({ description: 'Set on success' })),
		message: Message,
		status_code: StatusCode,
	}),
});

export const OriginalItemCreateResponseSchema = Type.Object({
	response: Type.Object({
		original_item_code: Type.Optional(
			Type.String({ description: 'Set when registration succeeded' }),
		),
		ec_original_item_code: NullableString({
			description: 'Always set (null when the request had none)',
		}),
		status_code: StatusCode,
		message: Message,
	}),
});

export const OrdersResponseSchema = Type.Object({
	orders: Type.Array(OrderSchema),
	total: Type.Integer({ minimum: 0 }),
	status_code: StatusCode,
	message: Message,
});

export const OrderStatusesResponseSchema = Type.Object({
	orders: Type.Array(OrderStatusRecordSchema),
	status_code: StatusCode,
	message: Type.Optional(Message),
});

export const OrderWithImageResponseSchema = Type.Object({
	response: Type.Object({
		order_no: Type.Optional(Type.String({ description: 'Set when registration succeeded' })),
		ec_order_no: Type.String({ description: 'Always set' }),
		status_code: StatusCode,
		message: Message,
	}),
});

export const ItemStocksResponseSchema = Type.Object({
	item_stocks: Type.Array(ItemStockSchema),
	status_code: StatusCode,
	message: Message,
});

export const CategoriesResponseSchema = Type.Object({
	categories: Type.Optional(Type.Array(CategorySchema)),
	status_code: StatusCode,
	message: Message,
});

// The gateway's HTTP 401 for a missing or unknown key.
export const UnauthorizedResponseSchema = Type.Object({
	statusCode: Type.Literal(401),
	message: Type.String(),
});

export const namedSchemas: Record<string, TSchema> = {
	ColorValue: ColorValueSchema,
	Colors: ColorsSchema,
	SizeDetail: SizeDetailSchema,
	SizeValue: SizeValueSchema,
	Sizes: SizesSchema,
	DefaultColor: DefaultColorSchema,
	OriginalItemImageUrl: OriginalItemImageUrlSchema,
	ImageSizeValue: ImageSizeValueSchema,
	SimulatorType: SimulatorTypeSchema,
	ActionAfterPrint: ActionAfterPrintSchema,
	AddressBlock: AddressBlockSchema,
	SenderInformation: SenderInformationSchema,
	OriginalItem: OriginalItemSchema,
	Item: ItemSchema,
	OrderLine: OrderLineSchema,
	Order: OrderSchema,
	OrderStatusRecord: OrderStatusRecordSchema,
	ItemStock: ItemStockSchema,
	Category: CategorySchema,
	AvailableItem: AvailableItemSchema,
	UserInfo: UserInfoSchema,
	OrderByCodeLine: OrderByCodeLineSchema,
	OrderByCodeRequest: OrderByCodeRequestSchema,
	OrderWithImageUrl: OrderWithImageUrlSchema,
	OrderWithImagePosition: OrderWithImagePositionSchema,
	OrderWithImageLine: OrderWithImageLineSchema,
	OrderWithImageRequest: OrderWithImageRequestSchema,
	OriginalItemCreateImage: OriginalItemCreateImageSchema,
	OriginalItemCreateRequest: OriginalItemCreateRequestSchema,
	SimulatorUrlRequest: SimulatorUrlRequestSchema,
	ItemStocksRequest: ItemStocksRequestSchema,
	OriginalItemsResponse: OriginalItemsResponseSchema,
	ItemsResponse: ItemsResponseSchema,
	UserResponse: UserResponseSchema,
	OrderByCodeResponse: OrderByCodeResponseSchema,
	SimulatorUrlResponse: SimulatorUrlResponseSchema,
	OriginalItemCreateResponse: OriginalItemCreateResponseSchema,
	OrdersResponse: OrdersResponseSchema,
	OrderStatusesResponse: OrderStatusesResponseSchema,
	OrderWithImageResponse: OrderWithImageResponseSchema,
	ItemStocksResponse: ItemStocksResponseSchema,
	CategoriesResponse: CategoriesResponseSchema,
	Unauthorized: UnauthorizedResponseSchema,
};
