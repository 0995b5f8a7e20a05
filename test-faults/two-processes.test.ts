/**
 * Where prevention is impossible: two separate n8n-core processes (queue-mode workers, two instances) place
 * the same 150 rows at the same moment, so the in-process registry cannot see the other. Duplicates happen;
 * the promise is that every one of them is reported (duplicate_detected, both order numbers, the same one to
 * cancel) by at least one of the processes, and that no output names an order the sandbox does not hold.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import type { IDataObject } from 'n8n-workflow';

import { scanForSecrets } from '../test/harness';
import { sheetRow } from '../test/nodes/Printio/fixtures';
import { startSandbox, type Sandbox } from '../sandbox/server';
import { REPO_ROOT, SECRETS } from './helpers';

const ROWS = 150;
const ROUNDS = 2;

let sb: Sandbox;
let scratch: string;

before(async () => {
	sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	scratch = mkdtempSync(path.join(tmpdir(), 'printio-race-'));
});
after(async () => {
	await sb?.close();
	rmSync(scratch, { recursive: true, force: true });
});

interface ChildResult {
	error: string | null;
	items: IDataObject[];
}

/** Starts both processes, waits until both have loaded n8n-core and the package, then lets them go at once. */
async function race(rows: IDataObject[], round: number): Promise<ChildResult[]> {
	const rowsFile = path.join(scratch, `rows-${round}.json`);
	writeFileSync(rowsFile, JSON.stringify(rows));
	const children = [0, 1].map((n) => {
		const outFile = path.join(scratch, `out-${round}-${n}.json`);
		const child = spawn(
			process.execPath,
			[
				'--import',
				'tsx',
				path.join(REPO_ROOT, 'test-faults/race-child.ts'),
				sb.url,
				rowsFile,
				outFile,
			],
			{
				cwd: REPO_ROOT,
				stdio: ['pipe', 'pipe', 'inherit'],
				env: { ...process.env, N8N_LOG_LEVEL: 'silent' },
			},
		);
		const ready = new Promise<void>((resolve, reject) => {
			child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
			child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
		});
		const done = new Promise<number | null>((resolve) => child.once('exit', resolve));
		return { child, ready, done, outFile };
	});
	await Promise.all(children.map((c) => c.ready));
	for (const c of children) c.child.stdin.write('go\n');
	const codes = await Promise.all(children.map((c) => c.done));
	assert.deepEqual(codes, [0, 0]);
	return children.map((c) => JSON.parse(readFileSync(c.outFile, 'utf8')) as ChildResult);
}

test(
	'two processes placing the same orders at once: every duplicate is reported, none silent',
	{ timeout: 240_000 },
	async () => {
		const tally = { rows: 0, duplicates: 0, reportedByBoth: 0, reportedByOne: 0 };
		const outputs: unknown[] = [];
		for (let round = 0; round < ROUNDS; round++) {
			// Every request takes 20 ms at the service: both processes stay in step, row for row.
			await fetch(`${sb.url}/_sandbox/faults`, { method: 'DELETE' });
			await fetch(`${sb.url}/_sandbox/faults`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ route: '*', kind: 'delay', delayMs: 20, times: 0 }),
			});
			const prefix = `TWO-${round}-`;
			const rows = Array.from({ length: ROWS }, (_, i) => sheetRow(`${prefix}${i}`));
			const results = await race(rows, round);
			outputs.push(results);
			await fetch(`${sb.url}/_sandbox/faults`, { method: 'DELETE' });

			const truth = new Map<string, string[]>();
			for (const order of sb.store.orders.ofRetailer(1)) {
				if (order.ec_order_no.startsWith(prefix))
					truth.set(order.ec_order_no, [...(truth.get(order.ec_order_no) ?? []), order.order_no]);
			}
			assert.equal(truth.size, ROWS, `round ${round}: rows without an order`);
			for (const result of results) {
				assert.equal(result.error, null);
				assert.equal(result.items.length, ROWS);
			}
			for (let index = 0; index < ROWS; index++) {
				const ecOrderNo = `${prefix}${index}`;
				const held = [...(truth.get(ecOrderNo) ?? [])].sort((a, b) =>
					a.localeCompare(b, 'en', { numeric: true }),
				);
				const outs = results.map((result) => result.items[index]);
				tally.rows++;
				for (const out of outs) {
					assert.equal(out.ec_order_no, ecOrderNo);
					// Whatever an output names, the sandbox holds it.
					if (typeof out.order_no === 'string')
						assert.ok(
							held.includes(out.order_no),
							`${ecOrderNo}: ${out.order_no} not at the sandbox`,
						);
				}
				if (held.length === 1) {
					for (const out of outs)
						assert.equal(out.error, undefined, `${ecOrderNo}: ${String(out.error)}`);
					continue;
				}
				tally.duplicates++;
				const reports = outs.filter((out) => out.duplicate_detected === true);
				assert.ok(
					reports.length >= 1,
					`${ecOrderNo}: ${held.join(', ')} at the sandbox, reported by neither process`,
				);
				for (const report of reports) {
					assert.deepEqual(report.order_nos, held);
					assert.match(
						String(report.errorDescription),
						new RegExp(`cancel ${held.slice(1).join(', ')} and keep ${held[0]}`),
					);
				}
				if (reports.length === 2) tally.reportedByBoth++;
				else tally.reportedByOne++;
			}
		}
		process.stdout.write(`# two processes: ${JSON.stringify(tally)}\n`);
		// The race must really have happened, or this proves nothing.
		assert.ok(
			tally.duplicates >= 5,
			`only ${tally.duplicates} duplicates: the processes did not race`,
		);
		assert.deepEqual(scanForSecrets(outputs, [...SECRETS.keys, ...SECRETS.personal]), []);
	},
);
