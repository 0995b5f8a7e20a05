/** The check stage: design, stock and Validate Only's report judged from the look-up's reads; no body rewritten. */
import { refuseOutOfStock } from '../checks/stockPreflight';
import type { Run } from './createOrders';
import type { LookedUp } from './lookUp';
import type { PreparedOrders } from './prepare';
import { type CheckedOrders, withRefusedCount } from './answer';

export function checkOrders(run: Run, prepared: PreparedOrders, lookedUp: LookedUp): CheckedOrders {
	if (run.validateOnly) return { passed: prepared.orders, refused: [], dryRun: lookedUp.dryRun };
	const design = lookedUp.design ?? { passed: prepared.orders, refused: [] };
	const [first] = design.refused;
	if (first && !first.ok && !run.continueOnFail)
		throw withRefusedCount(first.error, design.refused.length);
	const refused = run.checkStock
		? refuseOutOfStock.call(run.context, design.passed, lookedUp.stock, run.continueOnFail)
		: [];
	const passed = design.passed.filter((order) => !refused.some((entry) => entry.order === order));
	return { passed, refused: [...design.refused, ...refused] };
}
