// PostgreSQL and Redis for n8n's queue mode, as local child processes on free loopback ports with their data in
// a temp folder (removed by stop()). Both come from Debian's packages: when a binary is missing, this installs
// them with apt-get (as root, or through `sudo -n`), and fails loudly when it cannot.
//
//   await ensureQueueServices();                 // apt-get install postgresql redis-server where missing
//   const pg = await startPostgres();            // { host, port, user, password, database, stop() }
//   const redis = await startRedis();            // { host, port, stop() }
//
// PostgreSQL refuses to run as root: as root, initdb and postgres run as the `postgres` OS user that Debian's
// package creates (spawn with its uid/gid), with a data folder that user owns.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { freePort } from './cli.mjs';

const APT_PACKAGES = { postgres: 'postgresql', redis: 'redis-server' };

function log(...args) {
	if (!process.env.PRINTIO_QUIET) console.error('[queue-services]', ...args);
}

/** The newest Debian PostgreSQL server folder (/usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	let majors = [];
	try {
		majors = fs.readdirSync(root).filter((d) => /^\d+$/.test(d));
	} catch {
		return null;
	}
	majors.sort((a, b) => Number(b) - Number(a));
	for (const m of majors) {
		const bin = path.join(root, m, 'bin');
		if (fs.existsSync(path.join(bin, 'postgres')) && fs.existsSync(path.join(bin, 'initdb')))
			return bin;
	}
	return null;
}

export function redisServerBin() {
	for (const dir of [
		...(process.env.PATH ?? '').split(path.delimiter),
		'/usr/bin',
		'/usr/sbin',
		'/usr/local/bin',
	]) {
		if (!dir) continue;
		const f = path.join(dir, 'redis-server');
		if (fs.existsSync(f)) return f;
	}
	return null;
}

function isRoot() {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

function runLoud(cmd, args, env = {}) {
	log(`$ ${cmd} ${args.join(' ')}`);
	const r = spawnSync(cmd, args, {
		stdio: ['ignore', 'inherit', 'inherit'],
		env: { ...process.env, ...env },
	});
	if (r.error) throw new Error(`${cmd} could not run: ${r.error.message}`);
	if (r.status !== 0)
		throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

/**
 * Installs PostgreSQL and Redis from Debian's packages where missing (one `apt-get update` first). Throws with
 * the command to run by hand when it cannot (not root and no password-less sudo, or no apt-get).
 */
export function ensureQueueServices() {
	const missing = [];
	if (!postgresBinDir()) missing.push(APT_PACKAGES.postgres);
	if (!redisServerBin()) missing.push(APT_PACKAGES.redis);
	if (missing.length === 0) return { installed: [] };
	const manual = `sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`;
	if (!fs.existsSync('/usr/bin/apt-get')) {
		throw new Error(
			`queue mode needs ${missing.join(' and ')}, and this machine has no apt-get: install them, then retry`,
		);
	}
	let prefix = [];
	if (!isRoot()) {
		const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
		if (sudo.error || sudo.status !== 0) {
			throw new Error(
				`queue mode needs ${missing.join(' and ')} (Debian packages); install them once with:\n  ${manual}`,
			);
		}
		prefix = ['sudo', '-n'];
	}
	const t0 = Date.now();
	log(`installing ${missing.join(', ')} with apt-get (missing on this machine)`);
	const env = { DEBIAN_FRONTEND: 'noninteractive' };
	const cmd = (args) =>
		prefix.length
			? runLoud(prefix[0], [...prefix.slice(1), ...args], env)
			: runLoud(args[0], args.slice(1), env);
	cmd(['apt-get', 'update', '-q']);
	cmd(['apt-get', 'install', '-y', '-q', '--no-install-recommends', ...missing]);
	if (!postgresBinDir() || !redisServerBin()) {
		throw new Error(
			`apt-get installed ${missing.join(', ')}, but postgres or redis-server is still not found`,
		);
	}
	log(`installed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
	return { installed: missing, seconds: (Date.now() - t0) / 1000 };
}

function osUser(name) {
	const line = fs
		.readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((l) => l.startsWith(`${name}:`));
	if (!line) return null;
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

function tail(s, n = 3000) {
	return s.length > n ? '…' + s.slice(-n) : s;
}

function canConnect(port) {
	return new Promise((resolve) => {
		const s = net.createConnection({ port, host: '127.0.0.1' });
		s.once('connect', () => {
			s.destroy();
			resolve(true);
		});
		s.once('error', () => resolve(false));
	});
}

/**
 * Spawns a server and resolves once `ready` appears in its output and its port accepts connections.
 * Kills it when this process exits, so an aborted test run leaves nothing listening.
 */
function startServerProcess(
	name,
	cmd,
	args,
	{ port, ready, spawnOptions = {}, timeoutMs = 60_000 },
) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions });
		let logs = '';
		let settled = false;
		let exited = null;
		const exitPromise = new Promise((r) =>
			child.on('exit', (code, signal) => {
				exited = { code, signal };
				process.off('exit', killOnExit);
				r();
				if (!settled) {
					settled = true;
					reject(
						new Error(`${name} exited (${signal ?? code}) before it was ready\n${tail(logs)}`),
					);
				}
			}),
		);
		const killOnExit = () => child.kill('SIGKILL');
		process.on('exit', killOnExit);
		child.on('error', (e) => {
			if (!settled) {
				settled = true;
				reject(e);
			}
		});
		const onData = (d) => {
			logs += d;
			if (logs.length > 200_000) logs = logs.slice(-100_000);
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		const deadline = Date.now() + timeoutMs;
		const poll = async () => {
			if (settled) return;
			if (ready.test(logs) && (await canConnect(port))) {
				settled = true;
				resolve({
					child,
					logs: () => logs,
					async stop(signal = 'SIGTERM') {
						if (exited) return;
						child.kill(signal);
						const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
						await exitPromise;
						clearTimeout(t);
					},
				});
				return;
			}
			if (Date.now() > deadline) {
				settled = true;
				child.kill('SIGKILL');
				reject(new Error(`${name} was not ready after ${timeoutMs} ms\n${tail(logs)}`));
				return;
			}
			setTimeout(poll, 100);
		};
		poll();
	});
}

/**
 * A throw-away PostgreSQL cluster: initdb into a temp folder, `postgres` on a free loopback port (TCP only,
 * trust authentication: nothing but this machine can reach it). Durability settings are off (fsync,
 * synchronous_commit): the data is thrown away afterwards, and n8n's behaviour does not depend on them.
 */
export async function startPostgres({ port, baseDir } = {}) {
	const bin = postgresBinDir();
	if (!bin) throw new Error('PostgreSQL is not installed (call ensureQueueServices() first)');
	const root = baseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'printio-pg-'));
	const dataDir = path.join(root, 'data');
	fs.mkdirSync(dataDir, { recursive: true });
	let ids = {};
	if (isRoot()) {
		const pgUser = osUser('postgres');
		if (!pgUser)
			throw new Error(
				'PostgreSQL refuses to run as root, and there is no `postgres` OS user (Debian package postgresql creates it)',
			);
		// The user must reach the folder and own the data directory.
		fs.chmodSync(root, 0o755);
		fs.chownSync(dataDir, pgUser.uid, pgUser.gid);
		ids = { uid: pgUser.uid, gid: pgUser.gid };
	}
	fs.chmodSync(dataDir, 0o700);
	const env = { PATH: process.env.PATH, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: root };
	const user = 'n8n';
	const init = spawnSync(
		path.join(bin, 'initdb'),
		['-D', dataDir, '-U', user, '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
		{ ...ids, env, cwd: root, encoding: 'utf8' },
	);
	if (init.error || init.status !== 0) {
		throw new Error(
			`initdb failed (${init.error?.message ?? init.status})\n${tail(String(init.stdout) + String(init.stderr))}`,
		);
	}
	const pgPort = port ?? (await freePort());
	const server = await startServerProcess(
		'postgres',
		path.join(bin, 'postgres'),
		[
			'-D',
			dataDir,
			'-p',
			String(pgPort),
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'unix_socket_directories=',
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=200',
		],
		{
			port: pgPort,
			ready: /ready to accept connections/,
			spawnOptions: { ...ids, env, cwd: root },
		},
	);
	return {
		host: '127.0.0.1',
		port: pgPort,
		user,
		password: 'unused-trust-auth',
		// initdb's default database: the cluster exists only for this run.
		database: 'postgres',
		dataDir,
		child: server.child,
		logs: server.logs,
		async stop() {
			// SIGINT = PostgreSQL's "fast" shutdown.
			await server.stop('SIGINT');
			if (!baseDir) fs.rmSync(root, { recursive: true, force: true });
		},
	};
}

/** Redis on a free loopback port, no persistence (the queue is rebuilt by n8n from the database if lost). */
export async function startRedis({ port, baseDir } = {}) {
	const bin = redisServerBin();
	if (!bin) throw new Error('redis-server is not installed (call ensureQueueServices() first)');
	const root = baseDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'printio-redis-'));
	const redisPort = port ?? (await freePort());
	const server = await startServerProcess(
		'redis-server',
		bin,
		[
			'--port',
			String(redisPort),
			'--bind',
			'127.0.0.1',
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			root,
			'--daemonize',
			'no',
			'--loglevel',
			'notice',
		],
		{ port: redisPort, ready: /Ready to accept connections/, spawnOptions: { cwd: root } },
	);
	return {
		host: '127.0.0.1',
		port: redisPort,
		child: server.child,
		logs: server.logs,
		async stop() {
			await server.stop('SIGTERM');
			if (!baseDir) fs.rmSync(root, { recursive: true, force: true });
		},
	};
}
