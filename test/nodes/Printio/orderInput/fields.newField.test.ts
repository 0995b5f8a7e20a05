/**
 * Adding an order-level field is one entry in the field table (nodes/Printio/orderInput/fields.ts) and its place in
 * REQUEST_ORDER and CHECK_ORDER: every stage then reads, normalises, checks, combines, defaults and sends it, the
 * column mapper offers it and the docs list it, with no other file changed. Proven with a fixture table: the real one
 * plus two made-up fields of kinds the order level does not use today (an optional text of both operations with a
 * length limit, an optional whole number of order-by-code with a minimum), loaded into fresh copies of the modules;
 * Define Below's Options show them too.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INode,
} from 'n8n-workflow';

import type * as FieldsModule from '../../../../nodes/Printio/orderInput/fields';
import type { OrderField } from '../../../../nodes/Printio/orderInput/fields';
import type * as BuildModule from '../../../../nodes/Printio/orderInput/build';
import type * as DefaultsModule from '../../../../nodes/Printio/orderInput/defaults';
import type * as GroupModule from '../../../../nodes/Printio/orderInput/group';
import type * as NormalizeModule from '../../../../nodes/Printio/orderInput/normalize';
import type * as FromItemModule from '../../../../nodes/Printio/orderInput/read/fromItem';
import type * as FromParametersModule from '../../../../nodes/Printio/orderInput/read/fromParameters';
import type * as ValidateModule from '../../../../nodes/Printio/orderInput/validate';
import type * as ResourceMappingModule from '../../../../nodes/Printio/methods/resourceMapping';
import type * as DocsModule from '../../../../scripts/docs/order-columns';
import type * as CreateFieldsModule from '../../../../nodes/Printio/actions/order/create.fields';
import type { OrderDraft } from '../../../../nodes/Printio/orderInput/types';
import { byCodeOrder, withImageOrder } from './fixtures';

const GIFT_MESSAGE: OrderField = {
	path: 'gift_message',
	key: 'gift_message',
	part: 'order',
	column: 'gift_message',
	group: 'Options',
	name: 'Gift Message',
	parameter: 'giftMessage',
	operations: ['orderByCode', 'orderWithImage'],
	kind: 'text',
	required: 'optional',
	limit: { maxLength: 20 },
	fix: 'Shorten the gift message to at most 20 characters, or leave it empty.',
	description: 'printed on the packing slip',
	form: {
		description: 'Printed on the packing slip (at most 20 characters)',
		placeholder: 'e.g. Thank you!',
	},
};

const GIFT_COUNT: OrderField = {
	path: 'gift_count',
	key: 'gift_count',
	part: 'order',
	column: 'gift_count',
	group: 'Options',
	name: 'Gift Count',
	parameter: 'giftCount',
	operations: ['orderByCode'],
	kind: 'integer',
	required: 'optional',
	limit: { min: 1 },
	fix: 'Give the number of gift cards as a whole number of at least 1, or leave it empty.',
	description: 'gift cards in the parcel',
	form: { description: 'Gift cards in the parcel' },
};

interface Stages {
	fields: typeof FieldsModule;
	fromItem: typeof FromItemModule;
	fromParameters: typeof FromParametersModule;
	normalize: typeof NormalizeModule;
	validate: typeof ValidateModule;
	group: typeof GroupModule;
	defaults: typeof DefaultsModule;
	build: typeof BuildModule;
	mapping: typeof ResourceMappingModule;
	docs: typeof DocsModule;
	form: typeof CreateFieldsModule;
}

/** Fresh copies of every stage, loaded after the two entries were added to a fresh copy of the table. */
function stagesWithNewFields(): Stages {
	let stages: Stages | undefined;
	jest.isolateModules(() => {
		const fields = jest.requireActual<typeof FieldsModule>(
			'../../../../nodes/Printio/orderInput/fields',
		);
		(fields.ORDER_FIELDS as OrderField[]).push(GIFT_MESSAGE, GIFT_COUNT);
		(fields.REQUEST_ORDER as string[]).push('gift_message', 'gift_count');
		(fields.CHECK_ORDER as string[]).push('gift_message', 'gift_count');
		stages = {
			fields,
			fromItem: jest.requireActual('../../../../nodes/Printio/orderInput/read/fromItem'),
			fromParameters: jest.requireActual(
				'../../../../nodes/Printio/orderInput/read/fromParameters',
			),
			normalize: jest.requireActual('../../../../nodes/Printio/orderInput/normalize'),
			validate: jest.requireActual('../../../../nodes/Printio/orderInput/validate'),
			group: jest.requireActual('../../../../nodes/Printio/orderInput/group'),
			defaults: jest.requireActual('../../../../nodes/Printio/orderInput/defaults'),
			build: jest.requireActual('../../../../nodes/Printio/orderInput/build'),
			mapping: jest.requireActual('../../../../nodes/Printio/methods/resourceMapping'),
			docs: jest.requireActual('../../../../scripts/docs/order-columns'),
			form: jest.requireActual('../../../../nodes/Printio/actions/order/create.fields'),
		};
	});
	if (stages === undefined) throw new Error('modules not loaded');
	return stages;
}

const stages = stagesWithNewFields();
const extra = (order: OrderDraft) => order as Record<string, unknown>;

describe('a field added to the table', () => {
	it('is read from its column of an input item, for the operations it belongs to', () => {
		const item = { ec_order_no: 'A', gift_message: 'Thank you', gift_count: '2' };
		expect(extra(stages.fromItem.mapItemToOrder(item, 'orderByCode', 0).order)).toStrictEqual({
			ec_order_no: 'A',
			gift_message: 'Thank you',
			gift_count: 2,
		});
		const withImage = stages.fromItem.mapItemToOrder(item, 'orderWithImage', 0);
		expect(extra(withImage.order)).toStrictEqual({ ec_order_no: 'A', gift_message: 'Thank you' });
		expect(withImage.ignoredFields).toStrictEqual(['gift_count']);
	});

	it('is normalised by its kind, after the fields before it in check order', () => {
		const { order, changes } = stages.normalize.normalizeOrder(
			{ ec_order_no: 'A', gift_message: ' ＴＨＡＮＫＳ ', gift_count: '２' } as OrderDraft,
			'orderByCode',
		);
		expect(extra(order)).toStrictEqual({ ec_order_no: 'A', gift_message: 'THANKS', gift_count: 2 });
		expect(changes.map((entry) => [entry.field, entry.rule])).toStrictEqual([
			['gift_count', 'fullWidthToHalfWidth'],
			['gift_count', 'numberParsed'],
			['gift_message', 'fullWidthToHalfWidth'],
			['gift_message', 'trimmed'],
		]);
	});

	it('is checked by its limits, named last as it comes last in check order', () => {
		const order = { ...byCodeOrder(), gift_message: 'x'.repeat(21), gift_count: 0 } as OrderDraft;
		expect(
			stages.validate
				.validateOrder(order, 'orderByCode')
				.map((entry) => [entry.field, entry.message, entry.fix]),
		).toStrictEqual([
			[
				'gift_message',
				'is 21 characters long; at most 20 are allowed',
				'Shorten gift_message to at most 20 characters.',
			],
			['gift_count', 'must be at least 1', GIFT_COUNT.fix],
		]);
		expect(
			stages.validate.validateOrder(
				{ ...byCodeOrder(), gift_message: 'x'.repeat(20), gift_count: 1 } as OrderDraft,
				'orderByCode',
			),
		).toStrictEqual([]);
		expect(
			stages.validate.validateOrder(
				{ ...withImageOrder(), gift_count: 0 } as OrderDraft,
				'orderWithImage',
			),
		).toStrictEqual([]);
	});

	it('must agree across the rows of one order', () => {
		const [group] = stages.group.groupOrderRows([
			{ itemIndex: 0, order: { ec_order_no: 'A', gift_message: 'a' } as OrderDraft },
			{ itemIndex: 1, order: { ec_order_no: 'A', gift_message: 'b' } as OrderDraft },
		]);
		expect(group.problems.map((entry) => [entry.field, entry.itemIndex])).toStrictEqual([
			['gift_message', 1],
		]);
	});

	it("is filled from the node's options when the order leaves it empty, read from Options by its parameter name", () => {
		const node: INode = {
			id: 'n',
			name: 'Printio',
			type: 'printio',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		const options: IDataObject = { giftMessage: 'From the shop', giftCount: 3 };
		const context = {
			getNode: () => node,
			getNodeParameter: (name: string, _index: number, fallback?: unknown) =>
				name === 'options' ? options : fallback,
		} as unknown as IExecuteFunctions;
		const credentials: ICredentialDataDecryptedObject = {};
		const defaults = stages.fromParameters.readDefaults.call(context, 0, 'orderByCode', {
			baseUrl: 'http://printio.invalid',
			retailerId: 1,
			credentials,
		});
		expect(extra(defaults)).toStrictEqual({
			retailer_id: 1,
			gift_message: 'From the shop',
			gift_count: 3,
		});
		const filled = stages.defaults.fillOrderDefaults(
			{ ec_order_no: 'A', gift_count: 5 } as OrderDraft,
			defaults,
			'orderByCode',
			{ normalize: true, itemIndex: 0 },
		);
		expect(extra(filled.order)).toStrictEqual({
			ec_order_no: 'A',
			retailer_id: 1,
			gift_message: 'From the shop',
			gift_count: 5,
		});
		expect([...filled.used].sort()).toStrictEqual(['gift_message', 'retailer_id']);
	});

	it('is sent in its place in the body when given, and left out when not', () => {
		const given = { ...byCodeOrder(), gift_message: 'Thanks', gift_count: 2 } as OrderDraft;
		const body = stages.build.toRequest(given, 'orderByCode') as unknown as Record<string, unknown>;
		expect(Object.keys(body).slice(-2)).toStrictEqual(['gift_message', 'gift_count']);
		expect([body.gift_message, body.gift_count]).toStrictEqual(['Thanks', 2]);
		const none = stages.build.toRequest(byCodeOrder(), 'orderByCode');
		expect(none).not.toHaveProperty('gift_message');
		expect(none).not.toHaveProperty('gift_count');
		const withImage = stages.build.toRequest(
			{ ...withImageOrder(), gift_message: 'Thanks', gift_count: 2 } as OrderDraft,
			'orderWithImage',
		);
		expect(Object.keys(withImage).slice(-1)).toStrictEqual(['gift_message']);
	});

	it('is a column of the mapper, with its label and type', async () => {
		const context = { getCurrentNodeParameter: () => 'create' } as unknown as ILoadOptionsFunctions;
		const { fields } = await stages.mapping.getOrderColumns.call(context);
		const column = (id: string) => fields.find((entry) => entry.id === id);
		expect(column('gift_message')).toEqual(
			expect.objectContaining({ displayName: 'Gift Message', type: 'string', required: false }),
		);
		expect(column('gift_count')).toEqual(
			expect.objectContaining({ displayName: 'Gift Count', type: 'string', required: false }),
		);
		const withImage = await stages.mapping.getOrderColumns.call({
			getCurrentNodeParameter: () => 'createWithImages',
		} as unknown as ILoadOptionsFunctions);
		expect(withImage.fields.map((entry) => entry.id)).not.toContain('gift_count');
	});

	it("is listed in the docs' column tables", () => {
		const docs = stages.docs.renderOrderColumns();
		expect(docs).toContain(
			'| `gift_message` | Options › Gift Message | both | no | printed on the packing slip |',
		);
		expect(docs).toContain(
			'| `gift_count` | Options › Gift Count | order-by-code | no | gift cards in the parcel |',
		);
	});

	it('is an option of Define Below, by its kind, in its alphabetical place', () => {
		const options = (operation: 'orderByCode' | 'orderWithImage') =>
			(stages.form.orderCreateFields(operation).find((property) => property.name === 'options')
				?.options ?? []) as Array<{ displayName: string; name: string }>;
		const byCode = options('orderByCode');
		const at = (name: string) => byCode.findIndex((property) => property.name === name);
		expect(byCode[at('giftMessage')]).toStrictEqual({
			displayName: 'Gift Message',
			name: 'giftMessage',
			type: 'string',
			default: '',
			placeholder: 'e.g. Thank you!',
			description: 'Printed on the packing slip (at most 20 characters)',
		});
		expect(byCode[at('giftCount')]).toStrictEqual({
			displayName: 'Gift Count',
			name: 'giftCount',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: 'Gift cards in the parcel',
		});
		expect(
			byCode
				.slice(at('giftCount') - 1, at('giftMessage') + 2)
				.map((property) => property.displayName),
		).toStrictEqual(['EC Order Date', 'Gift Count', 'Gift Message', 'Multi-Item Orders']);
		expect(options('orderWithImage').map((property) => property.name)).toContain('giftMessage');
		expect(options('orderWithImage').map((property) => property.name)).not.toContain('giftCount');
	});

	it('leaves the real table as it is', () => {
		const real = jest.requireActual<typeof FieldsModule>(
			'../../../../nodes/Printio/orderInput/fields',
		);
		expect(real.ORDER_FIELDS.map((entry) => entry.path)).not.toContain('gift_message');
		expect(real.REQUEST_ORDER).not.toContain('gift_count');
	});
});
