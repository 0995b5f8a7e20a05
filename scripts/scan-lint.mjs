// n8n's verification scanner, run locally the way it runs on a published version: its own ESLint config
// (`buildScanConfig` of @n8n/scan-community-package, with the plugin versions it bundles) and inline
// configuration off, so an eslint-disable comment counts for nothing.
//   node scripts/scan-lint.mjs                 source leg: package.json, {nodes,credentials}/** and api/*.ts of this repo
//   node scripts/scan-lint.mjs --tarball DIR   tarball leg: **/*.js and package.json of an unpacked package
// The scanner fails a package on errors only; this fails on warnings too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import glob from 'fast-glob';
import tmp from 'tmp';

// The scanner makes a temp folder when it is imported; have it removed on exit.
tmp.setGracefulCleanup();
const { buildScanConfig, SOURCE_FILE_PATTERNS } = await import(
	'@n8n/scan-community-package/scanner/scanner.mjs'
).catch((error) => {
	console.error(
		`${error.message}\nThe scanner is a devDependency: run \`npm install\` (or \`npm ci\`) once to get it.`,
	);
	process.exit(1);
});

/**
 * The patterns of the source leg: the scanner's own (package.json, {nodes,credentials}/**) and the shipped API room
 * (api/*.ts, built into dist/api/*.js), which the scanner would not see in the source but lints in the tarball.
 */
export const REPO_SOURCE_FILE_PATTERNS = [...SOURCE_FILE_PATTERNS, 'api/*.ts'];

/** The patterns of the scanner's tarball leg (`analyzePackageByName` in scanner.mjs). */
export const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

/** Lints a folder with the options of the scanner's `analyzePackage`; returns ESLint's results. */
export async function scanLint(dir, patterns) {
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await buildScanConfig(),
	});
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	if (files.length === 0) throw new Error(`no files to scan in ${dir}`);
	const results = await eslint.lintFiles(files);
	return { eslint, results, files };
}

async function main() {
	const args = process.argv.slice(2);
	const tarballDir = args[0] === '--tarball' ? path.resolve(args[1] ?? '') : undefined;
	const dir = tarballDir ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
	const leg = tarballDir ? 'tarball' : 'source';
	const { eslint, results, files } = await scanLint(
		dir,
		tarballDir ? TARBALL_FILE_PATTERNS : REPO_SOURCE_FILE_PATTERNS,
	);
	const errors = results.reduce((sum, r) => sum + r.errorCount, 0);
	const warnings = results.reduce((sum, r) => sum + r.warningCount, 0);
	if (errors + warnings > 0) {
		process.stdout.write(await (await eslint.loadFormatter('stylish')).format(results));
	}
	console.log(
		`n8n scanner (${leg} leg, inline config off): ${files.length} files, ${errors} errors, ${warnings} warnings`,
	);
	process.exitCode = errors + warnings > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
	await main();
