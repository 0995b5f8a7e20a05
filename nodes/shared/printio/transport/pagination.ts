import { ENDPOINTS, type PaginatedEndpoint, type RecordOf } from '../../../../api/endpoints';
import { PAGE_SIZE_MAX } from '../../../../api/limits';
import { mapWithConcurrency } from '../concurrency';
import type { Connection, PrintioContext } from './connection';
import { request, type RequestOptions } from './request';

/**
 * How many pages after the first one a full read fetches at once. With 8, 100 pages cost 1 + 13 round trips
 * instead of 100 (bench: returnAll), while a read never has more than 8 requests in flight.
 */
export const PAGE_CONCURRENCY = 8;

export interface ListOptions<E extends PaginatedEndpoint> extends Omit<RequestOptions<E>, 'body'> {
	/** How many records at most; Infinity reads them all. */
	limit: number;
	/**
	 * Pages one after another, each page's own `total` deciding whether to go on, and a page shorter than asked
	 * ends the read whatever `total` says: for a lookup the spec says is not paged (the trigger's orders by number).
	 */
	shortPageEnds?: boolean;
	/**
	 * At most this many requests: when the first page's `total` needs more, the read stops there and throws
	 * PageBudgetExceeded (a caller with a cheaper way, such as one look-up per order, takes it).
	 */
	maxPages?: number;
	/** At most this many pages in flight after the first (never more than PAGE_CONCURRENCY). */
	lanes?: number;
}

/** The listing would cost more requests than its `maxPages`: nothing after the first page was asked. */
export class PageBudgetExceeded extends Error {}

/**
 * Reads a paginated list. A full read asks for pages of 30, learns `total` from the first page and then fetches
 * the remaining pages a few at a time, keeping their order: ceil(total/30) requests, the floor. A limit asks
 * only for the pages it needs. With `shortPageEnds`, see readUntilShortPage.
 */
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
	// One page or none wanted: no further page (a length below 1 makes an empty list).
	const rest = Array.from({ length: pagesWanted - 1 }, (_, index) => index + 2);
	const pages = await mapWithConcurrency(
		rest,
		Math.min(PAGE_CONCURRENCY, options.lanes ?? PAGE_CONCURRENCY),
		fetchPage,
	);
	// A page may hold more than was asked for: never more than the limit.
	return first.records.concat(...pages.map((page) => page.records)).slice(0, wanted);
}

/** Pages 1, 2, … in turn until a short page, `total` records (a page without a number: the records so far), or the limit. */
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
