/**
 * The local design simulator that POST /simulator-url points to: a small page whose
 * "design complete" button creates an original item and goes to next_url, and whose
 * "back" link goes to previous_url.
 */
import type { FastifyPluginAsync } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import { IMAGE_URL_PATTERN } from '../../../api/schema/schemas';
import { catalogByCode } from '../../catalog';

const esc = (text: string) =>
	text.replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
	);

/** next_url plus the created codes as query parameters (the sandbox's decision; the real hand-over is not shown). */
export function completionUrl(nextUrl: string, originalItemCode: string, itemCode: string): string {
	const params = new URLSearchParams({ original_item_code: originalItemCode, item_code: itemCode });
	try {
		const u = new URL(nextUrl);
		for (const [name, value] of params) u.searchParams.set(name, value);
		return u.toString();
	} catch {
		// The contract only asks for http(s)://<no spaces>; keep even an unparsable URL working.
		return `${nextUrl}${nextUrl.includes('?') ? '&' : '?'}${params.toString()}`;
	}
}

/** The page posts a plain HTML form: form bodies are parsed in this plugin's routes only. */
export const simulatorPageRoutes: FastifyPluginAsync = async (app) => {
	const { store } = app;
	app.addContentTypeParser(
		'application/x-www-form-urlencoded',
		{ parseAs: 'string', bodyLimit: 64 * 1024 },
		(_req, body, done) => {
			done(null, parseQueryString(body as string));
		},
	);

	app.get<{ Params: { token: string } }>('/_sandbox/simulator/:token', async (req, reply) => {
		const session = store.sessions.get(req.params.token);
		if (!session)
			return reply
				.code(404)
				.type('text/html; charset=utf-8')
				.send('<!doctype html><p>Simulator session not found.</p>');
		const item = catalogByCode.get(session.item_code)!;
		const done = session.original_item_code
			? `<p class="done">Design already completed: <code>${esc(session.original_item_code)}</code></p>`
			: '';
		const html = `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>Printio sandbox simulator: ${esc(item.item.item_name)}</title>
<style>body{font-family:sans-serif;max-width:40rem;margin:2rem auto}label{display:block;margin:.6rem 0}
input{width:100%}button{padding:.5rem 1.2rem}.done{color:#070}</style></head>
<body>
<h1>デザインシミュレーター (sandbox)</h1>
<p>Item: <strong>${esc(item.item.item_name)}</strong> (<code>${esc(item.item.code)}</code>), retailer ${session.retailer_id}</p>
<p>Printable sides: ${item.item.printable_sides.map(esc).join(', ')}</p>
${done}
<form method="post" action="/_sandbox/simulator/${esc(session.token)}/complete">
<label>Design name <input name="original_item_name" maxlength="255" value="${esc(`${item.item.item_name} オリジナル`)}"></label>
<label>Design image URL (png, jpg, pdf) <input name="image_url" value="https://img.printio-sandbox.example/designs/sample.png"></label>
<button type="submit" id="complete">デザイン完了 (design complete)</button>
</form>
<p><a id="back" href="${esc(session.previous_url)}">戻る (back)</a></p>
</body></html>`;
		return reply.type('text/html; charset=utf-8').send(html);
	});

	app.post<{ Params: { token: string } }>(
		'/_sandbox/simulator/:token/complete',
		async (req, reply) => {
			const session = store.sessions.get(req.params.token);
			if (!session) return reply.code(404).send({ error: 'simulator session not found' });
			// Single use: pressing the button again goes on with the item created the first time.
			if (session.original_item_code)
				return reply.redirect(
					completionUrl(session.next_url, session.original_item_code, session.item_code),
					303,
				);
			const form = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
				string,
				unknown
			>;
			const name =
				typeof form.original_item_name === 'string' && form.original_item_name.trim() !== ''
					? form.original_item_name.slice(0, 255)
					: null;
			const image =
				typeof form.image_url === 'string' && new RegExp(IMAGE_URL_PATTERN).test(form.image_url)
					? form.image_url
					: 'https://img.printio-sandbox.example/designs/sample.png';
			const created = store.completeSession(session, name, image);
			return reply.redirect(
				completionUrl(session.next_url, created.original_item_code, session.item_code),
				303,
			);
		},
	);
};
