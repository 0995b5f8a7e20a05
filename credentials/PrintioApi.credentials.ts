import type {
	IAuthenticate,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { SUBSCRIPTION_KEY_HEADER } from '../api/endpoints';

export const PRINTIO_ENVIRONMENT_URLS = {
	test: 'https://apitest.printio.me/external/',
	mock: 'https://apidoc.printio.me/_mock/printio-api/',
	sandbox: 'http://127.0.0.1:4010',
} as const;

// n8n answers an unreachable Test with the bare code only (error.cause.code); a credential cannot add words to it.
const CONNECTION_TEST_NOTICE =
	'If Test answers only with a code: ENOTFOUND (or EAI_AGAIN) means the host was not found (check the Environment or the Base URL); ECONNREFUSED means nothing listens there (Local Sandbox: is the sandbox running? Start it with npx printio-sandbox --port 4010).';

// Named as the order form's Sender fields, so that an error names a field the same way in both.
export const SHOP_SENDER_FIELDS: ReadonlyArray<
	[name: string, displayName: string, required: boolean, placeholder?: string]
> = [
	['senderFullName', 'Sender Full Name', true, 'e.g. サンプルショップ'],
	['senderZipCode', 'Sender Zip Code', true, 'e.g. 1000005'],
	['senderPrefecture', 'Sender Prefecture', true, 'e.g. 東京都'],
	['senderMunicipalities', 'Sender Municipality', true, 'e.g. 千代田区'],
	['senderAddress1', 'Sender Address Line 1', true],
	['senderAddress2', 'Sender Address Line 2', false],
	['senderPhoneNumber', 'Sender Phone Number', true, 'e.g. 0312345678'],
	['senderMailAddress', 'Sender Email', false, 'name@email.com'],
	// Required: sender_information.item_name is (spec 4.4).
	['senderItemName', 'Sender Goods Description', true, 'e.g. 衣類'],
];

export class PrintioApi implements ICredentialType {
	name = 'printioApi';

	displayName = 'Printio API';

	icon: Icon = {
		light: 'file:../nodes/Printio/printio.svg',
		dark: 'file:../nodes/Printio/printio.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-printio/n8n-nodes-printio';

	properties: INodeProperties[] = [
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{
					name: 'Test Environment',
					value: 'test',
					description: `Printio's public test environment (${PRINTIO_ENVIRONMENT_URLS.test})`,
				},
				{
					name: 'Hosted Mock',
					value: 'mock',
					description:
						"Printio's documentation mock: fixed example answers, keeps no state (useful to try the node without a key)",
				},
				{
					name: 'Local Sandbox',
					value: 'sandbox',
					description:
						'The Printio sandbox on this machine at http://127.0.0.1:4010: start it with npx printio-sandbox --port 4010 (key sandbox-key-retailer-1)',
				},
				{
					name: 'Custom URL',
					value: 'custom',
					description: 'Any other base URL, e.g. production once Printio gives it to you',
				},
			],
			default: 'test',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://example.com/external/',
			required: true,
			displayOptions: { show: { environment: ['custom'] } },
			description: 'Base URL of the API; paths such as /items are appended to it',
		},
		{
			displayName: CONNECTION_TEST_NOTICE,
			name: 'connectionTestNotice',
			type: 'notice',
			default: '',
		},
		{
			// Named apiKey so that n8n's scanner recognises the secret.
			displayName: 'Subscription Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'API key issued by Printio, sent in the Printio-Api-Subscription-Key header. For the local sandbox use sandbox-key-retailer-1.',
		},
		{
			displayName: 'Retailer ID',
			name: 'retailerId',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			required: true,
			description:
				'Your retailer ID at Printio. Every operation uses it unless the operation overrides it.',
		},
		{
			displayName: 'Shop Sender',
			name: 'shopSender',
			type: 'boolean',
			default: false,
			description:
				"Whether to give your shop's sender once here: Order › Create and Create With Images use it for every order that gives no sender of its own",
		},
		...SHOP_SENDER_FIELDS.map(
			([name, displayName, required, placeholder]): INodeProperties => ({
				displayName,
				name,
				type: 'string',
				default: '',
				required,
				displayOptions: { show: { shopSender: [true] } },
				...(placeholder ? { placeholder } : {}),
			}),
		),
	];

	// A function: n8n evaluates a declarative expression on every request, and Return All sends one per page.
	authenticate: IAuthenticate = async (credentials, requestOptions) => ({
		...requestOptions,
		headers: {
			...requestOptions.headers,
			[SUBSCRIPTION_KEY_HEADER]: String(credentials.apiKey ?? ''),
		},
	});

	// GET /categories needs nothing but the key, so it proves key and URL at once.
	test: ICredentialTestRequest = {
		request: {
			baseURL: `={{ { test: "${PRINTIO_ENVIRONMENT_URLS.test}", mock: "${PRINTIO_ENVIRONMENT_URLS.mock}", sandbox: "${PRINTIO_ENVIRONMENT_URLS.sandbox}" }[$credentials.environment] ?? $credentials.baseUrl }}`,
			url: '/categories',
			method: 'GET',
			headers: { Accept: 'application/json' },
		},
		rules: [
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
		],
	};
}
