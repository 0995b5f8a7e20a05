import { createServer } from 'node:net';

import { scanForSecrets, testCredential } from '../../../../harness';
import { startSandbox, type Sandbox } from '../../../../../sandbox/server';
import { router } from '../../../../../nodes/Printio/actions/router';
import { PrintioTrigger } from '../../../../../nodes/PrintioTrigger/PrintioTrigger.node';
import {
	control,
	credentialsFor,
	jsonOf,
	KEY_1,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../../../Printio/setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const getItems = { resource: 'item', operation: 'getMany', returnAll: false, limit: 5 };

describe('retries of reads', () => {
	it('retries a read after HTTP 500 and succeeds', async () => {
		await control(sandbox(), 'POST', '/faults', { route: 'GET /items', kind: 'http500', times: 2 });
		const items = jsonOf(await runPrintio(sandbox(), getItems));
		expect(items).toHaveLength(5);
		expect((await receivedRequests(sandbox())).map((request) => request.statusCode)).toEqual([
			500, 500, 200,
		]);
	});

	it('honours Retry-After on HTTP 429', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'GET /items',
			kind: 'http429',
			times: 1,
			retryAfterSeconds: 1,
		});
		const items = jsonOf(await runPrintio(sandbox(), getItems));
		expect(items).toHaveLength(5);
		const requests = await receivedRequests(sandbox());
		expect(requests.map((request) => request.statusCode)).toEqual([429, 200]);
		const waited = Date.parse(requests[1].startedAt) - Date.parse(requests[0].startedAt);
		expect(waited).toBeGreaterThanOrEqual(900);
	});

	it('gives up after a bounded number of attempts with a clear error', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'GET /items',
			kind: 'http500',
			times: 20,
		});
		const result = await runPrintio(sandbox(), getItems);
		expect(result.error?.message).toBe('Printio server error (HTTP 500)');
		expect(result.error?.description).toMatch(/retried 3 times/);
		expect(await receivedRequests(sandbox())).toHaveLength(4);
	});

	it('retries a read whose connection was closed', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'GET /categories',
			kind: 'closeBeforeCommit',
			times: 1,
		});
		const result = await runPrintio(sandbox(), {
			resource: 'category',
			operation: 'getMany',
			returnAll: true,
		});
		expect(jsonOf(result).length).toBeGreaterThan(0);
	});

	it('reports a body that is not JSON without crashing', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'GET /items',
			kind: 'malformedJson',
			times: 1,
		});
		const result = await runPrintio(sandbox(), getItems);
		expect(result.error?.message).toMatch(/Unexpected answer from Printio/);
	});

	it('never retries an original item creation after an unknown outcome', async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /original-item',
			kind: 'http500',
			times: 1,
		});
		const result = await runPrintio(sandbox(), {
			resource: 'originalItem',
			operation: 'create',
			itemCode: { __rl: true, mode: 'code', value: 'OGB-910' },
			// A real design file: the preflight (on by default) reads it before the create is sent.
			imageUrl: `${sandbox().url}/_sandbox/designs/tshirt-ok.png`,
		});
		expect(result.error?.message).toBe('Printio server error (HTTP 500)');
		expect(result.error?.description).toMatch(/not repeated automatically/);
		const creates = (await receivedRequests(sandbox())).filter(
			(request) => request.path === '/original-item',
		);
		expect(creates).toHaveLength(1);
	});
});

describe('HTTP failures outside the envelope', () => {
	it('explains a refused key (401) and never shows it', async () => {
		const result = await runPrintio(sandbox(), getItems, { key: 'wrong-key-123' });
		expect(result.error?.message).toBe('Authorization failed: the subscription key was refused');
		expect(result.error?.httpCode).toBe('401');
		expect(scanForSecrets(result.error, ['wrong-key-123'], { raw: true })).toEqual([]);
	});

	it('explains a wrong base URL (404)', async () => {
		const result = await runPrintio(sandbox(), getItems, {
			credentials: { ...credentialsFor(sandbox()), baseUrl: `${sandbox().url}/external` },
		});
		expect(result.error?.message).toBe('Not found: GET /items does not exist at this base URL');
	});

	it('explains an unreachable service, and does not retry it', async () => {
		const port = await closedPort();
		const result = await runPrintio(sandbox(), getItems, {
			credentials: { ...credentialsFor(sandbox()), baseUrl: `http://127.0.0.1:${port}` },
		});
		expect(result.error?.message).toBe(
			`Cannot reach Printio at http://127.0.0.1:${port} (connection refused)`,
		);
		expect(scanForSecrets(result.error, [KEY_1], { raw: true })).toEqual([]);
	});
});

describe('with envelope errors sent as HTTP 4xx/5xx (errorHttpStatus: mapped)', () => {
	let mapped: Sandbox;
	beforeAll(async () => {
		mapped = await startSandbox({
			port: 0,
			db: ':memory:',
			stepSeconds: 0,
			errorHttpStatus: 'mapped',
		});
	});
	afterAll(async () => await mapped.close());

	it('still reads the status code from the body', async () => {
		const foreign = await runPrintio(mapped, { ...getItems, options: { retailerId: 2 } });
		expect(foreign.error?.message).toMatch(/^No permission \(Printio status 11\)/);
		const empty = await runPrintio(mapped, { ...getItems, filters: { itemCode: 'NOPE' } });
		expect(empty.error).toBeUndefined();
		expect(empty.items).toHaveLength(0);
	});
});

describe('credential test', () => {
	it('passes with a valid key and URL', async () => {
		const result = await testCredential({
			type: 'printioApi',
			data: credentialsFor(sandbox()) as never,
		});
		expect(result.status).toBe('OK');
	});

	it('fails with a refused key, naming the reason', async () => {
		const result = await testCredential({
			type: 'printioApi',
			data: { ...credentialsFor(sandbox()), apiKey: 'nope' } as never,
		});
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			'The subscription key was refused (HTTP 401): check the key and the environment',
		);
	});

	it('fails with a wrong URL or an unreachable service', async () => {
		const wrongPath = await testCredential({
			type: 'printioApi',
			data: { ...credentialsFor(sandbox()), baseUrl: `${sandbox().url}/nothing-here` } as never,
		});
		expect(wrongPath.status).toBe('Error');
		expect(wrongPath.message).toBe(
			'Nothing answers at this base URL (HTTP 404): check the environment or the Base URL',
		);
		const port = await closedPort();
		const unreachable = await testCredential({
			type: 'printioApi',
			data: { ...credentialsFor(sandbox()), baseUrl: `http://127.0.0.1:${port}` } as never,
		});
		expect(unreachable.status).toBe('Error');
		expect(unreachable.message).toMatch(/ECONNREFUSED|connect/i);
	});
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
	return await new Promise((resolve) => {
		const server = createServer();
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

describe('credential reads', () => {
	// n8n keeps one poll context for a trigger's whole activation, and one execute context per node run.
	// The contexts below are n8n's, cut down to what a run of Item › Get Many and a poll of the trigger use.
	const contextReading = (urls: string[], kind: 'execute' | 'poll') => {
		let reads = 0;
		const requests: Array<{ baseURL?: string; qs?: Record<string, unknown> }> = [];
		const parameters: Record<string, unknown> = {
			resource: 'item',
			operation: 'getMany',
			limit: 5,
		};
		const staticData = {};
		const context = {
			getCredentials: async () => ({
				environment: 'custom',
				baseUrl: urls[Math.min(reads++, urls.length - 1)],
				retailerId: 1,
			}),
			getNode: () => ({ name: 'Printio', type: 'printio', parameters: {} }),
			helpers: {
				httpRequestWithAuthentication: async (
					_type: string,
					options: { baseURL?: string; qs?: Record<string, unknown> },
				) => {
					requests.push({ baseURL: options.baseURL, qs: options.qs });
					return {
						statusCode: 200,
						headers: {},
						body: { status_code: 0, total: 0, list_item_data: [], orders: [] },
					};
				},
			},
			getNodeParameter: (name: string, itemIndexOrFallback?: unknown, fallback?: unknown) =>
				parameters[name] ?? (kind === 'execute' ? fallback : itemIndexOrFallback),
			...(kind === 'execute'
				? { getInputData: () => [{ json: {} }, { json: {} }], continueOnFail: () => false }
				: {
						getMode: () => 'trigger',
						getWorkflow: () => ({ id: 'w1' }),
						getWorkflowStaticData: () => staticData,
						getTimezone: () => 'UTC',
					}),
		};
		return { context: context as never, reads: () => reads, requests };
	};

	it('reads the credential once per node run', async () => {
		const { context, reads, requests } = contextReading(
			['http://a.example', 'http://b.example'],
			'execute',
		);
		// Two items: the base URL is needed for each request and the retailer for each item.
		await router.call(context);
		expect(requests.map((request) => request.baseURL)).toEqual([
			'http://a.example',
			'http://a.example',
		]);
		expect(requests.map((request) => request.qs?.retailer_id)).toEqual([1, 1]);
		expect(reads()).toBe(1);
	});

	it('reads it again on every poll, so an edited credential reaches an active trigger', async () => {
		const { context, reads, requests } = contextReading(
			['http://a.example', 'http://b.example/'],
			'poll',
		);
		const trigger = new PrintioTrigger();
		await trigger.poll.call(context);
		await trigger.poll.call(context);
		expect(requests.map((request) => request.baseURL)).toEqual([
			'http://a.example',
			'http://b.example',
		]);
		expect(reads()).toBe(2);
	});
});
