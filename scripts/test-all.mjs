// npm run test:all: the whole suite. The installs that only the end-to-end legs need (n8n 2.x and 1.x, Chromium,
// PostgreSQL and Redis: ~10 min on a new machine, mostly download and disk) run beside the fast suite, the planted
// mistakes and the fault suite instead of before the e2e legs; each leg still runs alone, in this order.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'printio-test-all-'));
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

const installing = new Set();

function run(command, args, { log } = {}) {
	const out = log ? fs.openSync(log, 'a') : 'inherit';
	const child = spawn(command, args, { stdio: ['ignore', out, out] });
	if (log) {
		installing.add(child);
		child.on('exit', () => installing.delete(child));
	}
	const done = new Promise((resolve) => {
		child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
		child.on('error', () => resolve(1));
	});
	return { child, done };
}

async function background(name, steps) {
	const log = path.join(logDir, `${name}.log`);
	const t0 = Date.now();
	for (const [command, ...args] of steps) {
		const code = await run(command, args, { log }).done;
		if (code !== 0) return { name, ok: false, log, took: seconds(t0) };
	}
	return { name, ok: true, log, took: seconds(t0) };
}

async function leg(script) {
	const t0 = Date.now();
	const code = await run('npm', ['run', script]).done;
	console.log(`== test:all: ${script} exit ${code} in ${seconds(t0)}`);
	if (code !== 0) {
		console.log(`== test:all: failed at ${script} after ${seconds(started)}`);
		for (const child of installing) child.kill();
		process.exit(code);
	}
}

// apt-get holds one lock: Chromium and the queue services are installed one after the other.
const installs = Promise.all([
	background('n8n', [['node', 'scripts/n8n/install.mjs', '--n8n1']]),
	background('apt', [
		['bash', 'scripts/n8n/ensure-chromium.sh'],
		['node', '-e', "import('./scripts/n8n/services.mjs').then((m) => m.ensureQueueServices())"],
	]),
]);

await leg('test');
await leg('test:mutations');
await leg('test:faults');

const t0 = Date.now();
for (const install of await installs) {
	console.log(
		`== test:all: install ${install.name} ${install.ok ? 'done' : 'FAILED'} in ${install.took}`,
	);
	if (!install.ok) {
		console.log(fs.readFileSync(install.log, 'utf8').slice(-4000));
		process.exit(1);
	}
}
console.log(`== test:all: waited ${seconds(t0)} for the installs`);

await leg('test:e2e');
await leg('test:queue');
console.log(`== test:all: all legs passed in ${seconds(started)}`);
