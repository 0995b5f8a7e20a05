/**
 * The node's execute with the real operations behind the router, in a fake context (no n8n engine): the credential
 * is read once per run and its base URL and retailer reach every request, each input item is handled with its own
 * parameters, a failing item stops the run with its index, and Continue On Fail turns it into an error item paired
 * with its input while the other items go on.
 */
import type { IExecuteFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { Printio } from '../../../../nodes/Printio/Printio.node';
import { NODE } from '../../shared/printio/transport/fakeContext';

const CREDENTIALS = {
	environment: 'custom',
	baseUrl: 'https://api.example.test/v2//',
	retailerId: 9,
	subscriptionKey: 'KEY',
};

function nodeRun(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	{ count = 2, continueOnFail = false } = {},
) {
	const sent: IHttpRequestOptions[] = [];
	let credentialReads = 0;
	const context = {
		getInputData: (): INodeExecutionData[] =>
			Array.from({ length: count }, (_, n) => ({ json: { n } })),
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			const parameters = parametersOf(itemIndex);
			return name in parameters ? parameters[name] : fallback;
		},
		getNode: () => NODE,
		continueOnFail: () => continueOnFail,
		getCredentials: async () => {
			credentialReads++;
			return CREDENTIALS;
		},
		helpers: {
			httpRequestWithAuthentication: async (_name: string, options: IHttpRequestOptions) => {
				sent.push(options);
				const mail = (options.headers as Record<string, string> | undefined)?.MailAddress;
				if (mail === 'unknown@example.jp')
					return {
						statusCode: 200,
						headers: {},
						body: { response: { status_code: 5, message: 'MailAddress is unknown' } },
					};
				return {
					statusCode: 200,
					headers: {},
					body: { response: { status_code: 0, message: 'ok', exists: true } },
				};
			},
		},
	} as unknown as IExecuteFunctions;
	return {
		sent,
		credentialReads: () => credentialReads,
		run: async () => await new Printio().execute.call(context),
	};
}

const user = (mailAddress: string) => ({ resource: 'user', operation: 'checkExists', mailAddress });

describe('router: a run through the real operations', () => {
	it("reads the credential once; its base URL and retailer reach every item's request", async () => {
		const op = nodeRun((i) => user(`u${i}@example.jp`), { count: 3 });
		const output = await op.run();
		expect(op.credentialReads()).toBe(1);
		expect(
			op.sent.map((s) => [
				s.baseURL,
				s.url,
				s.qs,
				(s.headers as Record<string, string>).MailAddress,
			]),
		).toStrictEqual([
			['https://api.example.test/v2', '/users/user', { retailer_id: 9 }, 'u0@example.jp'],
			['https://api.example.test/v2', '/users/user', { retailer_id: 9 }, 'u1@example.jp'],
			['https://api.example.test/v2', '/users/user', { retailer_id: 9 }, 'u2@example.jp'],
		]);
		expect(output).toStrictEqual([
			[0, 1, 2].map((item) => ({
				json: { status_code: 0, message: 'ok', exists: true },
				pairedItem: { item },
			})),
		]);
	});

	it("a check that fails before sending stops the run with the item's index", async () => {
		const op = nodeRun((i) => user(i === 1 ? 'not an address' : 'a@example.jp'));
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e as NodeOperationError,
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('Email is not a valid mail address');
		expect(error?.context.itemIndex).toBe(1);
		expect(op.sent).toHaveLength(1);
	});

	it("an API refusal stops the run with the API's words and the item's index", async () => {
		const op = nodeRun((i) => user(i === 1 ? 'unknown@example.jp' : 'a@example.jp'));
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e as NodeApiError,
		);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe(
			'Request parameter error (Printio status 5): MailAddress is unknown',
		);
		expect(error?.context.itemIndex).toBe(1);
	});

	it('Continue On Fail: each failing item becomes an error item paired with it, in input order', async () => {
		const mails = ['unknown@example.jp', 'a@example.jp', 'not an address'];
		const op = nodeRun((i) => user(mails[i]), { count: 3, continueOnFail: true });
		const output = await op.run();
		expect(output).toStrictEqual([
			[
				{
					json: {
						error: 'Request parameter error (Printio status 5): MailAddress is unknown',
						errorDescription:
							"Printio rejected a field; its message names the field. Fix the value in the node's parameters or in the input item.",
						httpCode: '200',
					},
					pairedItem: [{ item: 0 }],
				},
				{ json: { status_code: 0, message: 'ok', exists: true }, pairedItem: { item: 1 } },
				{ json: { error: 'Email is not a valid mail address' }, pairedItem: [{ item: 2 }] },
			],
		]);
	});

	it('an unknown pair fails even with Continue On Fail, and nothing is sent', async () => {
		const op = nodeRun(() => ({ resource: 'user', operation: 'delete' }), { continueOnFail: true });
		const error = await op.run().then(
			() => undefined,
			(e: unknown) => e as NodeOperationError,
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error?.message).toBe('The operation "delete" of "user" is not supported');
		expect(op.sent).toStrictEqual([]);
		expect(op.credentialReads()).toBe(0);
	});
});
