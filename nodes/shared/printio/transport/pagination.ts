import { ENDPOINTS, type PaginatedEndpoint, type RecordOf } from '../../../../api/endpoints';
import { PAGE_SIZE_MAX } from '../../../../api/limits';
import { mapWithConcurrency } from '../concurrency';
import type { Connection, PrintioContext } from './connection';
import { request, type RequestOptions } from './request';

// 100 pages cost 1 + 13 round trips instead of 100 (bench: returnAll).
export const PAGE_CONCURRENCY = 8;

export interface ListOptions<E extends PaginatedEndpoint> extends Omit<RequestOptions<E>, 'body'> {
	limit: number;
	// For a look-up the spec says is not paged (orders by number): a short page ends it whatever `total` says.
	shortPageEnds?: boolean;
	// More needed: PageBudgetExceeded after the first page, for a caller with a cheaper way.
	maxPages?: number;
	lanes?: number;
}

export class PageBudgetExceeded extends Error {}

export async function listAll<E extends PaginatedEndpoint>(
	context: PrintioContext,
	connection: Connection,
	endpointName: E,
	options: ListOptions<E>,
): Promise<Array<RecordOf<E>>> {
	const wanted = Math.max(0, options.limit);
	if (wanted === 0) return [];
	const listKey = ENDPOINTS[endpointName].listKey;
	const pageSize = Math.min(PAGE_SIZE_MAX, wanted);
	const fetchPage = async (page: number) => {
		const body = await request(context, connection, endpointName as PaginatedEndpoint, {
			...options,
			qs: { ...options.qs, limit: pageSize, page },
		});
		const records = (body as Record<string, unknown>)[listKey];
		return {
			records: (Array.isArray(records) ? records : []) as Array<RecordOf<E>>,
			total: body.total,
		};
	};
	if (options.shortPageEnds) return await readUntilShortPage(fetchPage, pageSize, wanted);

	const first = await fetchPage(1);
	const total = typeof first.total === 'number' ? first.total : first.records.length;
	const pagesWanted = Math.min(Math.ceil(total / pageSize), Math.ceil(wanted / pageSize));
	if (pagesWanted > (options.maxPages ?? Infinity))
		throw new PageBudgetExceeded(`${pagesWanted} pages`);
	// An empty first page ends the listing, whatever total it claims.
	if (first.records.length === 0) return [];
	const rest = Array.from({ length: pagesWanted - 1 }, (_, index) => index + 2);
	const pages = await mapWithConcurrency(
		rest,
		Math.min(PAGE_CONCURRENCY, options.lanes ?? PAGE_CONCURRENCY),
		fetchPage,
	);
	// A page may hold more than was asked for.
	return first.records.concat(...pages.map((page) => page.records)).slice(0, wanted);
}

async function readUntilShortPage<R>(
	fetchPage: (page: number) => Promise<{ records: R[]; total: unknown }>,
	pageSize: number,
	wanted: number,
): Promise<R[]> {
	let records: R[] = [];
	for (let page = 1; ; page++) {
		const answer = await fetchPage(page);
		records = records.concat(answer.records);
		const total = typeof answer.total === 'number' ? answer.total : records.length;
		if (answer.records.length < pageSize || records.length >= total || records.length >= wanted)
			return records.slice(0, wanted);
	}
}
