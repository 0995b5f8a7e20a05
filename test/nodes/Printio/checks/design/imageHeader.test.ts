import { inflateSync } from 'node:zlib';

import {
	readDesignHeader,
	type ByteRanges,
	type HeaderRead,
} from '../../../../../nodes/Printio/checks/design/imageHeader';
import {
	designPixels,
	judgeSize,
	printAreaOf,
	type PrintArea,
} from '../../../../../nodes/Printio/checks/design/printArea';
import {
	brokenPng,
	HTML_NOT_FOUND,
	hugePngHead,
	jpeg,
	pdf,
	png,
	pointsFor,
} from '../../../../../sandbox/designs';

const whole = (bytes: Buffer): ByteRanges => ({
	ranges: [{ start: 0, bytes }],
	totalLength: bytes.length,
	complete: true,
});
const head = (bytes: Buffer, length: number): ByteRanges => ({
	ranges: [{ start: 0, bytes: bytes.subarray(0, length) }],
	totalLength: bytes.length,
	complete: false,
});

/** Reads like a preflight with range requests: the head, then whatever the reader asks for, 4 KiB at a time. */
function readWithRanges(
	bytes: Buffer,
	chunk = 4096,
): { read: HeaderRead; requests: number; bytesRead: number } {
	const ranges: Array<{ start: number; bytes: Uint8Array }> = [
		{ start: 0, bytes: bytes.subarray(0, chunk) },
	];
	for (let requests = 1; ; requests++) {
		const read = readDesignHeader({ ranges, totalLength: bytes.length, complete: false });
		if (read.status !== 'more' || requests > 50) {
			return {
				read,
				requests,
				bytesRead: ranges.reduce((sum, range) => sum + range.bytes.length, 0),
			};
		}
		const start = read.tail ? Math.max(0, bytes.length - chunk) : read.offset!;
		ranges.push({ start, bytes: bytes.subarray(start, start + chunk) });
	}
}

describe('readDesignHeader', () => {
	it('reads a PNG’s size from its first 33 bytes, and the generated PNG is a real one', () => {
		const file = png(2205, 2756);
		expect(readDesignHeader(head(file, 33))).toEqual({
			status: 'ok',
			size: { format: 'png', width: 2205, height: 2756 },
		});
		expect(readDesignHeader(head(file, 32))).toEqual({ status: 'more', format: 'png', offset: 0 });
		// IDAT inflates to one filter byte + 2205 grey bytes per row.
		const idatLength = file.readUInt32BE(33);
		expect(file.toString('latin1', 37, 41)).toBe('IDAT');
		expect(inflateSync(file.subarray(41, 41 + idatLength)).length).toBe(2756 * 2206);
	});

	it('refuses a PNG whose header checksum does not match', () => {
		expect(readDesignHeader(whole(brokenPng()))).toEqual({
			status: 'broken',
			format: 'png',
			reason: 'the PNG header is damaged (checksum mismatch)',
		});
	});

	it('calls a PNG that ends inside its header broken, not "needs more"', () => {
		const file = png(10, 10).subarray(0, 20);
		expect(readDesignHeader(whole(file))).toMatchObject({ status: 'broken', format: 'png' });
	});

	it.each([
		['baseline', {}, { width: 2300, height: 1700 }],
		['progressive', { progressive: true }, { width: 2300, height: 1700, progressive: true }],
		[
			'EXIF rotated 90° (orientation 6): displayed height × width',
			{ orientation: 6 },
			{ width: 1700, height: 2300 },
		],
		['EXIF mirrored (orientation 2): same size', { orientation: 2 }, { width: 2300, height: 1700 }],
	])('reads a JPEG’s size: %s', (_name, options, size) => {
		expect(readDesignHeader(whole(jpeg(2300, 1700, options)))).toEqual({
			status: 'ok',
			size: { format: 'jpeg', ...size },
		});
	});

	it('skips JPEG segments it does not need: 300 kB of profile data cost 3 small reads, not 300 kB', () => {
		const file = jpeg(2400, 3000, { paddingBytes: 300_000 });
		const { read, requests, bytesRead } = readWithRanges(file);
		expect(read).toEqual({ status: 'ok', size: { format: 'jpeg', width: 2400, height: 3000 } });
		expect(requests).toBeLessThanOrEqual(8);
		expect(bytesRead).toBeLessThan(40_000);
	});

	it('calls a JPEG without frame header before its image data broken', () => {
		const file = Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 63, 0, 0xff, 0xd9]);
		expect(readDesignHeader(whole(file))).toMatchObject({ status: 'broken', format: 'jpeg' });
	});

	it('reads a PDF’s page size from its MediaBox in the head', () => {
		const file = pdf(595.28, 841.89);
		expect(readDesignHeader(whole(file))).toEqual({
			status: 'ok',
			size: { format: 'pdf', widthPt: 595.28, heightPt: 841.89 },
		});
	});

	it('asks for the tail of a PDF whose page object sits at the end, then reads it there', () => {
		const file = pdf(pointsFor(2205, 200), pointsFor(2756, 200), { paddingBytes: 200_000 });
		expect(readDesignHeader(head(file, 65536))).toEqual({
			status: 'more',
			format: 'pdf',
			tail: true,
		});
		const { read, bytesRead } = readWithRanges(file, 65536);
		expect(read).toMatchObject({ status: 'ok', size: { format: 'pdf' } });
		expect(bytesRead).toBe(2 * 65536);
	});

	it('says a PDF whose page size is given by reference is unreadable from its ends', () => {
		const file = pdf(595.28, 841.89, { mediaBoxByReference: true });
		expect(readDesignHeader(whole(file))).toMatchObject({ status: 'unreadable', format: 'pdf' });
		// Without a known length, the tail cannot be asked for.
		expect(
			readDesignHeader({ ranges: [{ start: 0, bytes: file }], complete: false }),
		).toMatchObject({ status: 'unreadable' });
	});

	it.each([
		['an HTML page', HTML_NOT_FOUND],
		['an HTML page', Buffer.from('\uFEFF  <html><body>login</body></html>', 'utf8')],
		['a GIF image', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
		['a WebP image', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1')],
		[
			'an SVG image',
			Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', 'utf8'),
		],
		['JSON data', Buffer.from('{"error":"not found"}', 'utf8')],
		['an empty file', Buffer.alloc(0)],
		['an unknown file type', Buffer.from('just some text, not an image at all', 'utf8')],
	])('recognises %s as not a design', (looksLike, bytes) => {
		expect(readDesignHeader(whole(bytes))).toEqual({ status: 'notDesign', looksLike });
	});

	it('asks for more when the head is too short to tell, and a huge file’s header needs 33 bytes only', () => {
		const file = hugePngHead(8000, 10000);
		expect(
			readDesignHeader({ ranges: [{ start: 0, bytes: file.subarray(0, 4) }], complete: false }),
		).toEqual({
			status: 'more',
			format: 'png',
			offset: 4,
		});
		expect(
			readDesignHeader({
				ranges: [{ start: 0, bytes: file }],
				totalLength: 256 * 1024 * 1024,
				complete: false,
			}),
		).toEqual({
			status: 'ok',
			size: { format: 'png', width: 8000, height: 10000 },
		});
	});
});

const TSHIRT = {
	simulator_type: {
		image_size: {
			values: [
				{ name: '横', value: 'width', mm_size: '280', px_size: '2205' },
				{ name: '縦', value: 'height', mm_size: '350', px_size: '2756' },
			],
		},
	},
};

describe('printAreaOf and judgeSize', () => {
	const area = printAreaOf(TSHIRT) as PrintArea;

	it('reads the print area in pixels, with the default 200 dpi', () => {
		expect(area).toEqual({ widthPx: 2205, heightPx: 2756, dpi: 200, widthMm: 280, heightMm: 350 });
	});

	it('computes the pixels from millimetres and dpi when px_size is missing (rounded up)', () => {
		const item = {
			simulator_type: {
				dpi: 300,
				image_size: {
					values: [
						{ value: 'width', mm_size: '100' },
						{ value: 'height', mm_size: '50mm' },
					],
				},
			},
		};
		expect(printAreaOf(item)).toEqual({
			widthPx: 1182,
			heightPx: 591,
			dpi: 300,
			widthMm: 100,
			heightMm: 50,
		});
		expect(printAreaOf({ simulator_type: { image_size: { values: [] } } })).toBeUndefined();
		expect(printAreaOf({})).toBeUndefined();
	});

	it('fit: a design exactly at the limit passes, one pixel short fails and names the pixels needed', () => {
		expect(judgeSize({ widthPx: 2205, heightPx: 2756 }, area, 'fit')).toMatchObject({
			ok: true,
			effectiveDpi: 200,
		});
		expect(judgeSize({ widthPx: 2204, heightPx: 2756 }, area, 'fit')).toMatchObject({ ok: true }); // height limits
		expect(judgeSize({ widthPx: 2204, heightPx: 2755 }, area, 'fit')).toMatchObject({
			ok: false,
			neededWidthPx: 2205,
			neededHeightPx: 2756,
			effectiveDpi: 199,
		});
		// A square design is limited by the width of a portrait area.
		expect(judgeSize({ widthPx: 2205, heightPx: 2205 }, area, 'fit')).toMatchObject({ ok: true });
		expect(judgeSize({ widthPx: 2204, heightPx: 2204 }, area, 'fit')).toMatchObject({
			ok: false,
			neededWidthPx: 2205,
			neededHeightPx: 2205,
		});
		// A tall design is limited by the height.
		expect(judgeSize({ widthPx: 1000, heightPx: 2755 }, area, 'fit')).toMatchObject({
			ok: false,
			neededWidthPx: 1001,
			neededHeightPx: 2756,
		});
	});

	it('cover: both directions must reach the area', () => {
		expect(judgeSize({ widthPx: 2205, heightPx: 2756 }, area, 'cover')).toMatchObject({ ok: true });
		expect(judgeSize({ widthPx: 2205, heightPx: 2205 }, area, 'cover')).toMatchObject({
			ok: false,
			neededWidthPx: 2205,
			neededHeightPx: 2756,
		});
	});

	it('judges a PDF by its page at the item’s dpi: a page of exactly the area passes, 1 px less fails', () => {
		const exact = readDesignHeader(whole(pdf(pointsFor(2205, 200), pointsFor(2756, 200))));
		const short = readDesignHeader(whole(pdf(pointsFor(2204, 200), pointsFor(2755, 200))));
		if (exact.status !== 'ok' || short.status !== 'ok') throw new Error('PDF not read');
		expect(designPixels(exact.size, 200)).toEqual({ widthPx: 2205, heightPx: 2756 });
		expect(judgeSize(designPixels(exact.size, 200), area, 'fit').ok).toBe(true);
		expect(judgeSize(designPixels(short.size, 200), area, 'fit').ok).toBe(false);
	});
});
