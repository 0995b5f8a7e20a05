/**
 * One request on the wire: what is sent (method, URL, headers, body, timeout, the credential read once), which
 * failures are retried (reads only, at most 3 times), and which errors come back.
 */
import { NodeApiError, sleep } from 'n8n-workflow';

import { isOutcomeUnknown } from '../../../../../nodes/shared/printio/transport/errors';
import { request } from '../../../../../nodes/shared/printio/transport/request';
import { CONNECTION, networkError, ok, scriptedContext } from './fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const waits = () => jest.mocked(sleep).mock.calls.map(([ms]) => ms);
const serverError = (statusCode = 500, headers?: Record<string, string>) => ({
	statusCode,
	body: 'upstream failed',
	headers,
});

beforeEach(() => jest.mocked(sleep).mockClear());

async function failure(promise: Promise<unknown>): Promise<NodeApiError> {
	try {
		await promise;
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	throw new Error('expected the request to fail');
}

describe('what is sent', () => {
	it('sends a read as GET with the query, full response, no status errors, a timeout and no body', async () => {
		const { context, sent } = scriptedContext([ok({ list_item_data: [] })]);
		const body = await request(context, CONNECTION, 'getItems', { qs: { limit: 5, page: 2 } });
		expect(body).toEqual({ status_code: 0, message: 'ok', list_item_data: [] });
		expect(sent).toHaveLength(1);
		expect(sent[0].credentialName).toBe('printioApi');
		expect(sent[0].options).toEqual({
			method: 'GET',
			baseURL: 'https://api.example.test/v1',
			url: '/items',
			headers: { Accept: 'application/json' },
			qs: { limit: 5, page: 2 },
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 30_000,
		});
	});

	it('hands n8n the credential read once, so that it is not read and decrypted again per request', async () => {
		const { context, sent } = scriptedContext([ok()]);
		await request(context, CONNECTION, 'getCategories');
		expect(sent[0].credentialsDecrypted).toEqual({
			id: '',
			name: '',
			type: 'printioApi',
			data: CONNECTION.credentials,
		});
	});

	it('sends a write as POST with a JSON body (an empty object without one) and the caller headers', async () => {
		const { context, sent } = scriptedContext([ok(), ok()]);
		await request(context, CONNECTION, 'postItemStocks', {
			body: { item_stock_codes: ['A'] },
			headers: { 'X-Extra': '1' },
		});
		await request(context, CONNECTION, 'postSimulatorUrl');
		expect(sent[0].options).toEqual(
			expect.objectContaining({
				method: 'POST',
				url: '/item-stocks',
				body: { item_stock_codes: ['A'] },
				headers: { Accept: 'application/json', 'X-Extra': '1', 'Content-Type': 'application/json' },
			}),
		);
		expect(sent[1].options.body).toEqual({});
		expect(sent[1].options.headers).toEqual({
			Accept: 'application/json',
			'Content-Type': 'application/json',
		});
	});

	it('sends X-Feature-Flags: MultiItemOrder only when asked', async () => {
		const { context, sent } = scriptedContext([ok(), ok()]);
		await request(context, CONNECTION, 'postOrderByCode', { body: {}, multiItemOrder: true });
		await request(context, CONNECTION, 'postOrderByCode', { body: {}, multiItemOrder: false });
		expect(sent[0].options.headers).toEqual(
			expect.objectContaining({ 'X-Feature-Flags': 'MultiItemOrder' }),
		);
		expect(sent[1].options.headers).not.toHaveProperty('X-Feature-Flags');
	});
});

describe('retries of reads', () => {
	it('retries a read after 5xx and 429, waiting 300, 600, 1200 ms, and returns the answer that came', async () => {
		const { context, sent } = scriptedContext([
			serverError(503),
			serverError(429),
			serverError(500),
			ok({ categories: [1] }),
		]);
		expect(await request(context, CONNECTION, 'getCategories')).toEqual(
			expect.objectContaining({ categories: [1] }),
		);
		expect(sent).toHaveLength(4);
		expect(waits()).toEqual([300, 600, 1200]);
	});

	it("waits as long as the server's Retry-After says", async () => {
		const { context } = scriptedContext([serverError(429, { 'retry-after': '3' }), ok()]);
		await request(context, CONNECTION, 'getCategories');
		expect(waits()).toEqual([3000]);
	});

	it('gives up after 4 attempts with the last HTTP error', async () => {
		const { context, sent } = scriptedContext([
			serverError(),
			serverError(),
			serverError(),
			serverError(502),
			ok(),
		]);
		const error = await failure(request(context, CONNECTION, 'getCategories', { itemIndex: 3 }));
		expect(sent).toHaveLength(4);
		expect(error.message).toBe('Printio server error (HTTP 502)');
		expect(error.httpCode).toBe('502');
		expect(error.context.itemIndex).toBe(3);
	});

	it('retries a dropped connection on a read, then fails naming the attempts', async () => {
		const { context, sent } = scriptedContext([
			networkError('ECONNRESET'),
			networkError('ETIMEDOUT', true),
			ok({ categories: [] }),
		]);
		await request(context, CONNECTION, 'getCategories');
		expect(sent).toHaveLength(2 + 1);
		expect(waits()).toEqual([300, 600]);

		const failing = scriptedContext([1, 2, 3, 4].map(() => networkError('ECONNRESET')));
		const error = await failure(
			request(failing.context, CONNECTION, 'getCategories', { itemIndex: 1 }),
		);
		expect(failing.sent).toHaveLength(4);
		expect(error.message).toBe('The connection to Printio was closed during GET /categories');
		expect(error.description).toBe('It was tried 4 times.');
		expect(error.context.itemIndex).toBe(1);
	});

	it('does not retry an unreachable host: the request never left', async () => {
		const { context, sent } = scriptedContext([networkError('ECONNREFUSED'), ok()]);
		const error = await failure(request(context, CONNECTION, 'getCategories'));
		expect(sent).toHaveLength(1);
		expect(waits()).toEqual([]);
		expect(error.message).toBe(
			'Cannot reach Printio at https://api.example.test/v1 (connection refused)',
		);
		expect(isOutcomeUnknown(error)).toBe(false);
	});

	it('does not retry 4xx answers', async () => {
		const { context, sent } = scriptedContext([{ statusCode: 404, body: 'not here' }, ok()]);
		const error = await failure(request(context, CONNECTION, 'getCategories'));
		expect(sent).toHaveLength(1);
		expect(error.message).toBe('Not found: GET /categories does not exist at this base URL');
	});
});

describe('writes are sent once', () => {
	it('never repeats a write after 5xx or 429, and marks a 5xx outcome unknown', async () => {
		const { context, sent } = scriptedContext([serverError(500), ok()]);
		const error = await failure(
			request(context, CONNECTION, 'postOrderByCode', { body: {}, itemIndex: 2 }),
		);
		expect(sent).toHaveLength(1);
		expect(waits()).toEqual([]);
		expect(isOutcomeUnknown(error)).toBe(true);
		expect(error.context.itemIndex).toBe(2);

		const limited = scriptedContext([serverError(429), ok()]);
		expect(
			isOutcomeUnknown(
				await failure(request(limited.context, CONNECTION, 'postOrderWithImage', { body: {} })),
			),
		).toBe(false);
		expect(limited.sent).toHaveLength(1);
	});

	it('never repeats a write after a dropped connection, and marks it outcome unknown', async () => {
		const { context, sent } = scriptedContext([networkError('ECONNRESET'), ok()]);
		const error = await failure(request(context, CONNECTION, 'postOriginalItem', { body: {} }));
		expect(sent).toHaveLength(1);
		expect(isOutcomeUnknown(error)).toBe(true);
		expect(error.description).toMatch(/^It was not repeated automatically/);
	});
});

describe('answers', () => {
	it('returns the body of a status 0 answer and throws the API error of another status with the item index', async () => {
		const { context } = scriptedContext([
			{ statusCode: 200, body: { response: { status_code: 5, message: 'bad zip' } } },
		]);
		const error = await failure(
			request(context, CONNECTION, 'postOrderByCode', { body: {}, itemIndex: 4 }),
		);
		expect(error.message).toBe('Request parameter error (Printio status 5): bad zip');
		expect(error.context.itemIndex).toBe(4);
	});
});
