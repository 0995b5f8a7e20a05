import {
	control,
	jsonOf,
	placeOrderDirect,
	receivedRequests,
	runPrintio,
	useSandbox,
} from '../../setup';

const sandbox = useSandbox();
const placed: string[] = [];

beforeAll(async () => {
	await control(sandbox(), 'POST', '/reset');
	await control(sandbox(), 'POST', '/time', { set: '2026-11-21 10:00:00', freeze: true });
	for (let n = 1; n <= 65; n++) {
		placed.push(await placeOrderDirect(sandbox(), `BULK-${String(n).padStart(3, '0')}`));
		await control(sandbox(), 'POST', '/time', { advanceSeconds: 1 });
	}
	await placeOrderDirect(sandbox(), 'OTHER-RETAILER', 'sandbox-key-retailer-2', 2);
});

beforeEach(async () => await control(sandbox(), 'DELETE', '/requests'));

describe('Order › Get Many', () => {
	it('Return All walks every page at the floor of requests, in order, without duplicates', async () => {
		const orders = jsonOf(
			await runPrintio(sandbox(), { resource: 'order', operation: 'getMany', returnAll: true }),
		);
		const requests = await receivedRequests(sandbox());
		const total = orders.length;
		expect(total).toBeGreaterThanOrEqual(65);
		expect(requests).toHaveLength(Math.ceil(total / 30));
		expect(requests.map((request) => request.query.page).sort()).toEqual(
			Array.from({ length: Math.ceil(total / 30) }, (_, index) => String(index + 1)).sort(),
		);
		expect(requests.every((request) => request.query.limit === '30')).toBe(true);
		expect(new Set(orders.map((order) => order.order_no)).size).toBe(total);
		const bulk = orders
			.filter((order) => String(order.ec_order_no).startsWith('BULK-'))
			.map((order) => order.order_no);
		expect(bulk).toEqual(placed);
		expect(orders.some((order) => order.ec_order_no === 'OTHER-RETAILER')).toBe(false);
	});

	it('Limit asks only for the pages it needs', async () => {
		const ten = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: false,
				limit: 10,
			}),
		);
		expect(ten).toHaveLength(10);
		let requests = await receivedRequests(sandbox());
		expect(requests.map((request) => request.query.limit)).toEqual(['10']);

		await control(sandbox(), 'DELETE', '/requests');
		const many = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: false,
				limit: 45,
			}),
		);
		expect(many).toHaveLength(45);
		requests = await receivedRequests(sandbox());
		expect(requests).toHaveLength(2);
	});

	it('simplified orders leave out the address blocks; raw ones keep them', async () => {
		const [simple] = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: false,
				limit: 1,
			}),
		);
		expect(simple).not.toHaveProperty('shipping_information');
		expect(simple).toEqual(
			expect.objectContaining({
				order_no: expect.any(String),
				order_status_name: expect.any(String),
			}),
		);
		const [raw] = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: false,
				limit: 1,
				simplify: false,
			}),
		);
		expect(raw).toHaveProperty('shipping_information.zip_code');
	});

	it("converts the date filters from the workflow's time zone to the API's (Tokyo) wall time", async () => {
		await runPrintio(
			sandbox(),
			{
				resource: 'order',
				operation: 'getMany',
				returnAll: true,
				filters: { dateTimeFrom: '2026-11-21T02:00:30', dateTimeTo: '2026-11-21T03:00:00+01:00' },
			},
			{ timezone: 'Europe/Berlin' },
		);
		const [request] = await receivedRequests(sandbox());
		expect(request.query.date_time_from).toBe('2026-11-21 10:00:30');
		expect(request.query.date_time_to).toBe('2026-11-21 11:00:00');
	});

	it('returns the orders registered in a range, and several order numbers at once', async () => {
		const inRange = jsonOf(
			await runPrintio(
				sandbox(),
				{
					resource: 'order',
					operation: 'getMany',
					returnAll: true,
					filters: { dateTimeFrom: '2026-11-21 10:00:10', dateTimeTo: '2026-11-21 10:00:14' },
				},
				{ timezone: 'Asia/Tokyo' },
			),
		);
		expect(inRange.map((order) => order.ec_order_no)).toEqual([
			'BULK-011',
			'BULK-012',
			'BULK-013',
			'BULK-014',
			'BULK-015',
		]);
		const byNumbers = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getMany',
				returnAll: true,
				filters: { orderNo: `${placed[3]}, ${placed[7]}` },
			}),
		);
		expect(byNumbers.map((order) => order.order_no).sort()).toEqual([placed[3], placed[7]].sort());
	});

	it('sends no start date when an order number is given, and a default start otherwise', async () => {
		await runPrintio(sandbox(), {
			resource: 'order',
			operation: 'getMany',
			returnAll: true,
			filters: { ecOrderNo: 'BULK-001' },
		});
		await runPrintio(sandbox(), {
			resource: 'order',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
		});
		const [byNumber, plain] = await receivedRequests(sandbox());
		expect(byNumber.query).not.toHaveProperty('date_time_from');
		expect(plain.query.date_time_from).toBe('2000-01-01 00:00:00');
	});
});

describe('Order › Get Statuses', () => {
	it('returns the status records of orders changed in the range', async () => {
		await control(sandbox(), 'POST', '/time', { set: '2026-11-21 12:00:00' });
		await control(sandbox(), 'POST', `/orders/${placed[0]}/status`, { status_id: 3 });
		const records = jsonOf(
			await runPrintio(
				sandbox(),
				{
					resource: 'order',
					operation: 'getStatuses',
					filters: { dateTimeFrom: '2026-11-21 11:59:59' },
				},
				{ timezone: 'Asia/Tokyo' },
			),
		);
		expect(records).toEqual([
			expect.objectContaining({
				order_no: placed[0],
				status_id: 3,
				updated_at: '2026-11-21 12:00:00',
			}),
		]);
	});

	it('asks for a start date or an order number before sending anything', async () => {
		const result = await runPrintio(sandbox(), {
			resource: 'order',
			operation: 'getStatuses',
			filters: {},
		});
		expect(result.error?.message).toBe('Set Status Changed After, or an order number');
		expect(await receivedRequests(sandbox())).toHaveLength(0);
	});

	it('gives one record per shipment with MultiItemOrder', async () => {
		const records = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'order',
				operation: 'getStatuses',
				filters: { orderNo: placed[1] },
				options: { multiItemOrder: true },
			}),
		);
		expect(records.length).toBeGreaterThanOrEqual(1);
		expect(records.every((record) => typeof record.shipping_id === 'string')).toBe(true);
		const [request] = await receivedRequests(sandbox());
		expect(request.headers['x-feature-flags']).toBe('MultiItemOrder');
	});
});
