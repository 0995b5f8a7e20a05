// How many committed mutation results CI's Stryker leg would reuse on the tree at hand, in seconds and without
// running a test: Stryker 9.6.1's own Instrumenter and IncrementalDiffer, fed the report's coverage as the dry run
// would give it (test files taken as unchanged: their positions from the report; a renamed test file must be
// carried with rename.mjs first, or this fails to read it). Check before committing a moved or reformatted tree:
//   node scripts/mutation/reuse.mjs [reports/mutation/mutation.json] [--list]     (from the repository's root)
// Prints the mutants that would run again per file; --list names each one.
import { readFileSync } from 'node:fs';
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
const files = Object.keys(report.files);
const current = new Map([...files, ...Object.keys(report.testFiles)].map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));
const { mutants } = await new Instrumenter(silent).instrument(
	files.map((file) => ({ name: path.join(ROOT, file), mutate: true, content: current.get(file) })),
	{ plugins: null, excludedMutations: [], ignorers: [] },
);
const keyOf = (file, m) => `${file}@${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}\n${m.mutatorName}: ${m.replacement}`;
const committed = new Map(Object.entries(report.files).flatMap(([file, result]) => result.mutants.map((m) => [keyOf(file, m), m])));
const tests = Object.entries(report.testFiles).flatMap(([file, result]) => result.tests.map((t) => ({ id: t.id, name: t.name, fileName: path.join(ROOT, file), startPosition: t.location?.start, status: 0, timeSpentMs: 0 })));
const perTest = Object.fromEntries(tests.map((t) => [t.id, {}]));
const staticCoverage = {};
for (const m of mutants) {
	const old = committed.get(keyOf(path.relative(ROOT, m.fileName), m));
	if (!old) continue;
	for (const id of new Set([...(old.coveredBy ?? []), ...(old.killedBy ?? [])])) if (perTest[id]) perTest[id][m.id] = 1;
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
