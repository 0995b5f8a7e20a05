/**
 * normalizeOrder (nodes/Printio/orderInput/normalize.ts) reads counts as numbers inside action_after_print only:
 * EC Optional Information is returned to the retailer exactly as sent, whatever its shape.
 */
import { normalizeOrder } from '../../../../nodes/Printio/orderInput/normalize';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder } from './fixtures';

describe('normalizeOrder and novelties', () => {
	it('turns the counts of action_after_print into numbers, and leaves a look-alike in EC Optional Information as given', () => {
		const lookAlike = { novelty: { sticker: '2' } };
		const draft = {
			...byCodeOrder(),
			action_after_print: { novelty: { sticker: '3' } },
			ec_optional_information: lookAlike,
		} as unknown as OrderDraft;
		const { order, changes } = normalizeOrder(draft, 'orderByCode');
		expect(order.action_after_print).toStrictEqual({ novelty: { sticker: 3 } });
		expect(order.ec_optional_information).toStrictEqual({ novelty: { sticker: '2' } });
		expect(
			changes
				.map((entry) => entry.field)
				.filter((field) => field.startsWith('ec_optional_information')),
		).toEqual([]);
	});
});
