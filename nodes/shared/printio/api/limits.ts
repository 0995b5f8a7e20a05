/** Sizes the Printio API 1.4.2 allows (spec 4 and 8); the contract's schemas and the node's checks use these. */

/** `limit` of a paginated read: 1..30, 25 when absent. */
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 30;
export const PAGE_SIZE_DEFAULT = 25;

/** Characters. */
export const EC_ORDER_NO_MAX_LENGTH = 50;
export const EC_ORDER_DETAIL_NO_MAX_LENGTH = 50;
export const EC_ORIGINAL_ITEM_CODE_MAX_LENGTH = 50;
export const ORIGINAL_ITEM_NAME_MAX_LENGTH = 255;
