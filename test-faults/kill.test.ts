/**
 * The sandbox killed with SIGKILL right after it acknowledged orders: every acknowledged order (and status change)
 * is there after a restart on the same database file. Orders keep streaming in while the kill lands, so the last
 * acknowledgements arrive moments before it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

import { api, orderBody, prng, spawnSandbox, type SandboxProcess } from './helpers';

const dir = mkdtempSync(path.join(tmpdir(), 'printio-kill-'));
const db = path.join(dir, 'sandbox.db');
let sandbox: SandboxProcess | undefined;

after(async () => {
	await sandbox?.stop();
	rmSync(dir, { recursive: true, force: true });
});

test('acknowledged orders and status changes survive SIGKILL', { timeout: 180_000 }, async () => {
	const random = prng(7007);
	const acknowledged = new Map<string, string>(); // order_no → ec_order_no
	const shipped = new Set<string>();
	let ec = 0;
	for (let round = 0; round < 4; round++) {
		sandbox = await spawnSandbox(['--db', db]);
		const url = sandbox.url;

		// Everything acknowledged before this restart is there.
		const all = await api(
			url,
			'GET',
			`/order-statuses?date_time_from=${encodeURIComponent('2000-01-01 00:00:00')}`,
		);
		const present = new Map<string, { ec_order_no: string; status_id: number }>(
			(all.json.orders as Array<{ order_no: string; ec_order_no: string; status_id: number }>).map(
				(o) => [o.order_no, o],
			),
		);
		for (const [orderNo, ecOrderNo] of acknowledged) {
			assert.equal(
				present.get(orderNo)?.ec_order_no,
				ecOrderNo,
				`order ${orderNo} lost after SIGKILL (round ${round})`,
			);
		}
		for (const orderNo of shipped)
			assert.equal(present.get(orderNo)?.status_id, 5, `status of ${orderNo} lost`);

		// Four writers place orders (and ship some) until the kill; the kill comes right after an acknowledgement.
		const target = 40 + Math.floor(random() * 40);
		let placedThisRound = 0;
		let killing = false;
		const writer = async () => {
			while (!killing) {
				const ecOrderNo = `KILL-${++ec}`;
				let response;
				try {
					response = await api(url, 'POST', '/order-by-code', orderBody(ecOrderNo));
				} catch {
					return; // the kill cut this request: it was never acknowledged
				}
				const orderNo = response.json?.response?.order_no as string | undefined;
				assert.ok(orderNo, `order not placed: ${JSON.stringify(response.json)}`);
				acknowledged.set(orderNo, ecOrderNo);
				if (random() < 0.2) {
					try {
						const status = await fetch(`${url}/_sandbox/orders/${orderNo}/status`, {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify({ status_id: 5 }),
						});
						if (status.status === 200) shipped.add(orderNo);
					} catch {
						return;
					}
				}
				if (++placedThisRound >= target && !killing) {
					killing = true;
					await sandbox!.kill();
				}
			}
		};
		await Promise.all([writer(), writer(), writer(), writer()]);
		assert.equal(sandbox.alive(), false);
	}
	sandbox = await spawnSandbox(['--db', db]);
	const final = await api(
		sandbox.url,
		'GET',
		`/order-statuses?date_time_from=${encodeURIComponent('2000-01-01 00:00:00')}`,
	);
	const present = new Set(
		(final.json.orders as Array<{ order_no: string }>).map((o) => o.order_no),
	);
	const lost = [...acknowledged.keys()].filter((orderNo) => !present.has(orderNo));
	assert.deepEqual(lost, []);
	assert.ok(acknowledged.size >= 160, `only ${acknowledged.size} orders acknowledged`);
	const ecNos = (final.json.orders as Array<{ ec_order_no: string }>).map((o) => o.ec_order_no);
	assert.equal(new Set(ecNos).size, ecNos.length, 'an order was stored twice');
	process.stdout.write(
		`# SIGKILL: ${acknowledged.size} acknowledged orders, ${shipped.size} shipped, 4 kills, 0 lost\n`,
	);
});
