/**
 * A Printio catalog for the direct tests of the order actions: original items, items, stock and registered orders
 * answered by route from plain records, every request recorded. No n8n engine and no harness: the transport is
 * the real one over test/nodes/shared/printio/transport/fakeContext.ts.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { printioApi } from '../../../../nodes/shared/printio/transport';
import {
	CONNECTION,
	ok,
	routedContext,
	type ScriptedAnswer,
} from '../../shared/printio/transport/fakeContext';

export type Row = Record<string, unknown>;

export interface CatalogScript {
	originalItems?: Row[];
	items?: Row[];
	/** Stock entries by item code. */
	stocks?: Record<string, Row[]>;
	/** Registered orders by EC order number. */
	orders?: Record<string, Row[]>;
	/** An answer that replaces the catalog's for a request (a failure, an odd body), or undefined. */
	override?: (request: Request) => ScriptedAnswer | Error | undefined;
}

export interface Request {
	method: string;
	url: string;
	qs: Record<string, unknown>;
	body: unknown;
}

/** A refusal the transport does not retry (status 3, no permission). */
export const refused = (message = 'denied'): ScriptedAnswer => ({
	statusCode: 200,
	body: { status_code: 3, message },
});

export function catalogService(script: CatalogScript, extra: Partial<IExecuteFunctions> = {}) {
	const ctx = routedContext((request) => {
		const replaced = script.override?.(request);
		if (replaced) return replaced;
		const { method, url, qs, body } = request;
		if (method === 'GET' && url === '/original-items') {
			const by =
				qs.original_item_code !== undefined ? 'original_item_code' : 'ec_original_item_code';
			return ok({
				original_items: (script.originalItems ?? []).filter((record) => record[by] === qs[by]),
			});
		}
		if (method === 'GET' && url === '/items')
			return ok({
				list_item_data: (script.items ?? []).filter((record) => record.code === qs.item_code),
			});
		if (method === 'POST' && url === '/item-stocks') {
			const code = String((body as { item_code?: unknown }).item_code);
			return ok(script.stocks?.[code] === undefined ? {} : { item_stocks: script.stocks[code] });
		}
		if (method === 'GET' && url === '/orders')
			return ok({ orders: script.orders?.[String(qs.ec_order_no)] ?? [] });
		return new Error(`unexpected ${method} ${url}`);
	});
	Object.assign(ctx.context, extra);
	const api = printioApi(ctx.context, CONNECTION);
	/** What was sent: method, path and the query or body. */
	const requests = (): Request[] =>
		ctx.sent.map(({ options }) => ({
			method: String(options.method),
			url: String(options.url),
			qs: (options.qs ?? {}) as Record<string, unknown>,
			body: options.body,
		}));
	const routes = () =>
		requests().map(
			(r) => `${r.method} ${r.url} ${JSON.stringify(r.method === 'GET' ? r.qs : r.body)}`,
		);
	return { ...ctx, api, requests, routes };
}

export const originalItem = (code: string, itemCode: string, extra: Row = {}): Row => ({
	original_item_code: code,
	ec_original_item_code: `EC-${code}`,
	retailer_id: 7,
	item_code: itemCode,
	image_urls: [],
	sizes: { values: [] },
	colors: { values: [] },
	...extra,
});

export const item = (code: string, extra: Row = {}): Row => ({
	code,
	price: 1000,
	sizes: { values: [{ name: 'M', details: [] }] },
	colors: { values: [{ name: 'ホワイト', mfr_color_name: 'White', hex: '#FFFFFF' }] },
	...extra,
});

export const stockEntry = (
	code: string,
	color: string,
	size: string,
	quantity: number | null,
	orderable = true,
): Row => ({
	category_id: 1,
	item_stock_code: code,
	color_name: color,
	size,
	is_orderable: orderable,
	stock_quantity: quantity,
});

export const sizes = (...names: string[]) => ({
	values: names.map((name) => ({ name, details: [] })),
});
export const colors = (...entries: Array<[string, string?]>) => ({
	values: entries.map(([name, mfr]) => ({
		name,
		...(mfr === undefined ? {} : { mfr_color_name: mfr }),
		hex: '#000000',
	})),
});
