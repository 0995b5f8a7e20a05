import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what the fastify-plugin package does, through fastify's documented
 * `skip-override` symbol): its decorations, hooks and handlers apply to the whole application.
 */
export function unencapsulated<Options extends Record<string, unknown>>(
	plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
	return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
