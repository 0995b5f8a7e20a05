/**
 * The design preflight of Create With Images, as a unit: which files are read (Output only, each design once per
 * item's print area, four at a time), the front checked against its item's print area, the reports added to a
 * passed order, and a failed design refusing every order that uses it, with its line and position in the words.
 * The design check itself (nodes/Printio/checks/design) is replaced by a script: what it is asked is recorded.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { preflightOrderDesigns } from '../../../../nodes/Printio/checks/designPreflight';
import type { OrderToPlace } from '../../../../nodes/Printio/placement/placement';
import { preflightDesign, type PreflightSettings } from '../../../../nodes/Printio/checks/design';
import { itemPrintArea } from '../../../../nodes/Printio/checks/design/itemPrintArea';
import type { PrintioApi } from '../../../../nodes/shared/printio/transport';
import { NODE } from '../../shared/printio/transport/fakeContext';

jest.mock('../../../../nodes/Printio/checks/design', () => ({
	...jest.requireActual('../../../../nodes/Printio/checks/design'),
	preflightDesign: jest.fn(),
}));
jest.mock('../../../../nodes/Printio/checks/design/itemPrintArea', () => ({
	itemPrintArea: jest.fn(),
}));

const SETTINGS: PreflightSettings = { rule: 'fit', onTooSmall: 'error' };
const api = { connection: {} } as unknown as PrintioApi;
const context = { getNode: () => NODE } as unknown as IExecuteFunctions;

/** Per URL: a report, or the error the check throws. */
let designs: Record<string, IDataObject | NodeOperationError>;
beforeEach(() => {
	designs = {};
	jest.mocked(itemPrintArea).mockReset();
	jest
		.mocked(itemPrintArea)
		.mockImplementation(async (_api, itemCode) => ({ area: itemCode }) as never);
	jest.mocked(preflightDesign).mockReset();
	jest.mocked(preflightDesign).mockImplementation(async (url: string) => {
		const answer = designs[url];
		if (answer instanceof Error) throw answer;
		return answer ?? { ok: url };
	});
});

type Position = { position: string; urls: Array<{ type: string; url: unknown }> };
const out = (url: unknown) => ({ type: 'Output', url });
const thumb = (url: string) => ({ type: 'Thumbnail', url });
const line = (itemCode: string, values: Position[]) => ({
	item_code: itemCode,
	color: 'W',
	size: 'M',
	quantity: 1,
	image_urls: { values },
});
const order = (
	ec: string,
	index: number,
	lines: Array<ReturnType<typeof line>>,
	annotations?: IDataObject,
): OrderToPlace =>
	({
		sourceIndexes: [index, index + 1],
		body: { retailer_id: 7, ec_order_no: ec, order_details: lines },
		annotations,
	}) as unknown as OrderToPlace;

/** The checks made (in parallel: sorted). */
const checkedUrls = () =>
	jest
		.mocked(preflightDesign)
		.mock.calls.map(([url, area]) => `${url} ${JSON.stringify(area ?? null)}`)
		.sort();

describe('preflightOrderDesigns', () => {
	it("checks each Output file, never a thumbnail or an empty address; the front against its item's print area, other positions by format only", async () => {
		const a = order('A', 2, [
			line('IT-1', [
				{ position: 'front', urls: [thumb('https://d/t.png'), out('https://d/f.png')] },
				{ position: 'back', urls: [out('https://d/b.png'), out(''), out(undefined)] },
			]),
		]);
		const { passed, refused } = await preflightOrderDesigns.call(context, api, [a], SETTINGS);
		expect(refused).toEqual([]);
		expect(checkedUrls()).toEqual(['https://d/b.png null', 'https://d/f.png {"area":"IT-1"}']);
		expect(jest.mocked(itemPrintArea).mock.calls).toEqual([[api, 'IT-1', 7, 2]]);
		expect(
			jest
				.mocked(preflightDesign)
				.mock.calls.find(([url]) => url === 'https://d/f.png')
				?.slice(2),
		).toEqual([SETTINGS, { itemIndex: 2, itemCode: 'IT-1' }]);
		expect(jest.mocked(preflightDesign).mock.contexts[0]).toBe(context);
		expect(passed).toEqual([
			{
				...a,
				annotations: {
					preflight: [
						{ line: 1, position: 'front', ok: 'https://d/f.png' },
						{ line: 1, position: 'back', ok: 'https://d/b.png' },
					],
				},
			},
		]);
	});

	it("adds the reports to the order's annotations, numbering lines from 1; an order without designs passes as it is", async () => {
		const a = order(
			'A',
			0,
			[line('IT-1', []), line('IT-2', [{ position: 'front', urls: [out('https://d/2.png')] }])],
			{ normalized: ['x'] },
		);
		const b = order('B', 3, [
			line('IT-1', [{ position: 'front', urls: [thumb('https://d/t.png')] }]),
		]);
		const c = {
			...order('C', 4, []),
			body: { retailer_id: 7, ec_order_no: 'C' },
		} as unknown as OrderToPlace;
		const { passed } = await preflightOrderDesigns.call(context, api, [a, b, c], SETTINGS);
		expect(passed[0].annotations).toEqual({
			normalized: ['x'],
			preflight: [{ line: 2, position: 'front', ok: 'https://d/2.png' }],
		});
		expect(passed[1]).toBe(b);
		expect(passed[2]).toBe(c);
	});

	it('reads a design once per run for one print area: the same front of one item once, of two items twice, the same back once', async () => {
		const a = order('A', 0, [
			line('IT-1', [
				{ position: 'front', urls: [out('https://d/1.png')] },
				{ position: 'back', urls: [out('https://d/1.png')] },
			]),
		]);
		const b = order('B', 1, [
			line('IT-1', [{ position: 'front', urls: [out('https://d/1.png')] }]),
			line('IT-2', [
				{ position: 'front', urls: [out('https://d/1.png')] },
				{ position: 'back', urls: [out('https://d/1.png')] },
			]),
		]);
		const { passed } = await preflightOrderDesigns.call(context, api, [a, b], SETTINGS);
		expect(checkedUrls()).toEqual([
			'https://d/1.png null',
			'https://d/1.png {"area":"IT-1"}',
			'https://d/1.png {"area":"IT-2"}',
		]);
		expect(passed.map((o) => (o.annotations?.preflight as IDataObject[]).length)).toEqual([2, 3]);
	});

	it('a design shared by several orders is checked for the first that uses it', async () => {
		const a = order('A', 3, [line('IT-1', [{ position: 'back', urls: [out('https://d/s.png')] }])]);
		const b = order('B', 6, [line('IT-2', [{ position: 'back', urls: [out('https://d/s.png')] }])]);
		await preflightOrderDesigns.call(context, api, [a, b], SETTINGS);
		expect(jest.mocked(preflightDesign).mock.calls.map((call) => call[3])).toEqual([
			{ itemIndex: 3, itemCode: 'IT-1' },
		]);
	});

	it('a line without image addresses, or a position without files, has nothing to check', async () => {
		const bare = { item_code: 'IT-1', color: 'W', size: 'M', quantity: 1 };
		const a = order('A', 0, [
			bare as ReturnType<typeof line>,
			line('IT-1', [{ position: 'front' } as Position]),
		]);
		const { passed } = await preflightOrderDesigns.call(context, api, [a], SETTINGS);
		expect(passed).toEqual([a]);
		expect(jest.mocked(preflightDesign)).not.toHaveBeenCalled();
	});

	it('reads at most four designs at a time', async () => {
		let inFlight = 0;
		let most = 0;
		jest.mocked(preflightDesign).mockImplementation(async () => {
			most = Math.max(most, ++inFlight);
			await new Promise((resolve) => setImmediate(resolve));
			inFlight--;
			return {};
		});
		const many = order('A', 0, [
			line(
				'IT-1',
				Array.from({ length: 9 }, (_, i) => ({
					position: 'back',
					urls: [out(`https://d/${i}.png`)],
				})),
			),
		]);
		await preflightOrderDesigns.call(context, api, [many], SETTINGS);
		expect(jest.mocked(preflightDesign)).toHaveBeenCalledTimes(9);
		expect(most).toBe(4);
	});

	it("a design that fails refuses every order that uses it, naming the order, line and position, without the check's prefix", async () => {
		designs['https://d/bad.png'] = new NodeOperationError(
			NODE,
			'Design preflight: too small (100 × 100 px)',
			{ description: 'Ask for a larger file.' },
		);
		const a = order('A', 0, [
			line('IT-1', [{ position: 'front', urls: [out('https://d/ok.png')] }]),
			line('IT-1', [{ position: 'front', urls: [out('https://d/bad.png')] }]),
		]);
		const b = order('B', 5, [
			line('IT-1', [{ position: 'front', urls: [out('https://d/bad.png')] }]),
		]);
		const c = order('C', 7, [
			line('IT-1', [{ position: 'front', urls: [out('https://d/ok.png')] }]),
		]);
		const { passed, refused } = await preflightOrderDesigns.call(context, api, [a, b, c], SETTINGS);
		expect(passed.map((o) => o.body.ec_order_no)).toEqual(['C']);
		expect(refused.map((o) => [o.ok, o.order])).toEqual([
			[false, a],
			[false, b],
		]);
		const errors = refused.map((o) => (o.ok ? undefined : (o.error as NodeOperationError)));
		expect(errors.map((e) => e?.message)).toEqual([
			'Design preflight, order "A" line 2 (front): too small (100 × 100 px)',
			'Design preflight, order "B" line 1 (front): too small (100 × 100 px)',
		]);
		expect(errors.map((e) => e?.context.itemIndex)).toEqual([0, 5]);
		expect(errors.map((e) => e?.description)).toEqual([
			'Ask for a larger file.',
			'Ask for a larger file.',
		]);
		expect(errors[0]).toBeInstanceOf(NodeOperationError);
	});

	it('names the first design of the order that failed; a message without the prefix is kept whole; no description says nothing was sent', async () => {
		designs['https://d/x.png'] = new NodeOperationError(NODE, 'unreachable host');
		designs['https://d/y.png'] = new NodeOperationError(NODE, 'Design preflight: not a PNG');
		const a = order('A', 1, [
			line('IT-1', [{ position: 'back', urls: [out('https://d/x.png')] }]),
			line('IT-1', [{ position: 'back', urls: [out('https://d/y.png')] }]),
		]);
		const { refused } = await preflightOrderDesigns.call(context, api, [a], SETTINGS);
		const [first] = refused;
		expect(first.ok).toBe(false);
		if (first.ok) return;
		expect(first.error.message).toBe('Design preflight, order "A" line 1 (back): unreachable host');
		expect((first.error as NodeOperationError).description).toBe(
			'Nothing was sent to Printio for this order.',
		);
	});

	it('a print area that cannot be read fails the design like the check would', async () => {
		jest.mocked(itemPrintArea).mockRejectedValue(new NodeOperationError(NODE, 'catalog down'));
		const a = order('A', 0, [
			line('IT-1', [{ position: 'front', urls: [out('https://d/f.png')] }]),
		]);
		const { refused } = await preflightOrderDesigns.call(context, api, [a], SETTINGS);
		expect(refused.map((o) => (o.ok ? '' : o.error.message))).toEqual([
			'Design preflight, order "A" line 1 (front): catalog down',
		]);
		expect(jest.mocked(preflightDesign)).not.toHaveBeenCalled();
	});
});
