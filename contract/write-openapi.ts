/**
 * Builds the OpenAPI 3.1 document of the Printio API from the TypeBox schemas (api/schema/) and writes
 * contract/openapi.json (`npm run contract`). Named schemas become components and every
 * reuse of one (same object reference) becomes a $ref, so the document stays readable.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TSchema } from '@sinclair/typebox';
import { STATUS_NAMES, type StatusCode } from '../api/statusCodes';
import { endpoints, SUBSCRIPTION_KEY_HEADER, type Endpoint } from '../api/schema/endpoints';
import { namedSchemas } from '../api/schema/schemas';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const nameOf = new Map<unknown, string>();
for (const [name, schema] of Object.entries(namedSchemas)) nameOf.set(schema, name);

/** Plain JSON copy of a schema; nested named schemas become $refs (the root itself is expanded). */
function toJson(schema: unknown, isRoot = true): Json {
	if (!isRoot && nameOf.has(schema)) return { $ref: `#/components/schemas/${nameOf.get(schema)}` };
	if (Array.isArray(schema)) return schema.map((s) => toJson(s, false));
	if (schema !== null && typeof schema === 'object') {
		const out: { [key: string]: Json } = {};
		// Object.entries skips TypeBox's symbol keys (Kind, OptionalKind), which are not JSON Schema.
		for (const [k, v] of Object.entries(schema)) out[k] = toJson(v, false);
		return out;
	}
	return schema as Json;
}

function queryParameters(schema: TSchema): Json[] {
	const props = (schema.properties ?? {}) as Record<string, TSchema>;
	const required = new Set<string>((schema.required as string[] | undefined) ?? []);
	return Object.entries(props).map(([name, prop]) => {
		const p: { [key: string]: Json } = {
			name,
			in: 'query',
			required: required.has(name),
			schema: toJson(prop, false),
		};
		if (typeof prop.description === 'string') p.description = prop.description;
		return p;
	});
}

function operation(e: Endpoint): Json {
	const parameters: Json[] = [
		{
			name: 'Accept',
			in: 'header',
			required: false,
			schema: { type: 'string', default: 'application/json' },
		},
		...e.headers.map((h) => ({
			name: h.name,
			in: 'header',
			required: h.required,
			description: h.description,
			schema: { type: 'string' },
		})),
	];
	if (e.query) parameters.push(...queryParameters(e.query));
	const codes = e.statusCodes.map((c) => `${c} (${STATUS_NAMES[c as StatusCode]})`).join(', ');
	const where = e.envelope === 'top' ? 'at the top level' : 'inside `response`';
	const op: { [key: string]: Json } = {
		operationId: e.id,
		summary: e.summary,
		description:
			`status_code ${where}: ${codes}; any other value is a system error.` +
			(e.paginated
				? ' Paginated with limit (1..30, default 25) and page (>= 1), returns total.'
				: '') +
			(e.internal ? ' Internal, test release.' : ''),
		tags: [e.path.split('/')[1]],
		parameters,
		responses: {
			'200': {
				description:
					'Envelope with status_code (errors included, the reference shows only HTTP 200)',
				content: {
					'application/json': { schema: { $ref: `#/components/schemas/${e.responseName}` } },
				},
			},
			'401': {
				description: 'Missing or invalid subscription key (API gateway)',
				content: { 'application/json': { schema: { $ref: '#/components/schemas/Unauthorized' } } },
			},
		},
	};
	if (e.body) {
		op.requestBody = {
			required: true,
			content: { 'application/json': { schema: toJson(e.body, false) } },
		};
	}
	return op;
}

export function buildOpenApi(): Json {
	const paths: { [key: string]: { [key: string]: Json } } = {};
	for (const e of endpoints) {
		paths[e.path] ??= {};
		paths[e.path][e.method.toLowerCase()] = operation(e);
	}
	const schemas: { [key: string]: Json } = {};
	for (const [name, schema] of Object.entries(namedSchemas)) schemas[name] = toJson(schema, true);
	return {
		openapi: '3.1.0',
		info: {
			title: 'Printio Retailer Printing Service API',
			version: '1.4.2',
			description:
				'Machine-readable contract of the Printio API 1.4.2, generated from api/schema/schemas.ts. ' +
				'Date-times carry no zone (Asia/Tokyo wall time, YYYY-MM-DD HH:mm:ss). Shapes the reference ' +
				"does not show (colour values, categories, available_items, user_info) are the sandbox's decisions.",
			license: { name: 'MIT', identifier: 'MIT' },
		},
		servers: [
			{ url: 'http://127.0.0.1:4010', description: 'Local Printio sandbox (npm run sandbox)' },
			{
				url: 'https://apitest.printio.me/external',
				description: 'Printio public test environment',
			},
		],
		security: [{ subscriptionKey: [] }],
		tags: [...new Set(endpoints.map((e) => e.path.split('/')[1]))].map((name) => ({
			name,
			description: endpoints
				.filter((e) => e.path.split('/')[1] === name)
				.map((e) => `${e.method} ${e.path}: ${e.summary}`)
				.join('; '),
		})),
		paths,
		components: {
			securitySchemes: {
				subscriptionKey: { type: 'apiKey', in: 'header', name: SUBSCRIPTION_KEY_HEADER },
			},
			schemas,
		},
	};
}

if (require.main === module) {
	const out = join(__dirname, 'openapi.json');
	writeFileSync(out, JSON.stringify(buildOpenApi(), null, 2) + '\n');
	console.log(`wrote ${out}`);
}
