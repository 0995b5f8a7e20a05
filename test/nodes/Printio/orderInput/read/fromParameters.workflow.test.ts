/**
 * The shop's sender once: the credential's Shop Sender is used for every order that gives no sender of its own;
 * the order's own sender (Define Below's Sender fields, or the item's sender columns) wins, as a whole; a
 * missing part is reported naming the field as the credential's form shows it; its values never reach a
 * message. Through n8n-core against the sandbox.
 */
import type { IDataObject } from 'n8n-workflow';

import { SHOP_SENDER_FIELDS } from '../../../../../credentials/PrintioApi.credentials';
import { fieldsOf, formLabel } from '../../../../../nodes/Printio/orderInput/fields';
import { scanForSecrets } from '../../../../harness';
import { orderByCodeParameters, SENDER, sheetRow } from '../../fixtures';
import {
	credentialsFor,
	jsonOf,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

/** A made-up shop (personal data in shape only): none of it may reach a message. */
const SHOP = {
	senderFullName: 'ひみつ雑貨店 店主',
	senderZipCode: '〒６５０－００４６',
	senderPrefecture: 'Hyogo',
	senderMunicipalities: '神戸市中央区',
	senderAddress1: '港島中町9-8-7',
	senderAddress2: 'ヒミツビル3F',
	senderPhoneNumber: '+81 78-987-6543',
	senderMailAddress: 'owner@himitsu-zakka.example',
	senderItemName: '雑貨',
};
const SHOP_VALUES = [
	'ひみつ雑貨店',
	'6500046',
	'６５０－００４６',
	'神戸市中央区',
	'港島中町',
	'ヒミツビル',
	'0789876543',
	'78-987-6543',
	'himitsu',
	'雑貨',
];

/** The shop's sender as it is sent: normalised (zip digits, prefecture in Japanese, domestic phone). */
const SHOP_SENT = {
	zip_code: '6500046',
	prefecture_name: '兵庫県',
	municipalities: '神戸市中央区',
	address1: '港島中町9-8-7',
	address2: 'ヒミツビル3F',
	full_name: 'ひみつ雑貨店 店主',
	phone_number: '0789876543',
	mail_address: 'owner@himitsu-zakka.example',
	item_name: '雑貨',
};

const NO_SENDER = Object.fromEntries(SHOP_SENDER_FIELDS.map(([name]) => [name, '']));

function withShop(shop: IDataObject = SHOP): IDataObject {
	return { ...credentialsFor(sandbox()), shopSender: true, ...shop };
}

const placements = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);

function assertNoShopData(value: unknown): void {
	expect(scanForSecrets(value, SHOP_VALUES)).toEqual([]);
}

describe("Order › Create: the credential's Shop Sender", () => {
	it('the credential names its sender fields as the order form does', () => {
		const senderFields = fieldsOf('orderByCode').filter(
			(field) => field.part === 'sender_information',
		);
		expect(SHOP_SENDER_FIELDS.map(([name, label]) => [name, label])).toEqual(
			senderFields.map((field) => [field.parameter, formLabel(field)]),
		);
	});

	it("places an order that gives no sender with the credential's sender, normalised", async () => {
		const result = await runPrintio(sandbox(), orderByCodeParameters('SENDER-1', NO_SENDER), {
			credentials: withShop(),
		});
		const [order] = jsonOf(result);
		expect(order).toMatchObject({ ec_order_no: 'SENDER-1', status_code: 0 });
		const [placement] = await placements();
		expect((placement.body as IDataObject).sender_information).toEqual(SHOP_SENT);
		// What normalisation did to the credential's values is reported by field and rule, never with the values.
		expect(order.normalized).toEqual(
			expect.arrayContaining([
				{ field: 'sender_information.zip_code', rule: 'zipCodeDigitsOnly' },
				{ field: 'sender_information.prefecture_name', rule: 'prefectureRomanized' },
				{ field: 'sender_information.phone_number', rule: 'countryCodeToDomestic' },
			]),
		);
		assertNoShopData(order);
	});

	it("an order's own sender on the node wins, whole: nothing of the credential's is mixed in", async () => {
		const result = await runPrintio(sandbox(), orderByCodeParameters('SENDER-2'), {
			credentials: withShop(),
		});
		expect(jsonOf(result)[0]).toMatchObject({ ec_order_no: 'SENDER-2', status_code: 0 });
		const [placement] = await placements();
		// The node's sender as given (no address line 2 or mail), though the credential's has both.
		expect((placement.body as IDataObject).sender_information).toEqual({
			zip_code: SENDER.ZipCode,
			prefecture_name: SENDER.Prefecture,
			municipalities: SENDER.Municipalities,
			address1: SENDER.Address1,
			full_name: SENDER.FullName,
			phone_number: SENDER.PhoneNumber,
			item_name: '衣類',
		});
	});

	it("keeps the order's own goods description with the credential's sender address", async () => {
		await runPrintio(
			sandbox(),
			orderByCodeParameters('SENDER-3', { ...NO_SENDER, senderItemName: 'Tシャツ' }),
			{ credentials: withShop() },
		);
		const [placement] = await placements();
		expect((placement.body as IDataObject).sender_information).toEqual({
			...SHOP_SENT,
			item_name: 'Tシャツ',
		});
	});

	it("Map Columns: the item's sender columns win over the credential's; an item without them gets the shop's", async () => {
		const parameters = {
			resource: 'order',
			operation: 'create',
			inputMode: 'autoMap',
			columns: { mappingMode: 'autoMapInputData', value: null },
			options: {},
		};
		const withoutSender = Object.fromEntries(
			Object.entries(sheetRow('SENDER-5')).filter(([key]) => !key.startsWith('sender_')),
		);
		const result = await runPrintio(sandbox(), parameters, {
			input: [{ json: sheetRow('SENDER-4') }, { json: withoutSender }],
			credentials: withShop(),
		});
		expect(jsonOf(result).map((order) => order.status_code)).toEqual([0, 0]);
		const bodies = (await placements()).map((placement) => placement.body as IDataObject);
		const byNo = Object.fromEntries(
			bodies.map((body) => [body.ec_order_no, body.sender_information]),
		);
		expect(byNo['SENDER-4']).toMatchObject({
			full_name: 'サンプルショップ',
			zip_code: '1000005',
			item_name: '衣類',
		});
		expect(byNo['SENDER-4']).not.toHaveProperty('mail_address');
		expect(byNo['SENDER-5']).toEqual(SHOP_SENT);
	});

	it("with Shop Sender off, the credential's sender is not used, and the error says where to give one", async () => {
		const credentials = { ...withShop(), shopSender: false };
		const result = await runPrintio(sandbox(), orderByCodeParameters('SENDER-6', NO_SENDER), {
			credentials,
		});
		expect(result.error?.message).toBe(
			'Order "SENDER-6" is invalid: sender_information (nothing was sent)',
		);
		expect(String((result.error as { description?: string }).description)).toContain(
			'Printio credential (Shop Sender)',
		);
		expect(await placements()).toEqual([]);
	});

	it("a missing part of the credential's sender is reported naming the credential's field; no shop data in any message", async () => {
		const partial = { ...SHOP, senderPhoneNumber: '', senderMunicipalities: '  ' };
		const result = await runPrintio(sandbox(), orderByCodeParameters('SENDER-7', NO_SENDER), {
			credentials: withShop(partial),
		});
		const error = result.error as Error & { description?: string };
		expect(error.message).toBe(
			'Order "SENDER-7" is invalid: sender_information.municipalities, sender_information.phone_number (nothing was sent)',
		);
		const lines = String(error.description).split('\n');
		for (const label of ['Sender Municipality', 'Sender Phone Number']) {
			const line = lines.find((entry) => entry.startsWith(`${label} (`));
			expect(line).toContain(
				`the Shop Sender of the Printio credential is used: set ${label} there`,
			);
		}
		expect(await placements()).toEqual([]);
		assertNoShopData({
			message: error.message,
			description: error.description,
			items: result.items,
			runData: result.runData,
		});
	});

	it('with Continue On Fail, the failed order carries its problems without shop data', async () => {
		const result = await runPrintio(sandbox(), orderByCodeParameters('SENDER-8', NO_SENDER), {
			credentials: withShop({ ...SHOP, senderZipCode: '65-46' }),
			continueOnFail: true,
		});
		const [item] = jsonOf(result);
		expect((item.problems as IDataObject[]).map((problem) => problem.field)).toEqual([
			'sender_information.zip_code',
		]);
		expect(JSON.stringify(item)).toContain('set Sender Zip Code there');
		assertNoShopData(item);
		expect(scanForSecrets(item, ['65-46', '6546'])).toEqual([]);
	});
});
