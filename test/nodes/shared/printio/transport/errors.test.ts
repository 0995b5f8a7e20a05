/**
 * The English words of every failure outside the envelope, and which ones leave a write's outcome unknown (the
 * placement code looks the order up before sending it again only for those).
 */
import { NodeApiError } from 'n8n-workflow';

import { ENDPOINTS } from '../../../../../api/endpoints';
import {
	describeNetworkError,
	httpStatusError,
	isOutcomeUnknown,
	markOutcomeUnknown,
} from '../../../../../nodes/shared/printio/transport/errors';
import { NODE, networkError } from './fakeContext';

const READ = ENDPOINTS.getOrders;
const WRITE = ENDPOINTS.postOrderByCode;
const BASE = 'https://api.example.test/v1';

describe('outcome unknown', () => {
	it('is a mark on a NodeApiError only', () => {
		const error = new NodeApiError(NODE, {}, { message: 'x' });
		expect(isOutcomeUnknown(error)).toBe(false);
		expect(markOutcomeUnknown(error)).toBe(error);
		expect(isOutcomeUnknown(error)).toBe(true);
		expect(isOutcomeUnknown(new Error('x'))).toBe(false);
		expect(isOutcomeUnknown(undefined)).toBe(false);
		const truthy = new NodeApiError(NODE, {}, { message: 'x' });
		truthy.context.outcomeUnknown = 'yes';
		expect(isOutcomeUnknown(truthy)).toBe(false);
	});
});

describe('httpStatusError', () => {
	it.each([
		[
			401,
			'Authorization failed: the subscription key was refused',
			/^Check the Subscription Key in the Printio credential/,
			false,
		],
		[
			403,
			'Forbidden: this key may not call the endpoint',
			/^Printio refused POST \/order-by-code\. Ask Printio/,
			false,
		],
		[
			404,
			'Not found: POST /order-by-code does not exist at this base URL',
			/^Check the environment or the Base URL/,
			false,
		],
		[
			429,
			'Rate limited by Printio (HTTP 429)',
			/^The request was retried 3 times\. Lower the node's concurrency/,
			false,
		],
		[
			500,
			'Printio server error (HTTP 500)',
			/^The request was not repeated automatically because it may have been processed/,
			true,
		],
		[503, 'Printio server error (HTTP 503)', /^The request was not repeated automatically/, true],
		[
			400,
			'Unexpected answer from Printio (HTTP 400, no status code in the body)',
			/^The response was not in the format of the Printio API/,
			true,
		],
		[
			302,
			'Unexpected answer from Printio (HTTP 302, no status code in the body)',
			/^The response was not in the format/,
			true,
		],
		[
			499,
			'Unexpected answer from Printio (HTTP 499, no status code in the body)',
			/^The response was not in the format/,
			true,
		],
	])(
		'HTTP %i on a write: message, fix, code, and whether the outcome is unknown',
		(status, message, description, unknown) => {
			const error = httpStatusError(NODE, WRITE, status, { detail: 'x' }, 6);
			expect(error).toBeInstanceOf(NodeApiError);
			expect(error.message).toBe(message);
			expect(error.description).toMatch(description);
			expect(error.httpCode).toBe(String(status));
			expect(error.context.itemIndex).toBe(6);
			expect(isOutcomeUnknown(error)).toBe(unknown);
		},
	);

	it('says a read was retried 3 times on 5xx', () => {
		const error = httpStatusError(NODE, READ, 502, undefined, undefined);
		expect(error.description).toBe('The request was retried 3 times. Try again later.');
		expect(error.context.itemIndex).toBeUndefined();
	});
});

describe('describeNetworkError', () => {
	it.each([
		['ECONNREFUSED', 'connection refused'],
		['ENOTFOUND', 'host not found'],
		['EAI_AGAIN', 'name lookup failed'],
	])('%s: the request never left, not retried, outcome known', (code, reason) => {
		for (const endpoint of [READ, WRITE]) {
			const failure = describeNetworkError(networkError(code), BASE, endpoint);
			expect(failure.retryable).toBe(false);
			expect(failure.neverSent).toBe(true);
			const error = failure.toError(NODE, 3);
			expect(error.message).toBe(`Cannot reach Printio at ${BASE} (${reason})`);
			expect(error.description).toBe(
				'Check the environment or the Base URL in the Printio credential. For the local sandbox, start it: npx printio-sandbox --port 4010 (in the repository: npm run sandbox).',
			);
			expect(error.context.itemIndex).toBe(3);
			expect(isOutcomeUnknown(error)).toBe(false);
		}
	});

	it.each(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT'])(
		'%s: a timeout (HTTP 408), retried only on reads',
		(code) => {
			const read = describeNetworkError(networkError(code), BASE, READ);
			expect(read.retryable).toBe(true);
			expect(read.neverSent).toBeFalsy();
			const readError = read.toError(NODE, undefined);
			expect(readError.message).toBe('Printio did not answer GET /orders in time');
			expect(readError.description).toBe('It was tried 4 times.');
			expect(readError.httpCode).toBe('408');
			expect(isOutcomeUnknown(readError)).toBe(true);

			const write = describeNetworkError(networkError(code, true), BASE, WRITE);
			expect(write.retryable).toBe(false);
			const writeError = write.toError(NODE, 0);
			expect(writeError.message).toBe('Printio did not answer POST /order-by-code in time');
			expect(writeError.description).toMatch(
				/^It was not repeated automatically because the service may have processed it\. Check with Order › Get Many/,
			);
			expect(isOutcomeUnknown(writeError)).toBe(true);
		},
	);

	it.each(['ECONNRESET', 'EPIPE', 'ERR_BAD_RESPONSE', 'UND_ERR_SOCKET'])(
		'%s: a closed connection, retried only on reads',
		(code) => {
			const read = describeNetworkError(networkError(code), BASE, READ);
			expect(read.retryable).toBe(true);
			const error = read.toError(NODE, undefined);
			expect(error.message).toBe('The connection to Printio was closed during GET /orders');
			expect(error.httpCode).toBeNull();
			expect(isOutcomeUnknown(error)).toBe(true);
			expect(describeNetworkError(networkError(code), BASE, WRITE).retryable).toBe(false);
		},
	);

	it('anything else: a generic failure, retried on reads, outcome unknown, the code kept apart from the message', () => {
		for (const raw of [networkError('EWEIRD'), new Error('plain'), 'text', undefined, null]) {
			const failure = describeNetworkError(raw, BASE, READ);
			expect(failure.retryable).toBe(true);
			const error = failure.toError(NODE, undefined);
			expect(error.message).toBe('Request to Printio failed (GET /orders)');
			expect(isOutcomeUnknown(error)).toBe(true);
		}
		expect(describeNetworkError(networkError('EWEIRD'), BASE, WRITE).retryable).toBe(false);
		// No code at all: an empty code is kept, nothing invented.
		expect(
			describeNetworkError(new Error('plain'), BASE, READ).toError(NODE, undefined).errorResponse,
		).toEqual({ networkErrorCode: '' });
		const error = describeNetworkError(networkError('EWEIRD'), BASE, READ).toError(NODE, undefined);
		expect(error.errorResponse).toEqual({ networkErrorCode: 'EWEIRD' });
		expect(error.message).not.toContain('EWEIRD');
	});

	it('prefers the code on the error to the one on its cause', () => {
		const both = Object.assign(new Error('x'), {
			code: 'ECONNREFUSED',
			cause: { code: 'ECONNRESET' },
		});
		expect(describeNetworkError(both, BASE, READ).neverSent).toBe(true);
		expect(describeNetworkError(networkError('ECONNREFUSED', true), BASE, READ).neverSent).toBe(
			true,
		);
	});

	it('keeps no request value or key: only the code reaches the error', () => {
		const raw = Object.assign(new Error('failed with key KEY-SECRET'), {
			code: 'ECONNRESET',
			config: { headers: { key: 'KEY-SECRET' } },
		});
		const error = describeNetworkError(raw, BASE, WRITE).toError(NODE, 0);
		expect(
			JSON.stringify({ ...error, message: error.message, description: error.description }),
		).not.toContain('KEY-SECRET');
	});
});
