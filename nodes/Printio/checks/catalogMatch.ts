/** README "Colours and sizes are matched to the catalog"; an unchecked order is never built or sent. */
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
} from '../orderInput';
import { fieldAt, formLabel, type OrderField } from '../orderInput/fields';
import { isPlainObject } from '../orderInput/values';
import { type LineRef, lineRef, refKey } from './lineCatalog';

export interface CatalogCheckSettings {
	operation: OrderOperation;
	/** Off: only exact names pass (the manufacturer's colour name too: Printio accepts it). */
	tolerant: boolean;
}

export interface CatalogCheck {
	orders: PreparedOrder[];
	unchecked: Array<{ order: PreparedOrder; error: Error }>;
}

export interface LineNames {
	colors: CatalogName[];
	sizes: CatalogName[];
	itemLabel: string;
	/** The original item's catalog item, for the re-delivery comparison. */
	itemCode?: string;
}

/** The look-up stage's reads of each line's catalog record, by `refKey`. */
export type NamesRead = { ok: true; names: LineNames | undefined } | { ok: false; error: Error };

type DraftLine = Partial<
	Record<(typeof BY_CODE_KEYS)[number] | 'item_code' | 'color' | 'size', string>
>;

/** The draft's lines as far as no problem is reported on them; undefined without a valid retailer. */
function draftLines(
	order: PreparedOrder,
	operation: OrderOperation,
): { retailerId: number; lines: DraftLine[] } | undefined {
	const draft = order.draft;
	// `order_details[1].original_item_code (line_original_item_code)`.
	const reported = new Set(order.problems.map((entry) => entry.field.split(' (')[0]));
	if (reported.has('retailer_id') || !Number.isInteger(draft.retailer_id)) return undefined;
	const lines = Array.isArray(draft.order_details) ? (draft.order_details as unknown[]) : [];
	const keys = [...(operation === 'orderByCode' ? BY_CODE_KEYS : WITH_IMAGE_KEYS), 'color', 'size'];
	return {
		retailerId: draft.retailer_id as number,
		lines: lines.map((line, index) => {
			const kept: Record<string, string> = {};
			if (!isPlainObject(line)) return kept;
			for (const key of keys) {
				const value = line[key];
				if (
					typeof value === 'string' &&
					value !== '' &&
					!reported.has(`order_details[${index}].${key}`)
				)
					kept[key] = value;
			}
			return kept;
		}),
	};
}

/** The catalog records the match needs for these orders (invalid ones too: one run reports every problem). */
export function catalogRefs(
	prepared: readonly PreparedOrder[],
	operation: OrderOperation,
): Array<{ ref: LineRef; itemIndex: number }> {
	const refs = new Map<string, { ref: LineRef; itemIndex: number }>();
	for (const order of prepared) {
		const draft = draftLines(order, operation);
		for (const line of draft?.lines ?? []) {
			const ref = lineRef(draft!.retailerId, line);
			if (ref && !refs.has(refKey(ref)))
				refs.set(refKey(ref), { ref, itemIndex: order.itemIndexes[0] });
		}
	}
	return [...refs.values()];
}

const BY_CODE_KEYS = ['original_item_code', 'ec_original_item_code'] as const;
const WITH_IMAGE_KEYS = ['item_code'] as const;

export function matchCatalog(
	prepared: readonly PreparedOrder[],
	names: ReadonlyMap<string, NamesRead>,
	settings: CatalogCheckSettings,
): CatalogCheck {
	const check: CatalogCheck = { orders: [], unchecked: [] };
	for (const order of prepared) {
		const draft = draftLines(order, settings.operation);
		if (!draft) {
			check.orders.push(order);
			continue;
		}
		const refs = draft.lines.map((line) => lineRef(draft.retailerId, line));
		const failed = refs
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
				draft.lines,
				refs.map((ref) => {
					const entry = ref && names.get(refKey(ref));
					return entry?.ok ? entry.names : undefined;
				}),
				refs,
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
	lines: readonly DraftLine[],
	namesOfLines: ReadonlyArray<LineNames | undefined>,
	refs: ReadonlyArray<LineRef | undefined>,
	settings: CatalogCheckSettings,
): PreparedOrder {
	const problems: InputProblem[] = [];
	const changes: NormalizationChange[] = [];
	const itemIndexOf = (line: number) => order.lineItemIndexes?.[line] ?? order.itemIndexes[0];
	const renamed = lines.map((line, index) => {
		const names: Partial<Record<'color' | 'size', string>> = {};
		const ref = refs[index];
		const itemIndex = itemIndexOf(index);
		if (!ref) return names;
		const found = namesOfLines[index];
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
	const rename = <Line>(line: Line, index: number): Line => ({ ...line, ...renamed[index] });
	const { request, ...unbuilt } = order;
	return {
		...unbuilt,
		draft: {
			...order.draft,
			order_details: (order.draft.order_details as LineDraft[]).map(rename),
		},
		// Built once: a body takes the catalog's names as its draft does.
		...(request && !problems.length
			? {
					request: {
						...request,
						order_details: (request.order_details as ReadonlyArray<object>).map(rename),
					} as typeof request,
				}
			: {}),
		problems: [...order.problems, ...problems],
		changes: [...order.changes, ...changes],
	};
}
