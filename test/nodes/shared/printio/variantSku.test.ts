import fc from 'fast-check';

import {
	readVariantSku,
	skuCodeOf,
	skuSegment,
	variantSku,
	withVariantSku,
} from '../../../../nodes/shared/printio/variantSku';

describe('variant SKU form', () => {
	it('names the code, the colour and the size, spaces as hyphens', () => {
		expect(variantSku('EC-TS-0001', 'Heather Grey', 'M')).toBe('EC-TS-0001~Heather-Grey~M');
		expect(variantSku('EC-MUG-1', undefined, '330ml')).toBe('EC-MUG-1~~330ml');
		expect(readVariantSku('EC-TS-0001~Heather-Grey~M')).toEqual({
			code: 'EC-TS-0001',
			color: 'Heather-Grey',
			size: 'M',
		});
		expect(readVariantSku('EC-MUG-1~~330ml')).toEqual({ code: 'EC-MUG-1', size: '330ml' });
		expect(readVariantSku('EC-X~~')).toEqual({ code: 'EC-X' });
	});

	it.each(['EC-TS-0001', 'A~B', 'A~B~C~D', '~White~M', 'TS/2024/01'])(
		'reads a SKU of another form (%s) as the code itself, as before',
		(sku) => expect(readVariantSku(sku)).toEqual({ code: sku }),
	);

	it('gives back the code of any SKU it made (property)', () => {
		const part = fc.string({ maxLength: 12 }).filter((text) => !text.includes('~'));
		fc.assert(
			fc.property(
				part.filter((text) => text.trim() !== '' && text.trim() === text),
				fc.option(part, { nil: undefined }),
				fc.option(part, { nil: undefined }),
				(code, color, size) => {
					expect(readVariantSku(variantSku(code, color, size)).code).toBe(code);
				},
			),
		);
	});

	it("fills a line's missing parts from the SKU, never replacing the shop's own", () => {
		const line = { codes: { sku: 'EC-1~White~M' }, color: 'ホワイト', size: undefined };
		expect(withVariantSku(line)).toEqual({
			codes: { sku: 'EC-1' },
			color: 'ホワイト',
			size: 'M',
		});
		// A one-option title ("M") holds the value by position: the SKU says which part it is.
		expect(
			withVariantSku({
				codes: { sku: 'EC-1~~M' },
				color: 'M',
				size: undefined,
				singleOption: 'M',
			}),
		).toEqual({ codes: { sku: 'EC-1' }, color: undefined, size: 'M' });
		const bare = { codes: { sku: 'EC-1' }, color: undefined, size: undefined };
		expect(withVariantSku(bare)).toBe(bare);
	});

	it('a segment is NFKC, trimmed, with "~" and each run of whitespace as one hyphen', () => {
		expect(skuSegment('Ｈｅａｔｈｅｒ　Ｇｒｅｙ')).toBe('Heather-Grey');
		expect(skuSegment('  Heather \t Grey  ')).toBe('Heather-Grey');
		expect(skuSegment('S~M')).toBe('S-M');
		expect(skuSegment(undefined)).toBe('');
	});

	it("the code is the EC code trimmed, else Printio's code when the EC code is missing or blank", () => {
		expect(skuCodeOf({ original_item_code: 't1', ec_original_item_code: ' EC-1 ' })).toEqual({
			code: 'EC-1',
			kind: 'ecOriginalItemCode',
		});
		for (const ec of [null, undefined, '', '   '])
			expect(skuCodeOf({ original_item_code: 't1', ec_original_item_code: ec })).toEqual({
				code: 't1',
				kind: 'originalItemCode',
			});
	});

	it('reads parts padded with spaces trimmed; a blank code is no variant SKU, a blank part is none', () => {
		expect(readVariantSku(' EC-1 ~ White ~ M ')).toEqual({
			code: 'EC-1',
			color: 'White',
			size: 'M',
		});
		expect(readVariantSku('   ~White~M')).toEqual({ code: '   ~White~M' });
		expect(readVariantSku('EC-1~ ~ ')).toEqual({ code: 'EC-1' });
		expect(readVariantSku('EC-1~ ~M')).toEqual({ code: 'EC-1', size: 'M' });
	});
});
