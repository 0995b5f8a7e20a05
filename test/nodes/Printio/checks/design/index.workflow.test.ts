/**
 * Design preflight through n8n-core against the sandbox's sample designs (sandbox/designs.ts): every format,
 * a design exactly at the print area's limit and one pixel short, bad files, unreachable URLs, and a huge
 * file that must not be downloaded whole (bytes counted by the sandbox).
 */
import { createServer } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';

import {
	control,
	KEY_1,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../../setup';

const sandbox = useSandbox();

interface DesignRequest {
	name: string;
	range: string | null;
	statusCode: number;
	bytesSent: number;
	fileLength: number;
	headers: Record<string, unknown>;
}

beforeEach(async () => {
	await resetSandbox(sandbox());
	await control(sandbox(), 'DELETE', '/design-requests');
});

const designUrl = (name: string) => `${sandbox().url}/_sandbox/designs/${name}`;
const designRequests = async (): Promise<DesignRequest[]> =>
	await control(sandbox(), 'GET', '/design-requests');

/** OGB-910 (T-shirt): print area 280 × 350 mm = 2205 × 2756 px at 200 dpi. */
const create = (imageUrl: string, options: INodeParameters = {}): INodeParameters => ({
	resource: 'originalItem',
	operation: 'create',
	itemCode: { __rl: true, mode: 'list', value: 'OGB-910' },
	imageUrl,
	options,
});

async function posted(): Promise<number> {
	return (await receivedRequests(sandbox())).filter((request) => request.method === 'POST').length;
}

describe('Original Item › Create: design preflight (on by default)', () => {
	it.each([
		['PNG', '2205x2756.png', '2204x2755.png'],
		['baseline JPEG', '2205x2756.jpg', '2204x2755.jpg'],
		['progressive JPEG', '2205x2756-progressive.jpg', '2204x2755-progressive.jpg'],
		[
			'JPEG with EXIF rotation (displayed size counts)',
			'2205x2756-rotated.jpg',
			'2204x2755-rotated.jpg',
		],
		['PDF (page at the item’s dpi)', '2205x2756.pdf', '2204x2755.pdf'],
	])(
		'%s: exactly the print area passes, one pixel short fails naming the pixels needed',
		async (_format, exact, short) => {
			const ok = await runPrintio(sandbox(), create(designUrl(exact)));
			expect(ok.error).toBeUndefined();
			expect(ok.items[0].json).toMatchObject({
				status_code: 0,
				original_item_code: expect.any(String),
				preflight: {
					ok: true,
					size_checked: true,
					width_px: 2205,
					height_px: 2756,
					print_area_px: { width: 2205, height: 2756 },
					dpi: 200,
					effective_dpi: 200,
				},
			});
			expect(await posted()).toBe(1);

			await control(sandbox(), 'DELETE', '/requests');
			const tooSmall = await runPrintio(sandbox(), create(designUrl(short)));
			expect(tooSmall.error?.message).toBe(
				`Design preflight: design too small for OGB-910: ${short.endsWith('.pdf') ? 'its page is 2204 × 2755 px at 200 dpi' : 'it is 2204 × 2755 px'}; the print area (280 × 350 mm) at 200 dpi needs at least 2205 × 2756 px for a design of this shape (this one would print at 199 dpi)`,
			);
			expect(tooSmall.error?.description).toMatch(/Nothing was sent to Printio/);
			expect(await posted()).toBe(0);
		},
	);

	it('reads a few kB with a range request, never sends the Printio key to the design host, and reads the item once per run', async () => {
		const result = await runPrintio(sandbox(), create(designUrl('2205x2756.png')), {
			input: [{}, {}],
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		const designs = await designRequests();
		expect(designs).toHaveLength(2);
		for (const request of designs) {
			expect(request).toMatchObject({ range: 'bytes=0-65535', statusCode: 206 });
			expect(request.bytesSent).toBeLessThanOrEqual(65536);
			expect(JSON.stringify(request.headers)).not.toContain(KEY_1);
			expect(Object.keys(request.headers).map((name) => name.toLowerCase())).not.toContain(
				'printio-api-subscription-key',
			);
		}
		const itemReads = (await receivedRequests(sandbox())).filter(
			(request) => request.path === '/items',
		);
		expect(itemReads).toHaveLength(1);
		expect(itemReads[0].query).toMatchObject({ item_code: 'OGB-910' });
	});

	it.each([
		['a server that serves ranges', 'huge.png', 1],
		['a server that ignores Range', 'huge.png?ranges=ignore', 16],
		['a server that ignores Range and sends no length', 'huge.png?ranges=ignore&length=hide', 16],
	])('a 256 MiB design from %s is not downloaded whole', async (_server, name, maxMiB) => {
		const result = await runPrintio(sandbox(), create(designUrl(name)));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.preflight).toMatchObject({
			ok: true,
			format: 'png',
			width_px: 8000,
			height_px: 10000,
		});
		const [request] = await designRequests();
		expect(request.fileLength).toBe(256 * 1024 * 1024);
		// What the sandbox handed to the socket: the client's read plus socket buffers, a sliver of the file.
		expect(request.bytesSent).toBeLessThan(maxMiB * 1024 * 1024);
		expect(
			(result.items[0].json.preflight as { bytes_read: number }).bytes_read,
		).toBeLessThanOrEqual(1024 * 1024);
	});

	it('reads a PDF whose page size sits at its end with a second (tail) range request', async () => {
		const result = await runPrintio(sandbox(), create(designUrl('poster-tail.pdf')));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.preflight).toMatchObject({
			ok: true,
			format: 'pdf',
			requests: 2,
			width_px: 2205,
			height_px: 2756,
		});
		expect((await designRequests()).map((request) => request.range)).toEqual([
			'bytes=0-65535',
			'bytes=-65536',
		]);
	});

	it('skips a JPEG’s large profile segments with range requests at the next segment', async () => {
		const result = await runPrintio(sandbox(), create(designUrl('photo-big-profile.jpg')));
		expect(result.error).toBeUndefined();
		const report = result.items[0].json.preflight as { bytes_read: number; requests: number };
		expect(report).toMatchObject({ ok: true, format: 'jpeg', width_px: 2400, height_px: 3000 });
		expect(report.requests).toBeGreaterThan(1);
		expect(report.bytes_read).toBeLessThan(300_000);
	});

	it.each([
		['not-an-image.png', 'Design preflight: URL is not a PNG, JPG or PDF file: it is an HTML page'],
		['empty.png', 'Design preflight: URL is not a PNG, JPG or PDF file: it is an empty file'],
		[
			'broken.png',
			'Design preflight: URL is a damaged PNG file: the PNG header is damaged (checksum mismatch)',
		],
		['no-such-design.png', 'Design preflight: URL answered HTTP 404'],
		[
			'poster-by-reference.pdf',
			'Design preflight: the size of URL could not be checked: the PDF states its page size only inside compressed objects or by reference',
		],
	])('stops on %s before anything is sent', async (name, message) => {
		const result = await runPrintio(sandbox(), create(designUrl(name)));
		expect(result.error?.message).toBe(message.replace('URL', designUrl(name)));
		expect(await posted()).toBe(0);
	});

	it('stops when the design host cannot be reached, and shows the URL without its query (tokens)', async () => {
		const port = await closedPort();
		const result = await runPrintio(
			sandbox(),
			create(`http://127.0.0.1:${port}/design.png?token=secret-token-1`),
		);
		expect(result.error?.message).toBe(
			`Design preflight: http://127.0.0.1:${port}/design.png cannot be read (connection refused)`,
		);
		expect(JSON.stringify(result.error)).not.toContain('secret-token-1');
		expect(await posted()).toBe(0);
	});

	it('with Send and Warn, creates a design that is too small (or unreadable) and reports the warning', async () => {
		for (const name of ['800x1000.png', 'poster-by-reference.pdf']) {
			const result = await runPrintio(
				sandbox(),
				create(designUrl(name), { preflightTooSmall: 'warn' }),
			);
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				status_code: 0,
				preflight: { ok: false, warning: expect.any(String) },
			});
		}
		expect(await posted()).toBe(2);
	});

	it('Cover Whole Print Area asks for the area in both directions', async () => {
		const square = await runPrintio(sandbox(), create(designUrl('2300x2300.jpg')));
		expect(square.items[0].json.preflight).toMatchObject({ ok: true, rule: 'fit' });
		const covered = await runPrintio(
			sandbox(),
			create(designUrl('2300x2300.jpg'), { preflightRule: 'cover' }),
		);
		expect(covered.error?.message).toMatch(/needs at least 2205 × 2756 px to cover it/);
	});

	it('can be switched off: no design request, the create goes out as before', async () => {
		const result = await runPrintio(
			sandbox(),
			create('https://example.invalid/designs/cat.png', { preflight: false }),
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.preflight).toBeUndefined();
		expect(await designRequests()).toEqual([]);
	});

	it('with Continue On Fail, a bad design fails its own item only', async () => {
		const result = await runPrintio(sandbox(), create('={{ $json.url }}'), {
			continueOnFail: true,
			input: [{ url: designUrl('not-an-image.png') }, { url: designUrl('2205x2756.png') }],
		});
		expect(result.items[0].json.error).toMatch(/HTML page/);
		expect(result.items[1].json).toMatchObject({ status_code: 0, preflight: { ok: true } });
		expect(await posted()).toBe(1);
	});
});

/** A port with nothing listening (bound, then released). */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as { port: number }).port;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
