/**
 * The options both order-placing operations share, each tested ON the operation given (Order › Create and
 * Order › Create With Images call this from their own test files): every test runs the operation once with the
 * option and once without, and asserts what the sandbox received (or the output), so that an operation that
 * ignores the option fails. Through n8n-core against the sandbox.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox/server';
import { orderByCodeParameters } from '../../fixtures';
import {
	control,
	KEY_1,
	KEY_2,
	type LoggedRequest,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from '../../setup';

export type OrderOperationName = 'create' | 'createWithImages';

export const PLACEMENT_PATH: Record<OrderOperationName, string> = {
	create: '/order-by-code',
	createWithImages: '/orders/order-with-image',
};

/** Starts the file's sandbox (reset before each test) and returns the helpers its tests share. */
export function orderOperationHarness(operation: OrderOperationName) {
	const sandbox = useSandbox();
	beforeEach(async () => {
		await resetSandbox(sandbox());
		await control(sandbox(), 'DELETE', '/design-requests');
	});
	const placementPath = PLACEMENT_PATH[operation];
	const designUrl = (name: string) => `${sandbox().url}/_sandbox/designs/${name}`;

	/**
	 * The operation's parameters: one order per input item (EC order number `$json.ec`), one line of the item's
	 * `$json.qty` (default 1) in white M; Create names original item t0100001 (retailer 1's OGB-910), Create With
	 * Images catalog item OGB-910 with a design exactly its print area, served by the sandbox.
	 */
	const parameters = (
		options: IDataObject = {},
		overrides: INodeParameters = {},
	): INodeParameters => {
		const quantity = '={{ $json.qty ?? 1 }}';
		const line =
			operation === 'create'
				? {
						originalItemCode: '={{ $json.code ?? "t0100001" }}',
						color: 'ホワイト',
						size: 'M',
						quantity,
						ecOrderDetailNo: '={{ $json.detail ?? "1" }}',
					}
				: {
						itemCode: '={{ $json.item ?? "OGB-910" }}',
						color: 'ホワイト',
						size: 'M',
						quantity,
						ecOrderDetailNo: '={{ $json.detail ?? "1" }}',
						frontOutputUrl: designUrl('2205x2756.png'),
					};
		return {
			...orderByCodeParameters('={{ $json.ec }}'),
			operation,
			lines: { line: [line] },
			options,
			...overrides,
		} as INodeParameters;
	};

	const requests = async (): Promise<LoggedRequest[]> => await receivedRequests(sandbox());
	const placements = async () =>
		(await requests()).filter(
			(request) => request.method === 'POST' && request.path === placementPath,
		);
	const routes = async () =>
		(await requests()).map((request) => `${request.method} ${request.path}`);
	const clearLog = async () => await control(sandbox(), 'DELETE', '/requests');

	return { sandbox, parameters, placements, routes, requests, clearLog, placementPath, designUrl };
}

/** Sets the stock of one colour and size of a catalog item through the sandbox's control API. */
export async function setStock(
	sandbox: Sandbox,
	itemCode: string,
	colorName: string,
	size: string,
	entry: { stock_quantity?: number | null; is_orderable?: boolean },
) {
	const response = await fetch(`${sandbox.url}/item-stocks`, {
		method: 'POST',
		headers: {
			accept: 'application/json',
			'content-type': 'application/json',
			'Printio-Api-Subscription-Key': KEY_1,
		},
		body: JSON.stringify({ retailer_id: 1, item_code: itemCode }),
	});
	const { item_stocks } = (await response.json()) as { item_stocks: IDataObject[] };
	const found = item_stocks.find((stock) => stock.color_name === colorName && stock.size === size);
	if (!found) throw new Error(`no stock entry ${itemCode} ${colorName} ${size}`);
	await control(sandbox, 'POST', `/stock/${String(found.item_stock_code)}`, entry);
}

const pairedIndexes = (item: { pairedItem?: unknown }) =>
	([] as Array<{ item: number }>)
		.concat(item.pairedItem as { item: number })
		.map((paired) => paired.item);

/** The options whose tests describeSharedOrderOptions registers (each operation's file checks its option list). */
export const SHARED_OPTIONS_TESTED = [
	'retailerId',
	'multiItemOrder',
	'groupByEcOrderNo',
	'validateOnly',
	'checkStock',
	'checkDuplicates',
	'lateCommitWaitSeconds',
	'concurrency',
	'addressOverflow',
	'normalize',
	'ecOrderDate',
	'ecOptionalInformation',
	'apiTimeZone',
	'changedRedelivery',
];

/** Registers the tests of every option the two operations share. */
export function describeSharedOrderOptions(operation: OrderOperationName): void {
	const h = orderOperationHarness(operation);
	const run = async (
		options: IDataObject,
		input: IDataObject[],
		extra: Parameters<typeof runPrintio>[2] = {},
		overrides: INodeParameters = {},
	) => await runPrintio(h.sandbox(), h.parameters(options, overrides), { input, ...extra });

	describe(`options shared with the other placing operation, on this one (${operation})`, () => {
		it('Retailer ID: the order is placed for the retailer of the option, not the credential’s', async () => {
			// Retailer 2's key with a credential that says retailer 1: only the option makes the order retailer 2's.
			const code = { code: 't0100006' };
			const withOption = await run({ retailerId: 2 }, [{ ec: 'RID-1', ...code }], {
				key: KEY_2,
				retailerId: 1,
			});
			expect(withOption.error).toBeUndefined();
			const [post] = await h.placements();
			expect(post.body?.retailer_id).toBe(2);
			expect(
				h
					.sandbox()
					.store.orders.ofRetailer(2)
					.filter((order) => order.ec_order_no === 'RID-1'),
			).toHaveLength(1);

			await h.clearLog();
			// Retailer 1's own original item: the catalog match refuses another retailer's before sending.
			await run({}, [{ ec: 'RID-2', code: 't0100001' }], { key: KEY_1, retailerId: 1 });
			expect((await h.placements())[0].body?.retailer_id).toBe(1);

			// 1 is the least retailer ID: 0 and a fraction are refused before anything is sent.
			for (const retailerId of [0, 1.5]) {
				await h.clearLog();
				const refused = await run({ retailerId }, [{ ec: 'RID-3' }]);
				expect(refused.error?.message).toMatch(/Retailer ID must be a whole number of 1 or more/);
				expect(await h.requests()).toEqual([]);
			}
		});

		it('Multi-Item Orders: the placement and its lookups carry X-Feature-Flags: MultiItemOrder only with the option', async () => {
			expect((await run({ multiItemOrder: true }, [{ ec: 'MIO-1' }])).error).toBeUndefined();
			const on = await h.requests();
			const onPost = on.find((request) => request.path === h.placementPath)!;
			expect(onPost.headers['x-feature-flags']).toBe('MultiItemOrder');
			expect(
				on
					.filter((request) => request.path === '/orders')
					.every((request) => request.headers['x-feature-flags'] === 'MultiItemOrder'),
			).toBe(true);

			await h.clearLog();
			expect((await run({}, [{ ec: 'MIO-2' }])).error).toBeUndefined();
			expect(
				(await h.requests()).some((request) => request.headers['x-feature-flags'] !== undefined),
			).toBe(false);
		});

		it('Combine Rows by Order No.: rows of one EC order number become one order of their lines in row order; off, they conflict and nothing is sent', async () => {
			const rows = [
				{ ec: 'CMB-1', detail: 'a', qty: 1 },
				{ ec: 'CMB-2', detail: 'x', qty: 1 },
				{ ec: 'CMB-1', detail: 'b', qty: 3 },
			];
			const combined = await run({ groupByEcOrderNo: true }, rows);
			expect(combined.error).toBeUndefined();
			expect(combined.items.map((item) => item.json.ec_order_no)).toEqual(['CMB-1', 'CMB-2']);
			expect(combined.items.map(pairedIndexes)).toEqual([[0, 2], [1]]);
			const posts = await h.placements();
			const cmb1 = posts.find((post) => post.body?.ec_order_no === 'CMB-1')!;
			expect(
				(cmb1.body?.order_details as IDataObject[]).map((line) => [
					line.ec_order_detail_no,
					line.quantity,
				]),
			).toEqual([
				['a', 1],
				['b', 3],
			]);
			expect(posts).toHaveLength(2);

			// The node's values for what the rows leave empty (here an option set per item) are the first row's.
			await resetSandbox(h.sandbox());
			const noted = await run(
				{ groupByEcOrderNo: true, ecOptionalInformation: '={{ $json.note }}' },
				[
					{ ec: 'CMB-3', detail: 'a', note: 'first' },
					{ ec: 'CMB-3', detail: 'b', note: 'second' },
				],
			);
			expect(noted.error).toBeUndefined();
			expect((await h.placements()).map((post) => post.body?.ec_optional_information)).toEqual([
				'first',
			]);

			await resetSandbox(h.sandbox());
			const separate = await run({}, rows);
			expect(separate.error?.message).toMatch(
				/^Items with item index 0, 2 share EC order number "CMB-1" but are different orders/,
			);
			expect(await h.placements()).toEqual([]);
		});

		it('Continue On Fail: the valid orders are placed and the invalid one is reported in its place; without it nothing is sent', async () => {
			const rows = [{ ec: 'COF-1' }, { ec: 'COF-2', qty: 0 }, { ec: 'COF-3' }];
			const stopped = await run({}, rows);
			expect(stopped.error?.message).toMatch(
				/^Order "COF-2" is invalid: order_details\[0\]\.quantity/,
			);
			expect(await h.placements()).toEqual([]);

			const continued = await run({}, rows, { continueOnFail: true });
			expect(continued.error).toBeUndefined();
			expect(continued.items.map((item) => item.json.ec_order_no)).toEqual([
				'COF-1',
				'COF-2',
				'COF-3',
			]);
			expect(continued.items.map((item) => typeof item.json.order_no)).toEqual([
				'string',
				'undefined',
				'string',
			]);
			expect(String(continued.items[1].json.error)).toMatch(/^Order "COF-2" is invalid/);
			expect((await h.placements()).map((post) => post.body?.ec_order_no).sort()).toEqual([
				'COF-1',
				'COF-3',
			]);
		});

		it('On Error › Continue (using error output): placed orders on output 0, the invalid one on output 1', async () => {
			const result = await run({}, [{ ec: 'EOUT-1' }, { ec: 'EOUT-2', qty: 0 }, { ec: 'EOUT-3' }], {
				onError: 'continueErrorOutput',
			});
			expect(result.error).toBeUndefined();
			const [success, failed] = result.outputs;
			expect(success.map((item) => item.json.ec_order_no)).toEqual(['EOUT-1', 'EOUT-3']);
			expect(success.map(pairedIndexes)).toEqual([[0], [2]]);
			expect(failed.map((item) => String(item.json.error))).toEqual([
				expect.stringMatching(/^Order "EOUT-2" is invalid: order_details\[0\]\.quantity/),
			]);
			expect(failed.map(pairedIndexes)).toEqual([[1]]);
			expect((await h.placements()).map((post) => post.body?.ec_order_no).sort()).toEqual([
				'EOUT-1',
				'EOUT-3',
			]);
		});

		it('Validate Only: outputs the exact request placing sends, and sends nothing to an order endpoint', async () => {
			const dry = await run({ validateOnly: true }, [{ ec: 'VO-1', qty: 2 }]);
			expect(dry.error).toBeUndefined();
			expect(dry.items[0].json).toMatchObject({ validate_only: true, ec_order_no: 'VO-1' });
			expect(
				(await h.requests()).filter(
					(request) => request.method === 'POST' && request.path.startsWith('/order'),
				),
			).toEqual([]);

			expect((await run({}, [{ ec: 'VO-1', qty: 2 }])).error).toBeUndefined();
			const [post] = await h.placements();
			expect(dry.items[0].json.request).toEqual({
				method: 'POST',
				path: h.placementPath,
				body: post.body,
			});
		});

		it('Check Stock First: a line short of stock is refused before sending, with the figures; without it the order is sent', async () => {
			await setStock(h.sandbox(), 'OGB-910', 'ホワイト', 'M', { stock_quantity: 2 });
			await h.clearLog();
			const checked = await run({ checkStock: true }, [{ ec: 'CSF-1', qty: 3 }]);
			expect(checked.error?.message).toBe(
				'Order "CSF-1" is out of stock: order_details[0] OGB-910 ホワイト M: 2 in stock, 3 ordered (nothing was sent)',
			);
			expect(await h.placements()).toEqual([]);
			expect((await h.routes()).filter((route) => route === 'POST /item-stocks')).toHaveLength(1);
			const two = await run({ checkStock: true }, [
				{ ec: 'CSF-1', qty: 3 },
				{ ec: 'CSF-9', qty: 4 },
			]);
			expect(two.error?.message).toBe(
				'Order "CSF-1" is out of stock: order_details[0] OGB-910 ホワイト M: 2 in stock, 3 ordered (1 more order(s) out of stock; nothing was sent)',
			);

			// Exactly the stock is not short.
			expect((await run({ checkStock: true }, [{ ec: 'CSF-2', qty: 2 }])).error).toBeUndefined();
			expect((await h.placements()).map((post) => post.body?.ec_order_no)).toEqual(['CSF-2']);

			await h.clearLog();
			const unchecked = await run({}, [{ ec: 'CSF-3', qty: 3 }]);
			expect(unchecked.error?.message).toMatch(/^Out of stock \(Printio status 13\)/);
			expect((await h.placements()).map((post) => post.body?.ec_order_no)).toEqual(['CSF-3']);
			expect((await h.routes()).filter((route) => route === 'POST /item-stocks')).toEqual([]);

			// An order placed before is answered as registered, not refused for stock gone since; its lookup carries the
			// Multi-Item Orders header with that option, and is not made with Check for Existing Order off.
			await setStock(h.sandbox(), 'OGB-910', 'ホワイト', 'M', { stock_quantity: 0 });
			await h.clearLog();
			const registered = await run({ checkStock: true, multiItemOrder: true }, [{ ec: 'CSF-2' }]);
			expect(registered.items[0].json).toMatchObject({
				ec_order_no: 'CSF-2',
				already_registered: true,
			});
			const lookups = (await h.requests()).filter((request) => request.path === '/orders');
			expect(lookups.length).toBeGreaterThan(0);
			expect(
				lookups.every((request) => request.headers['x-feature-flags'] === 'MultiItemOrder'),
			).toBe(true);
			await h.clearLog();
			const unchecked2 = await run({ checkStock: true, checkDuplicates: false }, [{ ec: 'CSF-2' }]);
			expect(unchecked2.error?.message).toMatch(/^Order "CSF-2" is out of stock/);
			expect((await h.routes()).filter((route) => route === 'GET /orders')).toEqual([]);
		});

		it('Check for Existing Order: on, the EC order number is looked up first and a second run returns the first order; off, no lookup', async () => {
			const first = await run({}, [{ ec: 'CFE-1' }]);
			// Order lookups and placements only (Create With Images also reads the item for the design check).
			const orderRoutes = async () =>
				(await h.routes()).filter(
					(route) => route === 'GET /orders' || route === `POST ${h.placementPath}`,
				);
			expect((await orderRoutes()).slice(0, 2)).toEqual(['GET /orders', `POST ${h.placementPath}`]);
			const again = await run({}, [{ ec: 'CFE-1' }]);
			expect(again.items[0].json).toMatchObject({
				order_no: first.items[0].json.order_no,
				already_registered: true,
			});
			expect(await h.placements()).toHaveLength(1);

			await h.clearLog();
			expect((await run({ checkDuplicates: false }, [{ ec: 'CFE-2' }])).error).toBeUndefined();
			// No lookup before placing; the one after is the check for a duplicate made meanwhile.
			expect(await orderRoutes()).toEqual([`POST ${h.placementPath}`, 'GET /orders']);
		});

		it('Wait Before Resending: after a dropped placement, lookups for the option’s seconds (1 s: one, 2 s: two) before the one resend', async () => {
			for (const [seconds, lookups] of [
				[1, 1],
				[2, 2],
			]) {
				await resetSandbox(h.sandbox());
				await control(h.sandbox(), 'POST', '/faults', {
					route: `POST ${h.placementPath}`,
					kind: 'closeBeforeCommit',
					times: 1,
				});
				const [order] = (await run({ lateCommitWaitSeconds: seconds }, [{ ec: `WBR-${seconds}` }]))
					.items;
				expect(order.json).toMatchObject({ ec_order_no: `WBR-${seconds}`, retried: true });
				const sent = await h.routes();
				const [firstPost, secondPost] = sent.flatMap((route, index) =>
					route === `POST ${h.placementPath}` ? [index] : [],
				);
				expect(sent.slice(firstPost + 1, secondPost)).toEqual(
					Array.from({ length: lookups }, () => 'GET /orders'),
				);
			}
		});

		it('Concurrency: 1 places one order at a time; 3 places up to three at once, never more', async () => {
			const rows = Array.from({ length: 6 }, (_, index) => ({ ec: `CC-${index}` }));
			for (const [concurrency, atMost] of [
				[1, 1],
				[3, 3],
			]) {
				await resetSandbox(h.sandbox());
				// Every answer held back 60 ms, so that orders placed at once overlap at the sandbox.
				await control(h.sandbox(), 'POST', '/faults', {
					route: '*',
					kind: 'delay',
					delayMs: 60,
					times: 0,
				});
				await control(h.sandbox(), 'DELETE', '/stats');
				const result = await run({ concurrency, preflight: false }, rows);
				expect(result.error).toBeUndefined();
				expect(await h.placements()).toHaveLength(6);
				const stats = await control(h.sandbox(), 'GET', '/stats');
				expect(stats.maxInFlight).toBeLessThanOrEqual(atMost);
				if (atMost > 1) expect(stats.maxInFlight).toBeGreaterThan(1);
			}
			// The catalog and stock reads of Validate Only keep to it too: one item's reads at a time with 1.
			const items =
				operation === 'create'
					? [{ code: 't0100001' }, { code: 't0100002' }]
					: [{ item: 'OGB-910' }, { item: 'PKB-110' }, { item: 'OGB-930' }];
			for (const [concurrency, atMost] of [
				[1, 1],
				[3, 3],
			]) {
				await resetSandbox(h.sandbox());
				await control(h.sandbox(), 'POST', '/faults', {
					route: '*',
					kind: 'delay',
					delayMs: 60,
					times: 0,
				});
				await control(h.sandbox(), 'DELETE', '/stats');
				const dry = await run(
					{ concurrency, preflight: false, validateOnly: true },
					items.map((item, index) => ({ ec: `CCV-${index}`, ...item })),
				);
				expect(dry.error).toBeUndefined();
				const stats = await control(h.sandbox(), 'GET', '/stats');
				expect(stats.maxInFlight).toBeLessThanOrEqual(atMost);
				if (atMost > 1) expect(stats.maxInFlight).toBeGreaterThan(1);
			}
		});

		it('Address Overflow: carry into line 2 by default, fail, or send as is', async () => {
			// 17 full-width characters: 34 half-width widths, 2 over the 32 allowed.
			const long = {
				shippingAddress1: 'ああああああああああああああああい',
				shippingAddress2: 'ビル',
			};
			const carried = await run({}, [{ ec: 'AO-1' }], {}, long);
			expect(carried.error).toBeUndefined();
			const shipping = (await h.placements())[0].body?.shipping_information as IDataObject;
			expect([shipping.address1, shipping.address2]).toEqual([
				'ああああああああああああああああ',
				'いビル',
			]);

			await h.clearLog();
			const failed = await run({ addressOverflow: 'fail' }, [{ ec: 'AO-2' }], {}, long);
			expect(failed.error?.message).toMatch(
				/^Order "AO-2" is invalid: shipping_information\.address1/,
			);
			expect(await h.placements()).toEqual([]);

			const asIs = await run({ addressOverflow: 'sendAsIs' }, [{ ec: 'AO-3' }], {}, long);
			expect(asIs.error).toBeUndefined();
			const sentAsIs = (await h.placements())[0].body?.shipping_information as IDataObject;
			expect([sentAsIs.address1, sentAsIs.address2]).toEqual([long.shippingAddress1, 'ビル']);
		});

		it('Normalize Input: full-width digits and hyphens of a zip code are converted by default; off, the order is refused unsent', async () => {
			const fullWidth = {
				shippingZipCode: '１５０－０００１',
				shippingPhoneNumber: '０３－１２３４－５６７８',
			};
			expect((await run({}, [{ ec: 'NI-1' }], {}, fullWidth)).error).toBeUndefined();
			const shipping = (await h.placements())[0].body?.shipping_information as IDataObject;
			expect([shipping.zip_code, shipping.phone_number]).toEqual(['1500001', '0312345678']);

			await h.clearLog();
			const raw = await run({ normalize: false }, [{ ec: 'NI-2' }], {}, fullWidth);
			expect(raw.error?.message).toMatch(
				/^Order "NI-2" is invalid: shipping_information\.zip_code/,
			);
			expect(await h.placements()).toEqual([]);
		});

		it('API Time Zone: a shop timestamp in EC Order Date is sent as its calendar date in that zone (Tokyo by default)', async () => {
			const timestamp = '2025-03-08T20:00:00+00:00';
			expect((await run({ ecOrderDate: timestamp }, [{ ec: 'TZ-1' }])).error).toBeUndefined();
			expect((await h.placements())[0].body?.ec_order_date).toBe('2025-03-09');
			await h.clearLog();
			expect(
				(await run({ ecOrderDate: timestamp, apiTimeZone: 'UTC' }, [{ ec: 'TZ-2' }])).error,
			).toBeUndefined();
			expect((await h.placements())[0].body?.ec_order_date).toBe('2025-03-08');
			await h.clearLog();
			const unknown = await run({ ecOrderDate: timestamp, apiTimeZone: 'Mars/Olympus' }, [
				{ ec: 'TZ-3' },
			]);
			expect(unknown.error?.message).toBe('API Time Zone "Mars/Olympus" is not a known time zone');
			expect(await h.requests()).toEqual([]);
		});

		it('Changed Re-Delivery: by default the registered order with changed_fields; Fail the Item: an error naming the paths; nothing sent', async () => {
			expect((await run({}, [{ ec: 'CRD-1', qty: 2 }])).error).toBeUndefined();
			await h.clearLog();
			const flagged = await run({}, [{ ec: 'CRD-1', qty: 3 }]);
			expect(flagged.items[0].json).toMatchObject({
				already_registered: true,
				changed_fields: ['order_details[0].quantity'],
			});
			const failed = await run({ changedRedelivery: 'error' }, [{ ec: 'CRD-1', qty: 3 }]);
			expect(failed.error?.message).toMatch(
				/^Order "CRD-1" is already registered at Printio as PO\d+, but this delivery differs in order_details\[0\]\.quantity: the change was not applied$/,
			);
			expect(await h.placements()).toEqual([]);
		});

		it('EC Order Date and EC Optional Information are sent as given', async () => {
			expect(
				(
					await run({ ecOrderDate: '2026-11-21', ecOptionalInformation: 'gift wrap' }, [
						{ ec: 'ECD-1' },
					])
				).error,
			).toBeUndefined();
			expect((await h.placements())[0].body).toMatchObject({
				ec_order_date: '2026-11-21',
				ec_optional_information: 'gift wrap',
			});
			await h.clearLog();
			await run({}, [{ ec: 'ECD-2' }]);
			const body = (await h.placements())[0].body!;
			expect(body.ec_order_date ?? null).toBeNull();
			expect(body.ec_optional_information ?? null).toBeNull();
		});
	});
}
