/**
 * The design check itself (preflight/index.ts), called directly with a file host in a minimal context: the
 * verdict for each kind of file (not a design, damaged, size unreadable, no print area, large enough, too
 * small), the exact words of each refusal and warning (file shown without its query, item code, print area in
 * mm when both sides are known, the rule's own wording), the item the error belongs to, what the report states
 * (cost of the read, sizes, PDF page rounded to 2 decimals), and how the Options collection's settings are read.
 */
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	preflightDesign,
	preflightOptions,
	preflightSettings,
	type PreflightSettings,
} from '../../../../../nodes/Printio/checks/design';
import { readDesignHead } from '../../../../../nodes/Printio/checks/design/fetchDesign';
import type { PrintArea } from '../../../../../nodes/Printio/checks/design/printArea';
import { brokenPng, HTML_NOT_FOUND, pdf, png } from '../../../../../sandbox/designs';
import { NODE } from '../../../shared/printio/transport/fakeContext';

jest.mock('../../../../../nodes/Printio/checks/design/fetchDesign', () => {
	const actual = jest.requireActual('../../../../../nodes/Printio/checks/design/fetchDesign');
	return { ...actual, readDesignHead: jest.fn(actual.readDesignHead) };
});

const URL = 'https://designs.example/front.png?token=secret#x';
const SHOWN = 'https://designs.example/front.png';
const FIT_ERROR: PreflightSettings = { rule: 'fit', onTooSmall: 'error' };
const FIT_WARN: PreflightSettings = { rule: 'fit', onTooSmall: 'warn' };
const COVER_ERROR: PreflightSettings = { rule: 'cover', onTooSmall: 'error' };
const AREA: PrintArea = { widthPx: 2205, heightPx: 2756, dpi: 200, widthMm: 280, heightMm: 350 };
const CONTEXT = { itemIndex: 3, itemCode: 'OGB-910' };

/** A host that ignores Range and answers 200 with the whole file in one body. */
function host(file: Buffer | undefined, failWith?: Error): IExecuteFunctions {
	const httpRequest = async (_request: IHttpRequestOptions) => {
		if (failWith) throw failWith;
		return { statusCode: 200, headers: { 'content-length': String(file!.length) }, body: file };
	};
	return { getNode: () => NODE, helpers: { httpRequest } } as unknown as IExecuteFunctions;
}

async function refusal(promise: Promise<unknown>): Promise<NodeOperationError> {
	const error = await promise.then(
		() => undefined,
		(thrown: unknown) => thrown,
	);
	expect(error).toBeInstanceOf(NodeOperationError);
	return error as NodeOperationError;
}

describe('preflightSettings', () => {
	it('reads cover and warn; anything else is fit and error', () => {
		expect(preflightSettings({ preflightRule: 'cover', preflightTooSmall: 'warn' })).toStrictEqual({
			rule: 'cover',
			onTooSmall: 'warn',
		});
		expect(preflightSettings({ preflightRule: 'fit', preflightTooSmall: 'error' })).toStrictEqual({
			rule: 'fit',
			onTooSmall: 'error',
		});
		expect(preflightSettings({})).toStrictEqual({ rule: 'fit', onTooSmall: 'error' });
		expect(preflightSettings({ preflightRule: 'COVER', preflightTooSmall: 'Warn' })).toStrictEqual({
			rule: 'fit',
			onTooSmall: 'error',
		});
		expect(preflightSettings({ preflightRule: '', preflightTooSmall: '' })).toStrictEqual({
			rule: 'fit',
			onTooSmall: 'error',
		});
	});
});

describe('preflightOptions', () => {
	it('offers the toggle (default as asked), the size rule and the too-small policy, whose values preflightSettings reads', () => {
		const expected = (defaultOn: boolean) => [
			{
				displayName: 'Check Design Files First',
				name: 'preflight',
				type: 'boolean',
				default: defaultOn,
				description:
					'Whether to read the head of each design file first (a few kB, never the whole file) and stop before anything is sent when it is not a PNG, JPG or PDF, cannot be fetched, or has too few pixels for the item’s print area at the item’s print resolution',
			},
			{
				displayName: 'Design Size Rule',
				name: 'preflightRule',
				type: 'options',
				default: 'fit',
				options: [
					{
						name: 'Fit Inside Print Area',
						value: 'fit',
						description:
							'Scaled as large as fits inside the print area, the design keeps the item’s resolution (it reaches the area’s width or height)',
					},
					{
						name: 'Cover Whole Print Area',
						value: 'cover',
						description: 'The design has at least the print area’s pixels in both width and height',
					},
				],
			},
			{
				displayName: 'When Design Is Too Small',
				name: 'preflightTooSmall',
				type: 'options',
				default: 'error',
				options: [
					{
						name: 'Stop With an Error',
						value: 'error',
						description: 'Nothing is sent for this item',
					},
					{
						name: 'Send and Warn',
						value: 'warn',
						description: 'Sends it anyway; the output carries preflight.warning',
					},
				],
			},
		];
		expect(preflightOptions(true)).toStrictEqual(expected(true));
		expect(preflightOptions(false)).toStrictEqual(expected(false));
		// Each offered value, set in the Options collection, is the setting it names.
		const [, rule, tooSmall] = preflightOptions(true);
		for (const option of rule.options as Array<{ value: string }>)
			expect(preflightSettings({ [rule.name]: option.value }).rule).toBe(option.value);
		for (const option of tooSmall.options as Array<{ value: string }>) {
			expect(preflightSettings({ [tooSmall.name]: option.value }).onTooSmall).toBe(option.value);
		}
	});
});

describe('preflightDesign: files that are never sent', () => {
	it('an unreachable URL: the reason, that it must be public, nothing sent; for this item', async () => {
		const error = await refusal(
			preflightDesign.call(
				host(undefined, Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' })),
				URL,
				AREA,
				FIT_WARN,
				CONTEXT,
			),
		);
		expect(error.message).toBe(`Design preflight: ${SHOWN} cannot be read (host not found)`);
		expect(error.description).toBe(
			'The design file must be publicly reachable: Printio fetches it from this URL too. Nothing was sent to Printio for this item.',
		);
		expect(error.context.itemIndex).toBe(3);
		expect(error.node).toBe(NODE);
	});

	it('a web page served as .png: what it looks like and how to get the file itself', async () => {
		const error = await refusal(
			preflightDesign.call(host(HTML_NOT_FOUND), URL, undefined, FIT_WARN, {
				itemIndex: 0,
				itemCode: 'X',
			}),
		);
		expect(error.message).toBe(
			`Design preflight: ${SHOWN} is not a PNG, JPG or PDF file: it is an HTML page`,
		);
		expect(error.description).toBe(
			'A URL ending in .png can still serve a web page (a login or error page, a share link’s preview page). Use the direct download link of the file. Nothing was sent to Printio for this item.',
		);
		expect(error.context.itemIndex).toBe(0);
	});

	it('a damaged PNG: its format and damage named, even with Send and Warn and no print area', async () => {
		const error = await refusal(
			preflightDesign.call(host(brokenPng()), URL, undefined, FIT_WARN, {
				itemIndex: 5,
				itemCode: 'X',
			}),
		);
		expect(error.message).toBe(
			`Design preflight: ${SHOWN} is a damaged PNG file: the PNG header is damaged (checksum mismatch)`,
		);
		expect(error.description).toBe(
			'Export or upload the design again. Nothing was sent to Printio for this item.',
		);
		expect(error.context.itemIndex).toBe(5);
	});
});

describe('preflightDesign: a design whose size cannot be read', () => {
	const byReference = pdf(595, 842, { mediaBoxByReference: true });
	const reason = 'the PDF states its page size only inside compressed objects or by reference';

	it('without a print area it passes, its size unchecked, with the cost of the read', async () => {
		const report = await preflightDesign.call(
			host(byReference),
			URL,
			undefined,
			FIT_ERROR,
			CONTEXT,
		);
		expect(report).toStrictEqual({
			url: SHOWN,
			format: 'pdf',
			ok: true,
			size_checked: false,
			bytes_read: byReference.length,
			requests: 1,
		});
	});

	it('with a print area and Send and Warn it passes as not ok, with the warning', async () => {
		const report = await preflightDesign.call(host(byReference), URL, AREA, FIT_WARN, CONTEXT);
		expect(report).toStrictEqual({
			url: SHOWN,
			format: 'pdf',
			ok: false,
			size_checked: false,
			warning: `the size of ${SHOWN} could not be checked: ${reason}`,
			bytes_read: byReference.length,
			requests: 1,
		});
	});

	it('with a print area and Stop With an Error it is refused, saying how to fix it', async () => {
		const error = await refusal(
			preflightDesign.call(host(byReference), URL, AREA, FIT_ERROR, CONTEXT),
		);
		expect(error.message).toBe(
			`Design preflight: the size of ${SHOWN} could not be checked: ${reason}`,
		);
		expect(error.description).toBe(
			'Export it again (a PDF with "fast web view"), or set When Design Is Too Small to Send and Warn. Nothing was sent to Printio for this item.',
		);
		expect(error.context.itemIndex).toBe(3);
	});

	it('a header still incomplete when the read ends: "its header could not be read"', async () => {
		jest.mocked(readDesignHead).mockResolvedValueOnce({
			read: { status: 'more', format: 'jpeg', offset: 10 },
			bytesRead: 10,
			requests: 2,
			rangesServed: true,
		});
		const report = await preflightDesign.call(host(undefined), URL, AREA, FIT_WARN, CONTEXT);
		expect(report).toStrictEqual({
			url: SHOWN,
			format: 'jpeg',
			ok: false,
			size_checked: false,
			warning: `the size of ${SHOWN} could not be checked: its header could not be read`,
			bytes_read: 10,
			requests: 2,
		});
	});
});

describe('preflightDesign: a readable design', () => {
	it('without a print area: a raster reports its pixels, a PDF its page in points (2 decimals), neither is size-checked', async () => {
		const raster = png(1200, 800);
		expect(
			await preflightDesign.call(host(raster), URL, undefined, FIT_ERROR, CONTEXT),
		).toStrictEqual({
			ok: true,
			url: SHOWN,
			format: 'png',
			bytes_read: raster.length,
			requests: 1,
			width_px: 1200,
			height_px: 800,
			size_checked: false,
		});
		const page = pdf(595.2756, 841.8898);
		expect(
			await preflightDesign.call(host(page), URL, undefined, FIT_ERROR, CONTEXT),
		).toStrictEqual({
			ok: true,
			url: SHOWN,
			format: 'pdf',
			bytes_read: page.length,
			requests: 1,
			page_width_pt: 595.28,
			page_height_pt: 841.89,
			size_checked: false,
		});
	});

	it('large enough (taller than the area: its height limits it): the full report, no warning', async () => {
		const file = png(2205, 3000);
		expect(await preflightDesign.call(host(file), URL, AREA, FIT_ERROR, CONTEXT)).toStrictEqual({
			url: SHOWN,
			format: 'png',
			bytes_read: file.length,
			requests: 1,
			ok: true,
			size_checked: true,
			width_px: 2205,
			height_px: 3000,
			needed_width_px: 2026,
			needed_height_px: 2756,
			print_area_px: { width: 2205, height: 2756 },
			dpi: 200,
			effective_dpi: 217,
			rule: 'fit',
		});
	});

	it('a PDF page at the item dpi, large enough: page in points and in pixels', async () => {
		const file = pdf(793.8, 992.16); // 2205 × 2756 px at 200 dpi
		expect(await preflightDesign.call(host(file), URL, AREA, COVER_ERROR, CONTEXT)).toStrictEqual({
			url: SHOWN,
			format: 'pdf',
			bytes_read: file.length,
			requests: 1,
			page_width_pt: 793.8,
			page_height_pt: 992.16,
			ok: true,
			size_checked: true,
			width_px: 2205,
			height_px: 2756,
			needed_width_px: 2205,
			needed_height_px: 2756,
			print_area_px: { width: 2205, height: 2756 },
			dpi: 200,
			effective_dpi: 200,
			rule: 'cover',
		});
	});
});

describe('preflightDesign: a design too small', () => {
	const fitWords =
		'design too small for OGB-910: it is 2204 × 2755 px; the print area (280 × 350 mm) at 200 dpi needs at least 2205 × 2756 px for a design of this shape (this one would print at 199 dpi)';

	it('Stop With an Error: refused for this item, the sizes, area in mm, what is needed by the fit rule', async () => {
		const error = await refusal(
			preflightDesign.call(host(png(2204, 2755)), URL, AREA, FIT_ERROR, CONTEXT),
		);
		expect(error.message).toBe(`Design preflight: ${fitWords}`);
		expect(error.description).toBe(
			'Ask the designer for a larger export, or set When Design Is Too Small to Send and Warn. Nothing was sent to Printio for this item.',
		);
		expect(error.context.itemIndex).toBe(3);
	});

	it('Send and Warn: the full report, not ok, with the same words as warning', async () => {
		const file = png(2204, 2755);
		expect(await preflightDesign.call(host(file), URL, AREA, FIT_WARN, CONTEXT)).toStrictEqual({
			url: SHOWN,
			format: 'png',
			bytes_read: file.length,
			requests: 1,
			ok: false,
			size_checked: true,
			width_px: 2204,
			height_px: 2755,
			needed_width_px: 2205,
			needed_height_px: 2756,
			print_area_px: { width: 2205, height: 2756 },
			dpi: 200,
			effective_dpi: 199,
			rule: 'fit',
			warning: fitWords,
		});
	});

	it('the cover rule says the area must be covered; a PDF says its page at the item dpi', async () => {
		const error = await refusal(
			preflightDesign.call(host(pdf(720, 720)), URL, AREA, COVER_ERROR, CONTEXT),
		);
		expect(error.message).toBe(
			'Design preflight: design too small for OGB-910: its page is 2000 × 2000 px at 200 dpi; the print area (280 × 350 mm) at 200 dpi needs at least 2205 × 2756 px to cover it (this one would print at 145 dpi)',
		);
	});

	it('the area in mm only when both sides are known', async () => {
		const words = async (area: PrintArea) =>
			(
				await preflightDesign.call(host(png(100, 100)), URL, area, FIT_WARN, {
					itemIndex: 0,
					itemCode: 'IT',
				})
			).warning;
		const base = { widthPx: 400, heightPx: 200, dpi: 300 };
		const tail =
			'at 300 dpi needs at least 200 × 200 px for a design of this shape (this one would print at 150 dpi)';
		expect(await words(base)).toBe(
			`design too small for IT: it is 100 × 100 px; the print area ${tail}`,
		);
		expect(await words({ ...base, widthMm: 33.9 })).toBe(
			`design too small for IT: it is 100 × 100 px; the print area ${tail}`,
		);
		expect(await words({ ...base, heightMm: 16.9 })).toBe(
			`design too small for IT: it is 100 × 100 px; the print area ${tail}`,
		);
		expect(await words({ ...base, widthMm: 33.9, heightMm: 16.9 })).toBe(
			`design too small for IT: it is 100 × 100 px; the print area (33.9 × 16.9 mm) ${tail}`,
		);
	});
});
