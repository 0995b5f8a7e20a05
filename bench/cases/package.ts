/**
 * The package as n8n gets it: runtime dependencies (package.json), the `npm pack` tarball, and the time to
 * require every node and credential file listed in the `n8n` section from dist, each run in a fresh process.
 * `loadMs` preloads n8n-workflow first (n8n has it loaded before it loads community nodes); `loadMsCold`
 * includes requiring n8n-workflow too.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { median, REPO_ROOT, round } from '../util';

export interface PackageResult {
	runtimeDependencies: number;
	tarballBytes: number;
	tarballFiles: number;
	unpackedBytes: number;
	loadMs: number;
	loadMsRuns: number[];
	/** The fastest run: the least disturbed by other processes on a shared machine. */
	loadMsMin: number;
	loadMsCold: number;
	filesLoaded: string[];
}

const LOADER = `
const t0 = process.hrtime.bigint();
if (process.argv[1] === 'warm') require('n8n-workflow');
const t1 = process.hrtime.bigint();
for (const file of JSON.parse(process.argv[2])) {
	const mod = require(file);
	if (!Object.keys(mod).length) throw new Error('nothing exported by ' + file);
}
const t2 = process.hrtime.bigint();
process.stdout.write(JSON.stringify({ workflowMs: Number(t1 - t0) / 1e6, loadMs: Number(t2 - t1) / 1e6 }));
`;

export function benchPackage(options: { runs: number }): PackageResult {
	const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
		dependencies?: Record<string, string>;
		n8n: { nodes: string[]; credentials: string[] };
	};
	const files = [...pkg.n8n.credentials, ...pkg.n8n.nodes].map((file) =>
		path.join(REPO_ROOT, file),
	);

	const dir = mkdtempSync(path.join(tmpdir(), 'printio-pack-'));
	let tarballBytes = 0;
	let tarballFiles = 0;
	let unpackedBytes = 0;
	try {
		const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
			cwd: REPO_ROOT,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const info = (
			JSON.parse(out) as Array<{
				filename: string;
				size: number;
				unpackedSize: number;
				entryCount: number;
			}>
		)[0];
		tarballBytes = statSync(path.join(dir, info.filename)).size;
		tarballFiles = info.entryCount;
		unpackedBytes = info.unpackedSize;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}

	const load = (mode: 'warm' | 'cold') => {
		const out = execFileSync(process.execPath, ['-e', LOADER, mode, JSON.stringify(files)], {
			cwd: REPO_ROOT,
			encoding: 'utf8',
		});
		return JSON.parse(out) as { workflowMs: number; loadMs: number };
	};
	load('warm'); // fill the OS file cache
	const warm: number[] = [];
	const cold: number[] = [];
	for (let i = 0; i < options.runs; i++) {
		warm.push(load('warm').loadMs);
		const c = load('cold');
		cold.push(c.loadMs + c.workflowMs);
	}
	return {
		runtimeDependencies: Object.keys(pkg.dependencies ?? {}).length,
		tarballBytes,
		tarballFiles,
		unpackedBytes,
		loadMs: round(median(warm), 1),
		loadMsRuns: warm.map((ms) => round(ms, 1)),
		loadMsMin: round(Math.min(...warm), 1),
		loadMsCold: round(median(cold), 1),
		filesLoaded: files.map((file) => path.relative(REPO_ROOT, file)),
	};
}
