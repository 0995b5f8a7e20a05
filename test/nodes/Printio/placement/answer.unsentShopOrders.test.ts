/**
 * Shop orders that are not sent, through the look-up and answer stages: an order without a print line is answered
 * as such; a cancelled one is looked up (never under Validate Only), and fails its item naming the Printio orders to cancel when it was
 * placed before, or saying the lookup failed. Never an order endpoint that writes.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { answerUnsentShopOrders } from '../../../../nodes/Printio/placement/answer';
import { lookUpCancelled } from '../../../../nodes/Printio/placement/lookUp';
import type { UnsentShopOrder } from '../../../../nodes/Printio/orderInput';
import { NODE } from '../../shared/printio/transport/fakeContext';
import { catalogService, refused, type CatalogScript } from '../orderRun/fakes';

const leftOut = [{ line: 0, line_id: 'L1', name: 'Mug', code: null, reason: 'noCode' as const }];
const unsent = (
	itemIndex: number,
	ecOrderNo: string | undefined,
	reason: UnsentShopOrder['reason'],
): UnsentShopOrder => ({ itemIndex, ecOrderNo, reason, leftOut });

const DESCRIPTION =
	'A cancelled order is never placed. Printio has no endpoint to cancel an order, so a print order placed before the cancellation must be cancelled with Printio by a person.';

async function answer(
	script: CatalogScript,
	orders: UnsentShopOrder[],
	settings = { validateOnly: false, multiItemOrder: false },
	onError?: string,
) {
	const node = onError ? { ...NODE, onError } : NODE;
	const service = catalogService(script, {
		getNode: () => node,
	} as unknown as Partial<IExecuteFunctions>);
	const cancelled = await lookUpCancelled(service.api, orders, settings);
	const result = answerUnsentShopOrders.call(service.context, orders, cancelled, settings);
	return { ...service, result };
}

describe('answerUnsentShopOrders', () => {
	it('an order without a print line: answered with its left-out lines, nothing read', async () => {
		const { result, sent } = await answer({}, [unsent(2, 'S-1', 'noPrintLine')]);
		expect(sent).toHaveLength(0);
		expect(result).toEqual({
			items: [
				{
					json: { ec_order_no: 'S-1', sent: false, no_print_lines: true, left_out_lines: leftOut },
					pairedItem: [{ item: 2 }],
				},
			],
			firstError: undefined,
		});
		expect(result.items[0].json.left_out_lines).not.toBe(leftOut);
		expect((result.items[0].json.left_out_lines as unknown[])[0]).not.toBe(leftOut[0]);
	});

	it('a cancelled order never placed: looked up by its number, answered with an empty list', async () => {
		const { result, routes, sent } = await answer({}, [unsent(1, 'S-2', 'cancelled')]);
		expect(routes()).toEqual(['GET /orders {"ec_order_no":"S-2"}']);
		expect(sent[0].options.headers).not.toHaveProperty('X-Feature-Flags');
		expect(result).toEqual({
			items: [
				{
					json: {
						ec_order_no: 'S-2',
						sent: false,
						cancelled: true,
						left_out_lines: leftOut,
						placed_before: [],
					},
					pairedItem: [{ item: 1 }],
				},
			],
			firstError: undefined,
		});
	});

	it('a cancelled order placed before: fails its item naming each Printio order once, and is the first error', async () => {
		const { result, sent } = await answer(
			{ orders: { 'S-3': [{ order_no: 'P-1' }, { order_no: 'P-2' }, { order_no: 'P-1' }] } },
			[
				unsent(0, 'S-0', 'noPrintLine'),
				unsent(4, 'S-3', 'cancelled'),
				unsent(5, 'S-4', 'cancelled'),
			],
			{ validateOnly: false, multiItemOrder: true },
			'continueErrorOutput',
		);
		expect(sent[0].options.headers).toEqual(
			expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
		);
		const message =
			'Order "S-3" is cancelled in the shop but was placed with Printio before: ask Printio to cancel P-1, P-2';
		expect(result.firstError).toBeInstanceOf(NodeOperationError);
		expect(result.firstError?.message).toBe(message);
		expect(result.firstError?.description).toBe(DESCRIPTION);
		expect(result.firstError?.context.itemIndex).toBe(4);
		const [, failed, fine] = result.items;
		expect(failed.json).toEqual({
			error: message,
			errorDescription: DESCRIPTION,
			ec_order_no: 'S-3',
			sent: false,
			cancelled: true,
			left_out_lines: leftOut,
			placed_before: ['P-1', 'P-2'],
		});
		expect(failed.pairedItem).toEqual([{ item: 4 }]);
		// Under On Error › Continue (using error output) the item carries its error.
		expect(failed.error).toBe(result.firstError);
		expect(fine.json.placed_before).toEqual([]);
	});

	it('one shop order delivered twice, as a test order or without a print line and then cancelled: only the cancelled delivery fails', async () => {
		const { result } = await answer({ orders: { 'S-7': [{ order_no: 'P-7' }] } }, [
			unsent(0, 'S-7', 'noPrintLine'),
			unsent(1, 'S-7', 'testOrder'),
			unsent(2, 'S-7', 'cancelled'),
		]);
		expect(result.items.map((item) => [item.json.error, item.json.placed_before])).toEqual([
			[undefined, undefined],
			[undefined, undefined],
			[
				'Order "S-7" is cancelled in the shop but was placed with Printio before: ask Printio to cancel P-7',
				['P-7'],
			],
		]);
		expect(result.firstError?.context.itemIndex).toBe(2);
	});

	it('the first error is the first cancelled order placed before; each has its own', async () => {
		const { result } = await answer(
			{ orders: { A: [{ order_no: 'P-A' }], B: [{ order_no: 'P-B' }] } },
			[unsent(0, 'A', 'cancelled'), unsent(1, 'B', 'cancelled')],
		);
		expect(result.firstError?.message).toContain('P-A');
		expect(result.items.map((item) => item.json.error)).toEqual([
			'Order "A" is cancelled in the shop but was placed with Printio before: ask Printio to cancel P-A',
			'Order "B" is cancelled in the shop but was placed with Printio before: ask Printio to cancel P-B',
		]);
	});

	it('a lookup that fails: the item fails saying it could not be checked', async () => {
		const { result } = await answer({ override: () => refused('down') }, [
			unsent(3, 'S-5', 'cancelled'),
		]);
		expect(result.firstError?.message).toBe(
			'Order "S-5" is cancelled in the shop; whether it was placed with Printio before could not be checked',
		);
		expect(result.firstError?.context.itemIndex).toBe(3);
		expect(result.items[0].json).toEqual(
			expect.objectContaining({
				error: result.firstError?.message,
				placed_before: null,
				cancelled: true,
			}),
		);
		expect(result.items[0].error).toBeUndefined();
	});

	it('a lookup answered without a list counts as never placed', async () => {
		const { result } = await answer(
			{ override: () => ({ statusCode: 200, body: { status_code: 1, message: 'no data' } }) },
			[unsent(0, 'S-6', 'cancelled')],
		);
		expect(result.firstError).toBeUndefined();
		expect(result.items[0].json.placed_before).toEqual([]);
	});

	it('Validate Only: reads nothing and marks each answer as not to be sent', async () => {
		const { result, sent } = await answer(
			{ orders: { 'S-7': [{ order_no: 'P-7' }] } },
			[unsent(0, 'S-7', 'cancelled'), unsent(1, undefined, 'noPrintLine')],
			{
				validateOnly: true,
				multiItemOrder: false,
			},
		);
		expect(sent).toHaveLength(0);
		expect(result.firstError).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{
				validate_only: true,
				would_send: false,
				ec_order_no: 'S-7',
				sent: false,
				cancelled: true,
				left_out_lines: leftOut,
			},
			{
				validate_only: true,
				would_send: false,
				ec_order_no: null,
				sent: false,
				no_print_lines: true,
				left_out_lines: leftOut,
			},
		]);
	});

	it('a cancelled order without an EC order number cannot be looked up: answered as cancelled', async () => {
		const { result, sent } = await answer({}, [unsent(0, undefined, 'cancelled')]);
		expect(sent).toHaveLength(0);
		expect(result.items[0].json).toEqual({
			ec_order_no: null,
			sent: false,
			cancelled: true,
			left_out_lines: leftOut,
		});
	});
});

describe('answerUnsentShopOrders: a Shopify test order', () => {
	it('is answered as a test order with its left-out lines, nothing read, not cancelled, never an error', async () => {
		const { result, sent } = await answer({}, [unsent(4, 'S-9', 'testOrder')]);
		expect(sent).toHaveLength(0);
		expect(result).toEqual({
			items: [
				{
					json: { ec_order_no: 'S-9', sent: false, test_order: true, left_out_lines: leftOut },
					pairedItem: [{ item: 4 }],
				},
			],
			firstError: undefined,
		});
	});
});
