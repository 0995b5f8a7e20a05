// Spec 2.6, 4 and 8.

/** @public */
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 30;
/** @public */
export const PAGE_SIZE_DEFAULT = 25;

// Lengths in code points.
export const EC_ORDER_NO_MAX_LENGTH = 50;
export const EC_ORDER_DETAIL_NO_MAX_LENGTH = 50;
export const EC_ORDER_DATE_MAX_LENGTH = 50;
export const EC_ORIGINAL_ITEM_CODE_MAX_LENGTH = 50;
export const ORIGINAL_ITEM_NAME_MAX_LENGTH = 255;

const ADDRESS_WIDTH_MAX = 32;
export const ZIP_CODE_DIGITS = 7;
export const PHONE_DIGITS_MIN = 10;
export const PHONE_DIGITS_MAX = 15;
export const QUANTITY_MIN = 1;
export const RETAILER_ID_MIN = 1;

export const LIMITS = {
	ecOrderNo: EC_ORDER_NO_MAX_LENGTH,
	ecOrderDetailNo: EC_ORDER_DETAIL_NO_MAX_LENGTH,
	ecOrderDate: EC_ORDER_DATE_MAX_LENGTH,
	ecOriginalItemCode: EC_ORIGINAL_ITEM_CODE_MAX_LENGTH,
	originalItemName: ORIGINAL_ITEM_NAME_MAX_LENGTH,
	addressWidth: ADDRESS_WIDTH_MAX,
	zipCodeDigits: ZIP_CODE_DIGITS,
	phoneDigitsMin: PHONE_DIGITS_MIN,
	phoneDigitsMax: PHONE_DIGITS_MAX,
	quantityMin: QUANTITY_MIN,
	retailerIdMin: RETAILER_ID_MIN,
} as const;
