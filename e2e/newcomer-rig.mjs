// The newcomer's n8n, as `npm run dev` prepares it: the sandbox, n8n with this package linked, the managed owner,
// the sandbox credential and the examples imported through n8n's CLI. Used by e2e/newcomer.e2e.test.mjs.
import fs from 'node:fs';
import path from 'node:path';

import { createN8n, REPO_ROOT } from '../scripts/n8n/cli.mjs';
import {
	DEV_CREDENTIAL_ID,
	DEV_CREDENTIAL_NAME,
	DEV_OWNER,
	DEV_SANDBOX_ORIGIN,
} from '../scripts/n8n/dev-constants.mjs';
import { startSandboxProcess } from '../scripts/n8n/project.mjs';

/** The examples as `npm run dev` imports them, pointed at `sandboxUrl` instead of the dev sandbox's port. */
export function exampleWorkflows(sandboxUrl) {
	const dir = path.join(REPO_ROOT, 'examples');
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => ({
			active: false,
			...JSON.parse(
				fs.readFileSync(path.join(dir, f), 'utf8').replaceAll(DEV_SANDBOX_ORIGIN, sandboxUrl),
			),
		}));
}

/**
 * A second Printio credential, as a person makes one to try another key: a host that never resolves (RFC 6761
 * .invalid), so its test gets n8n's bare network code. The walk saves it after the sandbox's, which makes it the
 * one n8n preselects in new Printio nodes.
 */
export const SECOND_CREDENTIAL = {
	id: 'printioWrongKey1',
	name: 'Printio wrong key',
	data: {
		environment: 'custom',
		baseUrl: 'http://printio.invalid',
		apiKey: 'wrong-key',
		retailerId: 1,
	},
};

/**
 * @param {{ major?: 1|2, port?: number, sandboxPort?: number, onLog?: (chunk: string) => void }} o
 */
export async function startNewcomerRig({ major = 2, port, sandboxPort = 0, onLog } = {}) {
	const sandbox = await startSandboxProcess({ port: sandboxPort, db: ':memory:', stepSeconds: 0 });
	const n8n = await createN8n({ major, owner: DEV_OWNER, port, logLevel: 'info' });
	await n8n.importCredentials([
		{
			id: DEV_CREDENTIAL_ID,
			name: DEV_CREDENTIAL_NAME,
			type: 'printioApi',
			data: {
				environment: 'custom',
				baseUrl: sandbox.url,
				apiKey: 'sandbox-key-retailer-1',
				retailerId: 1,
			},
		},
		{
			id: SECOND_CREDENTIAL.id,
			name: SECOND_CREDENTIAL.name,
			type: 'printioApi',
			data: SECOND_CREDENTIAL.data,
		},
	]);
	await n8n.importWorkflow(exampleWorkflows(sandbox.url));
	const server = await n8n.startServer({ onLog });
	return {
		sandbox,
		n8n,
		server,
		url: server.url,
		owner: DEV_OWNER,
		async stop() {
			await server.stop().catch(() => {});
			await n8n.cleanup().catch(() => {});
			await sandbox.stop().catch(() => {});
		},
	};
}
