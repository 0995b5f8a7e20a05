// Planted mistakes for `npm run test:mutations` (run.mjs): each breaks one promise of the README, and the tests
// named for it must fail. `find` must occur exactly once in `file`; when code moves, update the entry (the run
// says which one no longer matches). `tests`: jest files, and optionally the names (exact titles) of the tests
// in them that must catch it; only those run. Keep each entry quick: a few seconds of tests, not whole suites.

const transport = 'nodes/shared/printio/transport';
const trigger = 'nodes/PrintioTrigger/PrintioTrigger.node.ts';
const statusPoll = 'nodes/PrintioTrigger/statusPoll.ts';
const randomized = {
	file: 'test/nodes/PrintioTrigger/cursor.workflow.test.ts',
	names: ['any status change, plain orders'],
};

export const MUTATIONS = [
	// Errors and retries
	{
		id: 'no-request-timeout',
		promise:
			'Per request timeout 30 s: a service that never answers ends the request with a timeout error',
		file: `${transport}/request.ts`,
		find: '\t\ttimeout: REQUEST_TIMEOUT_MS,\n',
		replace: '',
		tests: [{ file: 'test/nodes/shared/printio/transport/request.timeout.workflow.test.ts' }],
	},
	{
		id: 'key-in-network-error',
		promise: 'The subscription key never appears in outputs or errors (node and trigger)',
		file: `${transport}/errors.ts`,
		find: 'const networkError = new NodeApiError(\n\t\t\t\tnode,\n\t\t\t\t{ networkErrorCode: code },\n',
		// The raw error of n8n's HTTP helper carries the request options, headers (the key) included.
		replace: 'const networkError = new NodeApiError(\n\t\t\t\tnode,\n\t\t\t\terror as never,\n',
		tests: [
			{
				file: 'test/nodes/shared/printio/transport/request.workflow.test.ts',
				names: ['explains an unreachable service, and does not retry it'],
			},
			{
				file: 'test/nodes/PrintioTrigger/statusPoll.workflow.test.ts',
				names: [
					'a poll that times out (connection held, then dropped) fails the same way, then recovers',
				],
			},
		],
	},
	{
		id: 'writes-retried',
		promise:
			'Order placement and original item creation are never retried blindly; only reads are retried',
		file: `${transport}/request.ts`,
		find: 'const attempts = endpoint.idempotent ? RETRY.attempts + 1 : 1;',
		replace: 'const attempts = RETRY.attempts + 1;',
		tests: [
			{
				file: 'test/nodes/shared/printio/transport/request.workflow.test.ts',
				names: ['never retries an original item creation after an unknown outcome'],
			},
		],
	},
	{
		id: 'reads-not-retried',
		promise: 'Reads are retried up to 3 times on HTTP 429 and 5xx and on dropped connections',
		file: `${transport}/request.ts`,
		find: 'if (isRetryableHttpStatus(answer.statusCode) && attempt < attempts) {',
		replace: 'if (false) {',
		tests: [
			{
				file: 'test/nodes/shared/printio/transport/request.workflow.test.ts',
				names: ['retries a read after HTTP 500 and succeeds'],
			},
		],
	},
	{
		id: 'retries-unbounded',
		promise: 'Reads are retried at most 3 times, then fail with a clear error',
		file: `${transport}/retry.ts`,
		find: 'export const RETRY = { attempts: 3,',
		replace: 'export const RETRY = { attempts: 6,',
		tests: [
			{
				file: 'test/nodes/shared/printio/transport/request.workflow.test.ts',
				names: ['gives up after a bounded number of attempts with a clear error'],
			},
		],
	},
	{
		id: 'retry-after-ignored',
		promise: 'Retries honour Retry-After',
		file: `${transport}/retry.ts`,
		find: 'await sleep((headers && retryAfterMs(headers)) ?? backoffMs(attempt));',
		replace: 'await sleep(backoffMs(attempt));',
		tests: [
			{
				file: 'test/nodes/shared/printio/transport/request.workflow.test.ts',
				names: ['honours Retry-After on HTTP 429'],
			},
		],
	},
	{
		id: 'no-data-is-error',
		promise: 'Status 1 (no data) is an empty result on list operations',
		file: `${transport}/envelope.ts`,
		find: 'if (statusCode === STATUS.NO_DATA && endpoint.listKey !== undefined) return body as IDataObject;',
		replace: '',
		tests: [
			{
				file: 'test/nodes/Printio/Printio.node.catalog.workflow.test.ts',
				names: ['returns no items (not an error) when nothing matches (status 1)'],
			},
		],
	},
	{
		id: 'broken-json-crashes',
		promise: "A body that is not the API's is an error explaining it (not a crash, not any error)",
		file: `${transport}/envelope.ts`,
		find: "\ttry {\n\t\tconst parsed = JSON.parse(text);\n\t\treturn parsed && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;\n\t} catch {\n\t\treturn undefined;\n\t}",
		replace:
			"\tconst parsed = JSON.parse(text);\n\treturn parsed && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;",
		// The trigger's randomized run accepts only the error each injected fault causes.
		tests: [randomized],
	},
	// Items, pairing, Continue On Fail
	{
		id: 'continue-on-fail-ignored',
		promise: 'With Continue On Fail the item gets error fields instead and the run goes on',
		file: 'nodes/Printio/helpers/execution.ts',
		find: '\t\t\tif (this.continueOnFail()) {\n\t\t\t\toutput.push(errorItem(error, [itemIndex], this.getNode()));',
		replace:
			'\t\t\tif (false) {\n\t\t\t\toutput.push(errorItem(error, [itemIndex], this.getNode()));',
		tests: [
			{
				file: 'test/nodes/Printio/Printio.node.originalItem.workflow.test.ts',
				names: ['with Continue On Fail, goes on after a failed item'],
			},
		],
	},
	{
		id: 'paired-item-wrong',
		promise:
			'Every list operation outputs one item per record, paired with the input item it came from',
		file: 'nodes/Printio/helpers/execution.ts',
		find: 'output.push({ json, pairedItem: { item: itemIndex } });',
		replace: 'output.push({ json, pairedItem: { item: 0 } });',
		tests: [
			{
				file: 'test/nodes/Printio/Printio.node.catalog.workflow.test.ts',
				names: ['runs once per input item, pairing each output with its input'],
			},
		],
	},
	// Return All and Limit
	{
		id: 'return-all-extra-page',
		promise: 'Return All makes exactly ceil(total / 30) requests',
		file: `${transport}/pagination.ts`,
		find: 'const rest = Array.from({ length: pagesWanted - 1 }, (_, index) => index + 2);',
		replace: 'const rest = Array.from({ length: pagesWanted }, (_, index) => index + 2);',
		tests: [
			{
				file: 'test/nodes/Printio/actions/order/getMany.operation.reads.workflow.test.ts',
				names: [
					'Return All walks every page at the floor of requests, in order, without duplicates',
				],
			},
		],
	},
	{
		id: 'limit-reads-full-pages',
		promise: 'Limit asks only for what it needs (a limit of 10 is one request with limit=10)',
		file: `${transport}/pagination.ts`,
		find: 'const pageSize = Math.min(PAGE_SIZE_MAX, wanted);',
		replace: 'const pageSize = PAGE_SIZE_MAX;',
		tests: [
			{
				file: 'test/nodes/Printio/actions/order/getMany.operation.reads.workflow.test.ts',
				names: ['Limit asks only for the pages it needs'],
			},
		],
	},
	// Orders: placement (README "Never order twice", Concurrency)
	{
		id: 'placement-goes-on-after-failure',
		promise: 'Without Continue On Fail, no new order starts after a failed one',
		file: 'nodes/Printio/placement/placement.ts',
		find: '\t\t\tif (settings.stopOnFirstError) stopped = true;\n',
		replace: '',
		tests: [
			{
				file: 'test/nodes/Printio/placement/placement.workflow.test.ts',
				names: [
					'without Continue On Fail, starts no new order after a failure and says which orders were placed',
				],
			},
		],
	},
	{
		id: 'placement-no-wait-before-lookup',
		promise:
			'After an unknown outcome the node waits, then looks the order up before sending it once more',
		file: 'nodes/Printio/placement/placement.ts',
		find: '\t\t\tawait sleep(pause);\n',
		replace: '',
		// The second test's lower bounds on the pauses: the first alone can pass without pauses on a loaded machine,
		// where four back-to-back lookups may span the 2 s (measured once under a load of 7).
		tests: [
			{
				file: 'test/nodes/Printio/placement/placement.lateCommit.workflow.test.ts',
				names: [
					'finds an order registered 2 s after the connection dropped, and does not send it again',
					'sends once more only after every lookup of the wait found nothing',
				],
			},
		],
	},
	{
		id: 'placement-concurrency-uncapped',
		promise: 'Concurrency at most 8, whatever the option (an expression) asks for',
		file: 'nodes/Printio/placement/placement.ts',
		find: 'Math.min(MAX_CONCURRENCY, Math.max(1, Math.floor(Number(value) || 1)));',
		replace: 'Math.max(1, Math.floor(Number(value) || 1));',
		tests: [
			{
				file: 'test/nodes/Printio/placement/placement.workflow.test.ts',
				names: ['never has more than 8 requests in flight, even when an expression asks for more'],
			},
		],
	},
	// Orders: validate everything first, normalise
	{
		id: 'invalid-order-sent-anyway',
		promise: 'Without Continue On Fail nothing at all is sent when any order is invalid',
		file: 'nodes/Printio/placement/prepare.ts',
		find: 'if (invalid.length && !run.continueOnFail && !run.validateOnly)\n\t\tthrow invalidOrdersError.call(run.context, invalid, catalog.unchecked);\n',
		replace: '',
		tests: [
			{
				file: 'test/nodes/Printio/checks/catalogMatch.workflow.test.ts',
				names: [
					'without Continue On Fail, one unknown colour on one line of a batch of 5 stops the run before any order is sent',
				],
			},
		],
	},
	{
		id: 'invalid-orders-named-one-at-a-time',
		promise: 'One run reports every problem of every invalid order, not the first order alone',
		file: 'nodes/Printio/placement/answer.ts',
		find: 'if (invalid.length === 1) return withUnread(invalidOrderError.call(this, invalid[0]));',
		replace: 'return withUnread(invalidOrderError.call(this, invalid[0]));',
		tests: [
			{
				file: 'test/nodes/Printio/placement/createOrders.everyProblem.workflow.test.ts',
				names: [
					'a batch of 3 orders with 5 different mistakes: one error names all of them, and no order is sent',
				],
			},
		],
	},
	{
		id: 'zip-full-width-kept',
		promise: 'Normalize Input turns full-width zip codes into half-width digits',
		file: 'nodes/Printio/orderInput/normalize.ts',
		find: "\tlet value = runStep(input, rules, 'fullWidthToHalfWidth', fullWidthAsciiToHalfWidth);\n\tvalue = runStep(value, rules, 'hyphenUnified', unifyAllHyphens);\n\tvalue = runStep(value, rules, 'trimmed', (text) => text.trim());\n\tvalue = runStep(value, rules, 'zipCodeDigitsOnly',",
		replace:
			"\tlet value = input;\n\tvalue = runStep(value, rules, 'hyphenUnified', unifyAllHyphens);\n\tvalue = runStep(value, rules, 'trimmed', (text) => text.trim());\n\tvalue = runStep(value, rules, 'zipCodeDigitsOnly',",
		tests: [{ file: 'test/nodes/Printio/orderInput/normalize.test.ts' }],
	},
	// Orders: Validate Only and Check Stock First
	{
		id: 'validate-only-places',
		promise: 'Validate Only sends nothing to an order endpoint',
		file: 'nodes/Printio/placement/createOrders.ts',
		find: 'validateOnly: options.validateOnly === true,',
		replace: "validateOnly: options.validateOnly === 'planted',",
		tests: [
			{
				file: 'test/nodes/Printio/placement/answer.validateOnly.workflow.test.ts',
				names: [
					'outputs per order the request, problems, quote and stock, and sends nothing to an order endpoint',
				],
			},
		],
	},
	{
		id: 'quote-without-size-price',
		promise: "Validate Only quotes (item price + the size's additional price) × quantity",
		file: 'nodes/Printio/checks/quote.ts',
		find: 'amount: (item.price + additional) * line.quantity',
		replace: 'amount: item.price * line.quantity',
		tests: [
			{
				file: 'test/nodes/Printio/placement/answer.validateOnly.workflow.test.ts',
				names: [
					'outputs per order the request, problems, quote and stock, and sends nothing to an order endpoint',
				],
			},
		],
	},
	{
		id: 'stock-check-skipped',
		promise: 'Check Stock First refuses orders with lines out of stock before anything is sent',
		file: 'nodes/Printio/placement/createOrders.ts',
		find: 'checkStock: options.checkStock === true,',
		replace: "checkStock: options.checkStock === 'planted',",
		tests: [
			{
				file: 'test/nodes/Printio/checks/stockPreflight.workflow.test.ts',
				names: [
					'without Continue On Fail, refuses before anything is sent, naming the order and the stock figures',
				],
			},
		],
	},
	{
		id: 'stock-refused-sent-anyway',
		promise: 'An order refused for stock is never sent, also with Continue On Fail',
		file: 'nodes/Printio/placement/check.ts',
		find: 'const passed = design.passed.filter((order) => !refused.some((entry) => entry.order === order));',
		replace: 'const passed = design.passed;',
		tests: [
			{
				file: 'test/nodes/Printio/checks/stockPreflight.workflow.test.ts',
				names: [
					'with Continue On Fail, places the others and returns the refused order as an error item with its stock',
				],
			},
		],
	},
	{
		id: 'stock-refuses-registered-order',
		promise:
			'Check Stock First returns an order placed by an earlier run as already registered, not refused',
		file: 'nodes/Printio/checks/stockPreflight.ts',
		find: ' && !stock.registered.has(entry.order.body.ec_order_no)',
		replace: '',
		tests: [
			{
				file: 'test/nodes/Printio/checks/stockPreflight.workflow.test.ts',
				names: [
					'returns an order placed by an earlier run as already registered, even when its stock is gone now',
				],
			},
		],
	},
	{
		id: 'shop-sender-mixed-with-order-sender',
		promise:
			"The order's own sender wins over the credential's Shop Sender as a whole, never mixed field by field",
		file: 'nodes/Printio/orderInput/defaults.ts',
		find: '\t\tif (given === undefined || addressGiven(own)) continue;',
		replace:
			'\t\tif (given === undefined) continue;\n\t\tif (addressGiven(own)) {\n\t\t\tresult[key] = { ...given, ...own };\n\t\t\tcontinue;\n\t\t}',
		tests: [
			{
				file: 'test/nodes/Printio/orderInput/read/fromParameters.workflow.test.ts',
				names: [
					"an order's own sender on the node wins, whole: nothing of the credential's is mixed in",
				],
			},
		],
	},
	{
		id: 'shop-sender-problem-without-credential-field',
		promise:
			"A part missing from the credential's Shop Sender is reported naming the credential's field",
		file: 'nodes/Printio/orderInput/pipeline.ts',
		find: '? inShopSender(entry)\n\t\t\t\t: entry',
		replace: '? entry\n\t\t\t\t: entry',
		tests: [
			{
				file: 'test/nodes/Printio/orderInput/read/fromParameters.workflow.test.ts',
				names: [
					"a missing part of the credential's sender is reported naming the credential's field; no shop data in any message",
				],
			},
		],
	},
	// Printio Trigger
	{
		id: 'trigger-asks-from-now',
		promise: 'The trigger asks from a little before the last change it emitted (not from "now")',
		file: statusPoll,
		// Asks from "now" once a cursor is stored: when the API's clock equals the real one, both queries coincide.
		find: '\tconst records = await readStatuses(api, settings, queryStartMs(state, settings.overlapMs));',
		replace:
			'\tconst records = await readStatuses(api, settings, staticData.cursor ? Math.max(state.floor, nowMs - settings.overlapMs) : queryStartMs(state, settings.overlapMs));',
		tests: [
			{
				file: 'test/nodes/PrintioTrigger/statusPoll.workflow.test.ts',
				names: ['an idle poll costs exactly one request'],
			},
		],
	},
	{
		id: 'trigger-cursor-moved-before-orders-read',
		promise:
			'A failed poll emits nothing and moves nothing (failure while reading the full orders)',
		file: statusPoll,
		find: '\tconst items = await toItems(api, settings, result.changes);',
		replace:
			'\tstaticData.cursor = { ...result.next };\n\tconst items = await toItems(api, settings, result.changes);',
		tests: [
			{
				file: 'test/nodes/PrintioTrigger/statusPoll.workflow.test.ts',
				names: ['a failure while reading the full orders also emits nothing and moves nothing'],
			},
		],
	},
	{
		id: 'trigger-failed-poll-moves-mark',
		promise: 'A failed poll moves nothing (failure of the status read itself)',
		file: statusPoll,
		find: '\tconst records = await readStatuses(api, settings, queryStartMs(state, settings.overlapMs));',
		replace:
			'\tstaticData.cursor = { ...state, mark: state.mark + 1000 };\n\tconst records = await readStatuses(api, settings, queryStartMs(state, settings.overlapMs));',
		tests: [randomized],
	},
	{
		id: 'trigger-repeats-emitted-change',
		promise: 'Each change exactly once: the trigger drops what it already emitted',
		file: 'nodes/PrintioTrigger/cursor.ts',
		find: '\t\tif (ids?.has(id)) continue;\n',
		replace: '',
		tests: [
			{
				file: 'test/nodes/PrintioTrigger/statusPoll.workflow.test.ts',
				names: ['emits changes of many orders within the same second once each, oldest first'],
			},
		],
	},
	{
		id: 'trigger-manual-moves-cursor',
		promise: 'Fetch Test Event (manual mode) leaves the stored cursor alone',
		file: trigger,
		find: '\t\t\treturn await fetchTestEvent.call(this, settings);\n\t\t}',
		replace: '\t\t}',
		tests: [
			{
				file: 'test/nodes/PrintioTrigger/statusPoll.workflow.test.ts',
				names: ['returns the latest matching change and leaves the stored cursor alone'],
			},
		],
	},
	{
		id: 'trigger-iso-without-offset',
		promise: 'The trigger emits ISO timestamps with offsets, whatever the workflow time zone',
		file: 'nodes/shared/printio/time.ts',
		find: '${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;',
		replace: '${pad(w.second)}`;',
		tests: [
			{
				file: 'test/nodes/PrintioTrigger/statusPoll.workflow.test.ts',
				names: ['converts the API time to ISO with offset, whatever the workflow time zone'],
			},
		],
	},
	// Order placement under n8n's error output, and the design preflight of Create With Images
	{
		id: 'order-failures-on-success-output',
		promise:
			'With On Error › Continue (using error output) failed orders leave by the error output, placed ones by the success output',
		file: 'nodes/Printio/placement/answer.ts',
		find: 'outcome.order.sourceIndexes[0]),\n\t\toutcome.order.sourceIndexes,\n\t\tthis.getNode(),\n\t);',
		replace: 'outcome.order.sourceIndexes[0]),\n\t\toutcome.order.sourceIndexes,\n\t);',
		tests: [
			{
				file: 'test/nodes/Printio/placement/createOrders.errorOutput.workflow.test.ts',
				names: [
					'Order › Create: placed orders on the success output, every failed one on the error output',
				],
			},
		],
	},
	{
		id: 'order-design-refused-still-sent',
		promise:
			'Order › Create With Images: nothing is sent for an order whose design fails the preflight',
		file: 'nodes/Printio/placement/check.ts',
		find: 'const passed = design.passed.filter(',
		replace: 'const passed = prepared.orders.filter(',
		tests: [
			{
				file: 'test/nodes/Printio/checks/designPreflight.workflow.test.ts',
				names: [
					'one bad design among several orders: without Continue On Fail no order is sent; with it, only that order (and its repeat) fails',
				],
			},
		],
	},
];
