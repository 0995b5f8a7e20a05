import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox/server';
import {
	executeNode,
	scanForSecrets,
	type ExecuteNodeResult,
	type HarnessNodeSpec,
} from '../../harness';

export const KEY_1 = 'sandbox-key-retailer-1';
export const KEY_2 = 'sandbox-key-retailer-2';

export interface LoggedRequest {
	seq: number;
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body: IDataObject | undefined;
	statusCode: number;
	/** ISO time the sandbox received the request */
	startedAt: string;
}

/** Starts an in-memory sandbox for the test file (manual lifecycle clock) and stops it afterwards. */
export function useSandbox(options: Parameters<typeof startSandbox>[0] = {}): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0, ...options });
	});
	afterAll(async () => await sandbox?.close());
	return () => {
		if (!sandbox) throw new Error('sandbox not started');
		return sandbox;
	};
}

/** A shop's sender, as the credential's Shop Sender holds it: what the shop input modes take when the order has none. */
export const SHOP_SENDER = {
	shopSender: true,
	senderFullName: 'プリントショップ',
	senderZipCode: '1000005',
	senderPrefecture: '東京都',
	senderMunicipalities: '千代田区',
	senderAddress1: '丸の内1-1-1',
	senderPhoneNumber: '0398765432',
	senderItemName: '衣類',
};

export function credentialsFor(sandbox: Sandbox, key = KEY_1, retailerId = 1): IDataObject {
	return { environment: 'custom', baseUrl: sandbox.url, apiKey: key, retailerId };
}

// The JSON of any control route.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ControlJson = any;

export async function control(
	sandbox: Sandbox,
	method: string,
	path: string,
	body?: unknown,
): Promise<ControlJson> {
	const response = await fetch(`${sandbox.url}/_sandbox${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	return text ? JSON.parse(text) : undefined;
}

/** The API requests the sandbox received since the last clear (control requests are not logged). */
export async function receivedRequests(sandbox: Sandbox): Promise<LoggedRequest[]> {
	const log = await control(sandbox, 'GET', '/requests');
	return (Array.isArray(log) ? log : log.requests) as LoggedRequest[];
}

export async function resetSandbox(sandbox: Sandbox): Promise<void> {
	await control(sandbox, 'POST', '/reset');
	await control(sandbox, 'DELETE', '/faults');
	await control(sandbox, 'DELETE', '/requests');
}

export interface RunOptions {
	input?: IDataObject[] | INodeExecutionData[];
	continueOnFail?: boolean;
	onError?: HarnessNodeSpec['onError'];
	key?: string;
	retailerId?: number;
	credentials?: IDataObject;
	timezone?: string;
}

/** Runs the Printio node in a real n8n-core workflow against the sandbox; asserts the key never leaks. */
export async function runPrintio(
	sandbox: Sandbox,
	parameters: INodeParameters,
	options: RunOptions = {},
): Promise<ExecuteNodeResult> {
	const credentials =
		options.credentials ?? credentialsFor(sandbox, options.key, options.retailerId);
	const result = await executeNode({
		node: {
			type: 'printio',
			parameters,
			continueOnFail: options.continueOnFail,
			onError: options.onError,
		},
		input: options.input,
		credentials: { printioApi: credentials as never },
		timezone: options.timezone,
	});
	const key = String(credentials.apiKey);
	expect(
		scanForSecrets({ items: result.items, error: result.error, runData: result.runData }, [key]),
	).toEqual([]);
	return result;
}

export function jsonOf(result: ExecuteNodeResult): IDataObject[] {
	if (result.error) throw result.error;
	return result.items.map((item) => item.json);
}

/** Places an order straight through the API (not through the node), for tests that need many orders. */
export async function placeOrderDirect(
	sandbox: Sandbox,
	ecOrderNo: string,
	key = KEY_1,
	retailerId = 1,
): Promise<string> {
	const address = {
		zip_code: '1500001',
		prefecture_name: '東京都',
		municipalities: '渋谷区',
		address1: '神宮前1-2-3',
		full_name: 'テスト 太郎',
		phone_number: '0312345678',
	};
	const response = await fetch(`${sandbox.url}/order-by-code`, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			accept: 'application/json',
			'Printio-Api-Subscription-Key': key,
		},
		body: JSON.stringify({
			retailer_id: retailerId,
			ec_order_no: ecOrderNo,
			shipping_information: address,
			sender_information: { ...address, item_name: '衣類' },
			order_details: [
				{
					original_item_code: retailerId === 1 ? 't0100001' : 't0100006',
					color: 'ホワイト',
					size: 'M',
					quantity: 1,
				},
			],
		}),
	});
	const body = (await response.json()) as { response: { order_no?: string; message: string } };
	if (!body.response.order_no) throw new Error(`order not placed: ${body.response.message}`);
	return body.response.order_no;
}
