/**
 * How wide an address line is as the spec counts it (address1/address2: 16 full-width or 32 half-width units,
 * `LIMITS.addressWidth`), and where a line is cut at a width. One rule for the node's checks and overflow policy
 * and for the sandbox, which cuts an over-wide line as the service may.
 */

/**
 * Width as the spec counts it: half-width characters 1 (ASCII and half-width katakana ｱ..ﾟ, half-width
 * forms ￨..￮), everything else 2 (kana, kanji, full-width forms, other scripts, emoji). Counted per code point.
 */
export function addressWidth(text: string): number {
	let width = 0;
	for (const ch of text) width += charWidth(ch);
	return width;
}

function charWidth(ch: string): number {
	const code = ch.codePointAt(0) ?? 0;
	if (code < 0x80) return 1;
	if (code >= 0xff61 && code <= 0xff9f) return 1;
	if (code >= 0xffe8 && code <= 0xffee) return 1;
	return 2;
}

/**
 * Splits text so that `head` is as long as possible with width <= limit, at a character (code point) boundary,
 * never inside a surrogate pair. `tail` is the rest.
 */
export function splitAtWidth(text: string, limit: number): { head: string; tail: string } {
	let width = 0;
	let index = 0;
	for (const ch of text) {
		const next = width + charWidth(ch);
		if (next > limit) break;
		width = next;
		index += ch.length;
	}
	return { head: text.slice(0, index), tail: text.slice(index) };
}
