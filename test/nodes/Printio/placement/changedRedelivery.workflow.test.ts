/**
 * A shop re-sends an order it changed (Shopify orders/updated; docs/never-order-twice.md, "A shop sends the order again, changed"),
 * through n8n-core against the sandbox: the registered order comes back with the paths that differ (never the
 * values); with the option set to fail, the item goes to the error output; nothing is sent either way.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { scanForSecrets } from '../../../harness';
import { PERSONAL_VALUES, sheetRow } from '../fixtures';
import { jsonOf, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const autoMap = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'order',
	operation: 'create',
	inputMode: 'autoMap',
	options,
});
const posts = async () =>
	(await receivedRequests(sandbox())).filter((request) => request.method === 'POST');

async function placed(row: IDataObject): Promise<string> {
	const [order] = jsonOf(await runPrintio(sandbox(), autoMap(), { input: [row] }));
	expect(order.already_registered).toBe(false);
	return String(order.order_no);
}

describe('an order delivered again with other content', () => {
	it('unchanged: already_registered, no changed_fields; changed quantity: the path of the change, nothing sent', async () => {
		const orderNo = await placed(sheetRow('CHG-1', { line_quantity: 2 }));
		const same = jsonOf(
			await runPrintio(sandbox(), autoMap(), { input: [sheetRow('CHG-1', { line_quantity: 2 })] }),
		)[0];
		expect(same).toEqual(expect.objectContaining({ order_no: orderNo, already_registered: true }));
		expect(same.changed_fields).toBeUndefined();

		await resetRequests();
		const changed = jsonOf(
			await runPrintio(sandbox(), autoMap(), { input: [sheetRow('CHG-1', { line_quantity: 3 })] }),
		)[0];
		expect(changed).toEqual(
			expect.objectContaining({
				order_no: orderNo,
				already_registered: true,
				changed_fields: ['order_details[0].quantity'],
			}),
		);
		expect(await posts()).toEqual([]);
	});

	it('a changed recipient, colour (as a shop slug) and an added line are named by path, never by value', async () => {
		await placed(sheetRow('CHG-2'));
		const rows = [
			sheetRow('CHG-2', { shipping_address1: '別の住所9-9-9', line_color: 'black' }),
			sheetRow('CHG-2', {
				shipping_address1: '別の住所9-9-9',
				line_color: 'white',
				line_size: 'l',
			}),
		];
		const result = await runPrintio(sandbox(), autoMap({ groupByEcOrderNo: true }), {
			input: rows,
		});
		const [order] = jsonOf(result);
		expect(order.changed_fields).toEqual(['shipping_information.address1', 'order_details']);
		expect(scanForSecrets({ items: result.items }, [...PERSONAL_VALUES, '別の住所'])).toEqual([]);

		const one = jsonOf(
			await runPrintio(sandbox(), autoMap(), {
				input: [sheetRow('CHG-2', { line_color: 'black', line_size: 'XL' })],
			}),
		)[0];
		expect(one.changed_fields).toEqual(['order_details[0].color', 'order_details[0].size']);
	});

	it('Multi-Item Orders (one record per shipment): lines are found by their EC order detail number', async () => {
		const rows = (hoodies: number) => [
			sheetRow('CHG-M', { line_ec_order_detail_no: 'A' }),
			sheetRow('CHG-M', {
				line_ec_order_detail_no: 'B',
				line_original_item_code: 't0100002',
				line_color: 'ブラック',
				line_size: 'L',
				line_quantity: hoodies,
			}),
		];
		const options = { groupByEcOrderNo: true, multiItemOrder: true };
		expect(
			jsonOf(await runPrintio(sandbox(), autoMap(options), { input: rows(1) }))[0]
				.already_registered,
		).toBe(false);
		const same = jsonOf(await runPrintio(sandbox(), autoMap(options), { input: rows(1) }))[0];
		expect(same.changed_fields).toBeUndefined();
		const changed = jsonOf(await runPrintio(sandbox(), autoMap(options), { input: rows(2) }))[0];
		expect(changed).toEqual(
			expect.objectContaining({
				already_registered: true,
				changed_fields: ['order_details[1].quantity'],
			}),
		);
	});

	it('with Changed Re-Delivery › Fail the Item, the changed order goes to the error output', async () => {
		const orderNo = await placed(sheetRow('CHG-3'));
		await placed(sheetRow('CHG-4'));
		await resetRequests();
		const result = await runPrintio(sandbox(), autoMap({ changedRedelivery: 'error' }), {
			input: [sheetRow('CHG-3', { line_quantity: 5 }), sheetRow('CHG-4')],
			onError: 'continueErrorOutput',
		});
		const [success, failed] = result.outputs;
		expect(success.map((item) => item.json.ec_order_no)).toEqual(['CHG-4']);
		expect(failed).toHaveLength(1);
		expect(failed[0].json.error).toBe(
			`Order "CHG-3" is already registered at Printio as ${orderNo}, but this delivery differs in order_details[0].quantity: the change was not applied`,
		);
		expect(failed[0].error?.description).toMatch(
			/Printio has no endpoint to change or cancel an order/,
		);
		expect(await posts()).toEqual([]);
	});
});

async function resetRequests(): Promise<void> {
	await fetch(`${sandbox().url}/_sandbox/requests`, { method: 'DELETE' });
}
