/**
 * readDesignHeader (nodes/Printio/checks/design/imageHeader.ts), beyond imageHeader.test.ts: how a
 * short head is told apart (a prefix of a PNG, JPEG or PDF signature asks for more, anything else is not a design),
 * the PNG header's checks, and the JPEG marker walk: fill bytes, stand-alone markers, markers that end the search,
 * bad segment lengths, the frame header's size, the 10,000-segment limit, reads across byte ranges and the EXIF
 * orientation (both byte orders, IFD bounds, invalid values). Files are built byte by byte, like real ones.
 */
import fc from 'fast-check';

import {
	readDesignHeader,
	type ByteRanges,
} from '../../../../../nodes/Printio/checks/design/imageHeader';

const whole = (bytes: Buffer): ByteRanges => ({
	ranges: [{ start: 0, bytes }],
	totalLength: bytes.length,
	complete: true,
});
const head = (bytes: Buffer, totalLength?: number): ByteRanges => ({
	ranges: [{ start: 0, bytes }],
	totalLength,
	complete: false,
});

// ---------------------------------------------------------------------------------------------------------
// PNG, with its own CRC (the file's checksum is not computed with the code under test).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});
function crc(bytes: Buffer): number {
	let value = 0xffffffff;
	for (const byte of bytes) value = CRC_TABLE[(value ^ byte) & 0xff] ^ (value >>> 8);
	return (value ^ 0xffffffff) >>> 0;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Signature + first chunk (13 data bytes, correct CRC) + an IEND chunk: 45 bytes. */
function pngFile(width: number, height: number, { length = 13, type = 'IHDR' } = {}): Buffer {
	const chunk = Buffer.alloc(4 + 4 + 13 + 4);
	chunk.writeUInt32BE(length, 0);
	chunk.write(type, 4, 'latin1');
	chunk.writeUInt32BE(width, 8);
	chunk.writeUInt32BE(height, 12);
	chunk[16] = 8;
	chunk.writeUInt32BE(crc(chunk.subarray(4, 21)), 21);
	const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
	return Buffer.concat([PNG_SIGNATURE, chunk, iend]);
}

// ---------------------------------------------------------------------------------------------------------
// JPEG

function segment(marker: number, data: Buffer | number[]): Buffer {
	const body = Buffer.from(data);
	const out = Buffer.from([0xff, marker, 0, 0]);
	out.writeUInt16BE(body.length + 2, 2);
	return Buffer.concat([out, body]);
}
const APP0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 72, 0, 72, 0, 0]);
function sof(width: number, height: number, code = 0xc0): Buffer {
	return segment(code, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]);
}
/** SOI, the given segments, a tiny scan and EOI. */
function jpegOf(...parts: Buffer[]): Buffer {
	return Buffer.concat([
		Buffer.from([0xff, 0xd8]),
		...parts,
		segment(0xda, [1, 1, 0, 0, 63, 0]),
		Buffer.from([0x00, 0xff, 0xd9]),
	]);
}

interface ExifOptions {
	/** The two byte-order bytes as written ('II', 'MM', or something invalid). */
	order?: string;
	/** How the numbers are written: little-endian (as 'II' says) or big-endian. */
	little?: boolean;
	/** IFD0's offset from the TIFF header. */
	ifdOffset?: number;
	/** The IFD's entry count, when it should differ from the entries written. */
	count?: number;
	/** Bytes written after the entries (instead of the next-IFD offset). */
	after?: number[];
	/** Cut the TIFF data to this many bytes. */
	cut?: number;
	/** Identifier of the APP1 payload. */
	id?: string;
	marker?: number;
}

/** An APP1 EXIF segment whose IFD0 holds the given [tag, SHORT value] entries. */
function exif(entries: Array<[number, number]>, options: ExifOptions = {}): Buffer {
	const { order = 'MM', little = order === 'II', ifdOffset = 8, after = [0, 0, 0, 0] } = options;
	const tiff = Buffer.alloc(ifdOffset + 2 + entries.length * 12 + after.length);
	const u16 = (value: number, at: number) =>
		little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at);
	const u32 = (value: number, at: number) =>
		little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at);
	tiff.write(order, 0, 'latin1');
	u16(42, 2);
	u32(ifdOffset, 4);
	u16(options.count ?? entries.length, ifdOffset);
	entries.forEach(([tag, value], i) => {
		const at = ifdOffset + 2 + i * 12;
		u16(tag, at);
		u16(3, at + 2); // SHORT
		u32(1, at + 4);
		u16(value, at + 8);
	});
	Buffer.from(after).copy(tiff, ifdOffset + 2 + entries.length * 12);
	const data = tiff.subarray(0, options.cut ?? tiff.length);
	return segment(
		options.marker ?? 0xe1,
		Buffer.concat([Buffer.from(options.id ?? 'Exif\u0000\u0000', 'latin1'), data]),
	);
}
const ORIENTATION = 0x0112;
const IMAGE_WIDTH = 0x0100;

/** A 2300 × 1700 JPEG with the given segments before its frame header. */
const landscape = (...parts: Buffer[]) =>
	readDesignHeader(whole(jpegOf(APP0, ...parts, sof(2300, 1700))));
const AS_STORED = { status: 'ok', size: { format: 'jpeg', width: 2300, height: 1700 } };
const ROTATED = { status: 'ok', size: { format: 'jpeg', width: 1700, height: 2300 } };
const broken = (reason: string) => ({ status: 'broken', format: 'jpeg', reason });

// ---------------------------------------------------------------------------------------------------------

describe('a head too short to tell', () => {
	const prefixes: Array<[string, number[], string]> = [
		['png', [...PNG_SIGNATURE], 'png'],
		['jpeg', [0xff, 0xd8, 0xff], 'jpeg'],
		['pdf', [...Buffer.from('%PDF-', 'latin1')], 'pdf'],
	];

	it.each(prefixes)(
		'every proper prefix of the %s signature asks for the bytes after it, while more exist',
		(_name, signature, format) => {
			for (let length = 1; length < signature.length; length++) {
				const bytes = Buffer.from(signature.slice(0, length));
				const more = { status: 'more', format, offset: length };
				expect(readDesignHeader(head(bytes))).toStrictEqual(more);
				expect(readDesignHeader(head(bytes, length + 1))).toStrictEqual(more);
				expect(readDesignHeader(head(bytes, 1_000_000))).toStrictEqual(more);
				// The whole file: nothing more to read.
				const unknown = { status: 'notDesign', looksLike: 'an unknown file type' };
				expect(readDesignHeader(head(bytes, length))).toStrictEqual(unknown);
				expect(readDesignHeader(whole(bytes))).toStrictEqual(unknown);
				expect(readDesignHeader({ ranges: [{ start: 0, bytes }], complete: true })).toStrictEqual(
					unknown,
				);
			}
		},
	);

	it('a short head that starts like no design is not a design, even when more bytes exist', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 1, maxLength: 7 }), (bytes) => {
				const isPrefix = prefixes.some(([, signature]) =>
					[...bytes].every((byte, i) => i >= signature.length || signature[i] === byte),
				);
				fc.pre(!isPrefix);
				expect(readDesignHeader(head(Buffer.from(bytes)))).toMatchObject({ status: 'notDesign' });
			}),
		);
		expect(readDesignHeader(head(Buffer.from([0x01])))).toStrictEqual({
			status: 'notDesign',
			looksLike: 'an unknown file type',
		});
		expect(readDesignHeader(head(Buffer.from([0x89, 0x00])))).toStrictEqual({
			status: 'notDesign',
			looksLike: 'an unknown file type',
		});
		expect(readDesignHeader(head(Buffer.from('GIF8', 'latin1'), 100))).toStrictEqual({
			status: 'notDesign',
			looksLike: 'an unknown file type',
		});
	});

	it('a JPEG needs all three of FF D8 FF', () => {
		const unknown = { status: 'notDesign', looksLike: 'an unknown file type' };
		for (const start of [
			[0x00, 0xd8, 0xff],
			[0xff, 0x00, 0xff],
			[0xff, 0xd8, 0x00],
			[0x00, 0xd8, 0x00],
		]) {
			const bytes = Buffer.concat([
				Buffer.from(start),
				Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x10]),
			]);
			expect(readDesignHeader(whole(bytes))).toStrictEqual(unknown);
		}
		// Exactly the three signature bytes: a JPEG that ends before its first marker.
		expect(readDesignHeader(whole(Buffer.from([0xff, 0xd8, 0xff])))).toStrictEqual(
			broken('the file ends before the JPEG frame header'),
		);
	});
});

describe('PNG header', () => {
	it('any size from 1 to 2^32-1 pixels reads back exactly', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 0xffffffff }),
				fc.integer({ min: 1, max: 0xffffffff }),
				(width, height) => {
					expect(readDesignHeader(whole(pngFile(width, height)))).toStrictEqual({
						status: 'ok',
						size: { format: 'png', width, height },
					});
				},
			),
		);
	});

	it('cut anywhere inside its 33 header bytes: broken when that is the whole file, else it asks from byte 0', () => {
		const file = pngFile(640, 480);
		for (let length = 8; length < 33; length++) {
			const bytes = file.subarray(0, length);
			expect(readDesignHeader(whole(bytes))).toStrictEqual({
				status: 'broken',
				format: 'png',
				reason: 'the file ends inside the PNG header',
			});
			expect(readDesignHeader(head(bytes, file.length))).toStrictEqual({
				status: 'more',
				format: 'png',
				offset: 0,
			});
		}
	});

	it('a first chunk that is not a 13-byte IHDR is refused, even with a correct checksum', () => {
		const refused = {
			status: 'broken',
			format: 'png',
			reason: 'the PNG does not start with its IHDR header chunk',
		};
		expect(readDesignHeader(whole(pngFile(640, 480, { length: 14 })))).toStrictEqual(refused);
		expect(readDesignHeader(whole(pngFile(640, 480, { length: 12 })))).toStrictEqual(refused);
		expect(readDesignHeader(whole(pngFile(640, 480, { type: 'IHDX' })))).toStrictEqual(refused);
		expect(readDesignHeader(whole(pngFile(640, 480, { type: 'IDAT' })))).toStrictEqual(refused);
	});

	it('a width or a height of 0 is refused', () => {
		const zero = { status: 'broken', format: 'png', reason: 'the PNG claims a size of 0 pixels' };
		expect(readDesignHeader(whole(pngFile(0, 480)))).toStrictEqual(zero);
		expect(readDesignHeader(whole(pngFile(640, 0)))).toStrictEqual(zero);
		expect(readDesignHeader(whole(pngFile(0, 0)))).toStrictEqual(zero);
	});
});

describe('JPEG marker walk', () => {
	it('any size 1..65535 in any SOF reads back; SOF2/6/10/14 are progressive; DHT, JPG and DAC are skipped', () => {
		const progressive = new Set([0xc2, 0xc6, 0xca, 0xce]);
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 65535 }),
				fc.integer({ min: 1, max: 65535 }),
				fc.constantFrom(
					0xc0,
					0xc1,
					0xc2,
					0xc3,
					0xc5,
					0xc6,
					0xc7,
					0xc9,
					0xca,
					0xcb,
					0xcd,
					0xce,
					0xcf,
				),
				(width, height, code) => {
					const file = jpegOf(
						APP0,
						segment(0xc4, [0, 1]),
						segment(0xc8, [0]),
						segment(0xcc, [0, 0]),
						sof(width, height, code),
					);
					expect(readDesignHeader(whole(file))).toStrictEqual({
						status: 'ok',
						size: {
							format: 'jpeg',
							width,
							height,
							...(progressive.has(code) ? { progressive: true } : {}),
						},
					});
				},
			),
		);
	});

	it('fill bytes and stand-alone markers (TEM, RST0-7) before the frame header are stepped over', () => {
		for (const code of [0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]) {
			expect(landscape(Buffer.from([0xff, code]))).toStrictEqual(AS_STORED);
			expect(
				readDesignHeader(whole(jpegOf(Buffer.from([0xff, code]), sof(2300, 1700)))),
			).toStrictEqual(AS_STORED);
		}
		expect(landscape(Buffer.from([0xff, 0xff, 0xff]))).toStrictEqual(AS_STORED);
	});

	it('SOI, SOS or EOI before any frame header: the JPEG has no frame header', () => {
		for (const code of [0xd8, 0xd9, 0xda]) {
			// Read as a segment of length 2, the marker would lead on to a frame header: it must not be.
			const file = Buffer.concat([
				Buffer.from([0xff, 0xd8, 0xff, code, 0x00, 0x02]),
				sof(2300, 1700),
				Buffer.from([0xff, 0xd9]),
			]);
			expect(readDesignHeader(whole(file))).toStrictEqual(
				broken('the JPEG has no frame header before its image data'),
			);
		}
	});

	it('a byte that is not FF where a marker should be is named with its offset', () => {
		const file = Buffer.concat([
			Buffer.from([0xff, 0xd8]),
			APP0,
			Buffer.from([0x00]),
			sof(2300, 1700),
		]);
		expect(readDesignHeader(whole(file))).toStrictEqual(broken('no JPEG marker at byte 20'));
	});

	it('a segment length below 2 is broken; 2 (no data) is a valid empty segment', () => {
		for (const length of [0, 1]) {
			const file = jpegOf(
				APP0,
				Buffer.from([0xff, 0xe3, 0x00, length]),
				Buffer.from([0xff, 0xe3, 0x00, 0x02]),
				sof(2300, 1700),
			);
			expect(readDesignHeader(whole(file))).toStrictEqual(
				broken(`a JPEG segment at byte 20 has length ${length}`),
			);
		}
		expect(landscape(Buffer.from([0xff, 0xe3, 0x00, 0x02]))).toStrictEqual(AS_STORED);
	});

	it('a frame header with a width or height of 0 is broken', () => {
		const zero = broken('the JPEG frame header gives a size of 0 pixels');
		expect(readDesignHeader(whole(jpegOf(sof(0, 1700))))).toStrictEqual(zero);
		expect(readDesignHeader(whole(jpegOf(sof(2300, 0))))).toStrictEqual(zero);
	});

	it('a frame header cut short: broken at the end of the file, else the reader asks from the marker', () => {
		const file = jpegOf(APP0, sof(2300, 1700));
		for (let length = 24; length < 20 + 4 + 5; length++) {
			expect(readDesignHeader(whole(file.subarray(0, length)))).toStrictEqual(
				broken('the file ends inside the JPEG frame header'),
			);
			expect(readDesignHeader(head(file.subarray(0, length), file.length))).toStrictEqual({
				status: 'more',
				format: 'jpeg',
				offset: 20,
			});
		}
		expect(readDesignHeader(head(file.subarray(0, 29), file.length))).toStrictEqual(AS_STORED);
	});

	it('a segment that runs to or past the known end of the file is broken without asking; before it, the reader asks', () => {
		const start = Buffer.concat([
			Buffer.from([0xff, 0xd8]),
			APP0,
			Buffer.from([0xff, 0xe2, 0x00, 0x40]),
		]);
		// The APP2 segment ends at byte 20 + 2 + 64 = 86.
		const ends = broken('the file ends before the JPEG frame header');
		expect(readDesignHeader(head(start, 86))).toStrictEqual(ends);
		expect(readDesignHeader(head(start, 80))).toStrictEqual(ends);
		expect(readDesignHeader(head(start, 87))).toStrictEqual({
			status: 'more',
			format: 'jpeg',
			offset: 86,
		});
		expect(readDesignHeader(head(start))).toStrictEqual({
			status: 'more',
			format: 'jpeg',
			offset: 86,
		});
	});

	it('gives up after 10,000 segments without a frame header; the 10,000th may still be the frame header', () => {
		// Each fill byte is one step of the walk; the frame header after n fill bytes is step n + 1.
		const withFills = (fills: number) =>
			Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(fills, 0xff), sof(2300, 1700)]);
		expect(readDesignHeader(whole(withFills(9_999)))).toStrictEqual(AS_STORED);
		expect(readDesignHeader(whole(withFills(10_000)))).toStrictEqual(
			broken('too many JPEG segments before the frame header'),
		);
	});

	it('reads the segment after a skipped one from a later byte range, and asks for bytes that no range holds', () => {
		const padding = segment(0xe2, Buffer.alloc(1000, 0x20));
		const file = jpegOf(APP0, padding, sof(2300, 1700));
		const sofAt = 20 + padding.length;
		const later = { start: sofAt, bytes: file.subarray(sofAt) };
		expect(
			readDesignHeader({
				ranges: [{ start: 0, bytes: file.subarray(0, 64) }, later],
				totalLength: file.length,
				complete: false,
			}),
		).toStrictEqual(AS_STORED);
		// A range that starts after the bytes wanted does not hold them.
		const after = { start: sofAt + 8, bytes: Buffer.alloc(64, 0xff) };
		expect(
			readDesignHeader({
				ranges: [{ start: 0, bytes: file.subarray(0, 64) }, after],
				totalLength: file.length,
				complete: false,
			}),
		).toStrictEqual({
			status: 'more',
			format: 'jpeg',
			offset: sofAt,
		});
	});
});

describe('JPEG EXIF orientation', () => {
	it('orientations 5 to 8 swap width and height, 1 to 4 do not (both byte orders)', () => {
		for (const order of ['MM', 'II']) {
			for (let orientation = 1; orientation <= 8; orientation++) {
				expect(landscape(exif([[ORIENTATION, orientation]], { order }))).toStrictEqual(
					orientation >= 5 ? ROTATED : AS_STORED,
				);
			}
		}
	});

	it('a byte order other than II or MM makes the EXIF unreadable', () => {
		for (const order of ['IM', 'MI', 'XI', 'IX'])
			expect(landscape(exif([[ORIENTATION, 6]], { order, little: true }))).toStrictEqual(AS_STORED);
		for (const order of ['XX', 'MX', 'XM', 'IM', 'MI'])
			expect(landscape(exif([[ORIENTATION, 6]], { order, little: false }))).toStrictEqual(
				AS_STORED,
			);
	});

	it('only an APP1 segment that starts with "Exif\\0\\0" is read', () => {
		expect(landscape(exif([[ORIENTATION, 6]], { marker: 0xe2 }))).toStrictEqual(AS_STORED);
		expect(landscape(exif([[ORIENTATION, 6]], { id: 'Exif\u0000x' }))).toStrictEqual(AS_STORED);
		expect(landscape(exif([[ORIENTATION, 6]], { id: 'XMP\u0000\u0000\u0000' }))).toStrictEqual(
			AS_STORED,
		);
	});

	it('the orientation is found among other IFD entries, and only in its own entry', () => {
		expect(
			landscape(
				exif([
					[IMAGE_WIDTH, 2300],
					[ORIENTATION, 6],
				]),
			),
		).toStrictEqual(ROTATED);
		expect(
			landscape(
				exif(
					[
						[IMAGE_WIDTH, 2300],
						[0x0101, 1700],
						[ORIENTATION, 7],
					],
					{ order: 'II' },
				),
			),
		).toStrictEqual(ROTATED);
		// Another tag whose value is 6 is not an orientation.
		expect(
			landscape(
				exif([
					[IMAGE_WIDTH, 6],
					[ORIENTATION, 1],
				]),
			),
		).toStrictEqual(AS_STORED);
		expect(landscape(exif([[IMAGE_WIDTH, 6]]))).toStrictEqual(AS_STORED);
	});

	it('entries past the IFD count are not read', () => {
		// One entry counted; what follows it looks like an orientation entry but is the next-IFD offset's place.
		const after = [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00];
		expect(landscape(exif([[IMAGE_WIDTH, 2300]], { after }))).toStrictEqual(AS_STORED);
		expect(landscape(exif([[IMAGE_WIDTH, 2300]], { after, count: 2 }))).toStrictEqual(ROTATED);
	});

	it('an orientation entry cut by the end of the segment is not read; one that ends exactly there is', () => {
		expect(landscape(exif([[ORIENTATION, 6]], { after: [] }))).toStrictEqual(ROTATED);
		expect(landscape(exif([[ORIENTATION, 6]], { after: [], cut: 8 + 2 + 10 }))).toStrictEqual(
			AS_STORED,
		);
		expect(landscape(exif([[ORIENTATION, 6]], { after: [], cut: 8 + 2 + 11 }))).toStrictEqual(
			AS_STORED,
		);
	});

	it('in a range that starts after byte 0, the EXIF segment ends where its length says, not where the range ends', () => {
		// The orientation entry is cut 2 bytes short by the segment's end; the frame header's bytes follow it in the range.
		const file = jpegOf(
			APP0,
			exif([[ORIENTATION, 6]], { after: [], cut: 8 + 2 + 10 }),
			sof(2300, 1700),
		);
		const ranges = [
			{ start: 0, bytes: file.subarray(0, 20) },
			{ start: 20, bytes: file.subarray(20) },
		];
		expect(readDesignHeader({ ranges, totalLength: file.length, complete: true })).toStrictEqual(
			AS_STORED,
		);
	});

	it('an IFD offset past the segment is not followed', () => {
		expect(landscape(exif([[ORIENTATION, 6]], { ifdOffset: 8, cut: 9 }))).toStrictEqual(AS_STORED);
		expect(landscape(exif([], { ifdOffset: 8, after: [] }))).toStrictEqual(AS_STORED);
	});

	it('an orientation outside 1..8 is ignored: an earlier valid one stays', () => {
		for (const invalid of [0, 9, 0xffff]) {
			expect(landscape(exif([[ORIENTATION, invalid]]))).toStrictEqual(AS_STORED);
			expect(landscape(exif([[ORIENTATION, 6]]), exif([[ORIENTATION, invalid]]))).toStrictEqual(
				ROTATED,
			);
		}
		expect(landscape(exif([[ORIENTATION, 6]]), exif([[ORIENTATION, 1]]))).toStrictEqual(AS_STORED);
		expect(landscape(exif([[ORIENTATION, 1]]), exif([[ORIENTATION, 8]]))).toStrictEqual(ROTATED);
	});

	it('reads an IFD that lies beyond the first 256 bytes of an EXIF segment that was read whole', () => {
		expect(landscape(exif([[ORIENTATION, 6]], { ifdOffset: 300 }))).toStrictEqual(ROTATED);
	});

	it('reads the orientation from the first 256 bytes of a long EXIF segment that was not read whole', () => {
		const app1 = exif([[ORIENTATION, 6]], { after: [...Buffer.alloc(1000)] });
		const file = jpegOf(APP0, app1, sof(2300, 1700));
		const sofAt = 20 + app1.length;
		const ranges = [
			{ start: 0, bytes: file.subarray(0, 20 + 4 + 300) },
			{ start: sofAt, bytes: file.subarray(sofAt) },
		];
		expect(readDesignHeader({ ranges, totalLength: file.length, complete: false })).toStrictEqual(
			ROTATED,
		);
	});

	it('an EXIF segment that ends where the read range ends is read, without bytes past it', () => {
		const app1 = exif([[ORIENTATION, 6]], { after: [] });
		const file = jpegOf(APP0, app1, sof(2300, 1700));
		const sofAt = 20 + app1.length;
		const ranges = [
			{ start: 0, bytes: file.subarray(0, sofAt) },
			{ start: sofAt, bytes: file.subarray(sofAt) },
		];
		expect(readDesignHeader({ ranges, totalLength: file.length, complete: false })).toStrictEqual(
			ROTATED,
		);
	});
});
