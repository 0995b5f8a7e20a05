// npm run release -- <patch|minor|major|X.Y.Z> "<one line for the README's Version history>"
// Sets the version of both packages, moves CHANGELOG.md's Unreleased lines under it, adds the README row,
// commits and tags (the tag is the bare version). Nothing is pushed: `git push --follow-tags` starts the
// publish workflow, which checks the tag again and publishes both packages with npm provenance.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import {
	addVersionRow,
	nextVersion,
	readVersions,
	releaseChangelog,
	setVersion,
	tagProblems,
} from './versions.mjs';

const root = process.cwd();
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const fail = (message) => {
	console.error(`release: ${message}`);
	process.exit(1);
};

const [spec, summary] = process.argv.slice(2);
if (!spec || !summary)
	fail('usage: npm run release -- <patch|minor|major|X.Y.Z> "<summary for the README>"');
if (git('status', '--porcelain')) fail('the working tree has changes; commit or stash them first');

let version;
try {
	version = nextVersion(readVersions(root)['package.json'], spec);
} catch (error) {
	fail(error.message);
}
if (git('tag', '--list', version)) fail(`the tag ${version} exists already`);

const date = new Date().toISOString().slice(0, 10);
try {
	const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
	const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
	const newChangelog = releaseChangelog(changelog, version, date);
	const newReadme = addVersionRow(readme, version, date, summary);
	setVersion(root, version);
	writeFileSync(path.join(root, 'CHANGELOG.md'), newChangelog);
	writeFileSync(path.join(root, 'README.md'), newReadme);
} catch (error) {
	fail(error.message);
}
const problems = tagProblems(root, version);
if (problems.length) fail(problems.join('; '));

git(
	'add',
	'package.json',
	'package-lock.json',
	'packages/printio-sandbox/package.json',
	'CHANGELOG.md',
	'README.md',
);
git('commit', '-q', '-m', `Release ${version}`);
git('tag', '-a', version, '-m', `Release ${version}`);
console.log(
	`release: ${version} committed and tagged. Publish with: git push origin HEAD --follow-tags`,
);
