import fc from 'fast-check';

import {
	readVariantSku,
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
});
