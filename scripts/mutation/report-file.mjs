// The committed mutation report (reports/mutation/mutation.json), written so that a commit's diff holds only what
// changed. A session's submission is limited in diff size (stop 31 was refused: two 17 MB one-line files rewritten
// in several commits). So: one committed file (Stryker's incremental file is the same report), one line per file
// header, mutant and test; ids derived from what a mutant or test is, so that adding a test does not renumber every
// line; reasons cut to their first line (Stryker's incremental run reuses a result by status and tests, not by reason).
import { deepStrictEqual } from 'node:assert';
import { createHash } from 'node:crypto';

const REASON_LENGTH = 200;

const shortHash = (text, length) =>
	createHash('sha1').update(text).digest('base64url').slice(0, length);

/** Gives every test and mutant an id derived from what it is (unique within the report); references follow. */
export function withStableIds(report) {
	const testIds = new Map();
	const used = new Set();
	const unique = (base) => {
		let id = base;
		for (let n = 1; used.has(id); n++) id = `${base}${n}`;
		used.add(id);
		return id;
	};
	const testFiles = {};
	for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
		testFiles[file] = {
			...testFile,
			tests: testFile.tests.map((test) => {
				const id = unique(`t${shortHash(`${file}\u0000${test.name}`, 6)}`);
				testIds.set(test.id, id);
				return { ...test, id };
			}),
		};
	}
	const mapTests = (ids) => ids?.map((id) => testIds.get(id)).filter((id) => id !== undefined);
	const files = {};
	for (const [file, fileResult] of Object.entries(report.files)) {
		files[file] = {
			...fileResult,
			mutants: fileResult.mutants.map((mutant) => {
				const { start, end } = mutant.location;
				const what = `${file}\u0000${mutant.mutatorName}\u0000${mutant.replacement ?? ''}\u0000${start.line}:${start.column}-${end.line}:${end.column}`;
				const stable = { ...mutant, id: unique(shortHash(what, 7)) };
				if (mutant.coveredBy) stable.coveredBy = mapTests(mutant.coveredBy);
				if (mutant.killedBy) stable.killedBy = mapTests(mutant.killedBy);
				if (typeof mutant.statusReason === 'string') {
					const reason =
						mutant.status === 'CompileError'
							? ''
							: mutant.statusReason.split('\n')[0].slice(0, REASON_LENGTH);
					if (reason) stable.statusReason = reason;
					else delete stable.statusReason;
				}
				return stable;
			}),
		};
	}
	return { ...report, files, testFiles };
}

/** JSON with one line per file header, mutant, test file header and test: parses to exactly the same value. */
export function formatReport(report) {
	const { files, testFiles, ...head } = report;
	const lines = [`${JSON.stringify(head).slice(0, -1)},"files":{`];
	const entries = (object, listKey) =>
		Object.entries(object ?? {}).map(([file, value], index, all) => {
			const { [listKey]: list, ...rest } = value;
			const header = `${JSON.stringify(file)}:${JSON.stringify(rest).slice(0, -1)}${Object.keys(rest).length ? ',' : ''}${JSON.stringify(listKey)}:[`;
			const items = list.map(
				(item, i) => `${JSON.stringify(item)}${i < list.length - 1 ? ',' : ''}`,
			);
			return [header, ...items, `]}${index < all.length - 1 ? ',' : ''}`];
		});
	lines.push(
		...entries(files, 'mutants').flat(),
		'},"testFiles":{',
		...entries(testFiles, 'tests').flat(),
		'}}',
	);
	return `${lines.join('\n')}\n`;
}

/** What reports/mutation/mutation.json holds for a report (checked to read back as exactly that report). */
export function committedReport(report) {
	const stable = withStableIds(report);
	const text = formatReport(stable);
	deepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(stable)));
	return text;
}
