/** Exact repeats are placed once; differing orders are refused, as either could be the right one. */
import type { PreparedOrder } from '../orderInput';
import { isPlainObject } from '../orderInput/values';

export interface RepeatedOrder {
	order: PreparedOrder;
	of: PreparedOrder;
}

export interface ConflictingOrders {
	ecOrderNo: string;
	orders: PreparedOrder[];
	/** Paths, never values: personal data. */
	fields: string[];
}

export interface RepeatCheck {
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
		if (orders.every((order) => !order.request)) continue;
		const [first, ...others] = orders;
		const fields = new Set<string>();
		for (const other of others) differingPaths(first.request, other.request, '', fields);
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

function differingPaths(a: unknown, b: unknown, path: string, into: Set<string>): void {
	if (a === b) return;
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
