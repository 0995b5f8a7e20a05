/**
 * Sample design files for preflight tests and demos, generated in code (no binaries in the repository):
 * PNG, baseline and progressive JPEG, and PDF of any size, plus the bad cases a preflight must catch: an
 * HTML page served as `.png`, a damaged PNG, a PDF whose page size is only given by reference, and a huge
 * file served as a stream (a preflight must read its header only).
 *
 * The files are real: the PNGs decode (grey, zlib), the JPEGs are grey images whose 8×8 blocks carry one DC
 * value (a one-code Huffman table), the PDFs are single-page documents with a correct cross-reference table.
 */
import { deflateSync } from 'node:zlib';

const GREY = 0xc8;

// ---------------------------------------------------------------------------------------------------------
// PNG

const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

function crc32(bytes: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
	const length = Buffer.alloc(4);
	length.writeUInt32BE(data.length);
	const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(body));
	return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngHeader(width: number, height: number): Buffer {
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(width, 0);
	ihdr.writeUInt32BE(height, 4);
	ihdr[8] = 8; // bit depth
	ihdr[9] = 0; // greyscale
	return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr)]);
}

/** A grey PNG of width × height pixels (8-bit greyscale; compresses to a few kB per megapixel). */
export function png(width: number, height: number): Buffer {
	const row = Buffer.alloc(width + 1, GREY);
	row[0] = 0; // filter: none
	const raw = Buffer.alloc(row.length * height);
	for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
	return Buffer.concat([
		pngHeader(width, height),
		pngChunk('IDAT', deflateSync(raw)),
		pngChunk('IEND', Buffer.alloc(0)),
	]);
}

// ---------------------------------------------------------------------------------------------------------
// JPEG

function segment(marker: number, data: Buffer): Buffer {
	const head = Buffer.from([0xff, marker, 0, 0]);
	head.writeUInt16BE(data.length + 2, 2);
	return Buffer.concat([head, data]);
}

export interface JpegOptions {
	progressive?: boolean;
	/** EXIF orientation 1–8 (6 = rotate 90°: the displayed image is height × width). */
	orientation?: number;
	/** Bytes of APP2 padding before the frame header (like large ICC profiles), to test skipping. */
	paddingBytes?: number;
}

function exifSegment(orientation: number): Buffer {
	// "Exif\0\0", big-endian TIFF header, IFD0 with one entry: Orientation (0x0112, SHORT, 1).
	const tiff = Buffer.alloc(8 + 2 + 12 + 4);
	tiff.write('MM', 0, 'latin1');
	tiff.writeUInt16BE(42, 2);
	tiff.writeUInt32BE(8, 4);
	tiff.writeUInt16BE(1, 8);
	tiff.writeUInt16BE(0x0112, 10);
	tiff.writeUInt16BE(3, 12);
	tiff.writeUInt32BE(1, 14);
	tiff.writeUInt16BE(orientation, 18);
	return segment(0xe1, Buffer.concat([Buffer.from('Exif\u0000\u0000', 'latin1'), tiff]));
}

/** A grey JPEG of width × height pixels (one component, every block DC-only). */
export function jpeg(width: number, height: number, options: JpegOptions = {}): Buffer {
	const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
	parts.push(
		segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 72, 0, 72, 0, 0])),
	);
	if (options.orientation) parts.push(exifSegment(options.orientation));
	let padding = options.paddingBytes ?? 0;
	while (padding > 0) {
		const size = Math.min(padding, 65_000);
		parts.push(segment(0xe2, Buffer.alloc(size, 0x20)));
		padding -= size;
	}
	// Quantisation table 0: DC step chosen so that a DC value of 0 is mid grey after the level shift.
	parts.push(segment(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)])));
	const frame = Buffer.alloc(9);
	frame[0] = 8;
	frame.writeUInt16BE(height, 1);
	frame.writeUInt16BE(width, 3);
	frame[5] = 1; // components
	frame[6] = 1; // component id
	frame[7] = 0x11; // sampling 1×1
	frame[8] = 0; // quantisation table 0
	parts.push(segment(options.progressive ? 0xc2 : 0xc0, frame));
	// Huffman tables with a single 1-bit code: DC symbol 0 (difference 0), AC symbol 0 (end of block).
	const oneCode = (tableClassAndId: number) =>
		Buffer.concat([Buffer.from([tableClassAndId, 1]), Buffer.alloc(15), Buffer.from([0])]);
	parts.push(segment(0xc4, oneCode(0x00)));
	if (!options.progressive) parts.push(segment(0xc4, oneCode(0x10)));
	const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
	// Baseline: DC code + end-of-block per block (2 bits); progressive DC-first scan: DC code only (1 bit).
	const bits = blocks * (options.progressive ? 1 : 2);
	const data = Buffer.alloc(Math.ceil(bits / 8));
	const rest = bits % 8;
	if (rest) data[data.length - 1] = 0xff >> rest; // pad the last byte with 1-bits
	const scan = options.progressive
		? Buffer.from([1, 1, 0x00, 0, 0, 0]) // DC first scan: Ss=0, Se=0, Ah=Al=0
		: Buffer.from([1, 1, 0x00, 0, 63, 0]);
	parts.push(segment(0xda, scan));
	parts.push(data[data.length - 1] === 0xff ? Buffer.concat([data, Buffer.from([0])]) : data);
	parts.push(Buffer.from([0xff, 0xd9]));
	return Buffer.concat(parts);
}

// ---------------------------------------------------------------------------------------------------------
// PDF

export interface PdfOptions {
	/** Put a content stream of this many bytes before the page object, so the page size sits at the file's end. */
	paddingBytes?: number;
	/** Give the MediaBox by reference (`/MediaBox 5 0 R`), which a preflight cannot read from the file's ends. */
	mediaBoxByReference?: boolean;
}

/** A one-page PDF whose page is widthPt × heightPt points. */
export function pdf(widthPt: number, heightPt: number, options: PdfOptions = {}): Buffer {
	const box = `[0 0 ${formatPt(widthPt)} ${formatPt(heightPt)}]`;
	const padding = options.paddingBytes ?? 0;
	const content = `% ${'design '.repeat(Math.ceil(padding / 7)).slice(0, padding)}\n0.8 g 0 0 ${formatPt(widthPt)} ${formatPt(heightPt)} re f\n`;
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
		`<< /Length ${content.length} >>\nstream\n${content}endstream`,
		`<< /Type /Page /Parent 2 0 R /MediaBox ${options.mediaBoxByReference ? '5 0 R' : box} /Contents 3 0 R >>`,
		...(options.mediaBoxByReference ? [box] : []),
	];
	let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
	const offsets: number[] = [];
	objects.forEach((body, index) => {
		offsets.push(Buffer.byteLength(out, 'latin1'));
		out += `${index + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xref = Buffer.byteLength(out, 'latin1');
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

function formatPt(value: number): string {
	return Number(value.toFixed(4)).toString();
}

/** Points of a page that is `px` pixels at `dpi` (what a preflight reads back as `px`). */
export function pointsFor(px: number, dpi: number): number {
	return (px / dpi) * 72;
}

// ---------------------------------------------------------------------------------------------------------
// Bad cases

/** What a web server's error page looks like when a design URL is wrong. */
export const HTML_NOT_FOUND = Buffer.from(
	'<!DOCTYPE html>\n<html lang="en"><head><title>Page not found</title></head><body><h1>Not found</h1></body></html>\n',
	'utf8',
);

/** A PNG whose header chunk is damaged (one width byte flipped after the checksum was computed). */
export function brokenPng(): Buffer {
	const bytes = png(400, 400);
	bytes[18] ^= 0xff;
	return bytes;
}

/** The head of a huge PNG: a valid header for `width` × `height`; the body is streamed (see hugeBody). */
export function hugePngHead(width: number, height: number): Buffer {
	return pngHeader(width, height);
}

// ---------------------------------------------------------------------------------------------------------
// The files the sandbox serves under /_sandbox/designs/<name>

export interface DesignFile {
	contentType: string;
	/** The whole file, or for a streamed one its head and total length (the rest is filler bytes). */
	bytes: Buffer;
	streamedLength?: number;
	description: string;
}

/** 256 MiB: big enough that downloading it whole is visible in a test, served without being held in memory. */
export const HUGE_LENGTH = 256 * 1024 * 1024;

const NAMED: Record<string, () => DesignFile> = {
	'tshirt-ok.png': () => ({
		contentType: 'image/png',
		bytes: png(2205, 2756),
		description: 'PNG exactly the T-shirt print area (OGB-910: 2205 × 2756 px at 200 dpi)',
	}),
	'tshirt-too-small.png': () => ({
		contentType: 'image/png',
		bytes: png(800, 1000),
		description: 'PNG 800 × 1000 px: too small for a T-shirt',
	}),
	'logo-square.jpg': () => ({
		contentType: 'image/jpeg',
		bytes: jpeg(2300, 2300),
		description: 'JPEG 2300 × 2300 px (baseline)',
	}),
	'photo-progressive.jpg': () => ({
		contentType: 'image/jpeg',
		bytes: jpeg(3000, 2000, { progressive: true }),
		description: 'progressive JPEG 3000 × 2000 px',
	}),
	'photo-rotated.jpg': () => ({
		contentType: 'image/jpeg',
		bytes: jpeg(2756, 2205, { orientation: 6 }),
		description: 'JPEG stored 2756 × 2205 px with EXIF "rotate 90°": displayed 2205 × 2756',
	}),
	'photo-big-profile.jpg': () => ({
		contentType: 'image/jpeg',
		bytes: jpeg(2400, 3000, { paddingBytes: 300_000 }),
		description: 'JPEG 2400 × 3000 px with 300 kB of profile data before its frame header',
	}),
	'poster-a4.pdf': () => ({
		contentType: 'application/pdf',
		bytes: pdf(595.28, 841.89),
		description: 'PDF, one A4 page (210 × 297 mm)',
	}),
	'poster-tail.pdf': () => ({
		contentType: 'application/pdf',
		bytes: pdf(pointsFor(2205, 200), pointsFor(2756, 200), { paddingBytes: 200_000 }),
		description: 'PDF whose page size sits at the end of the file (after 200 kB of content)',
	}),
	'poster-by-reference.pdf': () => ({
		contentType: 'application/pdf',
		bytes: pdf(595.28, 841.89, { mediaBoxByReference: true }),
		description: 'PDF whose page size is given by reference (cannot be read from the file’s ends)',
	}),
	'not-an-image.png': () => ({
		contentType: 'image/png',
		bytes: HTML_NOT_FOUND,
		description: 'an HTML error page served as .png (image/png)',
	}),
	'broken.png': () => ({
		contentType: 'image/png',
		bytes: brokenPng(),
		description: 'a PNG with a damaged header',
	}),
	'empty.png': () => ({
		contentType: 'image/png',
		bytes: Buffer.alloc(0),
		description: 'an empty file',
	}),
	'huge.png': () => ({
		contentType: 'image/png',
		bytes: hugePngHead(8000, 10000),
		streamedLength: HUGE_LENGTH,
		description: `a ${HUGE_LENGTH / 1024 / 1024} MiB PNG (8000 × 10000 px header, filler body), streamed`,
	}),
};

const GENERATED =
	/^(\d{1,5})x(\d{1,5})(-progressive|-rotated)?(?:@(\d{2,4}))?\.(png|jpg|jpeg|pdf)$/;
const MAX_GENERATED_PIXELS = 60_000_000;

/**
 * A design by name: a named sample, or generated: `<w>x<h>.png`, `<w>x<h>.jpg` (`-progressive`,
 * `-rotated` = EXIF 90°), `<w>x<h>@<dpi>.pdf` (a page of w × h pixels at dpi, default 200).
 */
export function designFile(name: string): DesignFile | undefined {
	const named = NAMED[name];
	if (named) return named();
	const match = GENERATED.exec(name);
	if (!match) return undefined;
	const [width, height] = [Number(match[1]), Number(match[2])];
	if (width < 1 || height < 1 || width * height > MAX_GENERATED_PIXELS) return undefined;
	const variant = match[3];
	const extension = match[5];
	if (extension === 'png')
		return variant
			? undefined
			: {
					contentType: 'image/png',
					bytes: png(width, height),
					description: `PNG ${width} × ${height}`,
				};
	if (extension === 'pdf') {
		if (variant) return undefined;
		const dpi = Number(match[4] ?? 200);
		return {
			contentType: 'application/pdf',
			bytes: pdf(pointsFor(width, dpi), pointsFor(height, dpi)),
			description: `PDF page of ${width} × ${height} px at ${dpi} dpi`,
		};
	}
	if (match[4]) return undefined;
	// -rotated: stored as height × width with EXIF orientation 6, so it displays as width × height.
	const bytes =
		variant === '-rotated'
			? jpeg(height, width, { orientation: 6 })
			: jpeg(width, height, { progressive: variant === '-progressive' });
	return {
		contentType: 'image/jpeg',
		bytes,
		description: `JPEG ${width} × ${height}${variant ?? ''}`,
	};
}

export function namedDesigns(): Array<{ name: string; description: string }> {
	return Object.keys(NAMED).map((name) => ({ name, description: NAMED[name]().description }));
}
