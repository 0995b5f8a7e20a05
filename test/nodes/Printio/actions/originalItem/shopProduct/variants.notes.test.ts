/** The notes Shop Product gives name what the editor shows: a parameter the user can find where it says. */
import type { INodeProperties } from 'n8n-workflow';

import type { OriginalItem } from '../../../../../../api/schema/types';
import { planVariants } from '../../../../../../nodes/Printio/actions/originalItem/shopProduct/variants';
import { Printio } from '../../../../../../nodes/Printio/Printio.node';

describe('Shop Product notes', () => {
	it("an item without an EC code: the note names Order › Create's Print Item Code Is and its option as shown", () => {
		const record = {
			original_item_code: 't0100003',
			ec_original_item_code: null,
			item_code: 'MUG-410',
			image_urls: [],
			colors: {},
			sizes: { values: [{ name: '330ml', details: [] }] },
		} as unknown as OriginalItem;
		const [note] = planVariants(record, undefined, 'japanese').notes;
		expect(note).toBe(
			"Original item t0100003 has no EC original item code: its SKUs carry Printio's original item code, so set Print Item Code Is to Original Item Code on Order › Create.",
		);
		// Top-level on Order › Create in the shop input modes, not inside a collection.
		const properties = new Printio().description.properties as INodeProperties[];
		const field = properties.find(
			(property) =>
				property.displayName === 'Print Item Code Is' &&
				property.displayOptions?.show?.operation?.includes('create') &&
				property.displayOptions?.show?.inputMode?.includes('shopifyOrder'),
		);
		expect(field?.options?.map((option) => (option as { name: string }).name)).toContain(
			'Original Item Code',
		);
	});
});

describe('Shop Product notes: a colour without a design image of its own', () => {
	const record = (imageUrls: unknown) =>
		({
			original_item_code: 't0100004',
			ec_original_item_code: 'TEE-1',
			item_code: 'TEE-410',
			image_urls: imageUrls,
			colors: {
				values: [
					{ name: 'ホワイト', mfr_color_name: 'White', hex: '#fff' },
					{ name: 'ブラック', mfr_color_name: 'Black', hex: '#000' },
				],
			},
			sizes: { values: [{ name: 'M', details: [] }] },
		}) as unknown as OriginalItem;
	const colourNotes = (plan: { notes: string[] }) =>
		plan.notes.filter((note) => note.startsWith('Colour '));

	it("is noted when the product has another image, and its variants show the product's first image", () => {
		const plan = planVariants(
			record([{ color_name: 'ホワイト', url: 'https://example.com/white.png' }]),
			undefined,
			'japanese',
		);
		expect(colourNotes(plan)).toEqual([
			"Colour ブラック has no design image of its own: its variants show the product's first image.",
		]);
		expect(plan.variants.map((variant) => variant.image)).toEqual([
			'https://example.com/white.png',
			'https://example.com/white.png',
		]);
	});

	it('is not noted when the product has no image at all: an image entry with an empty URL is none', () => {
		const plan = planVariants(record([{ color_name: 'ホワイト', url: '' }]), undefined, 'japanese');
		expect(plan.images).toEqual([]);
		expect(colourNotes(plan)).toEqual([]);
		expect(plan.variants.every((variant) => variant.image === undefined)).toBe(true);
	});
});
