/** Creates orders in an in-process sandbox straight through its API handler (no HTTP): fast, yet validated. */
import { handlers } from '../sandbox/api';
import type { Sandbox } from '../sandbox/server';

const ADDRESS = {
	zip_code: '1500001',
	prefecture_name: '東京都',
	municipalities: '渋谷区',
	address1: '神宮前1-2-3',
	full_name: 'ベンチ 太郎',
	phone_number: '0312345678',
};

/** Places one order for retailer 1 at the sandbox's virtual now; returns its order number. */
export function placeOrderInProcess(sb: Sandbox, ecOrderNo: string): string {
	const retailer = sb.store.retailers.get(1);
	if (!retailer) throw new Error('retailer 1 missing');
	const result = handlers.postOrderByCode({
		store: sb.store,
		retailer,
		query: {},
		headers: {},
		multi: false,
		baseUrl: sb.url,
		body: {
			retailer_id: 1,
			ec_order_no: ecOrderNo,
			shipping_information: ADDRESS,
			sender_information: { ...ADDRESS, item_name: '衣類' },
			order_details: [{ original_item_code: 't0100001', color: 'ホワイト', size: 'M', quantity: 1 }],
		},
	});
	const body = (typeof result.body === 'string' ? JSON.parse(result.body) : result.body) as {
		response?: { order_no?: string; message?: string };
	};
	const orderNo = body.response?.order_no;
	if (!orderNo) throw new Error(`order not placed: ${body.response?.message}`);
	return orderNo;
}
