// Builds the native modules the sandbox needs when they are missing.
// The project's .npmrc sets ignore-scripts (n8n-core's isolated-vm cannot build on Node 20),
// so better-sqlite3's own install script never ran: build it here, once.
import { execSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function loads() {
	try {
		const Database = require('better-sqlite3');
		new Database(':memory:').close();
		return true;
	} catch {
		return false;
	}
}

if (!loads()) {
	console.log('Building better-sqlite3 for this Node (about a minute, once)...');
	execSync('npm rebuild better-sqlite3 --ignore-scripts=false', { stdio: 'inherit' });
	if (!loads()) {
		console.error('better-sqlite3 still does not load after a rebuild.');
		process.exit(1);
	}
}
