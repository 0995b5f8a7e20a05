/** Parameter helpers (helpers/parameters.ts): retailer override, compacting, lists, numbers and resource locators. */
import fc from 'fast-check';
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	compact,
	EC_CODE_MODE,
	getListParameters,
	lineOriginalItem,
	locatorMode,
	locatorValue,
	optionalNumber,
	resolveApiTimeZone,
	resolveRetailerId,
	splitList,
} from '../../../../nodes/Printio/helpers/parameters';
import { CONNECTION, NODE } from '../../shared/printio/transport/fakeContext';

const context = (parameters: Record<string, unknown> = {}) =>
	({
		getNode: () => NODE,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
	}) as unknown as IExecuteFunctions;

describe('resolveRetailerId', () => {
	it("takes the Options override when set, else the credential's retailer", () => {
		expect(resolveRetailerId.call(context(), 0, {}, CONNECTION)).toBe(7);
		for (const unset of [undefined, null, ''])
			expect(resolveRetailerId.call(context(), 0, { retailerId: unset }, CONNECTION)).toBe(7);
		expect(resolveRetailerId.call(context(), 0, { retailerId: 12 }, CONNECTION)).toBe(12);
		expect(resolveRetailerId.call(context(), 0, { retailerId: '1' }, CONNECTION)).toBe(1);
	});

	it.each([0, -3, 1.5, 'abc', NaN])('refuses %p, naming the item and the fix', (retailerId) => {
		let thrown: unknown;
		try {
			resolveRetailerId.call(context(), 4, { retailerId }, CONNECTION);
		} catch (error) {
			thrown = error;
		}
		expect(thrown).toBeInstanceOf(NodeOperationError);
		const error = thrown as NodeOperationError;
		expect(error.message).toBe('Retailer ID must be a whole number of 1 or more');
		expect(error.description).toBe(
			"Set Retailer ID in the Printio credential, or in the operation's options.",
		);
		expect(error.context.itemIndex).toBe(4);
	});

	it('refuses a credential without a usable retailer when nothing overrides it', () => {
		expect(() =>
			resolveRetailerId.call(context(), 0, {}, { ...CONNECTION, retailerId: 0 }),
		).toThrow('Retailer ID must be a whole number of 1 or more');
		expect(() =>
			resolveRetailerId.call(context(), 0, {}, { ...CONNECTION, retailerId: NaN }),
		).toThrow('Retailer ID must be a whole number of 1 or more');
	});
});

describe('compact', () => {
	it('drops undefined, null and empty text, and keeps every other value', () => {
		expect(
			compact({ a: undefined, b: null, c: '', d: 0, e: false, f: ' ', g: [], h: {} }),
		).toStrictEqual({ d: 0, e: false, f: ' ', g: [], h: {} });
		expect(compact({})).toStrictEqual({});
	});
});

describe('splitList', () => {
	it('splits text at commas and trims, dropping empty parts', () => {
		expect(splitList(' a, b,,c , ')).toStrictEqual(['a', 'b', 'c']);
		expect(splitList('')).toStrictEqual([]);
		expect(splitList(undefined)).toStrictEqual([]);
		expect(splitList(null)).toStrictEqual([]);
		expect(splitList(42)).toStrictEqual(['42']);
	});

	it('trims the elements of an array without splitting them', () => {
		expect(splitList([' a,b ', '', 3, '  '])).toStrictEqual(['a,b', '3']);
	});

	it('gives back the trimmed non-empty parts of any list', () => {
		fc.assert(
			fc.property(fc.array(fc.string().filter((s) => !s.includes(','))), (parts) => {
				expect(splitList(parts.join(','))).toStrictEqual(
					parts.map((p) => p.trim()).filter((p) => p !== ''),
				);
			}),
		);
	});
});

describe('getListParameters', () => {
	it('reads Return All and Limit of the item, with 50 when Limit is unset', () => {
		expect(getListParameters.call(context({ returnAll: true, limit: 5 }), 0)).toStrictEqual({
			returnAll: true,
			limit: Infinity,
		});
		expect(getListParameters.call(context({ returnAll: false, limit: 5 }), 0)).toStrictEqual({
			returnAll: false,
			limit: 5,
		});
		expect(getListParameters.call(context({}), 0)).toStrictEqual({ returnAll: false, limit: 50 });
	});
});

describe('optionalNumber', () => {
	it('reads numbers and numeric text; unset or non-finite values are undefined', () => {
		expect(optionalNumber(3)).toBe(3);
		expect(optionalNumber('2.5')).toBe(2.5);
		expect(optionalNumber(0)).toBe(0);
		expect(optionalNumber('0')).toBe(0);
		for (const none of [undefined, null, '', 'abc', Infinity, NaN])
			expect(optionalNumber(none)).toBeUndefined();
	});
});

describe('locatorValue', () => {
	it("reads a resource locator's value, or a plain string or number, trimmed; '' otherwise", () => {
		expect(locatorValue({ __rl: true, mode: 'list', value: ' TS-1 ' })).toBe('TS-1');
		expect(locatorValue({ mode: 'id', value: 12 })).toBe('12');
		expect(locatorValue({ mode: 'id', value: null })).toBe('');
		expect(locatorValue({ mode: 'id', value: undefined })).toBe('');
		expect(locatorValue(' TS-2 ')).toBe('TS-2');
		expect(locatorValue(5)).toBe('5');
		expect(locatorValue({ mode: 'id' })).toBe('');
		for (const none of [undefined, null, '', true, ['x']]) expect(locatorValue(none)).toBe('');
	});
});

describe('locatorMode', () => {
	it("reads a resource locator's mode; undefined for anything else", () => {
		expect(locatorMode({ mode: 'ecCode', value: 'x' })).toBe('ecCode');
		expect(locatorMode({ mode: 3 })).toBe('3');
		expect(locatorMode({ value: 'x' })).toBeUndefined();
		expect(locatorMode('ecCode')).toBeUndefined();
		expect(locatorMode(null)).toBeUndefined();
		expect(locatorMode(undefined)).toBeUndefined();
	});
});

describe('lineOriginalItem', () => {
	it("names Printio's code in every mode but By EC Code, which names the shop's", () => {
		expect(EC_CODE_MODE).toBe('ecCode');
		expect(lineOriginalItem({ mode: 'ecCode', value: ' SKU-1 ' })).toStrictEqual({
			ec_original_item_code: 'SKU-1',
		});
		expect(lineOriginalItem({ mode: 'list', value: 'OI-1' })).toStrictEqual({
			original_item_code: 'OI-1',
		});
		expect(lineOriginalItem('OI-2')).toStrictEqual({ original_item_code: 'OI-2' });
	});

	it('leaves the code undefined when none is set', () => {
		expect(lineOriginalItem({ mode: 'ecCode', value: '' })).toStrictEqual({
			ec_original_item_code: undefined,
		});
		expect(lineOriginalItem(undefined)).toStrictEqual({ original_item_code: undefined });
	});
});

describe('resolveApiTimeZone: the API Time Zone option of every order operation', () => {
	it('is Asia/Tokyo when unset, and the zone as typed with its spaces trimmed', () => {
		for (const unset of [undefined, null, ''])
			expect(resolveApiTimeZone.call(context(), 0, { apiTimeZone: unset })).toBe('Asia/Tokyo');
		expect(resolveApiTimeZone.call(context(), 0, { apiTimeZone: ' UTC ' })).toBe('UTC');
		expect(resolveApiTimeZone.call(context(), 0, { apiTimeZone: 'Europe/Berlin' })).toBe(
			'Europe/Berlin',
		);
	});

	it('refuses an unknown zone by the field name, on the item that gave it', () => {
		let error: unknown;
		try {
			resolveApiTimeZone.call(context(), 3, { apiTimeZone: 'Mars/Olympus' });
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as NodeOperationError).message).toBe(
			'API Time Zone "Mars/Olympus" is not a known time zone',
		);
		expect((error as NodeOperationError).context.itemIndex).toBe(3);
		expect((error as NodeOperationError).description).toBe(
			'Use an IANA time zone name such as Asia/Tokyo.',
		);
	});
});
