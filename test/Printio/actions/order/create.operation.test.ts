/**
 * Order › Create: every option, tested on this operation (the shared ones in orderOptions.ts, Create's own here):
 * each test fails when the operation ignores the option.
 */
import type { IDataObject } from 'n8n-workflow';

import { runPrintio } from '../../../nodes/setup';
import { describeSharedOrderOptions, orderOperationHarness } from './orderOptions';

describeSharedOrderOptions('create');

describe('Order › Create: its own options', () => {
	const h = orderOperationHarness('create');
	const place = async (options: IDataObject) => {
		await h.clearLog();
		const result = await runPrintio(h.sandbox(), h.parameters(options), { input: [{ ec: `OWN-${Math.random()}` }] });
		expect(result.error).toBeUndefined();
		return (await h.placements())[0].body!;
	};

	it('Shipping Method: 1 and 2 are sent; Default sends none (Printio’s default)', async () => {
		expect((await place({ shippingMethod: 1 })).shipping_method).toBe(1);
		expect((await place({ shippingMethod: 2 })).shipping_method).toBe(2);
		expect((await place({ shippingMethod: 0 })).shipping_method).toBeUndefined();
		expect((await place({})).shipping_method).toBeUndefined();
	});

	it('Novelties: each novelty with its count goes into action_after_print; none, none', async () => {
		const body = await place({ novelties: { novelty: [{ name: 'sticker', count: 2 }, { name: 'flyer', count: 1 }] } });
		expect(body.action_after_print).toEqual({ novelty: { sticker: 2, flyer: 1 } });
		expect((await place({})).action_after_print ?? null).toBeNull();
	});

	it('Team ID (Internal) is sent only when set', async () => {
		expect((await place({ teamId: '7' })).team_id).toBe('7');
		expect((await place({})).team_id).toBeUndefined();
	});
});
