/**
 * The Printio credential as n8n uses it: the key in its header on every request, the connection test per
 * environment with its three explained failures, and the form a user fills in (pinned by a snapshot: a change to
 * what the user sees is reviewed with `jest -u`, never silent).
 */
import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	INodeParameters,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import {
	PRINTIO_ENVIRONMENT_URLS,
	PrintioApi,
	SHOP_SENDER_FIELDS,
} from '../../credentials/PrintioApi.credentials';
import { readConnection } from '../../nodes/shared/printio/transport/connection';

const credential = new PrintioApi();

describe('authenticate', () => {
	it('adds the subscription key header and keeps every other option and header', async () => {
		const request: IHttpRequestOptions = {
			url: '/items',
			method: 'GET',
			headers: { Accept: 'application/json' },
			qs: { page: 1 },
		};
		const authenticate = credential.authenticate;
		if (typeof authenticate !== 'function') throw new Error('authenticate is a function');
		const sent = await authenticate({ apiKey: 'KEY-1' }, request);
		expect(sent).toEqual({
			url: '/items',
			method: 'GET',
			headers: { Accept: 'application/json', 'Printio-Api-Subscription-Key': 'KEY-1' },
			qs: { page: 1 },
		});
		// The caller's options are not modified.
		expect(request.headers).toEqual({ Accept: 'application/json' });
		expect((await authenticate({}, { url: '/x' })).headers).toEqual({
			'Printio-Api-Subscription-Key': '',
		});
		expect((await authenticate({ apiKey: 1234 }, { url: '/x' })).headers).toEqual({
			'Printio-Api-Subscription-Key': '1234',
		});
	});
});

describe('environments', () => {
	it('knows the test, mock and local sandbox URLs', () => {
		expect(PRINTIO_ENVIRONMENT_URLS).toEqual({
			test: 'https://apitest.printio.me/external/',
			mock: 'https://apidoc.printio.me/_mock/printio-api/',
			sandbox: 'http://127.0.0.1:4010',
		});
	});

	it('the nodes read the same base URL the connection test uses, without a trailing slash', async () => {
		const connectionOf = async (data: ICredentialDataDecryptedObject) => {
			const context: Pick<IExecuteFunctions, 'getCredentials'> = {
				getCredentials: async <T extends object>() => data as T,
			};
			return await readConnection(context as IExecuteFunctions);
		};
		expect((await connectionOf({ environment: 'test', retailerId: '3' })).baseUrl).toBe(
			'https://apitest.printio.me/external',
		);
		expect((await connectionOf({ environment: 'mock', retailerId: 3 })).baseUrl).toBe(
			'https://apidoc.printio.me/_mock/printio-api',
		);
		expect((await connectionOf({ environment: 'sandbox', baseUrl: 'http://other' })).baseUrl).toBe(
			'http://127.0.0.1:4010',
		);
		expect(
			(await connectionOf({ environment: 'custom', baseUrl: '  https://x.example/api//  ' }))
				.baseUrl,
		).toBe('https://x.example/api');
		expect((await connectionOf({ environment: 'custom' })).baseUrl).toBe('');
		// An environment this version does not know (a credential saved by a later one): its typed URL.
		expect(
			(await connectionOf({ environment: 'production', baseUrl: 'https://p.example/ ' })).baseUrl,
		).toBe('https://p.example');
		expect((await connectionOf({ environment: 'production' })).baseUrl).toBe('');
		const connection = await connectionOf({ environment: 'test', retailerId: '3', apiKey: 'K' });
		expect(connection.retailerId).toBe(3);
		expect(connection.credentials).toEqual({ environment: 'test', retailerId: '3', apiKey: 'K' });
	});
});

describe('connection test', () => {
	it('reads GET /categories at the environment URL, or the typed URL for Custom', () => {
		const { request } = credential.test;
		expect(request).toEqual({
			baseURL: expect.any(String),
			url: '/categories',
			method: 'GET',
			headers: { Accept: 'application/json' },
		});
		// The expression n8n evaluates, evaluated here the same way for each environment.
		const expression = String(request.baseURL);
		expect(expression.startsWith('={{') && expression.endsWith('}}')).toBe(true);
		const body = expression.slice(3, -2).replace(/\$credentials/g, 'credentials');
		const evaluate = new Function('credentials', `return (${body});`) as (
			credentials: object,
		) => unknown;
		expect(evaluate({ environment: 'test' })).toBe(PRINTIO_ENVIRONMENT_URLS.test);
		expect(evaluate({ environment: 'mock' })).toBe(PRINTIO_ENVIRONMENT_URLS.mock);
		expect(evaluate({ environment: 'sandbox' })).toBe(PRINTIO_ENVIRONMENT_URLS.sandbox);
		expect(evaluate({ environment: 'custom', baseUrl: 'https://c.example/' })).toBe(
			'https://c.example/',
		);
	});

	it("goes to the chosen environment's URL as n8n resolves it; a Base URL left from Custom URL is not used", () => {
		// n8n's credential test: the stored data with the type's defaults (credentials-helper's
		// applyDefaultsAndOverwrites), then the request's expressions with $credentials (RoutingNode).
		const node: INode = {
			id: 'temp',
			name: 'Temp-Node',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: {
				getByName: () => undefined!,
				getByNameAndVersion: () => undefined!,
				getKnownTypes: () => ({}),
			},
		});
		const resolve = (credentials: ICredentialDataDecryptedObject) => {
			const request = workflow.expression.getParameterValue(
				credential.test.request as unknown as INodeParameters,
				null,
				0,
				0,
				node.name,
				[],
				'internal',
				{ $credentials: credentials },
			) as unknown as IHttpRequestOptions;
			return `${String(request.baseURL)} ${request.url}`;
		};
		const withDefaults = (stored: ICredentialDataDecryptedObject) =>
			NodeHelpers.getNodeParameters(
				credential.properties,
				stored as INodeParameters,
				true,
				false,
				null,
				null,
			) as ICredentialDataDecryptedObject;
		const typed = 'https://typed.example/api/';
		for (const environment of ['test', 'mock', 'sandbox'] as const) {
			const stored = { environment, baseUrl: typed, apiKey: 'K', retailerId: 1 };
			const expected = `${PRINTIO_ENVIRONMENT_URLS[environment]} /categories`;
			expect(resolve(withDefaults(stored))).toBe(expected);
			// Also as stored, the Base URL still there (the node's own reads get such data too).
			expect(resolve(stored)).toBe(expected);
		}
		// Nothing chosen: the default, Test Environment.
		expect(resolve(withDefaults({ baseUrl: typed, apiKey: 'K' }))).toBe(
			`${PRINTIO_ENVIRONMENT_URLS.test} /categories`,
		);
		expect(resolve(withDefaults({ environment: 'custom', baseUrl: typed, apiKey: 'K' }))).toBe(
			`${typed} /categories`,
		);
	});

	it('explains 401, 403 and 404 in words', () => {
		expect(credential.test.rules).toEqual([
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The subscription key was refused (HTTP 401): check the key and the environment',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The subscription key may not use this API (HTTP 403): ask Printio to enable it',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Nothing answers at this base URL (HTTP 404): check the environment or the Base URL',
				},
			},
		]);
	});
});

describe('the form', () => {
	it("says what n8n's bare network codes mean, for every environment, where the environment and URL are chosen", () => {
		const notice = credential.properties.find(
			(property) => property.name === 'connectionTestNotice',
		);
		expect(notice).toEqual(expect.objectContaining({ type: 'notice', default: '' }));
		expect(notice?.displayOptions).toBeUndefined();
		expect(notice?.displayName).toMatch(
			/ENOTFOUND \(or EAI_AGAIN\) means the host was not found \(check the Environment or the Base URL\)/,
		);
		expect(notice?.displayName).toMatch(
			/ECONNREFUSED means nothing listens there \(Local Sandbox: is the sandbox running\? Start it with npx printio-sandbox --port 4010\)/,
		);
		const names = credential.properties.map((property) => property.name);
		expect(names.indexOf('connectionTestNotice')).toBe(names.indexOf('baseUrl') + 1);
	});

	it('has the names n8n stores and the shop sender fields only when Shop Sender is on', () => {
		expect(credential.name).toBe('printioApi');
		expect(credential.properties.map((property) => property.name)).toEqual([
			'environment',
			'baseUrl',
			'connectionTestNotice',
			'apiKey',
			'retailerId',
			'shopSender',
			...SHOP_SENDER_FIELDS.map(([name]) => name),
		]);
		const byName = new Map(credential.properties.map((property) => [property.name, property]));
		expect(byName.get('apiKey')).toEqual(
			expect.objectContaining({ typeOptions: { password: true }, required: true, default: '' }),
		);
		expect(byName.get('baseUrl')?.displayOptions).toEqual({ show: { environment: ['custom'] } });
		expect(byName.get('environment')?.default).toBe('test');
		expect(byName.get('retailerId')).toEqual(
			expect.objectContaining({
				default: 1,
				required: true,
				typeOptions: { minValue: 1, numberPrecision: 0 },
			}),
		);
		expect(byName.get('shopSender')?.default).toBe(false);
		for (const [name, , required, placeholder] of SHOP_SENDER_FIELDS) {
			const field = byName.get(name);
			expect(field?.displayOptions).toEqual({ show: { shopSender: [true] } });
			expect(field?.required).toBe(required);
			expect(field?.placeholder).toBe(placeholder);
			expect('placeholder' in (field ?? {})).toBe(placeholder !== undefined);
		}
	});

	it('shows the user what it showed when this test was written', () => {
		const { displayName, icon, documentationUrl, properties } = credential;
		expect({ displayName, icon, documentationUrl, properties }).toMatchSnapshot();
	});
});
