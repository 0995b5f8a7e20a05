/**
 * Check Stock First, through the check stage (checkOrders) over what the look-up stage read (lookUpOrders): refused
 * orders are never sent and carry the figures; without Continue On Fail the first refusal stops the run counting the
 * others; an order already registered (Check for Existing Order) is not refused; a stock read that fails refuses
 * everything, with its own words. The reads named are the look-up's beyond the catalog match's records.
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkOrders } from '../../../../nodes/Printio/placement/check';
import type { PlacementOutcome } from '../../../../nodes/Printio/placement/placement';
import { prepareOrders } from '../../../../nodes/Printio/placement/prepare';
import {
	catalogService,
	checkedLookUp,
	colors,
	orderRow,
	originalItem,
	readOf,
	refused,
	runOf,
	sizes,
	stockEntry,
	type CatalogScript,
} from '../orderRun/fakes';

/** Order `ec` at item `index`: one line of `quantity`, White M of IT-1 (or the item given) by its original item. */
const order = (ec: string, index: number, quantity: number, itemCode = 'IT-1') =>
	orderRow(index, ec, [
		{ original_item_code: `O${itemCode}`, color: 'White', size: 'M', quantity },
	]);

interface StockSettings {
	checkDuplicates?: boolean;
	multiItemOrder?: boolean;
	continueOnFail?: boolean;
}

const stock = {
	'IT-1': [stockEntry('S-1', 'White', 'M', 2)],
	'IT-2': [stockEntry('S-2', 'White', 'M', 0)],
};

/** The original items OIT-1 and OIT-2 of IT-1 and IT-2, with their own colours and sizes. */
const records = ['IT-1', 'IT-2'].map((itemCode) =>
	originalItem(`O${itemCode}`, itemCode, { colors: colors(['White']), sizes: sizes('M') }),
);

async function run(
	script: CatalogScript,
	rows: Array<ReturnType<typeof order>>,
	{ checkDuplicates = false, multiItemOrder = false, continueOnFail = true }: StockSettings = {},
) {
	const service = catalogService({ originalItems: records, ...script });
	const options: IDataObject = { checkStock: true, checkDuplicates, multiItemOrder };
	const stockRun = runOf('orderByCode', { options, continueOnFail });
	const read = readOf(rows);
	const { lookedUp, sent, routes } = await checkedLookUp(service, stockRun, read);
	const prepared = prepareOrders(stockRun, read, lookedUp);
	const outcome = (() => {
		try {
			// The check stage refuses: every outcome it gives is a failure.
			const refusals = checkOrders(stockRun, prepared, lookedUp).refused;
			return { value: refusals as Array<PlacementOutcome & { ok: false }>, error: undefined };
		} catch (error) {
			return { value: undefined, error: error as NodeOperationError };
		}
	})();
	return { orders: prepared.orders, sent, routes, ...outcome };
}

describe('Check Stock First', () => {
	it('reads nothing and refuses nothing without orders', async () => {
		const { value, sent } = await run({ stocks: stock }, []);
		expect(value).toEqual([]);
		expect(sent).toHaveLength(0);
	});

	it('Continue On Fail: refuses each short order on its own, saying nothing was sent, and lets the others go', async () => {
		const { value, routes, orders } = await run({ stocks: stock }, [
			order('A', 0, 2),
			order('B', 1, 3),
			order('C', 2, 1, 'IT-2'),
		]);
		const [, short, none] = orders;
		expect(routes()).toEqual([
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}',
			'POST /item-stocks {"retailer_id":7,"item_code":"IT-2"}',
		]);
		expect(value?.map((outcome) => outcome.order)).toEqual([short, none]);
		expect(value?.map((outcome) => outcome.ok)).toEqual([false, false]);
		expect(value?.map((outcome) => outcome.error.message)).toEqual([
			'Order "B" is out of stock: order_details[0] IT-1 White M: 2 in stock, 3 ordered (nothing was sent)',
			'Order "C" is out of stock: order_details[0] IT-2 White M: 0 in stock, 1 ordered (nothing was sent)',
		]);
		expect((value?.[0].error as NodeOperationError).context.itemIndex).toBe(1);
		expect((value?.[0].error as NodeOperationError).context.stock).toEqual([
			expect.objectContaining({ flag: 'short', ordered: 3 }),
		]);
	});

	it('without Continue On Fail throws the first refusal, counting the other refused orders', async () => {
		const { error, value } = await run(
			{ stocks: stock },
			[order('A', 0, 2), order('B', 1, 3), order('C', 2, 1, 'IT-2')],
			{ continueOnFail: false },
		);
		expect(value).toBeUndefined();
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe(
			'Order "B" is out of stock: order_details[0] IT-1 White M: 2 in stock, 3 ordered (1 more order(s) out of stock; nothing was sent)',
		);
		expect(error?.context.itemIndex).toBe(1);
	});

	it('without Continue On Fail and nothing short: no refusal, no error', async () => {
		const { error, value } = await run({ stocks: stock }, [order('A', 0, 2)], {
			continueOnFail: false,
		});
		expect(error).toBeUndefined();
		expect(value).toEqual([]);
	});

	it('Check for Existing Order: looks up only the refused orders, and does not refuse one that is registered', async () => {
		const { value, routes } = await run(
			{ stocks: stock, orders: { B: [{ order_no: 'P-B', ec_order_no: 'B' }] } },
			[order('A', 0, 2), order('B', 1, 3), order('C', 2, 1, 'IT-2')],
			{ checkDuplicates: true, multiItemOrder: true },
		);
		expect(routes().slice(2)).toEqual([
			'GET /orders {"ec_order_no":"B"}',
			'GET /orders {"ec_order_no":"C"}',
		]);
		expect(value?.map((outcome) => outcome.order.body.ec_order_no)).toEqual(['C']);
		expect(routes()).toHaveLength(4);
	});

	it('Check for Existing Order: the lookups carry MultiItemOrder only when the run uses it, and none is made when nothing is refused', async () => {
		const multi = await run({ stocks: stock }, [order('B', 1, 3)], {
			checkDuplicates: true,
			multiItemOrder: true,
		});
		const lookup = multi.sent.find((s) => s.options.url === '/orders');
		expect(lookup?.options.headers).toEqual(
			expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
		);
		const plain = await run({ stocks: stock }, [order('B', 1, 3)], { checkDuplicates: true });
		expect(plain.sent.find((s) => s.options.url === '/orders')?.options.headers).not.toHaveProperty(
			'X-Feature-Flags',
		);
		const fine = await run({ stocks: stock }, [order('A', 0, 2)], { checkDuplicates: true });
		expect(fine.routes()).toEqual(['POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}']);
		const off = await run(
			{ stocks: stock, orders: { B: [{ order_no: 'P-B', ec_order_no: 'B' }] } },
			[order('B', 1, 3)],
		);
		expect(off.routes()).toEqual(['POST /item-stocks {"retailer_id":7,"item_code":"IT-1"}']);
		expect(off.value).toHaveLength(1);
	});

	it('a registered order answered without a list counts as not registered', async () => {
		const { value } = await run(
			{
				stocks: stock,
				override: ({ url }) =>
					url === '/orders'
						? { statusCode: 200, body: { status_code: 1, message: 'no data' } }
						: undefined,
			},
			[order('B', 1, 3)],
			{
				checkDuplicates: true,
			},
		);
		expect(value).toHaveLength(1);
	});

	const unreadable: CatalogScript = {
		stocks: stock,
		override: ({ url }) => (url === '/item-stocks' ? refused('stock is down') : undefined),
	};
	const description =
		"Check Stock First reads Printio's stock before placing, and nothing is sent while it cannot. Run again later, or turn off Options › Check Stock First to place without the check.";

	it("a stock read that fails stops the run without Continue On Fail, naming the first order's item", async () => {
		const { error } = await run(unreadable, [order('A', 3, 1), order('B', 4, 1)], {
			continueOnFail: false,
		});
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toMatch(/^Stock check before sending failed: .*stock is down/);
		expect(error?.context.itemIndex).toBe(3);
		expect(error?.description).toBe(description);
	});

	it('a stock read that fails refuses every order with Continue On Fail', async () => {
		const { value, orders } = await run(unreadable, [order('A', 3, 1), order('B', 4, 1)], {
			continueOnFail: true,
		});
		expect(value?.map((outcome) => [outcome.ok, outcome.order])).toEqual([
			[false, orders[0]],
			[false, orders[1]],
		]);
		expect(value?.[0].error.message).toMatch(/^Stock check before sending failed: /);
		expect(value?.[1].error).toBe(value?.[0].error);
	});

	it('a lookup of a registered order that fails counts as a failed check', async () => {
		const { error } = await run(
			{
				stocks: stock,
				override: ({ url }) => (url === '/orders' ? refused('lookup down') : undefined),
			},
			[order('B', 1, 3)],
			{
				checkDuplicates: true,
				continueOnFail: false,
			},
		);
		expect(error?.message).toMatch(/^Stock check before sending failed: .*lookup down/);
	});
});
