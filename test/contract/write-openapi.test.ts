/** The machine-readable contract: the OpenAPI 3.1 document is generated from the schemas, current and valid. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { endpoints } from '../../api/schema/endpoints';
import { buildOpenApi } from '../../contract/write-openapi';

const ROOT = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const doc = buildOpenApi() as any;

it('describes the 11 endpoints with the subscription key scheme and $refs to named schemas', () => {
	expect(doc.openapi).toBe('3.1.0');
	const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
		Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`),
	);
	expect(operations.sort()).toEqual(endpoints.map((e) => `${e.method} ${e.path}`).sort());
	expect(operations).toHaveLength(11);
	expect(doc.components.securitySchemes.subscriptionKey).toEqual({
		type: 'apiKey',
		in: 'header',
		name: 'Printio-Api-Subscription-Key',
	});
	const order = doc.paths['/order-by-code'].post;
	expect(order.requestBody.content['application/json'].schema).toEqual({
		$ref: '#/components/schemas/OrderByCodeRequest',
	});
	expect(order.parameters.map((p: { name: string }) => p.name)).toContain('X-Feature-Flags');
	const zip = doc.components.schemas.AddressBlock.properties.zip_code;
	expect(zip.pattern).toBe('^[0-9]{7}$');
	const limit = doc.paths['/items'].get.parameters.find(
		(p: { name: string }) => p.name === 'limit',
	);
	expect(limit.schema).toMatchObject({ minimum: 1, maximum: 30, default: 25 });
	expect(
		doc.paths['/users/user'].get.parameters.find((p: { name: string }) => p.name === 'MailAddress')
			.required,
	).toBe(true);
	// no TypeBox internals leak into the document
	expect(JSON.stringify(doc)).not.toMatch(/"\[?Kind\]?"|TypeBox/);
});

it('contract/openapi.json is the current output of npm run contract', () => {
	const committed = JSON.parse(readFileSync(join(ROOT, 'contract', 'openapi.json'), 'utf8'));
	expect(committed).toEqual(doc);
});

it('passes redocly lint (recommended-strict)', async () => {
	const dir = mkdtempSync(join(tmpdir(), 'printio-openapi-'));
	try {
		const file = join(dir, 'openapi.json');
		writeFileSync(file, JSON.stringify(doc));
		const { stdout, stderr } = await promisify(execFile)(
			process.execPath,
			[
				join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
				'lint',
				file,
				'--config',
				join(ROOT, 'contract', 'redocly.yaml'),
				'--format=summary',
			],
			{
				cwd: ROOT,
				env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
			},
		);
		expect(stdout + stderr).toContain('Your API description is valid');
		// a failing rule exits non-zero (execFile rejects); summary lines look like "warning rule-name: N"
		expect(stdout + stderr).not.toMatch(/^(warning|error) [a-z0-9-]+:/m);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}, 30000);
