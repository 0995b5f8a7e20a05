/**
 * The design read's safety caps (fetchDesign.ts) as properties: a server that ignores Range is read as a stream
 * and cut off at 1 MiB (a design whose header ends exactly at the cap is read, one byte later is not, whatever
 * the chunking, never more than one chunk past the cap); a server that honours Range is asked for at most 6
 * ranges of at most 64 KiB each, and a design is read exactly when the header is within those 6 ranges.
 * JPEGs with padding segments and fill bytes put the frame header at any byte offset.
 */
import fc from 'fast-check';
import { Readable } from 'stream';
import type { IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

import {
	DESIGN_READ,
	readDesignHead,
	type DesignHeadRead,
} from '../../../../../nodes/Printio/checks/design/fetchDesign';
import { readDesignHeader } from '../../../../../nodes/Printio/checks/design/imageHeader';
import { jpeg, png } from '../../../../../sandbox/designs';

const CAP = DESIGN_READ.maxBytes;
const CHUNK = DESIGN_READ.chunkBytes;

/** Bytes of `file` the header reader needs from the start before it answers (binary search; the need is monotone). */
function need(file: Buffer): number {
	const answers = (length: number) =>
		readDesignHeader({
			ranges: [{ start: 0, bytes: file.subarray(0, length) }],
			totalLength: undefined,
			complete: false,
		}).status !== 'more';
	let low = 1;
	let high = file.length;
	while (low < high) {
		const middle = Math.floor((low + high) / 2);
		if (answers(middle)) high = middle;
		else low = middle + 1;
	}
	return low;
}

/** A 2205 × 2756 JPEG whose frame header ends exactly at byte `target` (padding segments plus 0xFF fill bytes). */
function jpegNeeding(target: number): Buffer {
	const bare = need(jpeg(2205, 2756));
	let padding = Math.max(0, target - bare - 2000);
	let base = jpeg(2205, 2756, { paddingBytes: padding });
	while (need(base) > target && padding > 0) {
		padding = Math.max(0, padding - 1000);
		base = jpeg(2205, 2756, { paddingBytes: padding });
	}
	const fill = target - need(base);
	const dqt = base.indexOf(Buffer.from([0xff, 0xdb]));
	const file = Buffer.concat([base.subarray(0, dqt), Buffer.alloc(fill, 0xff), base.subarray(dqt)]);
	expect(need(file)).toBe(target);
	return file;
}

interface FakeServer {
	context: IExecuteFunctions;
	ranges: string[];
	/** Body bytes handed out (pulled from the streams). */
	bytesServed: number;
}

/** A file host: honours single byte ranges (206) or ignores Range (200, the whole file in `chunk`-byte pieces). */
function fileHost(
	file: Buffer,
	mode: { ranges: boolean; chunk: number; overServe?: boolean },
): FakeServer {
	const server: FakeServer = { context: undefined as never, ranges: [], bytesServed: 0 };
	const streamOf = (bytes: Buffer) =>
		Readable.from(
			(function* () {
				for (let at = 0; at < bytes.length; at += mode.chunk) {
					const piece = bytes.subarray(at, at + mode.chunk);
					server.bytesServed += piece.length;
					yield piece;
				}
			})(),
		);
	const httpRequest = async (request: IHttpRequestOptions) => {
		const range = String((request.headers as Record<string, string>).Range);
		server.ranges.push(range);
		if (!mode.ranges)
			return {
				statusCode: 200,
				headers: { 'content-length': String(file.length) },
				body: streamOf(file),
			};
		const match = /^bytes=(\d*)-(\d*)$/.exec(range)!;
		const start = match[1] === '' ? Math.max(0, file.length - Number(match[2])) : Number(match[1]);
		// overServe: a host that answers 206 from the asked start but sends the rest of the file.
		const end =
			match[1] === '' || match[2] === '' || mode.overServe
				? file.length - 1
				: Math.min(Number(match[2]), file.length - 1);
		if (start >= file.length)
			return { statusCode: 416, headers: {}, body: streamOf(Buffer.alloc(0)) };
		return {
			statusCode: 206,
			headers: { 'content-range': `bytes ${start}-${end}/${file.length}` },
			body: streamOf(file.subarray(start, end + 1)),
		};
	};
	const context: { helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest'> } = {
		helpers: { httpRequest } as Pick<IExecuteFunctions['helpers'], 'httpRequest'>,
	};
	server.context = context as IExecuteFunctions;
	return server;
}

const read = async (server: FakeServer): Promise<DesignHeadRead> => {
	const head = await readDesignHead.call(
		server.context,
		'https://designs.example/file.jpg?token=secret',
	);
	if (head.unreachable !== undefined) throw new Error(head.unreachable);
	return head;
};

describe('reading a design from a server that ignores Range', () => {
	it('the cap is 1 MiB: a header ending exactly at the cap is read, one byte later is not (64 KiB pieces)', async () => {
		expect(CAP).toBe(1024 * 1024);
		const exact = await read(fileHost(jpegNeeding(CAP), { ranges: false, chunk: 64 * 1024 }));
		expect(exact.read).toMatchObject({ status: 'ok', size: { width: 2205, height: 2756 } });
		expect(exact.bytesRead).toBe(CAP);
		expect(exact.rangesServed).toBe(false);

		const over = fileHost(jpegNeeding(CAP + 1), { ranges: false, chunk: 64 * 1024 });
		const refused = await read(over);
		expect(refused.read).toMatchObject({
			status: 'unreadable',
			format: 'jpeg',
			reason: 'its header was not complete within the first 1024 KiB read',
		});
		expect(refused.bytesRead).toBe(CAP);
		expect(over.bytesServed).toBe(CAP);
	});

	it('any chunking: read iff the header is within the pieces that reach the cap; never more than one piece past it', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(
					fc.integer({ min: CAP - 3, max: CAP + 3 }),
					fc.integer({ min: 200, max: 3 * CAP }),
				),
				fc.oneof(
					fc.constantFrom(1024, 64 * 1024, 100_000, 300_000),
					fc.integer({ min: 512, max: 400_000 }),
				),
				async (target, chunk) => {
					const file = jpegNeeding(target);
					const server = fileHost(file, { ranges: false, chunk });
					const head = await read(server);
					const reachable = Math.ceil(CAP / chunk) * chunk;
					expect(head.read.status).toBe(target <= reachable ? 'ok' : 'unreadable');
					const expectedRead = Math.min(
						file.length,
						Math.min(Math.ceil(target / chunk), Math.ceil(CAP / chunk)) * chunk,
					);
					expect(head.bytesRead).toBe(expectedRead);
					expect(head.bytesRead).toBeLessThan(CAP + chunk);
					expect(server.ranges).toHaveLength(1);
				},
			),
			{ numRuns: 25 },
		);
	});

	it('a 256 MiB stream is cut off at the cap, not downloaded', async () => {
		const head = png(8000, 10000).subarray(0, 20); // a PNG that never completes its header chunk
		const huge = { length: 256 * 1024 * 1024 };
		let served = 0;
		const context: { helpers: Pick<IExecuteFunctions['helpers'], 'httpRequest'> } = {
			helpers: {
				httpRequest: async () => ({
					statusCode: 200,
					headers: { 'content-length': String(huge.length) },
					body: Readable.from(
						(function* () {
							yield head;
							for (served = head.length; served < huge.length; served += 65536)
								yield Buffer.alloc(65536, 0x20);
						})(),
					),
				}),
			} as Pick<IExecuteFunctions['helpers'], 'httpRequest'>,
		};
		const result = await readDesignHead.call(
			context as IExecuteFunctions,
			'https://designs.example/huge.png',
		);
		expect(result.unreachable).toBeUndefined();
		expect((result as DesignHeadRead).read.status).not.toBe('ok');
		expect((result as DesignHeadRead).bytesRead).toBeLessThan(CAP + 65536);
		expect(served).toBeLessThan(CAP + 2 * 65536);
	});
});

/** Offsets where the reader needs 4 bytes of a marker (each fill byte is one step), and the frame header's end. */
function walk(file: Buffer): { steps: number[]; frameEnd: number } {
	const steps: number[] = [];
	let offset = 2;
	for (;;) {
		steps.push(offset);
		const code = file[offset + 1];
		if (code === 0xff) {
			offset += 1;
			continue;
		}
		if (code === 0xc0 || code === 0xc2) return { steps, frameEnd: offset + 9 };
		offset += 2 + file.readUInt16BE(offset + 2);
	}
}

/** Range requests a reader needs that asks for 64 KiB from the first byte it lacks: 1 + one per gap. */
function rangeRequestsNeeded(file: Buffer): number {
	const { steps, frameEnd } = walk(file);
	const covered: Array<[number, number]> = [[0, CHUNK]];
	const has = (from: number, to: number) =>
		covered.some(([start, end]) => start <= from && to <= end);
	for (const [index, step] of steps.entries()) {
		const to = index === steps.length - 1 ? frameEnd : step + 4;
		if (!has(step, step + 4) || !has(step, to)) covered.push([step, step + CHUNK]);
	}
	return covered.length;
}

describe('reading a design from a server that honours Range', () => {
	it('at most 6 ranges of at most 64 KiB: read exactly when the header is within them; padding is skipped, not read', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.oneof(fc.integer({ min: 200, max: 8 * CHUNK }), fc.integer({ min: 200, max: 4 * CAP })),
				async (target) => {
					const file = jpegNeeding(target);
					const server = fileHost(file, { ranges: true, chunk: 16 * 1024 });
					const head = await read(server);
					const needed = rangeRequestsNeeded(file);
					expect(head.read.status).toBe(needed <= DESIGN_READ.maxRequests ? 'ok' : 'unreadable');
					expect(head.requests).toBe(Math.min(needed, DESIGN_READ.maxRequests));
					expect(server.ranges).toHaveLength(head.requests);
					for (const range of server.ranges) {
						const [, from, to] = /^bytes=(\d+)-(\d+)$/.exec(range)!;
						expect(Number(to) - Number(from) + 1).toBeLessThanOrEqual(CHUNK);
					}
					expect(head.bytesRead).toBeLessThanOrEqual(DESIGN_READ.maxRequests * CHUNK);
					expect(head.rangesServed).toBe(true);
				},
			),
			{ numRuns: 30 },
		);
	});

	it('a host that sends more than the range asked for is read only as far as asked: 64 KiB per answer, nothing more pulled', async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: 200, max: 2 * CAP }), async (target) => {
				const file = jpegNeeding(target);
				const server = fileHost(file, { ranges: true, chunk: 16 * 1024, overServe: true });
				const head = await read(server);
				expect(head.read.status).toBe(
					rangeRequestsNeeded(file) <= DESIGN_READ.maxRequests ? 'ok' : 'unreadable',
				);
				expect(head.bytesRead).toBeLessThanOrEqual(head.requests * CHUNK);
				// 16 KiB pieces divide 64 KiB: the reader stops pulling exactly at what it asked for.
				expect(server.bytesServed).toBe(head.bytesRead);
			}),
			{ numRuns: 20 },
		);
	});

	it('the boundary: a header that needs exactly 6 ranges is read, one that needs 7 is not', async () => {
		expect(DESIGN_READ.maxRequests).toBe(6);
		// Frame headers further and further in: the first file that needs 6 ranges, and the first that needs 7.
		const files = Array.from({ length: 200 }, (_, step) => jpegNeeding(1000 + step * 5000));
		const six = files.find((file) => rangeRequestsNeeded(file) === 6)!;
		const seven = files.find((file) => rangeRequestsNeeded(file) === 7)!;
		expect([six, seven].every(Boolean)).toBe(true);
		expect((await read(fileHost(six, { ranges: true, chunk: CHUNK }))).read.status).toBe('ok');
		const refused = await read(fileHost(seven, { ranges: true, chunk: CHUNK }));
		expect(refused.read.status).toBe('unreadable');
		expect(refused.requests).toBe(6);
	});
});
