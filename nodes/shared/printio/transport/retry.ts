import { sleep } from 'n8n-workflow';

// Reads only: an order placed twice costs the retailer money (README: Never order twice).
export const RETRY = { attempts: 3, baseDelayMs: 300, maxDelayMs: 30_000 } as const;

// With the retries a read gives up within about two minutes, inside n8n's poll budget.
export const REQUEST_TIMEOUT_MS = 30_000;

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export function isRetryableHttpStatus(httpStatus: number): boolean {
	return httpStatus === 429 || httpStatus >= 500;
}

export async function waitBeforeRetry(attempt: number, headers?: ResponseHeaders): Promise<void> {
	await sleep((headers && retryAfterMs(headers)) ?? backoffMs(attempt));
}

function backoffMs(attempt: number): number {
	return Math.min(RETRY.baseDelayMs * 2 ** (attempt - 1), RETRY.maxDelayMs);
}

// Capped so that a misbehaving server cannot park a run.
function retryAfterMs(headers: ResponseHeaders): number | undefined {
	const raw = headers['retry-after'];
	const value = Array.isArray(raw) ? raw[0] : raw;
	if (!value) return undefined;
	const seconds = Number(value);
	const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
	if (!Number.isFinite(ms) || ms < 0) return undefined;
	return Math.min(ms, RETRY.maxDelayMs);
}
