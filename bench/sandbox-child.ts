/**
 * The sandbox in its own process for the node benchmarks (so that its CPU time does not share the event loop
 * of the node under test), with `--orders N` orders of retailer 1 created in-process before it reports ready.
 * Prints `ready <url>`.
 */
import { startSandbox } from '../sandbox/server';
import { placeOrderInProcess } from './seed';

async function main(): Promise<void> {
	const index = process.argv.indexOf('--orders');
	const orders = index > 0 ? Number(process.argv[index + 1]) : 0;
	const sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	const seeded = sb.store.orders.ofRetailer(1).length;
	for (let i = seeded; i < orders; i++) placeOrderInProcess(sb, `BENCH-SEED-${i}`);
	process.stdout.write(`ready ${sb.url}\n`);
	const stop = () => void sb.close().then(() => process.exit(0));
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
}

void main();
