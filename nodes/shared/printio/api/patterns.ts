/**
 * The formats the Printio API 1.4.2 checks, as JSON Schema patterns (strings): the contract's schemas use them
 * as they are, node code compiles them with `new RegExp(...)`.
 */

/** Date-times carry no zone: Asia/Tokyo wall time, `YYYY-MM-DD HH:mm:ss`. */
export const DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';
export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
export const ZIP_CODE_PATTERN = '^[0-9]{7}$';
export const PHONE_NUMBER_PATTERN = '^[0-9]{10,15}$';
/** A pragmatic mail address check (one @, a dot in the domain, no spaces). */
export const MAIL_ADDRESS_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** http(s) URL. */
export const URL_PATTERN = '^https?://[^\\s]+$';
/** http(s) URL of a png, jpg (jpeg) or pdf file, case-insensitive extension, optional query string. */
export const IMAGE_URL_PATTERN =
	'^https?://[^\\s?#]+\\.([pP][nN][gG]|[jJ][pP][eE]?[gG]|[pP][dD][fF])([?#][^\\s]*)?$';
export const HEX_COLOR_PATTERN = '^#?[0-9A-Fa-f]{6}$';
