// Type-only imports: the node imports this file, and nothing of it may reach its runtime.
import type { Static } from '@sinclair/typebox';
import type {
	ActionAfterPrintSchema,
	AddressBlockSchema,
	AvailableItemSchema,
	CategoriesResponseSchema,
	CategorySchema,
	ColorValueSchema,
	ItemSchema,
	ItemsQuerySchema,
	ItemsResponseSchema,
	ItemStockSchema,
	ItemStocksRequestSchema,
	ItemStocksResponseSchema,
	OrderByCodeRequestSchema,
	OrderByCodeResponseSchema,
	OrderLineSchema,
	OrderSchema,
	OrdersQuerySchema,
	OrdersResponseSchema,
	OrderStatusesQuerySchema,
	OrderStatusesResponseSchema,
	OrderStatusRecordSchema,
	OrderWithImageRequestSchema,
	OrderWithImageResponseSchema,
	OriginalItemCreateRequestSchema,
	OriginalItemCreateResponseSchema,
	OriginalItemSchema,
	OriginalItemsQuerySchema,
	OriginalItemsResponseSchema,
	SenderInformationSchema,
	SimulatorUrlRequestSchema,
	SimulatorUrlResponseSchema,
	SizeValueSchema,
	UserQuerySchema,
	UserResponseSchema,
} from './schemas';

export type OriginalItem = Static<typeof OriginalItemSchema>;
export type Item = Static<typeof ItemSchema>;
export type SizeValue = Static<typeof SizeValueSchema>;
export type ColorValue = Static<typeof ColorValueSchema>;
export type ActionAfterPrint = Static<typeof ActionAfterPrintSchema>;
export type Order = Static<typeof OrderSchema>;
export type OrderLine = Static<typeof OrderLineSchema>;
export type AddressBlock = Static<typeof AddressBlockSchema>;
export type SenderInformation = Static<typeof SenderInformationSchema>;
export type OrderStatusRecord = Static<typeof OrderStatusRecordSchema>;
export type ItemStock = Static<typeof ItemStockSchema>;
export type Category = Static<typeof CategorySchema>;
export type AvailableItem = Static<typeof AvailableItemSchema>;

export type OriginalItemsQuery = Static<typeof OriginalItemsQuerySchema>;
export type ItemsQuery = Static<typeof ItemsQuerySchema>;
export type UserQuery = Static<typeof UserQuerySchema>;
export type OrdersQuery = Static<typeof OrdersQuerySchema>;
export type OrderStatusesQuery = Static<typeof OrderStatusesQuerySchema>;

export type OrderByCodeRequest = Static<typeof OrderByCodeRequestSchema>;
export type OrderWithImageRequest = Static<typeof OrderWithImageRequestSchema>;
export type OriginalItemCreateRequest = Static<typeof OriginalItemCreateRequestSchema>;
export type SimulatorUrlRequest = Static<typeof SimulatorUrlRequestSchema>;
export type ItemStocksRequest = Static<typeof ItemStocksRequestSchema>;

// Whole bodies, with the `response` wrapper where there is one.
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
