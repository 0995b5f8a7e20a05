/** Spec 7: the envelope of every answer, at the top level or inside `response`, decides success or which error. */
import { NodeApiError } from 'n8n-workflow';

import { ENDPOINTS } from '../../../../../api/endpoints';
import { openEnvelope } from '../../../../../nodes/shared/printio/transport/envelope';
import { isOutcomeUnknown } from '../../../../../nodes/shared/printio/transport/errors';
import { NODE } from './fakeContext';

const getNode = () => NODE;
const open = (
	endpoint: keyof typeof ENDPOINTS,
	body: unknown,
	statusCode = 200,
	itemIndex?: number,
) => openEnvelope(getNode, ENDPOINTS[endpoint], { statusCode, body }, itemIndex);

function thrown(run: () => unknown): NodeApiError {
	try {
		run();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeApiError);
		return error as NodeApiError;
	}
	throw new Error('expected openEnvelope to throw');
}

describe('success', () => {
	it('returns the whole body for status 0, top level or inside response', () => {
		const top = { status_code: 0, message: 'ok', categories: [{ id: 1 }] };
		expect(open('getCategories', top)).toBe(top);
		const wrapped = { response: { status_code: 0, message: 'ok' }, order_no: 'P-1' };
		expect(open('postOrderByCode', wrapped)).toBe(wrapped);
	});

	it('treats status 1 as an empty list on list endpoints only', () => {
		const none = { status_code: 1, message: 'no data', total: 0 };
		expect(open('getOrders', none)).toBe(none);
		const error = thrown(() =>
			open('postSimulatorUrl', { response: { status_code: 1, message: 'no data' } }),
		);
		expect(error.message).toBe('No data (Printio status 1): no data');
		expect(error.description).toBe(
			'Printio found nothing for /simulator-url. Check the codes you sent.',
		);
	});

	it('parses an answer that arrived as JSON text or as a Buffer', () => {
		expect(open('getCategories', '{"status_code":0,"categories":[]}')).toEqual({
			status_code: 0,
			categories: [],
		});
		expect(open('getCategories', Buffer.from('{"status_code":0,"total":3}'))).toEqual({
			status_code: 0,
			total: 3,
		});
	});
});

describe('API errors', () => {
	it("keeps the API's own message after the English title, with the fix, the HTTP code and the item index", () => {
		const error = thrown(() =>
			open(
				'postOrderByCode',
				{ response: { status_code: 13, message: '在庫不足', available_items: [] } },
				200,
				5,
			),
		);
		expect(error.message).toBe('Out of stock (Printio status 13): 在庫不足');
		expect(error.description).toMatch(/^Nothing was ordered\. Check stock/);
		expect(error.httpCode).toBe('200');
		expect(error.context.itemIndex).toBe(5);
		expect(error.context.printioStatusCode).toBe(13);
		// A status the spec names: Printio decided, nothing was committed.
		expect(isOutcomeUnknown(error)).toBe(false);
	});

	it('uses the title alone when the API sent no message', () => {
		const error = thrown(() => open('getOrders', { status_code: 11 }, 200));
		expect(error.message).toBe('No permission (Printio status 11)');
	});

	it('reads the status inside `response` on wrapped endpoints and at the top level on the others', () => {
		// A wrapped endpoint whose status sits inside response: the top-level 0 is not the answer.
		expect(
			thrown(() =>
				open('postOriginalItem', { status_code: 0, response: { status_code: 15, message: 'dup' } }),
			).message,
		).toBe('Duplicate (Printio status 15): dup');
		// A top-level endpoint never looks inside `response`.
		const top = { status_code: 0, response: { status_code: 5 } };
		expect(open('getItems', top)).toBe(top);
		// `response` that is not an object: the top level is the envelope.
		expect(thrown(() => open('postOrderByCode', { status_code: 14, response: 'x' })).message).toBe(
			'Payment error (Printio status 14)',
		);
	});

	it('marks a status the spec does not name as a system error whose outcome is unknown', () => {
		const error = thrown(() =>
			open('postOrderByCode', { response: { status_code: 99, message: 'boom' } }, 200),
		);
		expect(error.message).toBe('Printio system error (status 99): boom');
		expect(error.context.printioStatusCode).toBe(99);
		expect(isOutcomeUnknown(error)).toBe(true);
	});
});

describe('answers without an envelope', () => {
	it.each([
		['an empty body', ''],
		['blank text', '  \n'],
		['an empty Buffer', Buffer.alloc(0)],
		['text that is not JSON', '<html>Bad gateway</html>'],
		['JSON that is not an object', '42'],
		['JSON null', 'null'],
		['no body at all', undefined],
		['a body without status_code', { message: 'hello' }],
		['a non-numeric status_code', { status_code: '0' }],
	])('becomes an HTTP status error for %s', (_name, body) => {
		const error = thrown(() => open('getCategories', body, 502, 2));
		expect(error.message).toBe('Printio server error (HTTP 502)');
		expect(error.httpCode).toBe('502');
		expect(error.context.itemIndex).toBe(2);
		expect(error.context.printioStatusCode).toBeUndefined();
	});

	it('keeps no part of a body that is not an object (not even a number) as the error response', () => {
		expect(thrown(() => open('getCategories', '42', 502)).errorResponse).toEqual({});
		expect(thrown(() => open('getCategories', 'true', 502)).errorResponse).toEqual({});
		expect(thrown(() => open('getCategories', { message: 'hello' }, 502)).errorResponse).toEqual({
			message: 'hello',
		});
	});

	it('on a wrapped endpoint, a missing response with no top-level status is an HTTP status error', () => {
		expect(thrown(() => open('postOrderByCode', { response: { message: 'x' } }, 404)).message).toBe(
			'Not found: POST /order-by-code does not exist at this base URL',
		);
	});
});
