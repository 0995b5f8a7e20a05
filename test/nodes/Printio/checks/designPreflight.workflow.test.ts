/**
 * Design preflight on Order › Create With Images, through n8n-core against the sandbox's sample designs
 * (sandbox/designs.ts): every Output design of every order is read before a single order is sent; a design
 * exactly at the item's print area passes, one pixel short fails, an HTML page served as .png fails; nothing is
 * sent for an order whose design fails (and, without Continue On Fail, for no order of the run).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { orderByCodeParameters } from '../fixtures';
import { control, receivedRequests, resetSandbox, runPrintio, useSandbox } from '../setup';

const sandbox = useSandbox();

beforeEach(async () => {
	await resetSandbox(sandbox());
	await control(sandbox(), 'DELETE', '/design-requests');
});

const designUrl = (name: string) => `${sandbox().url}/_sandbox/designs/${name}`;
const designRequests = async (): Promise<Array<{ name: string }>> =>
	await control(sandbox(), 'GET', '/design-requests');
const orderPosts = async () =>
	(await receivedRequests(sandbox())).filter(
		(request) => request.method === 'POST' && request.path === '/orders/order-with-image',
	);

/** Create With Images, one OGB-910 line (print area 280 × 350 mm = 2205 × 2756 px at 200 dpi); the item's fields by expression. */
function withImages(line: IDataObject = {}, options: INodeParameters = {}): INodeParameters {
	return {
		...orderByCodeParameters('={{ $json.ec }}'),
		operation: 'createWithImages',
		lines: {
			line: [
				{
					itemCode: 'OGB-910',
					color: 'ホワイト',
					size: 'M',
					quantity: 1,
					frontOutputUrl: '={{ $json.front }}',
					...line,
				},
			],
		},
		options,
	} as INodeParameters;
}

describe('Order › Create With Images: design preflight (on by default)', () => {
	it.each([
		['PNG', '2205x2756.png', '2204x2755.png'],
		['JPEG', '2205x2756.jpg', '2204x2755.jpg'],
		['PDF', '2205x2756.pdf', '2204x2755.pdf'],
	])(
		'%s: exactly the print area passes and is sent with its report; one pixel short fails and nothing is sent',
		async (_format, exact, short) => {
			const ok = await runPrintio(sandbox(), withImages(), {
				input: [{ ec: 'PF-OK', front: designUrl(exact) }],
			});
			expect(ok.error).toBeUndefined();
			expect(ok.items[0].json).toMatchObject({
				ec_order_no: 'PF-OK',
				status_code: 0,
				preflight: [
					{
						line: 1,
						position: 'front',
						ok: true,
						size_checked: true,
						width_px: 2205,
						height_px: 2756,
						print_area_px: { width: 2205, height: 2756 },
						dpi: 200,
					},
				],
			});
			expect(await orderPosts()).toHaveLength(1);

			await control(sandbox(), 'DELETE', '/requests');
			const tooSmall = await runPrintio(sandbox(), withImages(), {
				input: [{ ec: 'PF-SHORT', front: designUrl(short) }],
			});
			expect(tooSmall.error?.message).toBe(
				`Design preflight, order "PF-SHORT" line 1 (front): design too small for OGB-910: ${short.endsWith('.pdf') ? 'its page is 2204 × 2755 px at 200 dpi' : 'it is 2204 × 2755 px'}; the print area (280 × 350 mm) at 200 dpi needs at least 2205 × 2756 px for a design of this shape (this one would print at 199 dpi)`,
			);
			expect(tooSmall.error?.description).toMatch(/No order of this run was sent/);
			expect(await orderPosts()).toHaveLength(0);
		},
	);

	it('an HTML page served as .png stops the order before anything is sent', async () => {
		const result = await runPrintio(sandbox(), withImages(), {
			input: [{ ec: 'PF-HTML', front: designUrl('not-an-image.png') }],
		});
		expect(result.error?.message).toBe(
			`Design preflight, order "PF-HTML" line 1 (front): ${designUrl('not-an-image.png')} is not a PNG, JPG or PDF file: it is an HTML page`,
		);
		expect(await orderPosts()).toHaveLength(0);
	});

	it('other print positions: the format is checked, the size is not (the catalog states the front area only); thumbnails are not read', async () => {
		const line = {
			backOutputUrl: designUrl('800x1000.png'),
			frontThumbnailUrl: designUrl('not-an-image.png'),
		};
		const result = await runPrintio(sandbox(), withImages(line), {
			input: [{ ec: 'PF-BACK', front: designUrl('2205x2756.png') }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.preflight).toEqual([
			expect.objectContaining({ line: 1, position: 'front', ok: true, size_checked: true }),
			expect.objectContaining({
				line: 1,
				position: 'back',
				ok: true,
				size_checked: false,
				width_px: 800,
				height_px: 1000,
			}),
		]);
		expect((await designRequests()).map((request) => request.name).sort()).toEqual([
			'2205x2756.png',
			'800x1000.png',
		]);

		const html = await runPrintio(
			sandbox(),
			withImages({ backOutputUrl: designUrl('not-an-image.png') }),
			{
				input: [{ ec: 'PF-BACK-HTML', front: designUrl('2205x2756.png') }],
			},
		);
		expect(html.error?.message).toMatch(
			/^Design preflight, order "PF-BACK-HTML" line 1 \(back\): .* it is an HTML page$/,
		);
		expect(await orderPosts()).toHaveLength(1);
	});

	it('one bad design among several orders: without Continue On Fail no order is sent; with it, only that order (and its repeat) fails', async () => {
		const input = [
			{ ec: 'PF-A', front: designUrl('2205x2756.png') },
			{ ec: 'PF-B', front: designUrl('800x1000.png') },
			{ ec: 'PF-C', front: designUrl('2205x2756.png') },
			{ ec: 'PF-B', front: designUrl('800x1000.png') },
		];
		const stopped = await runPrintio(sandbox(), withImages(), { input });
		expect(stopped.error?.message).toMatch(
			/^Design preflight, order "PF-B" line 1 \(front\): design too small/,
		);
		expect(stopped.error?.itemIndex).toBe(1);
		expect(await orderPosts()).toHaveLength(0);

		const continued = await runPrintio(sandbox(), withImages(), { input, continueOnFail: true });
		expect(continued.error).toBeUndefined();
		const out = continued.items.map((item) => item.json);
		expect(out).toHaveLength(4);
		expect(out[0]).toMatchObject({ ec_order_no: 'PF-A', status_code: 0 });
		expect(out[1]).toMatchObject({
			ec_order_no: 'PF-B',
			error: expect.stringMatching(/design too small/),
		});
		expect(out[2]).toMatchObject({ ec_order_no: 'PF-C', status_code: 0 });
		expect(out[3]).toMatchObject({
			ec_order_no: 'PF-B',
			duplicate_of_item: 1,
			error: expect.stringMatching(/^Not sent: the same order as item index 1/),
		});
		expect((await orderPosts()).map((post) => post.body!.ec_order_no)).toEqual(['PF-A', 'PF-C']);
	});

	it('reads each distinct design once and each item’s print area once per run', async () => {
		const input = Array.from({ length: 6 }, (_, i) => ({
			ec: `PF-SAME-${i}`,
			front: designUrl(i % 2 ? '2205x2756.jpg' : '2205x2756.png'),
		}));
		const result = await runPrintio(sandbox(), withImages(), { input });
		expect(result.error).toBeUndefined();
		expect(
			result.items.every((item) => (item.json.preflight as IDataObject[])[0].ok === true),
		).toBe(true);
		expect((await designRequests()).map((request) => request.name).sort()).toEqual([
			'2205x2756.jpg',
			'2205x2756.png',
		]);
		expect(
			(await receivedRequests(sandbox())).filter((request) => request.path === '/items'),
		).toHaveLength(1);
		expect(await orderPosts()).toHaveLength(6);
	});

	it('with Send and Warn, places an order whose design is too small and reports the warning', async () => {
		const result = await runPrintio(sandbox(), withImages({}, { preflightTooSmall: 'warn' }), {
			input: [{ ec: 'PF-WARN', front: designUrl('800x1000.png') }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			status_code: 0,
			preflight: [{ ok: false, warning: expect.stringMatching(/design too small for OGB-910/) }],
		});
		expect(await orderPosts()).toHaveLength(1);
	});

	it('can be switched off: no design request, the order goes out as before', async () => {
		const result = await runPrintio(sandbox(), withImages({}, { preflight: false }), {
			input: [{ ec: 'PF-OFF', front: 'https://example.invalid/designs/cat.png' }],
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.preflight).toBeUndefined();
		expect(await designRequests()).toEqual([]);
		expect(await orderPosts()).toHaveLength(1);
	});
});

describe('Order › Create With Images: the design check and Check Stock First share one catalog read', () => {
	it('reads the line item record once per run although both checks need it', async () => {
		await control(sandbox(), 'DELETE', '/requests');
		// The colour by its manufacturer's name makes the stock check read the item record too (for its colours).
		const result = await runPrintio(
			sandbox(),
			withImages({ color: 'White' }, { checkStock: true }),
			{
				input: [{ ec: 'PF-SHARED', front: designUrl('2205x2756.png') }],
			},
		);
		expect(result.error).toBeUndefined();
		expect(await orderPosts()).toHaveLength(1);
		const itemReads = (await receivedRequests(sandbox())).filter(
			(request) => request.method === 'GET' && request.path === '/items',
		);
		expect(itemReads).toHaveLength(1);
	});
});
