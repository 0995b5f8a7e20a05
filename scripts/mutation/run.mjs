// npm run test:mutation-score: StrykerJS over all shipped code, module by module (scripts/mutation/modules.mjs),
// each module reusing the committed incremental file, then one merged report:
//   reports/mutation/mutation.json   the mutation-testing-report-schema report of all modules, and what the next
//                                    run starts from (Stryker's incremental file is the same report),
//                                    one line per mutant and test (scripts/mutation/report-file.mjs)
//   reports/mutation/mutation.html   the same, readable in a browser (not committed)
//   node scripts/mutation/run.mjs [--only mod,mod | --files a.ts,b.ts] [--full] [--rerun-survivors] [--merge-only] [--break 85]
// --files: only those shipped files (what an issue changed), merged into the committed report like a module.
// --full ignores the incremental file (every mutant run again); --merge-only merges reports/mutation/modules/*.
// --rerun-survivors runs the module's survivors (and mutants no test covered) again: Stryker's incremental run
// reuses a static mutant's result in unchanged code even when new tests would kill it (measured 2026-11-26:
// 78 such survivors of orderRules stayed after the tests that kill them were added).
// Heavy: run it under `flock /tmp/printio-heavy.lock` on a shared machine (npm run test:mutation-score does).
import { spawnSync } from 'node:child_process';
import {
	copyFileSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { calculateMetrics } from 'mutation-testing-metrics';

import { ALL_SHIPPED, MODULES as OWN_MODULES, PROMISE_MODULES } from './modules.mjs';
import { committedReport } from './report-file.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORTS = path.join(ROOT, 'reports', 'mutation');
const MODULE_REPORTS = path.join(REPORTS, 'modules');
const INCREMENTAL = path.join(REPORTS, 'mutation.json');
// `--only all`: one Stryker run over every shipped file (one start and one dry run instead of one per module);
// cheap after a change that touched many modules a little, as unchanged code keeps its results.
const MODULES = { ...OWN_MODULES, all: ALL_SHIPPED };

function parseArgs(argv) {
	const args = {
		only: undefined,
		full: false,
		rerunSurvivors: false,
		mergeOnly: false,
		breakAt: undefined,
	};
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--only') args.only = argv[++i].split(',');
		else if (argv[i] === '--files') {
			MODULES.files = argv[++i].split(',');
			args.only = ['files'];
		} else if (argv[i] === '--full') args.full = true;
		else if (argv[i] === '--rerun-survivors') args.rerunSurvivors = true;
		else if (argv[i] === '--merge-only') args.mergeOnly = true;
		else if (argv[i] === '--break') args.breakAt = Number(argv[++i]);
		else throw new Error(`unknown argument ${argv[i]}`);
	}
	for (const name of args.only ?? [])
		if (!MODULES[name]) throw new Error(`no module ${name}: ${Object.keys(MODULES).join(', ')}`);
	return args;
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** One module through Stryker; its incremental file (a full report of that module) is the module's result. */
function runModule(name, { full, rerunSurvivors = false, mutate = MODULES[name] }) {
	mkdirSync(MODULE_REPORTS, { recursive: true });
	const incremental = path.join(MODULE_REPORTS, `${name}.json`);
	// Start from the committed results: only mutants and tests that changed since are run again.
	if (!full && existsSync(INCREMENTAL)) copyFileSync(INCREMENTAL, incremental);
	if (!full && rerunSurvivors && existsSync(incremental)) dropSurvivors(incremental, mutate);
	const started = Date.now();
	const result = spawnSync(
		process.execPath,
		[
			path.join(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
			'run',
			'--mutate',
			mutate.join(','),
			'--incremental',
			...(full ? ['--force'] : []),
			'--incrementalFile',
			path.relative(ROOT, incremental),
			// The merged report is written below; a module's run must not overwrite it.
			'--reporters',
			'clear-text,progress',
		],
		{ cwd: ROOT, stdio: 'inherit' },
	);
	const seconds = Math.round((Date.now() - started) / 1000);
	console.log(`mutation: module ${name} in ${seconds} s (exit ${result.status})`);
	if (result.status !== 0) throw new Error(`Stryker failed on module ${name}`);
	return seconds;
}

/** Removes the module's undetected mutants from its starting incremental file, so that Stryker runs them as new. */
function dropSurvivors(incremental, globs) {
	const report = readJson(incremental);
	let dropped = 0;
	for (const [file, fileResult] of Object.entries(report.files)) {
		if (!matches(file, globs)) continue;
		const kept = fileResult.mutants.filter(
			(mutant) => mutant.status !== 'Survived' && mutant.status !== 'NoCoverage',
		);
		dropped += fileResult.mutants.length - kept.length;
		fileResult.mutants = kept;
	}
	writeFileSync(incremental, JSON.stringify(report));
	console.log(`mutation: ${dropped} survivors of ${globs.join(', ')} run again`);
}

/**
 * Merges module reports into one: files by path (each file belongs to one module; a later report wins), test files
 * by path with their tests renumbered by (file, name), mutant ids renumbered so that they stay unique. A test file
 * takes its source and tests from the latest report that ran it: the reports come oldest first, and a stale source
 * would make Stryker's next incremental run re-run every mutant that file covers.
 */
export function mergeReports(reports, currentSource = () => undefined) {
	const merged = {
		schemaVersion: '1',
		thresholds: reports[0]?.thresholds ?? { high: 90, low: 85 },
		files: {},
		testFiles: {},
	};
	const testIds = new Map();
	const testKey = (file, name) => `${file}\u0000${name}`;
	let nextMutant = 0;
	for (const report of reports) {
		for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
			// Module reports made in different trees may hold different copies: the one of the tree at hand wins.
			const kept = merged.testFiles[file];
			if (kept && kept.source === currentSource(file) && testFile.source !== kept.source) continue;
			merged.testFiles[file] = { source: testFile.source, tests: testFile.tests };
		}
	}
	for (const [file, testFile] of Object.entries(merged.testFiles)) {
		merged.testFiles[file] = {
			...testFile,
			tests: testFile.tests.map((test) => {
				testIds.set(testKey(file, test.name), String(testIds.size));
				return { ...test, id: testIds.get(testKey(file, test.name)) };
			}),
		};
	}
	for (const report of reports) {
		merged.framework ??= report.framework;
		const localToKey = new Map();
		for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
			for (const test of testFile.tests) localToKey.set(test.id, testKey(file, test.name));
		}
		const mapTests = (ids) =>
			ids?.map((id) => testIds.get(localToKey.get(id))).filter((id) => id !== undefined);
		for (const [file, fileResult] of Object.entries(report.files)) {
			merged.files[file] = {
				...fileResult,
				mutants: fileResult.mutants.map((mutant) => ({
					...mutant,
					id: String(nextMutant++),
					coveredBy: mapTests(mutant.coveredBy),
					killedBy: mapTests(mutant.killedBy),
				})),
			};
		}
	}
	return merged;
}

const score = (files) => calculateMetrics(files).metrics;

function writeHtml(report, file) {
	const elements = readFileSync(
		path.join(ROOT, 'node_modules/mutation-testing-elements/dist/mutation-test-elements.js'),
		'utf8',
	);
	const json = JSON.stringify(report).replace(/</g, '\\u003c');
	writeFileSync(
		file,
		`<!DOCTYPE html><html><head><meta charset="utf-8"><title>n8n-nodes-printio mutation report</title>` +
			`<script>${elements}</script></head><body><mutation-test-report-app titlePostfix="n8n-nodes-printio"></mutation-test-report-app>` +
			`<script>document.querySelector('mutation-test-report-app').report = ${json};</script></body></html>`,
	);
}

function main() {
	const args = parseArgs(process.argv.slice(2));
	const names = args.only ?? Object.keys(OWN_MODULES);
	const durations = {};
	if (!args.mergeOnly) for (const name of names) durations[name] = runModule(name, args);

	// Every module's latest result: this run's, else the committed one (a partial run keeps the others).
	const previous = existsSync(INCREMENTAL) ? readJson(INCREMENTAL) : { files: {}, testFiles: {} };
	const reports = [previous];
	const available = existsSync(MODULE_REPORTS)
		? readdirSync(MODULE_REPORTS).filter((f) => f.endsWith('.json'))
		: [];
	for (const name of Object.keys(MODULES)) {
		if ((args.mergeOnly || names.includes(name)) && available.includes(`${name}.json`)) {
			// A module's run rewrites the whole incremental file; only its own files are its results (the others
			// come back reformatted, which would only churn the committed report).
			const report = readJson(path.join(MODULE_REPORTS, `${name}.json`));
			report.files = Object.fromEntries(
				Object.entries(report.files).filter(([file]) => matches(file, MODULES[name])),
			);
			reports.push(report);
		}
	}
	const onDisk = (file) =>
		existsSync(path.join(ROOT, file)) ? readFileSync(path.join(ROOT, file), 'utf8') : undefined;
	const merged = mergeReports(reports, onDisk);
	// A file deleted or renamed since its run would otherwise stay in the score for ever.
	for (const kind of ['files', 'testFiles'])
		for (const file of Object.keys(merged[kind])) if (!onDisk(file)) delete merged[kind][file];
	merged.thresholds = { high: 90, low: 85 };
	mkdirSync(REPORTS, { recursive: true });
	writeFileSync(INCREMENTAL, committedReport(merged));
	writeHtml(merged, path.join(REPORTS, 'mutation.html'));
	printScores(merged, durations, args);
}

function printScores(merged, durations, args) {
	const rows = [];
	for (const [name, globs] of Object.entries(OWN_MODULES)) {
		const files = Object.fromEntries(
			Object.entries(merged.files).filter(([file]) => matches(file, globs)),
		);
		if (Object.keys(files).length === 0) continue;
		const m = score(files);
		rows.push(
			`${name.padEnd(13)} ${fmt(m.mutationScore)}  ${String(m.totalDetected).padStart(5)} detected of ${String(m.totalValid).padStart(5)}  (${m.survived} survived, ${m.noCoverage} no coverage)${PROMISE_MODULES.includes(name) ? '  goal 90 %' : ''}${durations[name] !== undefined ? `  ${durations[name]} s` : ''}`,
		);
	}
	const total = score(merged.files);
	console.log(rows.join('\n'));
	console.log(
		`mutation score: ${fmt(total.mutationScore)} over ${Object.keys(merged.files).length} files (${total.totalDetected} of ${total.totalValid} mutants detected)`,
	);
	if (args.breakAt !== undefined && total.mutationScore < args.breakAt) {
		console.log(`mutation score below ${args.breakAt} %`);
		process.exitCode = 1;
	}
}

const fmt = (value) => `${Number.isNaN(value) ? '  n/a' : value.toFixed(2).padStart(6)} %`;

/** Minimal glob test for the patterns in modules.mjs (`**`, `*`, leading `!`). */
function matches(file, globs) {
	const toRegExp = (glob) =>
		new RegExp(
			`^${glob
				.replace(/[.+^${}()|[\]\\]/g, '\\$&')
				.replace(/\*\*\//g, '\u0000')
				.replace(/\*/g, '[^/]*')
				.replace(/\u0000/g, '(?:.*/)?')}$`,
		);
	const include = globs.filter((g) => !g.startsWith('!')).some((g) => toRegExp(g).test(file));
	const exclude = globs
		.filter((g) => g.startsWith('!'))
		.some((g) => toRegExp(g.slice(1)).test(file));
	return include && !exclude;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
