// Spec 2.6: 16 full-width or 32 half-width; half-width = ASCII, ｱ..ﾟ and ￨..￮, per code point.
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
