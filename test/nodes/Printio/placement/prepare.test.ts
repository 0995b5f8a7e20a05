/**
 * The prepare stage (prepareOrders) over what the read stage gives, as the node builds the orders before the catalog
 * match: rows read from items (Map Columns) grouped, normalised, filled from the node's defaults, checked against the
 * address policy, validated and built; one draft defined on the node; and no personal value in a problem or change.
 */
import type { OrderByCodeRequest } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, byCodeRow, PERSONAL_VALUES, senderBlock } from '../orderInput/fixtures';
import { preparedAndBuilt as prepareOrders, draftRow, rowsFromItems } from '../orderRun/fakes';

const SENDER_COLUMNS = {
	sender_zip_code: undefined,
	sender_prefecture_name: undefined,
	sender_municipalities: undefined,
	sender_address1: undefined,
	sender_full_name: undefined,
	sender_phone_number: undefined,
	sender_item_name: undefined,
};

describe('prepareOrders of rows read from items (Map Columns)', () => {
	it('turns a messy spreadsheet into clean order-by-code requests, grouped by ec_order_no', () => {
		const rows = [
			byCodeRow({ ec_order_no: 'A-1', line_color: 'ﾎﾜｲﾄ', line_quantity: '２' }),
			byCodeRow({
				ec_order_no: 'B-1',
				shipping_zip_code: '〒５３０－０００１',
				shipping_prefecture_name: '大阪',
				line_size: 'Ｌ',
			}),
			// Second line of A-1: the sheet leaves the address empty on follow-up rows.
			{
				ec_order_no: 'A-1',
				line_original_item_code: 'ｔ０１００００２',
				line_quantity: 1,
				line_color: 'ブラック',
				line_size: 'S',
			},
		];
		const prepared = prepareOrders(rowsFromItems(rows, 'orderByCode'), 'orderByCode', {
			groupByEcOrderNo: true,
			multiItemOrder: true,
			defaults: { retailer_id: 1 },
		});
		expect(prepared.map((p) => [p.ecOrderNo, p.itemIndexes, p.problems])).toEqual([
			['A-1', [0, 2], []],
			['B-1', [1], []],
		]);
		const a = prepared[0].request as OrderByCodeRequest;
		expect(a).toEqual({
			retailer_id: 1,
			ec_order_no: 'A-1',
			ec_order_date: '2026-11-21',
			shipping_information: {
				zip_code: '1500002',
				prefecture_name: '東京都',
				municipalities: '渋谷区',
				address1: '渋谷2-21-1',
				full_name: '山田 太郎',
				phone_number: '0312345678',
				mail_address: 'taro.yamada@example.jp',
			},
			sender_information: {
				...senderBlock(),
				address2: undefined,
				phone_number: '0661234567',
				zip_code: '5300001',
			},
			order_details: [
				{ original_item_code: 't0100001', quantity: 2, color: 'ホワイト', size: 'M' },
				{ original_item_code: 't0100002', quantity: 1, color: 'ブラック', size: 'S' },
			],
		});
		expect(a.sender_information).not.toHaveProperty('address2');
		const b = prepared[1].request as OrderByCodeRequest;
		expect(b.shipping_information.zip_code).toBe('5300001');
		expect(b.shipping_information.prefecture_name).toBe('大阪府');
		expect(b.order_details[0].size).toBe('L');
		expect(prepared[0].changes).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					field: 'order_details[0].color',
					rule: 'halfWidthKanaToFullWidth',
					itemIndex: 0,
				}),
				expect.objectContaining({
					field: 'order_details[1].original_item_code',
					rule: 'fullWidthToHalfWidth',
					itemIndex: 2,
				}),
				expect.objectContaining({
					field: 'shipping_information.prefecture_name',
					rule: 'prefectureCompleted',
					itemIndex: 0,
				}),
			]),
		);
	});

	it('without grouping, makes one order per item', () => {
		const prepared = prepareOrders(
			rowsFromItems([byCodeRow(), byCodeRow()], 'orderByCode'),
			'orderByCode',
			{ defaults: { retailer_id: 1 } },
		);
		expect(prepared.map((p) => p.itemIndexes)).toEqual([[0], [1]]);
		expect(prepared.every((p) => p.request !== undefined)).toBe(true);
	});

	it('gives an order with problems no request and attributes line problems to their row', () => {
		const rows = [
			byCodeRow({ ec_order_no: 'A' }),
			byCodeRow({ ec_order_no: 'A', line_quantity: '0' }),
			byCodeRow({ ec_order_no: 'A', line_quantity: '1.5' }),
		];
		const [order] = prepareOrders(rowsFromItems(rows, 'orderByCode'), 'orderByCode', {
			groupByEcOrderNo: true,
			defaults: { retailer_id: 1 },
		});
		expect(order.request).toBeUndefined();
		expect(order.problems.map((p) => [p.field, p.itemIndex, p.message])).toEqual([
			['order_details[1].quantity', 1, 'must be at least 1'],
			['order_details[2].quantity', 2, 'must be a whole number, not a fraction'],
		]);
	});

	it('shifts row-relative paths of mapping problems to the line position in the group', () => {
		const rows = [
			byCodeRow({ ec_order_no: 'A' }),
			byCodeRow({ ec_order_no: 'A', line_color: ['x'] }),
		];
		const [order] = prepareOrders(rowsFromItems(rows, 'orderByCode'), 'orderByCode', {
			groupByEcOrderNo: true,
			defaults: { retailer_id: 1 },
		});
		expect(order.problems.map((p) => [p.field, p.itemIndex])).toEqual([
			['order_details[1].color', 1],
		]);
	});

	it('reports a zip code that lost its leading 0 once, with the spreadsheet hint', () => {
		const [order] = prepareOrders(
			rowsFromItems([byCodeRow({ shipping_zip_code: 600000 })], 'orderByCode'),
			'orderByCode',
			{ defaults: { retailer_id: 1 } },
		);
		expect(order.problems).toEqual([
			expect.objectContaining({
				field: 'shipping_information.zip_code',
				itemIndex: 0,
				message: expect.stringContaining('leading 0'),
			}),
		]);
	});

	it('reports rows of one order that disagree', () => {
		const rows = [
			byCodeRow({ ec_order_no: 'A' }),
			byCodeRow({ ec_order_no: 'A', shipping_phone_number: '03-9999-0000' }),
		];
		const [order] = prepareOrders(rowsFromItems(rows, 'orderByCode'), 'orderByCode', {
			groupByEcOrderNo: true,
			defaults: { retailer_id: 1 },
		});
		expect(order.request).toBeUndefined();
		expect(order.problems.map((p) => [p.field, p.itemIndex])).toEqual([
			['shipping_information.phone_number', 1],
		]);
	});

	it('does not see a conflict where only normalisation differs', () => {
		const rows = [
			byCodeRow({ ec_order_no: 'A' }),
			byCodeRow({
				ec_order_no: 'A',
				shipping_zip_code: '１５０－０００２',
				shipping_prefecture_name: '東京都',
				shipping_phone_number: '+81 3-1234-5678',
			}),
		];
		const [order] = prepareOrders(rowsFromItems(rows, 'orderByCode'), 'orderByCode', {
			groupByEcOrderNo: true,
			defaults: { retailer_id: 1 },
		});
		expect(order.problems).toEqual([]);
	});

	it('uses a default sender only when the item gives none, and cleans the defaults too', () => {
		const defaults = {
			retailer_id: 1,
			sender_information: { ...senderBlock(), phone_number: '06-6123-4567' },
		};
		const [fromDefault] = prepareOrders(
			rowsFromItems([byCodeRow(SENDER_COLUMNS)], 'orderByCode'),
			'orderByCode',
			{ defaults },
		);
		expect(fromDefault.problems).toEqual([]);
		expect((fromDefault.request as OrderByCodeRequest).sender_information.phone_number).toBe(
			'0661234567',
		);
		const [own] = prepareOrders(
			rowsFromItems([byCodeRow({ ...SENDER_COLUMNS, sender_full_name: 'x' })], 'orderByCode'),
			'orderByCode',
			{ defaults },
		);
		expect(own.problems.map((p) => p.field)).toContain('sender_information.zip_code');
	});

	it('with normalisation off, sends nothing that breaks a rule', () => {
		const [order] = prepareOrders(rowsFromItems([byCodeRow()], 'orderByCode'), 'orderByCode', {
			normalize: false,
			defaults: { retailer_id: 1 },
		});
		expect(order.request).toBeUndefined();
		expect(order.changes).toEqual([]);
		expect(order.problems.map((p) => p.field)).toEqual([
			'shipping_information.zip_code',
			'shipping_information.prefecture_name',
			'shipping_information.phone_number',
			'sender_information.zip_code',
			'sender_information.phone_number',
		]);
	});

	it.each([
		['fail', false, undefined],
		['carryToAddress2', true, 'addressCarriedToAddress2'],
		['sendAsIs', true, 'addressOverflowSentAsIs'],
	] as const)('address overflow policy %s', (policy, sent, rule) => {
		const row = byCodeRow({
			shipping_address1: '渋谷二丁目２１番１号　渋谷ヒカリエタワー',
			shipping_address2: '８階',
		});
		const [order] = prepareOrders(rowsFromItems([row], 'orderByCode'), 'orderByCode', {
			addressOverflow: policy,
			defaults: { retailer_id: 1 },
		});
		expect(order.request !== undefined).toBe(sent);
		if (rule) expect(order.changes.map((c) => c.rule)).toContain(rule);
		if (policy === 'carryToAddress2') {
			expect((order.request as OrderByCodeRequest).shipping_information).toMatchObject({
				address1: '渋谷二丁目21番1号',
				address2: '渋谷ヒカリエタワー8階',
			});
		}
	});

	it('reports fields of the other operation as ignored', () => {
		const [order] = prepareOrders(
			rowsFromItems([byCodeRow({ line_item_code: 'X' })], 'orderWithImage'),
			'orderWithImage',
			{ defaults: { retailer_id: 1 } },
		);
		expect(order.ignoredFields).toEqual(['line_original_item_code']);
	});
});

describe('prepareOrders of one draft (fields defined on the node)', () => {
	it('normalises and validates a request-shaped order', () => {
		const draft = byCodeOrder();
		draft.shipping_information = {
			...draft.shipping_information,
			zip_code: '150-0002',
			prefecture_name: '東京',
		};
		const prepared = prepareOrders(draftRow(draft, 3), 'orderByCode')[0];
		expect(prepared.itemIndexes).toEqual([3]);
		expect(prepared.problems).toEqual([]);
		expect(prepared.request?.shipping_information.zip_code).toBe('1500002');
		expect(prepared.changes.every((c) => c.itemIndex === 3)).toBe(true);
	});

	it('attributes problems to its item', () => {
		const prepared = prepareOrders(
			draftRow({ ...byCodeOrder(), ec_order_no: '' }, 5),
			'orderByCode',
		)[0];
		expect(prepared.problems).toEqual([
			expect.objectContaining({ field: 'ec_order_no', itemIndex: 5 }),
		]);
	});
});

describe('personal data never reaches a problem or change text', () => {
	const secrets = {
		name: 'Kazuhiko Secretname',
		nameJa: '秘密野　花子',
		zip: '12-345',
		phone: '0120-999-88877766554433',
		mail: 'secret.person@@nowhere',
		address1: '秘密町一丁目二番三号　極秘レジデンス九百九十九号室',
		address2: 'ＳＥＣＲＥＴ　ＢＵＩＬＤＩＮＧ　ＮＵＭＢＥＲ　ＯＮＥ',
		municipalities: '秘密市秘密区',
		prefecture: '秘密県ではない',
		itemName: '秘密の品物',
	};
	const values = Object.values(secrets).flatMap((value) => [
		value,
		value.normalize('NFKC'),
		value.replace(/\s|　/g, ''),
	]);

	function assertClean(text: string) {
		for (const value of [...values, ...PERSONAL_VALUES]) expect(text).not.toContain(value);
		// Longer fragments of the values must not leak either (e.g. a cut-off part of an address).
		for (const value of values) {
			for (let i = 0; i + 6 <= value.length; i += 3)
				expect(text).not.toContain(value.slice(i, i + 6));
		}
	}

	it.each([['fail'], ['carryToAddress2'], ['sendAsIs']] as const)('policy %s', (policy) => {
		const row = {
			ec_order_no: 'S-1',
			shipping_zip_code: secrets.zip,
			shipping_prefecture_name: secrets.prefecture,
			shipping_municipalities: secrets.municipalities,
			shipping_address1: secrets.address1,
			shipping_address2: secrets.address2,
			shipping_full_name: secrets.nameJa,
			shipping_phone_number: secrets.phone,
			shipping_mail_address: secrets.mail,
			sender_zip_code: 12345,
			sender_phone_number: 312345678,
			sender_full_name: secrets.name,
			sender_item_name: secrets.itemName,
			sender_mail_address: secrets.mail,
			line_quantity: 'many',
		};
		const conflicting = {
			...row,
			shipping_full_name: '別の人　名前',
			sender_item_name: '別の品物の名前',
		};
		for (const normalize of [true, false]) {
			const prepared = prepareOrders(
				rowsFromItems([row, conflicting], 'orderByCode'),
				'orderByCode',
				{ groupByEcOrderNo: true, normalize, addressOverflow: policy },
			);
			expect(prepared[0].problems.length).toBeGreaterThan(10);
			assertClean(JSON.stringify(prepared[0].problems));
			assertClean(JSON.stringify(prepared[0].changes));
			assertClean(JSON.stringify(prepared[0].ignoredFields));
			expect(JSON.stringify(prepared[0].problems)).not.toContain('別の');
		}
	});
});
