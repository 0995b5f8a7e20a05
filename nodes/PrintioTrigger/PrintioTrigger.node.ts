import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { apiTimeZoneOption, multiItemOrderOption } from '../shared/printio/descriptions';
import { connectPrintio } from '../shared/printio/transport';
import {
	alertProperties,
	pollShippingLate,
	pollStockChanged,
	type AlertContext,
} from './pollAlerts';
import {
	DEFAULT_OVERLAP_SECONDS,
	type Event,
	pollBudgetMs,
	readSettings,
	type Settings,
} from './settings';
import { fetchTestEvent, pollChanges } from './statusPoll';

const pollsInFlight = new Map<string, number>();

// n8n's durable scheduler commits an emission's state after the poll: one started before re-emits (e2e/n8n2-durable).
const lastEmissions = new Map<string, { count: number; untilMs: number }>();

export class PrintioTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Printio Trigger',
		name: 'printioTrigger',
		icon: { light: 'file:../Printio/printio.svg', dark: 'file:../Printio/printio.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ { anyChange: "Any status change", shipped: "Order shipped", statusReached: "Status reached", shippingLate: "Shipping late", stockChanged: "Stock changed" }[$parameter["event"]] }}',
		// n8n's nodes panel shows both nodes as one entry with this text (measured: e2e/newcomer), so it tells both.
		description:
			'Print on demand with Printio: place print orders, browse the catalog and stock, create original items, and start a workflow when an order changes status or ships late, or when stock runs low',
		defaults: { name: 'Printio Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'printioApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Any Status Change',
						value: 'anyChange',
						description: 'Every change of an order’s (or shipment’s) status',
					},
					{
						name: 'Order Shipped',
						value: 'shipped',
						description:
							'A status change that carries a shipping (slip) number, with the tracking (carrier, tracking URL) and the shop order to fulfil',
					},
					{
						name: 'Shipping Late',
						value: 'shippingLate',
						description:
							'An order (or shipment) not shipped after its scheduled shipping date: once per order and scheduled date',
					},
					{
						name: 'Status Reached',
						value: 'statusReached',
						description: 'A change into one of the status IDs you choose',
					},
					{
						name: 'Stock Changed',
						value: 'stockChanged',
						description:
							'A stock entry runs low or becomes not orderable, and when it recovers: once per crossing',
					},
				],
				default: 'anyChange',
			},
			...alertProperties,
			{
				displayName: 'Status IDs',
				name: 'statusIds',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. 5, 9',
				description:
					'Comma-separated status IDs. Printio does not publish its IDs (see Order › Get Statuses for yours); the local sandbox uses 1 received, 2 data check, 3 in production, 4 shipping preparation, 5 shipped, 9 cancelled.',
				displayOptions: { show: { event: ['statusReached'] } },
			},
			{
				displayName:
					'Each change is emitted once, oldest first. Printio shows only the current status of an order, so two changes between polls arrive as one.',
				name: 'pollNotice',
				type: 'notice',
				default: '',
				displayOptions: { hide: { event: ['shippingLate', 'stockChanged'] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					apiTimeZoneOption,
					{
						displayName: 'First Look-Back (Minutes)',
						name: 'lookBackMinutes',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 0 },
						default: 0,
						description:
							'Only until the trigger has emitted its first change (n8n stores the cursor with it): how far back each poll reads, so that no change between polls is lost. 0 = one polling interval plus the overlap, from Poll Times.',
					},
					{
						displayName: 'Include Full Order',
						name: 'includeOrder',
						type: 'boolean',
						default: false,
						description:
							'Whether to add the full order (addresses, lines) under "order", read with one GET /orders call per 30 changed orders (Order Shipped reads them anyway, for the tracking and the shop order)',
					},
					multiItemOrderOption,
					{
						displayName: 'Overlap Window (Seconds)',
						name: 'overlapSeconds',
						type: 'number',
						typeOptions: { minValue: 1, numberPrecision: 0 },
						default: DEFAULT_OVERLAP_SECONDS,
						description:
							'Each poll reads again this far before the latest change it processed and skips what it already emitted: covers whole-second timestamps, clock skew and changes that become visible late',
					},
					{
						displayName: 'Start From',
						name: 'startFrom',
						type: 'dateTime',
						default: '',
						description:
							'On first activation, emit the changes since this time (read in the workflow’s time zone unless it has an offset). Empty: start now. Changing it starts over from the new time.',
					},
				],
			},
		],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const settings = readSettings.call(this);
		if (this.getMode() === 'manual') {
			if (isAlert(settings.event)) return await pollAlert.call(this, settings, Date.now(), true);
			return await fetchTestEvent.call(this, settings);
		}

		const leaseKey = `${this.getWorkflow().id ?? ''}\u0000${this.getNode().name}`;
		const nowMs = Date.now();
		const leaseUntil = pollsInFlight.get(leaseKey);
		// Another poll of this trigger still runs here: both would emit the same changes.
		if (leaseUntil !== undefined && leaseUntil > nowMs) return null;
		const staticData = this.getWorkflowStaticData('node');
		const count = typeof staticData.emissions === 'number' ? staticData.emissions : 0;
		const last = lastEmissions.get(leaseKey);
		// An older state: a later poll gets the committed one (or this after the budget): late, never lost.
		if (last !== undefined && last.untilMs > nowMs && count < last.count) return null;
		const budgetMs = pollBudgetMs.call(this);
		pollsInFlight.set(leaseKey, nowMs + budgetMs);
		try {
			const emitted = isAlert(settings.event)
				? await pollAlert.call(this, settings, nowMs, false)
				: await pollChanges.call(this, settings, nowMs);
			if (emitted !== null) {
				staticData.emissions = count + 1;
				lastEmissions.set(leaseKey, { count: count + 1, untilMs: nowMs + budgetMs });
			}
			return emitted;
		} finally {
			pollsInFlight.delete(leaseKey);
		}
	}
}

function isAlert(event: Event): event is 'shippingLate' | 'stockChanged' {
	return event === 'shippingLate' || event === 'stockChanged';
}

async function pollAlert(
	this: IPollFunctions,
	settings: Settings,
	nowMs: number,
	manual: boolean,
): Promise<INodeExecutionData[][] | null> {
	const context: AlertContext = {
		// Per poll: an edited credential must count.
		api: await connectPrintio(this),
		apiTimeZone: settings.apiTimeZone,
		multiItemOrder: settings.multiItemOrder,
		nowMs,
		manual,
	};
	return settings.event === 'shippingLate'
		? await pollShippingLate.call(this, context)
		: await pollStockChanged.call(this, context);
}
