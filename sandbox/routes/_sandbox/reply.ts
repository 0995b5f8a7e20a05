import type { FastifyReply } from 'fastify';

/** Control API errors: `{ "error": "..." }` with a 4xx status. */
export const fail = (reply: FastifyReply, code: number, error: string) =>
	reply.code(code).send({ error });

/** A JSON object body, or {} for anything else (each field is then checked by its route). */
export function objectBody(body: unknown): Record<string, unknown> {
	return typeof body === 'object' && body !== null && !Array.isArray(body)
		? (body as Record<string, unknown>)
		: {};
}
