/**
 * The order-level fields (retailer_id, team_id, ec_order_no, ec_order_date, ec_optional_information,
 * action_after_print, shipping_method) go through every stage by the field table, not by hand. Pinned here, stage by
 * stage, for an order that gives every one of them: what is read from an item's columns, what normalisation changes
 * and in which order, which problems validation reports and in which order, which rows conflict, which defaults fill
 * what, and the request body's keys. These orders are what a user sees in an item's `problems` and `changes`.
 */
import { fillOrderDefaults } from '../../../../nodes/Printio/orderInput/defaults';
import {
	CHECK_ORDER,
	ORDER_FIELDS,
	REQUEST_ORDER,
} from '../../../../nodes/Printio/orderInput/fields';
import { groupOrderRows } from '../../../../nodes/Printio/orderInput/group';
import { normalizeOrder } from '../../../../nodes/Printio/orderInput/normalize';
import { mapItemToOrder } from '../orderRun/fakes';
import { toRequest } from '../../../../nodes/Printio/orderInput/build';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { validateOrder } from '../../../../nodes/Printio/orderInput/validate';
import * as schemas from '../../../../api/schema/schemas';
import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { byCodeOrder, withImageOrder } from './fixtures';

const ORDER_LEVEL = [
	'retailer_id',
	'team_id',
	'ec_order_no',
	'ec_order_date',
	'ec_optional_information',
	'action_after_print',
	'shipping_method',
];
const PARTS = ['shipping_information', 'sender_information', 'order_details'];

describe('the two walking orders of the table', () => {
	it('REQUEST_ORDER is the order of the keys of the order-by-code request schema', () => {
		expect(REQUEST_ORDER).toStrictEqual(Object.keys(schemas.OrderByCodeRequestSchema.properties));
	});

	it('the order-with-image request keeps the same order for the keys it has', () => {
		const keys = Object.keys(schemas.OrderWithImageRequestSchema.properties);
		expect(REQUEST_ORDER.filter((key) => keys.includes(key))).toStrictEqual(keys);
	});

	it('both name every order-level path of the table and the three parts, once each', () => {
		const paths = [
			...new Set(
				ORDER_FIELDS.filter((field) => field.part === 'order' && !field.path.includes('<')).map(
					(field) => field.path,
				),
			),
		];
		for (const order of [REQUEST_ORDER, CHECK_ORDER]) {
			expect([...order].sort()).toStrictEqual([...paths, ...PARTS].sort());
		}
		expect([...paths].sort()).toStrictEqual([...ORDER_LEVEL].sort());
	});
});

describe('an item that gives every order-level column', () => {
	const item = {
		retailer_id: '12',
		team_id: 'T',
		ec_order_no: 'A',
		ec_order_date: '2026-01-02',
		ec_optional_information: 'x',
		shipping_method: '2',
		novelty_s: '1',
		action_after_print: '{"novelty":{"t":1}}',
	};

	it('order-by-code reads them all, numbers parsed, novelty columns merged into action_after_print', () => {
		const read = mapItemToOrder(item, 'orderByCode', 3);
		expect(read).toStrictEqual({
			order: {
				retailer_id: 12,
				ec_order_no: 'A',
				ec_order_date: '2026-01-02',
				ec_optional_information: 'x',
				team_id: 'T',
				shipping_method: 2,
				action_after_print: { novelty: { t: 1, s: 1 } },
			},
			problems: [],
			ignoredFields: [],
		});
	});

	it('order-with-image reads its own and lists the others as ignored, in column order', () => {
		expect(mapItemToOrder(item, 'orderWithImage', 3)).toStrictEqual({
			order: {
				retailer_id: 12,
				ec_order_no: 'A',
				ec_order_date: '2026-01-02',
				ec_optional_information: 'x',
			},
			problems: [],
			ignoredFields: ['shipping_method', 'action_after_print', 'team_id', 'novelty_s'],
		});
	});

	it('text columns given as objects are reported in the order the fields are checked', () => {
		const wrong = {
			team_id: {},
			ec_order_no: [],
			ec_order_date: {},
			ec_optional_information: {},
			action_after_print: 5,
		};
		expect(
			mapItemToOrder(wrong, 'orderByCode', 1).problems.map((entry) => [entry.field, entry.message]),
		).toStrictEqual([
			['ec_order_no', 'must be text'],
			['ec_order_date', 'must be text'],
			['ec_optional_information', 'must be text'],
			['team_id', 'must be text'],
			['action_after_print', 'must be an object'],
		]);
	});
});

describe('normalisation of every order-level field', () => {
	const draft = {
		retailer_id: '１２',
		team_id: ' T ',
		ec_order_no: ' A1 ',
		ec_order_date: '2026/1/2',
		ec_optional_information: ' x ',
		action_after_print: { novelty: { s: '２' } },
		shipping_method: '２',
	} as unknown as OrderDraft;

	it('order-by-code: numbers, then identifiers, then the date, then novelties; free text untouched', () => {
		const { order, changes } = normalizeOrder(draft, 'orderByCode');
		expect(changes.map((entry) => [entry.field, entry.rule])).toStrictEqual([
			['retailer_id', 'fullWidthToHalfWidth'],
			['retailer_id', 'numberParsed'],
			['shipping_method', 'fullWidthToHalfWidth'],
			['shipping_method', 'numberParsed'],
			['ec_order_no', 'trimmed'],
			['team_id', 'trimmed'],
			['ec_order_date', 'dateFormatted'],
			['action_after_print.novelty.s', 'fullWidthToHalfWidth'],
			['action_after_print.novelty.s', 'numberParsed'],
		]);
		expect(order).toStrictEqual({
			retailer_id: 12,
			team_id: 'T',
			ec_order_no: 'A1',
			ec_order_date: '2026-01-02',
			ec_optional_information: ' x ',
			action_after_print: { novelty: { s: 2 } },
			shipping_method: 2,
		});
	});

	it('order-with-image: its date is free text (left as typed)', () => {
		const { order, changes } = normalizeOrder(draft, 'orderWithImage');
		expect(changes.map((entry) => [entry.field, entry.rule])).not.toContainEqual([
			'ec_order_date',
			'dateFormatted',
		]);
		expect(order.ec_order_date).toBe('2026/1/2');
	});

	it('an optional identifier left empty is omitted, a required one is kept empty for validation to name', () => {
		const { order, changes } = normalizeOrder({ ec_order_no: '  ', team_id: ' ' }, 'orderByCode');
		expect(order).toStrictEqual({ ec_order_no: '' });
		expect(changes.map((entry) => [entry.field, entry.rule])).toStrictEqual([
			['ec_order_no', 'trimmed'],
			['team_id', 'trimmed'],
			['team_id', 'emptyOmitted'],
		]);
	});
});

describe('validation of every order-level field', () => {
	const wrong = {
		retailer_id: 'x',
		team_id: 5,
		ec_order_no: 7,
		ec_order_date: 9,
		ec_optional_information: 3,
		action_after_print: 4,
		shipping_method: 3,
	} as unknown as OrderDraft;

	it('order-by-code: every field named, in check order, around the blocks and lines', () => {
		expect(
			validateOrder(wrong, 'orderByCode').map((entry) => [entry.field, entry.message]),
		).toStrictEqual([
			['retailer_id', 'must be a whole number'],
			['ec_order_no', 'must be text'],
			['ec_order_date', 'must be text'],
			['shipping_information', 'is required'],
			['sender_information', 'is required'],
			['order_details', 'must hold at least one line'],
			['ec_optional_information', 'must be text'],
			['team_id', 'must be text'],
			['shipping_method', 'must be 1 or 2'],
			['action_after_print', 'must be an object'],
		]);
	});

	it('order-with-image: only its own fields', () => {
		expect(
			validateOrder(wrong, 'orderWithImage').map((entry) => [entry.field, entry.message]),
		).toStrictEqual([
			['retailer_id', 'must be a whole number'],
			['ec_order_no', 'must be text'],
			['ec_order_date', 'must be text'],
			['shipping_information', 'is required'],
			['sender_information', 'is required'],
			['order_details', 'must hold at least one line'],
			['ec_optional_information', 'must be text'],
		]);
	});
});

describe('rows of one order that disagree in every order-level field', () => {
	it('each conflict is named once, in request order', () => {
		const a = {
			retailer_id: 1,
			team_id: 'a',
			ec_order_no: 'A',
			ec_order_date: 'a',
			ec_optional_information: 'a',
			action_after_print: { a: 1 },
			shipping_method: 1,
		};
		const b = {
			retailer_id: 2,
			team_id: 'b',
			ec_order_no: 'A',
			ec_order_date: 'b',
			ec_optional_information: 'b',
			action_after_print: { a: 2 },
			shipping_method: 2,
		};
		const [group] = groupOrderRows([
			{ itemIndex: 0, order: a },
			{ itemIndex: 1, order: b },
		]);
		expect(group.problems.map((entry) => entry.field)).toStrictEqual([
			'retailer_id',
			'team_id',
			'ec_order_date',
			'ec_optional_information',
			'action_after_print',
			'shipping_method',
		]);
		expect(group.order).toStrictEqual(a);
	});
});

describe('defaults for every order-level field', () => {
	it.each(['orderByCode', 'orderWithImage'] as const)(
		'%s: each fills what the order leaves empty, normalised',
		(operation) => {
			const defaults = {
				retailer_id: 1,
				team_id: 'T',
				ec_order_date: '2026-01-02',
				ec_optional_information: 'o',
				shipping_method: '2',
				action_after_print: { novelty: { a: '1' } },
			};
			const filled = fillOrderDefaults(
				{ ec_order_no: 'A', ec_optional_information: 'own' },
				defaults,
				operation,
				{ normalize: true, itemIndex: 4 },
			);
			expect(filled.order).toStrictEqual({
				ec_order_no: 'A',
				retailer_id: 1,
				team_id: 'T',
				ec_order_date: '2026-01-02',
				ec_optional_information: 'own',
				shipping_method: 2,
				action_after_print: { novelty: { a: 1 } },
			});
			expect([...filled.used].sort()).toStrictEqual([
				'action_after_print',
				'ec_order_date',
				'retailer_id',
				'shipping_method',
				'team_id',
			]);
			expect(
				filled.changes.map((entry) => [entry.field, entry.rule, entry.itemIndex]),
			).toStrictEqual([
				['shipping_method', 'numberParsed', 4],
				['action_after_print.novelty.a', 'numberParsed', 4],
			]);
		},
	);

	it('ec_order_no is never a default', () => {
		const filled = fillOrderDefaults({}, { ec_order_no: 'X' } as never, 'orderByCode', {
			normalize: false,
			itemIndex: 0,
		});
		expect(filled.order).toStrictEqual({});
	});
});

describe('the request body', () => {
	const full = {
		retailer_id: 1,
		team_id: 'a',
		ec_order_no: 'A',
		ec_order_date: '2026-01-02',
		ec_optional_information: 'a',
		action_after_print: { novelty: { a: 1 } },
		shipping_method: 1,
		shipping_information: {},
		sender_information: {},
		order_details: [{}],
	};

	it('order-by-code sends every key in REQUEST_ORDER', () => {
		expect(Object.keys(toRequest(full, 'orderByCode'))).toStrictEqual(REQUEST_ORDER);
	});

	it('order-with-image sends its own keys in the same order', () => {
		expect(Object.keys(toRequest(full, 'orderWithImage'))).toStrictEqual([
			'retailer_id',
			'ec_order_no',
			'ec_order_date',
			'shipping_information',
			'sender_information',
			'order_details',
			'ec_optional_information',
		]);
	});
});

describe('every body an accepted order gives is a body the API schema accepts', () => {
	const text = fc.string({ maxLength: 12 });
	const options = fc.record(
		{
			team_id: text,
			ec_optional_information: text,
			ec_order_date: fc.constantFrom('2026-11-21', '2024-02-29'),
			shipping_method: fc.constantFrom(1, 2),
			action_after_print: fc
				.dictionary(
					fc.string({ minLength: 1, maxLength: 6 }).filter((name) => name.trim() !== ''),
					fc.nat(9),
					{ maxKeys: 3 },
				)
				.map((novelty) => ({ novelty })),
		},
		{ requiredKeys: [] },
	);

	it('order-by-code, with any of its optional order-level fields', () => {
		fc.assert(
			fc.property(options, (extra) => {
				const order = { ...byCodeOrder(), ...extra };
				expect(validateOrder(order, 'orderByCode')).toStrictEqual([]);
				const body = toRequest(order, 'orderByCode');
				expect(
					[...Value.Errors(schemas.OrderByCodeRequestSchema, body)].map((error) => error.path),
				).toStrictEqual([]);
				for (const key of Object.keys(extra))
					expect(body).toHaveProperty([key], (extra as Record<string, unknown>)[key]);
			}),
		);
	});

	it('order-with-image, its date given or not (null then)', () => {
		fc.assert(
			fc.property(
				fc.option(fc.string({ maxLength: 50 }), { nil: undefined }),
				text,
				(date, information) => {
					const order = { ...withImageOrder(), ec_optional_information: information };
					if (date === undefined) delete order.ec_order_date;
					else order.ec_order_date = date;
					expect(validateOrder(order, 'orderWithImage')).toStrictEqual([]);
					const body = toRequest(order, 'orderWithImage');
					expect(
						[...Value.Errors(schemas.OrderWithImageRequestSchema, body)].map((error) => error.path),
					).toStrictEqual([]);
					expect(body.ec_order_date).toBe(date ?? null);
				},
			),
		);
	});
});
