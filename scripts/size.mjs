// node scripts/size.mjs [--folders]: the two measures of issue 49: the create path's size, and the share of
// shipped code (nodes/, credentials/, api/) that is comments, found in TypeScript's own syntax tree.
import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

const walk = (dir) =>
	fs
		.readdirSync(dir, { withFileTypes: true })
		.flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const tsFiles = (...dirs) => dirs.flatMap(walk).filter((file) => file.endsWith('.ts'));
// As the issue counts: `tr -d ' \t\n' | wc -c`, UTF-8 bytes without spaces, tabs and line feeds.
const solid = (text) => Buffer.byteLength(text.replace(/[ \t\n]/g, ''));

// Comments before and after every token of the syntax tree (a bare scanner loses its place after a template).
function commentChars(text) {
	const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
	const seen = new Set();
	const visit = (node) => {
		for (const ranges of [
			ts.getLeadingCommentRanges(text, node.pos),
			ts.getTrailingCommentRanges(text, node.end),
		])
			for (const range of ranges ?? []) seen.add(`${range.pos}:${range.end}`);
		for (const child of node.getChildren(source)) visit(child);
	};
	visit(source);
	let chars = 0;
	for (const key of seen) {
		const [pos, end] = key.split(':').map(Number);
		chars += solid(text.slice(pos, end));
	}
	return chars;
}

// Order › Create's path, without what other operations share (the design checks, Get Many, Get Statuses).
const SHARED = [
	/^nodes\/Printio\/checks\/design\//,
	/^nodes\/Printio\/checks\/designPreflight\.ts$/,
	/\/(getMany|getStatuses)\.operation\.ts$/,
	/^nodes\/Printio\/actions\/order\/filters\.ts$/,
];
const createPath = tsFiles(
	'nodes/Printio/orderInput',
	'nodes/Printio/placement',
	'nodes/Printio/checks',
	'nodes/Printio/actions/order',
).filter((file) => !SHARED.some((pattern) => pattern.test(file)));
const createChars = createPath.reduce((sum, file) => sum + solid(fs.readFileSync(file, 'utf8')), 0);

let all = 0;
let comments = 0;
const byFolder = new Map();
for (const file of tsFiles('nodes', 'credentials', 'api')) {
	const text = fs.readFileSync(file, 'utf8');
	const folder = path.dirname(file);
	const [a, c] = byFolder.get(folder) ?? [0, 0];
	byFolder.set(folder, [a + solid(text), c + commentChars(text)]);
	all += solid(text);
	comments += commentChars(text);
}
const share = (c, a) => `${((100 * c) / a).toFixed(1)} %`;
if (process.argv.includes('--folders'))
	for (const [folder, [a, c]] of [...byFolder].sort())
		console.log(`${folder}: ${share(c, a)} of ${a}`);
console.log(`create path: ${createChars} bytes in ${createPath.length} files (goal 175,000)`);
console.log(`comments: ${share(comments, all)} of shipped code (${comments} of ${all}; goal 7 %)`);
