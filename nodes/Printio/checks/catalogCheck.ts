/** README "Colours and sizes are matched to the catalog"; an unchecked order is never built or sent. */
import type { ColorValue, Item, OriginalItem } from '../../../api/schema/types';
import { mapWithConcurrency } from '../../shared/printio/concurrency';
import type { PrintioApi } from '../../shared/printio/transport';
import { catalogItem, originalItemRecord } from '../helpers/catalogItem';
import {
	CATALOG_RULE_MESSAGES,
	type CatalogName,
	describeCatalogNames,
	matchCatalogName,
} from '../helpers/catalogNames';
import type {
	InputProblem,
	LineDraft,
	NormalizationChange,
	OrderOperation,
	PreparedOrder,
	ShopLookUps,
} from '../orderInput';
import { fieldAt, formLabel, type OrderField } from '../orderInput/fields';
import { isPlainObject } from '../orderInput/values';
import { type LineRef, lineRef, type OrderBody, refKey } from './lineCatalog';

export interface CatalogCheckSettings {
	operation: OrderOperation;
	concurrency: number;
	/** Off: only exact names pass (the manufacturer's colour name too: Printio accepts it). */
	tolerant: boolean;
}

export interface CatalogCheck {
	orders: PreparedOrder[];
	unchecked: Array<{ order: PreparedOrder; error: Error }>;
}

interface LineNames {
	colors: CatalogName[];
	sizes: CatalogName[];
	itemLabel: string;
}

const colorNames = (values: readonly ColorValue[] | undefined): CatalogName[] =>
	(values ?? []).map((value) => ({
		name: value.name,
		...(value.mfr_color_name ? { manufacturerName: value.mfr_color_name } : {}),
	}));

const sizeNames = (record: Pick<Item, 'sizes'> | undefined): CatalogName[] =>
	(record?.sizes?.values ?? []).map((value) => ({ name: value.name }));

/** One image per colour. */
function originalColors(record: OriginalItem): CatalogName[] {
	const listed = colorNames(record.colors?.values);
	if (listed.length) return listed;
	const seen = new Set<string>();
	return (record.image_urls ?? []).flatMap((image) =>
		!image.color_name || seen.has(image.color_name) || !seen.add(image.color_name)
			? []
			: [
					{
						name: image.color_name,
						...(image.mfr_color_name ? { manufacturerName: image.mfr_color_name } : {}),
					},
				],
	);
}

export async function namesOf(
	api: PrintioApi,
	ref: LineRef,
	itemIndex: number,
): Promise<LineNames | undefined> {
	if (ref.kind === 'item') {
		const item = await catalogItem(api, ref.retailerId, ref.code, itemIndex);
		return (
			item && {
				colors: colorNames(item.colors?.values),
				sizes: sizeNames(item),
				itemLabel: `item ${ref.code}`,
			}
		);
	}
	const record = await originalItemRecord(api, ref.retailerId, ref.by, ref.code, itemIndex);
	if (!record) return undefined;
	let colors = originalColors(record);
	let sizes = sizeNames(record);
	if ((!colors.length || !sizes.length) && record.item_code) {
		// An original item states no colours or sizes of its own.
		const item = await catalogItem(api, ref.retailerId, record.item_code, itemIndex);
		if (!colors.length) colors = colorNames(item?.colors?.values);
		if (!sizes.length) sizes = sizeNames(item);
	}
	return { colors, sizes, itemLabel: `original item ${ref.code} (item ${record.item_code})` };
}

/** From the run's memoised records, which the catalog match reads again at no cost. */
export const shopLookUps = (api: PrintioApi, concurrency: number): ShopLookUps => ({
	exists: async (query) =>
		(await originalItemRecord(api, query.retailerId, query.by, query.code, query.itemIndex)) !==
		undefined,
	options: async (query) => await namesOf(api, { kind: 'original', ...query }, query.itemIndex),
	concurrency,
});

function bodyOf(order: PreparedOrder, operation: OrderOperation): OrderBody | undefined {
	const draft = order.draft;
	// `order_details[1].original_item_code (line_original_item_code)`.
	const reported = new Set(order.problems.map((entry) => entry.field.split(' (')[0]));
	if (reported.has('retailer_id') || !Number.isInteger(draft.retailer_id)) return undefined;
	const lines = Array.isArray(draft.order_details) ? (draft.order_details as unknown[]) : [];
	const order_details = lines.map((line, index) => {
		const kept: Record<string, string> = {};
		if (!isPlainObject(line)) return kept;
		for (const key of [
			...(operation === 'orderByCode' ? BY_CODE_KEYS : WITH_IMAGE_KEYS),
			'color',
			'size',
		] as const) {
			const value = line[key];
			if (
				typeof value === 'string' &&
				value !== '' &&
				!reported.has(`order_details[${index}].${key}`)
			)
				kept[key] = value;
		}
		return kept;
	});
	return { retailer_id: draft.retailer_id as number, order_details } as unknown as OrderBody;
}

const BY_CODE_KEYS = ['original_item_code', 'ec_original_item_code'] as const;
const WITH_IMAGE_KEYS = ['item_code'] as const;

export async function checkCatalogNames(
	api: PrintioApi,
	prepared: readonly PreparedOrder[],
	settings: CatalogCheckSettings,
): Promise<CatalogCheck> {
	const refs = new Map<string, { ref: LineRef; itemIndex: number }>();
	for (const order of prepared) {
		const body = bodyOf(order, settings.operation);
		if (!body) continue;
		for (const line of body.order_details) {
			const ref = lineRef(body.retailer_id, line);
			if (ref && !refs.has(refKey(ref)))
				refs.set(refKey(ref), { ref, itemIndex: order.itemIndexes[0] });
		}
	}
	const names = new Map<
		string,
		{ ok: true; names: LineNames | undefined } | { ok: false; error: Error }
	>();
	await mapWithConcurrency(
		[...refs.entries()],
		settings.concurrency,
		async ([key, { ref, itemIndex }]) => {
			try {
				names.set(key, { ok: true, names: await namesOf(api, ref, itemIndex) });
			} catch (error) {
				names.set(key, { ok: false, error: error as Error });
			}
		},
	);

	const check: CatalogCheck = { orders: [], unchecked: [] };
	for (const order of prepared) {
		const body = bodyOf(order, settings.operation);
		if (!body) {
			check.orders.push(order);
			continue;
		}
		const failed = body.order_details
			.map((line) => lineRef(body.retailer_id, line))
			.map((ref) => (ref ? names.get(refKey(ref)) : undefined))
			.find((entry) => entry && !entry.ok);
		if (failed && !failed.ok) {
			if (!order.problems.length) check.unchecked.push({ order, error: failed.error });
			else check.orders.push(order);
			continue;
		}
		check.orders.push(
			matchOrder(
				order,
				body,
				(ref) => {
					const entry = names.get(refKey(ref));
					return entry?.ok ? entry.names : undefined;
				},
				settings,
			),
		);
	}
	return check;
}

/** The same words as validation's problems. */
const labelOf = (path: string, operation: OrderOperation) => ({
	label: formLabel(fieldAt(path, operation) as OrderField),
});

function matchOrder(
	order: PreparedOrder,
	body: OrderBody,
	namesFor: (ref: LineRef) => LineNames | undefined,
	settings: CatalogCheckSettings,
): PreparedOrder {
	const problems: InputProblem[] = [];
	const changes: NormalizationChange[] = [];
	const itemIndexOf = (line: number) => order.lineItemIndexes?.[line] ?? order.itemIndexes[0];
	const renamed = body.order_details.map((line, index) => {
		const names: Partial<Record<'color' | 'size', string>> = {};
		const ref = lineRef(body.retailer_id, line);
		const itemIndex = itemIndexOf(index);
		if (!ref) return names;
		const found = namesFor(ref);
		if (!found) {
			const field = ref.kind === 'item' ? 'item_code' : ref.by;
			problems.push({
				field: `order_details[${index}].${field}`,
				...labelOf(`order_details[${index}].${field}`, settings.operation),
				message:
					ref.kind === 'item'
						? `"${ref.code}" is not an item of Printio's catalog`
						: `"${ref.code}" is not an original item of retailer ${ref.retailerId} at Printio`,
				fix:
					ref.kind === 'item'
						? 'Use an item code that Item › Get Many lists.'
						: 'Use a code that Original Item › Get Many lists for this retailer.',
				itemIndex,
			});
			return names;
		}
		for (const field of ['color', 'size'] as const) {
			const candidates = field === 'color' ? found.colors : found.sizes;
			const value = line[field];
			// One report per problem: the order's own wins.
			if (typeof value !== 'string') continue;
			const what = field === 'color' ? 'colour' : 'size';
			if (!candidates.length) {
				problems.push({
					field: `order_details[${index}].${field}`,
					...labelOf(`order_details[${index}].${field}`, settings.operation),
					message: `cannot be checked: the catalog record of ${found.itemLabel} lists no ${what}s`,
					fix: 'Ask Printio which names this item takes; nothing is sent while its catalog record cannot confirm the line.',
					itemIndex,
				});
				continue;
			}
			const match = matchCatalogName(value, candidates);
			if (match.kind === 'exact') continue;
			if (match.kind === 'matched' && settings.tolerant) {
				names[field] = match.name;
				const at = `order_details[${index}].${field}`;
				changes.push({
					field: at,
					rule: match.rule,
					message: `${at}: ${CATALOG_RULE_MESSAGES[match.rule]}`,
					itemIndex,
				});
				continue;
			}
			// Printio accepts the manufacturer's colour name.
			if (candidates.some((entry) => entry.manufacturerName === value)) continue;
			problems.push({
				field: `order_details[${index}].${field}`,
				...labelOf(`order_details[${index}].${field}`, settings.operation),
				message: `"${value}" is ${match.kind === 'none' && match.ambiguous ? 'ambiguous (it matches several)' : 'not one of the'} ${what}s of ${found.itemLabel}`,
				fix: `Use one of: ${describeCatalogNames(candidates)}.${settings.tolerant ? '' : ' (Normalisation is off: only exact names pass.)'}`,
				itemIndex,
			});
		}
		return names;
	});
	if (!problems.length && !changes.length) return order;
	const draftLines = order.draft.order_details as LineDraft[];
	return {
		...order,
		draft: {
			...order.draft,
			order_details: draftLines.map((line, index) => ({ ...line, ...renamed[index] })),
		},
		problems: [...order.problems, ...problems],
		changes: [...order.changes, ...changes],
	};
}
