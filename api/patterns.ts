/**
 * The formats the Printio API 1.4.2 checks, as JSON Schema patterns (strings): the contract's schemas use them
 * as they are, node code compiles them with `new RegExp(...)`, so the two can never drift.
 */
import { PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, ZIP_CODE_DIGITS } from './limits';

/**
 * Date-times carry no zone: Asia/Tokyo wall time, `YYYY-MM-DD HH:mm:ss` (the contract's schemas).
 * @public
 */
export const DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';
/** ec_order_date of POST /order-by-code: the date-only form. */
export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
export const ZIP_CODE_PATTERN = `^[0-9]{${ZIP_CODE_DIGITS}}$`;
export const PHONE_NUMBER_PATTERN = `^[0-9]{${PHONE_DIGITS_MIN},${PHONE_DIGITS_MAX}}$`;
/**
 * A pragmatic mail address check (one @, a dot in the domain, no spaces): old Japanese carrier addresses
 * (`a..b.@docomo.ne.jp`) are not RFC-valid but deliverable.
 */
export const MAIL_ADDRESS_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** http(s) URL. */
export const URL_PATTERN = '^https?://[^\\s]+$';
/**
 * http(s) URL of a png, jpg (jpeg) or pdf file (POST /original-item), case-insensitive extension: the extension
 * ends the path, so a query string may follow it but cannot supply it (`https://x.com/a?file.png` is refused).
 */
export const IMAGE_URL_PATTERN =
	'^https?://[^\\s?#]+\\.([pP][nN][gG]|[jJ][pP][eE]?[gG]|[pP][dD][fF])([?#][^\\s]*)?$';
/**
 * Colour hex value, `#` optional (the contract's schemas).
 * @public
 */
export const HEX_COLOR_PATTERN = '^#?[0-9A-Fa-f]{6}$';
