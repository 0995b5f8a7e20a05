/** Printio 1.4.2 cannot update or cancel an order: a changed re-delivery reports the paths, never the values. */
import type { Order, OrderByCodeRequest, OrderWithImageRequest } from '../../../api/schema/types';

type OrderBody = OrderByCodeRequest | OrderWithImageRequest;

export type ChangedRedelivery = 'flag' | 'error';

const RECIPIENT_FIELDS = [
	'zip_code',
	'prefecture_name',
	'municipalities',
	'address1',
	'address2',
	'full_name',
	'phone_number',
	'mail_address',
] as const;

/** Absent, null and empty are the same: the service stores an absent optional field as null. */
const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

export function changedFields(
	body: OrderBody,
	records: readonly Order[],
	itemCodes: ReadonlyArray<string | undefined>,
): string[] {
	const changed: string[] = [];
	const held: Record<string, unknown> | undefined = records[0]?.shipping_information
		? { ...records[0].shipping_information }
		: undefined;
	const sent: Record<string, unknown> = { ...body.shipping_information };
	for (const field of RECIPIENT_FIELDS) {
		if (held && !same(sent[field], held[field])) changed.push(`shipping_information.${field}`);
	}
	const heldLines = records.flatMap((record) => record.order_details ?? []);
	const lineOf = (index: number) => {
		const line = body.order_details[index];
		return {
			item_code: itemCodes[index],
			color: line.color,
			size: line.size,
			quantity: line.quantity,
			ec_order_detail_no: line.ec_order_detail_no,
		};
	};
	if (heldLines.length !== body.order_details.length) {
		changed.push('order_details');
		return changed;
	}
	const detailNos = body.order_details.map((line) => line.ec_order_detail_no ?? '');
	const byDetailNo = new Map(heldLines.map((line) => [line.ec_order_detail_no ?? '', line]));
	if (
		records.length > 1 &&
		detailNos.every((no) => no !== '') &&
		new Set(detailNos).size === detailNos.length &&
		byDetailNo.size === heldLines.length
	) {
		// MultiItemOrder: one record per shipment, lines grouped by item, so find each by its number.
		body.order_details.forEach((_, index) => {
			const line = lineOf(index);
			const other = byDetailNo.get(detailNos[index]);
			if (!other) {
				changed.push(`order_details[${index}].ec_order_detail_no`);
				return;
			}
			for (const field of ['item_code', 'color', 'size', 'quantity'] as const) {
				if (field === 'item_code' && line.item_code === undefined) continue;
				if (!same(line[field], other[field])) changed.push(`order_details[${index}].${field}`);
			}
		});
		return changed;
	}
	if (records.length > 1) {
		// Without unique numbers, compare the lines as a set.
		const key = (
			line: {
				item_code?: string;
				color: string;
				size: string;
				quantity: number;
				ec_order_detail_no?: string | null;
			},
			withItem: boolean,
		) =>
			[
				withItem ? line.item_code : '',
				line.color,
				line.size,
				line.quantity,
				line.ec_order_detail_no ?? '',
			].join('\u0000');
		const withItem = itemCodes.every((code) => code !== undefined);
		const a = body.order_details.map((_, index) => key(lineOf(index), withItem)).sort();
		const b = heldLines.map((line) => key(line, withItem)).sort();
		if (a.some((entry, index) => entry !== b[index])) changed.push('order_details');
		return changed;
	}
	body.order_details.forEach((_, index) => {
		const line = lineOf(index);
		const other = heldLines[index];
		for (const field of ['item_code', 'color', 'size', 'quantity', 'ec_order_detail_no'] as const) {
			if (field === 'item_code' && line.item_code === undefined) continue;
			if (!same(line[field], other[field])) changed.push(`order_details[${index}].${field}`);
		}
	});
	return changed;
}
