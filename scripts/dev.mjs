#!/usr/bin/env node
// `npm run dev`: the one-command local loop. Builds the package, starts the Printio sandbox with its order
// lifecycle running, installs n8n 2.41.1 + Node 24 once into a cache outside the repo, creates the sandbox
// credential and imports examples/*.json through n8n's CLI, starts n8n on http://127.0.0.1:5678 with this
// package loaded, rebuilds on change (tsc --watch) and restarts n8n when dist/ changed. Ctrl-C stops all.
//
// Options: --port N (n8n, default 5678) --sandbox-port N (default 4010) --step-seconds S (default 20)
//          --no-watch   --reset (forget the dev n8n data in .data/n8n and the sandbox database)
//          --queue [--workers N]: n8n in queue mode instead (scripts/n8n/queue.mjs): PostgreSQL and Redis (installed
//          with apt-get where missing), one main and N workers (default 2); its data is temporary, no watch
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

import { createN8n, REPO_ROOT } from './n8n/cli.mjs';
import {
	DEV_CREDENTIAL_ID,
	DEV_CREDENTIAL_NAME,
	DEV_OWNER,
	DEV_SHOP_SENDER,
} from './n8n/dev-constants.mjs';
import { ensureN8n } from './n8n/install.mjs';
import { buildPackage, checkBuilt, startSandboxProcess } from './n8n/project.mjs';
import { createQueueRig } from './n8n/queue.mjs';

const args = process.argv.slice(2);
function flag(name, fallback) {
	const i = args.indexOf(name);
	if (i === -1) return fallback;
	const v = args[i + 1];
	if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
	return v;
}
const N8N_PORT = Number(flag('--port', process.env.PRINTIO_DEV_PORT ?? 5678));
const SANDBOX_PORT = Number(flag('--sandbox-port', 4010));
const STEP_SECONDS = Number(flag('--step-seconds', 20));
const QUEUE = args.includes('--queue');
const WORKERS = Number(flag('--workers', 2));
const WATCH = !args.includes('--no-watch') && !QUEUE;
const DATA = path.join(REPO_ROOT, '.data');
const USER_FOLDER = path.join(DATA, 'n8n');
const SANDBOX_DB = '.data/sandbox.db';
const STATE_FILE = path.join(USER_FOLDER, 'printio-dev-state.json');

const c = {
	dim: (s) => (process.stdout.isTTY ? `\x1b[2m${s}\x1b[0m` : s),
	bold: (s) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s),
	red: (s) => (process.stdout.isTTY ? `\x1b[31m${s}\x1b[0m` : s),
};
const say = (s) => console.log(`${c.dim('[dev]')} ${s}`);
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

// n8n start-up chatter that says nothing about this package: its cloud services are unreachable on a closed
// network, the Python task runner is not installed, and its deprecation notices concern its own defaults.
const NOISE = [
	/ENOTFOUND|EAI_AGAIN|api\.n8n\.io|Strapi|system task run failed/,
	/^\s+at /,
	/Python task runner/,
	/deprecations related to your n8n setup/,
	/^\s*- N8N_[A-Z_]+ ->/,
	/Community package ledger is unusable/,
	/Failed to connect to n8n task broker|Postgres \d+ is not supported|DeprecationWarning|MaxListenersExceeded|trace-deprecation/,
];

const stoppers = [];
let shuttingDown = false;

async function shutdown(code = 0) {
	if (shuttingDown) return;
	shuttingDown = true;
	say('stopping…');
	for (const stop of stoppers.reverse()) {
		try {
			await stop();
		} catch (e) {
			console.error(e?.message ?? e);
		}
	}
	process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

function portInUse(port) {
	return new Promise((resolve) => {
		const s = net.createConnection({ port, host: '127.0.0.1' });
		s.once('connect', () => {
			s.destroy();
			resolve(true);
		});
		s.once('error', () => resolve(false));
	});
}

function hashOf(value) {
	return crypto
		.createHash('sha256')
		.update(typeof value === 'string' ? value : JSON.stringify(value))
		.digest('hex')
		.slice(0, 16);
}

function readState(stateFile = STATE_FILE) {
	try {
		return JSON.parse(fs.readFileSync(stateFile, 'utf8'));
	} catch {
		return { credential: null, examples: {} };
	}
}

async function startSandbox() {
	if (await portInUse(SANDBOX_PORT)) {
		// Someone (maybe `npm run sandbox` in another terminal) already serves that port: use it if it is ours.
		const res = await fetch(`http://127.0.0.1:${SANDBOX_PORT}/_sandbox/time`).catch(() => null);
		if (!res?.ok)
			throw new Error(`port ${SANDBOX_PORT} is taken by something that is not the Printio sandbox`);
		say(`using the sandbox already running on http://127.0.0.1:${SANDBOX_PORT}`);
		return { url: `http://127.0.0.1:${SANDBOX_PORT}`, stop: async () => {} };
	}
	const sb = await startSandboxProcess({
		port: SANDBOX_PORT,
		db: SANDBOX_DB,
		stepSeconds: STEP_SECONDS,
	});
	say(
		`sandbox on ${sb.url} (database ${SANDBOX_DB}, orders advance one status every ${STEP_SECONDS} s)`,
	);
	return sb;
}

/** Credential + examples through n8n's CLI, only what is new or changed since the last run (keeps later starts fast). */
async function provision(n8n, sandboxUrl, stateFile = STATE_FILE) {
	const state = readState(stateFile);
	const credential = {
		id: DEV_CREDENTIAL_ID,
		name: DEV_CREDENTIAL_NAME,
		type: 'printioApi',
		data:
			SANDBOX_PORT === 4010
				? {
						environment: 'sandbox',
						baseUrl: sandboxUrl,
						apiKey: 'sandbox-key-retailer-1',
						retailerId: 1,
						...DEV_SHOP_SENDER,
					}
				: {
						environment: 'custom',
						baseUrl: sandboxUrl,
						apiKey: 'sandbox-key-retailer-1',
						retailerId: 1,
						...DEV_SHOP_SENDER,
					},
	};
	if (state.credential !== hashOf(credential)) {
		await n8n.importCredentials([credential]);
		state.credential = hashOf(credential);
		say(
			`credential "${DEV_CREDENTIAL_NAME}" (printioApi, ${credential.data.environment} ${sandboxUrl}, retailer 1) saved`,
		);
	}

	const dir = path.join(REPO_ROOT, 'examples');
	const files = fs.existsSync(dir)
		? fs
				.readdirSync(dir)
				.filter((f) => f.endsWith('.json'))
				.sort()
		: [];
	const changed = [];
	for (const f of files) {
		const text = fs.readFileSync(path.join(dir, f), 'utf8');
		let wf;
		try {
			wf = JSON.parse(text);
		} catch (e) {
			say(c.red(`examples/${f}: not JSON (${e.message}); skipped`));
			continue;
		}
		if (!wf.id) {
			say(c.red(`examples/${f}: no "id" (n8n import needs one); skipped`));
			continue;
		}
		if (state.examples[f] === hashOf(text)) continue;
		changed.push({ f, wf, hash: hashOf(text) });
	}
	if (changed.length) {
		// One CLI call for all of them: each n8n command costs a few seconds of start-up.
		const batch = changed.map(({ wf }) => ({ active: false, ...wf }));
		await n8n.importWorkflow(batch);
		for (const { f, hash, wf } of changed) {
			state.examples[f] = hash;
			say(`example imported: ${wf.name ?? f}`);
		}
	}
	fs.writeFileSync(stateFile, JSON.stringify(state, null, 2) + '\n');
}

/** tsc --watch; resolves `firstBuild` after its first full compile (so no separate `npm run build` is needed). */
function startTscWatch(onRebuilt) {
	const tsc = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc');
	const child = spawn(tsc, ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
		cwd: REPO_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let buf = '';
	let first = true;
	let firstDone;
	const firstBuild = new Promise((r) => (firstDone = r));
	const onData = (d) => {
		buf += d;
		let nl;
		while ((nl = buf.indexOf('\n')) !== -1) {
			const line = buf.slice(0, nl).replace(/\x1bc|\x1b\[[0-9;]*[A-Za-z]/g, '');
			buf = buf.slice(nl + 1);
			if (/error TS\d+/.test(line)) console.log(c.red(`[tsc] ${line}`));
			const m = /Found (\d+) errors?\. Watching for file changes/.exec(line);
			if (m) {
				if (first) {
					first = false;
					firstDone(Number(m[1]));
					continue;
				}
				if (m[1] === '0') onRebuilt();
				else say(c.red(`tsc: ${m[1]} error(s); n8n keeps the last good build`));
			}
		}
	};
	child.stdout.on('data', onData);
	child.stderr.on('data', onData);
	child.on('exit', () => firstDone(-1));
	return { child, firstBuild };
}

function runGulpIcons() {
	return new Promise((resolve) => {
		const gulp = path.join(REPO_ROOT, 'node_modules', '.bin', 'gulp');
		const child = spawn(gulp, ['build:icons'], { cwd: REPO_ROOT, stdio: 'ignore' });
		child.on('exit', (code) => resolve(code === 0));
		child.on('error', () => resolve(false));
	});
}

/** Icons are copied by gulp; rerun it when an SVG changes (tsc does not see them). */
function watchIcons(onCopied) {
	const watchers = [];
	let timer;
	for (const dir of ['nodes', 'credentials']) {
		const abs = path.join(REPO_ROOT, dir);
		if (!fs.existsSync(abs)) continue;
		watchers.push(
			fs.watch(abs, { recursive: true }, (_e, file) => {
				if (!file || !/\.(svg|png)$/.test(file)) return;
				clearTimeout(timer);
				timer = setTimeout(async () => {
					if (await runGulpIcons()) onCopied();
					else say(c.red('gulp build:icons failed'));
				}, 300);
			}),
		);
	}
	return () => watchers.forEach((w) => w.close());
}

/** `--queue`: the same package, sandbox, credential and examples on n8n in queue mode (docs/queue-mode.md). */
async function mainQueue() {
	if (await portInUse(N8N_PORT))
		throw new Error(`port ${N8N_PORT} is in use (another n8n?). Stop it or pass --port N.`);
	await ensureN8n();
	say('queue mode: building the package, starting the sandbox, PostgreSQL and Redis…');
	const [sandbox] = await Promise.all([startSandbox(), buildPackage()]);
	stoppers.push(() => sandbox.stop());
	const rig = await createQueueRig({
		workers: WORKERS,
		owner: DEV_OWNER,
		port: N8N_PORT,
		onLog: (name, chunk) => {
			for (const line of chunk.split('\n')) {
				if (!line.trim() || NOISE.some((re) => re.test(line))) continue;
				console.log(c.dim(`[${name}] ${line}`));
			}
		},
	});
	stoppers.push(() => rig.stop());
	// A fresh database every time: provision everything (the state file lives in the temp user folder).
	await provision(rig.n8n, sandbox.url, path.join(rig.n8n.userFolder, 'printio-dev-state.json'));
	await rig.start();
	console.log(
		[
			'',
			c.bold(`  n8n (queue mode) is ready: http://127.0.0.1:${N8N_PORT}/home/workflows`),
			`  sign in:      ${DEV_OWNER.email} / ${DEV_OWNER.password}`,
			`  processes:    main (editor, webhooks, trigger polls; enqueues every execution) + ${rig.workerNames.join(', ')} (run them)`,
			`  services:     PostgreSQL 127.0.0.1:${rig.postgres.port}, Redis 127.0.0.1:${rig.redis.port} (temporary data, removed on exit)`,
			`  sandbox:      ${sandbox.url}  (orders advance every ${STEP_SECONDS} s)`,
			`  started in ${since()}. Each log line names its process. No rebuild on change in queue mode. Ctrl-C stops everything.`,
			'',
		].join('\n'),
	);
}

async function main() {
	if (QUEUE) return mainQueue();
	fs.mkdirSync(DATA, { recursive: true });
	if (args.includes('--reset')) {
		fs.rmSync(USER_FOLDER, { recursive: true, force: true });
		for (const f of ['sandbox.db', 'sandbox.db-wal', 'sandbox.db-shm'])
			fs.rmSync(path.join(DATA, f), { force: true });
		say('reset .data/n8n and the sandbox database');
	}
	if (await portInUse(N8N_PORT))
		throw new Error(`port ${N8N_PORT} is in use (another n8n?). Stop it or pass --port N.`);

	const install = await ensureN8n(); // a few minutes the first time, then instant
	if (!install.cached)
		say(
			`installed n8n ${install.version} + Node 24 in ${install.seconds} s into ${path.dirname(install.dir)}`,
		);

	// Build and sandbox start side by side. In watch mode tsc --watch's first pass is the build.
	say(
		WATCH
			? 'building the package (tsc --watch) and starting the sandbox…'
			: 'building the package and starting the sandbox…',
	);
	let restart = () => {};
	let tscWatch = null;
	const build = (async () => {
		if (!WATCH) return buildPackage();
		tscWatch = startTscWatch(() => restart('package rebuilt'));
		stoppers.push(async () => tscWatch.child.kill('SIGTERM'));
		const [errors, icons] = await Promise.all([tscWatch.firstBuild, runGulpIcons()]);
		if (errors !== 0)
			throw new Error(errors < 0 ? 'tsc --watch exited' : `tsc: ${errors} error(s), see above`);
		if (!icons) throw new Error('gulp build:icons failed');
	})();
	const [sandbox] = await Promise.all([startSandbox(), build]);
	stoppers.push(() => sandbox.stop());
	const built = checkBuilt();
	if (built.missing.length) throw new Error(`build did not produce ${built.missing.join(', ')}`);

	const n8n = await createN8n({
		major: 2,
		userFolder: USER_FOLDER,
		port: N8N_PORT,
		owner: DEV_OWNER,
		logLevel: 'warn',
	});
	stoppers.push(() => n8n.stop());
	await provision(n8n, sandbox.url);

	let server = null;
	const start = async () => {
		const ts = Date.now();
		server = await n8n.startServer({
			onLog: (chunk) => {
				for (const line of chunk.split('\n')) {
					if (!line.trim() || NOISE.some((re) => re.test(line))) continue;
					console.log(c.dim(`[n8n] ${line}`));
				}
			},
		});
		return (Date.now() - ts) / 1000;
	};
	const startSeconds = await start();
	stoppers.push(() => server?.stop());

	console.log(
		[
			'',
			c.bold(`  n8n is ready: http://127.0.0.1:${N8N_PORT}/home/workflows`),
			`  sign in:      ${DEV_OWNER.email} / ${DEV_OWNER.password}   (local-only dev account, set by this script)`,
			`  credential:   "${DEV_CREDENTIAL_NAME}" → sandbox ${sandbox.url} (retailer 1, key sandbox-key-retailer-1)`,
			`  sandbox:      ${sandbox.url}  (control API under /_sandbox/, orders advance every ${STEP_SECONDS} s)`,
			`  n8n data:     ${path.relative(REPO_ROOT, USER_FOLDER)}/   (npm run dev -- --reset to start over)`,
			`  started in ${since()} (n8n itself ${startSeconds.toFixed(1)} s)${WATCH ? '; watching nodes/, credentials/ and api/' : ''}. Ctrl-C stops everything.`,
			'',
		].join('\n'),
	);

	if (!WATCH) return;
	let restarting = Promise.resolve();
	restart = (why) => {
		restarting = restarting.then(async () => {
			if (shuttingDown) return;
			say(`${why}: restarting n8n…`);
			await server?.stop();
			try {
				const s = await start();
				say(`n8n restarted in ${s.toFixed(1)} s; reload the browser tab`);
			} catch (e) {
				say(c.red(`n8n did not start: ${e.message.split('\n')[0]}`));
			}
		});
	};
	const closeIcons = watchIcons(() => restart('icons copied'));
	stoppers.push(async () => closeIcons());
}

main().catch(async (e) => {
	console.error(c.red(`[dev] ${e.message}`));
	await shutdown(1);
});
