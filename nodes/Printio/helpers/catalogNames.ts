/**
 * The catalog match of a line's colour and size (README "Colours and sizes are matched to the catalog"): shops
 * send what they store (WooCommerce slugs `white`, `m`, `heather-grey`; Shopify's `White / M` split by a
 * mapping; the manufacturer's name), Printio accepts only the names its catalog lists. Pure and independent of
 * the input mode: every order of Order › Create and Create With Images passes through it before sending
 * (checks/catalogCheck.ts, after readOrderInput).
 *
 * Tiers, the first that finds something wins:
 * 1. exact: the catalog name (or, for colours, the manufacturer's name, which Printio accepts too);
 * 2. folded: equal after Unicode NFKC (full/half width, half-width katakana), trimming, one space for runs of
 *    spaces, and ignoring case;
 * 3. slug: equal after folding, percent-decoding (WooCommerce stores non-ASCII slugs percent-encoded) and
 *    ignoring spaces, hyphens and underscores (`heather-grey` → Heather Grey, `iphone-15-pro` → iPhone 15 Pro).
 * A tier that finds two different catalog names finds nothing: the value is ambiguous and is refused.
 */

/** One name the catalog lists, with the other names Printio accepts for it (the manufacturer's colour name). */
export interface CatalogName {
	name: string;
	/** The manufacturer's colour name (spec 2.1 `mfr_color_name`), when the catalog gives one. */
	manufacturerName?: string;
}

export type CatalogMatchRule = 'catalogNameFolded' | 'manufacturerColorName';

/** What each rule did, for the item's list of normalisations (never the value). */
export const CATALOG_RULE_MESSAGES: Readonly<Record<CatalogMatchRule, string>> = {
	catalogNameFolded:
		"replaced by the name the item's catalog record lists (case, width, spaces or slug form differed)",
	manufacturerColorName:
		"replaced the manufacturer's colour name (or its slug) by the colour name the item's catalog record lists",
};

export type CatalogMatch =
	/** The value is a catalog name as it is: nothing changes. */
	| { kind: 'exact'; name: string }
	/** The value stands for this catalog name; `rule` says why (reported as a normalisation). */
	| { kind: 'matched'; name: string; rule: CatalogMatchRule }
	/** No catalog name fits, or several do (`ambiguous`): the order is refused before sending. */
	| { kind: 'none'; ambiguous: boolean };

/** Folded form: NFKC, trimmed, one space for each run of white space, lower case. */
export function foldCatalogName(value: string): string {
	return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Slug form: folded, percent-decoded, without spaces, hyphens and underscores. */
export function slugCatalogName(value: string): string {
	let text = value;
	try {
		text = decodeURIComponent(text);
	} catch {
		// Not valid percent-encoding (`100%`): the text is taken as it is.
	}
	return foldCatalogName(text).replace(/[\s\-_‐‑‒–—―−]+/g, '');
}

/** The catalog name a shop's value stands for. */
export function matchCatalogName(value: string, names: readonly CatalogName[]): CatalogMatch {
	if (names.some((entry) => entry.name === value)) return { kind: 'exact', name: value };
	const byManufacturer = names.filter((entry) => entry.manufacturerName === value);
	if (byManufacturer.length) return single(byManufacturer, 'manufacturerColorName');
	for (const form of [foldCatalogName, slugCatalogName]) {
		const key = form(value);
		if (key === '') return { kind: 'none', ambiguous: false };
		const byName = names.filter((entry) => form(entry.name) === key);
		if (byName.length) return single(byName, 'catalogNameFolded');
		const byMfr = names.filter(
			(entry) => entry.manufacturerName !== undefined && form(entry.manufacturerName) === key,
		);
		if (byMfr.length) return single(byMfr, 'manufacturerColorName');
	}
	return { kind: 'none', ambiguous: false };
}

function single(found: readonly CatalogName[], rule: CatalogMatchRule): CatalogMatch {
	const distinct = [...new Set(found.map((entry) => entry.name))];
	return distinct.length === 1
		? { kind: 'matched', name: distinct[0], rule }
		: { kind: 'none', ambiguous: true };
}

/** The names to list in a refusal: `ホワイト (White)`. */
export function describeCatalogNames(names: readonly CatalogName[]): string {
	return names
		.map((entry) =>
			entry.manufacturerName && entry.manufacturerName !== entry.name
				? `${entry.name} (${entry.manufacturerName})`
				: entry.name,
		)
		.join(', ');
}
