/** Orders for the benchmarks, created in an in-process sandbox without HTTP: through the order builder and the store. */
import { parseTokyo } from '../sandbox/domain/clock';
import { DEFAULT_SHIPPING_METHOD, STATUS_RECEIVED } from '../sandbox/domain/lifecycle';
import { linesByCode, newOrder, numberedOrder } from '../sandbox/domain/orderBuilder';
import type { NewOrder } from '../sandbox/domain/records';
import type { Store } from '../sandbox/store/store';
import type { Sandbox } from '../sandbox/server';

const ADDRESS = {
	zip_code: '1500001',
	prefecture_name: '東京都',
	municipalities: '渋谷区',
	address1: '神宮前1-2-3',
	full_name: 'ベンチ 太郎',
	phone_number: '0312345678',
};

/** An order of retailer 1 for one T-shirt of original item t0100001. */
export function benchOrder(store: Store, ecOrderNo: string): NewOrder {
	const lines = linesByCode(
		[{ original_item_code: 't0100001', color: 'ホワイト', size: 'M', quantity: 1 }],
		{
			byCode: (code) => store.originalItems.get(1, code),
			byEcCode: (ecCode) => store.originalItems.byEcCode(1, ecCode),
		},
	);
	return newOrder({
		retailer_id: 1,
		kind: 'code',
		multi: false,
		ec_order_no: ecOrderNo,
		ec_order_date: null,
		shipping_information: ADDRESS,
		sender_information: { ...ADDRESS, item_name: '衣類' },
		ec_optional_information: null,
		action_after_print: null,
		shipping_method: DEFAULT_SHIPPING_METHOD,
		lines: lines.map((resolved) => resolved.line),
	});
}

/** Places one order for retailer 1 at the sandbox's virtual now; returns its order number. */
export function placeOrderInProcess(sb: Sandbox, ecOrderNo: string): string {
	const result = sb.store.placeOrder(benchOrder(sb.store, ecOrderNo));
	if ('shortages' in result)
		throw new Error(
			`order not placed: out of stock ${result.shortages.map((s) => s.item_stock_code).join(', ')}`,
		);
	return result.order.order_no;
}

/** The last order of the scale benchmark's data, and the interval between its orders. */
export const SEED_LAST_AT = '2026-11-21 00:00:00';
export const SEED_EVERY_SECONDS = 30;

/**
 * `count` orders of retailer 1 in one transaction, one every `everySeconds` up to `lastAt` (Tokyo wall time),
 * each received (status 1) at its creation: the scale benchmark's data, written in seconds instead of placed
 * one transaction at a time.
 */
export function seedOrders(
	store: Store,
	count: number,
	lastAt: string,
	everySeconds: number,
): void {
	const lastMs = parseTokyo(lastAt);
	if (lastMs === undefined) throw new Error(`not a date-time: ${lastAt}`);
	const template = benchOrder(store, '');
	const first = Number(store.meta.get('orderSeq') ?? 1);
	store.db.transaction(() => {
		for (let i = 0; i < count; i++) {
			const seq = first + i;
			const order = numberedOrder(
				seq,
				{ ...template, ec_order_no: `BENCH-SCALE-${seq}` },
				lastMs - (count - 1 - i) * everySeconds * 1000,
			);
			store.orders.insert(order);
			for (const shipment of order.shipments)
				store.orders.addHistory(
					order.order_no,
					shipment.shipping_id,
					STATUS_RECEIVED,
					order.created_at,
				);
		}
		store.meta.set('orderSeq', String(first + count));
	})();
}
