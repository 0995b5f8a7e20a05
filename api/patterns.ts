// Strings, not RegExps: the contract's JSON Schemas take them as they are.
import { PHONE_DIGITS_MAX, PHONE_DIGITS_MIN, ZIP_CODE_DIGITS } from './limits';

/** @public Asia/Tokyo wall time, no zone. */
export const DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';
// ec_order_date of POST /order-by-code (spec 4.4).
export const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
export const ZIP_CODE_PATTERN = `^[0-9]{${ZIP_CODE_DIGITS}}$`;
export const PHONE_NUMBER_PATTERN = `^[0-9]{${PHONE_DIGITS_MIN},${PHONE_DIGITS_MAX}}$`;
// Not RFC 5322: old carrier addresses (a..b.@docomo.ne.jp) are invalid there but deliverable.
export const MAIL_ADDRESS_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const URL_PATTERN = '^https?://[^\\s]+$';
// The extension must end the path: a query cannot supply it (https://x.com/a?file.png is refused).
export const IMAGE_URL_PATTERN =
	'^https?://[^\\s?#]+\\.([pP][nN][gG]|[jJ][pP][eE]?[gG]|[pP][dD][fF])([?#][^\\s]*)?$';
/** @public */
export const HEX_COLOR_PATTERN = '^#?[0-9A-Fa-f]{6}$';
