/**
 * Reading a design's head (fetchDesign.ts) from scripted file hosts, called directly: the request sent (no
 * credential, Range and Accept, a stream with the full response and every status), each kind of answer (416 for
 * an empty file, 200 read as a stream only as far as needed, 206 then a 416 or an error status for a later
 * range, any other status), the PDF whose page size is at its end (asked for with a suffix range, or unreadable
 * when the host ignores Range), bodies that are a Buffer, a latin1 string or nothing, every opened body closed,
 * Content-Length and Content-Range parsing, a stall reported from exactly 5 s of silence, and the words for each
 * network error.
 */
import { Readable } from 'stream';
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import {
	DESIGN_READ,
	displayUrl,
	readDesignHead,
	type DesignHeadRead,
} from '../../../../../nodes/Printio/checks/design/fetchDesign';
import { pdf, png } from '../../../../../sandbox/designs';

type Answer =
	| { statusCode: number; headers?: Record<string, string>; body?: unknown }
	| { error: unknown };

interface Host {
	context: IExecuteFunctions;
	requests: IHttpRequestOptions[];
	/** Streams handed out, with whether each was destroyed. */
	streams: Readable[];
}

/** A host that gives the scripted answers in turn (the last one again when they run out). */
function scripted(...answers: Answer[]): Host {
	const host: Host = { context: undefined as never, requests: [], streams: [] };
	const httpRequest = async (request: IHttpRequestOptions) => {
		host.requests.push(request);
		const answer = answers[Math.min(host.requests.length - 1, answers.length - 1)];
		if ('error' in answer) throw answer.error;
		if (answer.body instanceof Readable) host.streams.push(answer.body);
		return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
	};
	const context: { helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest'> } = {
		helpers: { httpRequest } as Pick<IExecuteFunctions['helpers'], 'httpRequest'>,
	};
	host.context = context as IExecuteFunctions;
	return host;
}

/** A stream of `bytes` in `chunk`-byte pieces, counting what was pulled. */
function streamOf(bytes: Buffer, chunk: number, pulled?: { bytes: number }): Readable {
	return Readable.from(
		(function* () {
			for (let at = 0; at < bytes.length; at += chunk) {
				const piece = bytes.subarray(at, at + chunk);
				if (pulled) pulled.bytes += piece.length;
				yield piece;
			}
		})(),
	);
}

const URL = 'https://designs.example/a.png?sig=abc';
const SHOWN = 'https://designs.example/a.png';
const head = async (host: Host, url = URL) => readDesignHead.call(host.context, url);
const readOf = async (host: Host): Promise<DesignHeadRead> => {
	const result = await head(host);
	if (result.unreachable !== undefined) throw new Error(result.unreachable);
	return result;
};

describe('the request', () => {
	it('a GET of the first 64 KiB as a stream, every status returned, a 30 s timeout, no credential', async () => {
		const file = png(300, 200);
		const host = scripted({
			statusCode: 206,
			headers: { 'content-range': `bytes 0-${file.length - 1}/${file.length}` },
			body: streamOf(file, 1000),
		});
		await readOf(host);
		expect(host.requests).toStrictEqual([
			{
				method: 'GET',
				url: URL,
				headers: {
					Range: 'bytes=0-65535',
					Accept: 'image/png, image/jpeg, application/pdf;q=0.9, */*;q=0.1',
				},
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 30_000,
			},
		]);
	});
});

describe('answers to the first request', () => {
	it('416 for byte 0: an empty file, one request, ranges served, body closed', async () => {
		const body = streamOf(Buffer.alloc(0), 1);
		const host = scripted({ statusCode: 416, headers: {}, body });
		expect(await head(host)).toStrictEqual({
			read: { status: 'notDesign', looksLike: 'an empty file' },
			bytesRead: 0,
			requests: 1,
			rangesServed: true,
		});
		expect(body.destroyed).toBe(true);
	});

	it('any status other than 200, 206, 416: unreachable with the status, body closed', async () => {
		const body = streamOf(Buffer.from('<html>'), 10);
		const host = scripted({ statusCode: 404, headers: {}, body });
		expect(await head(host)).toStrictEqual({ unreachable: `${SHOWN} answered HTTP 404` });
		expect(body.destroyed).toBe(true);
		expect(host.requests).toHaveLength(1);
	});

	it('200: the stream is read only until the header is known, then closed', async () => {
		const file = Buffer.concat([png(500, 400), Buffer.alloc(200_000, 7)]);
		const pulled = { bytes: 0 };
		const body = streamOf(file, 1024, pulled);
		const host = scripted({
			statusCode: 200,
			headers: { 'content-length': String(file.length) },
			body,
		});
		expect(await head(host)).toStrictEqual({
			read: { status: 'ok', size: { format: 'png', width: 500, height: 400 } },
			bytesRead: 1024,
			requests: 1,
			rangesServed: false,
		});
		expect(pulled.bytes).toBeLessThanOrEqual(2048);
		expect(body.destroyed).toBe(true);
	});

	it('200 with a body that ends before the header does: the whole file was read, so it is damaged (not "unreadable")', async () => {
		const truncated = png(500, 400).subarray(0, 20);
		const host = scripted({ statusCode: 200, headers: {}, body: streamOf(truncated, 8) });
		const result = await readOf(host);
		expect(result.read).toStrictEqual({
			status: 'broken',
			format: 'png',
			reason: 'the file ends inside the PNG header',
		});
		expect(result.bytesRead).toBe(20);
	});

	it('200 with an empty stream: an empty file', async () => {
		const host = scripted({
			statusCode: 200,
			headers: { 'content-length': '0' },
			body: streamOf(Buffer.alloc(0), 1),
		});
		expect(await head(host)).toStrictEqual({
			read: { status: 'notDesign', looksLike: 'an empty file' },
			bytesRead: 0,
			requests: 1,
			rangesServed: false,
		});
	});

	it('200 without a body at all: an empty file, not a network error', async () => {
		const host = scripted({ statusCode: 200, headers: {}, body: undefined });
		expect(await head(host)).toStrictEqual({
			read: { status: 'notDesign', looksLike: 'an empty file' },
			bytesRead: 0,
			requests: 1,
			rangesServed: false,
		});
	});

	it('a body that is a Buffer or a latin1 string (not a stream) is read as the file', async () => {
		const file = png(640, 480);
		for (const body of [file, file.toString('latin1')]) {
			const result = await readOf(scripted({ statusCode: 200, headers: {}, body }));
			expect(result.read).toStrictEqual({
				status: 'ok',
				size: { format: 'png', width: 640, height: 480 },
			});
			expect(result.bytesRead).toBe(file.length);
		}
	});
});

describe('a PDF whose page size is at its end', () => {
	const file = pdf(595, 842, { paddingBytes: 200_000 });

	it('a host serving ranges is asked for the last 64 KiB with a suffix range', async () => {
		const total = file.length;
		const host = scripted(
			{
				statusCode: 206,
				headers: { 'content-range': `bytes 0-65535/${total}` },
				body: streamOf(file.subarray(0, 65536), 16384),
			},
			{
				statusCode: 206,
				headers: { 'content-range': `bytes ${total - 65536}-${total - 1}/${total}` },
				body: streamOf(file.subarray(total - 65536), 16384),
			},
		);
		expect(await head(host)).toStrictEqual({
			read: { status: 'ok', size: { format: 'pdf', widthPt: 595, heightPt: 842 } },
			bytesRead: 131072,
			requests: 2,
			rangesServed: true,
		});
		expect(
			host.requests.map((request) => (request.headers as Record<string, string>).Range),
		).toStrictEqual(['bytes=0-65535', 'bytes=-65536']);
		expect(host.streams.every((stream) => stream.destroyed)).toBe(true);
	});

	it('a Content-Range with several spaces is read; one not in the "bytes a-b/n" form is not trusted', async () => {
		const total = file.length;
		const tail = {
			statusCode: 206,
			headers: { 'content-range': `bytes ${total - 65536}-${total - 1}/${total}` },
			body: streamOf(file.subarray(total - 65536), 65536),
		};
		const spaced = scripted(
			{
				statusCode: 206,
				headers: { 'content-range': `bytes   0-65535/${total}` },
				body: streamOf(file.subarray(0, 65536), 65536),
			},
			tail,
		);
		expect((await readOf(spaced)).read).toStrictEqual({
			status: 'ok',
			size: { format: 'pdf', widthPt: 595, heightPt: 842 },
		});

		const odd = scripted({
			statusCode: 206,
			headers: { 'content-range': `items bytes 0-65535/${total}` },
			body: streamOf(file.subarray(0, 65536), 65536),
		});
		const result = await readOf(odd);
		expect(result.read).toStrictEqual({
			status: 'unreadable',
			format: 'pdf',
			reason:
				'the page size is not in the first bytes of the PDF, and the server does not say how long the file is',
		});
		expect(odd.requests).toHaveLength(1);
	});

	it('a host ignoring Range: unreadable, the tail cannot be read without the whole file; the stream is given up', async () => {
		const pulled = { bytes: 0 };
		const host = scripted({
			statusCode: 200,
			headers: { 'content-length': String(file.length) },
			body: streamOf(file, 65536, pulled),
		});
		expect(await head(host)).toStrictEqual({
			read: {
				status: 'unreadable',
				format: 'pdf',
				reason:
					'the page size is not in the first bytes of the PDF, and the server does not serve byte ranges (its end cannot be read without downloading it whole)',
			},
			bytesRead: 65536,
			requests: 1,
			rangesServed: false,
		});
		expect(pulled.bytes).toBeLessThan(file.length);
	});

	it('a Content-Length that is not a length (negative) is not trusted', async () => {
		const host = scripted({
			statusCode: 200,
			headers: { 'content-length': '-5' },
			body: streamOf(file, 65536),
		});
		expect((await readOf(host)).read).toStrictEqual({
			status: 'unreadable',
			format: 'pdf',
			reason:
				'the page size is not in the first bytes of the PDF, and the server does not say how long the file is',
		});
	});
});

describe('answers to a later range request', () => {
	/** A PDF's head (no page size there) from a host that then answers `statusCode` to the tail request. */
	const headThen = (statusCode: number) => {
		const file = pdf(595, 842, { paddingBytes: 200_000 });
		const tailBody = streamOf(Buffer.alloc(0), 1);
		const host = scripted(
			{
				statusCode: 206,
				headers: { 'content-range': `bytes 0-65535/${file.length}` },
				body: streamOf(file.subarray(0, 65536), 65536),
			},
			{ statusCode, headers: {}, body: tailBody },
		);
		return { host, tailBody };
	};

	it('416: what was read is all there is (read as complete), two requests', async () => {
		const { host, tailBody } = headThen(416);
		expect(await head(host)).toStrictEqual({
			read: {
				status: 'unreadable',
				format: 'pdf',
				reason: 'the PDF states its page size only inside compressed objects or by reference',
			},
			bytesRead: 65536,
			requests: 2,
			rangesServed: true,
		});
		expect(tailBody.destroyed).toBe(true);
	});

	it('another status: unreachable, naming the range request; body closed', async () => {
		const { host, tailBody } = headThen(500);
		expect(await head(host)).toStrictEqual({
			unreachable: `${SHOWN} answered HTTP 500 to a range request`,
		});
		expect(tailBody.destroyed).toBe(true);
	});

	it('a request that fails: unreachable with the network reason', async () => {
		const file = pdf(595, 842, { paddingBytes: 200_000 });
		const host = scripted(
			{
				statusCode: 206,
				headers: { 'content-range': `bytes 0-65535/${file.length}` },
				body: streamOf(file.subarray(0, 65536), 65536),
			},
			{ error: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) },
		);
		expect(await head(host)).toStrictEqual({
			unreachable: `${SHOWN} cannot be read (connection refused)`,
		});
	});
});

describe('network errors', () => {
	const reason = async (error: unknown) => (await head(scripted({ error }))).unreachable;
	const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

	it('each code in words; the code may sit on the cause; others as "network error <code>"', async () => {
		expect(await reason(coded('ENOTFOUND'))).toBe(`${SHOWN} cannot be read (host not found)`);
		expect(await reason(coded('EAI_AGAIN'))).toBe(`${SHOWN} cannot be read (host not found)`);
		expect(await reason(coded('ECONNREFUSED'))).toBe(
			`${SHOWN} cannot be read (connection refused)`,
		);
		expect(await reason(coded('ECONNABORTED'))).toBe(
			`${SHOWN} cannot be read (no answer within 30 s)`,
		);
		expect(await reason(coded('ETIMEDOUT'))).toBe(
			`${SHOWN} cannot be read (no answer within 30 s)`,
		);
		expect(await reason(coded('ECONNRESET'))).toBe(`${SHOWN} cannot be read (connection closed)`);
		expect(
			await reason(Object.assign(new Error('wrapped'), { cause: { code: 'ECONNREFUSED' } })),
		).toBe(`${SHOWN} cannot be read (connection refused)`);
		expect(await reason(coded('EPROTO'))).toBe(`${SHOWN} cannot be read (network error eproto)`);
		expect(await reason(new Error('socket hang up'))).toBe(
			`${SHOWN} cannot be read (network error)`,
		);
	});

	it('certificate problems by their message', async () => {
		for (const message of [
			'unable to verify the first certificate',
			'self-signed chain',
			'self signed chain',
			'SSL routines failed',
			'tls handshake',
		]) {
			expect(await reason(new Error(message))).toBe(
				`${SHOWN} cannot be read (TLS certificate problem)`,
			);
		}
	});

	it('a rejection that is not an Error (null, undefined, a string) is still a network error', async () => {
		for (const error of [null, undefined, 'boom'])
			expect(await reason(error)).toBe(`${SHOWN} cannot be read (network error)`);
	});
});

describe('a host that stalls after its headers: reported from exactly 5 s of silence', () => {
	let clock = 1_000_000;
	beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => clock));
	afterEach(() => jest.restoreAllMocks());

	const stalling = (silentMs: number) => {
		const body = (async function* () {
			yield png(10, 10).subarray(0, 8);
			clock += silentMs;
			throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
		})();
		return scripted({ statusCode: 200, headers: {}, body });
	};

	it.each([
		[5_000, `${SHOWN} sent its headers, then no data for 5 s`],
		[4_999, `${SHOWN} cannot be read (connection closed)`],
	])('%s ms of silence: %s', async (silentMs, words) => {
		expect(DESIGN_READ.stallReportMs).toBe(5_000);
		expect((await head(stalling(silentMs))).unreachable).toBe(words);
	});
});

describe('displayUrl', () => {
	it('drops the query and the fragment', () => {
		expect(displayUrl('https://d.example/x.png?X-Amz-Signature=s&t=1#frag')).toBe(
			'https://d.example/x.png',
		);
		expect(displayUrl('https://d.example/x.png#page=2')).toBe('https://d.example/x.png');
		expect(displayUrl('https://d.example/x.png')).toBe('https://d.example/x.png');
	});
});

describe('a range answer whose body does not close itself', () => {
	it('is closed once the asked bytes are read (a body that is only an async iterable with destroy)', async () => {
		const file = png(800, 600);
		let destroyed = 0;
		const body = {
			async *[Symbol.asyncIterator]() {
				yield file;
			},
			destroy: () => destroyed++,
		};
		const host = scripted({
			statusCode: 206,
			headers: { 'content-range': `bytes 0-${file.length - 1}/${file.length}` },
			body,
		});
		expect(await head(host)).toStrictEqual({
			read: { status: 'ok', size: { format: 'png', width: 800, height: 600 } },
			bytesRead: file.length,
			requests: 1,
			rangesServed: true,
		});
		expect(destroyed).toBe(1);
	});
});
