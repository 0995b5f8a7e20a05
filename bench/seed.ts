/** Orders for the benchmarks, created in an in-process sandbox without HTTP: through the order builder and the store. */
import { DEFAULT_SHIPPING_METHOD } from '../sandbox/domain/lifecycle';
import { linesByCode, newOrder } from '../sandbox/domain/orderBuilder';
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
	const lines = linesByCode([{ original_item_code: 't0100001', color: 'ホワイト', size: 'M', quantity: 1 }], {
		byCode: (code) => store.originalItems.get(1, code),
		byEcCode: (ecCode) => store.originalItems.byEcCode(1, ecCode),
	});
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
	if ('shortages' in result) throw new Error(`order not placed: out of stock ${result.shortages.map((s) => s.item_stock_code).join(', ')}`);
	return result.order.order_no;
}
