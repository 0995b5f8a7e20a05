/** Format and size from a design's first bytes, so a preflight never needs the whole file; spec 4.6: PNG, JPEG, PDF. */

export type DesignFormat = 'png' | 'jpeg' | 'pdf';

/** As displayed: EXIF rotations of 90° swap width and height. */
export interface RasterSize {
	format: 'png' | 'jpeg';
	width: number;
	height: number;
	progressive?: boolean;
}

/** Points (1/72 inch). */
export interface PdfPageSize {
	format: 'pdf';
	widthPt: number;
	heightPt: number;
}

export type HeaderRead =
	| { status: 'ok'; size: RasterSize | PdfPageSize }
	| { status: 'more'; format: DesignFormat; offset?: number; tail?: boolean }
	| { status: 'notDesign'; looksLike: string }
	| { status: 'broken'; format: DesignFormat; reason: string }
	/** E.g. a PDF's compressed objects. */
	| { status: 'unreadable'; format: DesignFormat; reason: string };

export interface ByteRanges {
	ranges: ReadonlyArray<{ start: number; bytes: Uint8Array }>;
	totalLength?: number;
	complete: boolean;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function readDesignHeader(input: ByteRanges): HeaderRead {
	const head = input.ranges.find((range) => range.start === 0)?.bytes ?? new Uint8Array(0);
	if (startsWith(head, PNG_SIGNATURE)) return readPng(input);
	if (startsWith(head, [0xff, 0xd8, 0xff])) return readJpeg(input);
	if (startsWithText(head, '%PDF-')) return readPdf(input);
	if (!input.complete && (input.totalLength === undefined || head.length < input.totalLength)) {
		if (isPrefixOfSignature(head))
			return { status: 'more', format: guessFormat(head), offset: head.length };
	}
	return { status: 'notDesign', looksLike: recognise(head) };
}

function readPng(input: ByteRanges): HeaderRead {
	const bytes = bytesAt(input, 0, 33);
	if (!bytes) return needOrBroken(input, 'png', 0, 'the file ends inside the PNG header');
	const length = uint32(bytes, 8);
	if (length !== 13 || text(bytes, 12, 4) !== 'IHDR') {
		return {
			status: 'broken',
			format: 'png',
			reason: 'the PNG does not start with its IHDR header chunk',
		};
	}
	if (crc32(bytes.subarray(12, 29)) !== uint32(bytes, 29)) {
		return {
			status: 'broken',
			format: 'png',
			reason: 'the PNG header is damaged (checksum mismatch)',
		};
	}
	const width = uint32(bytes, 16);
	const height = uint32(bytes, 20);
	if (width === 0 || height === 0)
		return { status: 'broken', format: 'png', reason: 'the PNG claims a size of 0 pixels' };
	return { status: 'ok', size: { format: 'png', width, height } };
}

// JPEG segments state their length, so ICC profiles and thumbnails are skipped unread.

/** C0–CF without C4 (DHT), C8 (JPG extension) and CC (DAC). */
const SOF_MARKERS = new Set([
	0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
const PROGRESSIVE_SOF = new Set([0xc2, 0xc6, 0xca, 0xce]);
/** No length: TEM and RST0–7. */
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);

function readJpeg(input: ByteRanges): HeaderRead {
	let offset = 2;
	let orientation = 1;
	for (let segments = 0; segments < 10_000; segments++) {
		const marker = bytesAt(input, offset, 4);
		if (!marker)
			return needOrBroken(input, 'jpeg', offset, 'the file ends before the JPEG frame header');
		if (marker[0] !== 0xff)
			return { status: 'broken', format: 'jpeg', reason: `no JPEG marker at byte ${offset}` };
		const code = marker[1];
		if (code === 0xff) {
			offset += 1; // fill byte
			continue;
		}
		if (STANDALONE.has(code)) {
			offset += 2;
			continue;
		}
		if (code === 0xd9 || code === 0xda || code === 0xd8) {
			return {
				status: 'broken',
				format: 'jpeg',
				reason: 'the JPEG has no frame header before its image data',
			};
		}
		const length = (marker[2] << 8) | marker[3];
		if (length < 2)
			return {
				status: 'broken',
				format: 'jpeg',
				reason: `a JPEG segment at byte ${offset} has length ${length}`,
			};
		if (SOF_MARKERS.has(code)) {
			const frame = bytesAt(input, offset + 4, 5);
			if (!frame)
				return needOrBroken(input, 'jpeg', offset, 'the file ends inside the JPEG frame header');
			const height = (frame[1] << 8) | frame[2];
			const width = (frame[3] << 8) | frame[4];
			if (width === 0 || height === 0) {
				return {
					status: 'broken',
					format: 'jpeg',
					reason: 'the JPEG frame header gives a size of 0 pixels',
				};
			}
			const swapped = orientation >= 5;
			return {
				status: 'ok',
				size: {
					format: 'jpeg',
					width: swapped ? height : width,
					height: swapped ? width : height,
					...(PROGRESSIVE_SOF.has(code) ? { progressive: true } : {}),
				},
			};
		}
		if (code === 0xe1) orientation = exifOrientation(input, offset + 4, length - 2) ?? orientation;
		offset += 2 + length;
	}
	return {
		status: 'broken',
		format: 'jpeg',
		reason: 'too many JPEG segments before the frame header',
	};
}

/** Phones store portrait photos as landscape pixels plus "rotate 90°" (orientations 5–8). */
function exifOrientation(input: ByteRanges, start: number, length: number): number | undefined {
	const available = Math.min(length, 4096);
	const bytes = bytesAt(input, start, available) ?? bytesAt(input, start, Math.min(length, 256));
	if (!bytes || text(bytes, 0, 6) !== 'Exif\u0000\u0000') return undefined;
	const tiff = 6;
	const little = bytes[tiff] === 0x49 && bytes[tiff + 1] === 0x49;
	if (!little && !(bytes[tiff] === 0x4d && bytes[tiff + 1] === 0x4d)) return undefined;
	const u16 = (at: number) =>
		little ? bytes[at] | (bytes[at + 1] << 8) : (bytes[at] << 8) | bytes[at + 1];
	const u32 = (at: number) =>
		little ? (u16(at) | (u16(at + 2) << 16)) >>> 0 : ((u16(at) << 16) | u16(at + 2)) >>> 0;
	const ifd = tiff + u32(tiff + 4);
	const entries = u16(ifd);
	for (let i = 0; i < entries; i++) {
		const entry = ifd + 2 + i * 12;
		if (entry + 12 > bytes.length) return undefined;
		if (u16(entry) === 0x0112) {
			const value = u16(entry + 8);
			return value >= 1 && value <= 8 ? value : undefined;
		}
	}
	return undefined;
}

// Page objects sit near the start of a linearized PDF and often near the end of others: head, then tail.

const MEDIA_BOX = /\/MediaBox\s*\[\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s*\]/;

function readPdf(input: ByteRanges): HeaderRead {
	const sorted = [...input.ranges].sort((a, b) => a.start - b.start);
	for (const range of sorted) {
		const match = MEDIA_BOX.exec(latin1(range.bytes));
		if (!match) continue;
		const [x0, y0, x1, y1] = match.slice(1).map(Number);
		const widthPt = Math.abs(x1 - x0);
		const heightPt = Math.abs(y1 - y0);
		if (![widthPt, heightPt].every((n) => Number.isFinite(n) && n > 0)) {
			return { status: 'broken', format: 'pdf', reason: 'the PDF page box has no area' };
		}
		return { status: 'ok', size: { format: 'pdf', widthPt, heightPt } };
	}
	const whole =
		input.totalLength !== undefined &&
		sorted.some((range) => range.start === 0 && range.bytes.length >= input.totalLength!);
	if (input.complete || whole) {
		return {
			status: 'unreadable',
			format: 'pdf',
			reason: 'the PDF states its page size only inside compressed objects or by reference',
		};
	}
	const readTail =
		input.totalLength !== undefined &&
		sorted.some((range) => range.start + range.bytes.length >= input.totalLength!);
	if (!readTail && input.totalLength !== undefined)
		return { status: 'more', format: 'pdf', tail: true };
	return {
		status: 'unreadable',
		format: 'pdf',
		reason:
			input.totalLength === undefined
				? 'the page size is not in the first bytes of the PDF, and the server does not say how long the file is'
				: 'the page size is neither in the first nor in the last bytes of the PDF (compressed objects?)',
	};
}

function recognise(head: Uint8Array): string {
	if (head.length === 0) return 'an empty file';
	const start = latin1(head.subarray(0, 512))
		.replace(/^\u00EF\u00BB\u00BF/, '')
		.trimStart()
		.toLowerCase();
	if (
		start.startsWith('<!doctype html') ||
		start.startsWith('<html') ||
		/^<(head|body|meta|title)\b/.test(start)
	) {
		return 'an HTML page';
	}
	if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg')))
		return 'an SVG image';
	if (start.startsWith('<?xml') || start.startsWith('<')) return 'an XML or HTML document';
	if (start.startsWith('{') || start.startsWith('[')) return 'JSON data';
	if (startsWithText(head, 'GIF87a') || startsWithText(head, 'GIF89a')) return 'a GIF image';
	if (startsWithText(head, 'RIFF') && text(head, 8, 4) === 'WEBP') return 'a WebP image';
	if (startsWithText(head, 'BM')) return 'a BMP image';
	if (startsWithText(head, 'II*\u0000') || startsWithText(head, 'MM\u0000*')) return 'a TIFF image';
	if (text(head, 4, 4) === 'ftyp')
		return `an ISO media file (${text(head, 8, 4).trim() || 'unknown brand'}, e.g. HEIC or MP4)`;
	if (startsWithText(head, 'PK\u0003\u0004')) return 'a ZIP archive';
	if (startsWithText(head, '8BPS')) return 'a Photoshop file';
	if (startsWithText(head, '%!PS')) return 'a PostScript file';
	return 'an unknown file type';
}

function isPrefixOfSignature(head: Uint8Array): boolean {
	const candidates = [PNG_SIGNATURE, [0xff, 0xd8, 0xff], [...'%PDF-'].map((c) => c.charCodeAt(0))];
	return candidates.some((signature) => head.every((byte, i) => signature[i] === byte));
}

function guessFormat(head: Uint8Array): DesignFormat {
	if (head[0] === 0x89) return 'png';
	if (head[0] === 0xff) return 'jpeg';
	return 'pdf';
}

function bytesAt(input: ByteRanges, offset: number, length: number): Uint8Array | undefined {
	for (const range of input.ranges) {
		if (offset >= range.start && offset + length <= range.start + range.bytes.length) {
			return range.bytes.subarray(offset - range.start, offset - range.start + length);
		}
	}
	return undefined;
}

function needOrBroken(
	input: ByteRanges,
	format: DesignFormat,
	offset: number,
	reason: string,
): HeaderRead {
	const ended = input.complete || (input.totalLength !== undefined && offset >= input.totalLength);
	return ended ? { status: 'broken', format, reason } : { status: 'more', format, offset };
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
	return signature.every((byte, i) => bytes[i] === byte);
}

function startsWithText(bytes: Uint8Array, prefix: string): boolean {
	return text(bytes, 0, prefix.length) === prefix;
}

function text(bytes: Uint8Array, offset: number, length: number): string {
	return latin1(bytes.subarray(offset, offset + length));
}

function latin1(bytes: Uint8Array): string {
	let out = '';
	for (let i = 0; i < bytes.length; i += 8192)
		out += String.fromCharCode(...bytes.subarray(i, i + 8192));
	return out;
}

function uint32(bytes: Uint8Array, offset: number): number {
	return (
		((bytes[offset] << 24) |
			(bytes[offset + 1] << 16) |
			(bytes[offset + 2] << 8) |
			bytes[offset + 3]) >>>
		0
	);
}

const crcTable = Uint32Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

/** CRC-32 as PNG uses it (ISO 3309). */
export function crc32(bytes: Uint8Array): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}
