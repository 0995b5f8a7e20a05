/**
 * The catalog match before sending (catalogCheck.ts), the behaviour catalogCheck.test.ts left open (found by a
 * hand-run mutation test, docs/testing.md "How to handle a survivor"): each item code of Create With Images is read
 * and matched on its own, a catalog item record without a colour list is a line that cannot be checked (not a failed
 * read), and a refused order keeps every normalisation made before and during the match.
 */
import { checkCatalogNames, type CatalogCheckSettings } from '../../../../nodes/Printio/checks/catalogCheck';
import type { PreparedOrder } from '../../../../nodes/Printio/orderInput';
import { catalogService, colors, item, originalItem, sizes, type Row } from './catalogFake';

const settings = (overrides: Partial<CatalogCheckSettings> = {}): CatalogCheckSettings => ({ operation: 'orderByCode', concurrency: 2, tolerant: true, ...overrides });

const prepared = (ec: string, lines: Row[], extra: Partial<PreparedOrder> = {}): PreparedOrder =>
	({
		itemIndexes: [0],
		ecOrderNo: ec,
		request: { retailer_id: 7, ec_order_no: ec, shipping_information: {}, sender_information: {}, order_details: lines },
		problems: [],
		changes: [],
		ignoredFields: [],
		...extra,
	}) as unknown as PreparedOrder;

async function check(script: Parameters<typeof catalogService>[0], orders: PreparedOrder[], s: Partial<CatalogCheckSettings> = {}) {
	const service = catalogService(script);
	const result = await checkCatalogNames(service.api, orders, settings(s));
	return { ...service, result };
}

describe('checkCatalogNames: survivors of the mutation test', () => {
	it('Create With Images: two item codes are two reads, each line matched against its own item\'s names', async () => {
		const red = item('IT-1', { colors: colors(['Red']), sizes: sizes('S') });
		const blue = item('IT-2', { colors: colors(['Blue']), sizes: sizes('L') });
		const a = prepared('A', [{ item_code: 'IT-1', color: 'Red', size: 'S', quantity: 1 }]);
		const b = prepared('B', [{ item_code: 'IT-2', color: 'Blue', size: 'L', quantity: 1 }], { itemIndexes: [1] });
		const { result, routes } = await check({ items: [red, blue] }, [a, b], { operation: 'orderWithImage' });
		expect(routes()).toStrictEqual(['GET /items {"retailer_id":7,"item_code":"IT-1"}', 'GET /items {"retailer_id":7,"item_code":"IT-2"}']);
		expect(result.unchecked).toStrictEqual([]);
		expect(result.orders.map((order) => order.problems)).toStrictEqual([[], []]);
	});

	it('an original item without colours whose catalog item record has no colour list: the line cannot be checked, the read did not fail', async () => {
		const noColours = originalItem('OI-1', 'IT-1', { sizes: sizes('M') });
		const bareItem = { code: 'IT-1', price: 1000, sizes: sizes('M') };
		const { result } = await check({ originalItems: [noColours], items: [bareItem] }, [prepared('A', [{ original_item_code: 'OI-1', color: 'Red', size: 'M', quantity: 1 }])]);
		expect(result.unchecked).toStrictEqual([]);
		expect(result.orders[0].problems.map((problem) => problem.message)).toStrictEqual(['cannot be checked: the catalog record of original item OI-1 (item IT-1) lists no colours']);
	});

	it('a refused order keeps the earlier changes and the names the match replaced', async () => {
		const shirt = originalItem('OI-1', 'IT-1', { colors: colors(['White']), sizes: sizes('M') });
		const earlier = { field: 'shipping_information.zip_code', rule: 'trim', message: 'earlier', itemIndex: 0 };
		const order = prepared('A', [{ original_item_code: 'OI-1', color: 'white', size: 'XXL', quantity: 1 }], { changes: [earlier] as unknown as PreparedOrder['changes'] });
		const { result } = await check({ originalItems: [shirt] }, [order]);
		const [out] = result.orders;
		expect(out.request).toBeUndefined();
		expect(out.problems.map((problem) => problem.field)).toStrictEqual(['order_details[0].size']);
		expect(out.changes.map((change) => [change.field, change.rule])).toStrictEqual([
			['shipping_information.zip_code', 'trim'],
			['order_details[0].color', 'catalogNameFolded'],
		]);
	});
});
