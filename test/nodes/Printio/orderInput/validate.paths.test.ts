/**
 * Problems of optional text fields name the field where it is (nodes/Printio/orderInput/validate.ts): a mail
 * address or Team ID that is not text (a number from a sheet cell or an expression) is reported under its own
 * path, the one the item's error and the form's label are built from.
 */
import fc from 'fast-check';

import { validateAddressBlock, validateOrder } from '../../../../nodes/Printio/orderInput/validate';
import { byCodeOrder, senderBlock, shippingBlock } from './fixtures';

const notText = fc.oneof(
	fc.integer(),
	fc.boolean(),
	fc.constant({ address: 'x' }),
	fc.constant(['a@b.jp']),
);

describe('validate: optional text that is not text', () => {
	it.each([
		['shipping_information', shippingBlock],
		['sender_information', senderBlock],
	] as const)('%s.mail_address is reported at its path', (path, block) => {
		fc.assert(
			fc.property(notText, (value) => {
				const fields = validateAddressBlock({ ...block(), mail_address: value as never }, path).map(
					(problem) => problem.field,
				);
				expect(fields).toContain(`${path}.mail_address`);
				expect(fields.every((field) => field === `${path}.mail_address`)).toBe(true);
			}),
		);
	});

	it('team_id is reported as team_id', () => {
		fc.assert(
			fc.property(notText, (value) => {
				const fields = validateOrder(
					{ ...byCodeOrder(), team_id: value as never },
					'orderByCode',
				).map((problem) => problem.field);
				expect(fields).toStrictEqual(['team_id']);
			}),
		);
	});
});
