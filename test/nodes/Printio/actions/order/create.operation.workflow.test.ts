/**
 * Order › Create: every option, tested on this operation (the shared ones in orderOptions.ts, Create's own here):
 * each test fails when the operation ignores the option.
 */
import fc from 'fast-check';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { orderCreateFields } from '../../../../../nodes/Printio/actions/order/create.fields';
import { sheetRow } from '../../fixtures';
import { resetSandbox, runPrintio } from '../../setup';
import {
	describeSharedOrderOptions,
	orderOperationHarness,
	SHARED_OPTIONS_TESTED,
} from './orderOptions';

describeSharedOrderOptions('create');

describe('Order › Create: its own options', () => {
	const h = orderOperationHarness('create');
	const place = async (options: IDataObject) => {
		await h.clearLog();
		const result = await runPrintio(h.sandbox(), h.parameters(options), {
			input: [{ ec: `OWN-${Math.random()}` }],
		});
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
		const body = await place({
			novelties: {
				novelty: [
					{ name: 'sticker', count: 2 },
					{ name: 'flyer', count: 1 },
				],
			},
		});
		expect(body.action_after_print).toEqual({ novelty: { sticker: 2, flyer: 1 } });
		expect((await place({})).action_after_print ?? null).toBeNull();
	});

	it('Team ID (Internal) is sent only when set', async () => {
		expect((await place({ teamId: '7' })).team_id).toBe('7');
		expect((await place({})).team_id).toBeUndefined();
	});
});

describe('Order › Create: repeats and combined rows within one run (property, through n8n against the sandbox)', () => {
	const h = orderOperationHarness('create');
	interface Row {
		base: 'R-1' | 'R-2';
		padding: string;
		size: 'M' | 'L';
		/** A second line on this row. */
		more: boolean;
		name: 0 | 1;
	}
	const rowArb: fc.Arbitrary<Row> = fc.record({
		base: fc.constantFrom<Row['base']>('R-1', 'R-2'),
		padding: fc.constantFrom('', '', ' ', '\u3000', '\t'),
		size: fc.constantFrom<Row['size']>('M', 'L'),
		more: fc.boolean(),
		name: fc.constantFrom<Row['name']>(0, 0, 0, 1),
	});
	const linesOf = (row: Row) => [
		{ size: row.size, quantity: 1 },
		...(row.more ? [{ size: 'S', quantity: 2 }] : []),
	];
	const itemOf = (row: Row): IDataObject => {
		const item = sheetRow(`${row.padding}${row.base}${row.padding}`, {
			shipping_full_name: ['山田 太郎', '山田 花子'][row.name],
		});
		for (const column of ['line_original_item_code', 'line_color', 'line_size', 'line_quantity'])
			delete item[column];
		item.order_details = linesOf(row).map((line) => ({
			original_item_code: 't0100001',
			color: 'ホワイト',
			...line,
		}));
		return item;
	};
	const same = (a: Row, b: Row) =>
		a.name === b.name && JSON.stringify(linesOf(a)) === JSON.stringify(linesOf(b));

	it('one EC order number is placed at most once: repeats answer with it, differing rows are refused, combined rows are one order', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(rowArb, { minLength: 1, maxLength: 6 }),
				fc.boolean(),
				async (rows, combine) => {
					await resetSandbox(h.sandbox());
					const result = await runPrintio(
						h.sandbox(),
						{
							resource: 'order',
							operation: 'create',
							inputMode: 'autoMap',
							options: { groupByEcOrderNo: combine },
						},
						{ input: rows.map(itemOf), continueOnFail: true },
					);
					expect(result.error).toBeUndefined();
					const posts = await h.placements();
					const byKey = new Map<string, number[]>();
					rows.forEach((row, index) =>
						byKey.set(row.base, [...(byKey.get(row.base) ?? []), index]),
					);
					expect(posts.map((post) => post.body?.ec_order_no).sort()).toEqual(
						[...byKey]
							.filter(([, indexes]) =>
								combine
									? new Set(indexes.map((i) => rows[i].name)).size === 1
									: indexes.every((i) => same(rows[indexes[0]], rows[i])),
							)
							.map(([key]) => key)
							.sort(),
					);
					const out = result.items.map((item) => item.json);
					for (const [key, indexes] of byKey) {
						const post = posts.find((entry) => entry.body?.ec_order_no === key);
						const lines = (post?.body?.order_details as IDataObject[] | undefined)?.map((line) => [
							line.size,
							line.quantity,
						]);
						if (combine) {
							// One output item for the order, paired with all its rows.
							const item = result.items.find((entry) =>
								([] as Array<{ item: number }>)
									.concat(entry.pairedItem as { item: number })
									.some((paired) => paired.item === indexes[0]),
							)!;
							if (post) {
								expect(lines).toEqual(
									indexes.flatMap((i) =>
										linesOf(rows[i]).map((line) => [line.size, line.quantity]),
									),
								);
								expect(item.json.order_no).toMatch(/^PO/);
							} else {
								expect(String(item.json.error)).toMatch(
									/is invalid: shipping_information\.full_name/,
								);
							}
						} else if (post) {
							expect(lines).toEqual(
								linesOf(rows[indexes[0]]).map((line) => [line.size, line.quantity]),
							);
							const numbers = new Set(indexes.map((i) => out[i].order_no));
							expect(numbers.size).toBe(1);
							expect(
								out.filter(
									(json, i) => indexes.includes(i) && json.duplicate_of_item === indexes[0],
								),
							).toHaveLength(indexes.length - 1);
						} else {
							for (const i of indexes)
								expect(String(out[i].error)).toMatch(
									/share EC order number "R-\d" but are different orders/,
								);
						}
					}
				},
			),
			{ numRuns: 40 },
		);
	});
});

describe('the option list', () => {
	it('every option of this operation has a test above (Pause Between Batches only changes timing, which is not asserted)', () => {
		const options = orderCreateFields('orderByCode').find((field) => field.name === 'options')!;
		const names = (options.options as INodeProperties[]).map((option) => option.name).sort();
		expect(names).toEqual(
			[...SHARED_OPTIONS_TESTED, 'novelties', 'shippingMethod', 'teamId', 'batchPauseMs'].sort(),
		);
	});
});
