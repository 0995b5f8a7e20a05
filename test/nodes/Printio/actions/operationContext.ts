/**
 * A node context for the direct tests of the order operations: parameters per item from plain objects, Continue
 * On Fail, the workflow's time zone, and the transport over a routed script (test/nodes/shared/printio/transport/fakeContext.ts).
 * No n8n engine and no harness.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { printioApi } from '../../../../nodes/shared/printio/transport';
import {
	CONNECTION,
	NODE,
	routedContext,
	type ScriptedAnswer,
} from '../../shared/printio/transport/fakeContext';

export type Handler = Parameters<typeof routedContext>[0];

export function operationContext(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	handler: Handler,
	{
		continueOnFail = false,
		timezone = 'Europe/Berlin',
	}: { continueOnFail?: boolean; timezone?: string } = {},
) {
	const ctx = routedContext(handler);
	const getNodeParameter = (name: string, itemIndex: number, fallback?: unknown) => {
		const parameters = parametersOf(itemIndex);
		return name in parameters ? parameters[name] : fallback;
	};
	Object.assign(ctx.context, {
		getNodeParameter,
		continueOnFail: () => continueOnFail,
		getTimezone: () => timezone,
		getNode: () => NODE,
	});
	const api = printioApi(ctx.context, CONNECTION);
	const items = (count: number): INodeExecutionData[] =>
		Array.from({ length: count }, () => ({ json: {} }));
	return { ...ctx, context: ctx.context as IExecuteFunctions, api, items };
}

export const answer = (body: Record<string, unknown>): ScriptedAnswer => ({
	statusCode: 200,
	body: { status_code: 0, message: 'ok', ...body },
});
