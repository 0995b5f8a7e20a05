/**
 * CLI of the Printio sandbox: `npm run sandbox -- [--port 4010] [--db .data/sandbox.db | :memory:]
 * [--step-seconds 0] [--error-http-status ok|mapped] [--host 127.0.0.1] [--retailer ID:KEY]...`
 */
import { DEFAULT_RETAILERS, type RetailerSeed } from './seed';
import { DEFAULT_DB, DEFAULT_PORT, startSandbox, type SandboxOptions } from './server';

function usage(message?: string): never {
	if (message) process.stderr.write(`error: ${message}\n`);
	process.stderr.write(
		'usage: npm run sandbox -- [--port N] [--db PATH|:memory:] [--step-seconds S] [--error-http-status ok|mapped] [--host 127.0.0.1|::1|localhost] [--retailer ID:KEY]...\n',
	);
	process.exit(message ? 2 : 0);
}

function parseArgs(argv: string[]): SandboxOptions {
	const o: SandboxOptions = {
		port: DEFAULT_PORT,
		db: DEFAULT_DB,
		stepSeconds: 0,
		errorHttpStatus: 'ok',
	};
	const retailers: RetailerSeed[] = [...DEFAULT_RETAILERS];
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split(/=(.*)/s, 2);
		const value = () => {
			const v = inline ?? argv[++i];
			if (v === undefined) usage(`${flag} needs a value`);
			return v;
		};
		switch (flag) {
			case '--port': {
				const p = Number(value());
				if (!Number.isInteger(p) || p < 0 || p > 65535) usage('--port must be 0..65535');
				o.port = p;
				break;
			}
			case '--db':
				o.db = value();
				break;
			case '--step-seconds': {
				const s = Number(value());
				if (!Number.isFinite(s) || s < 0) usage('--step-seconds must be a number >= 0');
				o.stepSeconds = s;
				break;
			}
			case '--error-http-status': {
				const v = value();
				if (v !== 'ok' && v !== 'mapped') usage('--error-http-status must be ok or mapped');
				o.errorHttpStatus = v;
				break;
			}
			case '--host':
				o.host = value();
				break;
			case '--retailer': {
				const m = /^([0-9]+):(\S+)$/.exec(value());
				if (!m) usage('--retailer must be ID:KEY');
				const id = Number(m[1]);
				const rest = retailers.filter((r) => r.id !== id && r.key !== m[2]);
				retailers.length = 0;
				retailers.push(...rest, { id, name: `Retailer ${id}`, key: m[2] });
				break;
			}
			case '--help':
			case '-h':
				usage();
				break;
			default:
				usage(`unknown argument ${argv[i]}`);
		}
	}
	o.retailers = retailers;
	return o;
}

async function main(): Promise<void> {
	const options = parseArgs(process.argv.slice(2));
	const sandbox = await startSandbox(options).catch((e: unknown): never => {
		const message = (e as Error).message;
		process.stderr.write(`printio-sandbox: cannot start: ${message}\n`);
		if (/bindings|better_sqlite3\.node|NODE_MODULE_VERSION/.test(message)) {
			// .npmrc sets ignore-scripts, so the native SQLite module is built explicitly.
			process.stderr.write(
				'build the native SQLite module once: npm rebuild better-sqlite3 --ignore-scripts=false\n',
			);
		}
		if (/EADDRINUSE/.test(message))
			process.stderr.write(
				'the port is taken: stop the other server or pass --port 0 (a free port)\n',
			);
		process.exit(1);
	});
	// Handlers first: a supervisor may send a signal as soon as it reads the banner.
	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping the sandbox\n`);
		sandbox
			.close()
			.then(() => process.exit(0))
			.catch((e: unknown) => {
				process.stderr.write(`printio-sandbox: error while stopping: ${String(e)}\n`);
				process.exit(1);
			});
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	const { url } = sandbox;
	const lines = [
		`Printio sandbox listening on ${url}`,
		`  database:     ${options.db}`,
		`  lifecycle:    ${options.stepSeconds ? `one step every ${options.stepSeconds} s` : 'manual (POST /_sandbox/clock/step)'}`,
		`  error status: ${options.errorHttpStatus === 'mapped' ? 'mapped HTTP statuses (400/403/409/402/500)' : 'HTTP 200 with status_code'}`,
		'  subscription keys (header Printio-Api-Subscription-Key):',
		...[...sandbox.store.retailers.all()].map(
			(r) => `    retailer ${r.id} (${r.name}${r.unpaid ? ', unpaid' : ''}): ${r.key}`,
		),
		'  control API (no key):',
		`    POST ${url}/_sandbox/reset`,
		`    GET|POST ${url}/_sandbox/time   {"set":"2026-11-21 10:00:00"} | {"advanceSeconds":60} | {"freeze":true}`,
		`    POST ${url}/_sandbox/clock/step   {"steps":1,"orderNos":["PO00000001"]}`,
		`    POST ${url}/_sandbox/orders/:order_no/status   {"status_id":5}`,
		`    POST ${url}/_sandbox/retailers/:id   {"unpaid":true}`,
		`    POST|GET|DELETE ${url}/_sandbox/faults   {"route":"POST /order-by-code","kind":"http500"}`,
		`    GET|DELETE ${url}/_sandbox/requests`,
		`    GET|DELETE ${url}/_sandbox/stats`,
		`  try: curl -s -H 'Printio-Api-Subscription-Key: sandbox-key-retailer-1' '${url}/items?retailer_id=1&limit=2'`,
	];
	process.stdout.write(lines.join('\n') + '\n');
}

void main();
