/** The resource locators' search lists (methods/listSearch.ts): one catalog page per call, filtered here, with n8n's page token. */
import fc from 'fast-check';

import { searchItems, searchOriginalItems } from '../../../../nodes/Printio/methods/listSearch';
import { CONNECTION } from '../../shared/printio/transport/fakeContext';
import { answer, loadOptionsContext, requests } from './loadOptionsContext';

const BASE = CONNECTION.baseUrl;

const items = [
	{ code: 'TS-001', item_name: 'Heavy T-Shirt' },
	{ code: 'MUG-9', item_name: 'Mug' },
	{ code: 'tote-3', item_name: 'Tote Bag' },
];
const originals = [
	{
		original_item_code: 'OI-1',
		original_item_name: 'Cat Shirt',
		ec_original_item_code: 'SHOP-CAT',
	},
	{ original_item_code: 'OI-2', original_item_name: 'Dog Mug', ec_original_item_code: null },
	{ original_item_code: 'OI-3', original_item_name: 'Bird Bag' },
];

describe('searchItems', () => {
	it('asks for the first page of 30 of the credential\'s retailer and lists every item as "name (code)"', async () => {
		const { context, sent } = loadOptionsContext({}, () =>
			answer({ list_item_data: items, total: 3 }),
		);
		const result = await searchItems.call(context);
		expect(result).toStrictEqual({
			results: [
				{ name: 'Heavy T-Shirt (TS-001)', value: 'TS-001' },
				{ name: 'Mug (MUG-9)', value: 'MUG-9' },
				{ name: 'Tote Bag (tote-3)', value: 'tote-3' },
			],
			paginationToken: undefined,
		});
		expect(requests(sent)).toStrictEqual([
			{ method: 'GET', baseURL: BASE, url: '/items', qs: { retailer_id: 7, limit: 30, page: 1 } },
		]);
		expect(sent[0].credentialName).toBe('printioApi');
	});

	it("asks for the page the token names and gives the next page's token while items remain", async () => {
		const { context, sent } = loadOptionsContext({}, () =>
			answer({ list_item_data: items, total: 91 }),
		);
		expect((await searchItems.call(context, undefined, '3')).paginationToken).toBe('4');
		expect(requests(sent)[0].qs).toStrictEqual({ retailer_id: 7, limit: 30, page: 3 });
	});

	it('matches the filter in names and codes, ignoring case either way', async () => {
		const { context } = loadOptionsContext({}, () => answer({ list_item_data: items, total: 3 }));
		expect((await searchItems.call(context, 'SHIRT')).results).toStrictEqual([
			{ name: 'Heavy T-Shirt (TS-001)', value: 'TS-001' },
		]);
		expect((await searchItems.call(context, 'mug-')).results).toStrictEqual([
			{ name: 'Mug (MUG-9)', value: 'MUG-9' },
		]);
		expect((await searchItems.call(context, 'TOTE-3')).results).toStrictEqual([
			{ name: 'Tote Bag (tote-3)', value: 'tote-3' },
		]);
		expect((await searchItems.call(context, 'nothing like it')).results).toStrictEqual([]);
		expect((await searchItems.call(context, '')).results).toHaveLength(3);
	});

	it('lists nothing, without a token, when the page has no list', async () => {
		const { context } = loadOptionsContext({}, () => answer({ total: 0 }));
		expect(await searchItems.call(context)).toStrictEqual({
			results: [],
			paginationToken: undefined,
		});
	});

	it("surfaces the API's error", async () => {
		const { context } = loadOptionsContext({}, () => ({
			statusCode: 200,
			body: { status_code: 11, message: '権限がありません' },
		}));
		await expect(searchItems.call(context)).rejects.toThrow(
			'No permission (Printio status 11): 権限がありません',
		);
	});
});

describe('searchOriginalItems', () => {
	it('asks for the first page of 30 and lists every original item as "name (code)"', async () => {
		const { context, sent } = loadOptionsContext({}, () =>
			answer({ original_items: originals, total: 3 }),
		);
		expect(await searchOriginalItems.call(context)).toStrictEqual({
			results: [
				{ name: 'Cat Shirt (OI-1)', value: 'OI-1' },
				{ name: 'Dog Mug (OI-2)', value: 'OI-2' },
				{ name: 'Bird Bag (OI-3)', value: 'OI-3' },
			],
			paginationToken: undefined,
		});
		expect(requests(sent)).toStrictEqual([
			{
				method: 'GET',
				baseURL: BASE,
				url: '/original-items',
				qs: { retailer_id: 7, limit: 30, page: 1 },
			},
		]);
	});

	it('asks for the page the token names and gives the next token while items remain', async () => {
		const { context, sent } = loadOptionsContext({}, () =>
			answer({ original_items: originals, total: 61 }),
		);
		expect((await searchOriginalItems.call(context, undefined, '2')).paginationToken).toBe('3');
		expect(requests(sent)[0].qs).toStrictEqual({ retailer_id: 7, limit: 30, page: 2 });
	});

	it("matches the filter in the name, Printio's code and the shop's code, ignoring case; a missing shop code is no match", async () => {
		const { context } = loadOptionsContext({}, () =>
			answer({ original_items: originals, total: 3 }),
		);
		expect((await searchOriginalItems.call(context, 'shop-cat')).results).toStrictEqual([
			{ name: 'Cat Shirt (OI-1)', value: 'OI-1' },
		]);
		expect((await searchOriginalItems.call(context, 'oi-2')).results).toStrictEqual([
			{ name: 'Dog Mug (OI-2)', value: 'OI-2' },
		]);
		expect((await searchOriginalItems.call(context, 'BIRD')).results).toStrictEqual([
			{ name: 'Bird Bag (OI-3)', value: 'OI-3' },
		]);
		expect((await searchOriginalItems.call(context, 'zebra')).results).toStrictEqual([]);
	});

	it('lists nothing, without a token, when the page has no list', async () => {
		const { context } = loadOptionsContext({}, () => answer({ total: 0 }));
		expect(await searchOriginalItems.call(context)).toStrictEqual({
			results: [],
			paginationToken: undefined,
		});
	});
});

describe('page token', () => {
	it('is the next page exactly while the pages so far hold fewer than the total (30 a page); none without a total', async () => {
		for (const search of [searchItems, searchOriginalItems]) {
			const cases: Array<[number, number | undefined, string | undefined]> = [
				[1, 30, undefined],
				[1, 31, '2'],
				[2, 60, undefined],
				[2, 61, '3'],
				[1, 0, undefined],
				[1, undefined, undefined],
			];
			for (const [page, total, token] of cases) {
				const { context } = loadOptionsContext({}, () => answer({ total }));
				expect((await search.call(context, undefined, String(page))).paginationToken).toBe(token);
			}
		}
	});

	it('holds for any page and total', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 1, max: 50 }),
				fc.integer({ min: 0, max: 2000 }),
				async (page, total) => {
					const { context, sent } = loadOptionsContext({}, () =>
						answer({ list_item_data: [], total }),
					);
					const { paginationToken } = await searchItems.call(context, undefined, String(page));
					expect(requests(sent)[0].qs).toStrictEqual({ retailer_id: 7, limit: 30, page });
					const seen = page * 30;
					expect(paginationToken).toBe(seen < total ? String(page + 1) : undefined);
				},
			),
		);
	});
});
