// Shops send slugs or manufacturer names (README); a value matching two catalog names is refused, never guessed.

export interface CatalogName {
	name: string;
	// spec 2.1 mfr_color_name, which Printio accepts too
	manufacturerName?: string;
}

export type CatalogMatchRule = 'catalogNameFolded' | 'manufacturerColorName';

export const CATALOG_RULE_MESSAGES: Readonly<Record<CatalogMatchRule, string>> = {
	catalogNameFolded:
		"replaced by the name the item's catalog record lists (case, width, spaces or slug form differed)",
	manufacturerColorName:
		"replaced the manufacturer's colour name (or its slug) by the colour name the item's catalog record lists",
};

export type CatalogMatch =
	| { kind: 'exact'; name: string }
	| { kind: 'matched'; name: string; rule: CatalogMatchRule }
	| { kind: 'none'; ambiguous: boolean };

export function foldCatalogName(value: string): string {
	return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

// WooCommerce stores non-ASCII slugs percent-encoded.
export function slugCatalogName(value: string): string {
	let text = value;
	try {
		text = decodeURIComponent(text);
	} catch {
		// `100%`: taken as it is.
	}
	return foldCatalogName(text).replace(/[\s\-_‐‑‒–—―−]+/g, '');
}

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

export function describeCatalogNames(names: readonly CatalogName[]): string {
	return names
		.map((entry) =>
			entry.manufacturerName && entry.manufacturerName !== entry.name
				? `${entry.name} (${entry.manufacturerName})`
				: entry.name,
		)
		.join(', ');
}
