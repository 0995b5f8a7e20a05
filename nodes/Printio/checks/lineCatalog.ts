/** The catalog of orders' lines, each record read once per run: nothing here touches an order endpoint. */
import type { OrderByCodeRequest, OrderWithImageRequest } from '../../../api/schema/types';
import { mapWithConcurrency } from '../../shared/printio/concurrency';
import { originalItemRecord, type OriginalItemKey } from '../helpers/catalogItem';
import type { PrintioApi } from '../../shared/printio/transport';

export type OrderBody = OrderByCodeRequest | OrderWithImageRequest;

export interface CatalogLine {
	line: number;
	/** Undefined for an original item Printio does not know. */
	itemCode: string | undefined;
	color: string;
	size: string;
	quantity: number;
}

export interface CatalogOrder {
	body: OrderBody;
	itemIndex: number;
}

export interface ItemWanted {
	retailerId: number;
	itemCode: string;
	itemIndex: number;
}

type ItemRef = Omit<ItemWanted, 'itemIndex'>;

export const itemKey = (ref: ItemRef) => `${ref.retailerId}\u0000${ref.itemCode}`;

export async function catalogLines(
	api: PrintioApi,
	orders: readonly CatalogOrder[],
	concurrency: number,
): Promise<CatalogLine[][]> {
	const records = await readEach(
		orders.flatMap(({ body, itemIndex }) =>
			body.order_details.flatMap((line) => {
				const ref = lineRef(body.retailer_id, line);
				return ref?.kind === 'original' ? [{ ...ref, itemIndex }] : [];
			}),
		),
		refKey,
		concurrency,
		async (ref) => await originalItemRecord(api, ref.retailerId, ref.by, ref.code, ref.itemIndex),
	);
	return orders.map(({ body }) =>
		body.order_details.map((line, index) => {
			const ref = lineRef(body.retailer_id, line);
			return {
				line: index,
				itemCode: ref?.kind === 'original' ? records(ref)?.item_code : ref?.code,
				color: line.color,
				size: line.size,
				quantity: line.quantity,
			};
		}),
	);
}

export async function readEach<Ref, Wanted extends Ref & { itemIndex: number }, T>(
	wanted: readonly Wanted[],
	key: (ref: Ref) => string,
	concurrency: number,
	read: (entry: Wanted) => Promise<T>,
): Promise<(ref: Ref) => T | undefined> {
	const first = new Map<string, Wanted>();
	for (const entry of wanted) if (!first.has(key(entry))) first.set(key(entry), entry);
	const answers = new Map<string, T>();
	await mapWithConcurrency([...first], concurrency, async ([id, entry]) => {
		answers.set(id, await read(entry));
	});
	return (ref) => answers.get(key(ref));
}

export type LineRef =
	| { kind: 'original'; retailerId: number; by: OriginalItemKey; code: string }
	| { kind: 'item'; retailerId: number; code: string };

export const refKey = (ref: LineRef) =>
	ref.kind === 'original'
		? `o\u0000${ref.retailerId}\u0000${ref.by}\u0000${ref.code}`
		: `i\u0000${ref.retailerId}\u0000${ref.code}`;

type CodedLine = Partial<Record<OriginalItemKey | 'item_code', string>>;

export function lineRef(retailerId: number, line: CodedLine): LineRef | undefined {
	if (line.original_item_code)
		return {
			kind: 'original',
			retailerId,
			by: 'original_item_code',
			code: line.original_item_code,
		};
	if (line.ec_original_item_code)
		return {
			kind: 'original',
			retailerId,
			by: 'ec_original_item_code',
			code: line.ec_original_item_code,
		};
	if (line.item_code) return { kind: 'item', retailerId, code: line.item_code };
	return undefined;
}
