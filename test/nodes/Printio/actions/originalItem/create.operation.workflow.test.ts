/**
 * Original Item › Create at its limits, through n8n against the sandbox: EC Original Item Code of exactly 50
 * characters and Original Item Name of exactly 255 (code points, as the spec counts them: an emoji or a rare
 * kanji counts once) are sent; one more is refused before anything is sent. Retailer ID overrides the credential's.
 */
import fc from 'fast-check';
import type { INodeParameters } from 'n8n-workflow';

import {
	EC_ORIGINAL_ITEM_CODE_MAX_LENGTH,
	ORIGINAL_ITEM_NAME_MAX_LENGTH,
} from '../../../../../api/limits';
import { KEY_2, receivedRequests, runPrintio, useSandbox } from '../../setup';

const sandbox = useSandbox();

const create = (options: INodeParameters): INodeParameters => ({
	resource: 'originalItem',
	operation: 'create',
	itemCode: { __rl: true, mode: 'id', value: 'OGB-910' },
	imageUrl: 'https://example.com/design.png',
	// The design URL is not served: the design check has its own tests.
	options: { preflight: false, ...options },
});

const CHARS = ['a', 'Z', '9', '-', 'あ', '漢', 'Ｂ', '𠮷', '😀'];
const textOf = (length: number) =>
	fc
		.array(fc.constantFrom(...CHARS), { minLength: length, maxLength: length })
		.map((parts) => parts.join(''));

async function posts() {
	return (await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && request.path === '/original-item',
	);
}

describe('Original Item › Create: limits exactly at and one over', () => {
	it.each([
		[
			'ecOriginalItemCode',
			'ec_original_item_code',
			EC_ORIGINAL_ITEM_CODE_MAX_LENGTH,
			'EC Original Item Code is longer than 50 characters',
		],
		[
			'originalItemName',
			'original_item_name',
			ORIGINAL_ITEM_NAME_MAX_LENGTH,
			'Original Item Name is longer than 255 characters',
		],
	])(
		'%s (%s): %i characters sent, one more refused unsent',
		async (option, field, max, message) => {
			await fc.assert(
				fc.asyncProperty(textOf(max), fc.constantFrom(...CHARS), async (text, extra) => {
					sandbox().store.reset();
					sandbox().state.requestLog.clear();
					const atLimit = await runPrintio(sandbox(), create({ [option]: text }));
					// Sent as given. (The sandbox counts UTF-16 units, so it refuses a text with an emoji or 𠮷 that the
					// node, counting code points as the spec does, sends: only the sending is the node's.)
					expect((await posts()).map((post) => post.body?.[field])).toEqual([text]);
					if (Array.from(text).length === text.length) expect(atLimit.error).toBeUndefined();

					sandbox().state.requestLog.clear();
					const over = await runPrintio(sandbox(), create({ [option]: text + extra }));
					expect(over.error?.message).toBe(message);
					expect(await posts()).toEqual([]);
				}),
				{ numRuns: 15 },
			);
		},
	);

	it('Retailer ID: the item is created for the option’s retailer, not the credential’s', async () => {
		sandbox().state.requestLog.clear();
		const result = await runPrintio(sandbox(), create({ retailerId: 2 }), {
			key: KEY_2,
			retailerId: 1,
		});
		expect(result.error).toBeUndefined();
		expect((await posts())[0].body?.retailer_id).toBe(2);
		sandbox().state.requestLog.clear();
		await runPrintio(sandbox(), create({}), { key: KEY_2, retailerId: 1 });
		expect((await posts())[0].body?.retailer_id).toBe(1);
	});
});
