import fs from 'node:fs';
import { createN8n } from '../scripts/n8n/cli.mjs';
import { sandboxCall, startSandboxProcess } from '../scripts/n8n/project.mjs';
const t0 = Date.now();
const sb = await startSandboxProcess({ port: 0 });
const n8n = await createN8n({ major: 2, userFolder: '/tmp/try-n8n' });
await n8n.importCredentials([{ id: 'printioSandbox01', name: 'Printio Local Sandbox', type: 'printioApi', data: { environment: 'custom', baseUrl: sb.url, subscriptionKey: 'sandbox-key-retailer-1', retailerId: 1 } }]);
const files = fs.readdirSync('examples').filter((f) => f.endsWith('.json'));
const r = await n8n.importWorkflow(files.map((f) => JSON.parse(fs.readFileSync('examples/' + f, 'utf8'))));
console.log('import', r.code, (r.stdout + r.stderr).slice(-500), (Date.now() - t0) / 1000);
for (const id of process.argv.slice(2)) {
	const res = await n8n.executeWorkflow(id);
	fs.writeFileSync(`/tmp/run-${id}.json`, JSON.stringify(res.run, null, 2));
	fs.writeFileSync(`/tmp/run-${id}.log`, res.stdout + '\n----\n' + res.stderr);
	console.log(id, res.code, res.signal, res.run?.status, res.run?.data?.resultData?.error?.message, (Date.now() - t0) / 1000);
}
const reqs = await sandboxCall(sb.url, 'GET', '/_sandbox/requests');
fs.writeFileSync('/tmp/reqs.json', JSON.stringify(reqs, null, 2));
await n8n.stop();
await sb.stop();
