/**
 * The defaults stage, after combining: what the order leaves empty is filled from the node's values (options,
 * the credential's retailer and Shop Sender). Each default is normalised here, once, and its changes are
 * reported only when it is used.
 *
 * Address blocks are taken whole: an order that gives any address field of a block keeps its own block, so
 * two senders are never mixed field by field (the credential's zip code under the order's street would be a
 * wrong address). The goods description (sender item_name) is not part of the address: an order that gives only
 * that gets the default sender with its own goods description.
 */
import type { ShopDateZones } from '../../shared/printio/time';
import { orderLevelFields, REQUEST_ORDER } from './fields';
import { normalizeOrder } from './normalize';
import type { AddressDraft, NormalizationChange, OrderDefaults, OrderDraft, OrderOperation } from './types';
import { hasValue } from './values';

/** The order-level fields the node may give (its Options and the credential's retailer): all but the order number. */
const VALUE_KEYS: readonly string[] = orderLevelFields(REQUEST_ORDER)
	.filter((field) => field.group === 'Options')
	.map((field) => field.key);

const BLOCK_KEYS = ['shipping_information', 'sender_information'] as const;

/** An address block counts as given when any of its address fields has a value (the goods description aside). */
function addressGiven(block: AddressDraft | undefined): boolean {
	return block !== undefined && Object.entries(block).some(([key, value]) => key !== 'item_name' && hasValue(value));
}

function fill(order: OrderDraft, defaults: OrderDefaults | undefined): { order: OrderDraft; used: Set<string> } {
	const used = new Set<string>();
	if (defaults === undefined) return { order, used };
	const result: OrderDraft = { ...order };
	const target = result as Record<string, unknown>;
	const given = defaults as Record<string, unknown>;
	for (const key of VALUE_KEYS) {
		if (given[key] === undefined || hasValue(target[key])) continue;
		target[key] = given[key];
		used.add(key);
	}
	for (const key of BLOCK_KEYS) {
		const own = result[key];
		const given = defaults[key];
		if (given === undefined || addressGiven(own)) continue;
		// The default block (a copy: the same defaults serve every order of the run), with the order's own goods
		// description when that is all it gives.
		result[key] = hasValue(own?.item_name) ? { ...given, item_name: own?.item_name } : { ...given };
		used.add(key);
	}
	return { order: result, used };
}

export interface DefaultsResult {
	order: OrderDraft;
	/** Normalisation changes of the defaults that were used, attributed to `itemIndex`. */
	changes: NormalizationChange[];
	/** The order keys taken from the defaults. */
	used: ReadonlySet<string>;
}

/** The stage: normalise the defaults (when normalisation is on), fill, report the changes of what was used. */
export function fillOrderDefaults(
	order: OrderDraft,
	defaults: OrderDefaults | undefined,
	operation: OrderOperation,
	options: { normalize: boolean; itemIndex: number; timeZones?: ShopDateZones },
): DefaultsResult {
	if (defaults === undefined) return { order, changes: [], used: new Set() };
	const normalized = normalizeOrder(defaults, operation, { enabled: options.normalize, timeZones: options.timeZones });
	const { order: filled, used } = fill(order, normalized.order);
	const changes = normalized.changes
		.filter((entry) => used.has(entry.field.split(/[.[]/)[0]))
		.map((entry) => ({ ...entry, itemIndex: options.itemIndex }));
	return { order: filled, changes, used };
}
