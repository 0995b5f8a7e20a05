// npm run test:mutations: plants each mistake of ./list.mjs, one at a time, in a private copy of the repository
// and runs only the tests named for it; every mistake must make at least one of them fail. A mistake whose text
// is no longer found exactly once counts as a failure too, so a refactor that moves the code is noticed and the
// entry is updated instead of silently testing nothing.
//   node scripts/mutations/run.mjs [--only id,id] [--jobs N] [--verbose]
//   node scripts/mutations/run.mjs --check      only checks that every entry's text is still found once (seconds)
// The working tree is never touched: the copy (node_modules linked) is deleted at the end. The tests run the
// TypeScript sources (the harness loads the nodes from them), so a mistake is planted in the source alone.
import { spawn } from 'node:child_process';
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { MUTATIONS } from './list.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SKIPPED = new Set(['node_modules', '.git', '.data', 'test-artifacts', '.n8n', 'coverage']);

function parseArgs(argv) {
	const args = { only: undefined, jobs: Math.min(2, cpus().length), verbose: false, check: false };
	for (let i = 0; i < argv.length; i++) {
		if (argv[i] === '--only') args.only = new Set(argv[++i].split(','));
		else if (argv[i] === '--jobs') args.jobs = Math.max(1, Number(argv[++i]));
		else if (argv[i] === '--verbose') args.verbose = true;
		else if (argv[i] === '--check') args.check = true;
		else throw new Error(`unknown argument ${argv[i]}`);
	}
	return args;
}

function run(command, args, cwd) {
	return new Promise((resolve) => {
		const child = spawn(command, args, {
			cwd,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, CI: '1' },
		});
		let output = '';
		child.stdout.on('data', (d) => (output += d));
		child.stderr.on('data', (d) => (output += d));
		child.on('close', (code) => resolve({ code, output }));
	});
}

/** A copy of the repository with node_modules linked. */
function makeCopy() {
	const dir = mkdtempSync(path.join(tmpdir(), 'printio-mutations-'));
	cpSync(ROOT, dir, {
		recursive: true,
		filter: (src) => !SKIPPED.has(path.basename(src)) || src === ROOT,
	});
	symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
	return dir;
}

function compilerOptions(dir) {
	const parsed = ts.getParsedCommandLineOfConfigFile(
		path.join(dir, 'tsconfig.build.json'),
		{},
		{
			...ts.sys,
			onUnRecoverableConfigFileDiagnostic: (d) => {
				throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
			},
		},
	);
	return parsed.options;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function tryMutation(dir, options, mutation) {
	const started = Date.now();
	const source = path.join(dir, mutation.file);
	const pristine = readFileSync(source, 'utf8');
	const found = pristine.split(mutation.find).length - 1;
	if (found !== 1) {
		return {
			result: 'stale',
			detail: `the text to replace is found ${found} times in ${mutation.file} (expected once): update the entry`,
		};
	}
	const mutated = pristine.replace(mutation.find, () => mutation.replace);
	const json = path.join(dir, `.mutation-${mutation.id}.json`);
	try {
		// A mistake that does not even parse would be "caught" by any test: refuse it instead.
		const out = ts.transpileModule(mutated, {
			compilerOptions: options,
			fileName: source,
			reportDiagnostics: true,
		});
		if (out.diagnostics?.length) {
			return {
				result: 'broken',
				detail: `does not compile: ${ts.flattenDiagnosticMessageText(out.diagnostics[0].messageText, ' ')}`,
			};
		}
		writeFileSync(source, mutated);
		const names = mutation.tests.flatMap((t) => t.names ?? []);
		const jestArgs = [
			path.join(dir, 'node_modules/jest/bin/jest.js'),
			'--ci',
			'--silent',
			'--maxWorkers=1',
			'--json',
			`--outputFile=${json}`,
			...mutation.tests.map((t) => escapeRegExp(t.file)),
			...(names.length ? ['-t', names.map((n) => escapeRegExp(n)).join('|')] : []),
		];
		const { output } = await run(process.execPath, jestArgs, dir);
		if (!existsSync(json))
			return { result: 'broken', detail: `jest wrote no results:\n${output.slice(-2000)}` };
		const report = JSON.parse(readFileSync(json, 'utf8'));
		const ran = report.numPassedTests + report.numFailedTests;
		const failedTests = report.testResults.flatMap((file) =>
			file.assertionResults.filter((a) => a.status === 'failed').map((a) => a.title),
		);
		const seconds = ((Date.now() - started) / 1000).toFixed(0);
		if (report.numRuntimeErrorTestSuites > 0) {
			return {
				result: 'broken',
				detail: `a test file did not run (${seconds} s):\n${output.slice(-2000)}`,
				output,
			};
		}
		if (ran === 0)
			return { result: 'survived', detail: `no test matched the names (${seconds} s)`, output };
		if (failedTests.length === 0)
			return { result: 'survived', detail: `${ran} tests passed (${seconds} s)`, output };
		return { result: 'caught', detail: `${seconds} s, by: ${failedTests.join('; ')}`, output };
	} finally {
		writeFileSync(source, pristine);
		rmSync(json, { force: true });
	}
}

async function main() {
	const args = parseArgs(process.argv.slice(2));
	const ids = new Set();
	for (const m of MUTATIONS) {
		if (ids.has(m.id)) throw new Error(`duplicate mutation id ${m.id}`);
		ids.add(m.id);
	}
	const selected = MUTATIONS.filter((m) => !args.only || args.only.has(m.id));
	if (args.only) for (const id of args.only) if (!ids.has(id)) throw new Error(`no mutation ${id}`);
	if (args.check) {
		const stale = selected.filter(
			(m) => readFileSync(path.join(ROOT, m.file), 'utf8').split(m.find).length !== 2,
		);
		for (const m of stale)
			console.log(`STALE    ${m.id}: the text to replace is not found exactly once in ${m.file}`);
		console.log(`mutations: ${selected.length - stale.length} of ${selected.length} still apply`);
		process.exitCode = stale.length ? 1 : 0;
		return;
	}
	const started = Date.now();
	const jobs = Math.min(args.jobs, selected.length);
	const copies = [];
	// Ctrl-C or a CI timeout: leave no copy behind.
	for (const signal of ['SIGINT', 'SIGTERM']) {
		process.once(signal, () => {
			for (const dir of copies) rmSync(dir, { recursive: true, force: true });
			process.exit(130);
		});
	}
	try {
		copies.push(makeCopy());
		for (let j = 1; j < jobs; j++) {
			const dir = mkdtempSync(path.join(tmpdir(), 'printio-mutations-'));
			cpSync(copies[0], dir, {
				recursive: true,
				filter: (src) => path.basename(src) !== 'node_modules',
			});
			symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
			copies.push(dir);
		}
		const options = copies.map(compilerOptions);
		const results = new Array(selected.length);
		let next = 0;
		await Promise.all(
			copies.map(async (dir, j) => {
				while (next < selected.length) {
					const i = next++;
					const mutation = selected[i];
					results[i] = await tryMutation(dir, options[j], mutation);
					const r = results[i];
					console.log(
						`${r.result === 'caught' ? 'caught  ' : r.result.toUpperCase().padEnd(8)} ${mutation.id}: ${r.detail}`,
					);
					if (r.result !== 'caught' && args.verbose && r.output) console.log(r.output.slice(-4000));
				}
			}),
		);
		const caught = results.filter((r) => r.result === 'caught').length;
		const minutes = ((Date.now() - started) / 60000).toFixed(1);
		console.log(
			`mutations: ${caught} caught of ${selected.length} (${minutes} min, ${jobs} at a time)`,
		);
		process.exitCode = caught === selected.length ? 0 : 1;
	} finally {
		for (const dir of copies) rmSync(dir, { recursive: true, force: true });
	}
}

await main();
