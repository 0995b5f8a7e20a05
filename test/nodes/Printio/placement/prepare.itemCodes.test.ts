/**
 * Each line's catalog item, as the prepare stage gives it with an order to place (the re-delivery comparison reads
 * it): a line's own item code, an original item's from the record the look-up stage read (by either code; the
 * original item code first), undefined when unknown or unreadable.
 */
import type { OrderBody } from '../../../../nodes/Printio/checks/lineCatalog';
import type { PreparedOrder } from '../../../../nodes/Printio/orderInput';
import { lineItemCodes, prepareOrders } from '../../../../nodes/Printio/placement/prepare';
import {
	catalogNamesFor,
	catalogService,
	colors,
	lookedUpBy,
	orderRow,
	originalItem as bareOriginalItem,
	readOf,
	refused,
	runOf,
	sizes,
} from '../orderRun/fakes';

/** With its own colours and sizes, so that its record is all the look-up reads. */
const originalItem = (code: string, itemCode: string) =>
	bareOriginalItem(code, itemCode, { colors: colors(['W']), sizes: sizes('M') });

type Line = Record<string, unknown>;

const body = (lines: Line[]): OrderBody =>
	({ retailer_id: 7, ec_order_no: 'E', order_details: lines }) as unknown as OrderBody;

describe("each line's catalog item", () => {
	it("a line's own item code, an original item's from its record (by either code), undefined when unknown or unreadable", async () => {
		// Unknown, unreadable and codeless lines make an order that the prepare stage refuses: the rule is asked directly.
		const service = catalogService({
			originalItems: [originalItem('OI-1', 'IT-1'), originalItem('OI-2', 'IT-2')],
			override: ({ qs }) => (qs.original_item_code === 'OI-X' ? refused() : undefined),
		});
		const placed = body([
			{ item_code: 'IT-5', color: 'W', size: 'M', quantity: 1 },
			{ original_item_code: 'OI-1', color: 'W', size: 'M', quantity: 1 },
			{ ec_original_item_code: 'EC-OI-2', color: 'W', size: 'M', quantity: 1 },
			{ original_item_code: 'OI-404', color: 'W', size: 'M', quantity: 1 },
			{ original_item_code: 'OI-X', color: 'W', size: 'M', quantity: 1 },
			{
				original_item_code: '',
				ec_original_item_code: '',
				item_code: '',
				color: 'W',
				size: 'M',
				quantity: 1,
			},
		]);
		const order = { itemIndexes: [3], draft: placed, problems: [] } as unknown as PreparedOrder;
		const names = await catalogNamesFor(service.api, [order], {
			operation: 'orderByCode',
			concurrency: 1,
		});
		const codes = lineItemCodes(placed, names);
		expect(codes).toEqual(['IT-5', 'IT-1', 'IT-2', undefined, undefined, undefined]);
		expect(service.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":7,"ec_original_item_code":"EC-OI-2"}',
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-404"}',
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-X"}',
		]);
	});

	it('prefers original_item_code to ec_original_item_code', async () => {
		const service = catalogService({
			originalItems: [originalItem('OI-1', 'IT-1'), originalItem('OI-2', 'IT-2')],
		});
		const run = runOf('orderByCode');
		const read = readOf([
			orderRow(0, 'E', [
				{
					original_item_code: 'OI-1',
					ec_original_item_code: 'EC-OI-2',
					color: 'W',
					size: 'M',
					quantity: 1,
				},
			]),
		]);
		const prepared = prepareOrders(run, read, await lookedUpBy(service.api, run, read));
		expect(prepared.orders.map((order) => order.itemCodes)).toEqual([['IT-1']]);
	});
});
