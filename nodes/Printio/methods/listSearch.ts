import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { ItemsResponse, OriginalItemsResponse } from '../../../contract/types';
import { getCredentialRetailerId, MAX_PAGE_SIZE, printioApiRequest } from '../transport';

/**
 * The API filters by exact code only, so the search walks the catalog a page (30) at a time and matches
 * names and codes here; n8n asks for the next page with the token while the user scrolls.
 */
export async function searchItems(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const body = (await printioApiRequest.call(this, 'getItems', {
		qs: { retailer_id: await getCredentialRetailerId.call(this), limit: MAX_PAGE_SIZE, page },
	})) as unknown as ItemsResponse;
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
	const body = (await printioApiRequest.call(this, 'getOriginalItems', {
		qs: { retailer_id: await getCredentialRetailerId.call(this), limit: MAX_PAGE_SIZE, page } as IDataObject,
	})) as unknown as OriginalItemsResponse;
	const results = (body.original_items ?? [])
		.filter((item) => matches(filter, item.original_item_name, item.original_item_code, item.ec_original_item_code))
		.map((item) => ({ name: `${item.original_item_name} (${item.original_item_code})`, value: item.original_item_code }));
	return { results, paginationToken: nextPage(page, body.total) };
}

function matches(filter: string | undefined, ...fields: Array<string | null | undefined>): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return fields.some((field) => field?.toLowerCase().includes(needle));
}

function nextPage(page: number, total: number | undefined): string | undefined {
	return typeof total === 'number' && page * MAX_PAGE_SIZE < total ? String(page + 1) : undefined;
}
