/**
 * Every problem of every order in one run (issue 37), through n8n-core against the sandbox: a batch whose orders
 * have different mistakes, shape (zip, phone, quantity) and catalog (colour, size) alike, reports all of them in
 * one error, each under its order and item index, each field as the form shows it with its fix, and sends no order.
 * With Continue On Fail each invalid item carries all of its own problems. The newcomer's case, a 6-digit zip and
 * an unknown colour in one order typed on the form, takes one run.
 */
import type { IDataObject } from 'n8n-workflow';

import { scanForSecrets } from '../../../harness';
import { orderByCodeParameters, PERSONAL_VALUES, sheetRow } from '../fixtures';
import { jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const autoMap = { resource: 'order', operation: 'create', inputMode: 'autoMap', options: {} };
const orderPosts = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);

/** Three orders, five different mistakes: a 6-digit zip and an unknown colour; a short phone and an unknown size; a quantity of 0. */
const BATCH = [
	sheetRow('MIX-1', { shipping_zip_code: '150000', line_color: 'ゴールド' }),
	sheetRow('MIX-2', { shipping_phone_number: '0312', line_size: 'XS' }),
	sheetRow('MIX-3', { line_quantity: 0 }),
];

describe('one run reports every problem of every order', () => {
	it('a batch of 3 orders with 5 different mistakes: one error names all of them, and no order is sent', async () => {
		const result = await runPrintio(sandbox(), autoMap, { input: BATCH });
		expect(result.error?.message).toBe(
			'3 orders are invalid (nothing was sent): Order "MIX-1": shipping_information.zip_code, order_details[0].color; ' +
				'Order "MIX-2": shipping_information.phone_number, order_details[0].size; Order "MIX-3": order_details[0].quantity',
		);
		expect(result.error?.description).toBe(
			[
				'Order "MIX-1" (item index 0):',
				'- Recipient Zip Code (shipping_information.zip_code): must be 7 digits (has 6). Give all 7 digits. If the zip code starts with 0, a spreadsheet may have dropped that leading 0 when it stored the code as a number: format the column as text and enter the code again.',
				'- Lines › Color Name or ID (order_details[0].color): "ゴールド" is not one of the colours of original item t0100001 (item OGB-910). Use one of: ホワイト (White), ブラック (Black), ネイビー (Navy), ヘザーグレー (Heather Grey).',
				'Order "MIX-2" (item index 1):',
				'- Recipient Phone Number (shipping_information.phone_number): must have 10 to 15 digits (has 4). Give the phone number with its area code, 10 to 15 digits.',
				'- Lines › Size Name or ID (order_details[0].size): "XS" is not one of the sizes of original item t0100001 (item OGB-910). Use one of: S, M, L, XL, XXL.',
				'Order "MIX-3" (item index 2):',
				'- Lines › Quantity (order_details[0].quantity): must be at least 1. Give the number of pieces as a whole number of at least 1.',
			].join('\n'),
		);
		expect((result.error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(0);
		// The catalog was read once (the three orders share their original item); nothing else, no order sent.
		expect(
			(await receivedRequests(sandbox())).map((request) => `${request.method} ${request.path}`),
		).toEqual(['GET /original-items']);
		expect(await orderPosts()).toEqual([]);
		expect(scanForSecrets(result.error, PERSONAL_VALUES)).toEqual([]);
	});

	it('with Continue On Fail, each invalid item carries all of its own problems, and the valid one is placed', async () => {
		const rows = [...BATCH, sheetRow('MIX-4')];
		const out = jsonOf(await runPrintio(sandbox(), autoMap, { input: rows, continueOnFail: true }));
		const fieldsOf = (order: IDataObject) =>
			(order.problems as IDataObject[]).map((problem) => [
				problem.field,
				problem.label,
				problem.itemIndex,
			]);
		expect(fieldsOf(out[0])).toEqual([
			['shipping_information.zip_code', 'Recipient Zip Code', 0],
			['order_details[0].color', 'Lines › Color Name or ID', 0],
		]);
		expect(fieldsOf(out[1])).toEqual([
			['shipping_information.phone_number', 'Recipient Phone Number', 1],
			['order_details[0].size', 'Lines › Size Name or ID', 1],
		]);
		expect(fieldsOf(out[2])).toEqual([['order_details[0].quantity', 'Lines › Quantity', 2]]);
		expect(out[0].error).toBe(
			'Order "MIX-1" is invalid: shipping_information.zip_code, order_details[0].color (nothing was sent)',
		);
		expect(typeof out[3].order_no).toBe('string');
		expect((await orderPosts()).map((request) => request.body!.ec_order_no)).toEqual(['MIX-4']);
	});

	it("the newcomer's order on the form, a 6-digit zip and an unknown colour: one run names both, nothing is sent", async () => {
		const result = await runPrintio(
			sandbox(),
			orderByCodeParameters('WEB-1001', {
				shippingZipCode: '150000',
				lines: {
					line: [{ originalItemCode: 't0100001', color: 'ゴールド', size: 'M', quantity: 1 }],
				},
			}),
		);
		expect(result.error?.message).toBe(
			'Order "WEB-1001" is invalid: shipping_information.zip_code, order_details[0].color (nothing was sent)',
		);
		expect(result.error?.description).toMatch(
			/^Recipient Zip Code \(shipping_information\.zip_code\): must be 7 digits \(has 6\)\..*\nLines › Color Name or ID \(order_details\[0\]\.color\): "ゴールド" is not one of the colours/,
		);
		expect(await orderPosts()).toEqual([]);
	});

	it('Validate Only shows the same problems per order, and sends nothing', async () => {
		const out = jsonOf(
			await runPrintio(
				sandbox(),
				{ ...autoMap, options: { validateOnly: true } },
				{ input: BATCH },
			),
		);
		expect(
			out.map((order) => (order.problems as IDataObject[]).map((problem) => problem.field)),
		).toEqual([
			['shipping_information.zip_code', 'order_details[0].color'],
			['shipping_information.phone_number', 'order_details[0].size'],
			['order_details[0].quantity'],
		]);
		expect(await orderPosts()).toEqual([]);
	});
});
