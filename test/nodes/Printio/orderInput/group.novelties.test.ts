/**
 * groupOrderRows (nodes/Printio/orderInput/group.ts), beyond group.repeats.test.ts: novelties compared count by count, so
 * one changed count among several is a conflict (the equal counts beside it do not hide it).
 */
import { groupOrderRows } from '../../../../nodes/Printio/orderInput/group';
import type { OrderRow } from '../../../../nodes/Printio/orderInput/group';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder } from './fixtures';

function row(itemIndex: number, patch: Partial<OrderDraft>): OrderRow {
	return { itemIndex, order: { ...byCodeOrder(), ec_order_no: 'EC-1042', ...patch } };
}

describe('novelties of the rows of one order', () => {
	it('one count changed among several is a conflict on the row that changed it', () => {
		const [group] = groupOrderRows([
			row(0, { action_after_print: { novelty: { sticker: 1, postcard: 1 } } }),
			row(1, { action_after_print: { novelty: { sticker: 1, postcard: 2 } } }),
		]);
		expect(group.problems.map((problem) => [problem.field, problem.itemIndex])).toStrictEqual([
			['action_after_print', 1],
		]);
		expect(group.order.action_after_print).toStrictEqual({ novelty: { sticker: 1, postcard: 1 } });
	});
});
