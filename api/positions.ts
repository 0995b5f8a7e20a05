/**
 * Where a design goes on an item and which images each place takes (POST /orders/order-with-image,
 * `image_urls.values[].position` and `.urls[].type`): the contract's schemas, the node's checks, its form and its
 * columns all read them here.
 */

/** Print positions; which ones an item accepts depends on the item (its printable sides). */
export const PRINT_POSITIONS = ['front', 'back', 'left', 'right'] as const;
/** The image of a position: the print data (Output) and its preview (Thumbnail). */
export const IMAGE_URL_TYPES = ['Output', 'Thumbnail'] as const;

export interface ImageSlot {
	position: (typeof PRINT_POSITIONS)[number];
	type: (typeof IMAGE_URL_TYPES)[number];
}

/** Every image URL of a line, position by position (front Output, front Thumbnail, back Output, …). */
export const IMAGE_SLOTS: readonly ImageSlot[] = PRINT_POSITIONS.flatMap((position) =>
	IMAGE_URL_TYPES.map((type) => ({ position, type })),
);
