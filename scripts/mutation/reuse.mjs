// How many committed mutation results CI's Stryker leg would reuse on the tree at hand, in seconds and without
// running a test: Stryker 9.6.1's own Instrumenter and IncrementalDiffer, fed the coverage the dry run would give.
// That coverage is the report's, carried to where the code is now: a mutant or test is followed through the diff of
// its file (diff-match-patch, as Stryker diffs), so code that only moved keeps its tests; a test whose text changed
// counts as a new test covering what the old one covered. Tests the report does not know (new test files, new tests)
// cannot be counted: the mutants they cover run again on top (their files are named). A renamed file must be
// carried with rename.mjs first. Check before committing a moved or reformatted tree:
//   node scripts/mutation/reuse.mjs [reports/mutation/mutation.json] [--list]     (from the repository's root)
// Prints the mutants that would run again per file; --list names each one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Stryker keys files by their path from the working directory: run it from the repository's root.
const ROOT = process.cwd();
const require = createRequire(import.meta.url);
const core = path.dirname(require.resolve('@stryker-mutator/core/package.json'));
const strykerModule = async (from, file) => await import(pathToFileURL(path.join(from, file)).href);
const instrumenterDir = path.dirname(createRequire(path.join(core, 'package.json')).resolve('@stryker-mutator/instrumenter/package.json'));
const { Instrumenter } = await strykerModule(instrumenterDir, 'dist/src/index.js');
const { IncrementalDiffer } = await strykerModule(core, 'dist/src/mutants/incremental-differ.js');
const { TestCoverage } = await strykerModule(core, 'dist/src/mutants/test-coverage.js');
const { diff_match_patch: DiffMatchPatch } = createRequire(path.join(core, 'package.json'))('diff-match-patch');

const args = process.argv.slice(2);
const reportPath = args.find((arg) => !arg.startsWith('--')) ?? path.join(ROOT, 'reports/mutation/mutation.json');
const silent = { isDebugEnabled: () => false, isInfoEnabled: () => false, isTraceEnabled: () => false, debug() {}, trace() {}, info() {}, warn: console.warn, error: console.error };
// The report counts lines and columns from 1, Stryker's internals from 0.
const zeroBased = ({ line, column }) => ({ line: line - 1, column: column - 1 });
const raw = JSON.parse(readFileSync(reportPath, 'utf8'));
const report = {
	...raw,
	files: Object.fromEntries(Object.entries(raw.files).map(([file, result]) => [file, { ...result, mutants: result.mutants.map((m) => ({ ...m, location: { start: zeroBased(m.location.start), end: zeroBased(m.location.end) } })) }])),
	testFiles: Object.fromEntries(Object.entries(raw.testFiles).map(([file, result]) => [file, { ...result, tests: result.tests.map((t) => ({ ...t, location: t.location && { start: zeroBased(t.location.start) } })) }])),
};
// A deleted source file takes its mutants with it.
const files = Object.keys(report.files).filter((file) => existsSync(path.join(ROOT, file)));
const readIfThere = (file) => (existsSync(path.join(ROOT, file)) ? [[file, readFileSync(path.join(ROOT, file), 'utf8')]] : []);
const current = new Map([...files, ...Object.keys(report.testFiles)].flatMap(readIfThere));
const { mutants } = await new Instrumenter(silent).instrument(
	files.map((file) => ({ name: path.join(ROOT, file), mutate: true, content: current.get(file) })),
	{ plugins: null, excludedMutations: [], ignorers: [] },
);
const keyOf = (file, m) => `${file}@${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}\n${m.mutatorName}: ${m.replacement}`;

// Old text → text now: the stretches diff-match-patch finds equal, each as its start before, its end before and its
// start now. Positions, not offsets, as Stryker compares them: jest places some tests past the end of their line.
const diffMatchPatch = new DiffMatchPatch();
const after = (position, text) => {
	const lines = text.split('\n');
	return lines.length === 1 ? { line: position.line, column: position.column + text.length } : { line: position.line + lines.length - 1, column: lines.at(-1).length };
};
const atOrAfter = (a, b) => a.line > b.line || (a.line === b.line && a.column >= b.column);
const isBefore = (a, b) => !atOrAfter(a, b);
function equalStretches(before, now) {
	const changes = diffMatchPatch.diff_main(before, now);
	const stretches = [];
	let [inBefore, inNow] = [{ line: 0, column: 0 }, { line: 0, column: 0 }];
	changes.forEach(([change, text], index) => {
		if (change === 0) stretches.push({ from: inBefore, to: after(inBefore, text), now: inNow, atStart: index === 0, next: changes[index + 1]?.[0] });
		if (change !== 1) inBefore = after(inBefore, text);
		if (change !== -1) inNow = after(inNow, text);
	});
	return stretches;
}
const moveBy = ({ from, now }, position) =>
	position.line === from.line ? { line: now.line, column: position.column - from.column + now.column } : { line: position.line - from.line + now.line, column: position.column };
/**
 * Where an old range [start, end] lies now, or undefined when Stryker's differ would drop it: a change inside it, text
 * inserted or deleted right before it, or inserted right after it. No end: the range runs to the file's end.
 */
function follow(before, now) {
	const stretches = equalStretches(before, now);
	return (start, end) => {
		const stretch = stretches.find(({ from, to, atStart, next }) => {
			const startsInside = atStart ? atOrAfter(start, from) : isBefore(from, start);
			if (end === undefined) return startsInside && next === undefined;
			return startsInside && (isBefore(end, to) || (next !== 1 && atOrAfter(to, end)));
		});
		return stretch && { start: moveBy(stretch, start), end: end && moveBy(stretch, end) };
	};
}

// The report's tests as the dry run would list them now: moved where their file moved them; a test whose text
// (from its start to the next test's) changed is a new test, given a place no old test had.
const tests = [];
const testIdNow = new Map();
// A deleted test file's tests are gone: what only they killed runs again.
for (const [file, result] of Object.entries(report.testFiles).filter(([file]) => current.has(file))) {
	const moved = follow(result.source ?? current.get(file), current.get(file));
	const byStart = [...result.tests].sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
	byStart.forEach((test, index) => {
		const place = moved(test.location.start, byStart[index + 1]?.location.start)?.start;
		const id = place ? test.id : `${test.id} changed`;
		testIdNow.set(test.id, id);
		tests.push({ id, name: test.name, fileName: path.join(ROOT, file), startPosition: place ?? { line: -1 - index, column: 0 }, status: 0, timeSpentMs: 0 });
	});
}
// New tests cannot be seen without running them: a test file whose text changed gets one, covering everything its
// old tests covered (an upper bound: it re-runs every mutant those tests reached and did not kill).
const changedTestFiles = new Map(Object.entries(report.testFiles).filter(([file, result]) => current.has(file) && result.source !== undefined && result.source !== current.get(file)).map(([file]) => [file, `${file} new`]));
for (const [file, id] of changedTestFiles) tests.push({ id, name: 'a new test', fileName: path.join(ROOT, file), startPosition: { line: -1e6, column: 0 }, status: 0, timeSpentMs: 0 });
const testFileOf = new Map(Object.entries(report.testFiles).flatMap(([file, result]) => result.tests.map((test) => [test.id, file])));
const perTest = Object.fromEntries(tests.map((t) => [t.id, {}]));

// The report's mutants keyed by where their code is now.
const committed = new Map();
for (const [file, result] of Object.entries(report.files).filter(([file]) => current.has(file))) {
	const moved = follow(result.source ?? current.get(file), current.get(file));
	for (const m of result.mutants) {
		const location = moved(m.location.start, m.location.end);
		if (location) committed.set(keyOf(file, { ...m, location }), m);
	}
}
const staticCoverage = {};
for (const m of mutants) {
	const old = committed.get(keyOf(path.relative(ROOT, m.fileName), m));
	if (!old) continue;
	for (const id of new Set([...(old.coveredBy ?? []), ...(old.killedBy ?? [])])) if (testIdNow.has(id)) {
		perTest[testIdNow.get(id)][m.id] = 1;
		const newTest = changedTestFiles.get(testFileOf.get(id));
		if (newTest) perTest[newTest][m.id] = 1;
	}
	if (old.static) staticCoverage[m.id] = 1;
}
const coverage = TestCoverage.from({ tests, mutantCoverage: { static: staticCoverage, perTest } }, silent);
const differ = new IncrementalDiffer(silent, { force: false }, Object.fromEntries(files.map((file) => [path.join(ROOT, file), { mutate: true }])));
const ignored = new Set(mutants.filter((m) => m.status === 'Ignored').map((m) => m.id));
const diffed = differ.diff(mutants, coverage, report, current).slice(0, mutants.length);
const again = diffed.filter((m) => !ignored.has(m.id) && !m.status);
const reused = diffed.length - ignored.size - again.length;
console.log(`mutation results reused: ${reused} of ${reused + again.length}; run again: ${again.length}`);
const perFile = new Map();
for (const m of again) perFile.set(path.relative(ROOT, m.fileName), (perFile.get(path.relative(ROOT, m.fileName)) ?? 0) + 1);
for (const [file, count] of [...perFile].sort((a, b) => b[1] - a[1])) console.log(`  ${count} ${file}`);
if (args.includes('--list')) for (const m of again) console.log(`${path.relative(ROOT, m.fileName)}:${m.location.start.line + 1} ${m.mutatorName} ${JSON.stringify(m.replacement).slice(0, 80)}`);
// Stryker runs the direct tests only (stryker.config.mjs leaves out the files that run workflows through the harness).
const { default: strykerConfig } = await import(pathToFileURL(path.join(ROOT, 'stryker.config.mjs')).href);
const leftOut = new Set(strykerConfig.jest.config.testPathIgnorePatterns.map((pattern) => pattern.replace('<rootDir>/', '').replace(/\$$/, '')));
const unknown = execFileSync('git', ['ls-files', 'test/**/*.test.ts'], { encoding: 'utf8' }).split('\n').filter((file) => file && !leftOut.has(file) && !report.testFiles[file]);
if (unknown.length > 0) console.log(`test files the report does not know (if they reach shipped code, the mutants they reach and did not kill run again on top): ${unknown.join(', ')}`);
