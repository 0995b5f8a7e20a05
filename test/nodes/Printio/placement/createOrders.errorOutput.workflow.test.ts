/**
 * Order › Create (and Create With Images) under n8n's On Error › "Continue (using error output)", through n8n-core:
 * every failed order goes to the error output (the node's second output) with its reason and paired input item,
 * every placed order to the success output; nothing is lost and nothing is placed twice. n8n routes an item by the
 * error it carries and then keeps only its message as `json.error` (n8n 2.x; the input item's fields are merged
 * back in a workflow): the reason must be in that message, the rest is on the item's `error`.
 */
import type { INodeParameters } from 'n8n-workflow';

import { sheetRow } from '../fixtures';
import {
	control,
	placeOrderDirect,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../setup';

const sandbox = useSandbox();

beforeEach(async () => {
	await resetSandbox(sandbox());
	await control(sandbox(), 'DELETE', '/design-requests');
});

/** OGB-910 Navy XXL has 3 in stock (sandbox seed): 5 pass every check before sending and Printio refuses them. */
const NAVY_XXL_OVER_STOCK = { line_color: 'ネイビー', line_size: 'XXL', line_quantity: 5 };
const autoMap: INodeParameters = {
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options: {},
};
const placements = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && /order/.test(request.path),
	);
const pairedIndexes = (item: { pairedItem?: unknown }) =>
	([] as Array<{ item: number }>)
		.concat(item.pairedItem as { item: number })
		.map((paired) => paired.item);

describe('On Error › Continue (using error output)', () => {
	it('Order › Create: placed orders on the success output, every failed one on the error output', async () => {
		const rows = [
			sheetRow('EO-1'), // placed
			sheetRow('EO-2', { shipping_zip_code: '' }), // invalid: nothing sent
			sheetRow('EO-3', NAVY_XXL_OVER_STOCK), // refused by Printio (status 13)
			sheetRow('EO-3', NAVY_XXL_OVER_STOCK), // exact repeat of a refused order
			sheetRow('EO-4', { line_quantity: 1 }), // EO-4 twice, differing: neither is sent
			sheetRow('EO-4', { line_quantity: 2 }),
			sheetRow('EO-5'), // placed
		];
		const result = await runPrintio(sandbox(), autoMap, {
			input: rows,
			onError: 'continueErrorOutput',
		});
		expect(result.error).toBeUndefined();
		expect(result.outputs).toHaveLength(2);
		const [success, failed] = result.outputs;

		expect(success.map((item) => item.json.ec_order_no)).toEqual(['EO-1', 'EO-5']);
		for (const item of success) {
			expect(item.json.order_no).toMatch(/^PO/);
			expect(item.json.error).toBeUndefined();
		}
		expect(success.map(pairedIndexes)).toEqual([[0], [6]]);

		expect(failed.map(pairedIndexes)).toEqual([[1], [2], [3], [4], [5]]);
		for (const item of failed) expect(item.json.order_no).toBeUndefined();
		const reasons = failed.map((item) => String(item.json.error));
		expect(reasons[0]).toMatch(/^Order "EO-2" is invalid: shipping_information\.zip_code/);
		expect(failed[0].error?.description).toMatch(
			/^Recipient Zip Code \(shipping_information\.zip_code\): is required/,
		);
		expect(reasons[1]).toMatch(/Printio status 13/);
		expect(reasons[2]).toMatch(/^Not sent: the same order as item index 2, which failed/);
		expect(reasons[3]).toMatch(
			/^Items with item index 4, 5 share EC order number "EO-4" but are different orders/,
		);
		expect(reasons[4]).toBe(reasons[3]);

		// What went out: the two placed orders and the one Printio refused, each once.
		expect((await placements()).map((request) => request.body!.ec_order_no).sort()).toEqual([
			'EO-1',
			'EO-3',
			'EO-5',
		]);
	});

	it('a duplicate found after the run (registered twice at Printio) goes to the error output, naming both orders', async () => {
		// Another process registered EO-DUP twice already: the node finds it, does not place it, and reports it.
		const first = await placeOrderDirect(sandbox(), 'EO-DUP');
		const second = await placeOrderDirect(sandbox(), 'EO-DUP');
		const result = await runPrintio(sandbox(), autoMap, {
			input: [sheetRow('EO-DUP'), sheetRow('EO-OK')],
			onError: 'continueErrorOutput',
		});
		expect(result.error).toBeUndefined();
		const [success, failed] = result.outputs;
		expect(success.map((item) => item.json.ec_order_no)).toEqual(['EO-OK']);
		expect(failed).toHaveLength(1);
		const [keep, cancel] = [first, second].sort();
		expect(failed[0].json.error).toBe(
			`Order "EO-DUP" is registered 2 times at Printio: ${keep}, ${cancel}`,
		);
		expect(failed[0].error?.description).toMatch(
			new RegExp(`Ask Printio to cancel ${cancel} and keep ${keep}`),
		);
		expect(pairedIndexes(failed[0])).toEqual([0]);
	});

	it('Order › Create With Images: an order whose design fails the check goes to the error output, unsent', async () => {
		const design = (name: string) => `${sandbox().url}/_sandbox/designs/${name}`;
		const parameters: INodeParameters = {
			...autoMap,
			operation: 'createWithImages',
			inputMode: 'autoMap',
		};
		const row = (ec: string, front: string) => {
			const line = sheetRow(ec);
			delete line.line_original_item_code;
			return { ...line, line_item_code: 'OGB-910', line_image_front_output_url: front };
		};
		const result = await runPrintio(sandbox(), parameters, {
			input: [row('EOI-1', design('2205x2756.png')), row('EOI-2', design('not-an-image.png'))],
			onError: 'continueErrorOutput',
		});
		expect(result.error).toBeUndefined();
		const [success, failed] = result.outputs;
		expect(success.map((item) => item.json.ec_order_no)).toEqual(['EOI-1']);
		expect(failed.map(pairedIndexes)).toEqual([[1]]);
		expect(failed[0].json.error).toMatch(
			/^Design preflight, order "EOI-2" line 1 \(front\): .* it is an HTML page$/,
		);
		expect((await placements()).map((request) => request.body!.ec_order_no)).toEqual(['EOI-1']);
	});
});
