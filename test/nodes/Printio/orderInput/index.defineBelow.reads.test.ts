/**
 * Define Below and the node's defaults as the read stage (readOrders) reads them, beyond
 * index.defineBelow.test.ts: a parameter missing from an older workflow or null reads as empty, the item index of the error
 * for lines JSON that is not a list, a line reads its own fields only and names its field in a problem, and the
 * credential's Shop Sender gives the Sender fields only.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

import {
	connectionWith as connection,
	parameterContext,
	readDefaults,
	readParameters,
} from '../orderRun/fakes';

const read = (
	parameters: IDataObject,
	operation: 'orderByCode' | 'orderWithImage' = 'orderByCode',
) => readParameters.call(parameterContext(parameters), 3, operation);

describe('Define Below: the row', () => {
	it('order and address parameters the workflow does not hold at all read as empty: no field, no block', () => {
		expect(read({ lines: { line: [{ originalItemCode: 't1', quantity: 1 }] } })).toStrictEqual({
			itemIndex: 3,
			order: { order_details: [{ original_item_code: 't1', quantity: 1 }] },
			problems: [],
		});
		expect(read({}, 'orderWithImage').order).toStrictEqual({ order_details: [] });
	});

	it('an order or address parameter whose expression gives null reads as empty, as one giving nothing does', () => {
		expect(
			read({
				ecOrderNo: null,
				shippingFullName: null,
				senderItemName: null,
				shippingZipCode: undefined,
			}),
		).toStrictEqual({ itemIndex: 3, order: { order_details: [] }, problems: [] });
	});

	it('lines JSON that is not a list fails the item it was read for', () => {
		expect(() => read({ linesInputMode: 'json', linesJson: '{"size":"M"}' })).toThrow(
			expect.objectContaining({
				message: 'Lines (JSON) must be an array of line objects',
				context: expect.objectContaining({ itemIndex: 3 }),
			}),
		);
	});

	it("a line reads its own fields only: an order or address parameter's name on a line entry is left out", () => {
		const lines = {
			line: [
				{
					originalItemCode: 't1',
					size: 'M',
					ecOrderNo: 'EC-9',
					shippingFullName: '山田 太郎',
					senderAddress1: '渋谷2-21-1',
					senderItemName: 'Tシャツ',
				},
			],
		};
		expect(read({ lines }).order.order_details).toStrictEqual([
			{ original_item_code: 't1', size: 'M' },
		]);
		const imageLines = {
			line: [
				{
					itemCode: 'OGB-910',
					color: 'ホワイト',
					ecOrderDate: '2026-11-26',
					shippingMunicipalities: '渋谷区',
				},
			],
		};
		expect(read({ lines: imageLines }, 'orderWithImage').order.order_details).toStrictEqual([
			{ item_code: 'OGB-910', color: 'ホワイト', image_urls: { values: [] } },
		]);
	});

	it("a line text field that is not text is reported by the line's index and field, and left out", () => {
		const lines = {
			line: [
				{ originalItemCode: 't1' },
				{ originalItemCode: 't2', color: { name: 'white' }, size: true },
			],
		};
		const { order, problems } = read({ lines });
		expect(order.order_details).toStrictEqual([
			{ original_item_code: 't1' },
			{ original_item_code: 't2' },
		]);
		expect(problems).toStrictEqual([
			{
				field: 'order_details[1].color',
				message: 'must be text',
				fix: 'Give order_details[1].color as text.',
				itemIndex: 3,
			},
			{
				field: 'order_details[1].size',
				message: 'must be text',
				fix: 'Give order_details[1].size as text.',
				itemIndex: 3,
			},
		]);
	});
});

describe("the node's defaults: the credential's Shop Sender", () => {
	const defaults = (credentials: ICredentialDataDecryptedObject) =>
		readDefaults.call(parameterContext({ options: {} }), 0, 'orderByCode', connection(credentials));

	it('gives the Sender fields only: other names in the credential are not read into the sender', () => {
		expect(
			defaults({ shopSender: true, shippingFullName: '山田 太郎', ecOrderNo: 'EC-1' }),
		).toStrictEqual({ retailer_id: 1 });
		expect(
			defaults({
				shopSender: true,
				senderFullName: 'Print Shop',
				shippingFullName: '山田 太郎',
				shippingZipCode: '1500002',
				ecOrderNo: 'EC-1',
			}),
		).toStrictEqual({
			retailer_id: 1,
			sender_information: { full_name: 'Print Shop' },
		});
	});
});
