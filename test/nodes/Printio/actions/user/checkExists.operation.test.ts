/**
 * User › Check Exists as a unit (no n8n engine): GET /users/user with the trimmed address in the MailAddress header
 * and the retailer in the query, Printio's answer as the output, an address that is not one refused before anything
 * is sent (the message names the field, never the address), the API's refusal with its own words and the item it
 * belongs to, and Continue On Fail.
 */
import fc from 'fast-check';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { execute } from '../../../../../nodes/Printio/actions/user/checkExists.operation';
import { operationContext } from '../operationContext';

const FOUND = { status_code: 0, message: 'ok', team_id: 4, user_id: 9 };

function checkExists(
	parametersOf: (itemIndex: number) => Record<string, unknown>,
	{ continueOnFail = false, count = 1, failOn = -1 } = {},
) {
	let call = 0;
	const op = operationContext(
		parametersOf,
		() =>
			call++ === failOn
				? {
						statusCode: 200,
						body: { response: { status_code: 5, message: 'MailAddress is unknown' } },
					}
				: { statusCode: 200, body: { response: FOUND } },
		{ continueOnFail },
	);
	return { ...op, run: async () => await execute.call(op.context, op.items(count), op.api) };
}

const refusal = async (promise: Promise<unknown>) =>
	await promise.then(
		() => undefined,
		(e: unknown) => e as NodeOperationError,
	);

describe('User › Check Exists (direct)', () => {
	it("asks GET /users/user with the trimmed address in the MailAddress header, for the credential's retailer", async () => {
		const op = checkExists(() => ({ mailAddress: '  hanako@example.jp\t' }));
		const output = await op.run();
		expect(
			op.sent.map((s) => [
				s.options.method,
				s.options.url,
				s.options.qs,
				s.options.headers?.MailAddress,
			]),
		).toStrictEqual([['GET', '/users/user', { retailer_id: 7 }, 'hanako@example.jp']]);
		expect(output).toStrictEqual([{ json: FOUND, pairedItem: { item: 0 } }]);
	});

	it("the retailer option overrides the credential's", async () => {
		const op = checkExists(() => ({ mailAddress: 'a@b.co', options: { retailerId: 3 } }));
		await op.run();
		expect(op.sent[0].options.qs).toStrictEqual({ retailer_id: 3 });
	});

	it('any address of the form local@domain.tld is sent as typed', async () => {
		const part = fc.stringMatching(/^[a-z0-9._+-]{1,12}$/);
		await fc.assert(
			fc.asyncProperty(
				part,
				part,
				fc.stringMatching(/^[a-z]{2,6}$/),
				async (local, domain, tld) => {
					const address = `${local}@${domain}.${tld}`;
					const op = checkExists(() => ({ mailAddress: address }));
					await op.run();
					expect(op.sent.map((s) => s.options.headers?.MailAddress)).toStrictEqual([address]);
				},
			),
			{ numRuns: 30 },
		);
	});

	it.each([
		[''],
		['hanako'],
		['hanako@example'],
		['@example.jp'],
		['hanako@.jp x'],
		['ha nako@example.jp'],
		['hanako@@example.jp'],
	])(
		'%j is refused before anything is sent, naming the field, not the address',
		async (mailAddress) => {
			const op = checkExists((i) => (i === 1 ? { mailAddress } : { mailAddress: 'a@b.co' }), {
				count: 2,
			});
			const error = await refusal(op.run());
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error?.message).toBe('Email is not a valid mail address');
			expect(error?.context.itemIndex).toBe(1);
			expect(op.sent).toHaveLength(1);
		},
	);

	it('an unset address is refused too', async () => {
		const op = checkExists(() => ({}));
		expect((await refusal(op.run()))?.message).toBe('Email is not a valid mail address');
		expect(op.sent).toStrictEqual([]);
	});

	it("the API's refusal stops the run with its message and the failing item's index", async () => {
		const op = checkExists(() => ({ mailAddress: 'a@b.co' }), { count: 2, failOn: 1 });
		const error = await refusal(op.run());
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error?.message).toBe(
			'Request parameter error (Printio status 5): MailAddress is unknown',
		);
		expect(error?.context.itemIndex).toBe(1);
	});

	it('Continue On Fail: a refused item becomes an error item paired with it, the others go on', async () => {
		const op = checkExists((i) => ({ mailAddress: i === 0 ? 'not an address' : 'a@b.co' }), {
			count: 3,
			failOn: 0,
			continueOnFail: true,
		});
		const output = await op.run();
		expect(op.sent).toHaveLength(2);
		expect(output).toStrictEqual([
			{ json: { error: 'Email is not a valid mail address' }, pairedItem: [{ item: 0 }] },
			{
				json: {
					error: 'Request parameter error (Printio status 5): MailAddress is unknown',
					errorDescription:
						"Printio rejected a field; its message names the field. Fix the value in the node's parameters or in the input item.",
					httpCode: '200',
				},
				pairedItem: [{ item: 1 }],
			},
			{ json: FOUND, pairedItem: { item: 2 } },
		]);
	});
});
