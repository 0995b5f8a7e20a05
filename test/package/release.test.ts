/**
 * `npm run release` in a throw-away git repository holding copies of the versioned files: it bumps both
 * packages and the lock file, moves the changelog's Unreleased lines, adds the README row, commits and tags;
 * check-tag accepts that tag and refuses any other.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const FILES = [
	'package.json',
	'package-lock.json',
	'packages/printio-sandbox/package.json',
	'CHANGELOG.md',
	'README.md',
];
const script = (name: string) => path.join(ROOT, 'scripts', 'release', name);

let repo: string;
const git = (...args: string[]) =>
	execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
const node = (...args: string[]) =>
	spawnSync(process.execPath, args, { cwd: repo, encoding: 'utf8' });
const json = (file: string) => JSON.parse(readFileSync(path.join(repo, file), 'utf8'));
const text = (file: string) => readFileSync(path.join(repo, file), 'utf8');

beforeEach(() => {
	repo = mkdtempSync(path.join(tmpdir(), 'printio-release-'));
	mkdirSync(path.join(repo, 'packages', 'printio-sandbox'), { recursive: true });
	for (const file of FILES) cpSync(path.join(ROOT, file), path.join(repo, file));
	git('init', '-q');
	git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'add', '.');
	git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-q', '-m', 'start');
	git('config', 'user.email', 't@example.invalid');
	git('config', 'user.name', 't');
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

it('releases the next minor version of both packages, with its changelog section, README row and tag', () => {
	const before = json('package.json').version as string;
	const [major, minor] = before.split('.').map(Number);
	const next = `${major}.${minor + 1}.0`;
	const unreleased = text('CHANGELOG.md').split('\n## Unreleased\n')[1].split('\n## ')[0].trim();
	expect(unreleased).not.toBe('');

	const run = node(script('release.mjs'), 'minor', 'a test release');
	expect(run.stderr).toBe('');
	expect(run.status).toBe(0);

	expect(json('package.json').version).toBe(next);
	expect(json('packages/printio-sandbox/package.json').version).toBe(next);
	const lock = json('package-lock.json');
	expect([
		lock.version,
		lock.packages[''].version,
		lock.packages['packages/printio-sandbox'].version,
	]).toEqual([next, next, next]);
	const changelog = text('CHANGELOG.md');
	const today = new Date().toISOString().slice(0, 10);
	expect(changelog).toContain(`## Unreleased\n\n## ${next} - ${today}\n\n${unreleased}\n`);
	expect(text('README.md')).toContain(`|---|---|---|\n| ${next} | ${today} | a test release |\n`);
	expect(git('tag', '--list')).toBe(next);
	expect(git('status', '--porcelain')).toBe('');
	expect(git('log', '-1', '--format=%s')).toBe(`Release ${next}`);

	expect(node(script('check-tag.mjs'), next).status).toBe(0);
	const wrong = node(script('check-tag.mjs'), before);
	expect(wrong.status).toBe(1);
	expect(wrong.stderr).toContain(`package.json has version ${next}, the tag is ${before}`);
});

it('refuses a dirty tree, a version not above the current one, and an empty Unreleased section', () => {
	writeFileSync(path.join(repo, 'README.md'), `${text('README.md')}\nedit\n`);
	expect(node(script('release.mjs'), 'patch', 'x').stderr).toMatch(/working tree has changes/);
	git('checkout', '-q', 'README.md');

	expect(node(script('release.mjs'), json('package.json').version, 'x').stderr).toMatch(
		/is not above the current version/,
	);

	const empty = text('CHANGELOG.md').replace(
		/\n## Unreleased\n[\s\S]*?\n## /,
		'\n## Unreleased\n\n## ',
	);
	writeFileSync(path.join(repo, 'CHANGELOG.md'), empty);
	git('commit', '-qam', 'empty');
	expect(node(script('release.mjs'), 'patch', 'x').stderr).toMatch(/Unreleased is empty/);
	expect(git('tag', '--list')).toBe('');
});
