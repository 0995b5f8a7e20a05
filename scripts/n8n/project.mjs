// Helpers shared by scripts/dev.mjs and e2e/: build the package, start the sandbox as a child process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './cli.mjs';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm run build` in the repository; rejects with its output when it fails. */
export function buildPackage({ quiet = true } = {}) {
	return new Promise((resolve, reject) => {
		const t0 = Date.now();
		const child = spawn(NPM, ['run', '--silent', 'build'], {
			cwd: REPO_ROOT,
			stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
		});
		let out = '';
		child.stdout?.on('data', (d) => (out += d));
		child.stderr?.on('data', (d) => (out += d));
		child.on('error', reject);
		child.on('exit', (code) => {
			if (code === 0) resolve({ seconds: (Date.now() - t0) / 1000 });
			else reject(new Error(`npm run build failed (${code})\n${out.slice(-4000)}`));
		});
	});
}

/** Checks that the built package has what n8n loads (package.json `n8n` entries under dist/). */
export function checkBuilt() {
	const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
	const files = [...(pkg.n8n?.nodes ?? []), ...(pkg.n8n?.credentials ?? [])];
	const missing = files.filter((f) => !fs.existsSync(path.join(REPO_ROOT, f)));
	return { files, missing };
}

/**
 * Starts the sandbox (`sandbox/main.ts` through the repo's tsx) and resolves once it printed its address.
 * port 0 picks a free port. Returns { url, port, child, logs(), stop() }.
 */
export function startSandboxProcess({
	port = 0,
	db = ':memory:',
	stepSeconds = 0,
	extraArgs = [],
	onLog,
} = {}) {
	const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
	const main = path.join(REPO_ROOT, 'sandbox', 'main.ts');
	if (!fs.existsSync(main)) return Promise.reject(new Error(`sandbox not found at ${main}`));
	if (db !== ':memory:')
		fs.mkdirSync(path.dirname(path.resolve(REPO_ROOT, db)), { recursive: true });
	// The sandbox's SQLite module is native and .npmrc skips install scripts: build it once if it is missing.
	const ensureNative = path.join(REPO_ROOT, 'scripts', 'ensure-native.mjs');
	if (fs.existsSync(ensureNative)) {
		const r = spawnSync(process.execPath, [ensureNative], { cwd: REPO_ROOT, stdio: 'inherit' });
		if (r.status !== 0) return Promise.reject(new Error('scripts/ensure-native.mjs failed'));
	}
	const args = [
		main,
		'--port',
		String(port),
		'--db',
		db,
		'--step-seconds',
		String(stepSeconds),
		...extraArgs,
	];
	return new Promise((resolve, reject) => {
		const child = spawn(tsx, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
		let logs = '';
		let settled = false;
		const exited = new Promise((r) => child.on('exit', r));
		const onData = (d) => {
			logs += d;
			onLog?.(String(d));
			const m = /listening on (http:\/\/[^\s]+)/.exec(logs);
			if (m && !settled) {
				settled = true;
				const url = m[1].replace(/\/$/, '');
				resolve({
					url,
					port: Number(new URL(url).port),
					child,
					logs: () => logs,
					async stop() {
						if (child.exitCode !== null || child.signalCode !== null) return;
						child.kill('SIGTERM');
						const t = setTimeout(() => child.kill('SIGKILL'), 5000);
						await exited;
						clearTimeout(t);
					},
				});
			}
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		child.on('error', (e) => {
			if (!settled) reject(e);
		});
		child.on('exit', (code) => {
			if (!settled) {
				settled = true;
				reject(new Error(`sandbox exited (${code}) before listening\n${logs.slice(-3000)}`));
			}
		});
	});
}

/** JSON helper for the sandbox's control API. */
export async function sandboxCall(url, method, p, body) {
	const res = await fetch(`${url}${p}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	let json;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = text;
	}
	if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 500)}`);
	return json;
}
