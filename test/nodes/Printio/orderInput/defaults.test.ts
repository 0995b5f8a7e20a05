/**
 * The defaults stage's edges: a default that is not set fills nothing (not even an empty key), and with
 * normalisation off the defaults are used exactly as given, with no change reported; the time zones reach the
 * defaults' normalisation.
 */
import { fillOrderDefaults } from '../../../../nodes/Printio/orderInput/defaults';
import type { OrderDefaults, OrderDraft } from '../../../../nodes/Printio/orderInput/types';

/** The defaults stage with normalisation off: the values as they are. */
const filled = (order: OrderDraft, defaults: OrderDefaults) =>
	fillOrderDefaults(order, defaults, 'orderByCode', { normalize: false, itemIndex: 0 }).order;

describe('filling', () => {
	it('fills only the values the defaults set; the others stay absent', () => {
		expect(filled({ ec_order_no: 'A-1' }, { team_id: 'T' })).toStrictEqual({
			ec_order_no: 'A-1',
			team_id: 'T',
		});
		expect(filled({ ec_order_no: 'A-1' }, {})).toStrictEqual({ ec_order_no: 'A-1' });
		expect(filled({ ec_order_no: 'A-1', team_id: '' }, { shipping_method: 2 })).toStrictEqual({
			ec_order_no: 'A-1',
			team_id: '',
			shipping_method: 2,
		});
	});
});

describe('fillOrderDefaults', () => {
	it('reports as used only the keys the defaults set', () => {
		const { order, used, changes } = fillOrderDefaults(
			{ ec_order_no: 'A-1' },
			{ retailer_id: 7 },
			'orderByCode',
			{ normalize: true, itemIndex: 0 },
		);
		expect(order).toStrictEqual({ ec_order_no: 'A-1', retailer_id: 7 });
		expect([...used]).toStrictEqual(['retailer_id']);
		expect(changes).toStrictEqual([]);
	});

	it('with normalisation off, the defaults are used as given and no change is reported', () => {
		const defaults = {
			team_id: ' T 1 ',
			retailer_id: '７',
			shipping_method: '2',
			sender_information: { zip_code: '〒530-0001', full_name: ' Shop ' },
		};
		expect(
			fillOrderDefaults({ ec_order_no: 'A-1' }, defaults, 'orderByCode', {
				normalize: false,
				itemIndex: 3,
			}),
		).toStrictEqual({
			order: { ec_order_no: 'A-1', ...defaults },
			changes: [],
			used: new Set(['retailer_id', 'team_id', 'shipping_method', 'sender_information']),
		});
	});

	it('with normalisation on, the same defaults are normalised and each change carries the item index', () => {
		const defaults = { team_id: ' T1 ', retailer_id: '７' };
		expect(
			fillOrderDefaults({}, defaults, 'orderByCode', { normalize: true, itemIndex: 3 }),
		).toStrictEqual({
			order: { team_id: 'T1', retailer_id: 7 },
			changes: [
				{
					field: 'retailer_id',
					rule: 'fullWidthToHalfWidth',
					message: 'retailer_id: converted full-width digits, letters or spaces to half-width',
					itemIndex: 3,
				},
				{
					field: 'retailer_id',
					rule: 'numberParsed',
					message: 'retailer_id: read a number written as text',
					itemIndex: 3,
				},
				{
					field: 'team_id',
					rule: 'trimmed',
					message: 'team_id: removed spaces at the start or end',
					itemIndex: 3,
				},
			],
			used: new Set(['retailer_id', 'team_id']),
		});
	});

	it('a default shop timestamp becomes its date in the API time zone given', () => {
		const fill = (timeZones?: { api: string; input: string }) =>
			fillOrderDefaults({}, { ec_order_date: '2025-03-08T20:00:00Z' }, 'orderWithImage', {
				normalize: true,
				itemIndex: 0,
				timeZones,
			}).order;
		expect(fill({ api: 'UTC', input: 'UTC' })).toStrictEqual({ ec_order_date: '2025-03-08' });
		expect(fill({ api: 'Asia/Tokyo', input: 'UTC' })).toStrictEqual({
			ec_order_date: '2025-03-09',
		});
	});
});
