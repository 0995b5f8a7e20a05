/**
 * The router (and the node's execute, which is the router) with each operation replaced by a recorder: every
 * resource/operation pair the node offers runs its own operation once, with the node's context, all input items and
 * an API bound to the credential read once; its output is the node's only output. A pair the node does not know
 * fails with a NodeOperationError naming both, before the credential is read.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { router } from '../../../../nodes/Printio/actions/router';
import { Printio } from '../../../../nodes/Printio/Printio.node';
import { NODE } from '../../shared/printio/transport/fakeContext';

const calls: Array<{
	operation: string;
	self: unknown;
	items: INodeExecutionData[];
	api: { connection: unknown };
}> = [];

function recorder(operation: string) {
	return async function (this: unknown, items: INodeExecutionData[], api: { connection: unknown }) {
		calls.push({ operation, self: this, items, api });
		return [{ json: { ran: operation } }];
	};
}

jest.mock('../../../../nodes/Printio/actions/category/getMany.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/category/getMany.operation'),
	execute: recorder('category.getMany'),
}));
jest.mock('../../../../nodes/Printio/actions/item/getMany.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/item/getMany.operation'),
	execute: recorder('item.getMany'),
}));
jest.mock('../../../../nodes/Printio/actions/item/getStock.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/item/getStock.operation'),
	execute: recorder('item.getStock'),
}));
jest.mock('../../../../nodes/Printio/actions/originalItem/create.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/originalItem/create.operation'),
	execute: recorder('originalItem.create'),
}));
jest.mock('../../../../nodes/Printio/actions/originalItem/getMany.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/originalItem/getMany.operation'),
	execute: recorder('originalItem.getMany'),
}));
jest.mock('../../../../nodes/Printio/actions/simulator/getUrl.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/simulator/getUrl.operation'),
	execute: recorder('simulator.getUrl'),
}));
jest.mock('../../../../nodes/Printio/actions/order/create.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/order/create.operation'),
	execute: recorder('order.create'),
}));
jest.mock('../../../../nodes/Printio/actions/order/createWithImages.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/order/createWithImages.operation'),
	execute: recorder('order.createWithImages'),
}));
jest.mock('../../../../nodes/Printio/actions/order/getMany.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/order/getMany.operation'),
	execute: recorder('order.getMany'),
}));
jest.mock('../../../../nodes/Printio/actions/order/getStatuses.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/order/getStatuses.operation'),
	execute: recorder('order.getStatuses'),
}));
jest.mock('../../../../nodes/Printio/actions/user/checkExists.operation', () => ({
	...jest.requireActual('../../../../nodes/Printio/actions/user/checkExists.operation'),
	execute: recorder('user.checkExists'),
}));

const PAIRS = [
	['category', 'getMany'],
	['item', 'getMany'],
	['item', 'getStock'],
	['originalItem', 'create'],
	['originalItem', 'getMany'],
	['simulator', 'getUrl'],
	['order', 'create'],
	['order', 'createWithImages'],
	['order', 'getMany'],
	['order', 'getStatuses'],
	['user', 'checkExists'],
] as const;

const INPUT: INodeExecutionData[] = [{ json: { n: 0 } }, { json: { n: 1 } }];

function nodeContext(resource: string, operation: string) {
	const parameterReads: Array<[string, number]> = [];
	const credentialReads: string[] = [];
	const context = {
		getInputData: () => INPUT,
		getNodeParameter: (name: string, itemIndex: number) => {
			parameterReads.push([name, itemIndex]);
			return { resource, operation }[name];
		},
		getNode: () => NODE,
		getCredentials: async (name: string) => {
			credentialReads.push(name);
			return {
				environment: 'custom',
				baseUrl: 'https://api.example.test/v1/',
				retailerId: '7',
				subscriptionKey: 'KEY',
			};
		},
	} as unknown as IExecuteFunctions;
	return { context, parameterReads, credentialReads };
}

beforeEach(() => {
	calls.length = 0;
});

describe('router: dispatch', () => {
	it('the pairs here are every operation the node offers', () => {
		const { properties } = new Printio().description;
		const offered = properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options ?? []).map((o) => [
					p.displayOptions?.show?.resource?.[0],
					(o as { value: string }).value,
				]),
			);
		expect(offered.map((pair) => pair.join('.')).sort()).toStrictEqual(
			PAIRS.map((pair) => pair.join('.')).sort(),
		);
	});

	it.each(PAIRS)(
		"%s › %s runs its own operation once, with the context, every item and the credential's API",
		async (resource, operation) => {
			const { context, parameterReads, credentialReads } = nodeContext(resource, operation);
			const output = await router.call(context);
			expect(output).toStrictEqual([[{ json: { ran: `${resource}.${operation}` } }]]);
			expect(calls.map((c) => c.operation)).toStrictEqual([`${resource}.${operation}`]);
			expect(calls[0].self).toBe(context);
			expect(calls[0].items).toBe(INPUT);
			expect(calls[0].api.connection).toStrictEqual({
				baseUrl: 'https://api.example.test/v1',
				retailerId: 7,
				credentials: {
					environment: 'custom',
					baseUrl: 'https://api.example.test/v1/',
					retailerId: '7',
					subscriptionKey: 'KEY',
				},
			});
			expect(parameterReads).toStrictEqual([
				['resource', 0],
				['operation', 0],
			]);
			expect(credentialReads).toStrictEqual(['printioApi']);
		},
	);

	it.each(PAIRS)("the node's execute is the router: %s › %s", async (resource, operation) => {
		const { context } = nodeContext(resource, operation);
		expect(await new Printio().execute.call(context)).toStrictEqual([
			[{ json: { ran: `${resource}.${operation}` } }],
		]);
		expect(calls.map((c) => c.operation)).toStrictEqual([`${resource}.${operation}`]);
	});

	it.each([
		['order', 'delete'],
		['category', 'getStock'],
		['item', 'create'],
		['invoice', 'getMany'],
		['', ''],
	])(
		'"%s" › "%s" fails with a NodeOperationError naming both, before the credential is read',
		async (resource, operation) => {
			const { context, credentialReads } = nodeContext(resource, operation);
			const error = await router.call(context).then(
				() => undefined,
				(e: unknown) => e as NodeOperationError,
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toBe(`The operation "${operation}" of "${resource}" is not supported`);
			expect(error?.node).toBe(NODE);
			expect(calls).toStrictEqual([]);
			expect(credentialReads).toStrictEqual([]);
		},
	);
});
