/**
 * One "n8n process" of two-processes.test.ts: runs Order › Create through n8n-core on the rows it is given, once
 * the parent says go (a line on stdin), and writes the output items as JSON to the file named in argv.
 */
import { readFileSync, writeFileSync } from 'node:fs';

import { executeNode, loadPackage } from '../test/harness';

async function main() {
	const [url, rowsFile, outFile] = process.argv.slice(2);
	const rows = JSON.parse(readFileSync(rowsFile, 'utf8'));
	const pkg = await loadPackage();
	process.stdout.write('ready\n');
	await new Promise((resolve) => process.stdin.once('data', resolve));
	const result = await executeNode({
		pkg,
		node: {
			type: 'printio',
			parameters: {
				resource: 'order',
				operation: 'create',
				inputMode: 'autoMap',
				options: { concurrency: 8 },
			},
			continueOnFail: true,
		},
		input: rows,
		credentials: {
			printioApi: {
				environment: 'custom',
				baseUrl: url,
				apiKey: 'sandbox-key-retailer-1',
				retailerId: 1,
			},
		},
	});
	writeFileSync(
		outFile,
		JSON.stringify({
			error: result.error ? String(result.error.message) : null,
			items: result.items.map((item) => item.json),
		}),
	);
	process.exit(0);
}

main().catch((error) => {
	process.stderr.write(`race-child: ${String(error?.stack ?? error)}\n`);
	process.exit(1);
});
