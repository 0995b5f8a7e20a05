/**
 * Order › Create With Images: every option, tested on this operation (the shared ones in orderOptions.ts, the
 * design check's settings here): each test fails when the operation ignores the option.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { orderCreateFields } from '../../../../../nodes/Printio/actions/order/create.fields';
import { control, runPrintio } from '../../setup';
import {
	describeSharedOrderOptions,
	orderOperationHarness,
	SHARED_OPTIONS_TESTED,
} from './orderOptions';

describeSharedOrderOptions('createWithImages');

describe('Order › Create With Images: the design check’s settings', () => {
	const h = orderOperationHarness('createWithImages');
	const designRequests = async (): Promise<Array<{ name: string }>> =>
		await control(h.sandbox(), 'GET', '/design-requests');
	const place = async (design: string, options: IDataObject = {}) =>
		await runPrintio(
			h.sandbox(),
			h.parameters(options, {
				lines: {
					line: [
						{
							itemCode: 'OGB-910',
							color: 'ホワイト',
							size: 'M',
							quantity: 1,
							frontOutputUrl: h.designUrl(design),
						},
					],
				},
			}),
			{
				input: [{ ec: `DC-${design}-${Object.keys(options).join('-')}` }],
			},
		);

	it('Check Design Files First (on by default): an HTML page served as .png is refused unsent; off, it is sent unread', async () => {
		const checked = await place('not-an-image.png');
		expect(checked.error?.message).toMatch(/is not a PNG, JPG or PDF file: it is an HTML page/);
		expect(await h.placements()).toEqual([]);
		expect((await designRequests()).length).toBeGreaterThan(0);

		await control(h.sandbox(), 'DELETE', '/design-requests');
		const unchecked = await place('not-an-image.png', { preflight: false });
		expect(unchecked.error).toBeUndefined();
		expect(unchecked.items[0].json.preflight).toBeUndefined();
		expect(await h.placements()).toHaveLength(1);
		expect(await designRequests()).toEqual([]);
	});

	it('Design Size Rule: a square design fits the 2205 × 2756 area (default Fit), but does not cover it (Cover)', async () => {
		const fit = await place('2300x2300.jpg');
		expect(fit.error).toBeUndefined();
		expect(fit.items[0].json.preflight).toMatchObject([{ ok: true, rule: 'fit' }]);
		const cover = await place('2300x2300.jpg', { preflightRule: 'cover' });
		expect(cover.error?.message).toMatch(/needs at least 2205 × 2756 px to cover it/);
		expect(await h.placements()).toHaveLength(1);
		// Exactly the area covers it.
		expect((await place('2205x2756.png', { preflightRule: 'cover' })).error).toBeUndefined();
	});

	it('When Design Is Too Small: Stop With an Error (default) sends nothing; Send and Warn sends it with the warning', async () => {
		const stopped = await place('2204x2755.png');
		expect(stopped.error?.message).toMatch(/design too small for OGB-910/);
		expect(await h.placements()).toEqual([]);
		const warned = await place('2204x2755.png', { preflightTooSmall: 'warn' });
		expect(warned.error).toBeUndefined();
		expect(warned.items[0].json.preflight).toMatchObject([
			{ ok: false, warning: expect.stringMatching(/too small/) },
		]);
		expect(await h.placements()).toHaveLength(1);
	});
});

describe('Order › Create With Images: one design URL on two items', () => {
	const h = orderOperationHarness('createWithImages');
	it('is checked against each item’s own print area: it covers the hoodie’s, not the T-shirt’s', async () => {
		// 2205 × 2362 px is exactly PKB-110's area (280 × 300 mm at 200 dpi); OGB-910's is 2205 × 2756.
		const lines = {
			line: [
				{
					itemCode: '={{ $json.item }}',
					color: 'ホワイト',
					size: 'M',
					quantity: 1,
					frontOutputUrl: h.designUrl('2205x2362.png'),
				},
			],
		};
		const result = await runPrintio(
			h.sandbox(),
			h.parameters({ preflightRule: 'cover' }, { lines }),
			{
				input: [
					{ ec: 'SHARED-TEE', item: 'OGB-910' },
					{ ec: 'SHARED-HOODIE', item: 'PKB-110' },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(String(result.items[0].json.error)).toMatch(
			/^Design preflight, order "SHARED-TEE" line 1 \(front\): .*needs at least 2205 × 2756 px to cover it/,
		);
		expect(result.items[1].json).toMatchObject({
			ec_order_no: 'SHARED-HOODIE',
			preflight: [{ ok: true }],
		});
		expect((await h.placements()).map((post) => post.body?.ec_order_no)).toEqual(['SHARED-HOODIE']);
	});
});

describe('the option list', () => {
	it('every option of this operation has a test above (Pause Between Batches only changes timing, which is not asserted)', () => {
		const options = orderCreateFields('orderWithImage').find((field) => field.name === 'options')!;
		const names = (options.options as INodeProperties[]).map((option) => option.name).sort();
		expect(names).toEqual(
			[
				...SHARED_OPTIONS_TESTED,
				'preflight',
				'preflightRule',
				'preflightTooSmall',
				'batchPauseMs',
			].sort(),
		);
	});
});
