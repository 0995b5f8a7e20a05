/**
 * The seed: retailers, users, original items and a few past orders. Timestamps are fixed so that
 * `POST /_sandbox/reset` returns to exactly the same state every time.
 */
import type { AddressBlock, SenderInformation } from '../api/schema/types';

export interface RetailerSeed {
	id: number;
	name: string;
	key: string;
	unpaid?: boolean;
}

export const DEFAULT_RETAILERS: RetailerSeed[] = [
	{ id: 1, name: 'サンプルショップ', key: 'sandbox-key-retailer-1' },
	{ id: 2, name: 'テストストア', key: 'sandbox-key-retailer-2' },
];

export interface UserSeed {
	retailer_id: number;
	mail: string;
	user_id: number;
	team_id: number;
	team_name: string;
}

export const USERS: UserSeed[] = [
	{
		retailer_id: 1,
		mail: 'taro.yamada@example.com',
		user_id: 101,
		team_id: 11,
		team_name: 'デザインチーム',
	},
	{
		retailer_id: 1,
		mail: 'hanako.sato@example.com',
		user_id: 102,
		team_id: 11,
		team_name: 'デザインチーム',
	},
	{
		retailer_id: 2,
		mail: 'ichiro.suzuki@example.net',
		user_id: 201,
		team_id: 21,
		team_name: '運営チーム',
	},
];

export interface OriginalItemSeed {
	code: string;
	retailer_id: number;
	item_code: string;
	ec_original_item_code: string | null;
	name: string;
	created_at: string;
}

export const ORIGINAL_ITEMS: OriginalItemSeed[] = [
	{
		code: 't0100001',
		retailer_id: 1,
		item_code: 'OGB-910',
		ec_original_item_code: 'EC-TS-0001',
		name: '猫のイラストTシャツ',
		created_at: '2026-11-01 10:00:00',
	},
	{
		code: 't0100002',
		retailer_id: 1,
		item_code: 'PKB-110',
		ec_original_item_code: 'EC-HD-0001',
		name: 'ロゴパーカー',
		created_at: '2026-11-02 11:30:00',
	},
	{
		code: 't0100003',
		retailer_id: 1,
		item_code: 'MUG-410',
		ec_original_item_code: null,
		name: '富士山マグカップ',
		created_at: '2026-11-03 09:15:00',
	},
	{
		code: 't0100004',
		retailer_id: 1,
		item_code: 'BAG-310',
		ec_original_item_code: 'EC-BG-0001',
		name: 'ショップロゴトート',
		created_at: '2026-11-04 14:45:00',
	},
	{
		code: 't0100005',
		retailer_id: 1,
		item_code: 'BAG-320',
		ec_original_item_code: 'EC-BG-0002',
		name: '限定サコッシュ',
		created_at: '2026-11-05 16:20:00',
	},
	{
		code: 't0100006',
		retailer_id: 2,
		item_code: 'OGB-920',
		ec_original_item_code: 'R2-TEE-01',
		name: 'ストア2 ロゴTシャツ',
		created_at: '2026-11-06 12:00:00',
	},
];
export const FIRST_FREE_ORIGINAL_ITEM_SEQ = 100007;

/** Fictitious people and places (example.com mail, 03-0000 style phone numbers). */
export const addressTokyo: AddressBlock = {
	zip_code: '1500001',
	prefecture_name: '東京都',
	municipalities: '渋谷区神宮前',
	address1: '1-2-3',
	address2: 'サンプルビル101',
	full_name: '山田 太郎',
	phone_number: '0300000001',
	mail_address: 'taro.yamada@example.com',
};

export const addressOsaka: AddressBlock = {
	zip_code: '5300001',
	prefecture_name: '大阪府',
	municipalities: '大阪市北区梅田',
	address1: '4-5-6',
	full_name: '佐藤 花子',
	phone_number: '0600000002',
	mail_address: null,
};

export const senderShop: SenderInformation = {
	zip_code: '1000005',
	prefecture_name: '東京都',
	municipalities: '千代田区丸の内',
	address1: '7-8-9',
	full_name: 'サンプルショップ',
	phone_number: '0300000009',
	mail_address: 'shop@example.com',
	item_name: '衣類',
};

export interface OrderSeedLine {
	original_item_code: string;
	color: string;
	size: string;
	quantity: number;
	ec_order_detail_no: string | null;
}

export interface OrderSeed {
	retailer_id: number;
	ec_order_no: string;
	ec_order_date: string | null;
	created_at: string;
	multi: boolean;
	shipping_information: AddressBlock;
	ec_optional_information: string | null;
	lines: OrderSeedLine[];
	/** status history per shipment (in shipment order): [status_id, changed_at][] after the initial 1 */
	history: Array<Array<[number, string]>>;
}

export const ORDERS: OrderSeed[] = [
	{
		retailer_id: 1,
		ec_order_no: 'EC-20261110-0001',
		ec_order_date: '2026-11-10',
		created_at: '2026-11-10 09:00:00',
		multi: false,
		shipping_information: addressTokyo,
		ec_optional_information: 'ギフト包装あり',
		lines: [
			{
				original_item_code: 't0100001',
				color: 'ホワイト',
				size: 'M',
				quantity: 2,
				ec_order_detail_no: '1',
			},
		],
		history: [
			[
				[2, '2026-11-10 12:00:00'],
				[3, '2026-11-11 10:00:00'],
				[4, '2026-11-12 15:00:00'],
				[5, '2026-11-13 11:00:00'],
			],
		],
	},
	{
		retailer_id: 1,
		ec_order_no: 'EC-20261112-0002',
		ec_order_date: '2026-11-12',
		created_at: '2026-11-12 10:30:00',
		multi: false,
		shipping_information: addressOsaka,
		ec_optional_information: null,
		lines: [
			{
				original_item_code: 't0100002',
				color: 'ブラック',
				size: 'L',
				quantity: 1,
				ec_order_detail_no: '1',
			},
		],
		history: [
			[
				[2, '2026-11-12 13:00:00'],
				[3, '2026-11-13 09:00:00'],
			],
		],
	},
	{
		retailer_id: 1,
		ec_order_no: 'EC-20261114-0003',
		ec_order_date: '2026-11-14',
		created_at: '2026-11-14 18:05:00',
		multi: false,
		shipping_information: addressTokyo,
		ec_optional_information: null,
		lines: [
			{
				original_item_code: 't0100004',
				color: 'ナチュラル',
				size: 'F',
				quantity: 3,
				ec_order_detail_no: null,
			},
		],
		history: [[[9, '2026-11-15 08:00:00']]],
	},
	{
		retailer_id: 1,
		ec_order_no: 'EC-20261118-0004',
		ec_order_date: '2026-11-18',
		created_at: '2026-11-18 20:10:00',
		multi: true,
		shipping_information: addressOsaka,
		ec_optional_information: '{"campaign":"autumn"}',
		lines: [
			{
				original_item_code: 't0100001',
				color: 'ブラック',
				size: 'L',
				quantity: 1,
				ec_order_detail_no: '1',
			},
			{
				original_item_code: 't0100003',
				color: 'ホワイト',
				size: '330ml',
				quantity: 2,
				ec_order_detail_no: '2',
			},
		],
		// The T-shirt shipment is in production, the mug shipment has shipped.
		history: [
			[
				[2, '2026-11-19 09:00:00'],
				[3, '2026-11-19 15:00:00'],
			],
			[
				[2, '2026-11-19 09:00:00'],
				[3, '2026-11-19 15:00:00'],
				[4, '2026-11-20 10:00:00'],
				[5, '2026-11-20 17:00:00'],
			],
		],
	},
	{
		retailer_id: 1,
		ec_order_no: 'EC-20261120-0005',
		ec_order_date: '2026-11-20',
		created_at: '2026-11-20 21:45:00',
		multi: false,
		shipping_information: addressTokyo,
		ec_optional_information: null,
		lines: [
			{
				original_item_code: 't0100001',
				color: 'ネイビー',
				size: 'S',
				quantity: 1,
				ec_order_detail_no: '1',
			},
		],
		history: [[]],
	},
	{
		retailer_id: 2,
		ec_order_no: 'R2-ORDER-0001',
		ec_order_date: '2026-11-16',
		created_at: '2026-11-16 11:00:00',
		multi: false,
		shipping_information: addressOsaka,
		ec_optional_information: null,
		lines: [
			{
				original_item_code: 't0100006',
				color: 'ホワイト',
				size: 'M',
				quantity: 1,
				ec_order_detail_no: '1',
			},
		],
		history: [[[2, '2026-11-16 15:00:00']]],
	},
];
