/** Only the head of a design file; a public file host, not the Printio API, so no credential is sent. */
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { readDesignHeader, type HeaderRead } from './imageHeader';

export const DESIGN_READ = {
	/** A PNG needs 33 bytes, a JPEG a few kB, a PDF's head or tail more. */
	chunkBytes: 64 * 1024,
	maxBytes: 1024 * 1024,
	maxRequests: 6,
	timeoutMs: 30_000,
	/** Reported as a stall, not as the closed connection that ends it. */
	stallReportMs: 5_000,
} as const;

class DesignStalled extends Error {
	constructor(readonly silentMs: number) {
		super(`no data for ${Math.round(silentMs / 1000)} s`);
	}
}

export type DesignHead = DesignHeadRead | { unreachable: string };

export interface DesignHeadRead {
	unreachable?: undefined;
	read: HeaderRead;
	bytesRead: number;
	requests: number;
	rangesServed: boolean;
}

interface Response {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

/** Query and fragment may hold access tokens (signed URLs). */
export function displayUrl(url: string): string {
	// A token after a line break (a URL pasted from a sheet cell) is cut too.
	return url.split(/[?#]/, 1)[0];
}

export async function readDesignHead(this: IExecuteFunctions, url: string): Promise<DesignHead> {
	try {
		return await readHead.call(this, url);
	} catch (error) {
		if (error instanceof DesignStalled)
			return { unreachable: `${displayUrl(url)} sent its headers, then ${error.message}` };
		return { unreachable: `${displayUrl(url)} cannot be read (${describeNetworkError(error)})` };
	}
}

async function readHead(this: IExecuteFunctions, url: string): Promise<DesignHead> {
	const ranges: Array<{ start: number; bytes: Uint8Array }> = [];
	let bytesRead = 0;
	let requests = 0;
	let totalLength: number | undefined;

	const first = await send.call(this, url, `bytes=0-${DESIGN_READ.chunkBytes - 1}`);
	if (typeof first === 'string') return { unreachable: first };
	requests++;
	if (first.statusCode === 416) {
		// Range not satisfiable for byte 0: empty.
		first.destroy();
		return {
			read: { status: 'notDesign', looksLike: 'an empty file' },
			bytesRead,
			requests,
			rangesServed: true,
		};
	}
	if (first.statusCode === 200) {
		// The server ignores Range: read only as far as the header needs.
		totalLength = contentLength(first.headers);
		const chunks: Uint8Array[] = [];
		let read: HeaderRead | undefined;
		let ended = true;
		for await (const chunk of first.stream()) {
			chunks.push(chunk);
			bytesRead += chunk.length;
			read = readDesignHeader({
				ranges: [{ start: 0, bytes: concat(chunks) }],
				totalLength,
				complete: false,
			});
			if (read.status !== 'more' || read.tail || bytesRead >= DESIGN_READ.maxBytes) {
				ended = false;
				break;
			}
		}
		first.destroy();
		if (ended)
			read = readDesignHeader({
				ranges: [{ start: 0, bytes: concat(chunks) }],
				totalLength: bytesRead,
				complete: true,
			});
		return { read: finish(read, bytesRead), bytesRead, requests, rangesServed: false };
	}
	if (first.statusCode !== 206) {
		first.destroy();
		return { unreachable: `${displayUrl(url)} answered HTTP ${first.statusCode}` };
	}

	let response: Opened = first;
	let asked = DESIGN_READ.chunkBytes;
	for (;;) {
		const range = contentRange(response.headers);
		const bytes = await response.readUpTo(asked);
		bytesRead += bytes.length;
		if (range?.total !== undefined) totalLength = range.total;
		ranges.push({ start: range?.start ?? 0, bytes });
		const read = readDesignHeader({ ranges, totalLength, complete: false });
		if (
			read.status !== 'more' ||
			requests >= DESIGN_READ.maxRequests ||
			bytesRead >= DESIGN_READ.maxBytes
		) {
			return { read: finish(read, bytesRead), bytesRead, requests, rangesServed: true };
		}
		asked = Math.min(DESIGN_READ.chunkBytes, DESIGN_READ.maxBytes - bytesRead);
		const header = read.tail
			? `bytes=-${asked}`
			: `bytes=${read.offset}-${(read.offset ?? 0) + asked - 1}`;
		const next = await send.call(this, url, header);
		if (typeof next === 'string') return { unreachable: next };
		response = next;
		requests++;
		if (response.statusCode !== 206) {
			response.destroy();
			if (response.statusCode === 416) {
				return {
					read: readDesignHeader({ ranges, totalLength, complete: true }),
					bytesRead,
					requests,
					rangesServed: true,
				};
			}
			return {
				unreachable: `${displayUrl(url)} answered HTTP ${response.statusCode} to a range request`,
			};
		}
	}
}

function finish(read: HeaderRead | undefined, bytesRead: number): HeaderRead {
	if (!read) return { status: 'notDesign', looksLike: 'an empty file' };
	if (read.status !== 'more') return read;
	return {
		status: 'unreadable',
		format: read.format,
		reason: read.tail
			? 'the page size is not in the first bytes of the PDF, and the server does not serve byte ranges (its end cannot be read without downloading it whole)'
			: `its header was not complete within the first ${Math.round(bytesRead / 1024)} KiB read`,
	};
}

interface Opened {
	statusCode: number;
	headers: Response['headers'];
	stream(): AsyncIterable<Uint8Array>;
	readUpTo(limit: number): Promise<Uint8Array>;
	destroy(): void;
}

async function send(this: IExecuteFunctions, url: string, range: string): Promise<Opened | string> {
	const request: IHttpRequestOptions = {
		method: 'GET',
		url,
		headers: { Range: range, Accept: 'image/png, image/jpeg, application/pdf;q=0.9, */*;q=0.1' },
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: DESIGN_READ.timeoutMs,
	};
	let response: Response;
	try {
		response = (await this.helpers.httpRequest(request)) as Response;
	} catch (error) {
		return `${displayUrl(url)} cannot be read (${describeNetworkError(error)})`;
	}
	const body = response.body as
		| (AsyncIterable<Uint8Array> & { destroy?: () => void })
		| Uint8Array
		| string
		| undefined;
	const isStream = !!body && typeof body === 'object' && Symbol.asyncIterator in body;
	const iterate = async function* (): AsyncIterable<Uint8Array> {
		if (isStream) {
			let lastDataAt = Date.now();
			try {
				for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
					lastDataAt = Date.now();
					yield typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
				}
			} catch (error) {
				const silentMs = Date.now() - lastDataAt;
				throw silentMs >= DESIGN_READ.stallReportMs ? new DesignStalled(silentMs) : error;
			}
		} else if (body !== undefined) {
			yield typeof body === 'string' ? Buffer.from(body, 'latin1') : (body as Uint8Array);
		}
	};
	return {
		statusCode: response.statusCode,
		headers: response.headers ?? {},
		stream: iterate,
		async readUpTo(limit: number) {
			const chunks: Uint8Array[] = [];
			let length = 0;
			for await (const chunk of iterate()) {
				chunks.push(chunk);
				length += chunk.length;
				if (length >= limit) break;
			}
			if (isStream) (body as { destroy?: () => void }).destroy?.();
			return concat(chunks).subarray(0, limit);
		},
		destroy() {
			if (isStream) (body as { destroy?: () => void }).destroy?.();
		},
	};
}

function describeNetworkError(error: unknown): string {
	const code = String(
		(error as { code?: unknown })?.code ??
			(error as { cause?: { code?: unknown } })?.cause?.code ??
			'',
	);
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
	if (code === 'ECONNREFUSED') return 'connection refused';
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT')
		return `no answer within ${DESIGN_READ.timeoutMs / 1000} s`;
	if (code === 'ECONNRESET') return 'connection closed';
	if (/certificate|self[- ]signed|SSL|TLS/i.test(String((error as Error)?.message)))
		return 'TLS certificate problem';
	return code ? `network error ${code.toLowerCase()}` : 'network error';
}

function header(headers: Response['headers'], name: string): string | undefined {
	const value = headers[name];
	return Array.isArray(value) ? value[0] : value;
}

function contentLength(headers: Response['headers']): number | undefined {
	const value = Number(header(headers, 'content-length'));
	return Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The total may be `*`. */
function contentRange(headers: Response['headers']): { start: number; total?: number } | undefined {
	const match = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec(
		String(header(headers, 'content-range')).trim(),
	);
	if (!match) return undefined;
	return { start: Number(match[1]), total: match[3] === '*' ? undefined : Number(match[3]) };
}

function concat(chunks: Uint8Array[]): Uint8Array {
	const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
	const out = new Uint8Array(length);
	let offset = 0;
	for (const chunk of chunks) {
		out.set(chunk, offset);
		offset += chunk.length;
	}
	return out;
}
