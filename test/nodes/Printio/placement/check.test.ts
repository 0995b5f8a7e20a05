/**
 * The check stage (checkOrders) over what the prepare and look-up stages give: Validate Only passes every prepared
 * order on with the look-up's dry run and refuses none; Create With Images' design preflight refuses an order whose
 * design fails, stopping the run (saying how many more) without Continue On Fail, each on its own with it; nothing
 * checked, nothing refused.
 * Check Stock First: check.stock.test.ts.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { checkOrders } from '../../../../nodes/Printio/placement/check';
import { prepareOrders } from '../../../../nodes/Printio/placement/prepare';
import {
	catalogService,
	colors,
	item,
	lookedUpBy,
	orderRow,
	originalItem,
	readOf,
	runOf,
	type RunSettings,
	sizes,
} from '../orderRun/fakes';

const CATALOG = {
	originalItems: [originalItem('OI-1', 'IT-1', { colors: colors(['White']), sizes: sizes('M') })],
	items: [item('IT-1', { colors: colors(['White']), sizes: sizes('M') })],
};

/** A Create With Images line whose design sits on a host that cannot be reached. */
const imageLine = (name: string) => ({
	item_code: 'IT-1',
	color: 'White',
	size: 'M',
	quantity: 1,
	image_urls: {
		values: [
			{ position: 'back', urls: [{ type: 'Output', url: `https://designs.example.test/${name}` }] },
		],
	},
});

async function check(
	operation: 'orderByCode' | 'orderWithImage',
	rows: Array<ReturnType<typeof orderRow>>,
	settings: RunSettings = {},
) {
	const service = catalogService(CATALOG);
	Object.assign(service.context.helpers, {
		httpRequest: async () => {
			throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
		},
	});
	const run = runOf(operation, settings);
	const read = readOf(rows);
	const lookedUp = await lookedUpBy(service.api, run, read, service.context as IExecuteFunctions);
	const prepared = prepareOrders(run, read, lookedUp);
	try {
		return { prepared, lookedUp, checked: checkOrders(run, prepared, lookedUp), error: undefined };
	} catch (error) {
		return {
			prepared,
			lookedUp,
			checked: undefined,
			error: error as Error & { description?: string },
		};
	}
}

const byCode = (itemIndex: number, ec: string) =>
	orderRow(itemIndex, ec, [{ original_item_code: 'OI-1', color: 'White', size: 'M', quantity: 1 }]);

describe('checkOrders', () => {
	it('nothing to check: every prepared order passes, none is refused', async () => {
		const { prepared, checked } = await check('orderByCode', [byCode(0, 'A'), byCode(1, 'B')]);
		expect(checked).toEqual({ passed: prepared.orders, refused: [] });
		expect(checked?.passed.map((order) => order.body.ec_order_no)).toEqual(['A', 'B']);
	});

	it("Validate Only: every prepared order passes with the look-up's dry run, none is refused, no design checked", async () => {
		const { prepared, lookedUp, checked } = await check(
			'orderWithImage',
			[orderRow(0, 'A', [imageLine('a.png')], 7, 'orderWithImage')],
			{ options: { validateOnly: true } },
		);
		expect(lookedUp.design).toBeUndefined();
		expect(checked?.passed).toBe(prepared.orders);
		expect(checked?.refused).toEqual([]);
		expect(checked?.dryRun).toBe(lookedUp.dryRun);
		expect(checked?.dryRun).toEqual({ reports: [expect.anything()] });
	});

	it('Create With Images: a design that fails stops the run before anything is sent, saying how many more; one alone says only that nothing was sent', async () => {
		const two = await check('orderWithImage', [
			orderRow(0, 'A', [imageLine('a.png')], 7, 'orderWithImage'),
			orderRow(1, 'B', [imageLine('b.png')], 7, 'orderWithImage'),
		]);
		expect(two.checked).toBeUndefined();
		expect(two.error?.message).toMatch(
			/^Design preflight, order "A" line 1 \(back\): .*host not found/,
		);
		expect(two.error?.description).toMatch(
			/\n1 more order\(s\) of this run have a design that failed the check\. No order of this run was sent: every design is checked before the first order goes out\.$/,
		);
		const one = await check('orderWithImage', [
			orderRow(0, 'A', [imageLine('a.png')], 7, 'orderWithImage'),
		]);
		expect(one.error?.description).toMatch(
			/\nNo order of this run was sent: every design is checked before the first order goes out\.$/,
		);
		expect(one.error?.description).not.toContain('more order(s)');
	});

	it('Create With Images with Continue On Fail: each order whose design fails is refused on its own, none stops the run', async () => {
		const { prepared, checked, error } = await check(
			'orderWithImage',
			[
				orderRow(0, 'A', [imageLine('a.png')], 7, 'orderWithImage'),
				orderRow(1, 'B', [imageLine('b.png')], 7, 'orderWithImage'),
			],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(checked?.passed).toEqual([]);
		expect(checked?.refused.map((outcome) => [outcome.ok, outcome.order])).toEqual([
			[false, prepared.orders[0]],
			[false, prepared.orders[1]],
		]);
		expect(
			checked?.refused.map(
				(outcome) => !outcome.ok && outcome.error.message.includes('host not found'),
			),
		).toEqual([true, true]);
	});

	it('Create With Images with the preflight off: no design is checked', async () => {
		const { lookedUp, checked } = await check(
			'orderWithImage',
			[orderRow(0, 'A', [imageLine('a.png')], 7, 'orderWithImage')],
			{ options: { preflight: false } },
		);
		expect(lookedUp.design).toBeUndefined();
		expect(checked?.passed).toHaveLength(1);
	});
});
