/**
 * Where tests live (docs/testing.md): the tests of a source file `<dir>/X.ts` are in `test/<dir>/`, in files whose
 * names start with `X.` (`X.test.ts`, `X.properties.test.ts`, `X.workflow.test.ts`, …), so that a test is found from
 * its source and its source from its name. test/harness, test/fixtures and test/package mirror no source folder.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '..', '..');
const TEST = path.join(ROOT, 'test');
const NO_MIRROR = ['harness', 'fixtures', 'package'];
/** Test files kept where they are although no source file has their name, each with the reason. */
const KEPT = new Map([
	// The layers of the shipped code; .dependency-cruiser.cjs (npm run lint) checks the same. Whether to drop it is
	// the maintainers' call (issue 21).
	['test/nodes/layers.test.ts', 'checks the layers that dependency-cruiser checks'],
]);
const SOURCE_EXTENSIONS = ['.ts', '.mjs', '.js'];

function testFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const file = path.join(dir, entry.name);
		if (entry.isDirectory())
			return dir === TEST && NO_MIRROR.includes(entry.name) ? [] : testFiles(file);
		return entry.name.endsWith('.test.ts') ? [file] : [];
	});
}

/** The source file a test file is named after: `<dir>/X.test.ts` or `<dir>/X.<aspect>.test.ts` → `<dir>/X.ts`. */
function sourceOf(testFile: string): string | undefined {
	const dir = path.join(ROOT, path.relative(TEST, path.dirname(testFile)));
	const parts = path.basename(testFile, '.test.ts').split('.');
	for (let length = parts.length; length >= 1; length--) {
		const stem = parts.slice(0, length).join('.');
		for (const extension of SOURCE_EXTENSIONS) {
			const candidate = path.join(dir, stem + extension);
			if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
		}
	}
	return undefined;
}

describe('test layout', () => {
	it('every test file outside test/harness, test/fixtures and test/package is named after a source file in the mirrored folder', () => {
		const files = testFiles(TEST).map((file) =>
			path.relative(ROOT, file).split(path.sep).join('/'),
		);
		expect(files.length).toBeGreaterThan(100);
		const unplaced = files.filter(
			(file) => !KEPT.has(file) && sourceOf(path.join(ROOT, file)) === undefined,
		);
		expect(unplaced).toEqual([]);
		expect([...KEPT.keys()].filter((file) => !files.includes(file))).toEqual([]);
	});
});

/** Every `.ts` file under the shipped folders. */
function shippedSources(): string[] {
	const walk = (dir: string): string[] =>
		fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
			const file = path.join(dir, entry.name);
			return entry.isDirectory() ? walk(file) : entry.name.endsWith('.ts') ? [file] : [];
		});
	return ['nodes', 'credentials', 'api'].flatMap((dir) => walk(path.join(ROOT, dir)));
}

describe('tests named by behaviour, equivalent mutants by reason (docs/testing.md)', () => {
	it('no test file is named after the mutation tool', () => {
		const named = [
			...testFiles(TEST),
			...fs.readdirSync(path.join(TEST, 'package')).map((f) => path.join(TEST, 'package', f)),
		].filter((file) => /survivor|stryker|mutant/i.test(path.basename(file)));
		expect(named).toEqual([]);
	});

	it('no Stryker disable comment in shipped code: a branch that cannot run is deleted, an equivalent mutant gets a line in docs/testing.md', () => {
		const sources = shippedSources();
		expect(sources.length).toBeGreaterThan(100);
		const disables = sources.flatMap((file) =>
			fs
				.readFileSync(file, 'utf8')
				.split('\n')
				.filter((line) => /Stryker (disable|restore)/.test(line))
				.map((line) => `${path.relative(ROOT, file)}: ${line.trim()}`),
		);
		expect(disables).toEqual([]);
	});

	it('comments are at most 7 % of shipped code, as scripts/size.mjs counts them (issue 49: a comment says why, in a line)', () => {
		const printed = execFileSync(process.execPath, ['scripts/size.mjs'], {
			cwd: ROOT,
			encoding: 'utf8',
		});
		const [, comments, all] = /comments: .*\((\d+) of (\d+);/.exec(printed) ?? [];
		expect(Number(all)).toBeGreaterThan(100_000);
		expect(Number(comments) / Number(all)).toBeLessThanOrEqual(0.07);
	});
});
