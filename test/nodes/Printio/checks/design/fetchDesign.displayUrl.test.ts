/**
 * A design URL as messages show it (nodes/Printio/checks/design/fetchDesign.ts displayUrl): never its query or fragment,
 * which may hold access tokens (signed URLs), whatever they contain, line breaks included (a URL pasted from a sheet
 * cell often ends in one).
 */
import fc from 'fast-check';
import type { IExecuteFunctions } from 'n8n-workflow';

import { displayUrl, readDesignHead } from '../../../../../nodes/Printio/checks/design/fetchDesign';

const base = fc.webUrl({ withQueryParameters: false, withFragments: false });
const secret = fc
	.string({ minLength: 1, maxLength: 30 })
	.map((text) => `X-Amz-Signature=${text}SECRET`);

describe('displayUrl', () => {
	it('keeps a URL without query or fragment as it is', () => {
		fc.assert(fc.property(base, (url) => displayUrl(url) === url));
	});

	it('cuts everything from the first ? or #, line breaks in the query included', () => {
		fc.assert(
			fc.property(
				base,
				fc.constantFrom('?', '#'),
				secret,
				fc.constantFrom('', '\n', '\r\n', '\n?x=1#y'),
				(url, mark, token, tail) => {
					const shown = displayUrl(`${url}${mark}${token}${tail}`);
					return shown === url && !shown.includes('SECRET');
				},
			),
		);
	});

	it('an unreachable URL that ends in a line break is named without its token', async () => {
		const context = {
			helpers: {
				httpRequest: async () =>
					Promise.reject(Object.assign(new Error('bad'), { code: 'ERR_INVALID_URL' })),
			},
		} as unknown as IExecuteFunctions;
		const head = await readDesignHead.call(
			context,
			'https://d.example/x.png?X-Amz-Signature=secret\n',
		);
		expect(head.unreachable).toContain('https://d.example/x.png');
		expect(head.unreachable).not.toContain('secret');
	});
});
