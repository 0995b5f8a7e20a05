/**
 * Return All and Limit of a paginated operation as properties, through n8n against the sandbox: a retailer with
 * any number of original items (0 to several thousand, multiples of 30 and one either side), every Limit.
 * The sandbox's request log shows each page asked for exactly once; the output holds every record once, in order.
 */
import fc from 'fast-check';

import { DEFAULT_RETAILERS } from '../../../../../sandbox/seed';
import { jsonOf, receivedRequests, runPrintio, useSandbox } from '../../setup';

// A retailer of its own, so that the seed's original items do not count.
const PAGING_RETAILER = { id: 3, name: 'paging', key: 'sandbox-key-paging-3' };
const sandbox = useSandbox({ retailers: [...DEFAULT_RETAILERS, PAGING_RETAILER] });

/** Resets the sandbox and gives the paging retailer `total` original items; returns their codes in list order. */
async function seed(total: number): Promise<string[]> {
	const store = sandbox().store;
	store.reset();
	sandbox().state.requestLog.clear();
	return Array.from(
		{ length: total },
		(_, n) =>
			store.createOriginalItem(
				PAGING_RETAILER.id,
				'OGB-910',
				`EC-${n}`,
				`design ${n}`,
				'https://example.com/a.png',
			).original_item_code,
	);
}

async function getMany(parameters: Record<string, unknown>) {
	const result = await runPrintio(
		sandbox(),
		{ resource: 'originalItem', operation: 'getMany', simplify: false, ...parameters },
		{ key: PAGING_RETAILER.key, retailerId: PAGING_RETAILER.id },
	);
	return {
		codes: jsonOf(result).map((item) => item.original_item_code),
		requests: await receivedRequests(sandbox()),
	};
}

const range = (from: number, to: number) =>
	Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => String(from + i));

const totalArb = fc.oneof(
	fc.constantFrom(0, 1, 29, 30, 31, 60, 300, 301),
	fc.integer({ min: 1, max: 15 }).map((pages) => pages * 30),
	fc.integer({ min: 0, max: 450 }),
);

describe('Original Item › Get Many: paging through n8n against the sandbox', () => {
	it('Return All: every record once and in order, each page 1..ceil(total/30) asked for exactly once', async () => {
		await fc.assert(
			fc.asyncProperty(totalArb, async (total) => {
				const created = await seed(total);
				const { codes, requests } = await getMany({ returnAll: true });
				expect(codes).toEqual(created);
				expect(
					requests.map((request) => request.query.page).sort((a, b) => Number(a) - Number(b)),
				).toEqual(range(1, Math.max(1, Math.ceil(total / 30))));
				expect(
					requests.every(
						(request) => request.query.limit === '30' && request.query.retailer_id === '3',
					),
				).toBe(true);
			}),
			{ numRuns: 12 },
		);
	});

	it('Return All over a long listing: 3001 records in 101 pages, each asked for once, in order', async () => {
		// One run only: a page costs ~14 ms through n8n; totals up to thousands run against listAll itself
		// (test/shared/transport/pagination.properties.test.ts).
		const created = await seed(3001);
		const { codes, requests } = await getMany({ returnAll: true });
		expect(codes).toEqual(created);
		expect(
			requests.map((request) => request.query.page).sort((a, b) => Number(a) - Number(b)),
		).toEqual(range(1, 101));
	});

	it('Limit: the first min(limit, total) records, pages of min(limit, 30), only the pages needed', async () => {
		const limitArb = fc.oneof(
			fc.constantFrom(1, 29, 30, 31, 60, 61),
			fc.integer({ min: 1, max: 400 }),
		);
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(fc.constantFrom(0, 1, 30, 31, 60, 61, 300), fc.integer({ min: 0, max: 400 })),
				limitArb,
				async (total, limit) => {
					const created = await seed(total);
					const { codes, requests } = await getMany({ returnAll: false, limit });
					expect(codes).toEqual(created.slice(0, limit));
					const size = Math.min(limit, 30);
					expect(requests.every((request) => request.query.limit === String(size))).toBe(true);
					const pages = Math.max(1, Math.min(Math.ceil(total / size), Math.ceil(limit / size)));
					expect(
						requests.map((request) => request.query.page).sort((a, b) => Number(a) - Number(b)),
					).toEqual(range(1, pages));
				},
			),
			{ numRuns: 15 },
		);
	});
});
