/**
 * readDesignHeader (nodes/Printio/checks/design/imageHeader.ts), beyond imageHeader.test.ts: the PDF
 * MediaBox as PDF writers space it, boxes with no area, which of several ranges is read first, when the reader asks
 * for the file's tail and the exact words of each "unreadable"; and what a file that is not a design is named as.
 */
import {
	readDesignHeader,
	type ByteRanges,
} from '../../../../../nodes/Printio/checks/design/imageHeader';

const whole = (bytes: Buffer): ByteRanges => ({
	ranges: [{ start: 0, bytes }],
	totalLength: bytes.length,
	complete: true,
});
const pdfText = (body: string) =>
	Buffer.from(`%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n${body}`, 'latin1');
const page = (box: string) =>
	pdfText(`4 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox ${box} /Contents 3 0 R >>\nendobj\n`);
const pageSize = (widthPt: number, heightPt: number) => ({
	status: 'ok',
	size: { format: 'pdf', widthPt, heightPt },
});

const IN_OBJECTS = {
	status: 'unreadable',
	format: 'pdf',
	reason: 'the PDF states its page size only inside compressed objects or by reference',
};
const NOT_AT_ENDS = {
	status: 'unreadable',
	format: 'pdf',
	reason:
		'the page size is neither in the first nor in the last bytes of the PDF (compressed objects?)',
};
const NO_LENGTH = {
	status: 'unreadable',
	format: 'pdf',
	reason:
		'the page size is not in the first bytes of the PDF, and the server does not say how long the file is',
};

describe('PDF MediaBox', () => {
	it('reads the box however it is spaced, with multi-digit, decimal and negative coordinates', () => {
		expect(readDesignHeader(whole(page('[0 0 612 792]')))).toStrictEqual(pageSize(612, 792));
		expect(readDesignHeader(whole(pdfText('<</MediaBox[0 0 612 792]>>')))).toStrictEqual(
			pageSize(612, 792),
		);
		expect(readDesignHeader(whole(page('  [  10.5  20  620.5  812  ]')))).toStrictEqual(
			pageSize(610, 792),
		);
		expect(readDesignHeader(whole(page('[\n10\r\n20\t620 812\n]')))).toStrictEqual(
			pageSize(610, 792),
		);
		expect(readDesignHeader(whole(page('[-306 -396 306 396]')))).toStrictEqual(pageSize(612, 792));
	});

	it('a box with no width or no height, or a coordinate that is no number, has no area', () => {
		const noArea = { status: 'broken', format: 'pdf', reason: 'the PDF page box has no area' };
		for (const box of [
			'[0 0 0 792]',
			'[0 0 612 0]',
			'[100 50 100 842]',
			'[0 50 612 50]',
			'[0 0 1.2.3 792]',
			'[0 0 612 .]',
		]) {
			expect(readDesignHeader(whole(page(box)))).toStrictEqual(noArea);
		}
		expect(readDesignHeader(whole(page('[0 0 0.01 0.01]')))).toStrictEqual(pageSize(0.01, 0.01));
	});

	it('of several ranges, the one nearest the start is read first, whatever order they come in', () => {
		const file = Buffer.concat([
			page('[0 0 612 792]'),
			Buffer.alloc(5000, 0x20),
			Buffer.from('<< /MediaBox [0 0 100 100] >>\n', 'latin1'),
		]);
		const headRange = { start: 0, bytes: file.subarray(0, 4096) };
		const middle = { start: 4096, bytes: file.subarray(4096, 4500) };
		const tail = { start: 5000, bytes: file.subarray(5000) };
		for (const ranges of [
			[headRange, tail],
			[tail, headRange],
			[tail, middle, headRange],
			[middle, tail, headRange],
			[tail, headRange, middle],
		]) {
			expect(readDesignHeader({ ranges, totalLength: file.length, complete: false })).toStrictEqual(
				pageSize(612, 792),
			);
		}
	});
});

describe('PDF without a MediaBox in the bytes read', () => {
	const file = Buffer.concat([
		pdfText('1 0 obj\n<< /Type /ObjStm /N 4 /Filter /FlateDecode >>\nstream\n'),
		Buffer.alloc(2000, 0x78),
		Buffer.from('\nendstream\n%%EOF\n', 'latin1'),
	]);
	const total = file.length;
	const at = (start: number, end = total) => ({ start, bytes: file.subarray(start, end) });

	it('the whole file read: only in compressed objects or by reference (with or without a known length)', () => {
		expect(readDesignHeader(whole(file))).toStrictEqual(IN_OBJECTS);
		expect(readDesignHeader({ ranges: [at(0)], complete: true })).toStrictEqual(IN_OBJECTS);
		// The server did not say the read was complete, but the head holds every byte of the file.
		expect(
			readDesignHeader({ ranges: [at(0)], totalLength: total, complete: false }),
		).toStrictEqual(IN_OBJECTS);
		expect(
			readDesignHeader({ ranges: [at(0), at(total - 100)], totalLength: total, complete: false }),
		).toStrictEqual(IN_OBJECTS);
		expect(
			readDesignHeader({ ranges: [at(total - 100), at(0)], totalLength: total, complete: false }),
		).toStrictEqual(IN_OBJECTS);
	});

	it('only the head read, length known: asks for the tail; head and tail read: neither end has it', () => {
		expect(
			readDesignHeader({ ranges: [at(0, 1024)], totalLength: total, complete: false }),
		).toStrictEqual({ status: 'more', format: 'pdf', tail: true });
		expect(
			readDesignHeader({
				ranges: [at(0, 1024), at(1024, total - 1)],
				totalLength: total,
				complete: false,
			}),
		).toStrictEqual({
			status: 'more',
			format: 'pdf',
			tail: true,
		});
		// The tail range ends exactly at the file's end.
		expect(
			readDesignHeader({
				ranges: [at(0, 1024), at(total - 512)],
				totalLength: total,
				complete: false,
			}),
		).toStrictEqual(NOT_AT_ENDS);
		expect(
			readDesignHeader({
				ranges: [at(total - 512), at(0, 1024)],
				totalLength: total,
				complete: false,
			}),
		).toStrictEqual(NOT_AT_ENDS);
	});

	it('only the head read, length unknown: the tail cannot be asked for', () => {
		expect(readDesignHeader({ ranges: [at(0, 1024)], complete: false })).toStrictEqual(NO_LENGTH);
		expect(readDesignHeader({ ranges: [at(0)], complete: false })).toStrictEqual(NO_LENGTH);
	});
});

describe('what a file that is not a design looks like', () => {
	const named = (bytes: Buffer | string) =>
		readDesignHeader(whole(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes));

	it.each([
		['an HTML page', '<!DOCTYPE html><html></html>'],
		['an HTML page', '\n\t <HTML lang="en">'],
		['an HTML page', '<head><title>403</title></head>'],
		['an HTML page', '<body>Forbidden</body>'],
		['an HTML page', '<meta charset="utf-8"><p>x</p>'],
		['an HTML page', '<title>Sign in</title>'],
		['an XML or HTML document', '<header>not a head tag</header>'],
		['an XML or HTML document', '<p>Forbidden</p>'],
		['an XML or HTML document', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"/>'],
		['an XML or HTML document', '<!-- generated --><svg xmlns="http://www.w3.org/2000/svg"/>'],
		['an SVG image', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'],
		['an SVG image', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'],
		['an SVG image', '\u00ef\u00bb\u00bf<svg xmlns="http://www.w3.org/2000/svg"/>'],
		['JSON data', '{"error":"forbidden"}'],
		['JSON data', '[{"id":1}]'],
		['an unknown file type', 'hello <body>world</body>'],
		['an unknown file type', 'the file ends with <?xml'],
		['an unknown file type', 'plain text ending with <'],
		// A UTF-8 byte order mark counts only as the very first bytes.
		['an unknown file type', '  \u00ef\u00bb\u00bf<html>'],
		['a GIF image', 'GIF87a\u0001\u0000\u0001\u0000'],
		['a GIF image', 'GIF89a\u0001\u0000\u0001\u0000'],
		['a WebP image', 'RIFF\u0024\u0000\u0000\u0000WEBPVP8L'],
		['an unknown file type', 'RIFF\u0024\u0000\u0000\u0000WAVEfmt '],
		['an unknown file type', 'RIFX\u0024\u0000\u0000\u0000WEBPVP8L'],
		['a BMP image', 'BM\u0036\u0000\u0000\u0000\u0000\u0000'],
		['a TIFF image', 'II*\u0000\u0008\u0000\u0000\u0000'],
		['a TIFF image', 'MM\u0000*\u0000\u0000\u0000\u0008'],
		[
			'an ISO media file (heic, e.g. HEIC or MP4)',
			'\u0000\u0000\u0000\u0018ftypheic\u0000\u0000\u0000\u0000',
		],
		[
			'an ISO media file (M4A, e.g. HEIC or MP4)',
			'\u0000\u0000\u0000\u0018ftypM4A \u0000\u0000\u0000\u0000',
		],
		[
			'an ISO media file (unknown brand, e.g. HEIC or MP4)',
			'\u0000\u0000\u0000\u0018ftyp    \u0000\u0000\u0000\u0000',
		],
		['an ISO media file (unknown brand, e.g. HEIC or MP4)', '\u0000\u0000\u0000\u0018ftyp'],
		['an unknown file type', 'abcd'],
		['an unknown file type', 'abcdefgh'],
		['a ZIP archive', 'PK\u0003\u0004\u0014\u0000\u0000\u0000'],
		['a Photoshop file', '8BPS\u0000\u0001\u0000\u0000'],
		['a PostScript file', '%!PS-Adobe-3.0\n'],
	])('%s: %j', (looksLike, bytes) => {
		expect(named(bytes)).toStrictEqual({ status: 'notDesign', looksLike });
	});
});
