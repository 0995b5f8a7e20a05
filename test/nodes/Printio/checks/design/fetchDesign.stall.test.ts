/**
 * A design host that sends its headers and then stops sending (fetchDesign.ts): reported as "no data for N s",
 * not as the "connection closed" with which the request finally ends; a connection that really closes mid-body
 * is still reported as closed. The clock is the test's (Date.now), so nothing waits.
 */
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { readDesignHead } from '../../../../../nodes/Printio/checks/design/fetchDesign';
import { png } from '../../../../../sandbox/designs';

let clock = 1_000_000;
beforeEach(() => {
	jest.spyOn(Date, 'now').mockImplementation(() => clock);
});
afterEach(() => jest.restoreAllMocks());

/** A host answering `statusCode` with the first bytes of a PNG, then, `silentMs` later, a dropped connection. */
function stallingHost(statusCode: 200 | 206, silentMs: number): IExecuteFunctions {
	const file = png(2205, 2756);
	const body = (async function* () {
		yield file.subarray(0, 8);
		clock += silentMs;
		throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
	})();
	const httpRequest = async (_request: IHttpRequestOptions) => ({
		statusCode,
		headers:
			statusCode === 206
				? { 'content-range': `bytes 0-65535/${file.length}` }
				: { 'content-length': String(file.length) },
		body,
	});
	const context: { helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest'> } = {
		helpers: { httpRequest } as Pick<IExecuteFunctions['helpers'], 'httpRequest'>,
	};
	return context as IExecuteFunctions;
}

describe('a design host that stalls after its headers', () => {
	it.each([206, 200] as const)(
		'HTTP %s, then 30 s of silence: "sent its headers, then no data for 30 s"',
		async (statusCode) => {
			const head = await readDesignHead.call(
				stallingHost(statusCode, 30_000),
				'https://designs.example/a.png?token=secret',
			);
			expect(head.unreachable).toBe(
				'https://designs.example/a.png sent its headers, then no data for 30 s',
			);
		},
	);

	it('a connection that closes at once mid-body is reported as closed', async () => {
		const head = await readDesignHead.call(stallingHost(206, 0), 'https://designs.example/a.png');
		expect(head.unreachable).toBe(
			'https://designs.example/a.png cannot be read (connection closed)',
		);
	});
});
