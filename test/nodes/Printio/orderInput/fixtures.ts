import type { InputItem } from '../../../../nodes/Printio/orderInput/read/fromItem';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';

/** A shipping address that passes every rule (made-up person, real-looking Japanese address). */
export function shippingBlock() {
	return {
		zip_code: '1500002',
		prefecture_name: '東京都',
		municipalities: '渋谷区',
		address1: '渋谷2-21-1',
		address2: 'ヒカリエ8F',
		full_name: '山田 太郎',
		phone_number: '0312345678',
		mail_address: 'taro.yamada@example.jp',
	};
}

export function senderBlock() {
	return {
		zip_code: '5300001',
		prefecture_name: '大阪府',
		municipalities: '大阪市北区',
		address1: '梅田1-1-1',
		full_name: 'サンプル商店',
		phone_number: '0661234567',
		item_name: 'Tシャツ',
	};
}

export function byCodeOrder(): OrderDraft {
	return {
		retailer_id: 1,
		ec_order_no: 'EC-0001',
		ec_order_date: '2026-11-21',
		shipping_information: shippingBlock(),
		sender_information: senderBlock(),
		order_details: [
			{
				ec_order_detail_no: 'EC-0001-1',
				original_item_code: 't0100001',
				quantity: 1,
				color: 'ホワイト',
				size: 'M',
			},
		],
	};
}

export function withImageOrder(): OrderDraft {
	return {
		retailer_id: 1,
		ec_order_no: 'EC-0002',
		ec_order_date: null,
		shipping_information: shippingBlock(),
		sender_information: senderBlock(),
		order_details: [
			{
				ec_order_detail_no: '',
				item_code: 'OGB-910',
				quantity: 2,
				color: 'ブラック',
				size: 'L',
				image_urls: {
					values: [
						{
							position: 'front',
							urls: [
								{ type: 'Output', url: 'https://img.example.jp/front.png' },
								{ type: 'Thumbnail', url: 'https://img.example.jp/front-thumb.png' },
							],
						},
					],
				},
			},
		],
	};
}

/** A flat spreadsheet row for POST /order-by-code. */
export function byCodeRow(overrides: InputItem = {}): InputItem {
	return {
		ec_order_no: 'EC-0001',
		ec_order_date: '2026-11-21',
		shipping_zip_code: '150-0002',
		shipping_prefecture_name: '東京',
		shipping_municipalities: '渋谷区',
		shipping_address1: '渋谷２－２１－１',
		shipping_address2: '',
		shipping_full_name: '山田　太郎',
		shipping_phone_number: '03-1234-5678',
		shipping_mail_address: 'taro.yamada@example.jp',
		sender_zip_code: '530-0001',
		sender_prefecture_name: '大阪府',
		sender_municipalities: '大阪市北区',
		sender_address1: '梅田1-1-1',
		sender_full_name: 'サンプル商店',
		sender_phone_number: '06-6123-4567',
		sender_item_name: 'Tシャツ',
		line_original_item_code: 't0100001',
		line_quantity: '1',
		line_color: 'ホワイト',
		line_size: 'M',
		...overrides,
	};
}

/** The personal values of the fixtures, for the "never in a message" checks. */
export const PERSONAL_VALUES = [
	'山田',
	'太郎',
	'taro.yamada',
	'example.jp',
	'1234-5678',
	'12345678',
	'渋谷2-21-1',
	'ヒカリエ',
	'サンプル商店',
	'6123-4567',
	'梅田',
];
