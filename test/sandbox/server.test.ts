/** Persistence in SQLite: state survives a restart and a kill -9; the CLI starts, prints and stops cleanly. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../sandbox/server';
import { control, get, orderByCode, post, start } from './helpers';

const ROOT = join(__dirname, '..', '..');
let dir: string;
beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'printio-sandbox-'));
});
afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI and resolves with its URL once it prints the address. */
function startCli(
	args: string[],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
	// One process (node with tsx's loader), not the tsx CLI, which would run the server in a grandchild
	// that a kill -9 of the CLI would not reach.
	const child = spawn(
		process.execPath,
		['--import', 'tsx', join(ROOT, 'sandbox', 'main.ts'), ...args],
		{
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	);
	let out = '';
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}`)), 25000);
		child.stdout!.on('data', (d: Buffer) => {
			out += d.toString();
			const m = /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(out);
			if (m && out.includes('/_sandbox/stats')) {
				clearTimeout(timer);
				resolve({ child, url: m[1], output: () => out });
			}
		});
		child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`CLI exited with ${code}: ${out}`));
		});
	});
}

const exited = (child: ChildProcess) =>
	new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.once('exit', (code, signal) => resolve({ code, signal })),
	);

it('keeps created items, orders, stock, statuses and the clock across a restart', async () => {
	const db = join(dir, 'restart.db');
	const first = await start({ db });
	await control(first, 'POST', '/_sandbox/time', { set: '2026-11-30 09:00:00', freeze: true });
	const item = await post(first, '/original-item', {
		retailer_id: 1,
		item_code: 'BAG-320',
		ec_original_item_code: 'EC-PERSIST',
		image_urls: [{ position: 'front', url: 'https://example.com/p.png' }],
	});
	const code = item.body.response.original_item_code;
	const order = await post(
		first,
		'/order-by-code',
		orderByCode({ ec_order_no: 'EC-PERSIST-1' }, [
			{ original_item_code: code, quantity: 4, color: 'ブラック', size: 'F' },
		]),
	);
	const orderNo = order.body.response.order_no;
	await control(first, 'POST', '/_sandbox/clock/step', { steps: 2, orderNos: [orderNo] });
	await control(first, 'POST', '/_sandbox/retailers/2', { unpaid: true });
	await first.close();

	const second = await start({ db });
	try {
		expect((await control(second, 'GET', '/_sandbox/time')).body).toMatchObject({
			now: '2026-11-30 09:00:00',
			frozen: true,
		});
		const items = await get(
			second,
			'/original-items?retailer_id=1&ec_original_item_code=EC-PERSIST',
		);
		expect(items.body.original_items[0].original_item_code).toBe(code);
		const orders = await get(second, '/orders?ec_order_no=EC-PERSIST-1');
		expect(orders.body.orders[0]).toMatchObject({ order_no: orderNo, order_status_id: 3 });
		const stock = await post(second, '/item-stocks', {
			retailer_id: 1,
			item_stock_codes: ['BAG-320-BK-F'],
		});
		expect(stock.body.item_stocks[0].stock_quantity).toBe(6);
		// numbering continues instead of reusing numbers
		const next = await post(second, '/order-by-code', orderByCode({ ec_order_no: 'EC-PERSIST-2' }));
		expect(next.body.response.order_no > orderNo).toBe(true);
		expect((await control(second, 'GET', '/_sandbox')).body.retailers[1].unpaid).toBe(true);
		// reset on a file database returns to the seed too
		await control(second, 'POST', '/_sandbox/reset');
		expect((await get(second, '/orders?ec_order_no=EC-PERSIST-1')).body.status_code).toBe(1);
	} finally {
		await second.close();
	}
});

it('never loses an acknowledged order on kill -9, and stops cleanly on SIGTERM', async () => {
	const db = join(dir, 'kill.db');
	const cli = await startCli(['--port', '0', '--db', db]);
	expect(cli.output()).toContain('sandbox-key-retailer-1');
	expect(cli.output()).toContain('sandbox-key-retailer-2');
	const placed: string[] = [];
	for (let i = 0; i < 5; i++) {
		const r = await post(cli, '/order-by-code', orderByCode({ ec_order_no: `EC-KILL-${i}` }));
		placed.push(r.body.response.order_no);
	}
	const gone = exited(cli.child);
	cli.child.kill('SIGKILL');
	expect((await gone).signal).toBe('SIGKILL');
	// the server is really gone
	await expect(fetch(`${cli.url}/categories`)).rejects.toThrow();

	const after = await startSandbox({ port: 0, db });
	try {
		for (let i = 0; i < 5; i++) {
			const r = await get(after, `/orders?ec_order_no=EC-KILL-${i}`);
			expect(r.body.orders.map((o: { order_no: string }) => o.order_no)).toEqual([placed[i]]);
		}
	} finally {
		await after.close();
	}

	const again = await startCli(['--port', '0', '--db', db, '--step-seconds', '5']);
	expect(again.output()).toContain('one step every 5 s');
	const stopped = exited(again.child);
	again.child.kill('SIGTERM');
	expect(await stopped).toEqual({ code: 0, signal: null });
	expect(again.output()).toContain('SIGTERM: stopping the sandbox');
}, 60000);

it('refuses a non-loopback host and bad options', async () => {
	await expect(startSandbox({ port: 0, db: ':memory:', host: '0.0.0.0' })).rejects.toThrow(
		/loopback/,
	);
	await expect(startSandbox({ port: 0, db: ':memory:', stepSeconds: -1 })).rejects.toThrow(
		/stepSeconds/,
	);
});

it('reports a taken port and releases the database', async () => {
	const db = join(dir, 'port.db');
	const first = await start({ db });
	try {
		await expect(startSandbox({ port: first.port, db })).rejects.toThrow(/EADDRINUSE/);
		// the first server is unaffected
		expect((await get(first, '/categories')).body.status_code).toBe(0);
	} finally {
		await first.close();
	}
});
