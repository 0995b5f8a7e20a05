/**
 * settings.ts directly: the whole Settings a poll runs with (the node tests see only the requests it causes),
 * and the lease length from n8n's poll budget.
 */
import { NodeOperationError } from 'n8n-workflow';

import {
	DEFAULT_OVERLAP_SECONDS,
	pollBudgetMs,
	readSettings,
	type Settings,
} from '../../../nodes/PrintioTrigger/settings';
import { pollContext, type PollContextSetup } from './pollContext';

const MINUTE = 60_000;
const DAY = 86_400_000;
const settingsOf = (setup: PollContextSetup) => readSettings.call(pollContext(setup).context);
const DEFAULTS: Settings = {
	event: 'anyChange',
	statusIds: [],
	apiTimeZone: 'Asia/Tokyo',
	multiItemOrder: false,
	includeOrder: false,
	overlapMs: 120_000,
	// One minute of Poll Times (none given), a minute of schedule jitter, the overlap.
	lookBackMs: MINUTE + MINUTE + 120_000,
	start: 'now',
	startAtMs: undefined,
};

function refusal(setup: PollContextSetup): { message: string; description: unknown } {
	try {
		settingsOf(setup);
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		return {
			message: (error as NodeOperationError).message,
			description: (error as NodeOperationError).description,
		};
	}
	throw new Error('readSettings accepted what it should refuse');
}

describe('readSettings', () => {
	it('without parameters: Any Status Change, Asia/Tokyo, 120 s overlap, start now', () => {
		expect(DEFAULT_OVERLAP_SECONDS).toBe(120);
		expect(settingsOf({})).toStrictEqual(DEFAULTS);
	});

	it('reads every option; only a true boolean switches Include Full Order and MultiItemOrder on', () => {
		const options = {
			apiTimeZone: ' UTC ',
			includeOrder: true,
			multiItemOrder: true,
			overlapSeconds: 30,
			lookBackMinutes: 5,
		};
		expect(settingsOf({ params: { event: 'shipped', options } })).toStrictEqual({
			...DEFAULTS,
			event: 'shipped',
			apiTimeZone: 'UTC',
			includeOrder: true,
			multiItemOrder: true,
			overlapMs: 30_000,
			lookBackMs: 5 * MINUTE,
		});
		expect(
			settingsOf({ params: { options: { includeOrder: 'true', multiItemOrder: 1 } } }),
		).toStrictEqual(DEFAULTS);
		expect(settingsOf({ params: { options: { apiTimeZone: '' } } }).apiTimeZone).toBe('Asia/Tokyo');
	});

	it('overlap: at least 1 s, the default for what is not a number; the first look-back follows it', () => {
		expect(settingsOf({ params: { options: { overlapSeconds: 0 } } })).toMatchObject({
			overlapMs: 1000,
			lookBackMs: 2 * MINUTE + 1000,
		});
		expect(settingsOf({ params: { options: { overlapSeconds: -5 } } }).overlapMs).toBe(1000);
		expect(settingsOf({ params: { options: { overlapSeconds: 'many' } } }).overlapMs).toBe(120_000);
		expect(settingsOf({ params: { options: { overlapSeconds: Infinity } } }).overlapMs).toBe(
			120_000,
		);
		expect(settingsOf({ params: { options: { lookBackMinutes: -3 } } }).lookBackMs).toBe(
			DEFAULTS.lookBackMs,
		);
	});

	it.each([
		['every 5 minutes', [{ mode: 'everyX', value: 5, unit: 'minutes' }], 5 * MINUTE],
		['every 2 hours', [{ mode: 'everyX', value: 2, unit: 'hours' }], 120 * MINUTE],
		['every 0 minutes (read as 1)', [{ mode: 'everyX', value: 0 }], MINUTE],
		['every hour', [{ mode: 'everyHour' }], 60 * MINUTE],
		['every day', [{ mode: 'everyDay' }], DAY],
		['every week', [{ mode: 'everyWeek' }], 7 * DAY],
		['every month', [{ mode: 'everyMonth' }], 31 * DAY],
		['a cron expression', [{ mode: 'custom' }], DAY],
		['several: the most frequent', [{ mode: 'everyWeek' }, { mode: 'everyHour' }], 60 * MINUTE],
		['none', [], MINUTE],
	])(
		'first look-back from Poll Times (%s): the interval, a minute of jitter and the overlap',
		(_name, item, interval) => {
			expect(settingsOf({ params: { pollTimes: { item } } }).lookBackMs).toBe(
				interval + MINUTE + 120_000,
			);
		},
	);

	it('Poll Times that cannot be read count as every minute', () => {
		expect(settingsOf({ pollTimesThrow: true }).lookBackMs).toBe(DEFAULTS.lookBackMs);
	});

	it('Status Reached: ids separated by commas or spaces; other events ignore the parameter', () => {
		expect(
			settingsOf({ params: { event: 'statusReached', statusIds: ' 5,9  0 ,' } }).statusIds,
		).toEqual([5, 9, 0]);
		expect(settingsOf({ params: { event: 'shipped', statusIds: 'not read' } }).statusIds).toEqual(
			[],
		);
	});

	it.each([[''], ['5, x'], ['-1'], ['1.5'], [' , ']])(
		'Status Reached refuses %p with the text and an example',
		(statusIds) => {
			expect(refusal({ params: { event: 'statusReached', statusIds } })).toEqual({
				message: `Status IDs must be whole numbers separated by commas, got "${statusIds}"`,
				description: 'For example 5, 9. Order › Get Statuses shows the IDs your account uses.',
			});
		},
	);

	it('refuses an unknown API time zone by its name', () => {
		expect(refusal({ params: { options: { apiTimeZone: 'Mars/Base' } } })).toEqual({
			message: 'API Time Zone "Mars/Base" is not a known time zone',
			description: 'Use an IANA time zone name such as Asia/Tokyo.',
		});
	});

	it('Start From: read in the workflow time zone, keyed to the text typed (or the instant, when not typed as text)', () => {
		const options = { startFrom: '2026-11-25T10:00:00' };
		expect(settingsOf({ params: { options } })).toMatchObject({
			start: 'at:2026-11-25T10:00:00',
			startAtMs: Date.parse('2026-11-25T01:00:00Z'),
		});
		const typed = { options: { startFrom: '={{ $now }}' } };
		expect(settingsOf({ params: { options }, nodeParameters: typed }).start).toBe('at:={{ $now }}');
		const instant = Date.parse('2026-11-25T01:00:00Z');
		expect(settingsOf({ params: { options }, nodeParameters: {} }).start).toBe(`at:${instant}`);
		expect(settingsOf({ params: { options: { startFrom: null } } })).toMatchObject({
			start: 'now',
			startAtMs: undefined,
		});
		expect(refusal({ params: { options: { startFrom: 'soon' } } })).toEqual({
			message: 'Start From is not a date-time: "soon"',
			description: 'Pick a date and time, or leave Start From empty to start now.',
		});
	});
});

describe('pollBudgetMs', () => {
	it('the budget n8n gives, asked of the poll context itself', () => {
		const seen: unknown[] = [];
		const { context } = pollContext({
			getPollBudgetMs() {
				seen.push(this);
				return 42_000;
			},
		});
		expect(pollBudgetMs.call(context)).toBe(42_000);
		expect(seen).toEqual([context]);
	});

	it.each([
		['no budget (n8n 1.x)', undefined],
		['0', () => 0],
		['below 0', () => -1],
		['not a number', () => '60000'],
		['NaN', () => NaN],
	])('5 minutes with %s', (_name, getPollBudgetMs) => {
		expect(pollBudgetMs.call(pollContext({ getPollBudgetMs }).context)).toBe(5 * MINUTE);
	});
});
