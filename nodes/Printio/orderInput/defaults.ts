/** Address blocks are taken whole: the credential's zip code under the order's street would be a wrong address. */
import type { ShopDateZones } from '../../shared/printio/time';
import { orderLevelFields, REQUEST_ORDER } from './fields';
import { normalizeOrder } from './normalize';
import type {
	AddressDraft,
	NormalizationChange,
	OrderDefaults,
	OrderDraft,
	OrderOperation,
} from './types';
import { hasValue } from './values';

const VALUE_KEYS: readonly string[] = orderLevelFields(REQUEST_ORDER)
	.filter((field) => field.group === 'Options')
	.map((field) => field.key);

const BLOCK_KEYS = ['shipping_information', 'sender_information'] as const;

function addressGiven(block: AddressDraft | undefined): boolean {
	return (
		block !== undefined &&
		Object.entries(block).some(([key, value]) => key !== 'item_name' && hasValue(value))
	);
}

function fill(
	order: OrderDraft,
	defaults: OrderDefaults | undefined,
): { order: OrderDraft; used: Set<string> } {
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
		// The same defaults serve every order of the run.
		result[key] = hasValue(own?.item_name) ? { ...given, item_name: own?.item_name } : { ...given };
		used.add(key);
	}
	return { order: result, used };
}

export interface DefaultsResult {
	order: OrderDraft;
	changes: NormalizationChange[];
	used: ReadonlySet<string>;
}

export function fillOrderDefaults(
	order: OrderDraft,
	defaults: OrderDefaults | undefined,
	operation: OrderOperation,
	options: { normalize: boolean; itemIndex: number; timeZones?: ShopDateZones },
): DefaultsResult {
	if (defaults === undefined) return { order, changes: [], used: new Set() };
	const normalized = normalizeOrder(defaults, operation, {
		enabled: options.normalize,
		timeZones: options.timeZones,
	});
	const { order: filled, used } = fill(order, normalized.order);
	const changes = normalized.changes
		.filter((entry) => used.has(entry.field.split(/[.[]/)[0]))
		.map((entry) => ({ ...entry, itemIndex: options.itemIndex }));
	return { order: filled, changes, used };
}
