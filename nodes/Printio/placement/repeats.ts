/**
 * One run, one order per EC order number. Orders of one run that share an ec_order_no (possible only with
 * Combine Rows off: a webhook batch with the same order twice, Item › Get Many into a fixed EC order number, a
 * sheet with one row per line) are never all sent: exact repeats are placed once and the others answer with
 * that order; orders that differ are refused before anything is sent, because either could be the right one.
 */
import type { PreparedOrder } from '../orderInput';
import { isPlainObject } from '../orderInput/values';

export interface RepeatedOrder {
	order: PreparedOrder;
	/** The order it repeats (the first of its EC order number in the input). */
	of: PreparedOrder;
}

export interface ConflictingOrders {
	ecOrderNo: string;
	orders: PreparedOrder[];
	/** Field paths that differ between the orders (never values: personal data). */
	fields: string[];
}

export interface RepeatCheck {
	/** Everything that is neither a repeat nor part of a conflict, in input order. */
	orders: PreparedOrder[];
	repeats: RepeatedOrder[];
	conflicts: ConflictingOrders[];
}

const MAX_FIELDS_NAMED = 6;

export function findRepeats(prepared: readonly PreparedOrder[]): RepeatCheck {
	const byEcOrderNo = new Map<string, PreparedOrder[]>();
	for (const order of prepared) {
		const key = ecOrderNoOf(order);
		if (key !== undefined) byEcOrderNo.set(key, [...(byEcOrderNo.get(key) ?? []), order]);
	}
	const check: RepeatCheck = { orders: [], repeats: [], conflicts: [] };
	const settled = new Set<PreparedOrder>();
	for (const [ecOrderNo, orders] of byEcOrderNo) {
		// Invalid throughout: nothing is sent anyway, and each reports its own problems.
		if (orders.every((order) => !order.request)) continue;
		// A lone order has no others: no repeat, no differing field, nothing recorded below.
		const [first, ...others] = orders;
		const fields = new Set<string>();
		for (const other of others) differingPaths(first.request, other.request, '', fields);
		// No differing path: every body is the first one's (a missing body differs from a present one at '(order)').
		if (fields.size === 0) {
			for (const other of others) check.repeats.push({ order: other, of: first });
			for (const other of others) settled.add(other);
			continue;
		}
		check.conflicts.push({ ecOrderNo, orders, fields: [...fields].slice(0, MAX_FIELDS_NAMED) });
		for (const order of orders) settled.add(order);
	}
	check.orders = prepared.filter((order) => !settled.has(order));
	return check;
}

function ecOrderNoOf(order: PreparedOrder): string | undefined {
	const value = order.request?.ec_order_no ?? order.ecOrderNo;
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Collects the paths where two JSON-like values differ, key order ignored. */
function differingPaths(a: unknown, b: unknown, path: string, into: Set<string>): void {
	if (a === b) return;
	// Lists of different lengths differ as a whole (below), not entry by entry.
	if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
		a.forEach((entry, index) => differingPaths(entry, b[index], `${path}[${index}]`, into));
		return;
	}
	if (isPlainObject(a) && isPlainObject(b)) {
		for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
			differingPaths(a[key], b[key], path ? `${path}.${key}` : key, into);
		}
		return;
	}
	into.add(path || '(order)');
}
