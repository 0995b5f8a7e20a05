/**
 * The defaults stage, after combining: what the order leaves empty is filled from the node's values (options,
 * the credential's retailer and sender). Each default is normalised here, once, and its changes are reported
 * only when it is used. Address blocks are taken whole: an order that gives any field of a block keeps its own
 * block, so two senders are never mixed field by field.
 */
import { normalizeOrder } from './normalize';
import type { NormalizationChange, OrderDefaults, OrderDraft, OrderOperation } from './types';
import { hasValue } from './values';

/** Fills what the order leaves empty from the defaults (values as they are). */
export function applyOrderDefaults(order: OrderDraft, defaults: OrderDefaults | undefined): OrderDraft {
	return fill(order, defaults).order;
}

function fill(order: OrderDraft, defaults: OrderDefaults | undefined): { order: OrderDraft; used: Set<string> } {
	const used = new Set<string>();
	if (defaults === undefined) return { order, used };
	const result: OrderDraft = { ...order };
	for (const key of DEFAULT_KEYS) {
		if (defaults[key] === undefined || hasValue(result[key])) continue;
		copy(result, defaults, key);
		used.add(key);
	}
	// The order gets its own copy of a default block: the same defaults serve every order of the run.
	for (const block of ['shipping_information', 'sender_information'] as const) {
		const given = result[block];
		if (used.has(block) && given !== undefined) result[block] = { ...given };
	}
	return { order: result, used };
}

const DEFAULT_KEYS: ReadonlyArray<keyof OrderDefaults> = [
	'retailer_id',
	'team_id',
	'ec_order_date',
	'ec_optional_information',
	'shipping_method',
	'action_after_print',
	'shipping_information',
	'sender_information',
];

function copy<K extends keyof OrderDefaults>(target: OrderDraft, source: OrderDefaults, key: K): void {
	target[key] = source[key];
}

export interface DefaultsResult {
	order: OrderDraft;
	/** Normalisation changes of the defaults that were used, attributed to `itemIndex`. */
	changes: NormalizationChange[];
}

/** The stage: normalise the defaults (when normalisation is on), fill, report the changes of what was used. */
export function fillOrderDefaults(
	order: OrderDraft,
	defaults: OrderDefaults | undefined,
	operation: OrderOperation,
	options: { normalize: boolean; itemIndex: number },
): DefaultsResult {
	if (defaults === undefined) return { order, changes: [] };
	const normalized = normalizeOrder(defaults, operation, { enabled: options.normalize });
	const { order: filled, used } = fill(order, normalized.order);
	const changes = normalized.changes
		.filter((entry) => used.has(entry.field.split(/[.[]/)[0]))
		.map((entry) => ({ ...entry, itemIndex: options.itemIndex }));
	return { order: filled, changes };
}
