/**
 * The shape of the shipped code: both nodes use the shared layer (nodes/shared/printio) and neither reaches
 * into the other; node code takes only types from the schemas (api/schema), so nothing of them is needed at
 * runtime, and nothing of contract/ (the OpenAPI writer). .dependency-cruiser.cjs checks the same and more.
 */
import fs from 'node:fs';
import path from 'node:path';

import { endpoints } from '../../api/schema/endpoints';
import { ENDPOINTS } from '../../api/endpoints';

const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(relative);
		return entry.name.endsWith('.ts') ? [relative] : [];
	});
}

/** Every `import ... from '<relative path>'` (and `export ... from`), resolved to a path from the repository root. */
function importsOf(file: string): Array<{ target: string; typeOnly: boolean }> {
	const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
	const found: Array<{ target: string; typeOnly: boolean }> = [];
	for (const match of text.matchAll(/^(import|export)(\s+type)?[^;]*?from\s+'(\.[^']+)'/gms)) {
		found.push({ target: path.join(path.dirname(file), match[3]), typeOnly: Boolean(match[2]) });
	}
	return found;
}

const inside = (target: string, dir: string) => target === dir || target.startsWith(`${dir}/`);

describe('layers of the shipped code', () => {
	it('the trigger imports nothing of the action node', () => {
		const offending = sourceFiles('nodes/PrintioTrigger').flatMap((file) =>
			importsOf(file)
				.filter((i) => inside(i.target, 'nodes/Printio'))
				.map((i) => `${file} -> ${i.target}`),
		);
		expect(offending).toEqual([]);
	});

	it('the action node imports nothing of the trigger', () => {
		const offending = sourceFiles('nodes/Printio').flatMap((file) =>
			importsOf(file)
				.filter((i) => inside(i.target, 'nodes/PrintioTrigger'))
				.map((i) => `${file} -> ${i.target}`),
		);
		expect(offending).toEqual([]);
	});

	it('the shared layer imports neither node', () => {
		const offending = sourceFiles('nodes/shared').flatMap((file) =>
			importsOf(file)
				.filter(
					(i) => inside(i.target, 'nodes/Printio') || inside(i.target, 'nodes/PrintioTrigger'),
				)
				.map((i) => `${file} -> ${i.target}`),
		);
		expect(offending).toEqual([]);
	});

	it('node code takes only types from the schemas, and nothing from contract/', () => {
		const files = sourceFiles('nodes');
		const offending = files.flatMap((file) =>
			importsOf(file)
				.filter(
					(i) => (inside(i.target, 'api/schema') && !i.typeOnly) || inside(i.target, 'contract'),
				)
				.map((i) => `${file} -> ${i.target}`),
		);
		expect(offending).toEqual([]);
		// The check sees the imports it is meant to see.
		expect(
			files.some((file) =>
				importsOf(file).some((i) => inside(i.target, 'api/schema') && i.typeOnly),
			),
		).toBe(true);
	});

	it('the schemas list the endpoint table of the API room, not a table of their own', () => {
		expect(endpoints.map((e) => `${e.id} ${e.method} ${e.path}`)).toEqual(
			Object.entries(ENDPOINTS).map(([id, e]) => `${id} ${e.method} ${e.path}`),
		);
		const text = fs.readFileSync(path.join(ROOT, 'api/schema/endpoints.ts'), 'utf8');
		expect(text).not.toMatch(/path:\s*'\//);
	});
});
