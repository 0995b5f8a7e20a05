import { callNodeMethod, scanForSecrets } from '../../harness';
import {
	control,
	credentialsFor,
	jsonOf,
	receivedRequests,
	resetSandbox,
	runPrintio,
	useSandbox,
} from './setup';

const sandbox = useSandbox();

beforeEach(async () => await resetSandbox(sandbox()));

const create = (overrides: Record<string, unknown> = {}) => ({
	resource: 'originalItem',
	operation: 'create',
	itemCode: { __rl: true, mode: 'list', value: 'OGB-910' },
	// A real design file (the sandbox's), since Create checks the design first (preflight, on by default).
	imageUrl: `${sandbox().url}/_sandbox/designs/tshirt-ok.png`,
	options: { ecOriginalItemCode: 'EC-NEW-1', originalItemName: '新しいデザイン' },
	...overrides,
});

describe('Original Item › Create', () => {
	it('creates an original item that Get Many then finds', async () => {
		const [created] = jsonOf(await runPrintio(sandbox(), create()));
		expect(created).toEqual(
			expect.objectContaining({
				original_item_code: expect.any(String),
				ec_original_item_code: 'EC-NEW-1',
				status_code: 0,
			}),
		);
		// The preflight read the item's print area first (GET /items), then the create went out.
		const [itemRead, request] = await receivedRequests(sandbox());
		expect(itemRead.path).toBe('/items');
		expect(request.body).toEqual({
			retailer_id: 1,
			item_code: 'OGB-910',
			ec_original_item_code: 'EC-NEW-1',
			original_item_name: '新しいデザイン',
			image_urls: [{ position: 'front', url: `${sandbox().url}/_sandbox/designs/tshirt-ok.png` }],
		});
		const found = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'originalItem',
				operation: 'getMany',
				returnAll: true,
				filters: { ecOriginalItemCode: 'EC-NEW-1' },
			}),
		);
		expect(found).toEqual([
			expect.objectContaining({
				original_item_code: created.original_item_code,
				item_code: 'OGB-910',
				original_item_name: '新しいデザイン',
			}),
		]);
	});

	it('reports a reused EC original item code as a duplicate (15)', async () => {
		const result = await runPrintio(
			sandbox(),
			create({ options: { ecOriginalItemCode: 'EC-TS-0001' } }),
		);
		expect(result.error?.message).toMatch(/^Duplicate \(Printio status 15\)/);
		expect(result.error?.description).toMatch(/Get Many/);
	});

	it.each(['https://example.com/design.gif', 'https://x.com/a?file.png', 'https://x.com/a#b.pdf'])(
		'refuses a design that is not png, jpg or pdf (%s) before sending anything',
		async (imageUrl) => {
			const result = await runPrintio(sandbox(), create({ imageUrl }));
			expect(result.error?.message).toMatch(/PNG, JPG or PDF/);
			expect(await receivedRequests(sandbox())).toHaveLength(0);
		},
	);

	it('reports an unknown item code as the API does (status 1, no data), as an error of the create', async () => {
		const result = await runPrintio(
			sandbox(),
			create({ itemCode: { __rl: true, mode: 'code', value: 'NOPE-1' } }),
		);
		expect(result.error?.message).toMatch(/^No data \(Printio status 1\): .*item_code/);
	});

	it('with Continue On Fail, goes on after a failed item', async () => {
		const result = await runPrintio(
			sandbox(),
			create({ options: { ecOriginalItemCode: '={{ $json.code }}' } }),
			{ continueOnFail: true, input: [{ code: 'EC-TS-0001' }, { code: 'EC-FRESH-2' }] },
		);
		const out = jsonOf(result);
		expect(out[0].error).toMatch(/Duplicate/);
		expect(out[1]).toEqual(
			expect.objectContaining({ ec_original_item_code: 'EC-FRESH-2', status_code: 0 }),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([[{ item: 0 }], { item: 1 }]);
	});
});

describe('Original Item › Get Many', () => {
	it('lists the retailer’s own original items only, sorted as asked', async () => {
		const byName = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'originalItem',
				operation: 'getMany',
				returnAll: true,
				options: { sortValue: 'original_item_name' },
			}),
		);
		expect(byName.length).toBeGreaterThanOrEqual(5);
		expect(byName.some((item) => item.original_item_code === 't0100006')).toBe(false);
		const names = byName.map((item) => String(item.original_item_name));
		expect(names).toEqual([...names].sort());
		const [request] = await receivedRequests(sandbox());
		expect(request.query.sort_value).toBe('original_item_name');
	});

	it('filters by item code and category', async () => {
		const mugs = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'originalItem',
				operation: 'getMany',
				returnAll: true,
				filters: { itemCode: 'MUG-410' },
			}),
		);
		expect(mugs.map((item) => item.original_item_code)).toEqual(['t0100003']);
		const one = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'originalItem',
				operation: 'getMany',
				returnAll: true,
				filters: {
					originalItemCode: { __rl: true, mode: 'list', value: 't0100002' },
					itemCode: { __rl: true, mode: 'code', value: '' },
				},
			}),
		);
		expect(one.map((item) => item.original_item_code)).toEqual(['t0100002']);
		expect((await receivedRequests(sandbox())).at(-1)!.query).not.toHaveProperty('item_code');
	});

	it('searches original items for the locator', async () => {
		const found = await callNodeMethod({
			node: { type: 'printio', parameters: { resource: 'originalItem', operation: 'getMany' } },
			credentials: { printioApi: credentialsFor(sandbox()) as never },
			kind: 'listSearch',
			method: 'searchOriginalItems',
			filter: 'マグ',
		});
		expect(found.results).toEqual([{ name: '富士山マグカップ (t0100003)', value: 't0100003' }]);
	});
});

describe('Simulator › Get URL', () => {
	it('returns a simulator URL that the sandbox serves', async () => {
		const [answer] = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'simulator',
				operation: 'getUrl',
				itemCode: { __rl: true, mode: 'code', value: 'OGB-910' },
				previousUrl: 'https://shop.example.com/back',
				nextUrl: 'https://shop.example.com/done',
			}),
		);
		expect(answer.status_code).toBe(0);
		const page = await fetch(String(answer.simulator_url));
		expect(page.status).toBe(200);
		expect(await page.text()).toContain('https://shop.example.com/back');
	});
});

describe('User › Check Exists', () => {
	it('sends the mail address in the MailAddress header and never echoes it in errors', async () => {
		const [found] = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'user',
				operation: 'checkExists',
				mailAddress: 'taro.yamada@example.com',
			}),
		);
		expect(found.is_user_exists).toBe(true);
		const [missing] = jsonOf(
			await runPrintio(sandbox(), {
				resource: 'user',
				operation: 'checkExists',
				mailAddress: 'nobody@example.com',
			}),
		);
		expect(missing.is_user_exists).toBe(false);
		const requests = await receivedRequests(sandbox());
		expect(requests[0].headers.mailaddress).toBe('taro.yamada@example.com');
		const invalid = await runPrintio(sandbox(), {
			resource: 'user',
			operation: 'checkExists',
			mailAddress: 'not-a-mail',
		});
		expect(invalid.error?.message).toBe('Email is not a valid mail address');
		expect(scanForSecrets(invalid.error, ['not-a-mail'])).toEqual([]);
		await control(sandbox(), 'DELETE', '/requests');
	});
});
