// One version for both packages (n8n-nodes-printio and printio-sandbox): where it is written, how a release
// moves it, and the checks a version tag must pass before anything is published.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SANDBOX_PACKAGE_DIR = 'packages/printio-sandbox';
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file, value) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** Every place the version is written, by file. */
export function readVersions(root) {
	const lock = readJson(path.join(root, 'package-lock.json'));
	return {
		'package.json': readJson(path.join(root, 'package.json')).version,
		[`${SANDBOX_PACKAGE_DIR}/package.json`]: readJson(
			path.join(root, SANDBOX_PACKAGE_DIR, 'package.json'),
		).version,
		'package-lock.json': lock.version,
		'package-lock.json packages[""]': lock.packages?.['']?.version,
		[`package-lock.json packages["${SANDBOX_PACKAGE_DIR}"]`]:
			lock.packages?.[SANDBOX_PACKAGE_DIR]?.version,
	};
}

export function setVersion(root, version) {
	for (const file of ['package.json', `${SANDBOX_PACKAGE_DIR}/package.json`]) {
		const json = readJson(path.join(root, file));
		json.version = version;
		writeJson(path.join(root, file), json);
	}
	const lockFile = path.join(root, 'package-lock.json');
	const lock = readJson(lockFile);
	lock.version = version;
	lock.packages[''].version = version;
	lock.packages[SANDBOX_PACKAGE_DIR].version = version;
	writeJson(lockFile, lock);
}

const parse = (version) => SEMVER.exec(version)?.slice(1).map(Number);

export function compareVersions(a, b) {
	const [x, y] = [parse(a), parse(b)];
	for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
	return 0;
}

/** `patch`, `minor`, `major` or an explicit X.Y.Z above the current version. */
export function nextVersion(current, spec) {
	const [major, minor, patch] = parse(current) ?? [];
	if (major === undefined) throw new Error(`the current version ${current} is not X.Y.Z`);
	if (spec === 'patch') return `${major}.${minor}.${patch + 1}`;
	if (spec === 'minor') return `${major}.${minor + 1}.0`;
	if (spec === 'major') return `${major + 1}.0.0`;
	if (!parse(spec ?? ''))
		throw new Error(`give patch, minor, major or a version X.Y.Z (got ${spec})`);
	if (compareVersions(spec, current) <= 0)
		throw new Error(`${spec} is not above the current version ${current}`);
	return spec;
}

/** CHANGELOG.md: the Unreleased section's lines become the version's section; Unreleased starts empty again. */
export function releaseChangelog(text, version, date) {
	const start = text.indexOf('\n## Unreleased\n');
	if (start < 0) throw new Error('CHANGELOG.md has no "## Unreleased" section');
	const bodyStart = start + '\n## Unreleased\n'.length;
	const next = text.indexOf('\n## ', bodyStart);
	const body = text.slice(bodyStart, next < 0 ? undefined : next).trim();
	if (!body)
		throw new Error('CHANGELOG.md: Unreleased is empty; write what changed before releasing');
	if (changelogHasVersion(text, version))
		throw new Error(`CHANGELOG.md already has a section for ${version}`);
	const rest = next < 0 ? '' : text.slice(next);
	return `${text.slice(0, bodyStart)}\n## ${version} - ${date}\n\n${body}\n${rest}`;
}

export function changelogHasVersion(text, version) {
	return new RegExp(`^## ${version.replace(/\./g, '\\.')} - \\d{4}-\\d{2}-\\d{2}$`, 'm').test(text);
}

/** README.md's Version history table gets the new version as its first row. */
export function addVersionRow(readme, version, date, summary) {
	const header = '| Version | Date | In short |\n|---|---|---|\n';
	const at = readme.indexOf(header);
	if (at < 0)
		throw new Error("README.md has no Version history table ('| Version | Date | In short |')");
	const row = `| ${version} | ${date} | ${summary.replace(/\|/g, '\\|')} |\n`;
	return readme.slice(0, at + header.length) + row + readme.slice(at + header.length);
}

/** Why a tag must not be published; empty when it may. The tag is the bare version, as the starter's workflow. */
export function tagProblems(root, tag) {
	const problems = [];
	if (!parse(tag ?? '')) problems.push(`the tag "${tag}" is not a version X.Y.Z`);
	for (const [where, version] of Object.entries(readVersions(root))) {
		if (version !== tag) problems.push(`${where} has version ${version}, the tag is ${tag}`);
	}
	const changelog = path.join(root, 'CHANGELOG.md');
	if (!existsSync(changelog) || !changelogHasVersion(readFileSync(changelog, 'utf8'), tag ?? '')) {
		problems.push(`CHANGELOG.md has no "## ${tag} - YYYY-MM-DD" section`);
	}
	return problems;
}
