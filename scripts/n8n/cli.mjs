// A small library to drive a real n8n (the CLI and a started server) with this package loaded.
// Used by scripts/dev.mjs and e2e/. No dependencies beyond Node's standard library.
//
//   const n8n = await createN8n({ major: 2 });          // temp user folder, removed by n8n.cleanup()
//   await n8n.importCredentials([{ id, name, type, data }]);
//   await n8n.importWorkflow(workflowJson);             // needs an `id`
//   const run = await n8n.executeWorkflow(id);          // parsed run JSON (n8n's IRun)
//   await n8n.activateWorkflow(id);                     // 2.x: publish:workflow, 1.x: update:workflow --active
//   const server = await n8n.startServer();             // { url, stop() }, waits for /healthz
//
// How the package is loaded: a symlink at $N8N_USER_FOLDER/.n8n/nodes/node_modules/n8n-nodes-printio pointing
// at the repository. n8n 2.41.1 scans that folder for `n8n-nodes-*` packages (community-packages module,
// scanDirectoryForPackages) and loads them with the PackageDirectoryLoader, so node types are named after the
// package (`n8n-nodes-printio.printio`), exactly as after an install from the registry. N8N_CUSTOM_EXTENSIONS
// would work too, but its CustomDirectoryLoader names every type `CUSTOM.<name>`, so workflows saved there
// would not open for users who installed the package; we therefore do not use it.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureN8n, ensureN8n1 } from './install.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-printio';

/**
 * n8n's durable scheduler running the poll triggers, with durable cursors: a poll's cursor (the trigger's static
 * data) is committed in the same database transaction as the execution it starts. On by default from n8n 2.45.0
 * (the scheduler); each of the four is needed for durable cursors, and all four work on 2.41.1 (FACTS.md).
 * `createN8n({ env: DURABLE_SCHEDULER_ENV })`; e2e/n8n2-durable.e2e.test.mjs runs the trigger under it.
 */
export const DURABLE_SCHEDULER_ENV = Object.freeze({
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
});

/** A free TCP port on 127.0.0.1 (port 0 trick; n8n itself cannot be told to pick one). */
export function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

/**
 * Pull the run JSON out of `n8n execute --rawOutput` output. On 2.x, log lines come first; on a failed run the
 * JSON is written by the logger after "Execution error:". JSON.stringify(data, null, 2) puts `{` and the closing
 * `}` alone on their lines, which we look for and then verify by parsing.
 */
export function parseRunOutput(text) {
	const lines = text.split('\n');
	let best = null;
	for (let i = 0; i < lines.length; i++) {
		if (lines[i].trimEnd() !== '{' && !lines[i].trimEnd().endsWith(' {') && !lines[i].endsWith('{'))
			continue;
		const start = lines[i].lastIndexOf('{');
		for (let j = lines.length - 1; j > i; j--) {
			if (lines[j].trimEnd() !== '}') continue;
			const candidate = [lines[i].slice(start), ...lines.slice(i + 1, j + 1)].join('\n');
			try {
				const parsed = JSON.parse(candidate);
				if (parsed && typeof parsed === 'object' && parsed.data && parsed.data.resultData) {
					best = parsed;
				}
				break;
			} catch {
				/* not this pair */
			}
		}
		if (best) return best;
	}
	return null;
}

/** Items a node produced in a run: [{ json, ... }] of its first (or given) output of its last run. */
export function nodeOutput(run, nodeName, outputIndex = 0) {
	const runs = run?.data?.resultData?.runData?.[nodeName];
	if (!runs || runs.length === 0) return undefined;
	const last = runs[runs.length - 1];
	return last?.data?.main?.[outputIndex] ?? [];
}

/** The error (if any) a node raised in its last run, and the run's own error. */
export function runError(run) {
	return run?.data?.resultData?.error;
}

/**
 * With E2E_N8N_TRACE=<file>, every n8n command and server start appends one JSON line there: which test file ran
 * it, the command, when it began and how long it took (a start: until ready). How the e2e's time is measured
 * (docs/dev-loop.md); off by default.
 */
function trace(command, t0) {
	const file = process.env.E2E_N8N_TRACE;
	if (!file) return;
	const line = {
		file: path.basename(process.argv[1] ?? ''),
		command,
		start: new Date(t0).toISOString(),
		seconds: Math.round((Date.now() - t0) / 100) / 10,
	};
	fs.appendFileSync(file, JSON.stringify(line) + '\n');
}

function cleanEnv() {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		// A parent `npm run` exports npm_* (and N8N_* from a developer's shell would change what we test).
		// NODE_ENV=test (set by the test harness, e.g. for the benchmarks) makes n8n's commands exit after start-up.
		if (/^npm_/i.test(k) || /^N8N_/.test(k) || /^DB_/.test(k) || k === 'NODE_ENV') continue;
		env[k] = v;
	}
	return env;
}

/**
 * @param {object} o
 * @param {1|2} [o.major] n8n 2.41.1 on Node 24 (default) or 1.123.81 on this machine's Node 20
 * @param {string} [o.userFolder] persistent folder (default: a new temp folder removed by cleanup())
 * @param {string} [o.encryptionKey] default: read from/kept in the user folder, else random
 * @param {string} [o.packageDir] the package to load (default: this repository; it must be built)
 * @param {number} [o.port] server port (default: a free one)
 * @param {object} [o.env] more environment variables
 * @param {string} [o.logLevel] n8n's N8N_LOG_LEVEL (default 'warn')
 * @param {{email:string,password:string,firstName?:string,lastName?:string}} [o.owner] managed owner (2.x only)
 */
export async function createN8n(o = {}) {
	const major = o.major ?? 2;
	const install = major === 1 ? await ensureN8n1() : await ensureN8n();
	const temp = !o.userFolder;
	const userFolder = o.userFolder
		? path.resolve(o.userFolder)
		: fs.mkdtempSync(path.join(os.tmpdir(), `n8n${major}-printio-`));
	fs.mkdirSync(userFolder, { recursive: true });
	const packageDir = path.resolve(o.packageDir ?? REPO_ROOT);
	linkPackage(userFolder, packageDir);

	// The key must be the same for every command on a user folder; persist it next to n8n's own data.
	const keyFile = path.join(userFolder, 'encryption-key.txt');
	let encryptionKey = o.encryptionKey;
	if (!encryptionKey && fs.existsSync(keyFile))
		encryptionKey = fs.readFileSync(keyFile, 'utf8').trim();
	if (!encryptionKey) encryptionKey = crypto.randomBytes(24).toString('base64url');
	fs.writeFileSync(keyFile, encryptionKey + '\n', { mode: 0o600 });

	const port = o.port ?? (await freePort());
	const env = {
		...cleanEnv(),
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: encryptionKey,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		// Plain http on loopback: a Secure cookie would not be stored by every browser.
		N8N_SECURE_COOKIE: 'false',
		// Nothing leaves the machine (and this machine's network is closed anyway).
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_LOG_LEVEL: o.logLevel ?? 'warn',
		N8N_LOG_OUTPUT: 'console',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		GENERIC_TIMEZONE: 'Asia/Tokyo',
		TZ: process.env.TZ ?? 'UTC',
		// Run with the Node that n8n needs (2.x: Node 24) also for child processes n8n starts (task runner).
		PATH: `${path.dirname(install.node)}${path.delimiter}${process.env.PATH}`,
	};
	if (major === 1) {
		// FACTS.md: n8n 1.123.81 as installed here must run the legacy expression engine.
		env.N8N_EXPRESSION_ENGINE = 'legacy';
		env.N8N_RUNNERS_ENABLED = 'true';
		env.WEBHOOK_URL = `http://127.0.0.1:${port}/`;
	} else {
		env.N8N_WEBHOOK_URL = `http://127.0.0.1:${port}/`;
		// instance-ai makes the AI assistant (needs n8n's cloud) the page after sign-in; mcp-registry polls
		// api.n8n.io. Neither works on a closed network, and neither concerns this package.
		env.N8N_DISABLED_MODULES = 'instance-ai,mcp-registry';
	}
	if (o.owner && major === 2) {
		Object.assign(env, ownerEnv(install.dir, o.owner));
	}
	Object.assign(env, o.env ?? {});

	const children = new Set();

	/** Runs `n8n ...args`; resolves { code, stdout, stderr } (never rejects on a non-zero exit). */
	async function run(args, { timeoutMs = 180_000, extraEnv } = {}) {
		// Every n8n process opens a task-runner broker on a fixed port (5679) unless told otherwise.
		const brokerPort = String(await freePort());
		const t0 = Date.now();
		return new Promise((resolve, reject) => {
			const child = spawn(install.node, [install.bin, ...args], {
				env: { ...env, N8N_RUNNERS_BROKER_PORT: brokerPort, ...(extraEnv ?? {}) },
				cwd: userFolder,
				stdio: ['ignore', 'pipe', 'pipe'],
			});
			children.add(child);
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (d) => (stdout += d));
			child.stderr.on('data', (d) => (stderr += d));
			const timer = setTimeout(() => {
				child.kill('SIGKILL');
				reject(
					new Error(
						`n8n ${args.join(' ')} timed out after ${timeoutMs} ms\n${tail(stdout + stderr)}`,
					),
				);
			}, timeoutMs);
			child.on('error', reject);
			child.on('exit', (code, signal) => {
				clearTimeout(timer);
				children.delete(child);
				trace(`n8n ${major}.x ${args[0]}`, t0);
				resolve({ code, signal, stdout, stderr });
			});
		});
	}

	async function runOk(args, opts) {
		const r = await run(args, opts);
		if (r.code !== 0)
			throw new Error(`n8n ${args.join(' ')} exited ${r.code}\n${tail(r.stdout + r.stderr)}`);
		return r;
	}

	function writeTemp(name, data) {
		const dir = path.join(userFolder, 'imports');
		fs.mkdirSync(dir, { recursive: true });
		const f = path.join(dir, name);
		fs.writeFileSync(f, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
		return f;
	}

	const api = {
		major,
		version: install.version,
		node: install.node,
		bin: install.bin,
		userFolder,
		port,
		url: `http://127.0.0.1:${port}`,
		env,
		run,
		runOk,

		/** `creds`: an array of { id, name, type, data } (data as a plain object: n8n encrypts it on import). */
		async importCredentials(creds) {
			const list = Array.isArray(creds) ? creds : [creds];
			const f = writeTemp(`credentials-${Date.now()}.json`, list);
			return runOk(['import:credentials', `--input=${f}`]);
		},

		/** A workflow object (with `id`) or an array of them, or a path to a JSON file. */
		async importWorkflow(wf) {
			const f = typeof wf === 'string' ? wf : writeTemp(`workflow-${Date.now()}.json`, wf);
			return runOk(['import:workflow', `--input=${f}`]);
		},

		/**
		 * `n8n execute --id --rawOutput` → { ok, code, run, stdout, stderr }. `run` is the parsed run JSON
		 * (also on a failed run, where n8n logs it); ok is false when n8n exited non-zero.
		 */
		async executeWorkflow(id, { timeoutMs } = {}) {
			// `execute` prints the run JSON through n8n's logger at level info (BaseCommand.log), so a quieter
			// N8N_LOG_LEVEL would swallow it.
			const r = await run(['execute', `--id=${id}`, '--rawOutput'], {
				timeoutMs,
				extraEnv: { N8N_LOG_LEVEL: 'info' },
			});
			const parsed = parseRunOutput(r.stdout) ?? parseRunOutput(r.stdout + '\n' + r.stderr);
			return {
				ok: r.code === 0,
				code: r.code,
				signal: r.signal,
				run: parsed,
				stdout: r.stdout,
				stderr: r.stderr,
			};
		},

		/** Mark a workflow active so the next `startServer()` activates its triggers. */
		async activateWorkflow(id) {
			if (major === 1) return runOk(['update:workflow', `--id=${id}`, '--active=true']);
			return runOk(['publish:workflow', `--id=${id}`]);
		},

		async listWorkflows() {
			// Like `execute`, `list:workflow` prints through the logger at level info.
			const r = await runOk(['list:workflow'], { extraEnv: { N8N_LOG_LEVEL: 'info' } });
			return r.stdout
				.split('\n')
				.map((l) => l.trim())
				.filter((l) => /^[A-Za-z0-9]+\|/.test(l))
				.map((l) => {
					const [wid, ...name] = l.split('|');
					return { id: wid, name: name.join('|') };
				});
		},

		/**
		 * `n8n start` in the background; resolves when /healthz/readiness answers 200.
		 * @returns {Promise<{ url: string, child: import('node:child_process').ChildProcess, logs: () => string, stop: () => Promise<void> }>}
		 */
		async startServer({ timeoutMs = 180_000, onLog, extraEnv } = {}) {
			const brokerPort = String(await freePort());
			const child = spawn(install.node, [install.bin, 'start'], {
				env: { ...env, N8N_RUNNERS_BROKER_PORT: brokerPort, ...(extraEnv ?? {}) },
				cwd: userFolder,
				stdio: ['ignore', 'pipe', 'pipe'],
				detached: false,
			});
			children.add(child);
			let logs = '';
			const onData = (d) => {
				logs += d;
				if (logs.length > 2_000_000) logs = logs.slice(-1_000_000);
				onLog?.(String(d));
			};
			child.stdout.on('data', onData);
			child.stderr.on('data', onData);
			let exited = null;
			const exitPromise = new Promise((resolve) =>
				child.on('exit', (code, signal) => {
					exited = { code, signal };
					children.delete(child);
					resolve();
				}),
			);
			const url = `http://127.0.0.1:${port}`;
			const t0 = Date.now();
			const deadline = t0 + timeoutMs;
			for (;;) {
				if (exited)
					throw new Error(`n8n start exited (${exited.signal ?? exited.code})\n${tail(logs)}`);
				try {
					const res = await fetch(`${url}/healthz/readiness`);
					if (res.ok) break;
					// Older n8n without the readiness endpoint: fall back to the liveness one.
					if (res.status === 404 && (await fetch(`${url}/healthz`)).ok) break;
				} catch {
					/* not listening yet */
				}
				if (Date.now() > deadline) {
					child.kill('SIGKILL');
					throw new Error(`n8n did not become ready in ${timeoutMs} ms\n${tail(logs)}`);
				}
				await sleep(300);
			}
			trace(`n8n ${major}.x start (ready)`, t0);
			return {
				url,
				child,
				logs: () => logs,
				async stop() {
					if (exited) return;
					child.kill('SIGTERM');
					const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
					await exitPromise;
					clearTimeout(t);
				},
			};
		},

		/** REST login as the managed owner → a fetch wrapper with the session cookie (2.x). */
		async login({ email, password }) {
			const res = await fetch(`${api.url}/rest/login`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'browser-id': 'printio-cli' },
				body: JSON.stringify({ emailOrLdapLoginId: email, email, password }),
			});
			if (!res.ok) throw new Error(`login failed: HTTP ${res.status} ${await res.text()}`);
			const cookie = (res.headers.getSetCookie?.() ?? [res.headers.get('set-cookie') ?? ''])
				.map((c) => c.split(';')[0])
				.join('; ');
			return (p, init = {}) =>
				fetch(`${api.url}${p}`, {
					...init,
					headers: {
						'browser-id': 'printio-cli',
						cookie,
						'content-type': 'application/json',
						...(init.headers ?? {}),
					},
				});
		},

		/** Kill anything still running that this instance started. */
		async stop() {
			const waits = [];
			for (const c of children) {
				waits.push(new Promise((r) => c.once('exit', r)));
				c.kill('SIGTERM');
			}
			const t = setTimeout(() => {
				for (const c of children) c.kill('SIGKILL');
			}, 15_000);
			await Promise.all(waits);
			clearTimeout(t);
		},

		async cleanup() {
			await api.stop();
			if (temp) fs.rmSync(userFolder, { recursive: true, force: true });
		},
	};
	return api;
}

/** Symlink the package into the folder n8n scans for installed community packages. */
export function linkPackage(userFolder, packageDir) {
	const nm = path.join(userFolder, '.n8n', 'nodes', 'node_modules');
	fs.mkdirSync(nm, { recursive: true });
	const pj = path.join(userFolder, '.n8n', 'nodes', 'package.json');
	if (!fs.existsSync(pj))
		fs.writeFileSync(
			pj,
			JSON.stringify({ name: 'installed-nodes', private: true }, null, 2) + '\n',
		);
	const link = path.join(nm, PACKAGE_NAME);
	let current = null;
	try {
		current = fs.readlinkSync(link);
	} catch {
		/* absent or not a link */
	}
	if (current === packageDir) return link;
	fs.rmSync(link, { recursive: true, force: true });
	fs.symlinkSync(packageDir, link, 'dir');
	return link;
}

/**
 * Env vars that make n8n 2.x create/overwrite the owner at `n8n start` (N8N_INSTANCE_OWNER_MANAGED_BY_ENV,
 * read by its instance-settings loader), hashing the password with the bcryptjs that n8n itself ships.
 */
export function ownerEnv(n8nInstallDir, owner) {
	const req = createRequire(path.join(n8nInstallDir, 'node_modules', 'n8n', 'package.json'));
	const bcrypt = req('bcryptjs');
	const hash = bcrypt.hashSync(owner.password, 10);
	return {
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: owner.email,
		N8N_INSTANCE_OWNER_FIRST_NAME: owner.firstName ?? 'Local',
		N8N_INSTANCE_OWNER_LAST_NAME: owner.lastName ?? 'Developer',
		N8N_INSTANCE_OWNER_PASSWORD_HASH: hash,
	};
}

export function sleep(ms) {
	return new Promise((r) => setTimeout(r, ms));
}

function tail(s, n = 4000) {
	return s.length > n ? '…' + s.slice(-n) : s;
}
