// printio-sandbox as an npm user gets it: the package packed to a tarball, installed into an empty folder
// outside the repository (npm resolves its dependencies from the registry and builds better-sqlite3 there),
// then started through its bin with npx and called with the seeded key.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

import { REPO_ROOT } from '../scripts/n8n/cli.mjs';

const KEY = 'sandbox-key-retailer-1';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'printio-sandbox-npm-'));
let child;
let group;

after(() => {
	// npx does not pass signals on to the bin it runs: signal the whole process group.
	try {
		if (group) process.kill(-group, 'SIGKILL');
	} catch {
		// already gone
	}
	fs.rmSync(work, { recursive: true, force: true });
});

/**
 * npm run passes the repository's settings on as npm_config_* variables (ignore-scripts among them); a user's
 * npm has none of them.
 */
function userEnv() {
	const env = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
	);
	return {
		...env,
		npm_config_ignore_scripts: 'false',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
	};
}

function waitForUrl(proc) {
	return new Promise((resolve, reject) => {
		let out = '';
		const onData = (chunk) => {
			out += chunk;
			const match = /listening on (http:\/\/\S+)/.exec(out);
			if (match) resolve(match[1]);
		};
		proc.stdout.on('data', onData);
		proc.stderr.on('data', (chunk) => (out += chunk));
		proc.on('exit', (code) =>
			reject(new Error(`printio-sandbox exited with ${code} before listening:\n${out}`)),
		);
	});
}

test(
	'npx printio-sandbox from the packed tarball, installed in an empty folder, answers GET /items with the seeded key',
	{ timeout: 30 * 60_000 },
	async () => {
		execFileSync(
			process.execPath,
			[path.join(REPO_ROOT, 'packages', 'printio-sandbox', 'build.mjs')],
			{ stdio: 'inherit' },
		);
		const [packed] = JSON.parse(
			execFileSync(
				'npm',
				[
					'pack',
					path.join(REPO_ROOT, 'packages', 'printio-sandbox'),
					'--json',
					'--pack-destination',
					work,
				],
				{
					cwd: REPO_ROOT,
					encoding: 'utf8',
				},
			),
		);
		const app = path.join(work, 'app');
		fs.mkdirSync(app);
		execFileSync('npm', ['install', path.join(work, packed.filename)], {
			cwd: app,
			env: userEnv(),
			stdio: 'inherit',
		});
		const installed = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8'));
		assert.deepEqual(Object.keys(installed.dependencies), ['printio-sandbox']);

		child = spawn('npx', ['--no-install', 'printio-sandbox', '--port', '0'], {
			cwd: app,
			env: userEnv(),
			detached: true,
		});
		group = child.pid;
		let output = '';
		child.stdout.on('data', (chunk) => (output += chunk));
		const url = await waitForUrl(child);

		const items = await fetch(`${url}/items?retailer_id=1&limit=2`, {
			headers: { 'Printio-Api-Subscription-Key': KEY },
		});
		assert.equal(items.status, 200);
		const body = await items.json();
		assert.equal(body.status_code, 0);
		assert.equal(body.list_item_data.length, 2);
		assert.equal(body.list_item_data[0].code, 'OGB-910');
		const refused = await fetch(`${url}/items?retailer_id=1`);
		assert.equal(refused.status, 401);
		// The default database is a file in the folder it was started from.
		assert.ok(fs.existsSync(path.join(app, '.data', 'sandbox.db')));

		// Ctrl-C in a terminal signals the whole group, npx and the sandbox: the sandbox stops cleanly.
		const exited = new Promise((resolve) => child.on('exit', resolve));
		process.kill(-child.pid, 'SIGTERM');
		await exited;
		let listening = true;
		for (let attempt = 0; attempt < 100 && listening; attempt++) {
			listening = await fetch(`${url}/items`).then(
				() => true,
				() => false,
			);
			if (listening) await new Promise((resolve) => setTimeout(resolve, 300));
		}
		assert.equal(listening, false, 'the sandbox still answers after SIGTERM');
		assert.match(output, /SIGTERM: stopping the sandbox/);
	},
);
