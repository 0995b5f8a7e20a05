/** Create With Images: every print file is read before a single order is sent. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { OrderWithImageRequest } from '../../../api/schema/types';
import { mapWithConcurrency } from '../../shared/printio/concurrency';
import type { PrintioApi } from '../../shared/printio/transport';
import { preflightDesign, type PreflightSettings } from './design';
import { itemPrintArea } from './design/itemPrintArea';
import type { OrderToPlace, PlacementOutcome } from '../placement/placement';

/** Design hosts are the shop's or a CDN; a few reads at a time is enough and polite. */
const DESIGNS_AT_ONCE = 4;
const PREFIX = 'Design preflight: ';

interface DesignToCheck {
	order: OrderToPlace;
	line: number;
	position: string;
	itemCode: string;
	url: string;
}

type Checked = { ok: true; report: IDataObject } | { ok: false; error: NodeOperationError };

export interface OrderPreflight {
	/** Warnings pass. */
	passed: OrderToPlace[];
	refused: PlacementOutcome[];
}

export async function preflightOrderDesigns(
	this: IExecuteFunctions,
	api: PrintioApi,
	orders: OrderToPlace[],
	settings: PreflightSettings,
): Promise<OrderPreflight> {
	const designs: DesignToCheck[] = orders.flatMap((order) =>
		((order.body as OrderWithImageRequest).order_details ?? []).flatMap((line, lineIndex) =>
			(line.image_urls?.values ?? []).flatMap((value) =>
				(value.urls ?? [])
					// Thumbnails are previews; Printio prints the Output file.
					.filter((url) => url.type === 'Output' && typeof url.url === 'string' && url.url !== '')
					.map((url) => ({
						order,
						line: lineIndex + 1,
						position: value.position,
						itemCode: line.item_code,
						url: url.url,
					})),
			),
		),
	);

	// The catalog states one print area per item, the front's: other positions get their format checked, not size.
	const keyOf = (design: DesignToCheck) =>
		`${design.position === 'front' ? design.itemCode : ''}\u0000${design.url}`;
	const checks = new Map<string, DesignToCheck>();
	for (const design of designs) if (!checks.has(keyOf(design))) checks.set(keyOf(design), design);
	const results = new Map<string, Checked>();
	await mapWithConcurrency([...checks.entries()], DESIGNS_AT_ONCE, async ([key, design]) => {
		const itemIndex = design.order.sourceIndexes[0];
		try {
			const area =
				design.position === 'front'
					? await itemPrintArea(api, design.itemCode, design.order.body.retailer_id, itemIndex)
					: undefined;
			const report = await preflightDesign.call(this, design.url, area, settings, {
				itemIndex,
				itemCode: design.itemCode,
			});
			results.set(key, { ok: true, report });
		} catch (error) {
			results.set(key, { ok: false, error: error as NodeOperationError });
		}
	});

	const passed: OrderToPlace[] = [];
	const refused: PlacementOutcome[] = [];
	for (const order of orders) {
		const own = designs.filter((design) => design.order === order);
		const failed = own.find((design) => !results.get(keyOf(design))!.ok);
		if (failed) {
			const { error } = results.get(keyOf(failed)) as { ok: false; error: NodeOperationError };
			refused.push({ ok: false, order, error: orderError.call(this, error, order, failed) });
			continue;
		}
		const preflight = own.map((design) => ({
			line: design.line,
			position: design.position,
			...(results.get(keyOf(design)) as { ok: true; report: IDataObject }).report,
		}));
		passed.push(
			preflight.length ? { ...order, annotations: { ...order.annotations, preflight } } : order,
		);
	}
	return { passed, refused };
}

function orderError(
	this: IExecuteFunctions,
	error: NodeOperationError,
	order: OrderToPlace,
	design: DesignToCheck,
): NodeOperationError {
	const message = String(error.message ?? error);
	const what = message.startsWith(PREFIX) ? message.slice(PREFIX.length) : message;
	return new NodeOperationError(
		this.getNode(),
		`Design preflight, order "${order.body.ec_order_no}" line ${design.line} (${design.position}): ${what}`,
		{
			itemIndex: order.sourceIndexes[0],
			description: error.description ?? 'Nothing was sent to Printio for this order.',
		},
	);
}
