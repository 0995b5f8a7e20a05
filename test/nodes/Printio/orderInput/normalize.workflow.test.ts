/**
 * Dates as shops send them, through n8n-core against the sandbox: Shopify's created_at as delivered, WooCommerce's
 * date_created without an offset (read in the workflow's time zone), the API Time Zone option, and a text that is
 * no date refused before sending with the accepted forms.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { sheetRow } from '../fixtures';
import { jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const autoMap = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options,
});
const sentDates = async () =>
	(await receivedRequests(sandbox()))
		.filter((request) => request.method === 'POST')
		.map((request) => [request.body!.ec_order_no, request.body!.ec_order_date]);

describe('Order › Create: ec_order_date as shops send it', () => {
	it("sends Shopify's created_at as its date in Japan and WooCommerce's date_created read in the workflow's zone", async () => {
		const rows = [
			sheetRow('DATE-1', { ec_order_date: '2025-03-08T14:27:51+09:00' }),
			sheetRow('DATE-2', { ec_order_date: '2025-03-08T20:27:51-05:00' }),
			sheetRow('DATE-3', { ec_order_date: '2025-03-08T23:30:00' }),
			sheetRow('DATE-4', { ec_order_date: '2025/03/08' }),
		];
		const out = jsonOf(
			await runPrintio(sandbox(), autoMap(), { input: rows, timezone: 'Europe/Berlin' }),
		);
		expect(out.every((order) => typeof order.order_no === 'string')).toBe(true);
		expect(await sentDates()).toEqual([
			['DATE-1', '2025-03-08'],
			['DATE-2', '2025-03-09'],
			['DATE-3', '2025-03-09'],
			['DATE-4', '2025-03-08'],
		]);
		expect(out[0].normalized).toEqual(
			expect.arrayContaining([{ field: 'ec_order_date', rule: 'timestampToApiDate' }]),
		);
	});

	it('the API Time Zone option decides whose calendar the date is of', async () => {
		jsonOf(
			await runPrintio(sandbox(), autoMap({ apiTimeZone: 'UTC' }), {
				input: [sheetRow('DATE-UTC', { ec_order_date: '2025-03-08T20:00:00Z' })],
			}),
		);
		expect(await sentDates()).toEqual([['DATE-UTC', '2025-03-08']]);
		const wrong = await runPrintio(sandbox(), autoMap({ apiTimeZone: 'Mars/Olympus' }), {
			input: [sheetRow('DATE-X')],
		});
		expect(wrong.error?.message).toBe('API Time Zone "Mars/Olympus" is not a known time zone');
	});

	it('a text that is no date is refused before sending, with the accepted forms', async () => {
		const result = await runPrintio(sandbox(), autoMap(), {
			input: [sheetRow('DATE-BAD', { ec_order_date: 'last Tuesday' })],
		});
		expect(result.error?.message).toBe(
			'Order "DATE-BAD" is invalid: ec_order_date (nothing was sent)',
		);
		expect(result.error?.description).toMatch(/2025-03-08T14:27:51\+09:00 \(Shopify created_at\)/);
		expect(result.error?.description).toMatch(
			/WooCommerce date_created, read in the workflow's time zone/,
		);
		// Only the catalog was read (to report a wrong colour in the same run); no order was sent.
		expect(
			(await receivedRequests(sandbox())).map((request) => `${request.method} ${request.path}`),
		).toEqual(['GET /original-items']);
	});
});

describe('Order › Create With Images: a shop timestamp in ec_order_date', () => {
	it('is sent as its date in Japan; free text stays as it is', async () => {
		const row = (ec: string, date: string): IDataObject => ({
			...sheetRow(ec, { ec_order_date: date }),
			line_original_item_code: undefined,
			line_item_code: 'MUG-410',
			line_size: '330ml',
			line_image_front_output_url: `${sandbox().url}/_sandbox/designs/2205x2756.png`,
		});
		const out = jsonOf(
			await runPrintio(
				sandbox(),
				{ ...autoMap({ designPreflight: false }), operation: 'createWithImages' },
				{ input: [row('IMG-DATE-1', '2025-03-08T23:59:59Z'), row('IMG-DATE-2', '3月8日')] },
			),
		);
		expect(out.every((order) => typeof order.order_no === 'string')).toBe(true);
		expect(await sentDates()).toEqual([
			['IMG-DATE-1', '2025-03-09'],
			['IMG-DATE-2', '3月8日'],
		]);
	});
});
