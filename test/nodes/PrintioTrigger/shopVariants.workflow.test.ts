/**
 * Stock Changed names the shop variants a crossing affects: each original item on the watched catalog item in that
 * colour and size, with the SKU Original Item › Shop Product gave it. Pure rule, then through n8n-core.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Item, OriginalItem } from '../../../api/schema/types';
import { planVariants } from '../../../nodes/Printio/actions/originalItem/shopProduct/variants';
import { shopVariantsOf } from '../../../nodes/PrintioTrigger/shopVariants';
import type { Sandbox } from '../../../sandbox/server';
import {
	clearRequests,
	control,
	fault,
	jsonOf,
	KEY,
	requests,
	startTriggerSandbox,
	trigger,
	type Json,
} from './setup';

const record = (change: Partial<OriginalItem> = {}): OriginalItem =>
	({
		original_item_code: 't1',
		ec_original_item_code: 'EC-1',
		item_code: 'OGB-910',
		image_urls: [
			{ color_name: 'ホワイト', mfr_color_name: 'White', url: 'https://img.example/w.png' },
			{
				color_name: 'ヘザーグレー',
				mfr_color_name: 'Heather Grey',
				url: 'https://img.example/g.png',
			},
		],
		colors: {},
		sizes: {
			values: [
				{ name: 'M', details: [] },
				{ name: 'L', details: [] },
			],
		},
		...change,
	}) as OriginalItem;

describe('shop variants of a stock entry (pure)', () => {
	it('the SKU Shop Product gives the same colour and size, for each original item that has them', () => {
		const items = [record(), record({ original_item_code: 't2', ec_original_item_code: null })];
		const variants = shopVariantsOf({ color_name: 'ヘザーグレー', size: 'L' }, { records: items });
		expect(variants).toEqual([
			{
				original_item_code: 't1',
				ec_original_item_code: 'EC-1',
				sku: 'EC-1~Heather-Grey~L',
				color: 'ヘザーグレー',
				mfr_color_name: 'Heather Grey',
				size: 'L',
			},
			expect.objectContaining({ original_item_code: 't2', sku: 't2~Heather-Grey~L' }),
		]);
		for (const item of items) {
			const published = planVariants(item, undefined, 'japanese').variants.map(
				(variant) => variant.sku,
			);
			expect(published).toContain(
				variants.find((entry) => entry.original_item_code === item.original_item_code)!.sku,
			);
		}
	});

	it("an original item without colours or sizes of its own: its catalog item's, as Shop Product reads them", () => {
		const bare = record({ image_urls: [], sizes: { values: [] } });
		const catalog = {
			code: 'OGB-910',
			price: 1500,
			colors: { values: [{ name: 'ブラック', mfr_color_name: 'Black', hex: '#000000' }] },
			sizes: { values: [{ name: 'S', details: [] }] },
		} as unknown as Item;
		const [variant] = shopVariantsOf(
			{ color_name: 'ブラック', size: 'S' },
			{ records: [bare], catalog },
		);
		expect(variant.sku).toBe('EC-1~Black~S');
		expect(planVariants(bare, catalog, 'english').variants.map((entry) => entry.sku)).toEqual([
			variant.sku,
		]);
		expect(shopVariantsOf({ color_name: 'ブラック', size: 'S' }, { records: [bare] })).toEqual([]);
	});

	it('none for a colour or size the original item does not come in', () => {
		expect(shopVariantsOf({ color_name: 'ブラック', size: 'M' }, { records: [record()] })).toEqual(
			[],
		);
		expect(
			shopVariantsOf({ color_name: 'ホワイト', size: 'XXL' }, { records: [record()] }),
		).toEqual([]);
		expect(shopVariantsOf({ color_name: 'ホワイト', size: 'M' }, { records: [] })).toEqual([]);
	});
});

describe('Stock Changed through n8n-core: shop variants', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startTriggerSandbox();
	});
	afterAll(async () => await sb.close());
	beforeEach(async () => {
		await control(sb, 'POST', '/_sandbox/reset');
		await control(sb, 'DELETE', '/_sandbox/faults');
		await clearRequests(sb);
	});

	const stocks = async (): Promise<Json[]> => {
		const response = await fetch(`${sb.url}/item-stocks`, {
			method: 'POST',
			headers: {
				accept: 'application/json',
				'content-type': 'application/json',
				'Printio-Api-Subscription-Key': KEY,
			},
			body: JSON.stringify({ retailer_id: 1, item_code: 'OGB-910' }),
		});
		return ((await response.json()) as Json).item_stocks as Json[];
	};
	const setStock = async (code: string, change: IDataObject) =>
		await control(sb, 'POST', `/_sandbox/stock/${code}`, change);
	const originalItemReads = async () =>
		(await requests(sb)).filter((request: Json) => request.path === '/original-items');

	it('a crossing names its shop variants; one original-items read per item code, none on an idle poll', async () => {
		const [first, second] = (await stocks()).filter(
			(entry) => entry.is_orderable && entry.stock_quantity !== 0,
		);
		const poller = await trigger(sb, {
			event: 'stockChanged',
			activation: 'init',
			parameters: { stockItemCodes: 'OGB-910, PKB-110', stockThreshold: 1 },
		});
		const initial = jsonOf(await poller.poll());
		await clearRequests(sb);
		expect(await poller.poll()).toBeNull();
		expect(await originalItemReads()).toEqual([]);

		await setStock(first.item_stock_code, { is_orderable: false });
		await setStock(second.item_stock_code, { stock_quantity: 0 });
		const low = jsonOf(await poller.poll());
		expect(low.map((item) => item.item_stock_code)).toEqual([
			first.item_stock_code,
			second.item_stock_code,
		]);
		for (const [item, entry] of [
			[low[0], first],
			[low[1], second],
		]) {
			expect(item.item_code).toBe('OGB-910');
			expect(item.shop_variants).toEqual([
				expect.objectContaining({
					ec_original_item_code: 'EC-TS-0001',
					color: entry.color_name,
					size: entry.size,
					sku: expect.stringMatching(new RegExp(`^EC-TS-0001~[^~]+~${entry.size}$`)),
				}),
			]);
		}
		expect((await originalItemReads()).map((request: Json) => request.query.item_code)).toEqual([
			'OGB-910',
		]);
		expect(initial.every((item) => Array.isArray(item.shop_variants))).toBe(true);
	});

	it('many crossings on three watched items, one of them listed twice: one original-items read per item code and poll', async () => {
		const watched = ['OGB-910', 'PKB-110', 'MUG-410'];
		const entriesOf = async (itemCode: string): Promise<Json[]> => {
			const response = await fetch(`${sb.url}/item-stocks`, {
				method: 'POST',
				headers: {
					accept: 'application/json',
					'content-type': 'application/json',
					'Printio-Api-Subscription-Key': KEY,
				},
				body: JSON.stringify({ retailer_id: 1, item_code: itemCode }),
			});
			return ((await response.json()) as Json).item_stocks as Json[];
		};
		const poller = await trigger(sb, {
			event: 'stockChanged',
			activation: 'init',
			parameters: { stockItemCodes: `${watched.join(', ')}, OGB-910`, stockThreshold: 1 },
		});
		await poller.poll();
		const crossing: Json[] = [];
		for (const itemCode of watched)
			for (const entry of await entriesOf(itemCode))
				if (entry.is_orderable && entry.stock_quantity !== 0) crossing.push(entry);
		expect(crossing.length).toBeGreaterThan(watched.length);
		for (const entry of crossing) await setStock(entry.item_stock_code, { is_orderable: false });
		const readsOf = async (path: string) => {
			const counts: Record<string, number> = {};
			for (const request of (await requests(sb)) as Json[])
				if (request.path === path)
					counts[request.query.item_code] = (counts[request.query.item_code] ?? 0) + 1;
			return counts;
		};
		for (const round of ['low', 'back']) {
			await clearRequests(sb);
			const items = jsonOf(await poller.poll());
			expect(items).toHaveLength(crossing.length);
			expect(new Set(items.map((item) => item.item_code))).toEqual(new Set(watched));
			expect(await readsOf('/original-items')).toEqual({
				'OGB-910': 1,
				'PKB-110': 1,
				'MUG-410': 1,
			});
			for (const count of Object.values(await readsOf('/items'))) expect(count).toBe(1);
			if (round === 'low')
				for (const entry of crossing) await setStock(entry.item_stock_code, { is_orderable: true });
		}
	});

	it('a failed read of the original items fails the poll; the crossing comes at the next one', async () => {
		const [entry] = (await stocks()).filter(
			(stock) => stock.is_orderable && stock.stock_quantity !== 0,
		);
		const poller = await trigger(sb, {
			event: 'stockChanged',
			activation: 'init',
			parameters: { stockItemCodes: 'OGB-910', stockThreshold: 1 },
		});
		await poller.poll();
		await setStock(entry.item_stock_code, { is_orderable: false });
		await fault(sb, 'GET /original-items', 'http500', { times: 20 });
		await expect(poller.poll()).rejects.toThrow();
		await control(sb, 'DELETE', '/_sandbox/faults');
		const low = jsonOf(await poller.poll());
		expect(low.map((item) => [item.item_stock_code, item.event])).toEqual([
			[entry.item_stock_code, 'stockLow'],
		]);
		expect(low[0].shop_variants).toHaveLength(1);
	});
});
