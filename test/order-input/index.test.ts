import * as input from '../../nodes/Printio/actions/order/input';

describe('order input entry point', () => {
	it('exports what the node wires in', () => {
		for (const name of [
			'prepareOrdersFromItems',
			'prepareOrder',
			'formatProblems',
			'mapItemToOrder',
			'normalizeOrder',
			'applyOrderAddressOverflow',
			'groupOrderRows',
			'validateOrder',
			'toRequest',
			'applyOrderDefaults',
			'flatColumnNames',
			'isOriginalItemImageUrl',
			'validateOriginalItemImages',
			'addressWidth',
			'PREFECTURES',
		]) {
			expect([name, typeof (input as Record<string, unknown>)[name]]).toEqual([name, name === 'PREFECTURES' ? 'object' : 'function']);
		}
	});

	it('runs the whole pipeline through the entry point', () => {
		const [order] = input.prepareOrdersFromItems(
			[
				{
					ec_order_no: 'X-1',
					shipping_zip_code: '１００－０００１',
					shipping_prefecture_name: '東京',
					shipping_municipalities: '千代田区',
					shipping_address1: '千代田１－１',
					shipping_full_name: 'テスト',
					shipping_phone_number: '03-0000-0000',
					sender_zip_code: '1000001',
					sender_prefecture_name: '東京都',
					sender_municipalities: '千代田区',
					sender_address1: '千代田1-1',
					sender_full_name: 'ショップ',
					sender_phone_number: '0300000000',
					sender_item_name: 'Tシャツ',
					line_item_code: 'OGB-910',
					line_quantity: 1,
					line_color: 'ホワイト',
					line_size: 'M',
					line_image_front_output_url: 'https://img.example.jp/a.png',
				},
			],
			'orderWithImage',
			{ defaults: { retailer_id: 2 } },
		);
		expect(order.problems).toEqual([]);
		expect(order.request).toMatchObject({
			retailer_id: 2,
			ec_order_no: 'X-1',
			ec_order_date: null,
			shipping_information: { zip_code: '1000001', prefecture_name: '東京都', address1: '千代田1-1', phone_number: '0300000000' },
			order_details: [{ ec_order_detail_no: '', item_code: 'OGB-910', image_urls: { values: [{ position: 'front', urls: [{ type: 'Output', url: 'https://img.example.jp/a.png' }] }] } }],
		});
	});
});
