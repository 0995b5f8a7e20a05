import type * as Api from './schema/types';
import { STATUS, type StatusCode } from './statusCodes';

export const SUBSCRIPTION_KEY_HEADER = 'Printio-Api-Subscription-Key';
export const FEATURE_FLAGS_HEADER = 'X-Feature-Flags';
export const MULTI_ITEM_ORDER_FLAG = 'MultiItemOrder';
export const MAIL_ADDRESS_HEADER = 'MailAddress';

export interface EndpointDefinition {
	method: 'GET' | 'POST';
	path: string;
	summary: string;
	// Spec 7: status_code at the top or inside `response`.
	envelope: 'top' | 'response';
	idempotent: boolean;
	paginated: boolean;
	// With a list, status 1 ("no data") is an empty list, not an error.
	listKey?: string;
	headers: readonly (typeof FEATURE_FLAGS_HEADER | typeof MAIL_ADDRESS_HEADER)[];
	statusCodes: readonly StatusCode[];
	internal?: boolean;
}

const { SUCCESS, NO_DATA, PARAMETER_ERROR, NO_PERMISSION, OUT_OF_STOCK, PAYMENT_ERROR, DUPLICATE } =
	STATUS;
const READ_CODES = [SUCCESS, NO_DATA, PARAMETER_ERROR, NO_PERMISSION] as const;

export const ENDPOINTS = {
	getOriginalItems: {
		method: 'GET',
		path: '/original-items',
		summary: 'List original items of the retailer',
		envelope: 'top',
		idempotent: true,
		paginated: true,
		listKey: 'original_items',
		headers: [],
		statusCodes: READ_CODES,
	},
	getItems: {
		method: 'GET',
		path: '/items',
		summary: 'List catalog items',
		envelope: 'top',
		idempotent: true,
		paginated: true,
		listKey: 'list_item_data',
		headers: [],
		statusCodes: READ_CODES,
	},
	getUser: {
		method: 'GET',
		path: '/users/user',
		summary: 'Look up user team information by mail address (internal, test release)',
		envelope: 'response',
		idempotent: true,
		paginated: false,
		headers: [MAIL_ADDRESS_HEADER],
		statusCodes: READ_CODES,
		internal: true,
	},
	postOrderByCode: {
		method: 'POST',
		path: '/order-by-code',
		summary: 'Place an order that refers to original items by code',
		envelope: 'response',
		idempotent: false,
		paginated: false,
		headers: [FEATURE_FLAGS_HEADER],
		statusCodes: [...READ_CODES, OUT_OF_STOCK, PAYMENT_ERROR],
	},
	postSimulatorUrl: {
		method: 'POST',
		path: '/simulator-url',
		summary: 'Get the address of the design simulator',
		envelope: 'response',
		idempotent: true,
		paginated: false,
		headers: [],
		statusCodes: READ_CODES,
	},
	postOriginalItem: {
		method: 'POST',
		path: '/original-item',
		summary: 'Create an original item',
		envelope: 'response',
		idempotent: false,
		paginated: false,
		headers: [],
		statusCodes: [...READ_CODES, DUPLICATE],
	},
	getOrders: {
		method: 'GET',
		path: '/orders',
		summary: 'Read orders',
		envelope: 'top',
		idempotent: true,
		paginated: true,
		listKey: 'orders',
		headers: [FEATURE_FLAGS_HEADER],
		statusCodes: READ_CODES,
	},
	getOrderStatuses: {
		method: 'GET',
		path: '/order-statuses',
		summary: 'Read order status records',
		envelope: 'top',
		idempotent: true,
		paginated: false,
		listKey: 'orders',
		headers: [FEATURE_FLAGS_HEADER],
		statusCodes: READ_CODES,
	},
	postOrderWithImage: {
		method: 'POST',
		path: '/orders/order-with-image',
		summary: 'Place an order with image URLs per print position',
		envelope: 'response',
		idempotent: false,
		paginated: false,
		headers: [FEATURE_FLAGS_HEADER],
		statusCodes: READ_CODES,
	},
	postItemStocks: {
		method: 'POST',
		path: '/item-stocks',
		summary: 'Read stock per item, colour and size',
		envelope: 'top',
		idempotent: true,
		paginated: false,
		listKey: 'item_stocks',
		headers: [],
		statusCodes: READ_CODES,
	},
	getCategories: {
		method: 'GET',
		path: '/categories',
		summary: 'List item categories',
		envelope: 'top',
		idempotent: true,
		paginated: false,
		listKey: 'categories',
		headers: [],
		statusCodes: READ_CODES,
	},
} as const satisfies Record<string, EndpointDefinition>;

export type EndpointName = keyof typeof ENDPOINTS;

// Type-only: nothing of api/schema/ ships.
export interface EndpointTypes {
	getOriginalItems: {
		query: Api.OriginalItemsQuery;
		body: never;
		response: Api.OriginalItemsResponse;
	};
	getItems: { query: Api.ItemsQuery; body: never; response: Api.ItemsResponse };
	getUser: { query: Api.UserQuery; body: never; response: Api.UserResponse };
	postOrderByCode: {
		query: never;
		body: Api.OrderByCodeRequest;
		response: Api.OrderByCodeResponse;
	};
	postSimulatorUrl: {
		query: never;
		body: Api.SimulatorUrlRequest;
		response: Api.SimulatorUrlResponse;
	};
	postOriginalItem: {
		query: never;
		body: Api.OriginalItemCreateRequest;
		response: Api.OriginalItemCreateResponse;
	};
	getOrders: { query: Api.OrdersQuery; body: never; response: Api.OrdersResponse };
	getOrderStatuses: {
		query: Api.OrderStatusesQuery;
		body: never;
		response: Api.OrderStatusesResponse;
	};
	postOrderWithImage: {
		query: never;
		body: Api.OrderWithImageRequest;
		response: Api.OrderWithImageResponse;
	};
	postItemStocks: { query: never; body: Api.ItemStocksRequest; response: Api.ItemStocksResponse };
	getCategories: { query: never; body: never; response: Api.CategoriesResponse };
}

export type QueryOf<E extends EndpointName> = EndpointTypes[E]['query'];
export type BodyOf<E extends EndpointName> = EndpointTypes[E]['body'];
export type ResponseOf<E extends EndpointName> = EndpointTypes[E]['response'];

export type PaginatedEndpoint = {
	[E in EndpointName]: (typeof ENDPOINTS)[E] extends { paginated: true; listKey: string }
		? E
		: never;
}[EndpointName];

export type RecordOf<E extends PaginatedEndpoint> =
	NonNullable<
		ResponseOf<E>[(typeof ENDPOINTS)[E]['listKey'] & keyof ResponseOf<E>]
	> extends ReadonlyArray<infer R>
		? R
		: never;
