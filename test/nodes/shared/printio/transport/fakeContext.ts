/**
 * A node context that answers the transport's requests from a script: each call to n8n's
 * httpRequestWithAuthentication takes the next answer (an HTTP answer, or an error to throw). What the transport
 * asked for is recorded, so the tests see exactly what would go on the wire.
 */
import type { IExecuteFunctions, IHttpRequestOptions, INode } from 'n8n-workflow';

import type { Connection } from '../../../../../nodes/shared/printio/transport/connection';

export interface ScriptedAnswer {
	statusCode: number;
	body: unknown;
	headers?: Record<string, string | string[]>;
}

export interface SentRequest {
	credentialName: string;
	options: IHttpRequestOptions;
	credentialsDecrypted: unknown;
}

export const NODE: INode = {
	id: 'node-1',
	name: 'Printio',
	type: 'n8n-nodes-printio.printio',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

export const CONNECTION: Connection = {
	baseUrl: 'https://api.example.test/v1',
	retailerId: 7,
	credentials: {
		environment: 'custom',
		baseUrl: 'https://api.example.test/v1',
		retailerId: 7,
		subscriptionKey: 'KEY-SECRET',
	},
};

/** The slice of IExecuteFunctions the transport uses. */
type TransportContext = Pick<IExecuteFunctions, 'getNode'> & {
	helpers: Pick<IExecuteFunctions['helpers'], 'httpRequestWithAuthentication'>;
};

export function scriptedContext(
	answers: Array<ScriptedAnswer | Error | ((options: IHttpRequestOptions) => ScriptedAnswer)>,
) {
	const sent: SentRequest[] = [];
	const context: TransportContext = {
		getNode: () => NODE,
		helpers: {
			httpRequestWithAuthentication: async (credentialName, options, additional) => {
				sent.push({
					credentialName,
					options,
					credentialsDecrypted: additional?.credentialsDecrypted,
				});
				const next = answers.shift();
				if (next === undefined) throw new Error(`no scripted answer for request ${sent.length}`);
				if (next instanceof Error) throw next;
				const answer = typeof next === 'function' ? next(options) : next;
				return { headers: {}, ...answer };
			},
		},
	};
	return { context: context as IExecuteFunctions, sent };
}

/** An error as n8n's request helper throws it for a failed connection (the code sits on it or on its cause). */
export function networkError(code: string, onCause = false): Error {
	const error = new Error(`request failed: ${code}`);
	if (onCause) Object.assign(error, { cause: { code } });
	else Object.assign(error, { code });
	return error;
}

export const ok = (body: Record<string, unknown> = {}): ScriptedAnswer => ({
	statusCode: 200,
	body: { status_code: 0, message: 'ok', ...body },
});

/** Like scriptedContext, but one handler answers every request (by route), for code that sends in parallel. */
export function routedContext(
	handler: (request: {
		method: string;
		url: string;
		qs: Record<string, unknown>;
		body: unknown;
	}) => ScriptedAnswer | Error,
) {
	const sent: SentRequest[] = [];
	const context: TransportContext & Pick<IExecuteFunctions, 'getNode'> = {
		getNode: () => NODE,
		helpers: {
			httpRequestWithAuthentication: async (credentialName, options, additional) => {
				sent.push({
					credentialName,
					options,
					credentialsDecrypted: additional?.credentialsDecrypted,
				});
				const answer = handler({
					method: String(options.method),
					url: String(options.url),
					qs: (options.qs ?? {}) as Record<string, unknown>,
					body: options.body,
				});
				if (answer instanceof Error) throw answer;
				return { headers: {}, ...answer };
			},
		},
	};
	return { context: context as IExecuteFunctions, sent };
}
