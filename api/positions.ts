// POST /orders/order-with-image `image_urls.values[].position` and `.urls[].type`.

// Which positions an item accepts is its printable_sides.
export const PRINT_POSITIONS = ['front', 'back', 'left', 'right'] as const;
export const IMAGE_URL_TYPES = ['Output', 'Thumbnail'] as const;

export interface ImageSlot {
	position: (typeof PRINT_POSITIONS)[number];
	type: (typeof IMAGE_URL_TYPES)[number];
}

export const IMAGE_SLOTS: readonly ImageSlot[] = PRINT_POSITIONS.flatMap((position) =>
	IMAGE_URL_TYPES.map((type) => ({ position, type })),
);
