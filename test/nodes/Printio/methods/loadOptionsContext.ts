/**
 * A load-options context for the direct tests of the node's methods (listSearch, loadOptions, resourceMapping):
 * the current node's parameters from a plain object, the credential of test/nodes/shared/printio/transport/fakeContext.ts, and
 * the transport over a routed script. No n8n engine and no harness.
 */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import {
	CONNECTION,
	NODE,
	routedContext,
	type ScriptedAnswer,
} from '../../shared/printio/transport/fakeContext';

export type Handler = Parameters<typeof routedContext>[0];

export function loadOptionsContext(
	parameters: Record<string, unknown>,
	handler: Handler = () => new Error('no request expected'),
) {
	const ctx = routedContext(handler);
	const read = (name: string) => parameters[name];
	let credentialReads = 0;
	Object.assign(ctx.context, {
		getNode: () => NODE,
		getNodeParameter: read,
		getCurrentNodeParameter: read,
		getCurrentNodeParameters: () => parameters,
		getCredentials: async (name: string) => {
			credentialReads++;
			if (name !== 'printioApi') throw new Error(`unexpected credential ${name}`);
			return CONNECTION.credentials;
		},
	});
	return {
		...ctx,
		context: ctx.context as unknown as ILoadOptionsFunctions,
		credentialReads: () => credentialReads,
	};
}

export const answer = (body: Record<string, unknown>): ScriptedAnswer => ({
	statusCode: 200,
	body: { status_code: 0, message: 'ok', ...body },
});

/** The method, address and query of each request sent. */
export function requests(
	sent: ReturnType<typeof routedContext>['sent'],
): Array<{ method: unknown; baseURL: unknown; url: unknown; qs: unknown }> {
	return sent.map(({ options }) => ({
		method: options.method,
		baseURL: options.baseURL,
		url: options.url,
		qs: options.qs,
	}));
}
