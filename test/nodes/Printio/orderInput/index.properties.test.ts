/**
 * The order input's entry point, readOrderInput (what Order › Create and Create With Images call), as
 * properties: grouping and repeats of rows that share an EC order number (identical, with a changed field, with
 * more or fewer lines, the number with whitespace or in full width), and every limit exactly at the limit
 * (accepted) and one over (refused), half- and full-width counted as the spec counts them. The repeats are found
 * by findRepeats on readOrderInput's orders, as the operation does.
 */
import fc from 'fast-check';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import {
	connection,
	MAP_COLUMNS,
	parameterContext,
	readAndPrepare as readOrderInput,
} from '../orderRun/fakes';

import { findRepeats } from '../../../../nodes/Printio/placement/repeats';
import type { OrderOperation, PrepareOptions } from '../../../../nodes/Printio/orderInput';
import { LIMITS } from '../../../../api/limits';
import { sheetRow } from '../fixtures';

async function read(
	rows: IDataObject[],
	operation: OrderOperation = 'orderByCode',
	options: PrepareOptions = {},
) {
	const items: INodeExecutionData[] = rows.map((json) => ({ json }));
	return await readOrderInput.call(parameterContext(MAP_COLUMNS), items, operation, connection, {
		continueOnFail: true,
		normalize: true,
		addressOverflow: 'fail',
		...options,
	});
}

// ------------------------------------------------------------------ grouping and repeats

interface ModelRow {
	base: string;
	/** How the EC order number is written: as is, padded with whitespace, or in full-width letters/digits. */
	spelling: 'plain' | 'padded' | 'fullWidth';
	padding: string;
	lines: Array<{ size: string; quantity: number }>;
	/** A changed order-level field (the recipient's name). */
	nameVariant: 0 | 1;
}

const toFullWidth = (text: string) =>
	text.replace(/[0-9A-Za-z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
const RECIPIENTS = ['山田 太郎', '山田 花子'];

const rowArb: fc.Arbitrary<ModelRow> = fc.record({
	base: fc.constantFrom('A-1', 'B-2', 'C3'),
	spelling: fc.constantFrom<ModelRow['spelling']>('plain', 'plain', 'padded', 'fullWidth'),
	padding: fc.constantFrom(' ', '  ', '\t', '\u3000', ' \u3000 '),
	lines: fc.array(
		fc.record({ size: fc.constantFrom('S', 'M', 'L'), quantity: fc.integer({ min: 1, max: 3 }) }),
		{ minLength: 1, maxLength: 3 },
	),
	nameVariant: fc.constantFrom<0 | 1>(0, 0, 0, 1),
});

/** The EC order number as the row gives it, and the key it is one order by (trimmed, characters kept). */
function written(row: ModelRow): { given: string; key: string } {
	if (row.spelling === 'fullWidth')
		return { given: toFullWidth(row.base), key: toFullWidth(row.base) };
	if (row.spelling === 'padded')
		return { given: `${row.padding}${row.base}${row.padding}`, key: row.base };
	return { given: row.base, key: row.base };
}

function itemOf(row: ModelRow): IDataObject {
	const order = sheetRow(written(row).given);
	for (const column of ['line_original_item_code', 'line_color', 'line_size', 'line_quantity'])
		delete order[column];
	return {
		...order,
		shipping_full_name: RECIPIENTS[row.nameVariant],
		order_details: row.lines.map((line) => ({
			original_item_code: 't0100001',
			color: 'ホワイト',
			size: line.size,
			quantity: line.quantity,
		})),
	};
}

const sameContent = (a: ModelRow, b: ModelRow) =>
	a.nameVariant === b.nameVariant && JSON.stringify(a.lines) === JSON.stringify(b.lines);

function byKey(rows: ModelRow[]): Map<string, number[]> {
	const groups = new Map<string, number[]>();
	rows.forEach((row, index) =>
		groups.set(written(row).key, [...(groups.get(written(row).key) ?? []), index]),
	);
	return groups;
}

describe('readOrderInput: rows that share an EC order number', () => {
	it('Combine Rows off: one order per row; exact repeats answer with the first, differing ones conflict (number trimmed, width kept)', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 8 }), async (rows) => {
				const { orders, unreadable } = await read(rows.map(itemOf), 'orderByCode', {
					groupByEcOrderNo: false,
				});
				expect(unreadable.size).toBe(0);
				expect(orders.map((order) => order.itemIndexes)).toEqual(rows.map((_, index) => [index]));
				expect(orders.map((order) => order.request?.ec_order_no)).toEqual(
					rows.map((row) => written(row).key),
				);
				orders.forEach((order, index) =>
					expect(order.request?.order_details.map((line) => [line.size, line.quantity])).toEqual(
						rows[index].lines.map((line) => [line.size, line.quantity]),
					),
				);

				const check = findRepeats(orders);
				const expectedRepeats: Array<[number, number]> = [];
				const expectedConflicts: Array<[string, number[]]> = [];
				const settled = new Set<number>();
				for (const [key, indexes] of byKey(rows)) {
					if (indexes.length < 2) continue;
					const [first, ...others] = indexes;
					if (others.every((index) => sameContent(rows[first], rows[index]))) {
						for (const index of others) expectedRepeats.push([index, first]);
						others.forEach((index) => settled.add(index));
					} else {
						expectedConflicts.push([key, indexes]);
						indexes.forEach((index) => settled.add(index));
					}
				}
				expect(
					check.repeats
						.map((repeat) => [repeat.order.itemIndexes[0], repeat.of.itemIndexes[0]])
						.sort(),
				).toEqual(expectedRepeats.sort());
				expect(
					check.conflicts.map((conflict) => [
						conflict.ecOrderNo,
						conflict.orders.map((order) => order.itemIndexes[0]),
					]),
				).toEqual(expectedConflicts);
				expect(check.orders.map((order) => order.itemIndexes[0])).toEqual(
					rows.map((_, index) => index).filter((index) => !settled.has(index)),
				);
			}),
			{ numRuns: 300 },
		);
	});

	it('Combine Rows on: one order per EC order number in order of first row, lines in row order, a changed field refused naming it', async () => {
		await fc.assert(
			fc.asyncProperty(fc.array(rowArb, { minLength: 1, maxLength: 8 }), async (rows) => {
				const { orders } = await read(rows.map(itemOf), 'orderByCode', { groupByEcOrderNo: true });
				const groups = [...byKey(rows)];
				expect(orders.map((order) => order.itemIndexes)).toEqual(
					groups.map(([, indexes]) => indexes),
				);
				orders.forEach((order, position) => {
					const [key, indexes] = groups[position];
					expect(order.ecOrderNo).toBe(key);
					const names = new Set(indexes.map((index) => rows[index].nameVariant));
					if (names.size > 1) {
						expect(order.request).toBeUndefined();
						expect(order.problems.map((problem) => problem.field)).toContain(
							'shipping_information.full_name',
						);
						// The row that disagrees first with the first row.
						const firstOther = indexes.find(
							(index) => rows[index].nameVariant !== rows[indexes[0]].nameVariant,
						);
						expect(
							order.problems.find((problem) => problem.field === 'shipping_information.full_name')
								?.itemIndex,
						).toBe(firstOther);
					} else {
						expect(order.problems).toEqual([]);
						expect(order.request?.ec_order_no).toBe(key);
						expect(order.request?.order_details.map((line) => [line.size, line.quantity])).toEqual(
							indexes.flatMap((index) =>
								rows[index].lines.map((line) => [line.size, line.quantity]),
							),
						);
					}
				});
				// Combined orders never repeat one another.
				const check = findRepeats(orders);
				expect(check.repeats).toEqual([]);
				expect(check.conflicts).toEqual([]);
			}),
			{ numRuns: 300 },
		);
	});
	it('with Normalize Input off, an EC order number with whitespace is still the same number: never two orders', async () => {
		await fc.assert(
			fc.asyncProperty(rowArb, fc.constantFrom(' ', '\t', '\u3000', '  '), async (row, padding) => {
				const plain: ModelRow = { ...row, spelling: 'plain' };
				const padded: ModelRow = { ...row, spelling: 'padded', padding };
				const asSent = {
					shipping_zip_code: '1500001',
					shipping_phone_number: '0312345678',
					shipping_prefecture_name: '東京都',
				};
				const items = [
					{ ...itemOf(plain), ...asSent },
					{ ...itemOf(padded), ...asSent },
				];
				const off = await read(items, 'orderByCode', { normalize: false, groupByEcOrderNo: false });
				const check = findRepeats(off.orders);
				// Sent as given, so the two requests differ in ec_order_no: refused together, neither placed.
				expect(check.orders).toEqual([]);
				expect(check.conflicts.map((conflict) => [conflict.ecOrderNo, conflict.fields])).toEqual([
					[row.base, ['ec_order_no']],
				]);
				const combined = await read(items, 'orderByCode', {
					normalize: false,
					groupByEcOrderNo: true,
				});
				expect(combined.orders.map((order) => order.itemIndexes)).toEqual([[0, 1]]);
			}),
			{ numRuns: 40 },
		);
	});
});

// ------------------------------------------------------------------ limits

/** Text of `length` code points from the given characters (astral ones count once, as the spec counts). */
const textOf = (chars: string[], length: number) =>
	fc
		.array(fc.constantFrom(...chars), { minLength: length, maxLength: length })
		.map((parts) => parts.join(''));
const ID_CHARS = ['A', 'z', '0', '-', '_', 'あ', '注', 'Ｂ', '𠮷', '😀'];

const fieldsOf = (order: { problems: Array<{ field: string }> }) =>
	order.problems.map((problem) => problem.field);

describe('readOrderInput: values exactly at a limit are accepted, one over refused', () => {
	it.each([
		['ec_order_no', LIMITS.ecOrderNo],
		['line_ec_order_detail_no', LIMITS.ecOrderDetailNo],
	])('%s: %i characters (code points) pass, one more fails', async (column, max) => {
		const path = column === 'ec_order_no' ? 'ec_order_no' : 'order_details[0].ec_order_detail_no';
		await fc.assert(
			fc.asyncProperty(
				textOf(ID_CHARS, max),
				fc.constantFrom(...ID_CHARS),
				fc.constantFrom<OrderOperation>('orderByCode', 'orderWithImage'),
				async (text, extra, operation) => {
					const row = (value: string) =>
						operation === 'orderByCode'
							? sheetRow('N-1', { [column]: value })
							: imageRow({ [column]: value });
					const [atLimit, over] = (await read([row(text), row(text + extra)], operation)).orders;
					expect(fieldsOf(atLimit)).not.toContain(path);
					expect(atLimit.request).toBeDefined();
					expect(fieldsOf(over)).toContain(path);
					expect(over.request).toBeUndefined();
				},
			),
			{ numRuns: 40 },
		);
	});

	it('ec_order_date of Create With Images (free text): 50 characters pass, 51 fail', async () => {
		await fc.assert(
			fc.asyncProperty(textOf(ID_CHARS, LIMITS.ecOrderDate), async (text) => {
				const [atLimit, over] = (
					await read(
						[imageRow({ ec_order_date: text }), imageRow({ ec_order_date: `${text}x` })],
						'orderWithImage',
					)
				).orders;
				expect(fieldsOf(atLimit)).not.toContain('ec_order_date');
				expect(fieldsOf(over)).toContain('ec_order_date');
			}),
			{ numRuns: 30 },
		);
	});

	it('address lines: exactly 32 half-width units (a full-width character counts 2) pass; 33 fail with Fail, carry over with Carry', async () => {
		const HALF = ['a', '1', '-', ' ', 'ｱ', 'ﾞ', 'ﾟ', '｡', '￨', '￮'];
		const FULL = ['あ', '東', 'Ａ', '１', '－', '😀'];
		// A random mix of half- and full-width characters of width exactly `width`.
		const lineOf = (width: number) =>
			fc.array(fc.boolean(), { minLength: width, maxLength: width }).chain((fullFlags) => {
				const widths: number[] = [];
				let left = width;
				for (const full of fullFlags) {
					if (left === 0) break;
					const w = full && left >= 2 ? 2 : 1;
					widths.push(w);
					left -= w;
				}
				return fc
					.tuple(...widths.map((w) => fc.constantFrom(...(w === 2 ? FULL : HALF))))
					.map((chars) => chars.join(''));
			});
		await fc.assert(
			fc.asyncProperty(
				lineOf(LIMITS.addressWidth),
				fc.constantFrom('a', 'ｱ', '1'),
				fc.constantFrom('address1', 'address2'),
				async (line, extra, which) => {
					// Normalisation would turn full-width letters and digits to half-width: the widths are counted as sent.
					const column = `shipping_${which}`;
					const options = { normalize: false } as const;
					const base = {
						shipping_zip_code: '1500001',
						shipping_phone_number: '0312345678',
						shipping_prefecture_name: '東京都',
					};
					const [atLimit, over] = (
						await read(
							[
								sheetRow('W-1', { ...base, [column]: line }),
								sheetRow('W-2', { ...base, [column]: line + extra }),
							],
							'orderByCode',
							options,
						)
					).orders;
					expect(fieldsOf(atLimit)).toEqual([]);
					expect(atLimit.request?.shipping_information[which]).toBe(line);
					expect(fieldsOf(over)).toContain(`shipping_information.${which}`);
					if (which === 'address1') {
						const [carried] = (
							await read(
								[
									sheetRow('W-3', {
										...base,
										shipping_address1: line + extra,
										shipping_address2: '',
									}),
								],
								'orderByCode',
								{ ...options, addressOverflow: 'carryToAddress2' },
							)
						).orders;
						expect(fieldsOf(carried)).toEqual([]);
						const sent = carried.request!.shipping_information;
						expect(`${sent.address1}${sent.address2}`.replace(/ /g, '')).toBe(
							(line + extra).replace(/ /g, ''),
						);
					}
				},
			),
			{ numRuns: 120 },
		);
	});

	it('Carry Into Address Line 2: carried when what moves plus address line 2 is at most 32 units wide, refused at 33', async () => {
		const width = (text: string) =>
			[...text].reduce(
				(sum, ch) => sum + (ch.charCodeAt(0) < 0x80 || (ch >= 'ｱ' && ch <= 'ﾟ') ? 1 : 2),
				0,
			);
		const base = {
			shipping_zip_code: '1500001',
			shipping_phone_number: '0312345678',
			shipping_prefecture_name: '東京都',
		};
		await fc.assert(
			fc.asyncProperty(
				fc
					.array(fc.constantFrom('a', '1', 'ｱ', 'あ', '東', 'Ｂ'), { minLength: 17, maxLength: 40 })
					.filter((chars) => width(chars.join('')) > 32 && width(chars.join('')) <= 64),
				fc.constantFrom(-2, -1, 0, 0, 1, 2, 5),
				async (chars, slack) => {
					const address1 = chars.join('');
					// The greedy head: as many characters as fit in 32 units (there is no space to break at).
					let head = '';
					for (const ch of chars)
						if (width(head + ch) <= 32) head += ch;
						else break;
					const tail = address1.slice(head.length);
					// address2 of half-width kana, so that tail + address2 is 32 + slack units wide (never below 0).
					const address2 = 'ｲ'.repeat(Math.max(0, 32 + slack - width(tail)));
					const [order] = (
						await read(
							[
								sheetRow('CARRY', {
									...base,
									shipping_address1: address1,
									shipping_address2: address2,
								}),
							],
							'orderByCode',
							{ normalize: false, addressOverflow: 'carryToAddress2' },
						)
					).orders;
					if (width(tail + address2) <= 32) {
						expect(order.problems).toEqual([]);
						expect([
							order.request?.shipping_information.address1,
							order.request?.shipping_information.address2,
						]).toEqual([head, tail + address2]);
					} else {
						expect(fieldsOf(order)).toContain('shipping_information.address1');
						expect(order.request).toBeUndefined();
					}
				},
			),
			{ numRuns: 150 },
		);
	});

	it('Carry Into Address Line 2 breaks at the last space when at least 16 units stay on line 1, else at 32 units', async () => {
		const base = {
			shipping_zip_code: '1500001',
			shipping_phone_number: '0312345678',
			shipping_prefecture_name: '東京都',
		};
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 12, max: 20 }),
				fc.integer({ min: 21, max: 30 }),
				async (before, after) => {
					const first = 'a'.repeat(before);
					const second = 'b'.repeat(after);
					const [order] = (
						await read(
							[
								sheetRow('SPACE', {
									...base,
									shipping_address1: `${first} ${second}`,
									shipping_address2: '',
								}),
							],
							'orderByCode',
							{ normalize: false, addressOverflow: 'carryToAddress2' },
						)
					).orders;
					const sent = order.request!.shipping_information;
					if (before >= 16) expect([sent.address1, sent.address2]).toEqual([first, second]);
					else
						expect([sent.address1, sent.address2]).toEqual([
							`${first} ${second}`.slice(0, 32),
							`${first} ${second}`.slice(32),
						]);
				},
			),
			{ numRuns: 60 },
		);
	});

	it('one original item per order without Multi-Item Orders: 1 distinct code passes, 2 are refused; with it any number passes', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(
					fc.record({
						key: fc.constantFrom('original_item_code', 'ec_original_item_code'),
						code: fc.constantFrom('A', 'B', 'C'),
					}),
					{ minLength: 1, maxLength: 5 },
				),
				fc.boolean(),
				async (lines, multiItemOrder) => {
					const item = sheetRow('MIO');
					for (const column of [
						'line_original_item_code',
						'line_color',
						'line_size',
						'line_quantity',
					])
						delete item[column];
					item.order_details = lines.map(({ key, code }) => ({
						[key]:
							key === 'original_item_code' ? `t010000${code.charCodeAt(0) - 64}` : `EC-${code}`,
						color: 'ホワイト',
						size: 'M',
						quantity: 1,
					}));
					const [order] = (await read([item], 'orderByCode', { multiItemOrder })).orders;
					const distinct = (key: string) =>
						new Set(lines.filter((line) => line.key === key).map((line) => line.code)).size;
					const refused =
						!multiItemOrder &&
						Math.max(distinct('original_item_code'), distinct('ec_original_item_code')) >= 2;
					expect(fieldsOf(order).includes('order_details')).toBe(refused);
				},
			),
			{ numRuns: 100 },
		);
	});

	it('zip code: exactly 7 digits pass, 6 and 8 fail; phone: 10 to 15 digits pass, 9 and 16 fail (also full-width, with hyphens)', async () => {
		const digits = (n: number) =>
			fc
				.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n })
				.map((d) => d.join(''));
		await fc.assert(
			fc.asyncProperty(digits(16), fc.boolean(), async (all, fullWidth) => {
				const style = (text: string) =>
					fullWidth ? toFullWidth(text).replace(/(.{3})/, '$1－') : text.replace(/(.{3})/, '$1-');
				const zip = async (n: number) =>
					(await read([sheetRow('Z', { shipping_zip_code: style(all.slice(0, n)) })])).orders[0];
				expect(fieldsOf(await zip(LIMITS.zipCodeDigits))).toEqual([]);
				expect(fieldsOf(await zip(LIMITS.zipCodeDigits - 1))).toContain(
					'shipping_information.zip_code',
				);
				expect(fieldsOf(await zip(LIMITS.zipCodeDigits + 1))).toContain(
					'shipping_information.zip_code',
				);
				const phone = async (n: number) =>
					(await read([sheetRow('P', { shipping_phone_number: style(all.slice(0, n)) })]))
						.orders[0];
				for (let n = LIMITS.phoneDigitsMin; n <= LIMITS.phoneDigitsMax; n++)
					expect(fieldsOf(await phone(n))).toEqual([]);
				expect(fieldsOf(await phone(LIMITS.phoneDigitsMin - 1))).toContain(
					'shipping_information.phone_number',
				);
				expect(fieldsOf(await phone(LIMITS.phoneDigitsMax + 1))).toContain(
					'shipping_information.phone_number',
				);
			}),
			{ numRuns: 30 },
		);
	});

	it('quantity written as text (a sheet cell): digits, full width, padded are read as the number; 0, a fraction or a negative refused', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 0, max: 999 }),
				fc.constantFrom('plain', 'fullWidth', 'padded', 'fraction', 'negative'),
				async (n, form) => {
					const text = {
						plain: String(n),
						fullWidth: toFullWidth(String(n)),
						padded: ` ${n}\u3000`,
						fraction: `${n}.5`,
						negative: `-${n + 1}`,
					}[form];
					const [order] = (await read([sheetRow('QTY', { line_quantity: text })])).orders;
					if (n >= LIMITS.quantityMin && ['plain', 'fullWidth', 'padded'].includes(form)) {
						expect(order.problems).toEqual([]);
						expect(order.request?.order_details[0].quantity).toBe(n);
					} else {
						expect(fieldsOf(order)).toContain('order_details[0].quantity');
					}
				},
			),
			{ numRuns: 100 },
		);
	});

	it('shipping_method column: 1 and 2 are sent, any other number refused', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(fc.constantFrom(1, 2, 3, -1), fc.integer({ min: 3, max: 100 })),
				async (method) => {
					const [order] = (await read([sheetRow('SM', { shipping_method: method })])).orders;
					if (method === 1 || method === 2)
						expect(
							order.request && 'shipping_method' in order.request
								? order.request.shipping_method
								: undefined,
						).toBe(method);
					else expect(fieldsOf(order)).toContain('shipping_method');
				},
			),
			{ numRuns: 30 },
		);
	});

	it('quantity: 1 passes, 0 and below fail; retailer ID: 1 passes, 0 fails', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.integer({ min: 1, max: 1000 }),
				fc.integer({ min: -1000, max: 0 }),
				async (good, bad) => {
					expect(
						fieldsOf(
							(await read([sheetRow('Q', { line_quantity: LIMITS.quantityMin })])).orders[0],
						),
					).toEqual([]);
					expect(
						fieldsOf((await read([sheetRow('Q', { line_quantity: good })])).orders[0]),
					).toEqual([]);
					expect(
						fieldsOf((await read([sheetRow('Q', { line_quantity: bad })])).orders[0]),
					).toContain('order_details[0].quantity');
					expect(
						fieldsOf(
							(await read([sheetRow('R', { retailer_id: LIMITS.retailerIdMin })])).orders[0],
						),
					).toEqual([]);
					expect(
						fieldsOf(
							(await read([sheetRow('R', { retailer_id: LIMITS.retailerIdMin - 1 })])).orders[0],
						),
					).toContain('retailer_id');
				},
			),
			{ numRuns: 20 },
		);
	});
});

/** A Create With Images row (catalog item, one front design). */
function imageRow(overrides: IDataObject): IDataObject {
	const row = sheetRow('IMG-1', {
		line_item_code: 'OGB-910',
		line_image_front_output_url: 'https://example.com/front.png',
	});
	delete row.line_original_item_code;
	return { ...row, ...overrides };
}
