/**
 * Reading a design's head (fetchDesign.ts), second pass over its surviving mutants, called directly: a range
 * answer without a body (read as no bytes, not as a network error), a body that fails with something that is
 * not an Error (still "network error", never a crash), and which Content-Range values give the file's length
 * (surrounding spaces are fine; a trailing word or an unknown length `*` give none, so a PDF's tail is not asked
 * for).
 */
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { readDesignHead } from '../../../../../nodes/Printio/checks/design/fetchDesign';
import { pdf } from '../../../../../sandbox/designs';

type Answer = { statusCode: number; headers?: Record<string, string>; body?: unknown };

/** A host that gives the scripted answers in turn (the last one again when they run out). */
function scripted(...answers: Answer[]): { context: IExecuteFunctions; ranges: string[] } {
	const ranges: string[] = [];
	const httpRequest = async (request: IHttpRequestOptions) => {
		ranges.push((request.headers as Record<string, string>).Range);
		const answer = answers[Math.min(ranges.length - 1, answers.length - 1)];
		return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
	};
	return { context: { helpers: { httpRequest } } as unknown as IExecuteFunctions, ranges };
}

const URL = 'https://designs.example/a.pdf?sig=abc';
const SHOWN = 'https://designs.example/a.pdf';

describe('a range answer without a body', () => {
	it('is read as no bytes: then a 416 makes it an empty file, not a network error', async () => {
		const host = scripted({ statusCode: 206 }, { statusCode: 416 });
		expect(await readDesignHead.call(host.context, URL)).toStrictEqual({
			read: { status: 'notDesign', looksLike: 'an empty file' },
			bytesRead: 0,
			requests: 2,
			rangesServed: true,
		});
		expect(host.ranges).toStrictEqual(['bytes=0-65535', 'bytes=0-65535']);
	});
});

describe('a body that fails with something that is not an Error', () => {
	it.each([[undefined], [null]])(
		'(%p) is a network error, with the file shown without its query',
		async (thrown) => {
			const failing = {
				[Symbol.asyncIterator]: () => ({ next: async () => Promise.reject(thrown) }),
			};
			const host = scripted({
				statusCode: 206,
				headers: { 'content-range': 'bytes 0-65535/100000' },
				body: failing,
			});
			expect(await readDesignHead.call(host.context, URL)).toStrictEqual({
				unreachable: `${SHOWN} cannot be read (network error)`,
			});
		},
	);
});

describe('the file length a Content-Range gives', () => {
	const file = pdf(595, 842, { paddingBytes: 200_000 });
	const total = file.length;
	const firstBytes = file.subarray(0, 65536);
	const tail = {
		statusCode: 206,
		headers: { 'content-range': `bytes ${total - 65536}-${total - 1}/${total}` },
		body: file.subarray(total - 65536),
	};

	it('spaces around the value are ignored: the length is known, so the PDF tail is asked for and read', async () => {
		const host = scripted(
			{
				statusCode: 206,
				headers: { 'content-range': ` bytes 0-65535/${total} ` },
				body: firstBytes,
			},
			tail,
		);
		expect(await readDesignHead.call(host.context, URL)).toStrictEqual({
			read: { status: 'ok', size: { format: 'pdf', widthPt: 595, heightPt: 842 } },
			bytesRead: 131072,
			requests: 2,
			rangesServed: true,
		});
		expect(host.ranges).toStrictEqual(['bytes=0-65535', 'bytes=-65536']);
	});

	it.each([[`bytes 0-65535/${total}x`], [`bytes 0-65535/${total} bytes`], ['bytes 0-65535/*']])(
		'%p gives no length: the tail cannot be asked for, one request',
		async (contentRange) => {
			const host = scripted(
				{ statusCode: 206, headers: { 'content-range': contentRange }, body: firstBytes },
				tail,
			);
			expect(await readDesignHead.call(host.context, URL)).toStrictEqual({
				read: {
					status: 'unreadable',
					format: 'pdf',
					reason:
						'the page size is not in the first bytes of the PDF, and the server does not say how long the file is',
				},
				bytesRead: 65536,
				requests: 1,
				rangesServed: true,
			});
			expect(host.ranges).toStrictEqual(['bytes=0-65535']);
		},
	);
});
