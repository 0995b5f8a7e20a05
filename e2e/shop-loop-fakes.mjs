// Test doubles for e2e/shop-loop.e2e.test.mjs, never shipped: a small Shopify Admin API (GraphQL: an order's
// fulfillment orders, fulfillmentCreate) and a small WooCommerce REST API (order notes, order update). Each keeps
// what it received, so the test can assert the fulfilment requests: which order, which lines, how many, the
// tracking and whether the customer is notified. Products too, with the rules of the platforms' docs: Shopify's
// productSet (title, options and their values, one value per option for each variant, found again by handle),
// productVariants by SKU and productVariantsBulkUpdate; WooCommerce's products (name, a unique SKU, variable with
// an attribute for variations), their variations (attributes among the product's options, batch of 100 at most)
// and the SKU search.
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
	/** Products by handle, as productSet left them: { id, handle, title, status, options, files, variants }. */
	const products = new Map();
	/** Every productVariantsBulkUpdate applied: { productId, variants: [{ id, sku, inventoryPolicy, tracked }] }. */
	const variantUpdates = [];

	const userError = (field, message, code) => ({ field, message, code });

	/** productSet as the Admin GraphQL docs give it: the variables' types first, then the input's rules. */
	function productSet({ identifier, input, synchronous }) {
		if (typeof synchronous !== 'boolean' || !input || typeof input !== 'object')
			return {
				errors: [
					{
						message:
							'Variable $input of type ProductSetInput! and $synchronous of type Boolean! must be given',
						extensions: { code: 'INVALID_VARIABLE' },
					},
				],
			};
		const key = identifier?.handle ?? input.handle;
		const existing = key ? products.get(key) : undefined;
		const errors = [];
		if (!existing && !String(input.title ?? '').trim())
			errors.push(userError(['input', 'title'], "Title can't be blank", 'INVALID'));
		if (input.status && !['ACTIVE', 'DRAFT', 'ARCHIVED'].includes(input.status))
			errors.push(userError(['input', 'status'], 'Status is not valid', 'INVALID'));
		const options = input.productOptions ?? [];
		const variants = input.variants ?? [];
		if (variants.length && !options.length)
			errors.push(
				userError(
					['input', 'productOptions'],
					'Product options input is required when variants are given',
					'PRODUCT_OPTIONS_INPUT_MISSING',
				),
			);
		if (options.length > 3)
			errors.push(
				userError(
					['input', 'productOptions'],
					'Can only specify a maximum of 3 options',
					'OPTIONS_OVER_LIMIT',
				),
			);
		for (const [i, option] of options.entries()) {
			if (
				!String(option?.name ?? '').trim() ||
				!Array.isArray(option.values) ||
				!option.values.length
			)
				errors.push(
					userError(
						['input', 'productOptions', String(i)],
						'Each option needs a name and values',
						'INVALID_INPUT',
					),
				);
			else if (option.values.some((value) => !String(value?.name ?? '').trim()))
				errors.push(
					userError(
						['input', 'productOptions', String(i), 'values'],
						"Option value name can't be blank",
						'INVALID_INPUT',
					),
				);
		}
		if (variants.length > 2048)
			errors.push(
				userError(
					['input', 'variants'],
					'Exceeded the 2048 variants limit',
					'EXCEEDED_PRODUCT_MAX_VARIANTS',
				),
			);
		const combos = new Set();
		for (const [i, variant] of variants.entries()) {
			const at = ['input', 'variants', String(i)];
			const values = variant?.optionValues;
			if (!Array.isArray(values) || !values.length) {
				errors.push(
					userError([...at, 'optionValues'], 'Option values are required', 'INVALID_INPUT'),
				);
				continue;
			}
			for (const value of values) {
				const option = options.find((o) => o.name === value?.optionName);
				if (!option || !option.values.some((v) => v.name === value.name))
					errors.push(
						userError(
							[...at, 'optionValues'],
							`Option value "${value?.name}" of "${value?.optionName}" is not one of the product's options`,
							'OPTION_VALUE_DOES_NOT_EXIST',
						),
					);
			}
			if (values.length !== options.length)
				errors.push(
					userError(
						[...at, 'optionValues'],
						'A variant needs one value per option',
						'INVALID_INPUT',
					),
				);
			const combo = values.map((v) => `${v.optionName}=${v.name}`).join('|');
			if (combos.has(combo))
				errors.push(
					userError([...at], `The variant "${combo}" already exists`, 'DUPLICATE_VARIANT'),
				);
			combos.add(combo);
			if (variant.price !== undefined && !/^\d+(\.\d+)?$/.test(String(variant.price)))
				errors.push(userError([...at, 'price'], 'Price must be a decimal', 'INVALID'));
			if (variant.file && !variant.file.originalSource)
				errors.push(userError([...at, 'file'], 'A file needs its originalSource', 'INVALID_INPUT'));
		}
		for (const [i, file] of (input.files ?? []).entries())
			if (!file?.originalSource)
				errors.push(
					userError(
						['input', 'files', String(i)],
						'A file needs its originalSource',
						'INVALID_INPUT',
					),
				);
		if (errors.length)
			return { handle: key, created: false, payload: { product: null, userErrors: errors } };

		const handle = existing?.handle ?? key ?? `product-${nextId}`;
		const product = existing ?? { id: gid('Product', nextId++), handle, variants: [] };
		// A list field is replaced: variants kept by their option values keep their ids (and inventory settings).
		const before = new Map(product.variants.map((v) => [v.combo, v]));
		Object.assign(product, {
			title: input.title ?? product.title,
			status: input.status ?? product.status ?? 'ACTIVE',
			options: options.map((o) => ({ name: o.name, values: o.values.map((v) => v.name) })),
			files: input.files ?? product.files ?? [],
			variants: variants.map((variant) => {
				const combo = variant.optionValues.map((v) => `${v.optionName}=${v.name}`).join('|');
				const kept = before.get(combo);
				return {
					id: kept?.id ?? gid('ProductVariant', nextId++),
					combo,
					sku: variant.sku ?? '',
					price: String(variant.price ?? '0'),
					optionValues: variant.optionValues.map((v) => ({
						optionName: v.optionName,
						name: v.name,
					})),
					file: variant.file,
					inventoryPolicy: variant.inventoryPolicy ?? 'DENY',
					tracked: variant.inventoryItem?.tracked ?? kept?.tracked ?? true,
				};
			}),
		});
		products.set(handle, product);
		return {
			handle,
			created: !existing,
			payload: {
				product: {
					id: product.id,
					handle,
					status: product.status,
					variants: { nodes: product.variants.map((v) => ({ id: v.id, sku: v.sku })) },
				},
				userErrors: [],
			},
		};
	}

	function variantsBulkUpdate({ productId, variants }) {
		if (typeof productId !== 'string' || !Array.isArray(variants))
			return {
				errors: [
					{
						message:
							'Variable $productId of type ID! and $variants of type [ProductVariantsBulkInput!]! must be given',
						extensions: { code: 'INVALID_VARIABLE' },
					},
				],
			};
		const product = [...products.values()].find((p) => p.id === productId);
		if (!product)
			return {
				payload: {
					productVariants: null,
					userErrors: [
						userError(['productId'], 'Product does not exist', 'PRODUCT_DOES_NOT_EXIST'),
					],
				},
			};
		const errors = [];
		for (const [i, input] of variants.entries()) {
			const at = ['variants', String(i)];
			if (!product.variants.some((v) => v.id === input?.id))
				errors.push(
					userError(
						[...at, 'id'],
						'Product variant does not exist',
						'PRODUCT_VARIANT_DOES_NOT_EXIST',
					),
				);
			if (
				input?.inventoryPolicy !== undefined &&
				!['DENY', 'CONTINUE'].includes(input.inventoryPolicy)
			)
				errors.push(
					userError([...at, 'inventoryPolicy'], 'Inventory policy is not valid', 'INVALID_INPUT'),
				);
			if (
				input?.inventoryItem?.tracked !== undefined &&
				typeof input.inventoryItem.tracked !== 'boolean'
			)
				errors.push(
					userError(
						[...at, 'inventoryItem', 'tracked'],
						'Tracked must be true or false',
						'INVALID_INPUT',
					),
				);
		}
		if (errors.length) return { payload: { productVariants: null, userErrors: errors } };
		const changed = variants.map((input) => {
			const variant = product.variants.find((v) => v.id === input.id);
			if (input.inventoryPolicy) variant.inventoryPolicy = input.inventoryPolicy;
			if (input.inventoryItem?.tracked !== undefined) variant.tracked = input.inventoryItem.tracked;
			return variant;
		});
		variantUpdates.push({
			productId,
			variants: changed.map((v) => ({
				id: v.id,
				sku: v.sku,
				inventoryPolicy: v.inventoryPolicy,
				tracked: v.tracked,
			})),
		});
		return {
			payload: {
				productVariants: changed.map((v) => ({
					id: v.id,
					sku: v.sku,
					inventoryPolicy: v.inventoryPolicy,
				})),
				userErrors: [],
			},
		};
	}

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
		if (/productSet\s*\(/.test(query)) {
			const answer = productSet(body.variables ?? {});
			requests.push({ kind: 'productSet', handle: answer.handle, created: answer.created });
			if (answer.errors) return send(200, { errors: answer.errors });
			return send(200, { data: { productSet: answer.payload } });
		}
		if (/productVariantsBulkUpdate\s*\(/.test(query)) {
			const answer = variantsBulkUpdate(body.variables ?? {});
			requests.push({ kind: 'productVariantsBulkUpdate', productId: body.variables?.productId });
			if (answer.errors) return send(200, { errors: answer.errors });
			return send(200, { data: { productVariantsBulkUpdate: answer.payload } });
		}
		if (/productVariants\s*\(/.test(query)) {
			requests.push({ kind: 'productVariants', query: body.variables?.query });
			const term = /sku:"?([^"]*)"?/.exec(String(body.variables?.query ?? ''))?.[1] ?? '';
			// Shopify's search is not an exact match: a term finds every SKU that holds it.
			const nodes = [...products.values()].flatMap((product) =>
				product.variants
					.filter((variant) => term && variant.sku.includes(term))
					.map((variant) => ({ id: variant.id, sku: variant.sku, product: { id: product.id } })),
			);
			return send(200, { data: { productVariants: { nodes } } });
		}
		requests.push({ kind: 'other' });
		return send(200, { errors: [{ message: 'unknown query' }] });
	});

	return {
		...fake,
		fulfilments,
		requests,
		products,
		variantUpdates,
		/** Whether a customer can buy the variant: inventory not tracked, or sold on when none is left (none is stocked here). */
		available: (variant) => !variant.tracked || variant.inventoryPolicy === 'CONTINUE',
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
	/** Products and variations by id, as the REST API left them. */
	const products = new Map();
	const variations = new Map();
	/** Every product request: { method, path, status }. */
	const productRequests = [];

	const refusal = (status, code, message) => [status, { code, message, data: { status } }];
	const skuTaken = (sku, exceptId) =>
		sku &&
		[...products.values(), ...variations.values()].some((p) => p.sku === sku && p.id !== exceptId);
	const productView = (p) => ({
		...p,
		variations: p.type === 'variable' ? [...p.variationIds] : [],
	});
	const variationView = (v) => ({ ...v, type: 'variation' });

	function checkProduct(input, existing) {
		if (!existing && !String(input?.name ?? '').trim())
			return refusal(400, 'rest_missing_callback_param', 'Missing parameter(s): name');
		const type = input?.type ?? existing?.type ?? 'simple';
		if (!['simple', 'variable', 'grouped', 'external'].includes(type))
			return refusal(400, 'rest_invalid_param', 'Invalid parameter(s): type');
		if (input?.status && !['draft', 'pending', 'private', 'publish'].includes(input.status))
			return refusal(400, 'rest_invalid_param', 'Invalid parameter(s): status');
		if (skuTaken(input?.sku, existing?.id))
			return refusal(400, 'product_invalid_sku', 'Invalid or duplicated SKU.');
		for (const attribute of input?.attributes ?? [])
			if (
				!String(attribute?.name ?? '').trim() ||
				!Array.isArray(attribute.options) ||
				!attribute.options.length
			)
				return refusal(400, 'rest_invalid_param', 'Invalid parameter(s): attributes');
		if (
			type === 'variable' &&
			!(input?.attributes ?? existing?.attributes ?? []).some((a) => a.variation)
		)
			return refusal(
				400,
				'rest_invalid_param',
				'A variable product needs an attribute used for variations',
			);
		return undefined;
	}

	/** One variation of a batch: its error object (as WooCommerce puts it in the batch answer), or undefined. */
	function variationError(parent, input, existing) {
		const error = (code, message) => ({
			id: input?.id ?? 0,
			error: { code, message, data: { status: 400 } },
		});
		const attributes = input?.attributes ?? existing?.attributes;
		if (!Array.isArray(attributes) || !attributes.length)
			return error(
				'woocommerce_rest_invalid_variation_attributes',
				'A variation needs its attributes.',
			);
		for (const attribute of attributes) {
			const own = parent.attributes.find((a) => a.variation && a.name === attribute?.name);
			if (!own || !own.options.includes(attribute.option))
				return error(
					'woocommerce_rest_invalid_variation_attributes',
					`"${attribute?.name}: ${attribute?.option}" is not an option of the product.`,
				);
		}
		if (input?.regular_price !== undefined && !/^\d+(\.\d+)?$/.test(String(input.regular_price)))
			return error('rest_invalid_param', 'Invalid parameter(s): regular_price');
		if (
			input?.stock_status !== undefined &&
			!['instock', 'outofstock', 'onbackorder'].includes(input.stock_status)
		)
			return error('rest_invalid_param', 'Invalid parameter(s): stock_status');
		if (skuTaken(input?.sku, existing?.id))
			return error('product_invalid_sku', 'Invalid or duplicated SKU.');
		return undefined;
	}

	function saveVariation(parent, input, existing) {
		const variation = existing ?? { id: nextId++, parent_id: parent.id, stock_status: 'instock' };
		for (const key of ['sku', 'regular_price', 'attributes', 'image', 'stock_status'])
			if (input[key] !== undefined) variation[key] = input[key];
		variations.set(variation.id, variation);
		if (!parent.variationIds.includes(variation.id)) parent.variationIds.push(variation.id);
		return variationView(variation);
	}

	function productRoute(method, url, body) {
		const rest = url.pathname.replace('/wp-json/wc/v3/products', '');
		if (rest === '' && method === 'GET') {
			const terms = (url.searchParams.get('sku') ?? '').split(',').filter(Boolean);
			// Not an exact match: a SKU that holds the term is found too (the workflow picks its own).
			const hit = (p) => terms.some((term) => String(p.sku ?? '').includes(term));
			return [
				200,
				[
					...[...products.values()].filter(hit).map(productView),
					...[...variations.values()].filter(hit).map(variationView),
				],
			];
		}
		if (rest === '' && method === 'POST') {
			const refused = checkProduct(body);
			if (refused) return refused;
			const product = {
				id: nextId++,
				variationIds: [],
				attributes: [],
				images: [],
				status: 'publish',
				type: 'simple',
			};
			for (const key of [
				'name',
				'type',
				'status',
				'description',
				'sku',
				'regular_price',
				'images',
				'attributes',
			])
				if (body[key] !== undefined) product[key] = body[key];
			products.set(product.id, product);
			return [201, productView(product)];
		}
		let m = /^\/(\d+)$/.exec(rest);
		if (m && (method === 'PUT' || method === 'POST')) {
			const product = products.get(Number(m[1]));
			if (!product) return refusal(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
			const refused = checkProduct(body, product);
			if (refused) return refused;
			for (const key of [
				'name',
				'type',
				'status',
				'description',
				'sku',
				'regular_price',
				'images',
				'attributes',
			])
				if (body[key] !== undefined) product[key] = body[key];
			return [200, productView(product)];
		}
		m = /^\/(\d+)\/variations(\/batch|\/(\d+))?$/.exec(rest);
		if (!m) return undefined;
		const parent = products.get(Number(m[1]));
		if (!parent || parent.type !== 'variable')
			return refusal(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
		if (!m[2] && method === 'GET') {
			const perPage = Number(url.searchParams.get('per_page') ?? 10);
			if (!(perPage >= 1 && perPage <= 100))
				return refusal(400, 'rest_invalid_param', 'Invalid parameter(s): per_page');
			return [
				200,
				parent.variationIds.slice(0, perPage).map((id) => variationView(variations.get(id))),
			];
		}
		if (m[3] && (method === 'PUT' || method === 'POST')) {
			const existing = variations.get(Number(m[3]));
			if (!existing || existing.parent_id !== parent.id)
				return refusal(404, 'woocommerce_rest_product_variation_invalid_id', 'Invalid ID.');
			const refused = variationError(parent, body, existing);
			if (refused) return [400, refused.error];
			return [200, saveVariation(parent, body, existing)];
		}
		if (m[2] === '/batch' && method === 'POST') {
			const create = body?.create ?? [];
			const update = body?.update ?? [];
			const remove = body?.delete ?? [];
			if (create.length + update.length + remove.length > 100)
				return refusal(
					413,
					'woocommerce_rest_request_entity_too_large',
					'Unable to accept more than 100 items for this request.',
				);
			const answer = { create: [], update: [], delete: [] };
			for (const input of create)
				answer.create.push(variationError(parent, input) ?? saveVariation(parent, input));
			for (const input of update) {
				const existing = variations.get(Number(input?.id));
				if (!existing || existing.parent_id !== parent.id) {
					answer.update.push({
						id: input?.id ?? 0,
						error: {
							code: 'woocommerce_rest_product_variation_invalid_id',
							message: 'Invalid ID.',
							data: { status: 400 },
						},
					});
					continue;
				}
				answer.update.push(
					variationError(parent, input, existing) ?? saveVariation(parent, input, existing),
				);
			}
			for (const id of remove) {
				const existing = variations.get(Number(id));
				if (!existing || existing.parent_id !== parent.id) continue;
				variations.delete(existing.id);
				parent.variationIds = parent.variationIds.filter((v) => v !== existing.id);
				answer.delete.push(variationView(existing));
			}
			return [200, answer];
		}
		return undefined;
	}

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
		if (url.pathname.startsWith('/wp-json/wc/v3/products')) {
			const answer = productRoute(req.method, url, body);
			if (answer) {
				productRequests.push({
					method: req.method,
					path: url.pathname.replace('/wp-json/wc/v3', ''),
					status: answer[0],
				});
				return send(...answer);
			}
		}
		return send(404, {
			code: 'rest_no_route',
			message: 'No route was found matching the URL and request method.',
			data: { status: 404 },
		});
	});
	return {
		...fake,
		notes,
		updates,
		refusedAuth,
		productRequests,
		/** The products, each with its variations. */
		products: () =>
			[...products.values()].map((p) => ({
				...productView(p),
				variations: p.variationIds.map((id) => variations.get(id)),
			})),
	};
}
