/**
 * Both packages as they are published: `scripts/release/pack.mjs` packs them (after `npm run build`), and each
 * tarball is checked file by file, then the node package goes through the tarball leg of n8n's scanner.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SANDBOX_DIR = path.join(ROOT, 'packages', 'printio-sandbox');

interface Packed {
	name: string;
	version: string;
	tarball: string;
	size: number;
	unpackedSize: number;
	files: string[];
}

let work: string;
let packed: { node: Packed; sandbox: Packed };

function extract(tarball: string): string {
	const dir = mkdtempSync(path.join(work, 'x-'));
	execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
	return dir;
}

function walk(dir: string, base = dir): string[] {
	return readdirSync(dir).flatMap((name) => {
		const full = path.join(dir, name);
		return statSync(full).isDirectory()
			? walk(full, base)
			: [path.relative(base, full).split(path.sep).join('/')];
	});
}

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** The module specifiers each compiled file requires. */
function requiresOf(dir: string): Array<{ file: string; specifier: string }> {
	return walk(dir)
		.filter((file) => file.endsWith('.js'))
		.flatMap((file) =>
			[
				...readFileSync(path.join(dir, file), 'utf8').matchAll(
					/\brequire\(\s*["']([^"']+)["']\s*\)/g,
				),
			].map((m) => ({
				file,
				specifier: m[1],
			})),
		);
}

function resolvesInside(dir: string, from: string, specifier: string): boolean {
	const target = path.join(dir, path.dirname(from), specifier);
	return [target, `${target}.js`, path.join(target, 'index.js')].some((candidate) => {
		try {
			return statSync(candidate).isFile();
		} catch {
			return false;
		}
	});
}

beforeAll(() => {
	work = mkdtempSync(path.join(tmpdir(), 'printio-tarballs-'));
	const out = execFileSync(
		process.execPath,
		[path.join(ROOT, 'scripts', 'release', 'pack.mjs'), work],
		{
			cwd: ROOT,
			encoding: 'utf8',
		},
	);
	packed = JSON.parse(out);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('n8n-nodes-printio tarball', () => {
	it('holds exactly the built node files, the npm README, LICENSE and package.json', () => {
		// The API room ships its top level (api/*.ts); its TypeBox schemas (api/schema) only lend types and stay out.
		const api = readdirSync(path.join(ROOT, 'api'))
			.filter((file) => file.endsWith('.ts'))
			.map((file) => `api/${file}`);
		expect(api.length).toBeGreaterThan(0);
		const sources = ['nodes', 'credentials']
			.flatMap((dir) => walk(path.join(ROOT, dir)).map((file) => `${dir}/${file}`))
			.concat(['index.ts'], api)
			.filter((file) => !file.endsWith('.test.ts') && !file.endsWith('.md'));
		const expected = sources
			.map((file) => `dist/${file.endsWith('.ts') ? file.replace(/\.ts$/, '.js') : file}`)
			.concat(['LICENSE', 'README.md', 'package.json'])
			.sort();
		expect(packed.node.files).toEqual(expected);
	});

	it('is what npm packs from the repository, file for file and byte for byte, except the README', () => {
		const dryRun = JSON.parse(
			execFileSync('npm', ['pack', '--dry-run', '--json'], {
				cwd: ROOT,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'pipe'],
			}),
		)[0] as { files: Array<{ path: string; size: number }> };
		const sizes = (files: Array<{ path: string; size: number }>) =>
			Object.fromEntries(files.filter((f) => f.path !== 'README.md').map((f) => [f.path, f.size]));
		const dir = extract(packed.node.tarball);
		const inTarball = walk(dir).map((file) => ({
			path: file,
			size: statSync(path.join(dir, file)).size,
		}));
		expect(sizes(inTarball)).toEqual(sizes(dryRun.files));
		// The sandbox package (a workspace), the contract writer and the schemas add nothing to the node package.
		expect(
			packed.node.files.filter((file) =>
				/sandbox|contract|packages\/|^dist\/api\/schema\//.test(file),
			),
		).toEqual([]);
	});

	it('has no runtime dependencies and requires nothing but n8n-workflow and its own files', () => {
		const dir = extract(packed.node.tarball);
		const pkg = json(path.join(dir, 'package.json'));
		expect(pkg.dependencies ?? {}).toEqual({});
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials, pkg.main]) {
			expect(statSync(path.join(dir, file)).isFile()).toBe(true);
		}
		const outside = requiresOf(dir).filter(
			({ file, specifier }) =>
				specifier !== 'n8n-workflow' &&
				!(specifier.startsWith('.') && resolvesInside(dir, file, specifier)),
		);
		expect(outside).toEqual([]);
	});

	it('passes the tarball leg of n8n scanner (every .js and package.json, inline config off): 0 errors, 0 warnings', () => {
		const dir = extract(packed.node.tarball);
		const run = spawnSync(
			process.execPath,
			[path.join(ROOT, 'scripts', 'scan-lint.mjs'), '--tarball', dir],
			{
				encoding: 'utf8',
			},
		);
		expect(run.stdout).toMatch(/tarball leg, inline config off\): \d+ files, 0 errors, 0 warnings/);
		expect(run.status).toBe(0);
	}, 120_000);

	it('shows npm users install, credential and first order first, and no developer section', () => {
		const dir = extract(packed.node.tarball);
		const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
		const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
		expect(headings.slice(0, 2)).toEqual(['Install', 'Credentials']);
		expect(headings).not.toContain('Development');
		expect(headings).not.toContain('Benchmarks');
		expect(readme.split('## Credentials')[0]).toMatch(/Your first order/);
		expect(readme.split('## Credentials')[0]).toMatch(/npx printio-sandbox/);
		expect(readme).not.toMatch(/npm ci && npm run test:all/);
		// npm's page cannot follow links into the repository: every link is absolute or an anchor on the page.
		const anchors = new Set(
			[...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
				m[1]
					.trim()
					.toLowerCase()
					.replace(/[^\p{L}\p{N}\s_-]/gu, '')
					.replace(/\s/g, '-'),
			),
		);
		const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
		expect(targets.length).toBeGreaterThan(5);
		const broken = targets.filter(
			(t) => !/^https?:\/\//.test(t) && !(t.startsWith('#') && anchors.has(t.slice(1))),
		);
		expect(broken).toEqual([]);
	});

	it('ships no eslint-disable comment: the scanner ignores them, so the project lint may not lean on them', () => {
		const shipped = ['nodes', 'credentials'].flatMap((dir) =>
			walk(path.join(ROOT, dir)).map((file) => `${dir}/${file}`),
		);
		const disabled = shipped
			.filter((file) => file.endsWith('.ts'))
			.filter((file) => /eslint-disable/.test(readFileSync(path.join(ROOT, file), 'utf8')));
		expect(disabled).toEqual([]);
	});

	it('keeps the two commands first in the repository README', () => {
		const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
		const firstBlock = /```bash\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
		expect(readme.indexOf(firstBlock)).toBeLessThan(readme.indexOf('\n## '));
		expect(
			firstBlock
				.split('\n')
				.filter(Boolean)
				.map((line) => line.split('#')[0].trim()),
		).toEqual(['npm install && npm run dev', 'npm ci && npm run test:all']);
	});
});

describe('printio-sandbox tarball', () => {
	it('holds the CLI, the compiled sandbox and contract, README, LICENSE and package.json, nothing else', () => {
		const built = walk(path.join(SANDBOX_DIR, 'dist')).map((file) => `dist/${file}`);
		expect(built.every((file) => file.endsWith('.js'))).toBe(true);
		expect(built).toEqual(
			expect.arrayContaining(['dist/sandbox/main.js', 'dist/sandbox/server.js']),
		);
		expect(packed.sandbox.files).toEqual(
			[...built, 'bin/printio-sandbox.js', 'LICENSE', 'README.md', 'package.json'].sort(),
		);
		const dir = extract(packed.sandbox.tarball);
		expect(readFileSync(path.join(dir, 'LICENSE'), 'utf8')).toBe(
			readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'),
		);
		const bin = readFileSync(path.join(dir, 'bin', 'printio-sandbox.js'), 'utf8');
		expect(bin.startsWith('#!/usr/bin/env node\n')).toBe(true);
		expect(statSync(path.join(dir, 'bin', 'printio-sandbox.js')).mode & 0o111).not.toBe(0);
	});

	it('declares every package its code requires, at the versions the repository tests with', () => {
		const dir = extract(packed.sandbox.tarball);
		const pkg = json(path.join(dir, 'package.json'));
		const root = json(path.join(ROOT, 'package.json'));
		expect(pkg.name).toBe('printio-sandbox');
		expect(pkg.version).toBe(root.version);
		expect(pkg.bin).toEqual({ 'printio-sandbox': 'bin/printio-sandbox.js' });
		const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
		const packages = new Set(
			requiresOf(dir)
				.filter(({ file, specifier }) => {
					if (specifier.startsWith('.')) {
						expect({ file, specifier, inside: resolvesInside(dir, file, specifier) }).toEqual({
							file,
							specifier,
							inside: true,
						});
						return false;
					}
					return !builtins.has(specifier);
				})
				.map(({ specifier }) =>
					(specifier.startsWith('@')
						? specifier.split('/').slice(0, 2)
						: specifier.split('/').slice(0, 1)
					).join('/'),
				),
		);
		expect(Object.keys(pkg.dependencies).sort()).toEqual([...packages].sort());
		for (const [name, version] of Object.entries(pkg.dependencies)) {
			expect({ name, version }).toEqual({ name, version: root.devDependencies[name] });
		}
	});
});
