/**
 * The Printio Trigger's poll as n8n calls it, without n8n: a hand-made poll context (parameters, static data, mode,
 * credential) and a scripted service behind n8n's request helper. What it reads (the requests sent), what it emits,
 * what it stores, what it refuses (the error's words), and that one trigger never runs two polls at once. The
 * workflow tests (*.workflow.test.ts) run the same through n8n-core; these are the fast ones next to the source.
 */
import type { IDataObject, IHttpRequestOptions, INode, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { PrintioTrigger } from '../../../nodes/PrintioTrigger/PrintioTrigger.node';
import { formatApiDateTime, formatApiDateTimeLowerBound } from '../../../nodes/shared/printio/time';
import { CONNECTION, ok, type ScriptedAnswer } from '../shared/printio/transport/fakeContext';

const NOW = Date.parse('2026-11-25T03:00:00Z'); // 12:00:00 in Tokyo
const TZ = 'Asia/Tokyo';
const MINUTE = 60_000;
const DAY = 86_400_000;
/** The look-back of a first poll with the defaults: one minute of Poll Times, a minute of jitter, 120 s overlap. */
const DEFAULT_LOOK_BACK = MINUTE + MINUTE + 120_000;
const from = (ms: number, zone = TZ) => formatApiDateTimeLowerBound(ms, zone);
const at = (ms: number, zone = TZ) => formatApiDateTime(ms, zone);

interface Request {
	url: string;
	qs: Record<string, unknown>;
	body: unknown;
	headers: Record<string, string>;
}
type Handler = (request: Request) => ScriptedAnswer | Promise<ScriptedAnswer>;

interface Setup {
	/** Node parameters as getNodeParameter returns them (resolved). */
	params?: Record<string, unknown>;
	/** The node's raw parameters (what the user typed, expressions unresolved). */
	nodeParameters?: INode['parameters'];
	mode?: 'trigger' | 'manual';
	staticData?: IDataObject;
	workflowId?: string;
	nodeName?: string;
	/** getPollBudgetMs: absent when undefined. */
	budget?: () => unknown;
	timezone?: string;
	pollTimesThrow?: boolean;
}

const trigger = new PrintioTrigger();
/**
 * Each poller is its own workflow unless a test names one: the trigger keeps what the polls of a workflow did in the
 * process (the lease, the last emission).
 */
let workflowCount = 0;
const newWorkflowId = () => `wf-${++workflowCount}`;

function poller(handler: Handler, setup: Setup = {}) {
	const sent: Request[] = [];
	const staticData = setup.staticData ?? {};
	const params = setup.params ?? {};
	const workflowId = setup.workflowId ?? newWorkflowId();
	const node: INode = {
		id: 'trigger-1',
		name: setup.nodeName ?? 'Printio Trigger',
		type: 'n8n-nodes-printio.printioTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters:
			setup.nodeParameters ??
			({ options: (params.options as IDataObject | undefined) ?? {} } as INode['parameters']),
	};
	const context = {
		getMode: () => setup.mode ?? 'trigger',
		getNode: () => node,
		getWorkflow: () => ({ id: workflowId, active: true }),
		getTimezone: () => setup.timezone ?? TZ,
		// The node's own static data; n8n's 'global' one is shared by the workflow's nodes.
		getWorkflowStaticData: (type: string) => (type === 'node' ? staticData : {}),
		getCredentials: async () => CONNECTION.credentials,
		getNodeParameter: (name: string, fallback?: unknown) => {
			if (name === 'pollTimes' && setup.pollTimesThrow)
				throw new Error('Could not get parameter "pollTimes"');
			return name in params ? params[name] : fallback;
		},
		...(setup.budget ? { getPollBudgetMs: setup.budget } : {}),
		helpers: {
			httpRequestWithAuthentication: async (_credential: string, options: IHttpRequestOptions) => {
				const request: Request = {
					url: String(options.url),
					qs: (options.qs ?? {}) as Record<string, unknown>,
					body: options.body,
					headers: (options.headers ?? {}) as Record<string, string>,
				};
				sent.push(request);
				return { headers: {}, ...(await handler(request)) };
			},
		},
	};
	return {
		poll: async () => await trigger.poll.call(context as unknown as IPollFunctions),
		sent,
		staticData,
	};
}

const statuses = (orders: Array<Record<string, unknown>>) => () =>
	ok({ total: orders.length, orders });
const change = (
	order_no: string,
	status_id: number,
	atMs: number,
	extra: Record<string, unknown> = {},
) => ({
	order_no,
	status_id,
	updated_at: at(atMs),
	...extra,
});
const itemOf = (
	record: Record<string, unknown>,
	atMs: number,
	event = 'statusChanged',
	zone = TZ,
) => ({
	json: {
		event,
		change_id: `${record.order_no}|${(record.shipping_id as string | undefined) ?? ''}|${record.status_id}|${record.updated_at}`,
		...record,
		updated_at_iso:
			new Date(atMs + 9 * 3_600_000).toISOString().slice(0, 19) +
			(zone === TZ ? '+09:00' : '+00:00'),
		updated_at_utc: new Date(atMs).toISOString(),
	},
});

/** The poll fails with a NodeOperationError of these exact words. */
async function refused(poll: Promise<unknown>, message: string, description: string) {
	const error = await poll.then(
		() => undefined,
		(thrown: unknown) => thrown,
	);
	expect(error).toBeInstanceOf(NodeOperationError);
	expect({
		message: (error as NodeOperationError).message,
		description: (error as NodeOperationError).description,
	}).toEqual({ message, description });
}

let now = NOW;
beforeEach(() => {
	now = NOW;
	jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

describe('the form', () => {
	it('shows the user what it showed when this test was written', () => {
		// A change to what the user sees is reviewed with `jest -u`, never silent.
		expect(trigger.description).toMatchSnapshot();
	});
});

describe('Any Status Change', () => {
	it('first poll: reads one look-back, emits each change once oldest first, and stores the cursor', async () => {
		const a = change('A', 2, NOW - 30_000);
		const b = change('B', 1, NOW - 90_000, { shipping_number: null });
		const old = change('C', 1, NOW - DEFAULT_LOOK_BACK - 1000);
		const p = poller(statuses([a, b, old]));
		expect(await p.poll()).toEqual([[itemOf(b, NOW - 90_000), itemOf(a, NOW - 30_000)]]);
		expect(p.sent).toEqual([
			{
				url: '/order-statuses',
				qs: { date_time_from: from(NOW - DEFAULT_LOOK_BACK) },
				body: undefined,
				headers: { Accept: 'application/json' },
			},
		]);
		expect(p.staticData.cursor).toEqual({
			v: 1,
			start: 'now',
			floor: NOW - DEFAULT_LOOK_BACK,
			mark: NOW - 30_000,
			seen: { [a.updated_at]: ['["A",null,2]'], [b.updated_at]: ['["B",null,1]'] },
		});
	});

	it('a poll that finds nothing new returns null and leaves the stored cursor as it is; a new change moves it', async () => {
		const a = change('A', 2, NOW - 30_000);
		let answer = [a];
		const p = poller(() => ok({ total: answer.length, orders: answer }));
		await p.poll();
		const stored = p.staticData.cursor;
		now = NOW + MINUTE;
		expect(await p.poll()).toBeNull();
		expect(p.staticData.cursor).toBe(stored);
		// The window now starts the overlap (120 s) before the latest change processed.
		expect(p.sent[1].qs).toEqual({ date_time_from: from(NOW - 30_000 - 120_000) });

		const b = change('B', 3, NOW + 50_000);
		answer = [a, b];
		expect(await p.poll()).toEqual([[itemOf(b, NOW + 50_000)]]);
		expect(p.staticData.cursor).not.toBe(stored);
		expect(p.staticData.cursor).toEqual(
			expect.objectContaining({ mark: NOW + 50_000, floor: NOW - DEFAULT_LOOK_BACK }),
		);
	});

	it('an answer without a list emits nothing', async () => {
		const p = poller(() => ok({ status_code: 1, message: 'no data' }));
		expect(await p.poll()).toBeNull();
		expect(p.staticData.cursor).toEqual({
			v: 1,
			start: 'now',
			floor: NOW - DEFAULT_LOOK_BACK,
			mark: NOW - DEFAULT_LOOK_BACK,
			seen: {},
		});
	});

	it('without an Event parameter it is Any Status Change', async () => {
		const a = change('A', 2, NOW - 30_000);
		const p = poller(statuses([a]), { params: {} });
		expect(await p.poll()).toEqual([[itemOf(a, NOW - 30_000)]]);
	});

	it('an updated_at it cannot read fails the poll with the value and what to check, and moves nothing', async () => {
		const stored = { v: 1, start: 'now', floor: NOW - DAY, mark: NOW - MINUTE, seen: {} };
		const p = poller(
			statuses([change('A', 2, NOW - 30_000), { order_no: 'B', status_id: 2, updated_at: 'soon' }]),
			{
				staticData: { cursor: stored },
			},
		);
		await refused(
			p.poll(),
			'Printio returned an updated_at that is not a date-time: "soon"',
			'The trigger cannot order this change in time. Check API Time Zone, or report it to Printio.',
		);
		expect(p.staticData.cursor).toBe(stored);
	});

	it('an error answer fails the poll as it is, and moves nothing', async () => {
		const stored = { v: 1, start: 'now', floor: NOW - DAY, mark: NOW - MINUTE, seen: {} };
		const p = poller(() => ({ statusCode: 200, body: { status_code: 2, message: 'bad date' } }), {
			staticData: { cursor: stored },
		});
		await expect(p.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(p.staticData.cursor).toBe(stored);
		expect(p.sent).toHaveLength(1);
	});
});

describe('how far back a poll reads', () => {
	const firstQuery = async (setup: Setup) => {
		const p = poller(statuses([]), setup);
		await p.poll();
		return p.sent[0].qs.date_time_from;
	};
	const stored = { v: 1, start: 'now', floor: NOW - DAY, mark: NOW - 10 * MINUTE, seen: {} };

	it('with a stored cursor: the overlap before its mark (120 s by default, at least 1 s)', async () => {
		expect(await firstQuery({ staticData: { cursor: { ...stored } } })).toBe(
			from(NOW - 10 * MINUTE - 120_000),
		);
		expect(
			await firstQuery({
				staticData: { cursor: { ...stored } },
				params: { options: { overlapSeconds: 30 } },
			}),
		).toBe(from(NOW - 10 * MINUTE - 30_000));
		expect(
			await firstQuery({
				staticData: { cursor: { ...stored } },
				params: { options: { overlapSeconds: 0 } },
			}),
		).toBe(from(NOW - 10 * MINUTE - 1000));
		expect(
			await firstQuery({
				staticData: { cursor: { ...stored } },
				params: { options: { overlapSeconds: 'many' } },
			}),
		).toBe(from(NOW - 10 * MINUTE - 120_000));
	});

	it('first poll: First Look-Back when set, else the polling interval plus a minute plus the overlap', async () => {
		expect(await firstQuery({ params: { options: { lookBackMinutes: 5 } } })).toBe(
			from(NOW - 5 * MINUTE),
		);
		expect(await firstQuery({ params: { options: { lookBackMinutes: 0 } } })).toBe(
			from(NOW - DEFAULT_LOOK_BACK),
		);
		expect(await firstQuery({ params: { options: { lookBackMinutes: -3 } } })).toBe(
			from(NOW - DEFAULT_LOOK_BACK),
		);
		expect(await firstQuery({ params: { options: { overlapSeconds: 30 } } })).toBe(
			from(NOW - 2 * MINUTE - 30_000),
		);
	});

	it.each([
		['no Poll Times', undefined, MINUTE],
		['an empty list', { item: [] }, MINUTE],
		['no item list', {}, MINUTE],
		['every minute', { item: [{ mode: 'everyMinute' }] }, MINUTE],
		[
			'every minute (with a value left from another mode)',
			{ item: [{ mode: 'everyMinute', value: 5, unit: 'hours' }] },
			MINUTE,
		],
		['every 5 minutes', { item: [{ mode: 'everyX', value: 5, unit: 'minutes' }] }, 5 * MINUTE],
		['every 2 hours', { item: [{ mode: 'everyX', value: 2, unit: 'hours' }] }, 120 * MINUTE],
		[
			'every 0 minutes (read as 1)',
			{ item: [{ mode: 'everyX', value: 0, unit: 'minutes' }] },
			MINUTE,
		],
		[
			'every -3 hours (read as 1)',
			{ item: [{ mode: 'everyX', value: -3, unit: 'hours' }] },
			60 * MINUTE,
		],
		['every hour', { item: [{ mode: 'everyHour', minute: 5 }] }, 60 * MINUTE],
		['every day', { item: [{ mode: 'everyDay', hour: 3 }] }, DAY],
		['every week', { item: [{ mode: 'everyWeek' }] }, 7 * DAY],
		['every month', { item: [{ mode: 'everyMonth' }] }, 31 * DAY],
		['a cron expression', { item: [{ mode: 'custom', cronExpression: '0 0 * * *' }] }, DAY],
		[
			'several: the most frequent',
			{
				item: [
					{ mode: 'everyDay' },
					{ mode: 'everyX', value: 10, unit: 'minutes' },
					{ mode: 'everyHour' },
				],
			},
			10 * MINUTE,
		],
	])(
		'Poll Times %s: one look-back of that interval, a minute and the overlap',
		async (_name, pollTimes, interval) => {
			const params = pollTimes === undefined ? {} : { pollTimes };
			expect(await firstQuery({ params })).toBe(from(NOW - interval - MINUTE - 120_000));
		},
	);

	it('Poll Times that cannot be read count as every minute', async () => {
		expect(await firstQuery({ pollTimesThrow: true })).toBe(from(NOW - DEFAULT_LOOK_BACK));
	});
});

describe('Start From', () => {
	const startMs = Date.parse('2026-11-20T10:00:00+09:00');

	it('reads the typed date-time in the workflow time zone and keys the cursor to the text typed', async () => {
		const a = change('A', 2, startMs);
		const p = poller(statuses([a, change('B', 2, startMs - 1000)]), {
			params: { options: { startFrom: '2026-11-20T10:00:00' } },
			nodeParameters: { options: { startFrom: '2026-11-20T10:00:00' } },
		});
		expect(await p.poll()).toEqual([[itemOf(a, startMs)]]);
		expect(p.sent[0].qs).toEqual({ date_time_from: from(startMs) });
		expect(p.staticData.cursor).toEqual(
			expect.objectContaining({ start: 'at:2026-11-20T10:00:00', floor: startMs }),
		);

		const utc = poller(statuses([]), {
			params: { options: { startFrom: '2026-11-20T10:00:00' } },
			timezone: 'UTC',
		});
		await utc.poll();
		expect(utc.sent[0].qs).toEqual({ date_time_from: from(Date.parse('2026-11-20T10:00:00Z')) });
	});

	it('an expression keys the cursor to the expression, and a value not typed as text to its instant', async () => {
		const expression = poller(statuses([]), {
			params: { options: { startFrom: '2026-11-20T10:00:00' } },
			nodeParameters: { options: { startFrom: '={{ $now.minus(1, "day") }}' } },
		});
		await expression.poll();
		expect(expression.staticData.cursor).toEqual(
			expect.objectContaining({ start: 'at:={{ $now.minus(1, "day") }}', floor: startMs }),
		);

		const untyped = poller(statuses([]), {
			params: { options: { startFrom: '2026-11-20T10:00:00' } },
			nodeParameters: {},
		});
		await untyped.poll();
		expect(untyped.staticData.cursor).toEqual(
			expect.objectContaining({ start: `at:${startMs}`, floor: startMs }),
		);
	});

	it('empty or null starts now', async () => {
		for (const startFrom of ['', null]) {
			const p = poller(statuses([]), { params: { options: { startFrom } } });
			await p.poll();
			expect(p.staticData.cursor).toEqual(
				expect.objectContaining({ start: 'now', floor: NOW - DEFAULT_LOOK_BACK }),
			);
		}
	});

	it('refuses what is not a date-time, before any request', async () => {
		const p = poller(statuses([]), { params: { options: { startFrom: 'next tuesday' } } });
		await refused(
			p.poll(),
			'Start From is not a date-time: "next tuesday"',
			'Pick a date and time, or leave Start From empty to start now.',
		);
		expect(p.sent).toHaveLength(0);
	});
});

describe('events', () => {
	it('Order Shipped emits only changes carrying a slip number (text, not blank)', async () => {
		const records = [
			change('A', 5, NOW - 50_000, { shipping_number: 'SLIP-1' }),
			change('B', 5, NOW - 40_000, { shipping_number: '  ' }),
			change('C', 5, NOW - 30_000, { shipping_number: null }),
			change('D', 5, NOW - 20_000),
			change('E', 5, NOW - 10_000, { shipping_number: 12345 }),
		];
		const p = poller(statuses(records), { params: { event: 'shipped' } });
		const shipped = itemOf(records[0], NOW - 50_000, 'shipped');
		// The order read (here the same records) names no carrier and no shop order: tracking with the number only.
		const tracking = {
			number: 'SLIP-1',
			company: null,
			carrier: null,
			shopifyCompany: null,
			url: null,
		};
		expect(await p.poll()).toEqual([[{ json: { ...shipped.json, tracking } }]]);
		expect(p.sent[0].qs).toEqual({ date_time_from: from(NOW - DEFAULT_LOOK_BACK) });
	});

	it('Status Reached emits the chosen status ids (separated by commas or spaces); several ids are filtered here', async () => {
		const records = [
			change('A', 5, NOW - 50_000),
			change('B', 3, NOW - 40_000),
			change('C', 9, NOW - 30_000),
			{ ...change('D', 9, NOW - 20_000), status_id: '9' },
			change('E', 0, NOW - 10_000),
		];
		for (const statusIds of [' 5, 9 ', '5 9', '5,,9', '9,5']) {
			const p = poller(statuses(records), { params: { event: 'statusReached', statusIds } });
			expect(await p.poll()).toEqual([
				[
					itemOf(records[0], NOW - 50_000, 'statusReached'),
					itemOf(records[2], NOW - 30_000, 'statusReached'),
					itemOf(records[3], NOW - 20_000, 'statusReached'),
				],
			]);
			expect(p.sent[0].qs).toEqual({ date_time_from: from(NOW - DEFAULT_LOOK_BACK) });
		}
	});

	it('Status Reached with one id lets Printio filter too; 0 is an id', async () => {
		const p = poller(statuses([change('E', 0, NOW - 10_000)]), {
			params: { event: 'statusReached', statusIds: '0' },
		});
		expect(await p.poll()).toEqual([
			[itemOf(change('E', 0, NOW - 10_000), NOW - 10_000, 'statusReached')],
		]);
		expect(p.sent[0].qs).toEqual({ date_time_from: from(NOW - DEFAULT_LOOK_BACK), status_id: 0 });
		const five = poller(statuses([]), { params: { event: 'statusReached', statusIds: '5' } });
		await five.poll();
		expect(five.sent[0].qs).toEqual({
			date_time_from: from(NOW - DEFAULT_LOOK_BACK),
			status_id: 5,
		});
	});

	it('Status Reached refuses ids that are not whole numbers, or none, before any request', async () => {
		for (const [statusIds, shown] of [
			['5, x', '5, x'],
			['1.5', '1.5'],
			['-1', '-1'],
			['', ''],
			[' , ', ' , '],
			[undefined, ''],
			[null, ''],
		]) {
			const params: Record<string, unknown> = { event: 'statusReached' };
			if (statusIds !== undefined) params.statusIds = statusIds;
			const p = poller(statuses([]), { params });
			await refused(
				p.poll(),
				`Status IDs must be whole numbers separated by commas, got "${shown}"`,
				'For example 5, 9. Order › Get Statuses shows the IDs your account uses.',
			);
			expect(p.sent).toHaveLength(0);
		}
	});
});

describe('options', () => {
	it('API Time Zone: the query and the times in that zone (trimmed; empty is Asia/Tokyo)', async () => {
		const atMs = NOW - 30_000;
		const record = { order_no: 'A', status_id: 2, updated_at: at(atMs, 'UTC') };
		const p = poller(statuses([record]), { params: { options: { apiTimeZone: ' UTC ' } } });
		expect(await p.poll()).toEqual([
			[
				{
					json: {
						event: 'statusChanged',
						change_id: `A||2|${record.updated_at}`,
						...record,
						updated_at_iso: `${new Date(atMs).toISOString().slice(0, 19)}+00:00`,
						updated_at_utc: new Date(atMs).toISOString(),
					},
				},
			],
		]);
		expect(p.sent[0].qs).toEqual({ date_time_from: from(NOW - DEFAULT_LOOK_BACK, 'UTC') });

		const empty = poller(statuses([]), { params: { options: { apiTimeZone: '' } } });
		await empty.poll();
		expect(empty.sent[0].qs).toEqual({ date_time_from: from(NOW - DEFAULT_LOOK_BACK, TZ) });
	});

	it('API Time Zone: an unknown zone is refused with its name, before any request', async () => {
		const p = poller(statuses([]), { params: { options: { apiTimeZone: 'Mars/Olympus' } } });
		await refused(
			p.poll(),
			'API Time Zone "Mars/Olympus" is not a known time zone',
			'Use an IANA time zone name such as Asia/Tokyo.',
		);
		expect(p.sent).toHaveLength(0);
	});

	it('MultiItemOrder: each shipment is its own change, read with the feature flag', async () => {
		const s1 = change('A', 3, NOW - 30_000, { shipping_id: 'S1' });
		const s2 = change('A', 3, NOW - 30_000, { shipping_id: 'S2' });
		const p = poller(statuses([s2, s1]), { params: { options: { multiItemOrder: true } } });
		expect(await p.poll()).toEqual([[itemOf(s1, NOW - 30_000), itemOf(s2, NOW - 30_000)]]);
		expect(p.sent[0].headers).toEqual({
			Accept: 'application/json',
			'X-Feature-Flags': 'MultiItemOrder',
		});
		// Only a true boolean turns it on.
		const text = poller(statuses([]), { params: { options: { multiItemOrder: 'true' } } });
		await text.poll();
		expect(text.sent[0].headers).toEqual({ Accept: 'application/json' });
	});
});

describe('Include Full Order', () => {
	const orderOf = (order_no: unknown, extra: Record<string, unknown> = {}) => ({
		order_no,
		lines: [],
		...extra,
	});

	it('reads the orders with one GET /orders per 30 changed orders and adds each under "order"', async () => {
		const records = Array.from({ length: 35 }, (_, i) =>
			change(`P${String(i).padStart(2, '0')}`, 2, NOW - 60_000 + i * 1000),
		);
		// The same order twice (two shipments would be the same): read once.
		records.push(change('P00', 3, NOW - 1000));
		const p = poller(
			(request) =>
				request.url === '/orders'
					? ok({
							total: String(request.qs.order_no).split(',').length,
							orders: String(request.qs.order_no)
								.split(',')
								.map((no) => orderOf(no)),
						})
					: ok({ total: records.length, orders: records }),
			{ params: { options: { includeOrder: true } } },
		);
		const out = await p.poll();
		const orderReads = p.sent.filter((request) => request.url === '/orders');
		expect(orderReads.map((request) => request.qs)).toEqual([
			{
				order_no: records
					.slice(0, 30)
					.map((r) => r.order_no)
					.join(','),
				limit: 30,
				page: 1,
			},
			{
				order_no: records
					.slice(30, 35)
					.map((r) => r.order_no)
					.join(','),
				limit: 30,
				page: 1,
			},
		]);
		expect(out?.[0]).toHaveLength(36);
		expect(out?.[0].map((item) => item.json.order)).toEqual(
			records.map((r) => orderOf(r.order_no)),
		);
		expect(out?.[0][0].json).toEqual({
			...itemOf(records[0], NOW - 60_000).json,
			order: orderOf('P00'),
		});
	});

	it('reads further pages only when a full page is short of the total', async () => {
		const records = [change('A', 2, NOW - 30_000), change('B', 2, NOW - 20_000)];
		const read = async (pages: Array<Record<string, unknown>>) => {
			const p = poller(
				(request) =>
					request.url === '/orders'
						? ok(pages[Number(request.qs.page) - 1])
						: ok({ total: 2, orders: records }),
				{ params: { options: { includeOrder: true } } },
			);
			const out = await p.poll();
			return {
				pages: p.sent
					.filter((request) => request.url === '/orders')
					.map((request) => request.qs.page),
				orders: out?.[0].map((item) => item.json.order),
			};
		};
		const filler = Array.from({ length: 28 }, (_, i) => orderOf(`X${i}`));
		const full = [orderOf('A'), ...filler, orderOf('Z')];
		// 30 of 31: page 2 holds B.
		expect(
			await read([
				{ total: 31, orders: full },
				{ total: 31, orders: [orderOf('B')] },
			]),
		).toEqual({ pages: [1, 2], orders: [orderOf('A'), orderOf('B')] });
		// 30 of 30, or 30 without a total: that is all.
		expect(
			await read([
				{ total: 30, orders: full },
				{ total: 31, orders: [orderOf('B')] },
			]),
		).toEqual({ pages: [1], orders: [orderOf('A'), null] });
		expect(await read([{ orders: full }, { orders: [orderOf('B')] }])).toEqual({
			pages: [1],
			orders: [orderOf('A'), null],
		});
		// Fewer than a page, whatever the total says: that is all.
		expect(
			await read([
				{ total: 40, orders: [orderOf('A')] },
				{ total: 40, orders: [orderOf('B')] },
			]),
		).toEqual({ pages: [1], orders: [orderOf('A'), null] });
		// No list at all: no order.
		expect(await read([{ status_code: 1, message: 'no data' }])).toEqual({
			pages: [1],
			orders: [null, null],
		});
	});

	it('MultiItemOrder: each shipment gets its own order record, else the order number’s first one', async () => {
		const records = [
			change('A', 3, NOW - 30_000, { shipping_id: 'S1' }),
			change('A', 3, NOW - 29_000, { shipping_id: 'S3' }),
			change('123', 3, NOW - 28_000, { shipping_id: null }),
			change('B', 3, NOW - 27_000),
		];
		const orders = [
			orderOf('A', { shipping_id: 'S2', n: 1 }),
			orderOf('A', { shipping_id: 'S1', n: 2 }),
			orderOf('A', { shipping_id: 'S1', n: 3 }),
			orderOf(123, { n: 4 }),
		];
		const p = poller(
			(request) =>
				request.url === '/orders'
					? ok({ total: orders.length, orders })
					: ok({ total: 4, orders: records }),
			{
				params: { options: { includeOrder: true, multiItemOrder: true } },
			},
		);
		const out = await p.poll();
		expect(out?.[0].map((item) => item.json.order)).toEqual([
			orders[1],
			orders[0],
			orders[3],
			null,
		]);
		const orderRead = p.sent.find((request) => request.url === '/orders');
		expect(orderRead?.qs).toEqual({ order_no: 'A,123,B', limit: 30, page: 1 });
		expect(orderRead?.headers).toEqual({
			Accept: 'application/json',
			'X-Feature-Flags': 'MultiItemOrder',
		});
	});

	it('an idle poll reads no order; exactly 30 changed orders are one read', async () => {
		const idle = poller(statuses([]), { params: { options: { includeOrder: true } } });
		expect(await idle.poll()).toBeNull();
		expect(idle.sent.map((request) => request.url)).toEqual(['/order-statuses']);
		const records = Array.from({ length: 30 }, (_, i) =>
			change(`P${String(i).padStart(2, '0')}`, 2, NOW - 60_000 + i * 1000),
		);
		const thirty = poller(
			(request) =>
				request.url === '/orders'
					? ok({ total: 30, orders: records.map((r) => orderOf(r.order_no)) })
					: ok({ total: 30, orders: records }),
			{
				params: { options: { includeOrder: true } },
			},
		);
		expect((await thirty.poll())?.[0]).toHaveLength(30);
		expect(thirty.sent.map((request) => request.url)).toEqual(['/order-statuses', '/orders']);
	});

	it('off: no order read, no "order" key', async () => {
		const p = poller(statuses([change('A', 2, NOW - 30_000)]), {
			params: { options: { includeOrder: 'yes' } },
		});
		const out = await p.poll();
		expect(out?.[0][0].json).not.toHaveProperty('order');
		expect(p.sent).toHaveLength(1);
	});

	it('a failed order read fails the poll and moves nothing', async () => {
		const p = poller(
			(request) =>
				request.url === '/orders'
					? { statusCode: 200, body: { status_code: 2, message: 'bad' } }
					: ok({ total: 1, orders: [change('A', 2, NOW - 30_000)] }),
			{ params: { options: { includeOrder: true } } },
		);
		await expect(p.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(p.staticData).toEqual({});
	});
});

describe('Fetch Test Event (manual)', () => {
	const windows =
		(byDays: Record<number, Array<Record<string, unknown>>>) => (request: Request) => {
			const days = [1, 7, 31].find((d) => request.qs.date_time_from === from(NOW - d * DAY));
			return ok({ orders: (days !== undefined ? byDays[days] : undefined) ?? [] });
		};

	it('looks back 1, 7, then 31 days until it finds a change, and returns the latest matching one', async () => {
		const records = [
			change('A', 5, NOW - 20 * DAY),
			change('B', 3, NOW - 10 * DAY),
			change('C', 5, NOW - 9 * DAY),
			change('D', 3, NOW - 8 * DAY),
		];
		const p = poller(windows({ 31: records }), {
			mode: 'manual',
			params: { event: 'statusReached', statusIds: '5, 6' },
			staticData: { cursor: 'kept' },
		});
		expect(await p.poll()).toEqual([[itemOf(records[2], NOW - 9 * DAY, 'statusReached')]]);
		expect(p.sent.map((request) => request.qs)).toEqual(
			[1, 7, 31].map((d) => ({ date_time_from: from(NOW - d * DAY) })),
		);
		expect(p.staticData).toEqual({ cursor: 'kept' });
	});

	it('stops at the first window with a change; null when none has one', async () => {
		const p = poller(
			windows({ 1: [change('A', 2, NOW - 3_600_000)], 7: [change('B', 2, NOW - 2 * DAY)] }),
			{ mode: 'manual' },
		);
		expect(await p.poll()).toEqual([[itemOf(change('A', 2, NOW - 3_600_000), NOW - 3_600_000)]]);
		expect(p.sent).toHaveLength(1);
		const none = poller(windows({}), { mode: 'manual' });
		expect(await none.poll()).toBeNull();
		expect(none.sent).toHaveLength(3);
	});

	it('with Include Full Order adds the order', async () => {
		const p = poller(
			(request) =>
				request.url === '/orders'
					? ok({ total: 1, orders: [{ order_no: 'A', n: 1 }] })
					: ok({ orders: [change('A', 2, NOW - 1000)] }),
			{
				mode: 'manual',
				params: { options: { includeOrder: true } },
			},
		);
		expect((await p.poll())?.[0][0].json.order).toEqual({ order_no: 'A', n: 1 });
	});

	it('passes over a change whose updated_at it cannot read (it shows one it can)', async () => {
		const readable = change('B', 2, NOW - 1000);
		const p = poller(
			() => ok({ orders: [{ order_no: 'A', status_id: 2, updated_at: 'soon' }, readable] }),
			{ mode: 'manual' },
		);
		expect(await p.poll()).toEqual([[itemOf(readable, NOW - 1000)]]);
	});
});

describe('one poll at a time per trigger', () => {
	/** A service whose answers wait until released. */
	function held() {
		const releases: Array<() => void> = [];
		const handler: Handler = async () => {
			await new Promise<void>((resolve) => releases.push(resolve));
			return ok({ total: 1, orders: [change('A', 2, NOW - 30_000)] });
		};
		const releaseAll = () => releases.splice(0).forEach((release) => release());
		const waitForRequests = async (count: number) => {
			for (let i = 0; i < 50 && releases.length < count; i++)
				await new Promise((resolve) => setImmediate(resolve));
			expect(releases).toHaveLength(count);
		};
		return { handler, releaseAll, waitForRequests };
	}
	/** How a poll that must not wait for the service ends, without waiting for a held answer (a mutant fails fast). */
	async function settled(
		promise: Promise<unknown>,
	): Promise<{ pending: boolean; value?: unknown }> {
		let result: { pending: boolean; value?: unknown } = { pending: true };
		promise.then(
			(value) => (result = { pending: false, value }),
			(error: unknown) => (result = { pending: false, value: error }),
		);
		for (let i = 0; i < 50 && result.pending; i++)
			await new Promise((resolve) => setImmediate(resolve));
		return result;
	}

	it('a second poll of the same trigger while one runs returns null without a request; once done, polls run again', async () => {
		const service = held();
		const staticData: IDataObject = {};
		const workflowId = newWorkflowId();
		const first = poller(service.handler, { staticData, workflowId });
		const second = poller(service.handler, { staticData, workflowId });
		const running = first.poll();
		await service.waitForRequests(1);
		expect(await settled(second.poll())).toEqual({ pending: false, value: null });
		expect(second.sent).toHaveLength(0);
		service.releaseAll();
		expect(await running).toEqual([[itemOf(change('A', 2, NOW - 30_000), NOW - 30_000)]]);
		const third = second.poll();
		await service.waitForRequests(1);
		service.releaseAll();
		expect(await third).toBeNull();
		expect(second.sent).toHaveLength(1);
	});

	it('another node name or another workflow polls alongside (their keys cannot run together)', async () => {
		const service = held();
		const polls = [
			poller(service.handler, { workflowId: 'a', nodeName: 'bc' }),
			poller(service.handler, { workflowId: 'ab', nodeName: 'c' }),
			poller(service.handler, { workflowId: 'a', nodeName: 'b' }),
			poller(service.handler, { workflowId: 'x', nodeName: 'b' }),
		];
		const running = polls.map(async (p) => await p.poll());
		await service.waitForRequests(4);
		service.releaseAll();
		expect((await Promise.all(running)).map((out) => out?.[0].length)).toEqual([1, 1, 1, 1]);
	});

	it('the lease lasts the poll budget n8n gives (5 minutes without one, or with none usable)', async () => {
		for (const [budget, lease] of [
			[() => 10_000, 10_000],
			[undefined, 300_000],
			[() => 0, 300_000],
			[() => -5, 300_000],
			[() => '10000', 300_000],
		] as const) {
			const service = held();
			const setup: Setup = budget
				? { budget, workflowId: newWorkflowId() }
				: { workflowId: newWorkflowId() };
			const first = poller(service.handler, setup);
			const running = first.poll();
			await service.waitForRequests(1);
			now = NOW + lease - 1;
			expect(await settled(poller(service.handler, setup).poll())).toEqual({
				pending: false,
				value: null,
			});
			now = NOW + lease;
			const late = poller(service.handler, setup);
			const lateRun = late.poll();
			await service.waitForRequests(2);
			service.releaseAll();
			await Promise.all([running, lateRun]);
			expect(late.sent).toHaveLength(1);
			now = NOW;
		}
	});

	it('a failed poll releases the lease', async () => {
		let fail = true;
		const handler: Handler = () =>
			fail ? { statusCode: 200, body: { status_code: 2, message: 'bad' } } : ok({ orders: [] });
		const p = poller(handler);
		await expect(p.poll()).rejects.toBeInstanceOf(NodeApiError);
		fail = false;
		expect(await p.poll()).toBeNull();
		expect(p.sent).toHaveLength(2);
	});

	it('alert events take the lease too; Fetch Test Event ignores it', async () => {
		const service = held();
		const workflowId = newWorkflowId();
		const late = poller(service.handler, { params: { event: 'shippingLate' }, workflowId });
		const running = late.poll();
		await service.waitForRequests(1);
		expect(
			await settled(
				poller(service.handler, { params: { event: 'stockChanged' }, workflowId }).poll(),
			),
		).toEqual({ pending: false, value: null });
		const manual = poller(service.handler, { mode: 'manual', workflowId }).poll();
		await service.waitForRequests(2);
		service.releaseAll();
		await running;
		expect(await manual).not.toBeNull();
	});
});

describe('a poll handed a state from before its trigger’s last emission (n8n has not committed that emission yet)', () => {
	const a = change('A', 2, NOW - 30_000);
	const b = change('B', 3, NOW - 20_000);

	it('returns null without a request; a poll handed the committed state polls as usual, each emission counted in the state', async () => {
		const workflowId = newWorkflowId();
		const first = poller(statuses([a]), { workflowId });
		expect(await first.poll()).toEqual([[itemOf(a, NOW - 30_000)]]);
		expect(first.staticData.emissions).toBe(1);
		const committed = structuredClone(first.staticData);
		const stale = poller(statuses([a]), { workflowId, staticData: {} });
		expect(await stale.poll()).toBeNull();
		expect(stale.sent).toHaveLength(0);
		const next = poller(statuses([a, b]), { workflowId, staticData: structuredClone(committed) });
		expect(await next.poll()).toEqual([[itemOf(b, NOW - 20_000)]]);
		expect(next.staticData.emissions).toBe(2);
		// Polls that read a state before either commit and run after both emissions: both turned away.
		for (const staticData of [{}, committed]) {
			const later = poller(statuses([a, b]), { workflowId, staticData });
			expect(await later.poll()).toBeNull();
			expect(later.sent).toHaveLength(0);
		}
		const current = poller(statuses([a, b]), { workflowId, staticData: next.staticData });
		expect(await current.poll()).toBeNull();
		expect(current.sent).toHaveLength(1);
		expect(current.staticData.emissions).toBe(2);
	});

	it('a state that comes back to what it was (stock short, recovered, short again) is not taken for an old one', async () => {
		const workflowId = newWorkflowId();
		const params = { event: 'stockChanged' };
		const stock = (quantity: number) => () =>
			ok({
				item_stocks: [{ item_stock_code: 'A-1', stock_quantity: quantity, is_orderable: true }],
			});
		const staticData: IDataObject = {};
		const events = [];
		for (const quantity of [0, 5, 0]) {
			now += 60_000;
			const out = await poller(stock(quantity), { workflowId, params, staticData }).poll();
			events.push(out?.[0].map((item) => item.json.event));
		}
		expect(events).toEqual([['stockLow'], ['stockRecovered'], ['stockLow']]);
		expect(staticData.emissions).toBe(3);
	});

	it('when n8n never commits the emission, the old state is polled again once the poll budget is over: late, not lost', async () => {
		// A look-back of ten minutes keeps the change in every poll's window.
		const params = { options: { lookBackMinutes: 10 } };
		for (const [budget, wait] of [
			[() => 10_000, 10_000],
			[undefined, 300_000],
		] as const) {
			const workflowId = newWorkflowId();
			now = NOW;
			await poller(
				statuses([a]),
				budget ? { workflowId, params, budget } : { workflowId, params },
			).poll();
			now = NOW + wait - 1;
			expect(await poller(statuses([a]), { workflowId, params, staticData: {} }).poll()).toBeNull();
			now = NOW + wait;
			const again = poller(statuses([a]), { workflowId, params, staticData: {} });
			expect(await again.poll()).toEqual([[itemOf(a, NOW - 30_000)]]);
			expect(again.staticData.emissions).toBe(1);
		}
	});

	it('only an emission counts: after a poll that emits nothing or fails, the same state polls again at once', async () => {
		const workflowId = newWorkflowId();
		const idle = poller(statuses([]), { workflowId });
		expect(await idle.poll()).toBeNull();
		expect(idle.staticData.emissions).toBeUndefined();
		expect(await poller(statuses([a]), { workflowId, staticData: {} }).poll()).toEqual([
			[itemOf(a, NOW - 30_000)],
		]);
		const other = newWorkflowId();
		const failed = poller(() => ({ statusCode: 200, body: { status_code: 2, message: 'bad' } }), {
			workflowId: other,
		});
		await expect(failed.poll()).rejects.toBeInstanceOf(NodeApiError);
		expect(failed.staticData).toEqual({});
		expect(await poller(statuses([a]), { workflowId: other, staticData: {} }).poll()).toEqual([
			[itemOf(a, NOW - 30_000)],
		]);
	});

	it('another workflow or another node name handed the same state polls as usual; alert events are turned away too', async () => {
		const workflowId = newWorkflowId();
		await poller(statuses([a]), { workflowId }).poll();
		expect(
			await poller(statuses([a]), { workflowId: newWorkflowId(), staticData: {} }).poll(),
		).toEqual([[itemOf(a, NOW - 30_000)]]);
		expect(
			await poller(statuses([a]), {
				workflowId,
				nodeName: 'Printio Trigger1',
				staticData: {},
			}).poll(),
		).toEqual([[itemOf(a, NOW - 30_000)]]);
		const record = {
			order_no: 'P1',
			status_id: 3,
			scheduled_shipping_date: '2026-11-24',
			updated_at: '2026-11-20 10:00:00',
		};
		const late = { params: { event: 'shippingLate' }, workflowId: newWorkflowId() };
		expect((await poller(statuses([record]), late).poll())?.[0]).toHaveLength(1);
		const stale = poller(statuses([record]), { ...late, staticData: { emissions: 'one' } });
		expect(await stale.poll()).toBeNull();
		expect(stale.sent).toHaveLength(0);
	});
});

describe('alert events through the node', () => {
	it('Shipping Late reads with the API zone, the feature flag and now, and stores its state', async () => {
		const record = {
			order_no: 'P1',
			status_id: 3,
			scheduled_shipping_date: '2026-11-24',
			updated_at: '2026-11-20 10:00:00',
			shipping_id: 'S1',
		};
		const p = poller(statuses([record]), {
			params: { event: 'shippingLate', options: { apiTimeZone: 'UTC', multiItemOrder: true } },
		});
		// Late from 25 Nov 00:00 UTC; now 03:00 UTC.
		expect(await p.poll()).toEqual([
			[
				{
					json: {
						event: 'shippingLate',
						late_id: 'P1|S1|2026-11-24',
						...record,
						late_since_iso: '2026-11-25T00:00:00+00:00',
						late_since_utc: '2026-11-25T00:00:00.000Z',
						hours_late: 3,
					},
				},
			],
		]);
		expect(p.sent).toEqual([
			{
				url: '/order-statuses',
				qs: { date_time_from: from(NOW - 30 * DAY, 'UTC') },
				body: undefined,
				headers: { Accept: 'application/json', 'X-Feature-Flags': 'MultiItemOrder' },
			},
		]);
		expect(p.staticData).toEqual({
			late: { v: 1, emitted: { '2026-11-24': ['P1|S1'] }, seen: { '2026-11-24': NOW } },
			emissions: 1,
		});
	});

	it('Shipping Late, Fetch Test Event: what is late now, nothing stored', async () => {
		const record = {
			order_no: 'P1',
			status_id: 3,
			scheduled_shipping_date: '2026-11-24',
			updated_at: '2026-11-20 10:00:00',
		};
		const p = poller(statuses([record]), { mode: 'manual', params: { event: 'shippingLate' } });
		expect((await p.poll())?.[0].map((item) => item.json.late_id)).toEqual(['P1||2026-11-24']);
		expect(p.sent[0].headers).toEqual({ Accept: 'application/json' });
		expect(p.staticData).toEqual({});
	});

	it('Stock Changed asks for the credential’s retailer and stores what is short', async () => {
		const entry = { item_stock_code: 'A-1', stock_quantity: 0, is_orderable: true };
		const p = poller(() => ok({ item_stocks: [entry] }), { params: { event: 'stockChanged' } });
		expect(await p.poll()).toEqual([
			[{ json: { event: 'stockLow', ...entry, reason: 'belowThreshold', threshold: 1 } }],
		]);
		expect(p.sent.map((request) => [request.url, request.body])).toEqual([
			['/item-stocks', { retailer_id: 7 }],
		]);
		expect(p.staticData).toEqual({ stock: { v: 1, short: ['A-1'] }, emissions: 1 });
		const manual = poller(() => ok({ item_stocks: [entry] }), {
			mode: 'manual',
			params: { event: 'stockChanged' },
		});
		expect((await manual.poll())?.[0]).toHaveLength(1);
		expect(manual.staticData).toEqual({});
	});
});
