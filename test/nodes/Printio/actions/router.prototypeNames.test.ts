/**
 * An operation or resource named like an Object.prototype member (from an imported or hand-edited workflow's
 * JSON) is not an operation: the router refuses it with its own NodeOperationError, not a TypeError.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { router } from '../../../../nodes/Printio/actions/router';
import { NODE } from '../../shared/printio/transport/fakeContext';

it.each([
	['item', 'constructor'],
	['order', 'toString'],
	['__proto__', 'hasOwnProperty'],
])('"%s" › "%s" fails with the router\'s NodeOperationError', async (resource, operation) => {
	const context = {
		getInputData: () => [{ json: {} }],
		getNodeParameter: (name: string) => ({ resource, operation })[name as 'resource'],
		getNode: () => NODE,
		getCredentials: async () => ({
			environment: 'custom',
			baseUrl: 'https://api.example.test',
			retailerId: 1,
		}),
	} as unknown as IExecuteFunctions;
	const error = await router.call(context).then(
		() => undefined,
		(e: unknown) => e as Error,
	);
	expect(error).toBeInstanceOf(NodeOperationError);
	expect(error?.message).toBe(`The operation "${operation}" of "${resource}" is not supported`);
});
