// Imported first by the harness: n8n-core reads N8N_USER_FOLDER (InstanceSettings writes a config file with an
// encryption key there) when its services are first created, so it must point at a private temp folder before
// n8n-core is required. A folder set by the caller is kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

if (!process.env.N8N_USER_FOLDER) {
	const folder = mkdtempSync(path.join(tmpdir(), 'n8n-harness-'));
	process.env.N8N_USER_FOLDER = folder;
	// Only the folder the harness created is removed (n8n-core writes .n8n/config with a key into it). Jest gives
	// each test file its own process.env, so each file gets (and cleans up) its own folder.
	const cleanup = () => rmSync(folder, { recursive: true, force: true });
	try {
		afterAll(cleanup);
	} catch {
		// Not in jest, or loaded inside a test (hooks cannot be added there).
		process.once('exit', cleanup);
	}
}
// Keep n8n-core quiet in test output; diagnostics are surfaced through the harness results instead.
process.env.N8N_LOG_LEVEL ??= 'silent';
// n8n-core only loads node classes with a plain `require` (instead of its vm isolation) in tests.
process.env.NODE_ENV ??= 'test';

export const userFolder = process.env.N8N_USER_FOLDER;
