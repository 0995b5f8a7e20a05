/**
 * TypeScript types of the Printio API contract, derived from the TypeBox schemas.
 * The node imports these with `import type`, so nothing here reaches its runtime:
 * this file imports only the `Static` type and the schemas.
 */
import type { Static } from '@sinclair/typebox';
import type {
	ActionAfterPrintSchema,
	AddressBlockSchema,
	AvailableItemSchema,
	CategoriesResponseSchema,
	CategorySchema,
	ColorsSchema,
	ColorValueSchema,
	DefaultColorSchema,
	ImageSizeValueSchema,
	ItemSchema,
	ItemsQuerySchema,
	ItemsResponseSchema,
	ItemStockSchema,
	ItemStocksRequestSchema,
	ItemStocksResponseSchema,
	OrderByCodeLineSchema,
	OrderByCodeRequestSchema,
	OrderByCodeResponseSchema,
	OrderLineSchema,
	OrderSchema,
	OrdersQuerySchema,
	OrdersResponseSchema,
	OrderStatusesQuerySchema,
	OrderStatusesResponseSchema,
	OrderStatusRecordSchema,
	OrderWithImageLineSchema,
	OrderWithImagePositionSchema,
	OrderWithImageRequestSchema,
	OrderWithImageResponseSchema,
	OrderWithImageUrlSchema,
	OriginalItemCreateImageSchema,
	OriginalItemCreateRequestSchema,
	OriginalItemCreateResponseSchema,
	OriginalItemImageUrlSchema,
	OriginalItemSchema,
	OriginalItemsQuerySchema,
	OriginalItemsResponseSchema,
	SenderInformationSchema,
	SimulatorTypeSchema,
	SimulatorUrlRequestSchema,
	SimulatorUrlResponseSchema,
	SizeDetailSchema,
	SizesSchema,
	SizeValueSchema,
	UnauthorizedResponseSchema,
	UserInfoSchema,
	UserQuerySchema,
	UserResponseSchema,
} from './schemas';

/** The status codes the spec names; any other value is a system error. */
export type KnownStatusCode = 0 | 1 | 5 | 11 | 13 | 14 | 15;

// resources
export type OriginalItem = Static<typeof OriginalItemSchema>;
export type Item = Static<typeof ItemSchema>;
export type Sizes = Static<typeof SizesSchema>;
export type SizeValue = Static<typeof SizeValueSchema>;
export type SizeDetail = Static<typeof SizeDetailSchema>;
export type Colors = Static<typeof ColorsSchema>;
export type ColorValue = Static<typeof ColorValueSchema>;
export type DefaultColor = Static<typeof DefaultColorSchema>;
export type OriginalItemImageUrl = Static<typeof OriginalItemImageUrlSchema>;
export type ImageSizeValue = Static<typeof ImageSizeValueSchema>;
export type SimulatorType = Static<typeof SimulatorTypeSchema>;
export type ActionAfterPrint = Static<typeof ActionAfterPrintSchema>;
export type Order = Static<typeof OrderSchema>;
export type OrderLine = Static<typeof OrderLineSchema>;
export type AddressBlock = Static<typeof AddressBlockSchema>;
export type SenderInformation = Static<typeof SenderInformationSchema>;
export type OrderStatusRecord = Static<typeof OrderStatusRecordSchema>;
export type ItemStock = Static<typeof ItemStockSchema>;
export type Category = Static<typeof CategorySchema>;
export type AvailableItem = Static<typeof AvailableItemSchema>;
export type UserInfo = Static<typeof UserInfoSchema>;

// queries
export type OriginalItemsQuery = Static<typeof OriginalItemsQuerySchema>;
export type ItemsQuery = Static<typeof ItemsQuerySchema>;
export type UserQuery = Static<typeof UserQuerySchema>;
export type OrdersQuery = Static<typeof OrdersQuerySchema>;
export type OrderStatusesQuery = Static<typeof OrderStatusesQuerySchema>;

// request bodies
export type OrderByCodeRequest = Static<typeof OrderByCodeRequestSchema>;
export type OrderByCodeLine = Static<typeof OrderByCodeLineSchema>;
export type OrderWithImageRequest = Static<typeof OrderWithImageRequestSchema>;
export type OrderWithImageLine = Static<typeof OrderWithImageLineSchema>;
export type OrderWithImagePosition = Static<typeof OrderWithImagePositionSchema>;
export type OrderWithImageUrl = Static<typeof OrderWithImageUrlSchema>;
export type OriginalItemCreateRequest = Static<typeof OriginalItemCreateRequestSchema>;
export type OriginalItemCreateImage = Static<typeof OriginalItemCreateImageSchema>;
export type SimulatorUrlRequest = Static<typeof SimulatorUrlRequestSchema>;
export type ItemStocksRequest = Static<typeof ItemStocksRequestSchema>;

// responses (whole bodies; those with the `response` wrapper have it)
export type OriginalItemsResponse = Static<typeof OriginalItemsResponseSchema>;
export type ItemsResponse = Static<typeof ItemsResponseSchema>;
export type UserResponse = Static<typeof UserResponseSchema>;
export type OrderByCodeResponse = Static<typeof OrderByCodeResponseSchema>;
export type SimulatorUrlResponse = Static<typeof SimulatorUrlResponseSchema>;
export type OriginalItemCreateResponse = Static<typeof OriginalItemCreateResponseSchema>;
export type OrdersResponse = Static<typeof OrdersResponseSchema>;
export type OrderStatusesResponse = Static<typeof OrderStatusesResponseSchema>;
export type OrderWithImageResponse = Static<typeof OrderWithImageResponseSchema>;
export type ItemStocksResponse = Static<typeof ItemStocksResponseSchema>;
export type CategoriesResponse = Static<typeof CategoriesResponseSchema>;
export type UnauthorizedResponse = Static<typeof UnauthorizedResponseSchema>;

/** The inner object of the bodies that carry the `response` wrapper. */
export type OrderByCodeResult = OrderByCodeResponse['response'];
export type OrderWithImageResult = OrderWithImageResponse['response'];
export type OriginalItemCreateResult = OriginalItemCreateResponse['response'];
export type SimulatorUrlResult = SimulatorUrlResponse['response'];
export type UserResult = UserResponse['response'];

/** Header names used by the API. */
export type PrintioHeaderName = 'Printio-Api-Subscription-Key' | 'X-Feature-Flags' | 'MailAddress';
