/**
 * Whether a shop line's code is an original item (the look-up stage's answers to the shop lines' questions, through
 * lookUpOrders): one read per code, retailer and run, by the code kind asked, shared with the catalog match.
 */
import type { PrintioApi } from '../../../../nodes/shared/printio/transport';
import { type OriginalItemQuery, questionKey } from '../../../../nodes/Printio/orderInput';
import { originalItemRecord } from '../../../../nodes/Printio/helpers/catalogItem';
import { catalogService, lookedUpBy, originalItem, runOf } from '../orderRun/fakes';

/** The look-up's answer to one shop line's question, as the read stage asks it. */
const originalItemExists = async (api: PrintioApi, query: OriginalItemQuery) =>
	(
		await lookedUpBy(api, runOf('orderByCode', { options: { concurrency: 1 } }), {
			entries: [],
			questions: [{ ...query, wantsOptions: false }],
		})
	).shop.found.get(questionKey(query));

describe('originalItemExists', () => {
	it('is true for a code Printio knows, by either kind of code, and false for one it does not', async () => {
		const service = catalogService({ originalItems: [originalItem('OI-1', 'IT-1')] });
		expect(
			await originalItemExists(service.api, {
				retailerId: 7,
				by: 'original_item_code',
				code: 'OI-1',
				itemIndex: 0,
			}),
		).toBe(true);
		expect(
			await originalItemExists(service.api, {
				retailerId: 7,
				by: 'ec_original_item_code',
				code: 'EC-OI-1',
				itemIndex: 0,
			}),
		).toBe(true);
		expect(
			await originalItemExists(service.api, {
				retailerId: 7,
				by: 'ec_original_item_code',
				code: 'OI-1',
				itemIndex: 0,
			}),
		).toBe(false);
		expect(
			await originalItemExists(service.api, {
				retailerId: 8,
				by: 'original_item_code',
				code: 'OI-9',
				itemIndex: 0,
			}),
		).toBe(false);
		expect(service.routes()).toEqual([
			'GET /original-items {"retailer_id":7,"original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":7,"ec_original_item_code":"EC-OI-1"}',
			'GET /original-items {"retailer_id":7,"ec_original_item_code":"OI-1"}',
			'GET /original-items {"retailer_id":8,"original_item_code":"OI-9"}',
		]);
	});

	it('reads a code once per run: asking again, or the catalog match reading its record, sends nothing more', async () => {
		const service = catalogService({ originalItems: [originalItem('OI-1', 'IT-1')] });
		const query = { retailerId: 7, by: 'original_item_code' as const, code: 'OI-1', itemIndex: 0 };
		await originalItemExists(service.api, query);
		await originalItemExists(service.api, query);
		expect(
			(await originalItemRecord(service.api, 7, 'original_item_code', 'OI-1', 0))?.item_code,
		).toBe('IT-1');
		expect(service.sent).toHaveLength(1);
	});
});
