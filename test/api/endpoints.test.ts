/**
 * The header names the spec gives (spec 4.3 and 5): the service reads them by these exact names.
 */
import {
	ENDPOINTS,
	FEATURE_FLAGS_HEADER,
	MAIL_ADDRESS_HEADER,
	MULTI_ITEM_ORDER_FLAG,
	SUBSCRIPTION_KEY_HEADER,
} from '../../api/endpoints';

describe('header names', () => {
	it("are the spec's", () => {
		expect(SUBSCRIPTION_KEY_HEADER).toBe('Printio-Api-Subscription-Key');
		expect(FEATURE_FLAGS_HEADER).toBe('X-Feature-Flags');
		expect(MULTI_ITEM_ORDER_FLAG).toBe('MultiItemOrder');
		expect(MAIL_ADDRESS_HEADER).toBe('MailAddress');
	});

	it('GET /users/user takes the mail address header, and only it', () => {
		expect(ENDPOINTS.getUser.path).toBe('/users/user');
		expect(ENDPOINTS.getUser.headers).toStrictEqual(['MailAddress']);
	});

	it('no other endpoint takes the mail address header', () => {
		const withMail = Object.entries(ENDPOINTS)
			.filter(([, endpoint]) => (endpoint.headers as readonly string[]).includes('MailAddress'))
			.map(([name]) => name);
		expect(withMail).toStrictEqual(['getUser']);
	});
});
