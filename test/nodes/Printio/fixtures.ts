import type { IDataObject, INodeParameters } from 'n8n-workflow';

/** Fictional people and addresses (personal data in shape only); tests assert none of it leaks. */
export const RECIPIENT = {
	FullName: '山田 太郎',
	ZipCode: '1500001',
	Prefecture: '東京都',
	Municipalities: '渋谷区',
	Address1: '神宮前1-2-3',
	Address2: 'テストビル101',
	PhoneNumber: '0312345678',
	MailAddress: 'taro.yamada@example.com',
};

export const SENDER = {
	FullName: 'サンプルショップ',
	ZipCode: '1000005',
	Prefecture: '東京都',
	Municipalities: '千代田区',
	Address1: '丸の内1-1-1',
	Address2: '',
	PhoneNumber: '0398765432',
	MailAddress: '',
};

export const PERSONAL_VALUES = [
	RECIPIENT.FullName,
	RECIPIENT.PhoneNumber,
	RECIPIENT.MailAddress,
	RECIPIENT.Address1,
	SENDER.PhoneNumber,
];

function prefixed(prefix: string, block: Record<string, string>): IDataObject {
	return Object.fromEntries(
		Object.entries(block).map(([key, value]) => [`${prefix}${key}`, value]),
	);
}

/** Order › Create with every field defined on the node. */
export function orderByCodeParameters(
	ecOrderNo: string,
	overrides: INodeParameters = {},
): INodeParameters {
	return {
		resource: 'order',
		operation: 'create',
		inputMode: 'defineBelow',
		ecOrderNo,
		...prefixed('shipping', RECIPIENT),
		...prefixed('sender', SENDER),
		senderItemName: '衣類',
		linesInputMode: 'fields',
		lines: {
			line: [
				{
					originalItemCode: 't0100001',
					color: 'ホワイト',
					size: 'M',
					quantity: 2,
					ecOrderDetailNo: '1',
				},
			],
		},
		options: {},
		...overrides,
	} as INodeParameters;
}

/** One spreadsheet row in the API's flat column names (the "Map Input Fields" mode). */
export function sheetRow(ecOrderNo: string, line: IDataObject = {}): IDataObject {
	return {
		ec_order_no: ecOrderNo,
		shipping_full_name: RECIPIENT.FullName,
		shipping_zip_code: '150-0001',
		shipping_prefecture_name: '東京',
		shipping_municipalities: RECIPIENT.Municipalities,
		shipping_address1: RECIPIENT.Address1,
		shipping_phone_number: '03-1234-5678',
		sender_full_name: SENDER.FullName,
		sender_zip_code: SENDER.ZipCode,
		sender_prefecture_name: SENDER.Prefecture,
		sender_municipalities: SENDER.Municipalities,
		sender_address1: SENDER.Address1,
		sender_phone_number: SENDER.PhoneNumber,
		sender_item_name: '衣類',
		line_original_item_code: 't0100001',
		line_color: 'ホワイト',
		line_size: 'M',
		line_quantity: 1,
		...line,
	};
}
