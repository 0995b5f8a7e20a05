/**
 * Sample design files for preflight tests and demos (not part of the Printio API; no key):
 * GET /_sandbox/designs lists them, GET /_sandbox/designs/<name> serves one (see designs.ts for names).
 * Single byte ranges are served as a file host would (206, Content-Range); `?ranges=ignore` makes the
 * server ignore Range (200, whole file) and `?length=hide` leaves out Content-Length, to test a client's
 * hard cap. Every design request is logged with the body bytes the sandbox handed to the socket:
 * GET /_sandbox/design-requests (DELETE clears it).
 */
import { Readable } from 'node:stream';

import type { FastifyInstance } from 'fastify';

import { designFile, namedDesigns, type DesignFile } from '../../designs';

export interface DesignRequestLogEntry {
	name: string;
	range: string | null;
	statusCode: number;
	/** Body bytes the sandbox produced for the socket; with a dropped connection, less than the file. */
	bytesSent: number;
	fileLength: number;
	/** Whether the response completed (false: the client closed the connection first). */
	finished: boolean;
	/** Request headers, to check that no credential was sent to a design host. */
	headers: Record<string, unknown>;
}

const CHUNK = 64 * 1024;

/** The file as a stream of chunks produced on demand, counting what is pulled. */
function fileStream(
	file: DesignFile,
	start: number,
	end: number,
	count: (bytes: number) => void,
): Readable {
	let position = start;
	const filler = Buffer.alloc(CHUNK, 0x5a);
	return new Readable({
		read() {
			if (position > end) {
				this.push(null);
				return;
			}
			const stop = Math.min(end + 1, position + CHUNK);
			let chunk: Buffer;
			if (position < file.bytes.length)
				chunk = file.bytes.subarray(position, Math.min(stop, file.bytes.length));
			else chunk = filler.subarray(0, stop - position);
			position += chunk.length;
			count(chunk.length);
			this.push(chunk);
		},
	});
}

/** One `bytes=` range of a file of `length` bytes: [start, end] inclusive, 'unsatisfiable', or undefined (ignore). */
function parseRange(
	header: string | undefined,
	length: number,
): [number, number] | 'unsatisfiable' | undefined {
	const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
	if (!match || (match[1] === '' && match[2] === '')) return undefined;
	if (match[1] === '') {
		const suffix = Number(match[2]);
		if (suffix === 0 || length === 0) return 'unsatisfiable';
		return [Math.max(0, length - suffix), length - 1];
	}
	const start = Number(match[1]);
	const end = match[2] === '' ? length - 1 : Math.min(Number(match[2]), length - 1);
	if (start >= length || end < start) return 'unsatisfiable';
	return [start, end];
}

/** Generated files by name: a PNG of a print area takes tens of milliseconds to compress. */
const cache = new Map<string, DesignFile | undefined>();

function cachedDesign(name: string): DesignFile | undefined {
	if (!cache.has(name)) {
		if (cache.size >= 64) cache.delete(cache.keys().next().value as string);
		cache.set(name, designFile(name));
	}
	return cache.get(name);
}

export function registerDesigns(app: FastifyInstance): void {
	let log: DesignRequestLogEntry[] = [];

	app.get('/_sandbox/designs', async (req) => {
		const base = `${req.protocol}://${req.headers.host ?? ''}`;
		return {
			designs: namedDesigns().map((design) => ({
				...design,
				url: `${base}/_sandbox/designs/${design.name}`,
			})),
		};
	});

	app.get('/_sandbox/design-requests', async () => log);
	app.delete('/_sandbox/design-requests', async () => {
		const cleared = log.length;
		log = [];
		return { cleared };
	});

	app.get<{ Params: { name: string }; Querystring: { ranges?: string; length?: string } }>(
		'/_sandbox/designs/:name',
		async (req, reply) => {
			const file = cachedDesign(req.params.name);
			if (!file)
				return reply
					.code(404)
					.header('content-type', 'text/html; charset=utf-8')
					.send('<!DOCTYPE html><html><body>Not found</body></html>');
			const length = file.streamedLength ?? file.bytes.length;
			const rangeHeader = typeof req.headers.range === 'string' ? req.headers.range : undefined;
			const entry: DesignRequestLogEntry = {
				name: req.params.name,
				range: rangeHeader ?? null,
				statusCode: 200,
				bytesSent: 0,
				fileLength: length,
				finished: false,
				headers: { ...req.headers },
			};
			log.push(entry);
			if (log.length > 1000) log.splice(0, log.length - 1000);
			reply.raw.once('finish', () => (entry.finished = true));

			const range = req.query.ranges === 'ignore' ? undefined : parseRange(rangeHeader, length);
			reply.header('content-type', file.contentType);
			if (req.query.ranges !== 'ignore') reply.header('accept-ranges', 'bytes');
			if (range === 'unsatisfiable') {
				entry.statusCode = 416;
				return reply.code(416).header('content-range', `bytes */${length}`).send('');
			}
			const [start, end] = range ?? [0, length - 1];
			entry.statusCode = range ? 206 : 200;
			reply.code(entry.statusCode);
			if (range) reply.header('content-range', `bytes ${start}-${end}/${length}`);
			if (req.query.length !== 'hide')
				reply.header('content-length', String(Math.max(0, end - start + 1)));
			if (length === 0) return reply.send('');
			return reply.send(fileStream(file, start, end, (bytes) => (entry.bytesSent += bytes)));
		},
	);
}
