// Carries the committed mutation results of moved files to their new paths, so that Stryker's next incremental run
// (and CI's leg) reuses them instead of running every mutant of a moved file as new. Only for moves that keep a
// file's content (imports aside: Stryker diffs the old source with the new one and re-runs what changed).
//   node scripts/mutation/rename.mjs old=new [old=new ...]     (source files or test files, paths from the root)
//   node scripts/mutation/rename.mjs --drop path [--drop path]  (deleted test files: their tests no longer count)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { committedReport } from './report-file.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORT = path.join(ROOT, 'reports', 'mutation', 'mutation.json');

export function renameInReport(report, renames, drops = []) {
	const rename = (section) =>
		Object.fromEntries(
			Object.entries(section ?? {})
				.filter(([file]) => !drops.includes(file))
				.map(([file, value]) => [renames.get(file) ?? file, value]),
		);
	const testFiles = rename(report.testFiles);
	const remaining = new Set(Object.values(testFiles).flatMap((testFile) => testFile.tests.map((test) => test.id)));
	const keep = (ids) => ids?.filter((id) => remaining.has(id));
	const files = Object.fromEntries(
		Object.entries(rename(report.files)).map(([file, result]) => [
			file,
			{ ...result, mutants: result.mutants.map((m) => ({ ...m, ...(m.coveredBy && { coveredBy: keep(m.coveredBy) }), ...(m.killedBy && { killedBy: keep(m.killedBy) }) })) },
		]),
	);
	return { ...report, files, testFiles };
}

function main() {
	const renames = new Map();
	const drops = [];
	const args = process.argv.slice(2);
	for (let i = 0; i < args.length; i++) {
		if (args[i] === '--drop') drops.push(args[++i]);
		else {
			const [from, to] = args[i].split('=');
			if (!from || !to) throw new Error(`expected old=new, got ${args[i]}`);
			renames.set(from, to);
		}
	}
	const report = JSON.parse(readFileSync(REPORT, 'utf8'));
	const known = new Set([...Object.keys(report.files), ...Object.keys(report.testFiles ?? {})]);
	for (const file of [...renames.keys(), ...drops]) if (!known.has(file)) console.log(`mutation report: ${file} is not in the report (left as it is)`);
	writeFileSync(REPORT, committedReport(renameInReport(report, renames, drops)));
	console.log(`mutation report: ${renames.size} renamed, ${drops.length} dropped`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
