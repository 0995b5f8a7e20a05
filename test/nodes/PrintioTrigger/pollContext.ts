/**
 * A poll context for calling the trigger's modules directly (settings, status poll), without the node class and
 * its lease: parameters as getNodeParameter resolves them, the node's raw parameters, static data, and a service
 * that answers each request from a handler. What was sent is recorded as it would go on the wire.
 */
import type { IDataObject, IHttpRequestOptions, INode, IPollFunctions } from 'n8n-workflow';

import { CONNECTION, type ScriptedAnswer } from '../shared/printio/transport/fakeContext';

export interface SentRequest {
	url: string;
	qs: Record<string, unknown>;
	headers: Record<string, string>;
}

export interface PollContextSetup {
	params?: Record<string, unknown>;
	nodeParameters?: INode['parameters'];
	staticData?: IDataObject;
	timezone?: string;
	pollTimesThrow?: boolean;
	getPollBudgetMs?: (this: unknown) => unknown;
	answer?: (request: SentRequest) => ScriptedAnswer;
}

export function pollContext(setup: PollContextSetup = {}) {
	const sent: SentRequest[] = [];
	const staticData = setup.staticData ?? {};
	const params = setup.params ?? {};
	const node: INode = {
		id: 'trigger-1',
		name: 'Printio Trigger',
		type: 'n8n-nodes-printio.printioTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters:
			setup.nodeParameters ??
			({ options: (params.options as IDataObject | undefined) ?? {} } as INode['parameters']),
	};
	const context = {
		getNode: () => node,
		getTimezone: () => setup.timezone ?? 'Asia/Tokyo',
		getWorkflowStaticData: (type: string) => (type === 'node' ? staticData : {}),
		getCredentials: async () => CONNECTION.credentials,
		getNodeParameter: (name: string, fallback?: unknown) => {
			if (name === 'pollTimes' && setup.pollTimesThrow)
				throw new Error('Could not get parameter "pollTimes"');
			return name in params ? params[name] : fallback;
		},
		...(setup.getPollBudgetMs ? { getPollBudgetMs: setup.getPollBudgetMs } : {}),
		helpers: {
			httpRequestWithAuthentication: async (_credential: string, options: IHttpRequestOptions) => {
				const request: SentRequest = {
					url: String(options.url),
					qs: (options.qs ?? {}) as Record<string, unknown>,
					headers: (options.headers ?? {}) as Record<string, string>,
				};
				sent.push(request);
				if (!setup.answer) throw new Error(`no answer for ${request.url}`);
				return { headers: {}, ...setup.answer(request) };
			},
		},
	};
	return { context: context as unknown as IPollFunctions, sent, staticData, node };
}
