// Carries the committed mutation results of reformatted files (prettier) to their new text, so that Stryker's next
// incremental run (and CI's leg) reuses them instead of running every mutant of a reformatted file again. Stryker
// reuses a result only where the text around a mutant is unchanged (incremental-differ.js), and a reformat changes
// the whitespace around nearly every mutant. This writes the new text into the report and moves each mutant (and
// test) to where its code now stands; a mutant whose code changed by more than formatting is dropped (it runs again).
//   node scripts/mutation/reformat.mjs path.ts [path.ts ...]   (source or test files of the report, paths from the root)
//   node scripts/mutation/reformat.mjs --all-changed            (every file of the report that differs from HEAD)
// Formatting, as prettier does it here (checked on every shipped file): whitespace, line breaks, trailing commas,
// `;` before `}`, the leading `|` of a union type, parentheses, and the quotes of string literals. Parentheses count
// as formatting only in a top-level statement whose syntax tree, parentheses aside, is unchanged. Comments must keep
// their words and order; the script names each `// Stryker disable next-line` that a line break has parted from
// the mutants it ignored (they would run).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { committedReport } from './report-file.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPORT = path.join(ROOT, 'reports', 'mutation', 'mutation.json');

const PUNCTUATION = new Set([',', ';', '(', ')', '|', '&']);
const CLOSERS = new Set([')', ']', '}', '>']);
const DISABLE_NEXT_LINE = /\/\/\s*Stryker disable next-line/;
/** Tokens after which a `|` or `&` starts a union or intersection type instead of joining two operands. */
const BEFORE_LEADING_BAR = new Set(['=', ':', '(', '<', ',', '[', '{', 'as', '=>', '|', '&', '?', 'extends', 'keyof', 'readonly']);

function parse(fileName, text) {
	const kind = /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
	return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
}

/**
 * The tokens of a source, comments included, each with its offsets and a key that two formattings of the same code
 * share: a string literal by its value (not its quotes), a comment by its words (not its indentation).
 */
function tokensOf(source) {
	const text = source.text;
	const tokens = [];
	const comments = new Set();
	const visit = (node) => {
		if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
		const children = node.getChildren(source);
		if (children.length > 0) {
			children.forEach(visit);
			return;
		}
		for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
			if (comments.has(range.pos)) continue;
			comments.add(range.pos);
			tokens.push({ start: range.pos, end: range.end, key: `c${text.slice(range.pos, range.end).replace(/\s+/g, ' ')}`, comment: true });
		}
		const start = node.getStart(source);
		if (node.end <= start) return;
		const raw = text.slice(start, node.end);
		const key = node.kind === ts.SyntaxKind.StringLiteral ? `s${node.text}` : `t${raw}`;
		tokens.push({ start, end: node.end, key, raw, string: node.kind === ts.SyntaxKind.StringLiteral });
	};
	visit(source);
	const opened = [];
	tokens.forEach((token, index) => {
		if (token.key === 't(') opened.push(index);
		else if (token.key === 't)' && opened.length > 0) {
			const partner = opened.pop();
			token.partner = partner;
			tokens[partner].partner = index;
		}
	});
	return tokens;
}

/** Pairs of indexes of a longest common subsequence of two key lists (Myers' O((N+M)D) diff). */
function commonPairs(a, b) {
	let head = 0;
	while (head < a.length && head < b.length && a[head] === b[head]) head++;
	let tail = 0;
	while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
	const pairs = [];
	for (let i = 0; i < head; i++) pairs.push([i, i]);
	const n = a.length - head - tail;
	const m = b.length - head - tail;
	const A = (x) => a[head + x];
	const B = (y) => b[head + y];
	const max = n + m;
	const offset = max + 1;
	const v = new Int32Array(2 * max + 3);
	const trace = [];
	let steps = -1;
	for (let d = 0; d <= max && steps < 0; d++) {
		trace.push(v.slice(offset - d - 1, offset + d + 2));
		for (let k = -d; k <= d; k += 2) {
			let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
			let y = x - k;
			while (x < n && y < m && A(x) === B(y)) {
				x++;
				y++;
			}
			v[offset + k] = x;
			if (x >= n && y >= m) {
				steps = d;
				break;
			}
		}
	}
	const middle = [];
	let x = n;
	let y = m;
	for (let d = steps; d > 0; d--) {
		const before = trace[d];
		const at = (k) => before[k + d + 1];
		const k = x - y;
		const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
		const previousX = at(previousK);
		const previousY = previousX - previousK;
		while (x > previousX && y > previousY) middle.push([head + --x, head + --y]);
		x = previousX;
		y = previousY;
	}
	while (x > 0 && y > 0) middle.push([head + --x, head + --y]);
	pairs.push(...middle.reverse());
	for (let i = 0; i < tail; i++) pairs.push([a.length - tail + i, b.length - tail + i]);
	return pairs;
}

/**
 * Pairs the parentheses of two token lists whose other tokens are paired already: a pair of parentheses in one is
 * the pair in the other that holds the same first and last paired tokens (the outer one first, where parentheses
 * were doubled), or, holding none, follows the same paired token. Parentheses that formatting added or removed stay
 * unpaired. (A longest common subsequence over all tokens may pair `f(x))` with `f(x),\n)` the wrong way round.)
 */
function pairParentheses(before, after, toNew, toOld) {
	const groups = (tokens, paired, mapped) => {
		const byKey = new Map();
		tokens.forEach((token, open) => {
			if (token.raw !== '(' || token.partner === undefined) return;
			let first = -1;
			let last = -1;
			for (let i = open + 1; i < token.partner; i++) {
				if (tokens[i].raw === '(' || tokens[i].raw === ')' || paired[i] < 0) continue;
				if (first < 0) first = i;
				last = i;
			}
			let key;
			if (first >= 0) key = `${mapped(first)}:${mapped(last)}`;
			else {
				let previous = open - 1;
				while (previous >= 0 && (tokens[previous].raw === '(' || tokens[previous].raw === ')' || paired[previous] < 0)) previous--;
				key = `after ${previous < 0 ? -1 : mapped(previous)}`;
			}
			if (!byKey.has(key)) byKey.set(key, []);
			byKey.get(key).push(open);
		});
		return byKey;
	};
	const old = groups(before, toNew, (i) => toNew[i]);
	const now = groups(after, toOld, (j) => j);
	for (const [key, opens] of old) {
		const others = now.get(key) ?? [];
		for (let n = 0; n < Math.min(opens.length, others.length); n++) {
			const [i, j] = [opens[n], others[n]];
			toNew[i] = j;
			toOld[j] = i;
			toNew[before[i].partner] = after[j].partner;
			toOld[after[j].partner] = before[i].partner;
		}
	}
	// Keep the pairs in order on both sides.
	let last = -1;
	before.forEach((token, i) => {
		if (toNew[i] < 0) return;
		if (toNew[i] > last) last = toNew[i];
		else {
			toOld[toNew[i]] = -1;
			toNew[i] = -1;
		}
	});
}

const KEPT_FLAGS = ts.NodeFlags.Let | ts.NodeFlags.Const | ts.NodeFlags.Using | ts.NodeFlags.Namespace | ts.NodeFlags.OptionalChain;

/** A node's syntax tree without positions, parentheses and quotes: equal for two formattings of the same code. */
function shapeOf(node) {
	const out = [];
	const visit = (child) => {
		if (child.kind === ts.SyntaxKind.ParenthesizedExpression || child.kind === ts.SyntaxKind.ParenthesizedType) {
			ts.forEachChild(child, visit);
			return;
		}
		const spelled = ts.isIdentifier(child) || ts.isPrivateIdentifier(child) || ts.isLiteralKind(child.kind) || ts.isTemplateLiteralKind(child.kind);
		out.push(child.kind, child.flags & KEPT_FLAGS, child.operator ?? '', spelled ? (child.rawText ?? child.text) : '');
		ts.forEachChild(child, visit);
		out.push('.');
	};
	visit(node);
	return out.join('\u0000');
}

/**
 * Marks the tokens of the top-level statements whose tree the other text has too (`sameTree`): formatting may have
 * added or removed parentheses there, since the tree shows they changed nothing.
 */
function markSameTrees(source, tokens, other) {
	const shapes = new Set(other.statements.map(shapeOf));
	const parsed = source.parseDiagnostics.length === 0 && other.parseDiagnostics.length === 0;
	for (const statement of source.statements) {
		if (!parsed || !shapes.has(shapeOf(statement))) continue;
		for (const token of tokens) if (token.start >= statement.getStart(source) && token.end <= statement.end) token.sameTree = true;
	}
}

/**
 * Whether an unpaired token is one that formatting adds or removes: a trailing comma, a `;` before `}`, the leading
 * `|` or `&` of a type; in a statement whose tree is unchanged (`sameTree`) any of these and parentheses, wherever they are.
 */
function formattingToken(tokens, index, anywhere = tokens[index].sameTree) {
	const token = tokens[index];
	if (token.comment || !PUNCTUATION.has(token.raw)) return false;
	if (anywhere) return true;
	const neighbour = (step) => {
		for (let i = index + step; i >= 0 && i < tokens.length; i += step) if (!tokens[i].comment) return tokens[i].raw;
		return undefined;
	};
	if (token.raw === ',') return CLOSERS.has(neighbour(1));
	if (token.raw === ';') return neighbour(1) === '}' || neighbour(1) === undefined;
	if (token.raw === '|' || token.raw === '&') return BEFORE_LEADING_BAR.has(neighbour(-1));
	return false;
}

/** Whether a `// Stryker disable …` (not `next-line`) above a line has not been restored by that line. */
function inDisabled(lines, line) {
	for (let n = line - 2; n >= 0; n--) {
		if (/\/\/\s*Stryker restore/.test(lines[n])) return false;
		if (/\/\/\s*Stryker disable (?!next-line)/.test(lines[n])) return true;
	}
	return false;
}

function lineStarts(text) {
	const starts = [0];
	for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
	return starts;
}

/**
 * How one file's reformat moves its code: `move(start, end)` (offsets in the old text) gives the range the same code
 * has in the new text, or undefined when the code in that range changed by more than formatting.
 */
function alignment(fileName, oldText, newText) {
	const oldSource = parse(fileName, oldText);
	const newSource = parse(fileName, newText);
	const parsed = (source) => source.parseDiagnostics.length === 0;
	const sameTree = parsed(oldSource) && parsed(newSource) && shapeOf(oldSource) === shapeOf(newSource);
	const before = tokensOf(oldSource);
	const after = tokensOf(newSource);
	// Pair the tokens but the parentheses by a longest common subsequence, then the parentheses by what they hold.
	const ids = new Map();
	const id = (token) => {
		if (!ids.has(token.key)) ids.set(token.key, ids.size);
		return ids.get(token.key);
	};
	// Trailing commas and leading bars stay unpaired too: paired, a removed one could take the place of a kept one.
	const unpaired = (tokens, i) => tokens[i].raw === '(' || tokens[i].raw === ')' || (tokens[i].raw !== ';' && formattingToken(tokens, i, false));
	const significant = (tokens) => tokens.flatMap((_, i) => (unpaired(tokens, i) ? [] : [i]));
	const oldIndexes = significant(before);
	const newIndexes = significant(after);
	const toNew = new Int32Array(before.length).fill(-1);
	const toOld = new Int32Array(after.length).fill(-1);
	for (const [i, j] of commonPairs(oldIndexes.map((i) => id(before[i])), newIndexes.map((j) => id(after[j])))) {
		toNew[oldIndexes[i]] = newIndexes[j];
		toOld[newIndexes[j]] = oldIndexes[i];
	}
	pairParentheses(before, after, toNew, toOld);
	markSameTrees(oldSource, before, newSource);
	markSameTrees(newSource, after, oldSource);
	const formattingBefore = before.map((_, i) => toNew[i] >= 0 || formattingToken(before, i));
	const formattingAfter = after.map((_, j) => toOld[j] >= 0 || formattingToken(after, j));

	const move = (start, end, { exactEnd = true } = {}) => {
		let first = before.findIndex((token) => token.start >= start);
		if (first < 0 || before[first].start !== start) return undefined;
		let last = first;
		while (last + 1 < before.length && before[last + 1].end <= end) last++;
		if (before[last].end > end || (exactEnd && before[last].end !== end)) return undefined;
		for (let i = first; i <= last; i++) if (!formattingBefore[i]) return undefined;
		while (first <= last && toNew[first] < 0) first++;
		while (last >= first && toNew[last] < 0) last--;
		if (first > last) return undefined;
		let from = toNew[first];
		let to = toNew[last];
		for (let j = from; j <= to; j++) if (!formattingAfter[j]) return undefined;
		// Parentheses that formatting added around code inside the range belong to it (`x => y` → `(x) => y`);
		// those around the whole range do not (a node's range never includes its own parentheses).
		while (from > 0 && toOld[from - 1] < 0 && after[from - 1].raw === '(' && after[from - 1].partner <= to) from--;
		while (to + 1 < after.length && toOld[to + 1] < 0 && after[to + 1].raw === ')' && after[to + 1].partner >= from) to++;
		return { start: after[from].start, end: after[to].end };
	};
	/** Strings in the range whose quotes changed, old and new: Stryker's replacement code quotes a string as the source does. */
	const requoted = (start, end) => {
		const changed = [];
		before.forEach((token, i) => {
			if (token.string && token.start >= start && token.end <= end && toNew[i] >= 0 && after[toNew[i]].raw !== token.raw) changed.push([token.raw, after[toNew[i]].raw]);
		});
		return changed;
	};
	/** The token that holds an offset, or else the next one (test places are not always on a token). */
	const tokenAt = (offset) => before.find((token) => !token.comment && token.end > offset);
	return { sameTree, move, requoted, tokenAt, oldLines: lineStarts(oldText), newLines: lineStarts(newText) };
}

// Report locations are 1-based lines and columns.
const toOffset = (lines, { line, column }) => lines[line - 1] + column - 1;
function toPosition(lines, offset) {
	let line = lines.length - 1;
	while (lines[line] > offset) line--;
	return { line: line + 1, column: offset - lines[line] + 1 };
}

/**
 * The report with the given files' new sources (Map path → text) and every mutant and test of them moved to its
 * place in the new text; what changed beyond formatting is dropped, with the dropped tests' ids wherever they appear.
 */
export function reformatInReport(report, newSources) {
	const summary = {};
	const files = { ...report.files };
	for (const [file, result] of Object.entries(report.files)) {
		const text = newSources.get(file);
		if (text === undefined || text === result.source) continue;
		const align = alignment(file, result.source, text);
		const mutants = [];
		const unguarded = new Set();
		const oldLines = result.source.split('\n');
		const newLines = text.split('\n');
		for (const mutant of result.mutants) {
			const start = toOffset(align.oldLines, mutant.location.start);
			const end = toOffset(align.oldLines, mutant.location.end);
			const range = align.move(start, end);
			if (!range) continue;
			let replacement = mutant.replacement;
			if (replacement !== undefined) for (const [oldRaw, newRaw] of align.requoted(start, end)) replacement = replacement.split(oldRaw).join(newRaw);
			const location = { start: toPosition(align.newLines, range.start), end: toPosition(align.newLines, range.end) };
			// `// Stryker disable next-line` ignores the mutants that start on the next line: a line break that
			// formatting put between them lets the mutant run again.
			const nextLine = (lines, line) => DISABLE_NEXT_LINE.test(lines[line - 2] ?? '');
			if (mutant.status === 'Ignored' && nextLine(oldLines, mutant.location.start.line) && !nextLine(newLines, location.start.line) && !inDisabled(newLines, location.start.line)) {
				unguarded.add(location.start.line);
			}
			mutants.push({ ...mutant, ...(replacement !== undefined && { replacement }), location });
		}
		files[file] = { ...result, source: text, mutants };
		summary[file] = {
			kept: mutants.length,
			dropped: result.mutants.length - mutants.length,
			onlyFormatting: align.sameTree,
			unguardedLines: [...unguarded].sort((a, b) => a - b),
		};
	}
	const dropped = new Set();
	const testFiles = { ...report.testFiles };
	for (const [file, testFile] of Object.entries(report.testFiles ?? {})) {
		const text = newSources.get(file);
		if (text === undefined || text === testFile.source || testFile.source === undefined) continue;
		const align = alignment(file, testFile.source, text);
		// A test's place is where jest's stack trace puts its call (the `it`, or the `(` of `it.each(…)(`), as Stryker
		// reports it: one column to the right (it reads jest's 1-based column as 0-based). It moves with that token.
		const at = (position) => toOffset(align.oldLines, position) - 1;
		const reported = (offset) => toPosition(align.newLines, offset + 1);
		// A test reaches up to the next test's place (Stryker's closeLocations), the last one to the end of the file.
		const located = testFile.tests.filter((test) => test.location?.start);
		const starts = [...new Set(located.map((test) => at(test.location.start)))].sort((a, b) => a - b);
		const moved = new Map();
		starts.forEach((start, n) => {
			const from = align.tokenAt(start);
			const own = from && align.move(from.start, starts[n + 1] ?? testFile.source.length, { exactEnd: false });
			if (own) moved.set(start, own.start + start - from.start);
		});
		const tests = [];
		for (const test of testFile.tests) {
			if (!located.includes(test)) {
				tests.push(test);
				continue;
			}
			const start = moved.get(at(test.location.start));
			if (start === undefined) dropped.add(test.id);
			else tests.push({ ...test, location: { ...test.location, start: reported(start) } });
		}
		testFiles[file] = { ...testFile, source: text, tests };
		summary[file] = { kept: tests.length, dropped: testFile.tests.length - tests.length, onlyFormatting: align.sameTree };
	}
	if (dropped.size > 0) {
		const keep = (ids) => ids?.filter((testId) => !dropped.has(testId));
		for (const [file, result] of Object.entries(files)) {
			files[file] = {
				...result,
				mutants: result.mutants.map((m) => ({ ...m, ...(m.coveredBy && { coveredBy: keep(m.coveredBy) }), ...(m.killedBy && { killedBy: keep(m.killedBy) }) })),
			};
		}
	}
	return { report: { ...report, files, ...(report.testFiles && { testFiles }) }, summary };
}

function main() {
	const args = process.argv.slice(2);
	const report = JSON.parse(readFileSync(REPORT, 'utf8'));
	const known = new Set([...Object.keys(report.files), ...Object.keys(report.testFiles ?? {})]);
	const changed = () => execFileSync('git', ['diff', '--name-only', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
	const named = args.includes('--all-changed') ? changed().filter((file) => known.has(file)) : args;
	if (named.length === 0) throw new Error('usage: node scripts/mutation/reformat.mjs path [path ...] | --all-changed');
	const newSources = new Map();
	for (const file of named) {
		if (!known.has(file)) console.log(`mutation report: ${file} is not in the report (left as it is)`);
		else newSources.set(file, readFileSync(path.join(ROOT, file), 'utf8'));
	}
	const { report: moved, summary } = reformatInReport(report, newSources);
	writeFileSync(REPORT, committedReport(moved));
	let kept = 0;
	let dropped = 0;
	for (const [file, { kept: k, dropped: d, onlyFormatting, unguardedLines }] of Object.entries(summary)) {
		kept += k;
		dropped += d;
		if (d > 0 || !onlyFormatting) console.log(`mutation report: ${file}: ${k} kept, ${d} dropped${onlyFormatting ? '' : ' (changed beyond formatting)'}`);
		for (const line of unguardedLines ?? []) {
			console.log(`mutation report: ${file}:${line}: an ignored mutant starts here, but its \`// Stryker disable next-line\` is no longer on the line above (move it there, or use \`// Stryker disable\` … \`// Stryker restore\`), else it runs`);
		}
	}
	console.log(`mutation report: ${Object.keys(summary).length} files moved to their new text, ${kept} mutants and tests kept, ${dropped} dropped (they run again)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
