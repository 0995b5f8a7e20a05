import path from 'node:path';

import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { GOOD_KEY, startFixtureServer, type FixtureServer } from '../fixtures/harness-server';
import {
	callNodeMethod,
	createPoller,
	createStaticDataStore,
	executeNode,
	loadPackage,
	scanForSecrets,
	testCredential,
	type LoadedPackage,
} from './index';

const FIXTURE_DIR = path.join(__dirname, '..', 'fixtures', 'harness-package');

let pkg: LoadedPackage;
let server: FixtureServer;

beforeAll(async () => {
	pkg = await loadPackage(FIXTURE_DIR);
	server = await startFixtureServer();
});

afterAll(async () => {
	await server.close();
});

beforeEach(() => {
	server.requests.length = 0;
	server.events.length = 0;
	server.failEventsWith = undefined;
});

const apiCredentials = () => ({ fixtureApi: { apiKey: GOOD_KEY, baseUrl: server.url } });

describe('loadPackage', () => {
	it('loads the package once per directory and resolves short node type names', async () => {
		expect(await loadPackage(FIXTURE_DIR)).toBe(pkg);
		expect(pkg.packageName).toBe('n8n-nodes-harness-fixture');
		expect(pkg.resolveNodeType('fixtureEcho')).toBe('n8n-nodes-harness-fixture.fixtureEcho');
		expect(pkg.resolveNodeType('other-package.node')).toBe('other-package.node');
		expect(pkg.credentialTypes.getSupportedNodes('fixtureSessionApi')).toEqual([
			'n8n-nodes-harness-fixture.fixtureEcho',
		]);
	});

	it('tells what is missing when the package is not built', async () => {
		await expect(loadPackage(path.join(FIXTURE_DIR, 'nodes'))).rejects.toThrow(/No package.json/);
	});
});

describe('executeNode', () => {
	it('round-trips items through a real workflow with generic header authentication', async () => {
		const result = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: { path: '/echo' } },
			input: [{ value: 'a' }, { value: 'b' }],
			credentials: apiCredentials(),
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{
				received: {
					path: '/echo',
					query: { client: `harness-${GOOD_KEY.length}` },
					body: { value: 'a' },
				},
			},
			{
				received: {
					path: '/echo',
					query: { client: `harness-${GOOD_KEY.length}` },
					body: { value: 'b' },
				},
			},
		]);
		// The credential's `={{$credentials.apiKey}}` header arrived, resolved.
		expect(server.requests.map((request) => request.headers['x-fixture-key'])).toEqual([
			GOOD_KEY,
			GOOD_KEY,
		]);
		// Both nodes ran, in a real run record.
		expect(Object.keys(result.runData).sort()).toEqual(['Harness Start', 'Node Under Test']);
		expect(result.outputs).toHaveLength(1);
	});

	it('resolves expressions in the credential data, as n8n does', async () => {
		const result = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			credentials: {
				fixtureApi: {
					apiKey: `={{ "${GOOD_KEY.slice(0, 8)}" + "${GOOD_KEY.slice(8)}" }}`,
					baseUrl: server.url,
				},
			},
		});
		expect(result.error).toBeUndefined();
		expect(server.requests[0].headers['x-fixture-key']).toBe(GOOD_KEY);
	});

	it('keeps pairedItem in the returned items', async () => {
		const result = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			input: [{ value: 'a' }, { value: 'b' }, { value: 'c' }],
			credentials: apiCredentials(),
		});
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	it('surfaces a NodeOperationError with its itemIndex and description', async () => {
		const result = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: { failOn: 'bad' } },
			input: [{ value: 'ok' }, { value: 'bad' }],
			credentials: apiCredentials(),
		});
		expect(result.error).toBeInstanceOf(NodeOperationError);
		expect(result.error?.message).toBe('Refusing value "bad"');
		expect(result.error?.itemIndex).toBe(1);
		expect(result.error?.description).toBe('The fixture refuses this value on purpose');
		expect(result.items).toEqual([]);
		// n8n's own record of the failure is in the run data too.
		expect(result.runData['Node Under Test'][0].error?.message).toBe('Refusing value "bad"');
	});

	it('surfaces a NodeApiError with the HTTP code of the failed request', async () => {
		const result = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			input: [{ value: 'ok' }, { status: 503 }],
			credentials: apiCredentials(),
		});
		expect(result.error).toBeInstanceOf(NodeApiError);
		expect(result.error?.httpCode).toBe('503');
		expect(result.error?.itemIndex).toBe(1);
		expect(server.requests).toHaveLength(2);
	});

	it('with continueOnFail returns the failed items carrying json.error', async () => {
		const result = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: { failOn: 'bad' }, continueOnFail: true },
			input: [{ value: 'bad' }, { value: 'ok' }, { status: 500 }],
			credentials: apiCredentials(),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[0].json).toEqual({ error: 'Refusing value "bad"' });
		expect(result.items[1].json.received).toBeDefined();
		expect(typeof result.items[2].json.error).toBe('string');
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	it('runs preAuthentication once and sends the fetched token', async () => {
		const result = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: { authentication: 'fixtureSessionApi' } },
			input: [{ value: 'a' }, { value: 'b' }],
			credentials: {
				fixtureSessionApi: { apiKey: GOOD_KEY, baseUrl: server.url, sessionToken: '' },
			},
		});
		expect(result.error).toBeUndefined();
		expect(result.preAuthenticationCalls).toEqual({ fixtureSessionApi: 1 });
		expect(server.requests.map((request) => request.path)).toEqual(['/session', '/echo', '/echo']);
		const echoes = server.requests.filter((request) => request.path === '/echo');
		expect(echoes.map((request) => request.headers.authorization)).toEqual([
			'Bearer session-token-1',
			'Bearer session-token-1',
		]);
		expect(result.credentialStore.fixtureSessionApi.sessionToken).toBe('session-token-1');
	});

	it('fails like n8n when the node has no credentials', async () => {
		const result = await executeNode({ pkg, node: { type: 'fixtureEcho', parameters: {} } });
		expect(result.error?.message).toMatch(/credentials/i);
		expect(server.requests).toHaveLength(0);
	});
});

describe('createPoller', () => {
	const pollNode = (parameters: Record<string, boolean> = {}) => ({
		type: 'fixturePoll',
		parameters,
	});
	const eventQueries = () =>
		server.requests
			.filter((request) => request.path === '/events')
			.map((request) => request.query.after);

	it('persists static data only after a poll that emitted items (fresh workflow per poll)', async () => {
		const poller = await createPoller({
			pkg,
			node: pollNode({ touchWhenIdle: true }),
			credentials: apiCredentials(),
			staticData: { cursor: 0 },
			retainInMemory: false,
		});

		// Idle poll: the node wrote polls/idleAt, but n8n saves nothing for a poll that returns null.
		expect(await poller.poll()).toBeNull();
		expect(poller.lastStaticData).toMatchObject({
			cursor: 0,
			polls: 1,
			idleAt: expect.any(String),
		});
		expect(poller.staticData).toEqual({ cursor: 0 });

		server.events.push({ id: 1, name: 'one' }, { id: 2, name: 'two' });
		const emitted = await poller.poll();
		expect(emitted?.[0].map((item) => item.json)).toEqual([
			{ id: 1, name: 'one' },
			{ id: 2, name: 'two' },
		]);
		// Each poll started from the persisted data, so the idle poll's count is gone.
		expect(poller.staticData).toEqual({ cursor: 2, polls: 1 });
		// The node asked in trigger mode, with the generic qs authentication applied.
		expect(server.requests.at(-1)?.query).toEqual({
			after: '0',
			mode: 'trigger',
			client: `harness-${GOOD_KEY.length}`,
		});

		// A poll that throws persists nothing.
		server.events.push({ id: 3, name: 'three' });
		server.failEventsWith = 500;
		await expect(poller.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(poller.staticData).toEqual({ cursor: 2, polls: 1 });
		expect(poller.stats).toEqual({ polls: 3, persisted: 1, errors: 1 });

		server.failEventsWith = undefined;
		expect((await poller.poll())?.[0].map((item) => item.json.id)).toEqual([3]);
		expect(poller.staticData).toEqual({ cursor: 3, polls: 2 });
		expect(eventQueries()).toEqual(['0', '0', '2', '2']);
	});

	it('by default keeps one workflow in memory: idle changes are seen by the next poll, saved only on emit', async () => {
		const poller = await createPoller({
			pkg,
			node: pollNode({ touchWhenIdle: true }),
			credentials: apiCredentials(),
		});
		expect(await poller.poll()).toBeNull();
		expect(await poller.poll()).toBeNull();
		expect(poller.staticData).toEqual({});
		expect(poller.lastStaticData).toMatchObject({ polls: 2 });

		server.failEventsWith = 500;
		await expect(poller.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(poller.staticData).toEqual({});

		server.failEventsWith = undefined;
		server.events.push({ id: 7, name: 'seven' });
		expect(await poller.poll()).not.toBeNull();
		// The failed poll threw before touching its counter; everything in memory is saved with the emit.
		expect(poller.staticData).toEqual({ cursor: 7, polls: 3, idleAt: expect.any(String) });
	});

	it('reproduces the ObservableObject pitfall: nested writes after a save are not persisted', async () => {
		const parameters = { trackSeen: true, countPolls: false, advanceCursor: false };
		const retained = await createPoller({
			pkg,
			node: pollNode(parameters),
			credentials: apiCredentials(),
		});
		const fresh = await createPoller({
			pkg,
			node: pollNode(parameters),
			credentials: apiCredentials(),
			retainInMemory: false,
		});

		server.events.push({ id: 1, name: 'one' });
		expect((await retained.poll())?.[0]).toHaveLength(1);
		expect((await fresh.poll())?.[0]).toHaveLength(1);
		expect(retained.staticData).toEqual({ seen: { 1: true } });

		server.events.push({ id: 2, name: 'two' });
		expect((await retained.poll())?.[0].map((item) => item.json.id)).toEqual([2]);
		expect((await fresh.poll())?.[0].map((item) => item.json.id)).toEqual([2]);
		// Same node, same emits: the in-memory workflow lost the write to `seen` (a plain object by now) ...
		expect(retained.lastStaticData).toEqual({ seen: { 1: true, 2: true } });
		expect(retained.staticData).toEqual({ seen: { 1: true } });
		// ... while a workflow rebuilt from the stored data wraps `seen` in a proxy again and saves it.
		expect(fresh.staticData).toEqual({ seen: { 1: true, 2: true } });
	});

	it('with durableCursors commits a changed cursor after empty polls too, never after an error', async () => {
		const poller = await createPoller({
			pkg,
			node: pollNode({ touchWhenIdle: true }),
			credentials: apiCredentials(),
			staticData: { cursor: 0 },
			durableCursors: true,
		});
		expect(await poller.poll()).toBeNull();
		expect(poller.staticData).toEqual({ cursor: 0, polls: 1, idleAt: expect.any(String) });

		server.failEventsWith = 500;
		await expect(poller.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(poller.staticData).toEqual({ cursor: 0, polls: 1, idleAt: expect.any(String) });

		server.failEventsWith = undefined;
		server.events.push({ id: 4, name: 'four' });
		expect((await poller.poll())?.[0].map((item) => item.json.id)).toEqual([4]);
		expect(poller.staticData).toMatchObject({ cursor: 4, polls: 2 });
		expect(poller.stats).toEqual({ polls: 3, persisted: 2, errors: 1 });
	});

	it("pollers sharing a store see each other's saves (two instances, last write wins)", async () => {
		const store = createStaticDataStore({ cursor: 0 });
		server.events.push({ id: 1, name: 'one' });
		const a = await createPoller({
			pkg,
			node: pollNode({ countPolls: false }),
			credentials: apiCredentials(),
			store,
		});
		const b = await createPoller({
			pkg,
			node: pollNode({ countPolls: false }),
			credentials: apiCredentials(),
			store,
		});
		const [fromA, fromB] = await Promise.all([a.poll(), b.poll()]);
		// Both started from cursor 0, so both emitted event 1: the duplicate a trigger must be designed against.
		expect(fromA?.[0].map((item) => item.json.id)).toEqual([1]);
		expect(fromB?.[0].map((item) => item.json.id)).toEqual([1]);
		expect(store.writes).toBe(2);
		expect(store.data).toEqual({ 'node:Node Under Test': { cursor: 1 } });

		const restarted = await createPoller({
			pkg,
			node: pollNode({ countPolls: false }),
			credentials: apiCredentials(),
			store,
		});
		expect(await restarted.poll()).toBeNull();
		expect(eventQueries()).toEqual(['0', '0', '1']);
	});

	it('in manual mode reports getMode() "manual" and never persists', async () => {
		server.events.push({ id: 1, name: 'one' });
		const poller = await createPoller({
			pkg,
			node: pollNode(),
			credentials: apiCredentials(),
			staticData: { cursor: 0 },
			mode: 'manual',
		});
		const emitted = await poller.poll();
		expect(emitted?.[0]).toHaveLength(1);
		expect(server.requests.at(-1)?.query.mode).toBe('manual');
		expect(poller.lastStaticData).toEqual({ cursor: 0, polls: 1 });
		expect(poller.staticData).toEqual({ cursor: 0 });
	});

	it('a restarted poller continues from the persisted static data', async () => {
		server.events.push({ id: 1, name: 'one' }, { id: 2, name: 'two' });
		const first = await createPoller({ pkg, node: pollNode(), credentials: apiCredentials() });
		await first.poll();
		const second = await createPoller({
			pkg,
			node: pollNode(),
			credentials: apiCredentials(),
			staticData: first.staticData,
		});
		expect(await second.poll()).toBeNull();
		expect(eventQueries()).toEqual(['0', '2']);
	});
});

describe('testCredential', () => {
	it('runs a declarative test request: OK', async () => {
		const result = await testCredential({
			pkg,
			type: 'fixtureApi',
			data: { apiKey: GOOD_KEY, baseUrl: server.url },
		});
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0].path).toBe('/ping');
		expect(server.requests[0].headers['x-fixture-key']).toBe(GOOD_KEY);
	});

	it('runs a declarative test request: Error by rule, by status code, unreachable', async () => {
		expect(
			await testCredential({
				pkg,
				type: 'fixtureApi',
				data: { apiKey: 'wrong', baseUrl: server.url },
			}),
		).toEqual({
			status: 'Error',
			message: 'The server said the key is not OK',
		});
		const unauthorized = await testCredential({
			pkg,
			type: 'fixtureApi',
			data: { apiKey: 'revoked', baseUrl: server.url },
		});
		expect(unauthorized).toEqual({ status: 'Error', message: 'Unauthorized' });
		const unreachable = await testCredential({
			pkg,
			type: 'fixtureApi',
			data: { apiKey: GOOD_KEY, baseUrl: 'http://127.0.0.1:9' },
		});
		expect(unreachable).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
	});

	it('runs a node credentialTest referenced by testedBy', async () => {
		expect(
			await testCredential({
				pkg,
				type: 'fixtureSessionApi',
				data: { apiKey: GOOD_KEY, baseUrl: server.url },
			}),
		).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(server.requests[0].query).toEqual({ via: 'testedBy' });
		const failed = await testCredential({
			pkg,
			type: 'fixtureSessionApi',
			data: { apiKey: 'revoked', baseUrl: server.url },
		});
		expect(failed.status).toBe('Error');
		expect(failed.message).toMatch(/^Request failed: /);
	});
});

describe('callNodeMethod', () => {
	it('runs loadOptions and listSearch methods with the node credentials', async () => {
		server.events.push(
			{ id: 1, name: 'alpha' },
			{ id: 2, name: 'beta' },
			{ id: 3, name: 'alpine' },
			{ id: 4, name: 'alps' },
		);
		const options = await callNodeMethod({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			credentials: apiCredentials(),
			kind: 'loadOptions',
			method: 'getEventNames',
		});
		expect(options.map((option) => option.name)).toEqual(['alpha', 'beta', 'alpine', 'alps']);

		const first = await callNodeMethod({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			credentials: apiCredentials(),
			kind: 'listSearch',
			method: 'searchEvents',
			filter: 'al',
		});
		expect(first).toEqual({
			results: [
				{ name: 'alpha', value: '1' },
				{ name: 'alpine', value: '3' },
			],
			paginationToken: '3',
		});
		const second = await callNodeMethod({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			credentials: apiCredentials(),
			kind: 'listSearch',
			method: 'searchEvents',
			filter: 'al',
			paginationToken: first.paginationToken as string,
		});
		expect(second).toEqual({ results: [{ name: 'alps', value: '4' }], paginationToken: undefined });
		expect(server.requests.every((request) => request.headers['x-fixture-key'] === GOOD_KEY)).toBe(
			true,
		);
	});
});

describe('scanForSecrets', () => {
	it('reports every path where a secret occurs, including keys, URL-encoded forms and error texts', () => {
		const error = new Error('call failed with key s3cr et');
		const value = {
			a: [{ b: 'x s3cr et y' }, 'clean'],
			['s3cr et']: 1,
			url: 'https://h/?k=s3cr%20et',
			nested: { error },
		};
		expect(scanForSecrets(value, ['s3cr et'])).toEqual([
			'$.a[0].b',
			'$["s3cr et"]<key>',
			'$.url',
			'$.nested.error.message',
			'$.nested.error.stack',
		]);
		expect(scanForSecrets({ a: 'clean', n: 5 }, ['s3cr et'])).toEqual([]);
		expect(() => scanForSecrets({}, [''])).toThrow();
	});

	it('reports an error text that its toJSON leaves out (n8n keeps message and stack in run data)', () => {
		class QuietError extends Error {
			description = 'details with s3cr et';
			toJSON() {
				return { name: this.name };
			}
		}
		expect(
			scanForSecrets({ failure: new QuietError('call failed with key s3cr et') }, ['s3cr et']),
		).toEqual(['$.failure.message', '$.failure.stack', '$.failure.description']);
	});

	it('finds the key in what the server received but not in the node output or error', async () => {
		const ok = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			credentials: apiCredentials(),
		});
		expect(scanForSecrets(server.requests, [GOOD_KEY])).toEqual(['$[0].headers["x-fixture-key"]']);
		expect(scanForSecrets(ok.items, [GOOD_KEY])).toEqual([]);
		const failed = await executeNode({
			pkg,
			node: { type: 'fixtureEcho', parameters: {} },
			input: [{ status: 401 }],
			credentials: apiCredentials(),
		});
		expect(failed.error).toBeInstanceOf(NodeApiError);
		// What n8n stores and shows (toJSON, the run data) is clean ...
		expect(scanForSecrets(failed.error, [GOOD_KEY])).toEqual([]);
		expect(scanForSecrets(failed.runData, [GOOD_KEY])).toEqual([]);
		// ... while the in-memory axios cause still holds the request headers (true of every n8n HTTP error).
		expect(scanForSecrets(failed.error, [GOOD_KEY], { raw: true })).toContain(
			'$.cause.config.headers["X-Fixture-Key"]',
		);
	});
});
