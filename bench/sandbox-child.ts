/**
 * The sandbox in its own process for the node benchmarks (so that its CPU time does not share the event loop
 * of the node under test). `--orders N`: orders of retailer 1 placed one by one at the virtual now, up to N in
 * all; `--seed N`: N orders written at once (seedOrders: the scale benchmark).
 * Prints `ready <url>` once the data is there.
 */
import { startSandbox } from '../sandbox/server';
import { placeOrderInProcess, SEED_EVERY_SECONDS, SEED_LAST_AT, seedOrders } from './seed';

function count(flag: string): number {
	const index = process.argv.indexOf(flag);
	return index > 0 ? Number(process.argv[index + 1]) : 0;
}

async function main(): Promise<void> {
	const sb = await startSandbox({ port: 0, db: ':memory:', stepSeconds: 0 });
	const seed = count('--seed');
	if (seed > 0) seedOrders(sb.store, seed, SEED_LAST_AT, SEED_EVERY_SECONDS);
	const orders = count('--orders');
	for (let i = sb.store.orders.ofRetailer(1).length; i < orders; i++)
		placeOrderInProcess(sb, `BENCH-SEED-${i}`);
	process.stdout.write(`ready ${sb.url}\n`);
	const stop = () => void sb.close().then(() => process.exit(0));
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
}

void main();
