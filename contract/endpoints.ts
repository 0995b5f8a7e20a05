/**
 * The 11 endpoints of the Printio API 1.4.2 in one table: the sandbox routes and validates from it,
 * write-openapi.ts documents from it.
 */
import type { TSchema } from '@sinclair/typebox';
import {
	CategoriesResponseSchema,
	ItemsQuerySchema,
	ItemsResponseSchema,
	ItemStocksRequestSchema,
	ItemStocksResponseSchema,
	OrderByCodeRequestSchema,
	OrderByCodeResponseSchema,
	OrdersQuerySchema,
	OrdersResponseSchema,
	OrderStatusesQuerySchema,
	OrderStatusesResponseSchema,
	OrderWithImageRequestSchema,
	OrderWithImageResponseSchema,
	OriginalItemCreateRequestSchema,
	OriginalItemCreateResponseSchema,
	OriginalItemsQuerySchema,
	OriginalItemsResponseSchema,
	SimulatorUrlRequestSchema,
	SimulatorUrlResponseSchema,
	UserQuerySchema,
	UserResponseSchema,
} from './schemas';

export type EndpointId =
	| 'getOriginalItems'
	| 'getItems'
	| 'getUser'
	| 'postOrderByCode'
	| 'postSimulatorUrl'
	| 'postOriginalItem'
	| 'getOrders'
	| 'getOrderStatuses'
	| 'postOrderWithImage'
	| 'postItemStocks'
	| 'getCategories';

export interface EndpointHeader {
	name: string;
	required: boolean;
	description: string;
}

export interface Endpoint {
	id: EndpointId;
	method: 'GET' | 'POST';
	path: string;
	summary: string;
	/** Query schema (GET) */
	query?: TSchema;
	/** Body schema (POST) */
	body?: TSchema;
	/** Name of the response schema in `namedSchemas`, and the schema itself */
	responseName: string;
	response: TSchema;
	/** Where `status_code` and `message` sit: top level, or inside the `response` wrapper. */
	envelope: 'top' | 'response';
	/** Uses limit/page and returns `total`. */
	paginated: boolean;
	/** Name of the array in the body holding the records (list endpoints). */
	listField?: string;
	/** Headers beyond Accept, Content-Type and the subscription key. */
	headers: EndpointHeader[];
	/** The status codes the spec lists for this endpoint (any other value = system error). */
	statusCodes: number[];
	internal?: boolean;
}

export const SUBSCRIPTION_KEY_HEADER = 'Printio-Api-Subscription-Key';
export const FEATURE_FLAGS_HEADER = 'X-Feature-Flags';
export const MULTI_ITEM_ORDER_FLAG = 'MultiItemOrder';
export const MAIL_ADDRESS_HEADER = 'MailAddress';

const featureFlags: EndpointHeader = {
	name: FEATURE_FLAGS_HEADER,
	required: false,
	description: 'Value MultiItemOrder enables the extended mode (several original items per order, one record per shipment)',
};

export const endpoints: readonly Endpoint[] = [
	{
		id: 'getOriginalItems',
		method: 'GET',
		path: '/original-items',
		summary: 'List original items of the retailer',
		query: OriginalItemsQuerySchema,
		responseName: 'OriginalItemsResponse',
		response: OriginalItemsResponseSchema,
		envelope: 'top',
		paginated: true,
		listField: 'original_items',
		headers: [],
		statusCodes: [0, 1, 5, 11],
	},
	{
		id: 'getItems',
		method: 'GET',
		path: '/items',
		summary: 'List catalog items',
		query: ItemsQuerySchema,
		responseName: 'ItemsResponse',
		response: ItemsResponseSchema,
		envelope: 'top',
		paginated: true,
		listField: 'list_item_data',
		headers: [],
		statusCodes: [0, 1, 5, 11],
	},
	{
		id: 'getUser',
		method: 'GET',
		path: '/users/user',
		summary: 'Look up user team information by mail address (internal, test release)',
		query: UserQuerySchema,
		responseName: 'UserResponse',
		response: UserResponseSchema,
		envelope: 'response',
		paginated: false,
		headers: [{ name: MAIL_ADDRESS_HEADER, required: true, description: "The user's mail address" }],
		statusCodes: [0, 1, 5, 11],
		internal: true,
	},
	{
		id: 'postOrderByCode',
		method: 'POST',
		path: '/order-by-code',
		summary: 'Place an order that refers to original items by code',
		body: OrderByCodeRequestSchema,
		responseName: 'OrderByCodeResponse',
		response: OrderByCodeResponseSchema,
		envelope: 'response',
		paginated: false,
		headers: [featureFlags],
		statusCodes: [0, 1, 5, 11, 13, 14],
	},
	{
		id: 'postSimulatorUrl',
		method: 'POST',
		path: '/simulator-url',
		summary: 'Get the address of the design simulator',
		body: SimulatorUrlRequestSchema,
		responseName: 'SimulatorUrlResponse',
		response: SimulatorUrlResponseSchema,
		envelope: 'response',
		paginated: false,
		headers: [],
		statusCodes: [0, 1, 5, 11],
	},
	{
		id: 'postOriginalItem',
		method: 'POST',
		path: '/original-item',
		summary: 'Create an original item',
		body: OriginalItemCreateRequestSchema,
		responseName: 'OriginalItemCreateResponse',
		response: OriginalItemCreateResponseSchema,
		envelope: 'response',
		paginated: false,
		headers: [],
		statusCodes: [0, 1, 5, 11, 15],
	},
	{
		id: 'getOrders',
		method: 'GET',
		path: '/orders',
		summary: 'Read orders',
		query: OrdersQuerySchema,
		responseName: 'OrdersResponse',
		response: OrdersResponseSchema,
		envelope: 'top',
		paginated: true,
		listField: 'orders',
		headers: [featureFlags],
		statusCodes: [0, 1, 5, 11],
	},
	{
		id: 'getOrderStatuses',
		method: 'GET',
		path: '/order-statuses',
		summary: 'Read order status records',
		query: OrderStatusesQuerySchema,
		responseName: 'OrderStatusesResponse',
		response: OrderStatusesResponseSchema,
		envelope: 'top',
		paginated: false,
		listField: 'orders',
		headers: [featureFlags],
		statusCodes: [0, 1, 5, 11],
	},
	{
		id: 'postOrderWithImage',
		method: 'POST',
		path: '/orders/order-with-image',
		summary: 'Place an order with image URLs per print position',
		body: OrderWithImageRequestSchema,
		responseName: 'OrderWithImageResponse',
		response: OrderWithImageResponseSchema,
		envelope: 'response',
		paginated: false,
		headers: [featureFlags],
		statusCodes: [0, 1, 5, 11],
	},
	{
		id: 'postItemStocks',
		method: 'POST',
		path: '/item-stocks',
		summary: 'Read stock per item, colour and size',
		body: ItemStocksRequestSchema,
		responseName: 'ItemStocksResponse',
		response: ItemStocksResponseSchema,
		envelope: 'top',
		paginated: false,
		listField: 'item_stocks',
		headers: [],
		statusCodes: [0, 1, 5, 11],
	},
	{
		id: 'getCategories',
		method: 'GET',
		path: '/categories',
		summary: 'List item categories',
		responseName: 'CategoriesResponse',
		response: CategoriesResponseSchema,
		envelope: 'top',
		paginated: false,
		listField: 'categories',
		headers: [],
		statusCodes: [0, 1, 5, 11],
	},
];

export const endpointById: Readonly<Record<EndpointId, Endpoint>> = Object.fromEntries(
	endpoints.map((e) => [e.id, e]),
) as Record<EndpointId, Endpoint>;
