/**
 * Shop modes: the answer for an order that is not sent. Printio has no cancel endpoint, so a cancelled order's EC
 * order number is looked up (not under Validate Only, which reads no order endpoint): one placed before fails its
 * item, naming the order to cancel with Printio, so that an error workflow can alert a person.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { PrintioApi } from '../../shared/printio/transport';
import { errorItem } from '../helpers/execution';
import type { UnsentShopOrder } from '../orderInput';

export async function answerUnsentShopOrders(
	this: IExecuteFunctions,
	api: PrintioApi,
	unsent: readonly UnsentShopOrder[],
	settings: { validateOnly: boolean; multiItemOrder: boolean },
): Promise<{ items: INodeExecutionData[]; firstError?: NodeOperationError }> {
	const answers: INodeExecutionData[] = [];
	let firstError: NodeOperationError | undefined;
	for (const order of unsent) {
		const json: IDataObject = {
			...(settings.validateOnly ? { validate_only: true, would_send: false } : {}),
			ec_order_no: order.ecOrderNo ?? null,
			sent: false,
			...(order.reason === 'testOrder'
				? { test_order: true }
				: order.reason === 'cancelled'
					? { cancelled: true }
					: { no_print_lines: true }),
			left_out_lines: order.leftOut.map((line) => ({ ...line })),
		};
		const pairedItem = [{ item: order.itemIndex }];
		if (order.reason === 'cancelled' && !settings.validateOnly && order.ecOrderNo !== undefined) {
			let placed: string[] | undefined;
			try {
				const body = await api.request('getOrders', {
					qs: { ec_order_no: order.ecOrderNo },
					multiItemOrder: settings.multiItemOrder,
					itemIndex: order.itemIndex,
				});
				placed = [...new Set((body.orders ?? []).map((entry) => entry.order_no))];
			} catch {
				// Whether it was placed before is unknown: `placed` stays undefined.
			}
			json.placed_before = placed ?? null;
			if (placed === undefined || placed.length > 0) {
				const error = new NodeOperationError(
					this.getNode(),
					placed === undefined
						? `Order "${order.ecOrderNo}" is cancelled in the shop; whether it was placed with Printio before could not be checked`
						: `Order "${order.ecOrderNo}" is cancelled in the shop but was placed with Printio before: ask Printio to cancel ${placed.join(', ')}`,
					{
						itemIndex: order.itemIndex,
						description:
							'A cancelled order is never placed. Printio has no endpoint to cancel an order, so a print order placed before the cancellation must be cancelled with Printio by a person.',
					},
				);
				firstError ??= error;
				const item = errorItem(error, [order.itemIndex], this.getNode());
				Object.assign(item.json, json);
				answers.push(item);
				continue;
			}
		}
		answers.push({ json, pairedItem });
	}
	return { items: answers, firstError };
}
