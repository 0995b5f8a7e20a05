/**
 * Order Shipped's `tracking` and `shop_order` through n8n-core against the in-process sandbox: an order placed
 * with the shop reference and line ids, shipped one shipment at a time (MultiItemOrder), read back by real polls.
 * Each shipment gives only its own lines; an order without the reference gives no shop order.
 */
import type { Sandbox } from '../../../sandbox/server';
import {
	freezeClock,
	jsonOf,
	KEY,
	requests,
	setStatus,
	startFrom,
	startTriggerSandbox,
	trigger,
	clearRequests,
	advance,
} from './setup';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTriggerSandbox();
});
afterAll(async () => {
	await sb.close();
});
beforeEach(async () => {
	await fetch(`${sb.url}/_sandbox/reset`, { method: 'POST' });
});

const address = {
	zip_code: '1500001',
	prefecture_name: '東京都',
	municipalities: '渋谷区',
	address1: '1-2-3',
	full_name: 'テスト 太郎',
	phone_number: '0300000001',
};

async function place(
	ecOrderNo: string,
	ecOptionalInformation: string | undefined,
	shippingMethod?: number,
): Promise<string> {
	const res = await fetch(`${sb.url}/order-by-code`, {
		method: 'POST',
		headers: {
			'Printio-Api-Subscription-Key': KEY,
			'X-Feature-Flags': 'MultiItemOrder',
			'content-type': 'application/json',
		},
		body: JSON.stringify({
			retailer_id: 1,
			ec_order_no: ecOrderNo,
			shipping_information: address,
			sender_information: { ...address, item_name: '衣類' },
			...(ecOptionalInformation === undefined
				? {}
				: { ec_optional_information: ecOptionalInformation }),
			...(shippingMethod === undefined ? {} : { shipping_method: shippingMethod }),
			order_details: [
				{
					original_item_code: 't0100001',
					quantity: 2,
					color: 'ホワイト',
					size: 'M',
					ec_order_detail_no: '13923492233355',
				},
				{
					original_item_code: 't0100002',
					quantity: 1,
					color: 'ブラック',
					size: 'L',
					ec_order_detail_no: '13923492266123',
				},
			],
		}),
	});
	const body = (await res.json()) as { response?: { order_no?: string } };
	if (!body.response?.order_no) throw new Error(`not placed: ${JSON.stringify(body)}`);
	return body.response.order_no;
}

async function shipmentsOf(
	orderNo: string,
): Promise<Array<{ shipping_id: string; order_details: Array<{ ec_order_detail_no: string }> }>> {
	const res = await fetch(`${sb.url}/orders?order_no=${orderNo}`, {
		headers: { 'Printio-Api-Subscription-Key': KEY, 'X-Feature-Flags': 'MultiItemOrder' },
	});
	return (
		(await res.json()) as {
			orders: Array<{ shipping_id: string; order_details: Array<{ ec_order_detail_no: string }> }>;
		}
	).orders;
}

describe('Order Shipped: tracking and shop order, each shipment with its own lines', () => {
	it('gives each shipment its lines, quantity, carrier and tracking URL, once; one GET /orders per poll', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, {
			event: 'shipped',
			options: { multiItemOrder: true, startFrom: startFrom(t0) },
		});
		const orderNo = await place('SHOP-1', 'shop:shopify:5823498213513', 2);
		const shipments = await shipmentsOf(orderNo);
		expect(shipments).toHaveLength(2);
		const [first, second] = shipments;

		await advance(sb, 5);
		await setStatus(sb, orderNo, 5, first.shipping_id);
		await clearRequests(sb);
		const [one] = jsonOf(await poller.poll());
		expect(
			(await requests(sb)).map((r: { method: string; path: string }) => `${r.method} ${r.path}`),
		).toEqual(['GET /order-statuses', 'GET /orders']);
		expect(one.shipping_id).toBe(first.shipping_id);
		expect(one.shop_order).toEqual({
			platform: 'shopify',
			orderId: '5823498213513',
			lineIds: [first.order_details[0].ec_order_detail_no],
			lines: [
				{
					lineId: first.order_details[0].ec_order_detail_no,
					quantity: first.order_details[0].ec_order_detail_no === '13923492233355' ? 2 : 1,
				},
			],
			completesOrder: false,
		});
		// Shipping method 2 ships with ヤマト運輸 in the sandbox.
		expect(one.tracking).toEqual({
			number: one.shipping_number,
			company: 'ヤマト運輸',
			carrier: 'yamato',
			shopifyCompany: 'Yamato (JA)',
			url: `https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=${one.shipping_number as string}`,
		});
		expect(one).not.toHaveProperty('order');
		expect(await poller.poll()).toBeNull();

		await advance(sb, 5);
		await setStatus(sb, orderNo, 5, second.shipping_id);
		const [two] = jsonOf(await poller.poll());
		expect(two.shipping_id).toBe(second.shipping_id);
		expect(two.shop_order.lineIds).toEqual([second.order_details[0].ec_order_detail_no]);
		expect(two.shop_order.completesOrder).toBe(true);
		expect(two.tracking.number).not.toBe(one.tracking.number);
	});

	it('two shipments shipped before one poll: only the last item of the order completes it', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, {
			event: 'shipped',
			options: { multiItemOrder: true, startFrom: startFrom(t0) },
		});
		const orderNo = await place('SHOP-2', 'shop:woocommerce:727', 2);
		const partial = await place('SHOP-3', 'shop:woocommerce:728', 2);
		const [first, second] = await shipmentsOf(orderNo);
		const [alone, unshipped] = await shipmentsOf(partial);
		await advance(sb, 5);
		await setStatus(sb, orderNo, 5, first.shipping_id);
		await setStatus(sb, partial, 5, alone.shipping_id);
		await setStatus(sb, orderNo, 5, second.shipping_id);
		const items = jsonOf(await poller.poll());
		const completes = items.map((item) => [
			item.order_no,
			item.shipping_id,
			item.shop_order.completesOrder,
		]);
		const ofOrder = completes.filter(([no]) => no === orderNo);
		expect(ofOrder).toHaveLength(2);
		expect(ofOrder.map(([, , done]) => done)).toEqual([false, true]);
		// The other order's second shipment has not shipped.
		expect(completes.filter(([no]) => no === partial)).toEqual([
			[partial, alone.shipping_id, false],
		]);
		expect(unshipped.shipping_id).not.toBe(alone.shipping_id);
	});

	it('an order without the shop reference, or with a note of the user’s own, gives tracking but no shop order', async () => {
		const t0 = await freezeClock(sb);
		const poller = await trigger(sb, { event: 'shipped', options: { startFrom: startFrom(t0) } });
		const plain = await place('PLAIN-1', undefined, 1);
		const noted = await place('NOTED-1', 'gift wrap, please');
		await advance(sb, 5);
		await setStatus(sb, plain, 5);
		await setStatus(sb, noted, 5);
		const items = jsonOf(await poller.poll());
		expect(items.map((item) => item.order_no).sort()).toEqual([plain, noted].sort());
		for (const item of items) expect(item).not.toHaveProperty('shop_order');
		const byNo = Object.fromEntries(items.map((item) => [item.order_no, item]));
		// Shipping method 1 ships with 日本郵便.
		expect(byNo[plain].tracking).toMatchObject({
			company: '日本郵便',
			carrier: 'japanPost',
			shopifyCompany: 'Japan Post (JA)',
		});
		expect(byNo[plain].tracking.url).toContain(
			`reqCodeNo1=${byNo[plain].shipping_number as string}`,
		);
	});
});
