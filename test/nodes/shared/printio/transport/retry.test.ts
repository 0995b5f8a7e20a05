/** Bounded retry of reads: which answers are retried, and how long each wait is (n8n's sleep is recorded). */
import { sleep } from 'n8n-workflow';

import {
	isRetryableHttpStatus,
	REQUEST_TIMEOUT_MS,
	RETRY,
	waitBeforeRetry,
} from '../../../../../nodes/shared/printio/transport/retry';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const waits = () => jest.mocked(sleep).mock.calls.map(([ms]) => ms);

beforeEach(() => jest.mocked(sleep).mockClear());

describe('isRetryableHttpStatus', () => {
	it('retries 429 and every 5xx, nothing below', () => {
		expect([429, 500, 502, 503, 504, 599].map(isRetryableHttpStatus)).toEqual([
			true,
			true,
			true,
			true,
			true,
			true,
		]);
		expect([200, 399, 400, 401, 403, 404, 428, 430, 499].map(isRetryableHttpStatus)).toEqual(
			new Array(9).fill(false),
		);
	});
});

describe('waitBeforeRetry', () => {
	it('backs off exponentially from 300 ms without a Retry-After', async () => {
		for (const attempt of [1, 2, 3, 4]) await waitBeforeRetry(attempt);
		expect(waits()).toEqual([300, 600, 1200, 2400]);
		expect(RETRY).toEqual({ attempts: 3, baseDelayMs: 300, maxDelayMs: 30_000 });
		expect(REQUEST_TIMEOUT_MS).toBe(30_000);
	});

	it('caps the backoff at 30 s', async () => {
		await waitBeforeRetry(8); // 300 * 2^7 = 38.4 s
		await waitBeforeRetry(7); // 19.2 s
		expect(waits()).toEqual([30_000, 19_200]);
	});

	it("follows the server's Retry-After in seconds, the first of several, capped at 30 s", async () => {
		await waitBeforeRetry(1, { 'retry-after': '2' });
		await waitBeforeRetry(1, { 'retry-after': ['5', '9'] });
		await waitBeforeRetry(1, { 'retry-after': '0' });
		await waitBeforeRetry(1, { 'retry-after': '31' });
		await waitBeforeRetry(1, { 'retry-after': '30' });
		// `0` is a valid answer: retry at once (the backoff is not used in its place).
		expect(waits()).toEqual([2000, 5000, 0, 30_000, 30_000]);
	});

	it('reads an HTTP date as the time left until then', async () => {
		const now = Date.parse('2026-11-25T05:00:00Z');
		const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
		try {
			await waitBeforeRetry(1, { 'retry-after': new Date(now + 4000).toUTCString() });
			await waitBeforeRetry(2, { 'retry-after': new Date(now + 120_000).toUTCString() });
		} finally {
			spy.mockRestore();
		}
		expect(waits()).toEqual([4000, 30_000]);
	});

	it('falls back to the backoff for a missing, empty, past or unreadable Retry-After', async () => {
		const now = Date.parse('2026-11-25T05:00:00Z');
		const spy = jest.spyOn(Date, 'now').mockReturnValue(now);
		try {
			await waitBeforeRetry(2, {});
			await waitBeforeRetry(2, { 'retry-after': '' });
			await waitBeforeRetry(2, { 'retry-after': [] });
			await waitBeforeRetry(2, { 'retry-after': '-3' });
			await waitBeforeRetry(2, { 'retry-after': 'soon' });
			await waitBeforeRetry(2, { 'retry-after': new Date(now - 1000).toUTCString() });
			await waitBeforeRetry(2, { 'other-header': '5' });
		} finally {
			spy.mockRestore();
		}
		expect(waits()).toEqual([600, 600, 600, 600, 600, 600, 600]);
	});
});
