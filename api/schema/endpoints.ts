import type { TSchema } from '@sinclair/typebox';

import {
	ENDPOINTS,
	type EndpointName,
	FEATURE_FLAGS_HEADER,
	MAIL_ADDRESS_HEADER,
} from '../endpoints';
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

export {
	FEATURE_FLAGS_HEADER,
	MAIL_ADDRESS_HEADER,
	MULTI_ITEM_ORDER_FLAG,
	SUBSCRIPTION_KEY_HEADER,
} from '../endpoints';

export type EndpointId = EndpointName;

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
	query?: TSchema;
	body?: TSchema;
	responseName: string;
	response: TSchema;
	envelope: 'top' | 'response';
	paginated: boolean;
	listField?: string;
	headers: EndpointHeader[];
	statusCodes: number[];
	internal?: boolean;
}

const HEADERS: Record<(typeof ENDPOINTS)[EndpointId]['headers'][number], EndpointHeader> = {
	[FEATURE_FLAGS_HEADER]: {
		name: FEATURE_FLAGS_HEADER,
		required: false,
		description:
			'Value MultiItemOrder enables the extended mode (several original items per order, one record per shipment)',
	},
	[MAIL_ADDRESS_HEADER]: {
		name: MAIL_ADDRESS_HEADER,
		required: true,
		description: "The user's mail address",
	},
};

const SCHEMAS: Record<
	EndpointId,
	{ query?: TSchema; body?: TSchema; responseName: string; response: TSchema }
> = {
	getOriginalItems: {
		query: OriginalItemsQuerySchema,
		responseName: 'OriginalItemsResponse',
		response: OriginalItemsResponseSchema,
	},
	getItems: {
		query: ItemsQuerySchema,
		responseName: 'ItemsResponse',
		response: ItemsResponseSchema,
	},
	getUser: { query: UserQuerySchema, responseName: 'UserResponse', response: UserResponseSchema },
	postOrderByCode: {
		body: OrderByCodeRequestSchema,
		responseName: 'OrderByCodeResponse',
		response: OrderByCodeResponseSchema,
	},
	postSimulatorUrl: {
		body: SimulatorUrlRequestSchema,
		responseName: 'SimulatorUrlResponse',
		response: SimulatorUrlResponseSchema,
	},
	postOriginalItem: {
		body: OriginalItemCreateRequestSchema,
		responseName: 'OriginalItemCreateResponse',
		response: OriginalItemCreateResponseSchema,
	},
	getOrders: {
		query: OrdersQuerySchema,
		responseName: 'OrdersResponse',
		response: OrdersResponseSchema,
	},
	getOrderStatuses: {
		query: OrderStatusesQuerySchema,
		responseName: 'OrderStatusesResponse',
		response: OrderStatusesResponseSchema,
	},
	postOrderWithImage: {
		body: OrderWithImageRequestSchema,
		responseName: 'OrderWithImageResponse',
		response: OrderWithImageResponseSchema,
	},
	postItemStocks: {
		body: ItemStocksRequestSchema,
		responseName: 'ItemStocksResponse',
		response: ItemStocksResponseSchema,
	},
	getCategories: { responseName: 'CategoriesResponse', response: CategoriesResponseSchema },
};

export const endpoints: readonly Endpoint[] = (Object.keys(ENDPOINTS) as EndpointId[]).map((id) => {
	const endpoint = ENDPOINTS[id];
	return {
		id,
		method: endpoint.method,
		path: endpoint.path,
		summary: endpoint.summary,
		...SCHEMAS[id],
		envelope: endpoint.envelope,
		paginated: endpoint.paginated,
		listField: 'listKey' in endpoint ? endpoint.listKey : undefined,
		headers: endpoint.headers.map((name) => HEADERS[name]),
		statusCodes: [...endpoint.statusCodes],
		internal: 'internal' in endpoint ? endpoint.internal : undefined,
	};
});

export const endpointById: Readonly<Record<EndpointId, Endpoint>> = Object.fromEntries(
	endpoints.map((e) => [e.id, e]),
) as Record<EndpointId, Endpoint>;
