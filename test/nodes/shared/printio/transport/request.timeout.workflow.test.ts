/**
 * README: "Per request timeout 30 s". The sandbox's `timeout` fault (no delayMs) accepts a request and never
 * answers nor closes it, as a hung service would; only the node's own timeout can end the request. The
 * operation is a write (Original Item › Create), which is sent once, so the test waits one timeout and not
 * four. There is no test hook to shorten the timeout in shipped code, hence the 30 s wait.
 */
import {
	control,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../../../Printio/setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const TIMEOUT_MS = 30_000;

it(
	'ends a request the service never answers after 30 s with a timeout error, instead of hanging',
	async () => {
		await control(sandbox(), 'POST', '/faults', {
			route: 'POST /original-item',
			kind: 'timeout',
			times: 0,
		});
		const started = Date.now();
		const result = await runPrintio(sandbox(), {
			resource: 'originalItem',
			operation: 'create',
			itemCode: { __rl: true, mode: 'code', value: 'OGB-910' },
			// A real design file: the preflight (on by default) reads it before the create is sent.
			imageUrl: `${sandbox().url}/_sandbox/designs/tshirt-ok.png`,
		});
		const elapsed = Date.now() - started;
		expect(result.error?.message).toBe('Printio did not answer POST /original-item in time');
		expect(result.error?.description).toMatch(/not repeated automatically/);
		// Not before the 30 s (a shorter timeout would fail slow but healthy requests); load can only add to this.
		expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 500);
		const creates = (await receivedRequests(sandbox())).filter(
			(request) => request.path === '/original-item',
		);
		expect(creates).toHaveLength(1);
		// Without a timeout the request is held until the sandbox closes: jest's limit below ends the test as failed.
	},
	TIMEOUT_MS + 45_000,
);
