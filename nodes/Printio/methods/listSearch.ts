import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { PAGE_SIZE_MAX } from '../../../api/limits';
import { connectPrintio } from '../../shared/printio/transport';

// The API filters by exact code only, so names are matched here, a page at a time.
export async function searchItems(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const api = await connectPrintio(this);
	const body = await api.request('getItems', {
		qs: { retailer_id: api.connection.retailerId, limit: PAGE_SIZE_MAX, page },
	});
	const results = (body.list_item_data ?? [])
		.filter((item) => matches(filter, item.item_name, item.code))
		.map((item) => ({ name: `${item.item_name} (${item.code})`, value: item.code }));
	return { results, paginationToken: nextPage(page, body.total) };
}

export async function searchOriginalItems(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const api = await connectPrintio(this);
	const body = await api.request('getOriginalItems', {
		qs: { retailer_id: api.connection.retailerId, limit: PAGE_SIZE_MAX, page },
	});
	const results = (body.original_items ?? [])
		.filter((item) =>
			matches(filter, item.original_item_name, item.original_item_code, item.ec_original_item_code),
		)
		.map((item) => ({
			name: `${item.original_item_name} (${item.original_item_code})`,
			value: item.original_item_code,
		}));
	return { results, paginationToken: nextPage(page, body.total) };
}

function matches(filter: string | undefined, ...fields: Array<string | null | undefined>): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return fields.some((field) => field?.toLowerCase().includes(needle));
}

function nextPage(page: number, total: number | undefined): string | undefined {
	return page * PAGE_SIZE_MAX < (total ?? 0) ? String(page + 1) : undefined;
}
