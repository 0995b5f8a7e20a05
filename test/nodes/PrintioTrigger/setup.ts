/** Shared set-up of the Printio Trigger tests: an in-process sandbox, small control wrappers and a poller factory. */
import assert from 'node:assert/strict';

import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../../sandbox/server';
import {
	createPoller,
	loadPackage,
	scanForSecrets,
	type CreatePollerOptions,
	type HarnessPoller,
	type LoadedPackage,
} from '../../harness';

export const KEY = 'sandbox-key-retailer-1';

// Response bodies are dynamic JSON; tests index into them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function startTriggerSandbox(): Promise<Sandbox> {
	return await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
}

async function call(
	sb: Sandbox,
	method: string,
	path: string,
	body?: unknown,
	headers: Record<string, string> = {},
) {
	const res = await fetch(sb.url + path, {
		method,
		headers: {
			accept: 'application/json',
			...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			...headers,
		},
		body: body !== undefined ? JSON.stringify(body) : undefined,
	});
	const text = await res.text();
	if (res.status >= 400) throw new Error(`${method} ${path} → ${res.status} ${text}`);
	return text ? (JSON.parse(text) as Json) : undefined;
}

export const control = (sb: Sandbox, method: string, path: string, body?: unknown) =>
	call(sb, method, path, body);

/** `YYYY-MM-DD HH:mm:ss` Tokyo wall time of an instant (independent of the code under test). */
export function tokyo(ms: number): string {
	return new Date(ms + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function tokyoMs(text: string): number {
	return Date.parse(`${text.replace(' ', 'T')}+09:00`);
}

/** Freezes the virtual clock at `text` (default: the real time now, whole seconds) and returns it. */
export async function freezeClock(
	sb: Sandbox,
	text = tokyo(Math.floor(Date.now() / 1000) * 1000),
): Promise<string> {
	const body = await control(sb, 'POST', '/_sandbox/time', { set: text, freeze: true });
	return body.now as string;
}

export async function advance(sb: Sandbox, seconds: number): Promise<string> {
	return (await control(sb, 'POST', '/_sandbox/time', { advanceSeconds: seconds })).now as string;
}

export async function now(sb: Sandbox): Promise<string> {
	return (await control(sb, 'GET', '/_sandbox/time')).now as string;
}

const address = {
	zip_code: '1500001',
	prefecture_name: '東京都',
	municipalities: '渋谷区神宮前',
	address1: '1-2-3',
	full_name: 'テスト 太郎',
	phone_number: '0300000001',
	mail_address: 'test@example.com',
};

let ecSeq = 0;

/** Places an order (status 1 at the virtual now) and returns its order number. */
export async function placeOrder(sb: Sandbox, options: { multi?: boolean } = {}): Promise<string> {
	const lines = options.multi
		? [
				{
					original_item_code: 't0100001',
					quantity: 1,
					color: 'ホワイト',
					size: 'M',
					ec_order_detail_no: '1',
				},
				{
					original_item_code: 't0100002',
					quantity: 1,
					color: 'ブラック',
					size: 'L',
					ec_order_detail_no: '2',
				},
			]
		: [
				{
					original_item_code: 't0100001',
					quantity: 1,
					color: 'ホワイト',
					size: 'M',
					ec_order_detail_no: '1',
				},
			];
	const body = await call(
		sb,
		'POST',
		'/order-by-code',
		{
			retailer_id: 1,
			ec_order_no: `EC-TRG-${++ecSeq}`,
			ec_order_date: '2026-11-21',
			shipping_information: address,
			sender_information: { ...address, item_name: '衣類' },
			order_details: lines,
		},
		{
			'Printio-Api-Subscription-Key': KEY,
			...(options.multi ? { 'X-Feature-Flags': 'MultiItemOrder' } : {}),
		},
	);
	const orderNo = body?.response?.order_no as string | undefined;
	if (!orderNo) throw new Error(`order not placed: ${JSON.stringify(body)}`);
	return orderNo;
}

export async function step(sb: Sandbox, orderNos: string[], steps = 1): Promise<number> {
	return (await control(sb, 'POST', '/_sandbox/clock/step', { steps, orderNos })).changes as number;
}

export async function setStatus(
	sb: Sandbox,
	orderNo: string,
	statusId: number,
	shippingId?: string,
) {
	return await control(sb, 'POST', `/_sandbox/orders/${orderNo}/status`, {
		status_id: statusId,
		...(shippingId ? { shipping_id: shippingId } : {}),
	});
}

export async function fault(sb: Sandbox, route: string, kind: string, extra: IDataObject = {}) {
	return await control(sb, 'POST', '/_sandbox/faults', { route, kind, ...extra });
}

export async function requests(sb: Sandbox): Promise<Json[]> {
	return (await control(sb, 'GET', '/_sandbox/requests')) as Json[];
}

export async function clearRequests(sb: Sandbox): Promise<void> {
	await control(sb, 'DELETE', '/_sandbox/requests');
}

/** Every status record the API shows now (the ground truth at this instant), by change id. */
export async function visibleChanges(
	sb: Sandbox,
	options: { multi?: boolean; from?: string } = {},
): Promise<Json[]> {
	const from = encodeURIComponent(options.from ?? '2000-01-01 00:00:00');
	const body = await call(sb, 'GET', `/order-statuses?date_time_from=${from}`, undefined, {
		'Printio-Api-Subscription-Key': KEY,
		...(options.multi ? { 'X-Feature-Flags': 'MultiItemOrder' } : {}),
	});
	return (body.orders ?? []) as Json[];
}

export function changeIdOf(record: Json): string {
	return [record.order_no, record.shipping_id ?? '', record.status_id, record.updated_at].join('|');
}

let pkg: LoadedPackage | undefined;

export interface TriggerOptions extends Omit<CreatePollerOptions, 'node' | 'pkg' | 'credentials'> {
	event?: 'anyChange' | 'shipped' | 'statusReached' | 'shippingLate' | 'stockChanged';
	/** Further top-level node parameters (e.g. the alert events' Grace or Item Codes). */
	parameters?: IDataObject;
	statusIds?: string;
	options?: IDataObject;
	/** n8n's Poll Times parameter (default: every minute). */
	pollTimes?: IDataObject;
}

/** A Printio Trigger polling the sandbox as retailer 1; every poll is checked for the key (see `scannedForKey`). */
export async function trigger(sb: Sandbox, opts: TriggerOptions = {}): Promise<HarnessPoller> {
	pkg ??= await loadPackage();
	const {
		event = 'anyChange',
		statusIds,
		options = {},
		pollTimes,
		parameters = {},
		...rest
	} = opts;
	const poller = await createPoller({
		pkg,
		node: {
			type: 'printioTrigger',
			parameters: {
				event,
				...(parameters as INodeParameters),
				...(statusIds !== undefined ? { statusIds } : {}),
				options: options as INodeParameters,
				...(pollTimes ? { pollTimes: pollTimes as INodeParameters } : {}),
			},
		},
		credentials: {
			printioApi: { environment: 'custom', baseUrl: sb.url, apiKey: KEY, retailerId: 1 },
		},
		...rest,
	});
	return scannedForKey(poller);
}

/**
 * README: the subscription key never appears in outputs or errors. After every poll, what it emitted, the error
 * it threw (as an object in memory, with causes and non-enumerable fields, not only as n8n stores it) and the
 * static data it left are scanned for the key. node:assert, not jest's expect: the fault suite (node --test)
 * shares this set-up.
 */
function scannedForKey(poller: HarnessPoller): HarnessPoller {
	const poll = poller.poll;
	poller.poll = async () => {
		let result: Awaited<ReturnType<HarnessPoller['poll']>>;
		try {
			result = await poll();
		} catch (error) {
			assert.deepEqual(scanForSecrets(error, [KEY], { raw: true }), []);
			assert.deepEqual(scanForSecrets(poller.lastStaticData, [KEY]), []);
			throw error;
		}
		assert.deepEqual(scanForSecrets({ result, staticData: poller.lastStaticData }, [KEY]), []);
		return result;
	};
	return poller;
}

/** The JSON of the items a poll emitted (none for null). */
export function jsonOf(result: INodeExecutionData[][] | null): Json[] {
	return result ? result[0].map((item) => item.json) : [];
}

/** Start From as an ISO date-time with offset, for a Tokyo wall time. */
export function startFrom(text: string): string {
	return `${text.replace(' ', 'T')}+09:00`;
}

/**
 * One random step of the world that the randomized trigger runs poll (here and in the fault suite): new
 * orders, lifecycle steps of a random subset, or a cancellation; then the clock, mostly within the same
 * second, sometimes past the overlap window. Returns the number of changes made.
 */
export async function randomWorldStep(
	sb: Sandbox,
	orders: string[],
	random: () => number,
	options: { maxOrders: number; multi: boolean },
): Promise<number> {
	let changes = 0;
	const r = random();
	if (r < 0.25 || orders.length < 5) {
		const count = 1 + Math.floor(random() * 3);
		for (let k = 0; k < count && orders.length < options.maxOrders; k++) {
			orders.push(await placeOrder(sb, { multi: options.multi && random() < 0.5 }));
			changes++;
		}
	} else if (r < 0.8) {
		const subset = orders.filter(() => random() < 0.15);
		if (subset.length) changes += await step(sb, subset, random() < 0.2 ? 2 : 1);
	} else if (r < 0.88) {
		try {
			await setStatus(sb, orders[Math.floor(random() * orders.length)], 9);
			changes++;
		} catch {
			// Not cancellable any more (status 4 or later): fine.
		}
	}
	const t = random();
	if (t < 0.35) await advance(sb, 1);
	else if (t < 0.45) await advance(sb, 2 + Math.floor(random() * 300));
	return changes;
}
