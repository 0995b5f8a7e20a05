// `npm run test:faults`: the fault suite (node --test files in this folder, TypeScript through tsx), one file at a
// time. Prints the spec report, then a closing line `faults: N passed, N failed` that CI reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const started = Date.now();

// The sandbox needs its native module. The harness loads the nodes from their TypeScript sources (through tsx
// here, see test/harness/package.ts), so no build is needed and no stale dist/ can be what is tested.
spawnSync(process.execPath, [path.join(root, 'scripts/ensure-native.mjs')], {
	cwd: root,
	stdio: 'inherit',
});

const only = process.argv.slice(2);
const files = readdirSync(here)
	.filter((name) => name.endsWith('.test.ts'))
	.filter((name) => only.length === 0 || only.some((word) => name.includes(word)))
	.sort()
	.map((name) => path.join('test-faults', name));

const scratch = mkdtempSync(path.join(tmpdir(), 'printio-faults-'));
const counts = path.join(scratch, 'counts.json');
const result = spawnSync(
	process.execPath,
	[
		'--import',
		'tsx',
		'--test',
		'--test-concurrency=1',
		'--test-reporter=spec',
		'--test-reporter-destination=stdout',
		'--test-reporter=./test-faults/count-reporter.mjs',
		`--test-reporter-destination=${counts}`,
		...files,
	],
	{
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'silent' },
	},
);

let passed = 0;
let failed = 0;
try {
	({ passed, failed } = JSON.parse(readFileSync(counts, 'utf8')));
} catch {
	failed = Math.max(1, failed); // the runner itself failed
}
rmSync(scratch, { recursive: true, force: true });
if (result.status !== 0 && failed === 0) failed = 1;
process.stdout.write(
	`\nfault suite: ${files.length} files in ${Math.round((Date.now() - started) / 1000)} s\n`,
);
process.stdout.write(`faults: ${passed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
