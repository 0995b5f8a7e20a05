// Imported first by the harness: n8n-core reads N8N_USER_FOLDER (InstanceSettings writes a config file with an
// encryption key there) when its services are first created, so it must point at a private temp folder before
// n8n-core is required. A folder set by the caller is kept.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = mkdtempSync(path.join(tmpdir(), 'n8n-harness-'));
}
// Keep n8n-core quiet in test output; diagnostics are surfaced through the harness results instead.
process.env.N8N_LOG_LEVEL ??= 'silent';
// n8n-core only loads node classes with a plain `require` (instead of its vm isolation) in tests.
process.env.NODE_ENV ??= 'test';

export const userFolder = process.env.N8N_USER_FOLDER;
