/**
 * Where a product's colours and sizes come from, as the catalog match reads them: the original item's own lists,
 * else its design images (colours), else the catalog item; each name once, nameless entries dropped; a size's
 * surcharge read from the original item or the catalog, a blank or non-number surcharge counted as none.
 */
import type { Item, OriginalItem } from '../../../../../../api/schema/types';
import {
	DEFAULT_PRODUCT_SETTINGS,
	productDraft,
} from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/product';

const base = {
	original_item_code: 't1',
	ec_original_item_code: 'EC-1',
	item_code: 'OGB-910',
	original_item_name: 'Design',
};
const color = (name: string, mfr?: string) => ({
	name,
	...(mfr ? { mfr_color_name: mfr } : {}),
	hex: '#000000',
});
const draftOf = (record: object, catalog: object = { code: 'OGB-910', price: 1000 }) =>
	productDraft(
		{ ...base, ...record } as unknown as OriginalItem,
		catalog as unknown as Item,
		DEFAULT_PRODUCT_SETTINGS,
	);
const skus = (draft: ReturnType<typeof draftOf>) => draft.variants.map((variant) => variant.sku);

describe('colours', () => {
	it("an item without its own colour list takes its design images' colours, each with its image", () => {
		const draft = draftOf({
			image_urls: [
				{ color_name: '白', mfr_color_name: 'White', url: 'https://img.example/w.png' },
				{ color_name: '黒', mfr_color_name: 'Black', url: 'https://img.example/b.png' },
			],
		});
		expect(skus(draft)).toEqual(['EC-1~White~', 'EC-1~Black~']);
		expect(draft.variants.map((variant) => variant.image)).toEqual([
			'https://img.example/w.png',
			'https://img.example/b.png',
		]);
	});

	it("with neither, the catalog item's colours", () => {
		const draft = draftOf(
			{},
			{ code: 'OGB-910', price: 1000, colors: { values: [color('赤', 'Red')] } },
		);
		expect(skus(draft)).toEqual(['EC-1~Red~']);
		expect(draft.options).toEqual([{ name: 'Color', values: ['赤'] }]);
	});

	it('a colour listed twice is one option value, and a nameless one none', () => {
		const draft = draftOf({
			colors: { values: [color('白', 'White'), color(''), color('白', 'White')] },
		});
		expect(draft.options).toEqual([{ name: 'Color', values: ['白'] }]);
		expect(skus(draft)).toEqual(['EC-1~White~']);
	});

	it('no colour and no size: one variant with no option, colour, size or image', () => {
		const [variant] = draftOf({}).variants;
		expect(variant).toStrictEqual({ sku: 'EC-1~~', options: [], price: 1000 });
	});
});

describe('sizes', () => {
	const sizes = (values: Array<{ name: string; additional_price?: string }>, catalog?: object) =>
		draftOf({ sizes: { values } }, { code: 'OGB-910', price: 1000, ...catalog }).variants.map(
			(variant) => [variant.sku, variant.price],
		);

	it("a size's surcharge is added; a blank, spaces or a non-number adds nothing", () => {
		expect(
			sizes([
				{ name: 'S', additional_price: '300' },
				{ name: 'M', additional_price: '' },
				{ name: 'L', additional_price: '  ' },
				{ name: 'XL', additional_price: 'free' },
				{ name: 'XXL' },
			]),
		).toEqual([
			['EC-1~~S', 1300],
			['EC-1~~M', 1000],
			['EC-1~~L', 1000],
			['EC-1~~XL', 1000],
			['EC-1~~XXL', 1000],
		]);
	});

	it("a size without its own surcharge takes the catalog's; a size listed twice or nameless is dropped", () => {
		expect(
			sizes([{ name: 'L' }, { name: '' }, { name: 'L' }], {
				sizes: { values: [{ name: 'L', additional_price: '200' }] },
			}),
		).toEqual([['EC-1~~L', 1200]]);
	});

	it("an item without its own size list takes the catalog's sizes", () => {
		expect(
			draftOf(
				{},
				{
					code: 'OGB-910',
					price: 1000,
					sizes: { values: [{ name: 'F', additional_price: '50' }] },
				},
			).variants.map((variant) => [variant.sku, variant.price, variant.size]),
		).toEqual([['EC-1~~F', 1050, { name: 'F', surcharge: 50 }]]);
	});
});
