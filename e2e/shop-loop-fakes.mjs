// Test doubles for e2e/shop-loop.e2e.test.mjs, never shipped: a small Shopify Admin API (GraphQL: an order's
// fulfillment orders, fulfillmentCreate) and a small WooCommerce REST API (order notes, order update). Each keeps
// what it received, so the test can assert the fulfilment requests: which order, which lines, how many, the
// tracking and whether the customer is notified.
import http from 'node:http';

function listen(handler) {
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (d) => (body += d));
		req.on('end', () => {
			let json;
			try {
				json = body ? JSON.parse(body) : undefined;
			} catch {
				json = body;
			}
			const send = (status, answer) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(answer));
			};
			try {
				handler(req, json, send);
			} catch (error) {
				send(500, { error: String(error) });
			}
		});
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve({
				server,
				origin: `http://127.0.0.1:${server.address().port}`,
				close: () => new Promise((r) => server.close(r)),
			}),
		),
	);
}

const gid = (type, id) => `gid://shopify/${type}/${id}`;
const tail = (id) => String(id).split('/').pop();

/**
 * Shopify Admin GraphQL at `<origin>/admin/api/<version>/graphql.json`, with the token `token`
 * (X-Shopify-Access-Token). `addOrder(id, lines)` makes an order with one open fulfillment order holding its
 * lines ({ id, quantity }); `fulfil(id)` marks it fulfilled and closed already; `fulfilPart` leaves less of a
 * line to fulfil than a shipment carries (its fulfilment is refused).
 */
export async function startFakeShopify({ token }) {
	const orders = new Map();
	/** Every fulfillmentCreate received, refused ones too: { orderId, lines, trackingInfo, notifyCustomer, refused }. */
	const fulfilments = [];
	/** Every request, for counting: { kind: 'fulfillmentOrders' | 'fulfillmentCreate' | 'unauthorised' | 'other', orderId }. */
	const requests = [];
	let nextId = 1000;

	const fake = await listen((req, body, send) => {
		if (req.method !== 'POST' || !/^\/admin\/api\/[0-9-]+\/graphql\.json$/.test(req.url))
			return send(404, { errors: 'Not Found' });
		if (req.headers['x-shopify-access-token'] !== token) {
			requests.push({ kind: 'unauthorised' });
			return send(401, {
				errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
			});
		}
		const query = String(body?.query ?? '');
		if (/fulfillmentOrders/.test(query) && /order\s*\(/.test(query)) {
			const orderId = tail(body.variables?.id);
			requests.push({ kind: 'fulfillmentOrders', orderId });
			const order = orders.get(orderId);
			if (!order) return send(200, { data: { order: null } });
			return send(200, {
				data: {
					order: {
						id: gid('Order', orderId),
						name: `#${orderId}`,
						fulfillmentOrders: {
							nodes: order.fulfillmentOrders.map((fo) => ({
								id: fo.id,
								status: fo.status,
								lineItems: {
									nodes: fo.lineItems.map((li) => ({
										id: li.id,
										remainingQuantity: li.remaining,
										lineItem: { id: gid('LineItem', li.lineId) },
									})),
								},
							})),
						},
					},
				},
			});
		}
		if (/fulfillmentCreate/.test(query)) {
			const input = body.variables?.fulfillment ?? {};
			const groups = input.lineItemsByFulfillmentOrder ?? [];
			const owners = [...orders.entries()].filter(([, o]) =>
				o.fulfillmentOrders.some((fo) => groups.some((g) => g.fulfillmentOrderId === fo.id)),
			);
			const orderId = owners.length === 1 ? owners[0][0] : null;
			requests.push({ kind: 'fulfillmentCreate', orderId });
			const userErrors = [];
			const lines = [];
			if (!groups.length)
				userErrors.push({
					field: ['fulfillment', 'lineItemsByFulfillmentOrder'],
					message: 'Line items by fulfillment order must not be empty.',
				});
			for (const group of groups) {
				const fo = owners
					.flatMap(([, o]) => o.fulfillmentOrders)
					.find((f) => f.id === group.fulfillmentOrderId);
				if (!fo) {
					userErrors.push({
						field: ['fulfillment'],
						message: `Fulfillment order ${group.fulfillmentOrderId} does not exist.`,
					});
					continue;
				}
				if (fo.status === 'CLOSED') {
					userErrors.push({
						field: ['fulfillment'],
						message: `Fulfillment order ${tail(fo.id)} has an unfulfillable status= closed.`,
					});
					continue;
				}
				for (const item of group.fulfillmentOrderLineItems ?? []) {
					const li = fo.lineItems.find((l) => l.id === item.id);
					if (!li || !(item.quantity >= 1) || item.quantity > li.remaining) {
						userErrors.push({
							field: ['fulfillment'],
							message: 'Invalid fulfillment order line item quantity requested.',
						});
						continue;
					}
					lines.push({ lineId: li.lineId, quantity: item.quantity, li });
				}
			}
			const refused = userErrors.length > 0;
			fulfilments.push({
				orderId,
				lines: lines.map(({ lineId, quantity }) => ({ lineId, quantity })),
				trackingInfo: input.trackingInfo,
				notifyCustomer: input.notifyCustomer,
				refused,
			});
			if (refused)
				return send(200, { data: { fulfillmentCreate: { fulfillment: null, userErrors } } });
			for (const { quantity, li } of lines) li.remaining -= quantity;
			for (const [, o] of owners)
				for (const fo of o.fulfillmentOrders)
					if (fo.lineItems.every((l) => l.remaining === 0)) fo.status = 'CLOSED';
			return send(200, {
				data: {
					fulfillmentCreate: {
						fulfillment: { id: gid('Fulfillment', nextId++), status: 'SUCCESS' },
						userErrors: [],
					},
				},
			});
		}
		requests.push({ kind: 'other' });
		return send(200, { errors: [{ message: 'unknown query' }] });
	});

	return {
		...fake,
		fulfilments,
		requests,
		addOrder(id, lines) {
			const fo = {
				id: gid('FulfillmentOrder', nextId++),
				status: 'OPEN',
				lineItems: lines.map((l) => ({
					id: gid('FulfillmentOrderLineItem', nextId++),
					lineId: String(l.id),
					remaining: l.quantity,
				})),
			};
			orders.set(String(id), { fulfillmentOrders: [fo] });
		},
		/** Fulfils `quantity` of one line by hand: the fulfillment order stays open with less to fulfil. */
		fulfilPart(id, lineId, quantity) {
			for (const fo of orders.get(String(id)).fulfillmentOrders)
				for (const li of fo.lineItems) if (li.lineId === String(lineId)) li.remaining -= quantity;
		},
		fulfil(id) {
			for (const fo of orders.get(String(id)).fulfillmentOrders) {
				for (const li of fo.lineItems) li.remaining = 0;
				fo.status = 'CLOSED';
			}
		},
	};
}

/**
 * WooCommerce REST at `<origin>/wp-json/wc/v3/...`, with HTTP Basic auth of `consumerKey:consumerSecret`.
 * Records order notes (POST /orders/:id/notes) and order updates (PUT /orders/:id).
 */
export async function startFakeWooCommerce({ consumerKey, consumerSecret }) {
	const notes = [];
	const updates = [];
	const refusedAuth = [];
	const expected = `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`;
	let nextId = 500;
	const fake = await listen((req, body, send) => {
		const url = new URL(req.url, 'http://x');
		const authorised =
			req.headers.authorization === expected ||
			(url.searchParams.get('consumer_key') === consumerKey &&
				url.searchParams.get('consumer_secret') === consumerSecret);
		if (!authorised) {
			refusedAuth.push(req.url);
			return send(401, {
				code: 'woocommerce_rest_cannot_view',
				message: 'Sorry, you cannot list resources.',
				data: { status: 401 },
			});
		}
		let m = /^\/wp-json\/wc\/v3\/orders\/(\d+)\/notes$/.exec(url.pathname);
		if (m && req.method === 'POST') {
			notes.push({ orderId: m[1], note: body?.note, customerNote: body?.customer_note });
			return send(201, {
				id: nextId++,
				note: body?.note,
				customer_note: body?.customer_note === true,
			});
		}
		m = /^\/wp-json\/wc\/v3\/orders\/(\d+)$/.exec(url.pathname);
		if (m && (req.method === 'PUT' || req.method === 'POST')) {
			updates.push({ orderId: m[1], status: body?.status });
			return send(200, { id: Number(m[1]), status: body?.status });
		}
		return send(404, {
			code: 'rest_no_route',
			message: 'No route was found matching the URL and request method.',
			data: { status: 404 },
		});
	});
	return { ...fake, notes, updates, refusedAuth };
}
