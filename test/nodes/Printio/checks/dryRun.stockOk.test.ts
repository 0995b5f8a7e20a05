/**
 * Validate Only (dryRun.ts), the behaviour dryRun.test.ts left open (found by a hand-run mutation test,
 * docs/testing.md "How to handle a survivor"): stock_ok is false as soon as one line of an order is out of stock,
 * not only when every line is.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { type DryRunInput, validateOnly } from '../../../../nodes/Printio/checks/dryRun';
import type { PreparedOrder } from '../../../../nodes/Printio/orderInput';
import { NODE } from '../../shared/printio/transport/fakeContext';
import { catalogService, item, originalItem, sizes, stockEntry, type CatalogScript } from './catalogFake';

const order = (lines: Array<Record<string, unknown>>): PreparedOrder =>
	({ itemIndexes: [0], ecOrderNo: 'A', request: { retailer_id: 7, ec_order_no: 'A', order_details: lines }, problems: [], changes: [], ignoredFields: [] }) as unknown as PreparedOrder;

const input = (orders: PreparedOrder[]): DryRunInput => ({
	operation: 'orderByCode',
	orders,
	repeats: [],
	conflicts: [],
	readFailures: new Map(),
	unchecked: [],
	multiItemOrder: false,
	concurrency: 2,
	invalidError: () => new NodeOperationError(NODE, 'invalid'),
	conflictError: () => new NodeOperationError(NODE, 'conflict'),
	annotations: () => undefined,
});

const catalog: CatalogScript = {
	originalItems: [originalItem('OI-1', 'IT-1')],
	items: [item('IT-1', { price: 1000, sizes: sizes('M', 'L') })],
	stocks: { 'IT-1': [stockEntry('S-M', 'ホワイト', 'M', 3), stockEntry('S-L', 'ホワイト', 'L', 1)] },
};

describe('validateOnly: survivors of the mutation test', () => {
	it('stock_ok is false when one line is short and another in stock; true when both are in stock', async () => {
		const service = catalogService(catalog, { getNode: () => NODE, continueOnFail: () => false } as Partial<IExecuteFunctions>);
		const line = (size: string, quantity: number) => ({ original_item_code: 'OI-1', color: 'ホワイト', size, quantity });
		const items = await validateOnly.call(service.context, service.api, input([order([line('M', 1), line('L', 2)])]));
		expect(items.map((entry) => [entry.json.stock_ok, (entry.json.stock as Array<{ flag: string }>).map((stock) => stock.flag)])).toStrictEqual([[false, ['inStock', 'short']]]);
		const fine = await validateOnly.call(service.context, service.api, input([order([line('M', 1), line('L', 1)])]));
		expect(fine.map((entry) => entry.json.stock_ok)).toStrictEqual([true]);
	});
});
