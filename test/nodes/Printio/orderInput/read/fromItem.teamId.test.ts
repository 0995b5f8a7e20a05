/**
 * Map Columns as the read stage reads an item (nodes/Printio/orderInput/read/fromItem.ts), beyond fromItem.test.ts: a team_id that is not text
 * is reported under its own name.
 */
import { mapItemToOrder } from '../../orderRun/fakes';

describe('order-level fields of order-by-code', () => {
	it('a team_id that is not text is reported as team_id and left out', () => {
		expect(
			mapItemToOrder({ ec_order_no: 'EC-1', team_id: { id: 'T1' } }, 'orderByCode', 2),
		).toStrictEqual({
			order: { ec_order_no: 'EC-1' },
			problems: [
				{ field: 'team_id', message: 'must be text', fix: 'Give team_id as text.', itemIndex: 2 },
			],
			ignoredFields: [],
		});
	});
});
