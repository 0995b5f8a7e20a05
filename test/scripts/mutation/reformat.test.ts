/**
 * scripts/mutation/reformat.mjs: after prettier reformats a file, the committed mutation report's results follow
 * the code to its new place (so that Stryker's incremental run reuses them), and a mutant whose code changed by more
 * than formatting is dropped (it runs again). The script is an ES module, so it runs in a child process here.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SCRIPT = pathToFileURL(path.join(ROOT, 'scripts', 'mutation', 'reformat.mjs')).href;

interface Position {
	line: number;
	column: number;
}
interface Mutant {
	id: string;
	mutatorName: string;
	replacement: string;
	status: string;
	location: { start: Position; end: Position };
	killedBy?: string[];
	coveredBy?: string[];
}
interface Test {
	id: string;
	name: string;
	location: { start: Position };
}
interface Report {
	files: Record<string, { language: string; source: string; mutants: Mutant[] }>;
	testFiles: Record<string, { source: string; tests: Test[] }>;
}

/** reformatInReport(report, new sources) in a child process; with `prettier`, also prettier's output of each text. */
function reformat(report: Report, sources: Record<string, string>): { report: Report; formatted: Record<string, string> } {
	const script = `
		import { readFileSync } from 'node:fs';
		import * as prettier from 'prettier';
		import { reformatInReport } from '${SCRIPT}';
		const { report, sources, old } = JSON.parse(readFileSync(0, 'utf8'));
		const config = await prettier.resolveConfig(${JSON.stringify(path.join(ROOT, 'nodes', 'any.ts'))});
		const formatted = {};
		for (const [file, text] of Object.entries(old)) formatted[file] = await prettier.format(text, { ...config, filepath: file });
		console.log(JSON.stringify({ report: reformatInReport(report, new Map(Object.entries(sources))).report, formatted }));`;
	const old = Object.fromEntries(
		Object.keys(sources).map((file) => [file, report.files[file]?.source ?? report.testFiles[file].source]),
	);
	const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
		cwd: ROOT,
		input: JSON.stringify({ report, sources, old }),
		encoding: 'utf8',
	});
	return JSON.parse(out);
}

/** The report location (1-based lines and columns, end exclusive) of the only occurrence of `code` in `text`. */
function where(text: string, code: string): { start: Position; end: Position } {
	const at = text.indexOf(code);
	if (at < 0 || text.indexOf(code, at + 1) >= 0) throw new Error(`${JSON.stringify(code)} is not in the text exactly once`);
	const position = (offset: number) => {
		const before = text.slice(0, offset).split('\n');
		return { line: before.length, column: before[before.length - 1].length + 1 };
	};
	return { start: position(at), end: position(at + code.length) };
}

const SOURCE = 'nodes/Example/pick.ts';
const TESTS = 'test/nodes/Example/pick.test.ts';

const OLD = `export const pick = (x: number) => x > 1 ? 'it\\'s big' : 'small';
export const trimmed = (s: string) => s.concat('it\\'s').trim();
export function double(list: number[]) { return list.filter(n => n > 0).map((n) => (n * 2)) }
`;
// What prettier, with the repository's .prettierrc.js, makes of OLD (checked below).
const NEW = `export const pick = (x: number) => (x > 1 ? "it's big" : 'small');
export const trimmed = (s: string) => s.concat("it's").trim();
export function double(list: number[]) {
	return list.filter((n) => n > 0).map((n) => n * 2);
}
`;
const OLD_TESTS = `it('picks', () => { expect(pick(2)).toBe("it's big") })
it.each([[1], [2]])('doubles %d', (n) => { expect(double([n])).toEqual([n * 2]) })
`;
const NEW_TESTS = `it('picks', () => {
	expect(pick(2)).toBe("it's big");
});
it.each([[1], [2]])('doubles %d', (n) => {
	expect(double([n])).toEqual([n * 2]);
});
`;

/** Mutants named by the code they replace in OLD, with what that code is in NEW. */
const MUTANTS: Array<{ old: string; now: string; mutatorName: string; replacement: string; newReplacement?: string }> = [
	{ old: 'x > 1', now: 'x > 1', mutatorName: 'ConditionalExpression', replacement: 'true' },
	{ old: "'it\\'s big'", now: '"it\'s big"', mutatorName: 'StringLiteral', replacement: '""' },
	{
		old: "(x: number) => x > 1 ? 'it\\'s big' : 'small'",
		now: '(x: number) => (x > 1 ? "it\'s big" : \'small\')',
		mutatorName: 'ArrowFunction',
		replacement: '() => undefined',
	},
	// Stryker prints a replacement with the source's quotes.
	{
		old: "s.concat('it\\'s').trim()",
		now: 's.concat("it\'s").trim()',
		mutatorName: 'MethodExpression',
		replacement: "s.concat('it\\'s')",
		newReplacement: 's.concat("it\'s")',
	},
	{ old: 'n => n > 0', now: '(n) => n > 0', mutatorName: 'ArrowFunction', replacement: '() => undefined' },
	{ old: '(n) => (n * 2)', now: '(n) => n * 2', mutatorName: 'ArrowFunction', replacement: '() => undefined' },
	{
		old: '{ return list.filter(n => n > 0).map((n) => (n * 2)) }',
		now: '{\n\treturn list.filter((n) => n > 0).map((n) => n * 2);\n}',
		mutatorName: 'BlockStatement',
		replacement: '{}',
	},
];

function report(): Report {
	// Stryker reports a test one column right of its call (the `it`, or the `(` of `it.each(…)(`).
	const testAt = (code: string) => {
		const { start } = where(OLD_TESTS, code);
		return { start: { line: start.line, column: start.column + 1 } };
	};
	return {
		files: {
			[SOURCE]: {
				language: 'typescript',
				source: OLD,
				mutants: MUTANTS.map((m, n) => ({
					id: `m${n}`,
					mutatorName: m.mutatorName,
					replacement: m.replacement,
					status: 'Killed',
					killedBy: [n % 2 ? 't1' : 't2'],
					coveredBy: ['t1', 't2'],
					location: where(OLD, m.old),
				})),
			},
		},
		testFiles: {
			[TESTS]: {
				source: OLD_TESTS,
				tests: [
					{ id: 't1', name: 'picks', location: testAt("it('picks'") },
					{ id: 't2', name: 'doubles 1', location: testAt("('doubles %d'") },
					{ id: 't3', name: 'doubles 2', location: testAt("('doubles %d'") },
				],
			},
		},
	};
}

describe('reformatInReport', () => {
	it('moves every mutant of a reformatted file to its code in the new text, with the new text as the source', () => {
		const { report: moved, formatted } = reformat(report(), { [SOURCE]: NEW });
		expect(formatted[SOURCE]).toBe(NEW);
		const file = moved.files[SOURCE];
		expect(file.source).toBe(NEW);
		expect(file.mutants.map((m) => [m.mutatorName, m.replacement, m.location])).toEqual(
			MUTANTS.map((m) => [m.mutatorName, m.newReplacement ?? m.replacement, where(NEW, m.now)]),
		);
		expect(file.mutants.map((m) => [m.id, m.status, m.killedBy, m.coveredBy])).toEqual(
			report().files[SOURCE].mutants.map((m) => [m.id, m.status, m.killedBy, m.coveredBy]),
		);
		expect(moved.testFiles).toEqual(report().testFiles);
	});

	it('drops a mutant whose code changed beyond formatting, and the mutants around it, and keeps the rest', () => {
		const changed = NEW.replace('x > 1', 'x >= 1');
		const { report: moved } = reformat(report(), { [SOURCE]: changed });
		const kept = moved.files[SOURCE].mutants.map((m) => m.id);
		// `x > 1` itself and the arrow function holding it run again.
		expect(kept).toEqual(['m1', 'm3', 'm4', 'm5', 'm6']);
		expect(moved.files[SOURCE].mutants.map((m) => m.location)).toEqual(
			[1, 3, 4, 5, 6].map((n) => where(changed, MUTANTS[n].now)),
		);
	});

	it('moves the tests of a reformatted test file where jest will report them, and drops a changed test', () => {
		const { report: moved, formatted } = reformat(report(), { [TESTS]: NEW_TESTS });
		expect(formatted[TESTS]).toBe(NEW_TESTS);
		const testAt = (text: string, code: string) => {
			const { start } = where(text, code);
			return { start: { line: start.line, column: start.column + 1 } };
		};
		expect(moved.testFiles[TESTS]).toEqual({
			source: NEW_TESTS,
			tests: [
				{ id: 't1', name: 'picks', location: testAt(NEW_TESTS, "it('picks'") },
				{ id: 't2', name: 'doubles 1', location: testAt(NEW_TESTS, "('doubles %d'") },
				{ id: 't3', name: 'doubles 2', location: testAt(NEW_TESTS, "('doubles %d'") },
			],
		});
		expect(moved.files[SOURCE]).toEqual(report().files[SOURCE]);

		const { report: edited } = reformat(report(), { [TESTS]: NEW_TESTS.replace('[n * 2]', '[n + n]') });
		expect(edited.testFiles[TESTS].tests.map((test) => test.id)).toEqual(['t1']);
		// Results no longer name the dropped tests: a mutant only they killed runs again.
		expect(edited.files[SOURCE].mutants.map((m) => [m.killedBy, m.coveredBy])).toEqual(
			MUTANTS.map((_, n) => [n % 2 ? ['t1'] : [], ['t1']]),
		);
	});
});
