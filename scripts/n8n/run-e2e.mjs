// Runs the end-to-end files (e2e/*.test.mjs) in lanes: each lane runs its files
// one after the other, the lanes run beside each other. Each file is still its own `node --test` process with its
// own sandbox, n8n user folder, ports and temporary data, exactly as `node --test --test-concurrency=1 e2e/` ran
// it; only the wall time changes. Most of an e2e file's time is waiting (the trigger's polls every 10 s, n8n's
// starts, a browser's page loads): alone, the nine files kept 28 % of the two cores busy (798 CPU seconds of their
// process trees in 1,409 s, /usr/bin/time per file, 2026-12-07), so three of them at a time fit on a 2-core machine
// (docs/dev-loop.md, `npm run test:e2e`).
//
// Usage: node scripts/n8n/run-e2e.mjs [--lanes=N] [--plan] [file ...]
//   (no file)   every e2e/*.test.mjs, in 3 lanes (E2E_LANES=N or --lanes=N: N lanes; 1 is one file at a time)
//   --plan      print the lanes and exit
//   file ...    only these files, one at a time
// Each file's TAP output goes to test-artifacts/e2e-runs/<file>.log and is printed whole when the file ends; the
// closing lines sum node's test runner's counts over the files. Exit 1 when any file fails.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './cli.mjs';

const E2E_DIR = path.join(REPO_ROOT, 'e2e');

/**
 * Seconds each file took alone on the 2-core machine (2026-12-07, load average 1-4). The lanes come from these: the
 * longest file first into the lane with the least time so far.
 */
const MEASURED = {
	'shop-loop.e2e.test.mjs': 272,
	'n8n2-durable.e2e.test.mjs': 242,
	'examples.e2e.test.mjs': 240,
	'newcomer.e2e.test.mjs': 172,
	'n8n2.e2e.test.mjs': 168,
	'n8n1.e2e.test.mjs': 145,
	'sandbox-package.e2e.test.mjs': 81,
	'n8n1-editor.e2e.test.mjs': 62,
	'duplicates.e2e.test.mjs': 27,
};
/** A file not measured yet counts as this many seconds. */
const UNMEASURED_SECONDS = 300;
const DEFAULT_LANES = 3;

const args = process.argv.slice(2);
const laneArg = args.find((a) => a.startsWith('--lanes='));
const laneCount = Math.max(
	1,
	Math.floor(Number(laneArg?.slice('--lanes='.length) ?? process.env.E2E_LANES ?? DEFAULT_LANES)) ||
		DEFAULT_LANES,
);
const named = args.filter((a) => !a.startsWith('--')).map((f) => path.basename(f));

/** The longest file first, each into the lane with the least time so far (ties: the first such lane). */
function lanesFor(files, count) {
	const lanes = Array.from({ length: count }, () => ({ seconds: 0, files: [] }));
	const secondsOf = (f) => MEASURED[f] ?? UNMEASURED_SECONDS;
	for (const f of [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b))) {
		const lane = lanes.reduce((a, b) => (b.seconds < a.seconds ? b : a));
		lane.seconds += secondsOf(f);
		lane.files.push(f);
	}
	return lanes.map((lane) => lane.files);
}

function plan() {
	if (named.length) return [named];
	const all = fs
		.readdirSync(E2E_DIR)
		.filter((f) => f.endsWith('.test.mjs'))
		.sort();
	return lanesFor(all, laneCount);
}

const logDir = path.join(REPO_ROOT, 'test-artifacts', 'e2e-runs');
fs.mkdirSync(logDir, { recursive: true });
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
const clock = () => `${seconds(started)} s`;
const running = new Set();
const results = [];

function counts(text) {
	const read = (name) => {
		const all = [...text.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gm'))];
		return all.length ? Number(all[all.length - 1][1]) : undefined;
	};
	return {
		tests: read('tests'),
		pass: read('pass'),
		fail: read('fail'),
		skipped: read('skipped'),
		cancelled: read('cancelled'),
	};
}

function runFile(file, lane) {
	const log = path.join(logDir, `${file}.log`);
	const out = fs.openSync(log, 'w');
	const t0 = Date.now();
	console.log(`== e2e [lane ${lane + 1}] ${file}: started at ${clock()}`);
	const child = spawn(
		process.execPath,
		['--test', '--test-reporter=tap', path.join(E2E_DIR, file)],
		{ cwd: REPO_ROOT, stdio: ['ignore', out, out] },
	);
	running.add(child);
	return new Promise((resolve) => {
		const finish = (code) => {
			running.delete(child);
			fs.closeSync(out);
			const text = fs.readFileSync(log, 'utf8');
			const c = counts(text);
			const ok = code === 0 && c.tests !== undefined && c.fail === 0 && !c.cancelled;
			const result = { file, lane: lane + 1, ok, seconds: seconds(t0), ...c };
			results.push(result);
			console.log(`\n== e2e [lane ${lane + 1}] ${file}: output (${path.relative(REPO_ROOT, log)})`);
			process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
			console.log(
				`== e2e [lane ${lane + 1}] ${file}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${result.seconds} s` +
					` (tests ${c.tests ?? '?'}, pass ${c.pass ?? '?'}, fail ${c.fail ?? '?'}, skipped ${c.skipped ?? '?'}), at ${clock()}\n`,
			);
			resolve(result);
		};
		child.on('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
		child.on('error', () => finish(1));
	});
}

for (const signal of ['SIGINT', 'SIGTERM']) {
	process.on(signal, () => {
		// Each file's after() hooks stop its n8n and sandbox on SIGTERM.
		for (const child of running) child.kill('SIGTERM');
		process.exit(1);
	});
}

const lanes = plan().filter((lane) => lane.length);
console.log(
	`== e2e: ${lanes.flat().length} files in ${lanes.length} lane(s): ${lanes
		.map((lane, i) => `${i + 1}: ${lane.join(', ')}`)
		.join(' | ')}`,
);
if (args.includes('--plan')) process.exit(0);
await Promise.all(
	lanes.map(async (lane, i) => {
		for (const file of lane) await runFile(file, i);
	}),
);

const sum = (key) => results.reduce((total, r) => total + (r[key] ?? 0), 0);
console.log('== e2e: seconds per file (lane): ');
for (const r of results)
	console.log(
		`   ${r.ok ? 'ok  ' : 'FAIL'} ${String(r.seconds).padStart(5)} s  [${r.lane}] ${r.file}`,
	);
console.log(`# tests ${sum('tests')}`);
console.log(`# pass ${sum('pass')}`);
console.log(`# fail ${sum('fail')}`);
console.log(`# skipped ${sum('skipped')}`);
console.log(`# files ${results.length}, wall ${seconds(started)} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
