/**
 * Input Mode Shopify Order / WooCommerce Order: a line's colour and size when the shop gives fewer than two
 * options. Shopify titles a variant with one option by that option alone ("M" on a T-shirt offered in one colour,
 * "330ml" on a mug); a WooCommerce product may have only one of the two attributes. Which part the value is, and
 * the part the line does not give, are told from the original item's catalog record (the colours and sizes the
 * catalog match reads anyway, checks/catalogCheck.ts; one read per item and run):
 *
 * - a single option of unknown role (a one-part variant title; a WooCommerce line whose only product attribute is
 *   neither the colour nor the size attribute) is matched against the item's colours and its sizes with the
 *   catalog rule (helpers/catalogNames.ts); it is the part it matches, and refused when it matches both or neither;
 * - a part the line does not give is the item's only colour (only size) when the item has one;
 * - otherwise the line is refused, naming the value read, what it was tried as and the item's colours and sizes.
 *
 * Never a guess: a value is placed only where the catalog says it belongs. Product data only (variant options and
 * catalog names), never personal data, in the messages.
 */
import type { CatalogName } from '../../helpers/catalogNames';
import { describeCatalogNames, matchCatalogName } from '../../helpers/catalogNames';

/** The colours and sizes of a line's original item, as its catalog record lists them. */
export interface ItemOptions {
	colors: CatalogName[];
	sizes: CatalogName[];
	/** How to name the item in a message: `original item EC-TS-0001 (item 00001-WHT)`. */
	itemLabel: string;
}

/** The options of an original item by the line's code; undefined when they were not read (nothing is resolved). */
export type OptionsOf = (code: string) => ItemOptions | undefined;

/** What a line gives: its colour and size by name or position, or one option whose role the shop does not say. */
export interface LineOptions {
	color: string | undefined;
	size: string | undefined;
	/** A single option of unknown role; `color` / `size` then hold it by position (or nothing). */
	singleOption?: string;
}

/** Where the options come from, for the fix a refusal proposes. */
export type OptionsSource = 'variantTitle' | 'attributes';

export interface OptionsResolution {
	color: string | undefined;
	size: string | undefined;
	/** Why the line cannot be placed as read (without the field, which the caller names). */
	problem?: { message: string; fix: string };
}

/** Does a line need its item's options: one option of unknown role, or a part missing. */
export function needsItemOptions(line: LineOptions): boolean {
	return line.singleOption !== undefined || line.color === undefined || line.size === undefined;
}

const fits = (value: string, names: readonly CatalogName[]) => matchCatalogName(value, names).kind !== 'none';

const FIX: Record<OptionsSource, string> = {
	variantTitle:
		'Give the variant both options ("White / M"), set Shop Order Options › Variant Title: Color Part / Size Part, or give the lines with Overrides › Lines (JSON).',
	attributes:
		'Give the product both attributes (Shop Order Options › Color Attribute / Size Attribute), or give the lines with Overrides › Lines (JSON).',
};

function refusal(message: string, options: ItemOptions, source: OptionsSource, read: LineOptions): OptionsResolution {
	const list = (names: readonly CatalogName[]) => (names.length ? describeCatalogNames(names) : 'none listed');
	return {
		color: read.color,
		size: read.size,
		problem: { message, fix: `The colours of ${options.itemLabel}: ${list(options.colors)}; its sizes: ${list(options.sizes)}. ${FIX[source]}` },
	};
}

/**
 * The colour and size of a line, told from its item's options. Without the options (not read) the line stays as
 * read. A value matched to a part stays as the shop gives it (the catalog match replaces it by the catalog's name
 * and reports that); a part filled in is the catalog's name.
 */
export function resolveLineOptions(line: LineOptions, options: ItemOptions | undefined, source: OptionsSource): OptionsResolution {
	if (options === undefined) return { color: line.color, size: line.size };
	let color = line.color;
	let size = line.size;
	const single = line.singleOption;
	if (single !== undefined) {
		const asColor = fits(single, options.colors);
		const asSize = fits(single, options.sizes);
		if (asColor === asSize) {
			const why = asColor ? 'it is both a colour and a size' : 'it is neither a colour nor a size';
			return refusal(`has one option, "${single}": tried as a colour and as a size of ${options.itemLabel}, ${why}`, options, source, line);
		}
		color = asColor ? single : undefined;
		size = asSize ? single : undefined;
	}
	if (color === undefined && options.colors.length === 1) color = options.colors[0].name;
	if (size === undefined && options.sizes.length === 1) size = options.sizes[0].name;
	// One part known, the other not, and the item has several to choose from: which one cannot be told.
	const missing = color === undefined ? 'colour' : size === undefined ? 'size' : undefined;
	const candidates = missing === 'colour' ? options.colors : options.sizes;
	const known = color !== undefined ? 'colour' : 'size';
	const value = color ?? size;
	if (missing !== undefined && value !== undefined && candidates.length > 1) {
		const given =
			single !== undefined
				? `has one option, "${single}": tried as a colour and as a size, it is a ${known} of ${options.itemLabel}`
				: `has the ${known} "${value}" and no ${missing}`;
		return refusal(`${given}; ${options.itemLabel} comes in several ${missing}s, so which one cannot be told`, options, source, { color, size });
	}
	return { color, size };
}
