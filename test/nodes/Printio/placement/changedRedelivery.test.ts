/**
 * A changed re-delivery, as a unit: the paths in which an incoming order differs from what Printio holds (never
 * the values), the recipient's fields with absent, null and empty the same, lines compared by position, by
 * detail number across shipments, or as a set.
 */
import fc from 'fast-check';

import type { Order } from '../../../../api/schema/types';
import { changedFields } from '../../../../nodes/Printio/placement/changedRedelivery';
import type { OrderBody } from '../../../../nodes/Printio/checks/lineCatalog';

type Line = {
	item_code?: string;
	original_item_code?: string;
	ec_original_item_code?: string;
	color: string;
	size: string;
	quantity: number;
	ec_order_detail_no?: string | null;
};

const RECIPIENT = {
	zip_code: '1000001',
	prefecture_name: '東京都',
	municipalities: '千代田区',
	address1: '1-1',
	address2: 'Bldg 2',
	full_name: 'Hanako',
	phone_number: '0300000000',
	mail_address: 'h@example.test',
};

const body = (lines: Line[], shipping: Record<string, unknown> = RECIPIENT): OrderBody =>
	({
		retailer_id: 7,
		ec_order_no: 'E',
		shipping_information: shipping,
		order_details: lines,
	}) as unknown as OrderBody;
const record = (lines: Line[], shipping: Record<string, unknown> | null = RECIPIENT): Order =>
	({
		order_no: 'P',
		ec_order_no: 'E',
		...(shipping ? { shipping_information: shipping } : {}),
		order_details: lines,
	}) as unknown as Order;

const l = (
	item_code: string,
	color: string,
	size: string,
	quantity: number,
	ec_order_detail_no?: string | null,
): Line => ({
	item_code,
	color,
	size,
	quantity,
	...(ec_order_detail_no === undefined ? {} : { ec_order_detail_no }),
});

describe('changedFields: the recipient', () => {
	it('nothing changed: no path', () => {
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1)]), [record([l('IT-1', 'W', 'M', 1)])], ['IT-1']),
		).toEqual([]);
	});

	it('names each recipient field that differs, in a fixed order, never the value', () => {
		const fields = Object.keys(RECIPIENT);
		fc.assert(
			fc.property(fc.subarray(fields), (changed) => {
				const sent = {
					...RECIPIENT,
					...Object.fromEntries(changed.map((field) => [field, 'other'])),
				};
				const paths = changedFields(
					body([l('IT-1', 'W', 'M', 1)], sent),
					[record([l('IT-1', 'W', 'M', 1)])],
					['IT-1'],
				);
				expect(paths).toEqual(
					fields
						.filter((field) => changed.includes(field))
						.map((field) => `shipping_information.${field}`),
				);
				expect(paths.join(' ')).not.toContain('other');
			}),
		);
	});

	it('absent, null and empty are the same; a number equals its string', () => {
		const held = {
			...RECIPIENT,
			address2: null,
			mail_address: undefined,
			phone_number: '0300000000',
		};
		const sent = { ...RECIPIENT, address2: '', mail_address: null, phone_number: 300000000 };
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1)], sent),
				[record([l('IT-1', 'W', 'M', 1)], held)],
				['IT-1'],
			),
		).toEqual(['shipping_information.phone_number']);
		const sameNumber = { ...RECIPIENT, zip_code: 1000001 };
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1)], sameNumber),
				[record([l('IT-1', 'W', 'M', 1)])],
				['IT-1'],
			),
		).toEqual([]);
		const emptied = { ...RECIPIENT, address2: '' };
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1)], emptied),
				[record([l('IT-1', 'W', 'M', 1)])],
				['IT-1'],
			),
		).toEqual(['shipping_information.address2']);
	});

	it('a record without the recipient compares no recipient field', () => {
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1)], { full_name: 'X' }),
				[record([l('IT-1', 'W', 'M', 1)], null)],
				['IT-1'],
			),
		).toEqual([]);
	});
});

describe('changedFields: the lines', () => {
	it('one record: lines by position, each field that differs', () => {
		const held = [record([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')])];
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')]), held, [
				'IT-1',
				'IT-2',
			]),
		).toEqual([]);
		expect(
			changedFields(body([l('IT-9', 'R', 'S', 5, 'D9'), l('IT-2', 'B', 'L', 2, 'D2')]), held, [
				'IT-9',
				'IT-2',
			]),
		).toEqual([
			'order_details[0].item_code',
			'order_details[0].color',
			'order_details[0].size',
			'order_details[0].quantity',
			'order_details[0].ec_order_detail_no',
		]);
		// Swapped lines differ by position.
		expect(
			changedFields(body([l('IT-2', 'B', 'L', 2, 'D2'), l('IT-1', 'W', 'M', 1, 'D1')]), held, [
				'IT-2',
				'IT-1',
			]),
		).toHaveLength(10);
	});

	it('one record: a line whose item is not known is compared without it', () => {
		const held = [record([l('IT-1', 'W', 'M', 1)])];
		expect(changedFields(body([l('IT-9', 'W', 'M', 1)]), held, [undefined])).toEqual([]);
		expect(changedFields(body([l('IT-9', 'W', 'M', 2)]), held, [undefined])).toEqual([
			'order_details[0].quantity',
		]);
		// The item code compared is the one given for the line, not the body's.
		expect(changedFields(body([l('IT-9', 'W', 'M', 1)]), held, ['IT-1'])).toEqual([]);
	});

	it("a different number of lines: order_details, after the recipient's fields", () => {
		const held = [record([l('IT-1', 'W', 'M', 1)])];
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1), l('IT-1', 'W', 'L', 1)], { ...RECIPIENT, full_name: 'X' }),
				held,
				['IT-1', 'IT-1'],
			),
		).toEqual(['shipping_information.full_name', 'order_details']);
		expect(changedFields(body([]), held, [])).toEqual(['order_details']);
	});

	it('several records (one per shipment) with distinct detail numbers: each line found by its number, wherever it is', () => {
		const held = [
			record([l('IT-2', 'B', 'L', 2, 'D2')]),
			record([l('IT-1', 'W', 'M', 1, 'D1')], null),
		];
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')]), held, [
				'IT-1',
				'IT-2',
			]),
		).toEqual([]);
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 3, 'D1'), l('IT-2', 'R', 'L', 2, 'D2')]), held, [
				'IT-1',
				'IT-2',
			]),
		).toEqual(['order_details[0].quantity', 'order_details[1].color']);
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, 'D3')]), held, [
				'IT-1',
				'IT-2',
			]),
		).toEqual(['order_details[1].ec_order_detail_no']);
		// Item unknown: not compared; known and different: named.
		expect(
			changedFields(body([l('X', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')]), held, [
				undefined,
				'IT-9',
			]),
		).toEqual(['order_details[1].item_code']);
	});

	it('several records without usable detail numbers: the lines compared as a set', () => {
		const held = [record([l('IT-2', 'B', 'L', 2)]), record([l('IT-1', 'W', 'M', 1)])];
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1), l('IT-2', 'B', 'L', 2)]), held, ['IT-1', 'IT-2']),
		).toEqual([]);
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1), l('IT-2', 'B', 'L', 3)]), held, ['IT-1', 'IT-2']),
		).toEqual(['order_details']);
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1), l('IT-3', 'B', 'L', 2)]), held, ['IT-1', 'IT-3']),
		).toEqual(['order_details']);
		// One item unknown: items are left out of the comparison for every line.
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1), l('IT-3', 'B', 'L', 2)]), held, [
				'IT-1',
				undefined,
			]),
		).toEqual([]);
		// The detail number still counts in the set.
		const numbered = [record([l('IT-2', 'B', 'L', 2, 'D2')]), record([l('IT-1', 'W', 'M', 1, '')])];
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1, ''), l('IT-2', 'B', 'L', 2, 'D9')]), numbered, [
				'IT-1',
				'IT-2',
			]),
		).toEqual(['order_details']);
	});

	it('several records: detail numbers that repeat, or that the records repeat, fall back to the set', () => {
		const held = [record([l('IT-1', 'W', 'M', 1, 'D1')]), record([l('IT-2', 'B', 'L', 2, 'D1')])];
		// Sent numbers repeat: compared as a set (the same lines: nothing changed).
		expect(
			changedFields(body([l('IT-2', 'B', 'L', 2, 'D1'), l('IT-1', 'W', 'M', 1, 'D1')]), held, [
				'IT-2',
				'IT-1',
			]),
		).toEqual([]);
		// Sent numbers distinct but the records' repeat: the set too (by number it would find only one).
		const sent = body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')]);
		expect(changedFields(sent, held, ['IT-1', 'IT-2'])).toEqual(['order_details']);
		// Sent numbers repeat while the records' are distinct: the set, not a look-up by number that would find D1 twice.
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-1', 'W', 'M', 1, 'D1')]),
				[record([l('IT-1', 'W', 'M', 1, 'D1')]), record([l('IT-2', 'B', 'L', 2, 'D2')])],
				['IT-1', 'IT-1'],
			),
		).toEqual(['order_details']);
		// Records' lines without a number (null or absent alike) repeat the empty number: the set.
		const unnumbered = [record([l('IT-1', 'W', 'M', 1, null)]), record([l('IT-2', 'B', 'L', 2)])];
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')]),
				unnumbered,
				['IT-1', 'IT-2'],
			),
		).toEqual(['order_details']);
		// A line without a number: the set.
		const heldNumbered = [
			record([l('IT-1', 'W', 'M', 1, 'D1')]),
			record([l('IT-2', 'B', 'L', 2, 'D2')]),
		];
		expect(
			changedFields(body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2)]), heldNumbered, [
				'IT-1',
				'IT-2',
			]),
		).toEqual(['order_details']);
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1, 'D1'), l('IT-2', 'B', 'L', 2, null)]),
				heldNumbered,
				['IT-1', 'IT-2'],
			),
		).toEqual(['order_details']);
	});

	it('no record at all: no recipient compared, the lines all changed', () => {
		expect(changedFields(body([l('IT-1', 'W', 'M', 1)]), [], ['IT-1'])).toEqual(['order_details']);
	});

	it('a record without lines holds none', () => {
		const bare = {
			order_no: 'P',
			ec_order_no: 'E',
			shipping_information: RECIPIENT,
		} as unknown as Order;
		expect(changedFields(body([l('IT-1', 'W', 'M', 1)]), [bare], ['IT-1'])).toEqual([
			'order_details',
		]);
	});
});

describe('changedFields: recipient fields held empty, and the lines compared', () => {
	it('a recipient field held empty (null or absent) that the order now sets is a change', () => {
		const held: Record<string, unknown> = { ...RECIPIENT, address2: null };
		delete held.mail_address;
		const sent = { ...RECIPIENT, address2: 'Bldg 3', mail_address: 'new@example.test' };
		expect(
			changedFields(
				body([l('IT-1', 'W', 'M', 1)], sent),
				[record([l('IT-1', 'W', 'M', 1)], held)],
				['IT-1'],
			),
		).toStrictEqual(['shipping_information.address2', 'shipping_information.mail_address']);
	});

	it('lines found by detail number: a line whose item is unknown still has its colour, size and quantity compared', () => {
		const held = [
			record([l('IT-2', 'B', 'L', 2, 'D2')]),
			record([l('IT-1', 'W', 'M', 1, 'D1')], null),
		];
		expect(
			changedFields(body([l('X', 'R', 'S', 3, 'D1'), l('IT-2', 'B', 'L', 2, 'D2')]), held, [
				undefined,
				'IT-2',
			]),
		).toStrictEqual([
			'order_details[0].color',
			'order_details[0].size',
			'order_details[0].quantity',
		]);
	});

	it('lines compared as a set: a colour and a size that only spell the same when run together differ', () => {
		const held = [record([l('IT-1', 'W', 'XM', 1)]), record([l('IT-2', 'B', 'L', 2)])];
		expect(
			changedFields(body([l('IT-1', 'WX', 'M', 1), l('IT-2', 'B', 'L', 2)]), held, [
				'IT-1',
				'IT-2',
			]),
		).toStrictEqual(['order_details']);
	});
});

describe('changedFields: a detail number Printio holds as null', () => {
	it('lines compared as a set (one record per shipment): an empty detail number held as null is no change', () => {
		const held = [
			record([l('IT-1', 'White', 'M', 1, null)]),
			record([l('IT-2', 'White', 'M', 2, null)]),
		];
		expect(
			changedFields(body([l('IT-2', 'White', 'M', 2, ''), l('IT-1', 'White', 'M', 1, '')]), held, [
				'IT-2',
				'IT-1',
			]),
		).toStrictEqual([]);
		// The same comparison still sees a changed quantity.
		expect(
			changedFields(body([l('IT-2', 'White', 'M', 3, ''), l('IT-1', 'White', 'M', 1, '')]), held, [
				'IT-2',
				'IT-1',
			]),
		).toStrictEqual(['order_details']);
	});
});
