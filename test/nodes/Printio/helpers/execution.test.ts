/** Running an operation per input item (helpers/execution.ts): pairing, Continue On Fail, the item index on errors. */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	errorItem,
	runForEachItem,
	withItemIndex,
} from '../../../../nodes/Printio/helpers/execution';
import { markOutcomeUnknown } from '../../../../nodes/shared/printio/transport/errors';
import { NODE } from '../../shared/printio/transport/fakeContext';

function context(continueOnFail: boolean, node: INode = NODE) {
	return {
		continueOnFail: () => continueOnFail,
		getNode: () => node,
	} as unknown as IExecuteFunctions;
}
const items = (count: number) => Array.from({ length: count }, (_, index) => ({ json: { index } }));
const apiError = (httpCode?: string, description?: string) =>
	new NodeApiError(
		NODE,
		{ message: 'raw' },
		{
			message: 'Out of stock',
			...(httpCode ? { httpCode } : {}),
			...(description ? { description } : {}),
		},
	);

describe('runForEachItem', () => {
	it('pairs each record with its input item, one output item per record of an array', async () => {
		const output = await runForEachItem.call(context(false), items(3), async (i) =>
			i === 1 ? [{ a: 1 }, { a: 2 }] : i === 2 ? [] : { only: i },
		);
		expect(output).toStrictEqual([
			{ json: { only: 0 }, pairedItem: { item: 0 } },
			{ json: { a: 1 }, pairedItem: { item: 1 } },
			{ json: { a: 2 }, pairedItem: { item: 1 } },
		]);
	});

	it('runs nothing for no items', async () => {
		const seen: number[] = [];
		expect(
			await runForEachItem.call(context(false), [], async (i) => (seen.push(i), {})),
		).toStrictEqual([]);
		expect(seen).toStrictEqual([]);
	});

	it('stops at the first failure, naming its item', async () => {
		const seen: number[] = [];
		const run = runForEachItem.call(context(false), items(3), async (i) => {
			seen.push(i);
			if (i === 1) throw new Error('boom');
			return {};
		});
		const error = (await run.catch((e: unknown) => e)) as NodeOperationError;
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('boom');
		expect(error.context.itemIndex).toBe(1);
		expect(seen).toStrictEqual([0, 1]);
	});

	it('with Continue On Fail turns a failure into an error item and goes on', async () => {
		const output = await runForEachItem.call(context(true), items(3), async (i) => {
			if (i === 1) throw new Error('boom');
			return { i };
		});
		expect(output).toStrictEqual([
			{ json: { i: 0 }, pairedItem: { item: 0 } },
			{ json: { error: 'boom' }, pairedItem: [{ item: 1 }] },
			{ json: { i: 2 }, pairedItem: { item: 2 } },
		]);
	});

	it('with Continue On Fail using the error output, the error item carries the error', async () => {
		const error = apiError();
		const node = { ...NODE, onError: 'continueErrorOutput' as const };
		const output = await runForEachItem.call(context(true, node), items(1), async () => {
			throw error;
		});
		expect(output).toHaveLength(1);
		expect(output[0].error).toBe(error);
	});
});

describe('errorItem', () => {
	it("carries the message, the API's description and HTTP code, paired with every item given", () => {
		expect(errorItem(apiError('409', 'Check stock'), [2, 5])).toStrictEqual({
			json: { error: 'Out of stock', errorDescription: 'Check stock', httpCode: '409' },
			pairedItem: [{ item: 2 }, { item: 5 }],
		});
	});

	it('leaves out an empty description or HTTP code, and reads a thrown non-error as text', () => {
		expect(errorItem(new Error('plain'), [0])).toStrictEqual({
			json: { error: 'plain' },
			pairedItem: [{ item: 0 }],
		});
		expect(errorItem('text', [1])).toStrictEqual({
			json: { error: 'text' },
			pairedItem: [{ item: 1 }],
		});
		expect(errorItem(undefined, [1])).toStrictEqual({
			json: { error: 'undefined' },
			pairedItem: [{ item: 1 }],
		});
		expect(errorItem(null, [1])).toStrictEqual({
			json: { error: 'null' },
			pairedItem: [{ item: 1 }],
		});
	});

	it('says when the outcome of a write is unknown, and only then', () => {
		const unknown = markOutcomeUnknown(apiError('503', 'Try later'));
		expect(errorItem(unknown, [0]).json).toStrictEqual({
			error: 'Out of stock',
			errorDescription: 'Try later',
			httpCode: '503',
			outcome_unknown: true,
		});
		expect('outcome_unknown' in errorItem(apiError('400', 'Refused'), [0]).json).toBe(false);
		expect('outcome_unknown' in errorItem(new NodeOperationError(NODE, 'Bad'), [0]).json).toBe(
			false,
		);
	});

	it("carries n8n's own errors only for Continue (using error output)", () => {
		const api = apiError();
		const operation = new NodeOperationError(NODE, 'Bad line');
		expect(errorItem(api, [0], { onError: 'continueErrorOutput' }).error).toBe(api);
		expect(errorItem(operation, [0], { onError: 'continueErrorOutput' }).error).toBe(operation);
		expect('error' in errorItem(new Error('plain'), [0], { onError: 'continueErrorOutput' })).toBe(
			false,
		);
		expect('error' in errorItem(api, [0], { onError: 'continueRegularOutput' })).toBe(false);
		expect('error' in errorItem(api, [0])).toBe(false);
	});
});

describe('withItemIndex', () => {
	it("sets the item index on n8n's errors that have none, and keeps one they have", () => {
		const api = apiError();
		expect(withItemIndex.call(context(false), api, 3)).toBe(api);
		expect(api.context.itemIndex).toBe(3);
		const operation = new NodeOperationError(NODE, 'Bad line', { itemIndex: 1 });
		expect(withItemIndex.call(context(false), operation, 4)).toBe(operation);
		expect(operation.context.itemIndex).toBe(1);
		const unplaced = new NodeOperationError(NODE, 'Bad line');
		expect(withItemIndex.call(context(false), unplaced, 6)).toBe(unplaced);
		expect(unplaced.context.itemIndex).toBe(6);
	});

	it('wraps any other error in a NodeOperationError of the node with the item index', () => {
		const wrapped = withItemIndex.call(
			context(false),
			new TypeError('bad'),
			2,
		) as NodeOperationError;
		expect(wrapped).toBeInstanceOf(NodeOperationError);
		expect(wrapped.message).toBe('bad');
		expect(wrapped.node).toBe(NODE);
		expect(wrapped.context.itemIndex).toBe(2);
	});
});
